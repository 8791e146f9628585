// An access map's files from a map recorded by hand (sim/access_map), in every build: the CSV row
// by row, the SVG's cells and their colours, the PNG's size; a map large enough to be binned.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <memory>
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
std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
std::uint32_t be32(const std::string& s, std::size_t at) {
  return std::uint32_t(std::uint8_t(s[at])) << 24 | std::uint32_t(std::uint8_t(s[at + 1])) << 16 |
         std::uint32_t(std::uint8_t(s[at + 2])) << 8 | std::uint8_t(s[at + 3]);
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

  const std::string svg = read_text(spec.prefix + ".svg");
  CHECK(count(svg, "class=\"cell\"") == 10);
  CHECK(svg.find("`grid` (allocation #7, 40 bytes)") != std::string::npos);
  CHECK(svg.find("not accessed") != std::string::npos);
  CHECK(svg.find("<title>element 3: block (0,0,0) thread (1,1,0), global thread 3, launch 5, 2 accesses</title>") !=
        std::string::npos);
  const std::string png = read_text(spec.prefix + ".png");
  REQUIRE(png.size() > 33);
  CHECK(png.substr(1, 3) == "PNG");
  CHECK(be32(png, 16) >= 480);
}

TEST_CASE("access map files: past 65536 elements cells are binned, the picture bounded") {
  AccessMapSpec spec;
  spec.prefix = "access_map_files_large";
  const std::size_t n = 1000003;
  auto map = std::make_shared<AccessMap>(0x100000, n * 4, spec, "allocation #1");
  REQUIRE(map->observe_launch(1, dim3(32), dim3(256)) != nullptr);
  for (std::size_t i = 0; i < n; i += 7) map->record(0, i % 8192 / 256, i % 256, 0x100000 + 4 * i, 4, cusim::sim::check::kWrite);
  std::string error;
  REQUIRE_MESSAGE(cusim::sim::write_access_map(*map, &error), error);
  const std::string svg = read_text(spec.prefix + ".svg");
  CHECK(count(svg, "class=\"cell\"") == (n + 15) / 16);  // 16 elements a cell
  CHECK(svg.find("one cell per 16 elements") != std::string::npos);
  const std::string png = read_text(spec.prefix + ".png");
  CHECK(be32(png, 16) <= 1200);
  CHECK(be32(png, 20) <= 2200);
  std::remove((spec.prefix + ".csv").c_str());
}
