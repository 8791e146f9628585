// CUDA's device clocks on the simulator: clock(), clock64() and PTX's %globaltimer; and the
// device's shape as PTX's special registers %nsmid and %nwarpid give it.
//
// A GPU's clock() counts its SM's cycles. The simulator counts the device's cycles as the profile's
// clock rate times the time elapsed, from a steady clock: monotonic, in the GPU's units, and a
// block's threads share the time as a GPU's warps share their SM. CUDA's device clock() has the C
// library's name; in C++ one name cannot have two meanings, so the one definition here answers the
// device clock in a simulated thread and the C library's (processor time, CLOCKS_PER_SEC) elsewhere.
// The executable's definition takes precedence over the C library's.
#include <time.h>

#include <chrono>

#include "backends/sim/device_profile.hpp"
#include "cusim/detail/kernel_api.hpp"

namespace {
std::int64_t device_cycles() {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch());
  // kHz * ns / 1e6 = cycles, in two steps that do not overflow for centuries of uptime.
  const std::int64_t khz = cusim::backend::active_device().clock_khz;
  return ns.count() / 1000000 * khz + ns.count() % 1000000 * khz / 1000000;
}
}  // namespace

extern "C" clock_t clock() noexcept {
  if (cusim::detail::in_simulated_thread()) return static_cast<clock_t>(device_cycles());
  timespec t;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return static_cast<clock_t>(-1);
  return static_cast<clock_t>(t.tv_sec * CLOCKS_PER_SEC + t.tv_nsec / (1000000000 / CLOCKS_PER_SEC));
}

long long clock64() { return device_cycles(); }

unsigned long long cusim::detail::globaltimer() {
  return static_cast<unsigned long long>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

// PTX's %nsmid and %nwarpid (inline_ptx.hpp): the active profile's SMs and warps per SM.
unsigned cusim::detail::sm_count() {
  return static_cast<unsigned>(cusim::backend::device_profile().multiProcessorCount);
}
unsigned cusim::detail::warps_per_sm() {
  return static_cast<unsigned>(cusim::backend::device_profile().maxThreadsPerMultiProcessor) / 32u;
}
