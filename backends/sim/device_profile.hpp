// The devices the simulator can pretend to be (CUSIM_DEVICE): their properties as CUDA reports
// them, which cudaGetDeviceProperties returns and launch validation enforces.
#pragma once
#include "cusim/detail/host_api.hpp"

namespace cusim::backend {

// The active profile (from cusim::settings().device; unknown names fall back to h100 with a
// warning).
const cudaDeviceProp& device_profile();

}  // namespace cusim::backend
