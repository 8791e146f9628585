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

std::string time_limit_passed(double seconds) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "the launch ran past its time limit of %g s (CUSIM_TIMEOUT) and was ended", seconds);
  return buf;
}

std::string hex_mask(unsigned mask) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", mask);
  return buf;
}

std::string lane_list(unsigned mask) {
  std::string s;
  for (unsigned l = 0; l < 32;) {
    if (!(mask >> l & 1u)) {
      ++l;
      continue;
    }
    unsigned end = l;
    while (end + 1 < 32 && (mask >> (end + 1) & 1u)) ++end;
    s += (s.empty() ? "" : ",") + std::to_string(l) + (end > l ? ".." + std::to_string(end) : "");
    l = end + 1;
  }
  return s;
}

std::string lanes_phrase(unsigned mask) {
  return (__builtin_popcount(mask) == 1 ? "lane " : "lanes ") + lane_list(mask);
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
