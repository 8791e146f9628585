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
#include "tools/cusim/json.hpp"

namespace cusim_test {

struct TraceEvent {
  std::string name, cat, ph;
  double ts = 0, dur = 0;
  long pid = 0, tid = 0;
  const cusim::json::Value* args = nullptr;  // the "args" object, or nullptr

  double end() const { return ts + dur; }
  // args.<key> as a string ("" if absent or not a string) or a number (-1 if absent).
  std::string arg(const std::string& key) const {
    const cusim::json::Value* v = args ? args->find(key) : nullptr;
    return v && v->is_string() ? v->as_string() : "";
  }
  double number(const std::string& key) const {
    const cusim::json::Value* v = args ? args->find(key) : nullptr;
    return v && v->is_number() ? v->as_number() : -1;
  }
  // Whether `e` lies within this event's time (to the nanosecond the file is written in).
  bool encloses(const TraceEvent& e) const { return ts <= e.ts + 5e-4 && e.end() <= end() + 5e-4; }
};

struct Trace {
  bool valid = false;  // parsed and every event checked
  cusim::json::Value doc;
  std::vector<TraceEvent> events;                           // all but metadata
  std::map<std::pair<long, long>, std::string> track_names;  // thread_name metadata
  std::map<long, std::string> process_names;
  const cusim::json::Value* other = nullptr;

  std::vector<const TraceEvent*> with_cat(const std::string& cat) const {
    std::vector<const TraceEvent*> out;
    for (const TraceEvent& e : events)
      if (e.cat == cat) out.push_back(&e);
    return out;
  }
  double other_number(const std::string& key) const {
    const cusim::json::Value* v = other ? other->find(key) : nullptr;
    return v && v->is_number() ? v->as_number() : -1;
  }
  std::string other_string(const std::string& key) const {
    const cusim::json::Value* v = other ? other->find(key) : nullptr;
    return v && v->is_string() ? v->as_string() : "";
  }
};

namespace trace_detail {
inline const cusim::json::Value* member(const cusim::json::Value& e, const char* key, cusim::json::Value::Type type) {
  const cusim::json::Value* v = e.find(key);
  return v && v->type() == type ? v : nullptr;
}
}  // namespace trace_detail

// Parses and checks the file at `path`.
inline Trace load_trace(const std::string& path) {
  using cusim::json::Value;
  using trace_detail::member;
  Trace t;
  const std::string text = read_file(path);
  REQUIRE_MESSAGE(!text.empty(), "no trace at ", path);
  try {
    t.doc = cusim::json::parse(text);
  } catch (const cusim::json::ParseError& e) {
    FAIL("the trace is not valid JSON: ", e.what());
  }
  REQUIRE(t.doc.is_object());
  const Value* events = member(t.doc, "traceEvents", Value::Type::array);
  REQUIRE_MESSAGE(events, "no traceEvents array");
  const Value* unit = member(t.doc, "displayTimeUnit", Value::Type::string);
  REQUIRE_MESSAGE(unit, "no displayTimeUnit");
  CHECK((unit->as_string() == "ms" || unit->as_string() == "ns"));
  t.other = member(t.doc, "otherData", Value::Type::object);
  REQUIRE_MESSAGE(t.other, "no otherData object");

  std::map<std::pair<long, long>, std::vector<double>> open;  // B/E balance per track
  std::size_t index = 0;
  bool all_ok = true;
  for (const Value& e : events->as_array()) {
    const std::string where = "event " + std::to_string(index++);
    REQUIRE_MESSAGE(e.is_object(), where, " is not an object");
    const Value* ph = member(e, "ph", Value::Type::string);
    REQUIRE_MESSAGE(ph, where, " has no \"ph\"");
    TraceEvent ev;
    ev.ph = ph->as_string();
    const Value* name = member(e, "name", Value::Type::string);
    const Value* ts = member(e, "ts", Value::Type::number);
    const Value* pid = member(e, "pid", Value::Type::number);
    const Value* tid = member(e, "tid", Value::Type::number);
    const Value* args = e.find("args");
    auto require = [&](bool ok, const char* what) {
      CHECK_MESSAGE(ok, where, " (ph ", ev.ph, (name ? ", " + name->as_string() : std::string()), "): ", what);
      all_ok = all_ok && ok;
    };
    require(!args || args->is_object(), "args must be an object");
    if (name) ev.name = name->as_string();
    if (const Value* cat = member(e, "cat", Value::Type::string)) ev.cat = cat->as_string();
    if (ts) ev.ts = ts->as_number();
    if (pid) ev.pid = static_cast<long>(pid->as_number());
    if (tid) ev.tid = static_cast<long>(tid->as_number());
    ev.args = args && args->is_object() ? args : nullptr;
    if (ev.ph == "M") {
      static const std::set<std::string> kinds{"process_name", "process_labels", "process_sort_index", "thread_name",
                                               "thread_sort_index"};
      require(name && kinds.count(ev.name), "metadata must name a known kind");
      require(pid != nullptr, "metadata needs pid");
      if (ev.name.rfind("thread_", 0) == 0) require(tid != nullptr, "thread metadata needs tid");
      if (ev.name == "process_name" || ev.name == "thread_name") {
        const Value* n = ev.args ? member(*ev.args, "name", Value::Type::string) : nullptr;
        require(n != nullptr, "a name's args.name must be a string");
        if (n && ev.name == "thread_name") t.track_names[{ev.pid, ev.tid}] = n->as_string();
        if (n && ev.name == "process_name") t.process_names[ev.pid] = n->as_string();
      }
      if (ev.name.find("sort_index") != std::string::npos)
        require(ev.args && member(*ev.args, "sort_index", Value::Type::number), "args.sort_index must be a number");
      continue;
    }
    require(ts && ev.ts >= 0, "ts must be a number >= 0");
    require(pid != nullptr, "pid must be a number");
    if (ev.ph == "X") {
      const Value* dur = member(e, "dur", Value::Type::number);
      require(name != nullptr, "X needs a name");
      require(tid != nullptr, "X needs a tid");
      require(dur && dur->as_number() >= 0, "X needs dur >= 0");
      if (dur) ev.dur = dur->as_number();
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
      const Value* scope = member(e, "s", Value::Type::string);
      require(!e.find("s") || (scope && (scope->as_string() == "g" || scope->as_string() == "p" || scope->as_string() == "t")),
              "an instant's scope must be g, p or t");
      if (!scope || scope->as_string() == "t") require(tid != nullptr, "a thread instant needs a tid");
    } else if (ev.ph == "C") {
      require(name != nullptr, "a counter needs a name");
      bool numeric = ev.args != nullptr && !ev.args->as_object().empty();
      if (ev.args)
        for (const auto& [k, v] : ev.args->as_object()) numeric = numeric && v.is_number();
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
