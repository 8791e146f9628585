// Device selection, properties, synchronisation, reset and the simulator's settings.
#include <algorithm>
#include <cstring>
#include <iterator>

#include "backends/sim/graph_memory.hpp"
#include "backends/sim/memory_pools.hpp"
#include "backends/sim/texture_objects.hpp"
#include "backends/sim/device_memory.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/config/config.hpp"
#include "sim/memory/host_registrations.hpp"
#include "sim/trace/tracer.hpp"

using cusim::backend::record;

namespace cusim {
Settings& settings() {
  static Settings s = [] {
    const sim::Config& c = sim::config();
    return Settings{c.workers, static_cast<Schedule>(c.schedule), c.seed, c.stack_bytes(), c.device, c.checks, c.stats,
                    c.access_map, c.timeout};
  }();
  return s;
}
}  // namespace cusim

cudaError_t cudaGetDeviceCount(int* count) {
  if (!count) return record(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) {
  CUSIM_HOST_API("cudaSetDevice");
  return record(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}
cudaError_t cudaGetDevice(int* device) {
  if (!device) return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  CUSIM_HOST_API("cudaGetDeviceProperties");
  if (!prop) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  *prop = cusim::backend::device_profile();
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (!value) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  const cusim::backend::DeviceProfile& d = cusim::backend::active_device();
  const cudaDeviceProp& p = d.prop;
  switch (attr) {
#define CUSIM_DEVICE_ATTRIBUTE(name, number, answer) \
  case name: *value = static_cast<int>(answer); return cudaSuccess;
#include "cusim/detail/device_attributes.def"
#undef CUSIM_DEVICE_ATTRIBUTE
  }
  return record(cudaErrorInvalidValue);
}

// Waits for the work of every stream; an error raised by that work is returned here.
cudaError_t cudaDeviceSynchronize() {
  CUSIM_HOST_API("cudaDeviceSynchronize");
  cusim::sim::trace::HostCall traced("cudaDeviceSynchronize");
  cusim::backend::synchronize_all();
  cusim::backend::release_unused_graph_memory();
  return record(cusim::backend::take_execution_error());
}
// Waits for all work, then destroys every stream, event, allocation, CUDA array, texture and
// surface object, and clears every error.
// Kernel attributes (cudaFuncSetAttribute) stay: they belong to the kernel, and on CUDA they
// outlive the reset too (measured on an H100 by examples/launch_limits).
cudaError_t cudaDeviceReset() {
  CUSIM_HOST_API("cudaDeviceReset");
  cusim::backend::reset_queues();
  cusim::backend::free_all_device_memory();
  cusim::backend::forget_graph_allocations();
  cusim::backend::reset_memory_pools();
  cusim::backend::forget_texture_objects();
  cusim::sim::clear_host_registrations();
  cusim::backend::reset_errors();
  return cudaSuccess;
}

// The simulator has one device and one way to wait (the host thread blocks); every flag CUDA
// accepts is accepted and remembered. Mapped host memory is always available (cudaDeviceMapHost).
namespace {
unsigned device_flags = cudaDeviceScheduleAuto;
}
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  CUSIM_HOST_API("cudaSetDeviceFlags");
  if (flags & ~unsigned(cudaDeviceMask)) return record(cudaErrorInvalidValue);
  const unsigned schedule = flags & cudaDeviceScheduleMask;
  if (schedule != cudaDeviceScheduleAuto && schedule != cudaDeviceScheduleSpin && schedule != cudaDeviceScheduleYield &&
      schedule != cudaDeviceScheduleBlockingSync)
    return record(cudaErrorInvalidValue);
  device_flags = flags;
  return cudaSuccess;
}
// CUDA reports cudaDeviceMapHost as always set (measured on an H100, CUDA 13).
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  CUSIM_HOST_API("cudaGetDeviceFlags");
  if (!flags) return record(cudaErrorInvalidValue);
  *flags = device_flags | cudaDeviceMapHost;
  return cudaSuccess;
}
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
  CUSIM_HOST_API("cudaChooseDevice");
  if (!device || !prop) return record(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  CUSIM_HOST_API("cudaInitDevice");
  if (device != 0) return record(cudaErrorInvalidDevice);
  if (flags & ~unsigned(cudaInitDeviceFlagsAreValid)) return record(cudaErrorInvalidValue);
  return (flags & cudaInitDeviceFlagsAreValid) ? cudaSetDeviceFlags(deviceFlags) : cudaSuccess;
}
// The simulator is CUDA 13.0's runtime, on a driver of the same version.
cudaError_t cudaDriverGetVersion(int* driverVersion) {
  CUSIM_HOST_API("cudaDriverGetVersion");
  if (!driverVersion) return record(cudaErrorInvalidValue);
  *driverVersion = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* runtimeVersion) {
  if (!runtimeVersion) return record(cudaErrorInvalidValue);
  *runtimeVersion = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig) {
  CUSIM_HOST_API("cudaDeviceSetCacheConfig");
  if (unsigned(cacheConfig) > unsigned(cudaFuncCachePreferEqual)) return record(cudaErrorInvalidValue);
  return cudaSuccess;
}
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* cacheConfig) {
  if (!cacheConfig) return record(cudaErrorInvalidValue);
  *cacheConfig = cudaFuncCachePreferNone;
  return cudaSuccess;
}
// CUDA's range on these devices: 0 (least) to -5 (greatest); the simulator keeps priorities but
// does not schedule by them.
cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  CUSIM_HOST_API("cudaDeviceGetStreamPriorityRange");
  if (leastPriority) *leastPriority = 0;
  if (greatestPriority) *greatestPriority = -5;
  return cudaSuccess;
}
cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
  CUSIM_HOST_API("cudaDeviceCanAccessPeer");
  if (!canAccessPeer) return record(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0) return record(cudaErrorInvalidDevice);
  *canAccessPeer = 0;  // a device is not its own peer
  return cudaSuccess;
}
// Peer access: the one device has no other, and is not its own peer. CUDA checks the device first
// (cudaErrorInvalidDevice), then the flags (cudaErrorInvalidValue); device 0 then answers
// cudaErrorPeerAccessUnsupported to enabling and cudaErrorPeerAccessNotEnabled to disabling, as an
// H200 did under CUDA_VISIBLE_DEVICES=0 (corpus 110).
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
  CUSIM_HOST_API("cudaDeviceEnablePeerAccess");
  if (peerDevice != 0) return record(cudaErrorInvalidDevice);
  if (flags != 0) return record(cudaErrorInvalidValue);
  return record(cudaErrorPeerAccessUnsupported);
}
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  CUSIM_HOST_API("cudaDeviceDisablePeerAccess");
  if (peerDevice != 0) return record(cudaErrorInvalidDevice);
  return record(cudaErrorPeerAccessNotEnabled);
}
// Profiling ranges (cuda_profiler_api.h) mean nothing to the simulator's own statistics.
cudaError_t cudaProfilerStart() {
  CUSIM_HOST_API("cudaProfilerStart");
  return cudaSuccess;
}
cudaError_t cudaProfilerStop() {
  CUSIM_HOST_API("cudaProfilerStop");
  return cudaSuccess;
}

// The limits CUDA lets a program set, with CUDA's defaults. The simulated threads' stacks are the
// simulator's own (CUSIM_STACK_KB: a CPU's frames are larger than a GPU's), so the stack limit is
// only remembered; the device heap and printf buffer limits are remembered for device-side
// malloc and printf.
namespace {
std::size_t limits[] = {1024, 1048576, 8388608, 2, 2048, 64, 0};
}
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value) {
  CUSIM_HOST_API("cudaDeviceSetLimit");
  if (unsigned(limit) >= std::size(limits)) return record(cudaErrorInvalidValue);
  // As CUDA: the heap's size is fixed once a kernel has used it.
  if (limit == cudaLimitMallocHeapSize && cusim::backend::kernel_heap_used()) return record(cudaErrorInvalidValue);
  if (limit == cudaLimitMaxL2FetchGranularity && (value > 128 || (value & (value - 1)))) return record(cudaErrorInvalidValue);
  if (limit == cudaLimitPersistingL2CacheSize &&
      value > std::size_t(cusim::backend::device_profile().persistingL2CacheMaxSize))
    return record(cudaErrorInvalidValue);
  // The heap's size as an H100 reads it back: at least 4 MiB, in whole 64 KiB (1 MiB and 3000 KiB
  // read as 4 MiB, 5000 KiB as 5056 KiB, 6 MiB as 6 MiB).
  if (limit == cudaLimitMallocHeapSize) value = std::max<std::size_t>(4u << 20, (value + 0xffff) & ~std::size_t(0xffff));
  limits[limit] = value;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit) {
  if (!value || unsigned(limit) >= std::size(limits)) return record(cudaErrorInvalidValue);
  *value = limits[limit];
  return cudaSuccess;
}
