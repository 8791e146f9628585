#include "tools/cusim/options.hpp"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <functional>

#include "sim/config/config.hpp"

namespace cusim::tool {
namespace {

[[noreturn]] void usage_error(std::string message) { throw UsageError{std::move(message)}; }

std::string positive(const std::string& option, const std::string& value) {
  char* end = nullptr;
  const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || n == 0 || value[0] == '-')
    usage_error(option + " needs a positive integer, not '" + value + "'");
  return value;
}

std::string seconds(const std::string& option, const std::string& value) {
  double ignored = 0;
  if (!sim::parse_seconds(value.c_str(), &ignored))
    usage_error(option + " needs a number of seconds from 0 to 1000000, not '" + value + "'");
  return value;
}

std::string one_of(const std::string& option, const std::string& value, std::initializer_list<const char*> words) {
  std::string list;
  for (const char* w : words) {
    if (value == w) return value;
    list += (list.empty() ? "" : ", ") + std::string(w);
  }
  usage_error(option + ": unknown value '" + value + "' (one of: " + list + ")");
}

std::string checks(const std::string& value) {
  unsigned bits = 0;
  if (value.empty() || !sim::parse_checks(value.c_str(), &bits)) {
    // Name the word that is wrong.
    std::string bad = value;
    for (std::size_t from = 0; from <= value.size();) {
      const std::size_t comma = value.find(',', from);
      const std::string word = value.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      unsigned ignored;
      if (word.empty() || !sim::parse_checks(word.c_str(), &ignored)) {
        bad = word;
        break;
      }
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    usage_error("--check: unknown checker '" + bad +
                "' (memcheck, racecheck, initcheck, synccheck, comma-separated; or all, none)");
  }
  return value;
}

std::string stats(const std::string& value) {
  if (value == "0" || value == "1" || value == "stderr") return value;
  if (value.rfind("json:", 0) == 0 && value.size() > 5) return value;
  usage_error("--stats=" + value + ": use --stats, --stats=stderr or --stats=json:FILE");
}

std::string nonempty(const std::string& option, const std::string& value) {
  if (value.empty()) usage_error(option + " needs a value");
  return value;
}

// Every option of `cusim run`, declared once: how it is parsed (CLI11) and what `cusim --help`
// says of it (run_options_help). Each value is checked, and its variable set, as it is parsed, so
// that the variables keep the order of the command line.
struct RunCommand {
  CLI::App app{"cusim run"};
  RunOptions o;
  bool help = false;

  // An option with a value; `check` says whether the value is good (and may rewrite it).
  void value(const std::string& names, const std::string& type, const std::string& text, const char* variable,
             std::function<std::string(const std::string& name, const std::string& value)> check) {
    const std::string name = names.substr(names.rfind(',') + 1);
    app.add_option(names, text)
        ->type_name(type)
        ->trigger_on_parse()
        ->each([this, name, variable, check](const std::string& v) { set(variable, check(name, v)); });
  }
  // An option that takes no value.
  void flag(const std::string& names, const std::string& text, std::function<void()> on) {
    const std::string name = names.substr(names.rfind(',') + 1);
    app.add_flag(names)->description(text)->trigger_on_parse()->each([name, on](const std::string& v) {
      if (v != "true") usage_error(name + " takes no value");
      on();
    });
  }
  void set(const char* variable, std::string v) {
    if (variable) o.env.emplace_back(variable, std::move(v));
  }

  RunCommand() {
    app.set_help_flag();
    app.prefix_command();  // the first argument that is not an option, and all after it: the program
    flag("-h,--help", "this text", [this] { help = true; });
    value("--check", "LIST", "checkers, comma-separated: memcheck, racecheck, initcheck, synccheck; or all, none (CUSIM_CHECK)",
          "CUSIM_CHECK", [](const std::string&, const std::string& v) { return checks(v); });
    value("--schedule", "NAME", "in-order, reverse, random or interleaved (CUSIM_SCHEDULE)", "CUSIM_SCHEDULE",
          [](const std::string& n, const std::string& v) { return one_of(n, v, {"in-order", "reverse", "random", "interleaved"}); });
    value("--seed", "N", "seed of the random schedule (CUSIM_SEED)", "CUSIM_SEED", positive);
    value("--workers", "N", "OS threads that run blocks (CUSIM_WORKERS)", "CUSIM_WORKERS", positive);
    value("--device", "NAME", "device profile: h100, a100, t4 (CUSIM_DEVICE)", "CUSIM_DEVICE",
          [](const std::string& n, const std::string& v) { return one_of(n, v, {"h100", "a100", "t4"}); });
    value("--stack-kb", "N", "stack of each simulated thread, in KiB (CUSIM_STACK_KB)", "CUSIM_STACK_KB", positive);
    value("--timeout", "SECONDS", "end a launch still running after this long, saying where its threads are (CUSIM_TIMEOUT)",
          "CUSIM_TIMEOUT", seconds);
    value("--trace", "FILE", "write a timeline of the run to FILE, Chrome trace-event JSON (CUSIM_TRACE)", "CUSIM_TRACE",
          nonempty);
    value("--trace-detail", "WHAT", "blocks, warps or threads (CUSIM_TRACE_DETAIL)", "CUSIM_TRACE_DETAIL",
          [](const std::string& n, const std::string& v) { return one_of(n, v, {"blocks", "warps", "threads"}); });
    value("--trace-limit", "N", "events the trace keeps (CUSIM_TRACE_LIMIT)", "CUSIM_TRACE_LIMIT", positive);
    // A flag whose value, if any, follows '=': --stats alone is the table on stderr.
    app.add_flag("--stats")
        ->description("a statistics table on stderr after each launch; --stats=json:FILE also writes the statistics as "
                      "JSON to FILE (CUSIM_STATS)")
        ->trigger_on_parse()
        ->each([this](const std::string& v) { set("CUSIM_STATS", v == "true" ? "1" : stats(v)); });
    value("--access-map", "VALUE", "access maps, the value passed through (CUSIM_ACCESS_MAP)", "CUSIM_ACCESS_MAP",
          nonempty);
    value("--report", "json:FILE|sarif:FILE",
          "keep the findings report in FILE, as JSON (json: is optional) or as SARIF 2.1.0 for CI; default: a "
          "temporary file, removed afterwards (CUSIM_REPORT)",
          nullptr, [this](const std::string& n, const std::string& v) {
            sim::ReportOutput r = sim::report_output(nonempty(n, v));
            r.file = nonempty(n, r.file);
            o.report = sim::report_setting(r);
            return o.report;
          });
    value("--suppressions", "FILE", "findings to ignore, <kind> <file-suffix>[:<line>] per line (CUSIM_SUPPRESSIONS)",
          "CUSIM_SUPPRESSIONS", [](const std::string& n, const std::string& v) {
            if (access(nonempty(n, v).c_str(), R_OK) != 0) usage_error(n + ": cannot read '" + v + "'");
            return v;
          });
    // compute-sanitizer's spelling, --leak-check full|none, also with '='; alone, it means full
    // (parse_run joins a following full or none to it).
    app.add_flag("--leak-check")
        ->description("report memory never freed, at cudaDeviceReset and at exit; full or none, alone: full "
                      "(CUSIM_LEAK_CHECK)")
        ->type_name("[full|none]")
        ->trigger_on_parse()
        ->each([this](const std::string& v) {
          const std::string level = v == "true" ? "full" : one_of("--leak-check", v, {"full", "none"});
          set("CUSIM_LEAK_CHECK", level == "full" ? "1" : "0");
        });
    flag("-q,--quiet", "the program prints no findings; cusim prints them when it has ended (CUSIM_QUIET=1)",
         [this] { set("CUSIM_QUIET", "1"); });
    flag("--fast", "build a .cu program without the checkers' instrumentation (no racecheck or initcheck)",
         [this] { o.fast = true; });
  }
};

}  // namespace

std::vector<OptionHelp> run_options_help() {
  RunCommand command;
  std::vector<OptionHelp> out;
  for (const CLI::Option* option : command.app.get_options()) {
    std::string spelling = option->get_name(false, true);
    for (std::size_t at = 0; (at = spelling.find(',', at)) != std::string::npos; at += 2) spelling.replace(at, 1, ", ");
    const std::string type = option->get_type_name();
    if (!type.empty()) spelling += " " + type;
    out.push_back({spelling, option->get_description()});
  }
  return out;
}

RunOptions parse_run(const std::vector<std::string>& args) {
  // --leak-check full|none: a following full or none is its value, as in compute-sanitizer.
  std::vector<std::string> joined;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {
      joined.insert(joined.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (args[i] == "--leak-check" && i + 1 < args.size() && (args[i + 1] == "full" || args[i + 1] == "none")) {
      joined.push_back("--leak-check=" + args[++i]);
      continue;
    }
    joined.push_back(args[i]);
  }
  RunCommand command;
  std::vector<std::string> reversed(joined.rbegin(), joined.rend());  // CLI11 takes them last first
  try {
    command.app.parse(reversed);
  } catch (const CLI::ArgumentMismatch& e) {  // "--workers: 1 required N missing"
    const std::string what = e.what();
    usage_error(what.substr(0, what.find(':')) + " needs a value");
  } catch (const CLI::ParseError& e) {
    usage_error(e.what());
  }
  RunOptions o = std::move(command.o);
  o.help = command.help;
  if (o.help) return o;
  o.program = command.app.remaining();
  if (!o.program.empty() && o.program[0] == "--") {
    o.program.erase(o.program.begin());
  } else if (!o.program.empty() && o.program[0].size() > 1 && o.program[0][0] == '-') {
    usage_error("unknown option '" + o.program[0] + "'");
  }
  if (o.program.empty()) usage_error("no program to run (cusim run [options] -- program [args...])");
  return o;
}

}  // namespace cusim::tool
