// Device-side malloc, free, new and delete (cusim/detail/device_malloc.hpp): blocks on the device
// heap, within cudaLimitMallocHeapSize, kept across launches until device code frees them, as
// CUDA's are. A bad free ends the thread with an invalid-device-free finding at the caller's line.
// Outside a simulated thread (the host side of a __host__ __device__ function) they are the C
// library's.
#include "cusim/detail/device_malloc.hpp"

#include <cstdlib>

#include "backends/sim/device_memory.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/sim_abi.hpp"
#include "sim/exec/block_run.hpp"

namespace cusim::detail {
namespace {

// `caller` is the return address into the user's code.
void* allocate_from(std::size_t size, const void* caller) noexcept {
  if (!in_simulated_thread()) return std::malloc(size);
  sim::BlockRun::current()->require_library_stack("malloc", caller);
  sim::running::PauseChecks pause;
  std::size_t limit = 0;
  cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
  return backend::allocate_in_kernel(size, limit, caller);
}

}  // namespace

void* device_malloc(std::size_t size) noexcept { return allocate_from(size, __builtin_return_address(0)); }
void device_free(void* p) noexcept { device_free_from(p, __builtin_return_address(0)); }

void device_free_from(void* p, const void* caller) noexcept {
  if (!p) return;
  if (!in_simulated_thread()) return std::free(p);
  sim::BlockRun::current()->require_library_stack("free", caller);
  std::optional<sim::Diagnostic> finding;
  {
    sim::running::PauseChecks pause;
    finding = backend::release_in_kernel(p, caller);
  }
  if (!finding) return;
  sim::running::gate = nullptr;  // the report's strings are not the kernel's accesses
  sim::BlockRun::current()->fail_access(std::move(*finding), caller);
}

}  // namespace cusim::detail

void* operator new(std::size_t size, cusim::detail::DeviceHeapTag) noexcept {
  return cusim::detail::allocate_from(size, __builtin_return_address(0));
}
void* operator new[](std::size_t size, cusim::detail::DeviceHeapTag) noexcept {
  return cusim::detail::allocate_from(size, __builtin_return_address(0));
}
void operator delete(void* p, cusim::detail::DeviceHeapTag) noexcept {
  cusim::detail::device_free_from(p, __builtin_return_address(0));
}
void operator delete[](void* p, cusim::detail::DeviceHeapTag) noexcept {
  cusim::detail::device_free_from(p, __builtin_return_address(0));
}
