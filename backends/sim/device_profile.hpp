// The devices the simulator can pretend to be (CUSIM_DEVICE): their properties as CUDA reports
// them, which cudaGetDeviceProperties returns and launch validation enforces.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cusim/detail/host_api.hpp"

namespace cusim::backend {

// What a profile knows beyond cudaDeviceProp: the values CUDA 13 gives only as device
// attributes (device_attributes.def reads them as `d`).
struct DeviceProfile {
  cudaDeviceProp prop;
  int clock_khz;
  int memory_clock_khz;
  int compute_mode;  // cudaComputeModeDefault
  int kernel_exec_timeout;
  int max_texture_1d_linear;
  int single_to_double_ratio;
  int mem_sync_domains;
};

// The active profile (from cusim::settings().device; unknown names fall back to h100 with a
// warning).
const DeviceProfile& active_device();
inline const cudaDeviceProp& device_profile() { return active_device().prop; }

// How many blocks of `threads` threads using `shared_bytes` of shared memory `dev` keeps resident
// at once: CUDA's occupancy limits on blocks, warps and shared memory per SM, times the SMs.
// Registers are not simulated, so their limit is not applied.
std::uint64_t resident_blocks(const cudaDeviceProp& dev, unsigned threads, std::size_t shared_bytes);

}  // namespace cusim::backend
