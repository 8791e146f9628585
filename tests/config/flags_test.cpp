// Every runtime flag declared in sim/config/flags.def is documented in docs/CONFIGURATION.md.
#include <doctest/doctest.h>

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
