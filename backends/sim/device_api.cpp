// Device selection, properties, synchronisation, reset and the simulator's settings.
#include <cstring>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/config/config.hpp"
#include "sim/trace/tracer.hpp"

using cusim::backend::record;

namespace cusim {
Settings& settings() {
  static Settings s = [] {
    const sim::Config& c = sim::config();
    return Settings{c.workers, static_cast<Schedule>(c.schedule), c.seed, c.stack_bytes(), c.device, c.checks, c.stats,
                    c.access_map};
  }();
  return s;
}
}  // namespace cusim

cudaError_t cudaGetDeviceCount(int* count) {
  if (!count) return record(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return record(device == 0 ? cudaSuccess : cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int* device) {
  if (!device) return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (!prop) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  *prop = cusim::backend::device_profile();
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (!value) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  const cudaDeviceProp& p = cusim::backend::device_profile();
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
    case cudaDevAttrClockRate: *value = p.clockRate; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrMemoryClockRate: *value = p.memoryClockRate; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(p.sharedMemPerMultiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(p.sharedMemPerBlockOptin); break;
    case cudaDevAttrConcurrentKernels:  // streams run concurrently
    case cudaDevAttrUnifiedAddressing:  // one address space: device memory is host memory
    case cudaDevAttrManagedMemory:
    case cudaDevAttrConcurrentManagedAccess: *value = 1; break;
    default: return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

// Waits for the work of every stream; an error raised by that work is returned here.
cudaError_t cudaDeviceSynchronize() {
  cusim::sim::trace::HostCall traced("cudaDeviceSynchronize");
  cusim::backend::synchronize_all();
  return record(cusim::backend::take_execution_error());
}
// Waits for all work, then destroys every stream, event and allocation and clears every error.
// Kernel attributes (cudaFuncSetAttribute) stay: they belong to the kernel, and on CUDA they
// outlive the reset too (measured on an H100 by examples/launch_limits).
cudaError_t cudaDeviceReset() {
  cusim::backend::reset_queues();
  cusim::backend::free_all_device_memory();
  cusim::backend::reset_errors();
  return cudaSuccess;
}
