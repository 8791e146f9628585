// Every runtime flag declared in sim/config/flags.def is documented in docs/CONFIGURATION.md.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "sim/config/config.hpp"

namespace {
// The whole text of a file, or "" (with a failed check) when it cannot be read.
std::string read_text(const std::string& path) {
  std::ifstream in(path);
  CHECK_MESSAGE(in.good(), "cannot read ", path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("docs/CONFIGURATION.md documents every flag with its default") {
  const std::string doc = read_text(std::string(CUSIM_SOURCE_DIR) + "/docs/CONFIGURATION.md");
  int count = 0;
  for (const cusim::sim::FlagInfo* f = cusim::sim::flags_begin(); f != cusim::sim::flags_end(); ++f, ++count) {
    const std::string row = std::string("| `") + f->name + "` | " + f->default_value + " |";
    CHECK_MESSAGE(doc.find(row) != std::string::npos, "missing row for ", f->name);
  }
  // ... and documents nothing else: the table has one row per flag.
  int rows = 0;
  for (std::size_t at = doc.find("\n| `CUSIM_"); at != std::string::npos; at = doc.find("\n| `CUSIM_", at + 1)) ++rows;
  CHECK(count >= 15);
  CHECK(rows == count);
}

// Every finding kind has a golden report (tests/golden/<kind>.txt), quoted exactly in its
// section of docs/CHECKS.md (tools/update-checks-doc copies them after a regeneration).
TEST_CASE("docs/CHECKS.md quotes every golden report exactly") {
  const std::string doc = read_text(std::string(CUSIM_SOURCE_DIR) + "/docs/CHECKS.md");
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CUSIM_SOURCE_DIR) + "/tests/golden")) {
    const std::string kind = entry.path().stem().string();
    CHECK_MESSAGE(doc.find("## " + kind + "\n") != std::string::npos, "no section for ", kind);
    CHECK_MESSAGE(doc.find("```text\n" + read_text(entry.path().string()) + "```") != std::string::npos,
                  "docs/CHECKS.md does not quote tests/golden/", kind, ".txt (run tools/update-checks-doc)");
    ++count;
  }
  CHECK(count == 27);
}
