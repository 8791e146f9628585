// Reads a Chrome trace-event file and checks it against the format (the JSON Object Format of the
// Trace Event Format document): what every event of each phase must have. The checks are doctest
// CHECKs, so a bad file fails the test that loads it, with the event named.
#pragma once
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "run_program.hpp"
#include "json_support.hpp"

namespace cusim_test {

struct TraceEvent {
  std::string name, cat, ph;
  double ts = 0, dur = 0;
  long pid = 0, tid = 0;
  const Json* args = nullptr;  // the "args" object, or nullptr

  double end() const { return ts + dur; }
  // args.<key> as a string ("" if absent or not a string) or a number (-1 if absent).
  std::string arg(const std::string& key) const {
    const Json* v = args ? find(*args, key) : nullptr;
    return v && v->is_string() ? v->get<std::string>() : "";
  }
  double number(const std::string& key) const {
    const Json* v = args ? find(*args, key) : nullptr;
    return v && v->is_number() ? v->get<double>() : -1;
  }
  // Whether `e` lies within this event's time (to the nanosecond the file is written in).
  bool encloses(const TraceEvent& e) const { return ts <= e.ts + 5e-4 && e.end() <= end() + 5e-4; }
};

struct Trace {
  bool valid = false;  // parsed and every event checked
  Json doc;
  std::vector<TraceEvent> events;                           // all but metadata
  std::map<std::pair<long, long>, std::string> track_names;  // thread_name metadata
  std::map<long, std::string> process_names;
  const Json* other = nullptr;

  std::vector<const TraceEvent*> with_cat(const std::string& cat) const {
    std::vector<const TraceEvent*> out;
    for (const TraceEvent& e : events)
      if (e.cat == cat) out.push_back(&e);
    return out;
  }
  double other_number(const std::string& key) const {
    const Json* v = other ? find(*other, key) : nullptr;
    return v && v->is_number() ? v->get<double>() : -1;
  }
  std::string other_string(const std::string& key) const {
    const Json* v = other ? find(*other, key) : nullptr;
    return v && v->is_string() ? v->get<std::string>() : "";
  }
};

namespace trace_detail {
enum class Type { string, number, array, object };
inline const Json* member(const Json& e, const char* key, Type type) {
  const Json* v = find(e, key);
  if (!v) return nullptr;
  const bool ok = type == Type::string   ? v->is_string()
                  : type == Type::number ? v->is_number()
                  : type == Type::array  ? v->is_array()
                                         : v->is_object();
  return ok ? v : nullptr;
}
}  // namespace trace_detail

// Parses and checks the file at `path`.
inline Trace load_trace(const std::string& path) {
  using trace_detail::member;
  using Value = Json;
  using Type = trace_detail::Type;
  Trace t;
  const std::string text = read_file(path);
  REQUIRE_MESSAGE(!text.empty(), "no trace at ", path);
  try {
    t.doc = Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    FAIL("the trace is not valid JSON: ", e.what());
  }
  REQUIRE(t.doc.is_object());
  const Value* events = member(t.doc, "traceEvents", Type::array);
  REQUIRE_MESSAGE(events, "no traceEvents array");
  const Value* unit = member(t.doc, "displayTimeUnit", Type::string);
  REQUIRE_MESSAGE(unit, "no displayTimeUnit");
  CHECK((unit->get<std::string>() == "ms" || unit->get<std::string>() == "ns"));
  t.other = member(t.doc, "otherData", Type::object);
  REQUIRE_MESSAGE(t.other, "no otherData object");

  std::map<std::pair<long, long>, std::vector<double>> open;  // B/E balance per track
  std::size_t index = 0;
  bool all_ok = true;
  for (const Value& e : *events) {
    const std::string where = "event " + std::to_string(index++);
    REQUIRE_MESSAGE(e.is_object(), where, " is not an object");
    const Value* ph = member(e, "ph", Type::string);
    REQUIRE_MESSAGE(ph, where, " has no \"ph\"");
    TraceEvent ev;
    ev.ph = ph->get<std::string>();
    const Value* name = member(e, "name", Type::string);
    const Value* ts = member(e, "ts", Type::number);
    const Value* pid = member(e, "pid", Type::number);
    const Value* tid = member(e, "tid", Type::number);
    const Value* args = find(e, "args");
    auto require = [&](bool ok, const char* what) {
      CHECK_MESSAGE(ok, where, " (ph ", ev.ph, (name ? ", " + name->get<std::string>() : std::string()), "): ", what);
      all_ok = all_ok && ok;
    };
    require(!args || args->is_object(), "args must be an object");
    if (name) ev.name = name->get<std::string>();
    if (const Value* cat = member(e, "cat", Type::string)) ev.cat = cat->get<std::string>();
    if (ts) ev.ts = ts->get<double>();
    if (pid) ev.pid = static_cast<long>(pid->get<double>());
    if (tid) ev.tid = static_cast<long>(tid->get<double>());
    ev.args = args && args->is_object() ? args : nullptr;
    if (ev.ph == "M") {
      static const std::set<std::string> kinds{"process_name", "process_labels", "process_sort_index", "thread_name",
                                               "thread_sort_index"};
      require(name && kinds.count(ev.name), "metadata must name a known kind");
      require(pid != nullptr, "metadata needs pid");
      if (ev.name.rfind("thread_", 0) == 0) require(tid != nullptr, "thread metadata needs tid");
      if (ev.name == "process_name" || ev.name == "thread_name") {
        const Value* n = ev.args ? member(*ev.args, "name", Type::string) : nullptr;
        require(n != nullptr, "a name's args.name must be a string");
        if (n && ev.name == "thread_name") t.track_names[{ev.pid, ev.tid}] = n->get<std::string>();
        if (n && ev.name == "process_name") t.process_names[ev.pid] = n->get<std::string>();
      }
      if (ev.name.find("sort_index") != std::string::npos)
        require(ev.args && member(*ev.args, "sort_index", Type::number), "args.sort_index must be a number");
      continue;
    }
    require(ts && ev.ts >= 0, "ts must be a number >= 0");
    require(pid != nullptr, "pid must be a number");
    if (ev.ph == "X") {
      const Value* dur = member(e, "dur", Type::number);
      require(name != nullptr, "X needs a name");
      require(tid != nullptr, "X needs a tid");
      require(dur && dur->get<double>() >= 0, "X needs dur >= 0");
      if (dur) ev.dur = dur->get<double>();
    } else if (ev.ph == "B" || ev.ph == "E") {
      require(tid != nullptr, "B/E need a tid");
      auto& stack = open[{ev.pid, ev.tid}];
      if (ev.ph == "B") {
        require(name != nullptr, "B needs a name");
        stack.push_back(ev.ts);
      } else {
        require(!stack.empty() && stack.back() <= ev.ts, "E without an earlier B on its track");
        if (!stack.empty()) stack.pop_back();
      }
    } else if (ev.ph == "i" || ev.ph == "I") {
      require(name != nullptr, "an instant needs a name");
      const Value* scope = member(e, "s", Type::string);
      require(!find(e, "s") || (scope && (scope->get<std::string>() == "g" || scope->get<std::string>() == "p" || scope->get<std::string>() == "t")),
              "an instant's scope must be g, p or t");
      if (!scope || scope->get<std::string>() == "t") require(tid != nullptr, "a thread instant needs a tid");
    } else if (ev.ph == "C") {
      require(name != nullptr, "a counter needs a name");
      bool numeric = ev.args != nullptr && !ev.args->empty();
      if (ev.args)
        for (const auto& v : *ev.args) numeric = numeric && v.is_number();
      require(numeric, "a counter's args must be numbers");
    } else {
      require(false, "a phase cusim does not write");
    }
    t.events.push_back(ev);
  }
  for (const auto& [track, stack] : open) {
    CHECK_MESSAGE(stack.empty(), "unbalanced B/E on pid ", track.first, " tid ", track.second);
    all_ok = all_ok && stack.empty();
  }
  t.valid = all_ok;
  return t;
}

}  // namespace cusim_test
