// A launch named by the kernel's address (cudaLaunchKernel with a void*, a graph's kernel node):
// its request, made from the entry recorded for that address (cusim/detail/kernel_entry.hpp).
#pragma once
#include <cstddef>
#include <source_location>

#include "cusim/detail/launch.hpp"

namespace cusim::backend {

// *out: the request, its arguments copied from *args[i]; or CUDA's error (for an address that is
// no kernel's, cudaErrorInvalidResourceHandle, as CUDA 13's) and a finding at `site` naming `call`.
cudaError_t request_by_address(const char* call, const void* kernel, dim3 grid, dim3 block, void** args,
                               std::size_t shared_bytes, cudaStream_t stream, std::source_location site,
                               detail::LaunchRequest* out);

}  // namespace cusim::backend
