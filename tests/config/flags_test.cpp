// Every runtime flag declared in sim/config/flags.def is documented in docs/CONFIGURATION.md.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/config/config.hpp"

TEST_CASE("docs/CONFIGURATION.md documents every flag with its default") {
  std::ifstream in(std::string(CUSIM_SOURCE_DIR) + "/docs/CONFIGURATION.md");
  REQUIRE(in.good());
  std::stringstream doc;
  doc << in.rdbuf();
  int count = 0;
  for (const cusim::sim::FlagInfo* f = cusim::sim::flags_begin(); f != cusim::sim::flags_end(); ++f, ++count) {
    const std::string row = std::string("| `") + f->name + "` | " + f->default_value + " |";
    CHECK_MESSAGE(doc.str().find(row) != std::string::npos, "missing row for ", f->name);
  }
  CHECK(count == 10);
}

// Every finding kind has a golden report (tests/golden/<kind>.txt), quoted exactly in its
// section of docs/CHECKS.md (tools/update-checks-doc copies them after a regeneration).
TEST_CASE("docs/CHECKS.md quotes every golden report exactly") {
  std::ifstream in(std::string(CUSIM_SOURCE_DIR) + "/docs/CHECKS.md");
  REQUIRE(in.good());
  std::stringstream doc;
  doc << in.rdbuf();
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CUSIM_SOURCE_DIR) + "/tests/golden")) {
    std::ifstream g(entry.path());
    std::stringstream text;
    text << g.rdbuf();
    const std::string kind = entry.path().stem().string();
    CHECK_MESSAGE(doc.str().find("## " + kind + "\n") != std::string::npos, "no section for ", kind);
    CHECK_MESSAGE(doc.str().find("```text\n" + text.str() + "```") != std::string::npos,
                  "docs/CHECKS.md does not quote tests/golden/", kind, ".txt (run tools/update-checks-doc)");
    ++count;
  }
  CHECK(count == 27);
}
