#include "sim/report/wording.hpp"

#include <cstdio>

#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

std::string coordinates(unsigned x, unsigned y, unsigned z) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "(%u,%u,%u)", x, y, z);
  return buf;
}

std::string coordinates(const Dim& d) { return coordinates(d.x, d.y, d.z); }

std::string hex_address(std::uint64_t a) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(a));
  return buf;
}

std::string hex_mask(unsigned mask) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", mask);
  return buf;
}

std::string thread_list(const std::vector<ThreadRange>& ranges, std::size_t total, std::size_t shown) {
  std::string out;
  for (std::size_t r = 0; r < ranges.size() && r < shown; ++r) {
    const ThreadRange& t = ranges[r];
    out += (r ? "," : "") + coordinates(t.first);
    if (t.count > 1) out += ".." + coordinates(t.last);
  }
  if (ranges.size() > shown) out += ",... (" + std::to_string(total) + " threads)";
  return out;
}

}  // namespace cusim::sim
