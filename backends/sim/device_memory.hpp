// Device memory as the runtime API sees it: allocations on the simulator's device heap
// (sim/memory/device_heap), the device's capacity, and the checks every call that takes a
// pointer makes, each failure reported as a finding that names the call and the allocation.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>

#include "backends/sim/findings.hpp"
#include "cusim/detail/types.hpp"

namespace cusim::backend {

// device: cudaMalloc; managed: cudaMallocManaged; host: pinned host memory; kernel: device-side
// malloc or new (device_malloc.cpp), which only device code may use and free; array: a CUDA
// array's texels (cudaMallocArray, cudaMalloc3DArray), freed only by cudaFreeArray.
enum class AllocKind : unsigned { device, managed, host, kernel, array };

// `caller` is where the program called the API function: it locates findings.
cudaError_t allocate(void** out, std::size_t size, AllocKind kind, const ApiCaller& caller);
// `call` names the API function ("cudaFree"); `kind` what it frees (host: cudaFreeHost).
cudaError_t release(void* p, AllocKind kind, const char* call, const ApiCaller& caller);

// What a range handed to an API call must be.
enum class Side {
  any,     // host or device memory (cudaMemcpyDefault, host-to-host)
  device,  // memory the device can address: a heap allocation (device, managed or pinned host)
};
// Checks that `call` may access [p, p+n) as its `role` ("destination", "source"): inside one
// live allocation when p is device memory, device memory when `side` demands it. On failure,
// reports a finding and returns cudaErrorInvalidValue; the caller then writes nothing.
cudaError_t check_range(const char* call, const char* role, const void* p, std::size_t n, Side side,
                        const ApiCaller& caller);

// Device-side malloc and new: a block of `size` bytes on the device heap, uninitialised, or
// nullptr when the live blocks would exceed `limit` (cudaLimitMallocHeapSize; each block counts
// its bytes in 16-byte units and a 16-byte header). malloc(0) gives a 1-byte block, as the GPU
// gives a pointer of its own. `site` is the return address into the kernel.
void* allocate_in_kernel(std::size_t size, std::size_t limit, const void* site);
// Device-side free and delete of p (not null): nullopt when freed, else the finding to report
// (an invalid-device-free at `site`, with the allocation's history).
std::optional<sim::Diagnostic> release_in_kernel(void* p, const void* site);
// Whether device code allocated since the start or the last reset (the heap limit is then fixed).
bool kernel_heap_used();

// The bytes of device memory in use (cudaMalloc and cudaMallocManaged), of the profile's total.
std::size_t device_bytes_in_use();

// cudaFreeAsync: a live device or managed allocation's start is freed by the work handed to
// `enqueue` (when its stream gets there), and the call returns at once; a second free of it
// before then is a double free. Any other pointer is release()'s finding and error, now.
cudaError_t release_in_order(void* p, const char* call, const ApiCaller& caller,
                             const std::function<void(std::function<void()>)>& enqueue);

// Whether p is device memory (a live or freed heap allocation): cudaMemcpyDefault's direction.
bool is_device_memory(const void* p);

// For a kernel fault at an address in device memory: says what is there (a freed allocation,
// the space past an allocation's end) in d's message, with notes for the allocation's history.
// [dst, dst + n) was written by a copy from src (nullptr: by a memset); the checkers' shadow
// learns which bytes are now initialised.
void note_written(void* dst, const void* src, std::size_t n);
void explain_fault_address(sim::Diagnostic& d);

// cudaDeviceReset: every allocation, live or quarantined, is gone.
void free_all_device_memory();

}  // namespace cusim::backend
