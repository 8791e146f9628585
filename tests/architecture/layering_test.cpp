// The dependency rules of docs/ARCHITECTURE.md ("Layers"), checked on every #include of the
// sources: the engine knows no checker and no observer, the runtime knows no checker, the checkers
// and the other observers see the engine only through its observer interface, and the public
// headers include no private one. A new include that breaks a rule fails this test.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Rule {
  const char* folder;                   // the files the rule is about (relative to the checkout)
  std::vector<std::string> forbidden;   // include prefixes they must not use
  std::vector<std::string> allowed;     // exceptions among those
  const char* why;
};

const Rule kRules[] = {
    {"sim/exec/", {"sim/check/", "sim/trace/", "sim/stats/", "sim/access_map/", "sim/instrument/", "backends/"}, {},
     "the engine knows no checker and no observer (DESIGN §2)"},
    {"backends/", {"sim/check/"}, {}, "the runtime asks for the checkers through sim/instrument/launch_checks.hpp"},
    {"sim/check/", {"sim/exec/", "sim/trace/", "sim/stats/", "sim/access_map/", "sim/instrument/", "backends/"},
     {"sim/exec/observer.hpp", "sim/exec/access_gate.hpp", "sim/exec/access_flags.hpp"},
     "the checkers see the engine through its observer interface only"},
    {"sim/trace/", {"sim/exec/", "sim/check/", "sim/instrument/", "backends/"},
     {"sim/exec/observer.hpp", "sim/exec/access_flags.hpp", "sim/exec/instrumented.hpp"},
     "the tracer sees the engine through its observer interface only"},
    {"sim/stats/", {"sim/exec/", "sim/check/", "sim/instrument/", "backends/"},
     {"sim/exec/observer.hpp", "sim/exec/access_flags.hpp"}, "statistics see the engine through its observer interface only"},
    {"sim/access_map/", {"sim/exec/", "sim/check/", "sim/instrument/", "backends/"},
     {"sim/exec/observer.hpp", "sim/exec/access_flags.hpp"}, "access maps see the engine through its observer interface only"},
    {"sim/", {"backends/", "tools/"}, {}, "the simulator does not depend on the runtime or the tools"},
    {"runtime/", {"sim/", "backends/", "tools/"}, {}, "public headers include no private one"},
};

// The quoted includes of a file.
std::vector<std::string> includes_of(const fs::path& file) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (std::smatch m; std::regex_search(line, m, include)) out.push_back(m[1]);
  return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// Whether `rule` forbids `include` (written in a file the rule is about).
bool breaks(const Rule& rule, const std::string& include) {
  for (const std::string& a : rule.allowed)
    if (include == a) return false;
  for (const std::string& f : rule.forbidden)
    if (starts_with(include, f)) return true;
  return false;
}

}  // namespace

TEST_CASE("the rules recognise a forbidden include") {
  CHECK(breaks(kRules[0], "sim/check/block_checker.hpp"));
  CHECK(breaks(kRules[1], "sim/check/global_shadow.hpp"));
  CHECK_FALSE(breaks(kRules[2], "sim/exec/observer.hpp"));
  CHECK(breaks(kRules[2], "sim/exec/block_run.hpp"));
  CHECK(breaks(kRules[7], "sim/report/diagnostic.hpp"));
}

TEST_CASE("no source breaks a dependency rule") {
  const fs::path root = CUSIM_SOURCE_DIR;
  std::size_t files = 0;
  for (const Rule& rule : kRules) {
    const fs::path folder = root / rule.folder;
    REQUIRE(fs::is_directory(folder));
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".def")) continue;
      ++files;
      const std::string name = fs::relative(entry.path(), root).string();
      for (const std::string& include : includes_of(entry.path()))
        CHECK_MESSAGE(!breaks(rule, include), name, " includes ", include, ": ", rule.why);
    }
  }
  CHECK(files > 100);
}
