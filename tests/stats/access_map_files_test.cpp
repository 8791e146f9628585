// An access map's files from a map recorded by hand (sim/access_map), in every build: the CSV row
// by row, and the description beside it.
#include <doctest/doctest.h>

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "sim/access_map/access_map.hpp"
#include "sim/access_map/access_map_files.hpp"
#include "sim/check/access.hpp"

using cusim::sim::AccessMap;
using cusim::sim::AccessMapSpec;

namespace {
std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("access map files: a 2-D launch recorded by hand") {
  AccessMapSpec spec;
  spec.prefix = "access_map_files_small";
  const std::uintptr_t base = 0x100000;
  auto map = std::make_shared<AccessMap>(base, 40, spec, "`grid` (allocation #7, 40 bytes)");
  REQUIRE(map->elements() == 10);
  REQUIRE(map->observe_launch(5, dim3(2, 2), dim3(2, 2)) != nullptr);
  // Element e is written by linear thread e % 4 of linear block e / 4 (elements 8 and 9: block 2);
  // element 3 also by a higher thread, which does not take it; element 9 is only read.
  for (unsigned e = 0; e < 9; ++e) map->record(0, e / 4, e % 4, base + 4 * e, 4, cusim::sim::check::kWrite);
  map->record(0, 3, 0, base + 12, 4, cusim::sim::check::kWrite);
  map->record(0, 0, 0, base + 36, 4, cusim::sim::check::kRead);
  std::string error;
  REQUIRE_MESSAGE(cusim::sim::write_access_map(*map, &error), error);

  std::istringstream csv(read_text(spec.prefix + ".csv"));
  std::string line;
  std::getline(csv, line);
  CHECK(line == "element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses");
  std::getline(csv, line);
  CHECK(line == "0,0,0,0,0,0,0,0,5,1");
  std::getline(csv, line);
  std::getline(csv, line);
  std::getline(csv, line);
  CHECK(line == "3,0,0,0,1,1,0,3,5,2");    // thread 3 of block 0 is (1,1,0); 2 writes
  for (int i = 4; i <= 6; ++i) std::getline(csv, line);
  CHECK(line == "6,1,0,0,0,1,0,6,5,1");    // block 1 is (1,0,0), its thread 2 is (0,1,0)
  std::getline(csv, line);
  std::getline(csv, line);
  CHECK(line == "8,0,1,0,0,0,0,8,5,1");    // block 2 is (0,1,0)
  std::getline(csv, line);
  CHECK(line == "9,,,,,,,,,0");            // only read: not in a map of writes
  CHECK_FALSE(std::getline(csv, line));

  const auto description = nlohmann::json::parse(read_text(spec.prefix + ".json"));
  const auto expected = nlohmann::json::parse(R"json({"allocation": "`grid` (allocation #7, 40 bytes)", "bytes": 40,
      "elements": 10, "element_bytes": 4, "mode": "write", "color": "block", "width": 0, "launch": 0})json");
  CHECK(description == expected);
}
