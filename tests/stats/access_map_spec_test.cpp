// CUSIM_ACCESS_MAP's syntax (sim/access_map/access_map_spec).
#include <doctest/doctest.h>

#include <string>

#include "sim/access_map/access_map_spec.hpp"

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
