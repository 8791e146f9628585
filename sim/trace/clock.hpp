// The trace's time: nanoseconds of the steady clock since the trace's epoch, its first reading.
// Monotonic, so every timestamp is >= 0 and a duration is never negative.
#pragma once
#include <chrono>
#include <cstdint>

namespace cusim::sim::trace {

inline std::uint64_t now_ns() {
  using Clock = std::chrono::steady_clock;
  static const Clock::time_point epoch = Clock::now();
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - epoch).count());
}

}  // namespace cusim::sim::trace
