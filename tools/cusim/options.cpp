#include "tools/cusim/options.hpp"

#include <unistd.h>

#include <cstdlib>

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

}  // namespace

RunOptions parse_run(const std::vector<std::string>& args) {
  RunOptions o;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') break;  // the program
    std::string name = arg, value;
    bool has_value = false;
    if (const auto eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      has_value = true;
    }
    // The option's value: after '=' or the next argument.
    auto take = [&]() -> std::string {
      if (has_value) return value;
      if (i + 1 >= args.size()) usage_error(name + " needs a value");
      return args[++i];
    };
    auto flag_only = [&] {
      if (has_value) usage_error(name + " takes no value");
    };
    auto set = [&](const char* variable, std::string v) { o.env.emplace_back(variable, std::move(v)); };
    if (name == "--help" || name == "-h") {
      flag_only();
      o.help = true;
      return o;
    } else if (name == "--check") {
      set("CUSIM_CHECK", checks(take()));
    } else if (name == "--schedule") {
      set("CUSIM_SCHEDULE", one_of(name, take(), {"in-order", "reverse", "random", "interleaved"}));
    } else if (name == "--seed") {
      set("CUSIM_SEED", positive(name, take()));
    } else if (name == "--workers") {
      set("CUSIM_WORKERS", positive(name, take()));
    } else if (name == "--device") {
      set("CUSIM_DEVICE", one_of(name, take(), {"h100", "a100", "t4"}));
    } else if (name == "--stack-kb") {
      set("CUSIM_STACK_KB", positive(name, take()));
    } else if (name == "--timeout") {
      set("CUSIM_TIMEOUT", seconds(name, take()));
    } else if (name == "--trace") {
      set("CUSIM_TRACE", nonempty(name, take()));
    } else if (name == "--trace-detail") {
      set("CUSIM_TRACE_DETAIL", one_of(name, take(), {"blocks", "warps", "threads"}));
    } else if (name == "--trace-limit") {
      set("CUSIM_TRACE_LIMIT", positive(name, take()));
    } else if (name == "--stats") {
      set("CUSIM_STATS", has_value ? stats(value) : "1");
    } else if (name == "--access-map") {
      set("CUSIM_ACCESS_MAP", nonempty(name, take()));
    } else if (name == "--report") {
      sim::ReportOutput r = sim::report_output(nonempty(name, take()));
      r.file = nonempty(name, r.file);
      o.report = sim::report_setting(r);
    } else if (name == "--suppressions") {
      const std::string file = nonempty(name, take());
      if (access(file.c_str(), R_OK) != 0) usage_error("--suppressions: cannot read '" + file + "'");
      set("CUSIM_SUPPRESSIONS", file);
    } else if (name == "--leak-check") {
      // compute-sanitizer's spelling, --leak-check full|none, also with '='; alone, it means full.
      std::string level = "full";
      if (has_value) level = value;
      else if (i + 1 < args.size() && (args[i + 1] == "full" || args[i + 1] == "none")) level = args[++i];
      set("CUSIM_LEAK_CHECK", one_of(name, level, {"full", "none"}) == "full" ? "1" : "0");
    } else if (name == "--fast") {
      flag_only();
      o.fast = true;
    } else if (name == "--quiet" || name == "-q") {
      flag_only();
      set("CUSIM_QUIET", "1");
    } else {
      usage_error("unknown option '" + arg + "'");
    }
  }
  o.program.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
  if (o.program.empty()) usage_error("no program to run (cusim run [options] -- program [args...])");
  return o;
}

}  // namespace cusim::tool
