// CUSIM_ACCESS_MAP's syntax (sim/access_map/access_map_spec), and the PNG encoder of the pictures.
#include <doctest/doctest.h>

#include <string>

#include "sim/access_map/access_map_spec.hpp"
#include "sim/access_map/raster.hpp"

using cusim::sim::AccessMapSpec;
using cusim::sim::parse_access_map_spec;

namespace {
AccessMapSpec parsed(const std::string& text) {
  AccessMapSpec spec;
  std::string error;
  INFO(text);
  CHECK_MESSAGE(parse_access_map_spec(text, &spec, &error), error);
  return spec;
}
std::string rejected(const std::string& text) {
  AccessMapSpec spec;
  std::string error;
  INFO(text);
  CHECK_FALSE(parse_access_map_spec(text, &spec, &error));
  return error;
}
}  // namespace

TEST_CASE("access map spec: the three selectors") {
  const AccessMapSpec byname = parsed("out:maps/out");
  CHECK(byname.select == AccessMapSpec::Select::name);
  CHECK(byname.name == "out");
  CHECK(byname.prefix == "maps/out");
  CHECK(byname.mode == AccessMapSpec::Mode::write);
  CHECK(byname.element_bytes == 4);
  CHECK(byname.width == 0);  // chosen from the size
  CHECK(byname.color == AccessMapSpec::Color::block);

  const AccessMapSpec number = parsed("2:second");
  CHECK(number.select == AccessMapSpec::Select::ordinal);
  CHECK(number.ordinal == 2);
  CHECK(number.prefix == "second");

  const AccessMapSpec site = parsed("examples/grid_stride_square.cu:77:/tmp/map");
  CHECK(site.select == AccessMapSpec::Select::site);
  CHECK(site.file == "examples/grid_stride_square.cu");
  CHECK(site.line == 77);
  CHECK(site.prefix == "/tmp/map");
}

TEST_CASE("access map spec: options") {
  const AccessMapSpec s = parsed("in:m,read,elem=8,width=32,color=thread,launch=3");
  CHECK(s.launch == 3);
  CHECK(parsed("in:m").launch == 0);
  CHECK(s.mode == AccessMapSpec::Mode::read);
  CHECK(s.element_bytes == 8);
  CHECK(s.width == 32);
  CHECK(s.color == AccessMapSpec::Color::thread);
  CHECK(parsed("in:m,any").mode == AccessMapSpec::Mode::any);
  CHECK(parsed("in:m,read,write").mode == AccessMapSpec::Mode::write);
}

TEST_CASE("access map spec: malformed values say why") {
  CHECK(rejected("out").find("<allocation>:<prefix>") != std::string::npos);
  CHECK(rejected("out:") .find("<allocation>:<prefix>") != std::string::npos);
  CHECK(rejected(":prefix").find("<allocation>:<prefix>") != std::string::npos);
  CHECK(rejected("0:prefix").find("from 1") != std::string::npos);
  CHECK(rejected("out:m,elem=0").find("unknown option 'elem=0'") != std::string::npos);
  CHECK(rejected("out:m,colour=red").find("unknown option") != std::string::npos);
}

TEST_CASE("raster: a PNG of stored deflate blocks with the right size, chunks and pixels") {
  cusim::sim::Raster r(3, 2, {255, 255, 255});
  r.fill(1, 0, 1, 2, {10, 20, 30});
  CHECK(r.at(1, 1) == cusim::sim::Rgb{10, 20, 30});
  CHECK(r.at(0, 1) == cusim::sim::Rgb{255, 255, 255});
  const std::string png = r.png();
  REQUIRE(png.size() > 8);
  CHECK(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  CHECK(png.substr(12, 4) == "IHDR");
  auto u32 = [&](std::size_t at) {
    return std::uint32_t(std::uint8_t(png[at])) << 24 | std::uint32_t(std::uint8_t(png[at + 1])) << 16 |
           std::uint32_t(std::uint8_t(png[at + 2])) << 8 | std::uint8_t(png[at + 3]);
  };
  CHECK(u32(8) == 13);   // IHDR length
  CHECK(u32(16) == 3);   // width
  CHECK(u32(20) == 2);   // height
  CHECK(png[24] == 8);   // bits per channel
  CHECK(png[25] == 2);   // RGB
  // IDAT: zlib header, one stored block of 2 rows x (1 + 3 x 3) bytes, Adler-32.
  CHECK(png.substr(37, 4) == "IDAT");
  CHECK(u32(33) == 2 + 5 + 20 + 4);
  CHECK(png[41] == 0x78);
  CHECK(png[43] == 1);   // final stored block
  CHECK(png[44] == 20);
  // Row 1's pixel 1: filter byte, then pixels 0 and 1.
  const std::size_t row1 = 48 + 10;
  CHECK(png[row1] == 0);
  CHECK(std::uint8_t(png[row1 + 4]) == 10);
  CHECK(std::uint8_t(png[row1 + 5]) == 20);
  CHECK(std::uint8_t(png[row1 + 6]) == 30);
  CHECK(png.substr(png.size() - 8, 4) == "IEND");
}

TEST_CASE("raster: text is drawn with the built-in font") {
  cusim::sim::Raster r(20, 10, {255, 255, 255});
  r.text(0, 0, "1", {0, 0, 0}, 1);
  // '1': the middle column is set on rows 0..6, the corners of row 0 are not.
  for (unsigned y = 0; y < 7; ++y) CHECK(r.at(2, y) == cusim::sim::Rgb{0, 0, 0});
  CHECK(r.at(0, 0) == cusim::sim::Rgb{255, 255, 255});
  CHECK(r.at(4, 0) == cusim::sim::Rgb{255, 255, 255});
  CHECK(cusim::sim::Raster::text_width("abc", 2) == 36);
}
