// A kernel's attributes (cudaFuncGetAttributes, cudaFuncSetAttribute) and the occupancy API,
// computed from the device profile as CUDA's occupancy calculator does (registers aside: the
// simulator does not allocate them, so their limit is not applied and numRegs is 0).
#include <algorithm>

#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/kernel_registry.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::record;

namespace cusim::detail {

// The static shared memory a kernel declares is known after its first launch (the simulator
// allocates it when a block first declares it); before that it counts as 0.
cudaError_t func_attributes(cudaFuncAttributes* attr, const void* kernel) {
  if (!attr) return record(cudaErrorInvalidValue);
  if (!kernel) return record(cudaErrorInvalidDeviceFunction);
  const cudaDeviceProp& dev = backend::device_profile();
  const backend::KernelInfo info = backend::kernel_info(kernel);
  *attr = cudaFuncAttributes{};
  attr->sharedSizeBytes = info.static_shared;
  attr->maxThreadsPerBlock = dev.maxThreadsPerBlock;
  attr->ptxVersion = attr->binaryVersion = dev.major * 10 + dev.minor;
  attr->maxDynamicSharedSizeBytes =
      info.max_dynamic_shared >= 0 ? info.max_dynamic_shared : int(dev.sharedMemPerBlock - info.static_shared);
  attr->preferredShmemCarveout = -1;
  return cudaSuccess;
}

cudaError_t func_set_attribute(const void* kernel, cudaFuncAttribute attr, int value) {
  CUSIM_HOST_API("cudaFuncSetAttribute");
  if (!kernel) return record(cudaErrorInvalidDeviceFunction);
  switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize: {
      const cudaDeviceProp& dev = backend::device_profile();
      const backend::KernelInfo info = backend::kernel_info(kernel);
      if (value < 0 || std::size_t(value) + info.static_shared > dev.sharedMemPerBlockOptin)
        return record(cudaErrorInvalidValue);
      backend::set_max_dynamic_shared(kernel, value);
      return cudaSuccess;
    }
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      return value >= -1 && value <= 100 ? cudaSuccess : record(cudaErrorInvalidValue);
    default:
      return record(cudaErrorInvalidValue);  // clusters are not simulated
  }
}

// A preference only: the simulator's shared memory does not come out of an L1 cache.
cudaError_t func_set_cache_config(const void* kernel, cudaFuncCache config) {
  CUSIM_HOST_API("cudaFuncSetCacheConfig");
  if (!kernel) return record(cudaErrorInvalidDeviceFunction);
  return unsigned(config) <= unsigned(cudaFuncCachePreferEqual) ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t occupancy_blocks_per_sm(int* numBlocks, const void* kernel, int blockSize, std::size_t dynamicSMemSize,
                                    unsigned int flags) {
  if (!numBlocks || blockSize <= 0 || (flags & ~unsigned(cudaOccupancyDisableCachingOverride)))
    return record(cudaErrorInvalidValue);
  if (!kernel) return record(cudaErrorInvalidDeviceFunction);
  const cudaDeviceProp& dev = backend::device_profile();
  const backend::KernelInfo info = backend::kernel_info(kernel);
  const std::size_t shared = info.static_shared + dynamicSMemSize;
  // Dynamic shared memory above the kernel's limit (48 KiB less its static memory, unless raised
  // by cudaFuncSetAttribute) cannot launch: no block is resident (measured on an H200, CUDA 13).
  const std::size_t dynamic_limit = info.max_dynamic_shared >= 0 ? std::size_t(info.max_dynamic_shared)
                                                                  : dev.sharedMemPerBlock - info.static_shared;
  if (blockSize > dev.maxThreadsPerBlock || dynamicSMemSize > dynamic_limit || shared > dev.sharedMemPerBlockOptin) {
    *numBlocks = 0;
    return cudaSuccess;
  }
  *numBlocks = static_cast<int>(backend::resident_blocks(dev, unsigned(blockSize), shared) /
                                static_cast<unsigned>(dev.multiProcessorCount));
  return cudaSuccess;
}

}  // namespace cusim::detail
