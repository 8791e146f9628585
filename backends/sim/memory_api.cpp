// cudaMalloc and friends, cudaMemcpy/cudaMemset (synchronous and on streams) and the symbol
// copies. Every range is checked before anything is queued, so a bad call writes nothing.
#include <cstdio>
#include <cstring>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/memory/allocation_names.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/trace/tracer.hpp"

using cusim::backend::AllocKind;
using cusim::backend::ApiCaller;
using cusim::backend::record;
using cusim::backend::Side;

namespace {

// Enqueues `work` on q; with a tracer, the time it runs is an event named `name` on the stream's track.
template <class Work>
void enqueue_traced(const cusim::backend::QueuePtr& q, const char* name, cudaStream_t stream, std::size_t bytes,
                         Work work) {
  cusim::sim::trace::Tracer* const tracer = cusim::sim::trace::Tracer::get();
  if (!tracer) return cusim::backend::enqueue(q, std::move(work));
  cusim::backend::enqueue(q, [=] {
    const std::uint64_t begin = cusim::sim::trace::now_ns();
    work();
    tracer->stream_op(name, stream, begin, bytes);
  });
}

// Checks both ranges of a copy against the sides its (valid) `kind` needs.
cudaError_t check_copy(const char* call, void* dst, const void* src, std::size_t count, cudaMemcpyKind kind,
                       const ApiCaller& caller) {
  const bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (cudaError_t e = cusim::backend::check_range(call, "destination", dst, count, dst_device ? Side::device : Side::any, caller))
    return e;
  return cusim::backend::check_range(call, "source", src, count, src_device ? Side::device : Side::any, caller);
}

cudaError_t memcpy_on(const char* call, void* dst, const void* src, std::size_t count, cudaMemcpyKind kind,
                      cudaStream_t stream, bool wait, const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(stream, call, caller);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (count == 0) return cudaSuccess;
  if (cudaError_t e = check_copy(call, dst, src, count, kind, caller)) return record(e);
  enqueue_traced(q, "memcpy", stream, count, [=] {
    cusim::backend::note_written(dst, src, count);
    std::memmove(dst, src, count);
  });
  if (!wait) return cudaSuccess;
  cusim::backend::synchronize(q);
  return record(cusim::backend::take_execution_error());
}

cudaError_t memset_on(const char* call, void* p, int value, std::size_t count, cudaStream_t stream,
                      const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(stream, call, caller);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (count == 0) return cudaSuccess;
  if (cudaError_t e = cusim::backend::check_range(call, "destination", p, count, Side::device, caller)) return record(e);
  // Asynchronous with the host, as CUDA's cudaMemset is for device memory.
  enqueue_traced(q, "memset", stream, count, [=] {
    cusim::backend::note_written(p, nullptr, count);
    std::memset(p, value, count);
  });
  return cudaSuccess;
}

cudaError_t allocate_checked(void** p, std::size_t size, AllocKind kind, const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  return record(cusim::backend::allocate(p, size, kind, caller));
}

}  // namespace

cudaError_t cudaMalloc(void** devPtr, std::size_t size) {
  cusim::sim::trace::HostCall traced("cudaMalloc", size);
  return allocate_checked(devPtr, size, AllocKind::device, CUSIM_CALLER);
}
cudaError_t cudaMallocManaged(void** devPtr, std::size_t size, unsigned int flags) {
  cusim::sim::trace::HostCall traced("cudaMallocManaged", size);
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) return record(cudaErrorInvalidValue);
  return allocate_checked(devPtr, size, AllocKind::managed, CUSIM_CALLER);
}
cudaError_t cudaMallocHost(void** ptr, std::size_t size) {
  cusim::sim::trace::HostCall traced("cudaMallocHost", size);
  return allocate_checked(ptr, size, AllocKind::host, CUSIM_CALLER);
}
// Freeing synchronises with the device first, as CUDA's cudaFree does.
cudaError_t cudaFree(void* devPtr) {
  cusim::sim::trace::HostCall traced("cudaFree");
  cusim::backend::synchronize_all();
  return record(cusim::backend::release(devPtr, AllocKind::device, "cudaFree", CUSIM_CALLER));
}
cudaError_t cudaFreeHost(void* ptr) {
  cusim::sim::trace::HostCall traced("cudaFreeHost");
  cusim::backend::synchronize_all();
  return record(cusim::backend::release(ptr, AllocKind::host, "cudaFreeHost", CUSIM_CALLER));
}

void cusim::name_allocation(const void* p, const char* name) {
  const auto a = cusim::sim::DeviceHeap::instance().lookup(p);
  if (a && !a->freed && a->contains(reinterpret_cast<std::uintptr_t>(p)) && name) {
    cusim::sim::name_allocation(a->begin, name);
    return;
  }
  std::fprintf(stderr, "cusim: warning: cusim::name_allocation(%p, \"%s\"): not a live device allocation; ignored\n", p,
               name ? name : "");
}

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  cusim::sim::trace::HostCall traced("cudaMemcpy", count);
  return memcpy_on("cudaMemcpy", dst, src, count, kind, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, cudaStream_t stream) {
  cusim::sim::trace::HostCall traced("cudaMemcpyAsync", count);
  return memcpy_on("cudaMemcpyAsync", dst, src, count, kind, stream, false, CUSIM_CALLER);
}
cudaError_t cudaMemset(void* devPtr, int value, std::size_t count) {
  cusim::sim::trace::HostCall traced("cudaMemset", count);
  return memset_on("cudaMemset", devPtr, value, count, nullptr, CUSIM_CALLER);
}
cudaError_t cudaMemsetAsync(void* devPtr, int value, std::size_t count, cudaStream_t stream) {
  cusim::sim::trace::HostCall traced("cudaMemsetAsync", count);
  return memset_on("cudaMemsetAsync", devPtr, value, count, stream, CUSIM_CALLER);
}

namespace cusim::detail {
cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, void* host, std::size_t count, std::size_t offset,
                        cudaMemcpyKind kind, bool to_symbol) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (offset > symbol_size || count > symbol_size - offset) return record(cudaErrorInvalidValue);
  if (count == 0) return cudaSuccess;
  if (!host) return record(cudaErrorInvalidValue);
  char* at = static_cast<char*>(symbol) + offset;
  // Ordered after earlier work on the default stream and finished on return, as on CUDA.
  const cusim::backend::QueuePtr q = cusim::backend::legacy_queue();
  if (to_symbol) cusim::backend::enqueue(q, [=] { std::memcpy(at, host, count); });
  else cusim::backend::enqueue(q, [=] { std::memcpy(host, at, count); });
  cusim::backend::synchronize(q);
  return record(cusim::backend::take_execution_error());
}
}  // namespace cusim::detail
