#include "sim/access_map/access_map_files.hpp"

#include <cinttypes>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "sim/io/output_file.hpp"

namespace cusim::sim {
namespace {

bool write_file(const std::string& path, const std::string& data, std::string* error) {
  if (io::write_output(path, data, error)) return true;
  *error = "cannot write " + path + ": " + *error;
  return false;
}

std::string csv(const AccessMap& map) {
  std::string out = "element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses\n";
  char line[160];
  for (std::size_t i = 0; i < map.elements(); ++i) {
    const AccessMap::Element e = map.element(i);
    if (e.accessed)
      std::snprintf(line, sizeof line, "%zu,%u,%u,%u,%u,%u,%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", i, e.block.x,
                    e.block.y, e.block.z, e.thread.x, e.thread.y, e.thread.z, e.global_thread, e.launch, e.accesses);
    else
      std::snprintf(line, sizeof line, "%zu,,,,,,,,,0\n", i);
    out += line;
  }
  return out;
}

// The map's description: what the plot needs beside the rows (its title, its row width, its colours).
std::string description(const AccessMap& map) {
  const AccessMapSpec& spec = map.spec();
  const nlohmann::ordered_json j = {
      {"allocation", map.what()},
      {"bytes", map.bytes()},
      {"elements", map.elements()},
      {"element_bytes", spec.element_bytes},
      {"mode", spec.mode == AccessMapSpec::Mode::write ? "write" : spec.mode == AccessMapSpec::Mode::read ? "read" : "any"},
      {"color", spec.color == AccessMapSpec::Color::block ? "block" : "thread"},
      {"width", spec.width},    // 0: the plot picks one
      {"launch", spec.launch},  // 0: every launch
  };
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

bool write_access_map(const AccessMap& map, std::string* error) {
  const std::string& prefix = map.spec().prefix;
  return write_file(prefix + ".csv", csv(map), error) && write_file(prefix + ".json", description(map), error);
}

}  // namespace cusim::sim
