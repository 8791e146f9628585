// Pinned, mapped and registered host memory, pointer attributes and the device's free memory.
// The simulator has one address space: a pinned allocation (cudaHostAlloc, cudaMallocHost) lives
// on the device heap, so kernels' accesses to it are checked like device memory's, and its device
// pointer is the host pointer, as under CUDA's unified addressing.
#include <map>
#include <mutex>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/host_registrations.hpp"
#include "sim/trace/tracer.hpp"

using cusim::backend::AllocKind;
using cusim::backend::record;

namespace {

constexpr unsigned kHostAllocFlags = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
constexpr unsigned kHostRegisterFlags =
    cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;

// cudaHostAlloc's flags, by allocation (cudaHostGetFlags).
std::mutex flags_mutex;
std::map<std::uintptr_t, unsigned>& host_alloc_flags() {
  static std::map<std::uintptr_t, unsigned> by_begin;
  return by_begin;
}

// The live heap allocation holding p.
std::optional<cusim::sim::HeapAllocation> live_allocation(const void* p) {
  auto a = cusim::sim::DeviceHeap::instance().lookup(p);
  if (!a || a->freed || !a->contains(reinterpret_cast<std::uintptr_t>(p))) return std::nullopt;
  return a;
}

// A pinned allocation and its flags (kept until cudaFreeHost frees it).
cudaError_t allocate_pinned(void** pHost, std::size_t size, unsigned flags, const cusim::backend::ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  const cudaError_t e = cusim::backend::allocate(pHost, size, AllocKind::host, caller);
  if (e == cudaSuccess && *pHost) {
    std::lock_guard lock(flags_mutex);
    host_alloc_flags()[reinterpret_cast<std::uintptr_t>(*pHost)] = flags;
  }
  return record(e);
}

}  // namespace

cudaError_t cudaHostAlloc(void** pHost, std::size_t size, unsigned int flags) {
  CUSIM_HOST_API("cudaHostAlloc");
  cusim::sim::trace::HostCall traced("cudaHostAlloc", size);
  if (flags & ~kHostAllocFlags) return record(cudaErrorInvalidValue);
  return allocate_pinned(pHost, size, flags, CUSIM_CALLER);
}
cudaError_t cudaMallocHost(void** ptr, std::size_t size) {
  CUSIM_HOST_API("cudaMallocHost");
  cusim::sim::trace::HostCall traced("cudaMallocHost", size);
  return allocate_pinned(ptr, size, cudaHostAllocDefault, CUSIM_CALLER);
}
// Freeing synchronises with the device first, as CUDA's cudaFreeHost does.
cudaError_t cudaFreeHost(void* ptr) {
  CUSIM_HOST_API("cudaFreeHost");
  cusim::sim::trace::HostCall traced("cudaFreeHost");
  cusim::backend::synchronize_all();
  const cudaError_t e = cusim::backend::release(ptr, AllocKind::host, "cudaFreeHost", CUSIM_CALLER);
  if (e == cudaSuccess && ptr) {
    std::lock_guard lock(flags_mutex);
    host_alloc_flags().erase(reinterpret_cast<std::uintptr_t>(ptr));
  }
  return record(e);
}

// With unified addressing, every pinned allocation and registration is mapped; its device
// pointer is the host pointer (CUDA: the same value on a 64-bit system with UVA).
cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags) {
  CUSIM_HOST_API("cudaHostGetDevicePointer");
  if (!pDevice || flags != 0) return record(cudaErrorInvalidValue);
  const auto a = live_allocation(pHost);
  if ((a && static_cast<AllocKind>(a->tag) == AllocKind::host) || cusim::sim::host_registration(pHost)) {
    *pDevice = pHost;
    return cudaSuccess;
  }
  return record(cudaErrorInvalidValue);
}

cudaError_t cudaHostGetFlags(unsigned int* pFlags, void* pHost) {
  CUSIM_HOST_API("cudaHostGetFlags");
  if (!pFlags) return record(cudaErrorInvalidValue);
  const auto a = live_allocation(pHost);
  if (!a || static_cast<AllocKind>(a->tag) != AllocKind::host) return record(cudaErrorInvalidValue);
  std::lock_guard lock(flags_mutex);
  const auto it = host_alloc_flags().find(a->begin);
  *pFlags = it == host_alloc_flags().end() ? cudaHostAllocDefault : it->second;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void* ptr, std::size_t size, unsigned int flags) {
  CUSIM_HOST_API("cudaHostRegister");
  if (!ptr || size == 0 || (flags & ~kHostRegisterFlags)) return record(cudaErrorInvalidValue);
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (cusim::backend::is_device_memory(ptr)) return record(cudaErrorHostMemoryAlreadyRegistered);
  if (!cusim::sim::register_host_range(ptr, size, flags)) return record(cudaErrorHostMemoryAlreadyRegistered);
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void* ptr) {
  CUSIM_HOST_API("cudaHostUnregister");
  if (!ptr) return record(cudaErrorInvalidValue);
  cusim::backend::synchronize_all();  // kernels using the memory finish first
  return cusim::sim::unregister_host_range(ptr) ? cudaSuccess : record(cudaErrorHostMemoryNotRegistered);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
  CUSIM_HOST_API("cudaPointerGetAttributes");
  if (!attributes) return record(cudaErrorInvalidValue);
  *attributes = cudaPointerAttributes{};
  void* const p = const_cast<void*>(ptr);
  attributes->device = 0;
  if (const auto a = live_allocation(ptr)) {
    switch (static_cast<AllocKind>(a->tag)) {
      case AllocKind::device: attributes->type = cudaMemoryTypeDevice; attributes->devicePointer = p; break;
      case AllocKind::managed: attributes->type = cudaMemoryTypeManaged; attributes->devicePointer = attributes->hostPointer = p; break;
      case AllocKind::host: attributes->type = cudaMemoryTypeHost; attributes->devicePointer = attributes->hostPointer = p; break;
      case AllocKind::kernel:  // device malloc
      case AllocKind::array: attributes->type = cudaMemoryTypeDevice; attributes->devicePointer = p; break;
    }
  } else if (cusim::sim::host_registration(ptr)) {
    attributes->type = cudaMemoryTypeHost;
    attributes->devicePointer = attributes->hostPointer = p;
  } else {
    attributes->type = cudaMemoryTypeUnregistered;
    attributes->device = cudaInvalidDeviceId;
  }
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total) {
  CUSIM_HOST_API("cudaMemGetInfo");
  if (!free || !total) return record(cudaErrorInvalidValue);
  *total = cusim::backend::device_profile().totalGlobalMem;
  *free = *total - cusim::backend::device_bytes_in_use();
  return cudaSuccess;
}
