// The devices the simulator can pretend to be (CUSIM_DEVICE): their properties as CUDA reports
// them, which cudaGetDeviceProperties returns and launch validation enforces.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cusim/detail/host_api.hpp"

namespace cusim::backend {

// The active profile (from cusim::settings().device; unknown names fall back to h100 with a
// warning).
const cudaDeviceProp& device_profile();

// How many blocks of `threads` threads using `shared_bytes` of shared memory `dev` keeps resident
// at once: CUDA's occupancy limits on blocks, warps and shared memory per SM, times the SMs.
// Registers are not simulated, so their limit is not applied.
std::uint64_t resident_blocks(const cudaDeviceProp& dev, unsigned threads, std::size_t shared_bytes);

}  // namespace cusim::backend
