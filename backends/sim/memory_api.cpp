// cudaMalloc and friends, cudaMemcpy/cudaMemset (synchronous and on streams) and the symbol
// copies. Every range is checked before anything is queued, so a bad call writes nothing.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_memory.hpp"
#include "backends/sim/memory_pools.hpp"
#include "backends/sim/stream_capture.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/texture_types.hpp"
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

// A copy or fill of `height` rows of `width` bytes, rows `pitch` bytes apart (a 1D call is one
// row): what cudaMemcpy, cudaMemcpy2D and cudaMemcpy3D (as rows of its slices) do.
struct Rows {
  std::size_t width = 0, height = 1, dst_pitch = 0, src_pitch = 0;
  std::size_t span(std::size_t pitch) const { return height == 0 ? 0 : pitch * (height - 1) + width; }
  std::size_t bytes() const { return width * height; }
};

// Checks both ranges of a copy against the sides its (valid) `kind` needs.
cudaError_t check_copy(const char* call, void* dst, const void* src, const Rows& rows, cudaMemcpyKind kind,
                       const ApiCaller& caller) {
  const bool dst_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (cudaError_t e = cusim::backend::check_range(call, "destination", dst, rows.span(rows.dst_pitch),
                                                  dst_device ? Side::device : Side::any, caller))
    return e;
  return cusim::backend::check_range(call, "source", src, rows.span(rows.src_pitch), src_device ? Side::device : Side::any,
                                     caller);
}

cudaError_t memcpy_on(const char* call, void* dst, const void* src, Rows rows, cudaMemcpyKind kind,
                      cudaStream_t stream, bool wait, const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (rows.height > 1 && (rows.width > rows.dst_pitch || rows.width > rows.src_pitch))
    return record(cudaErrorInvalidPitchValue);
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(stream, call, caller);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (rows.bytes() == 0) return cudaSuccess;
  if (cudaError_t e = check_copy(call, dst, src, rows, kind, caller)) return record(e);
  if (!wait)
    if (const auto captured = cusim::backend::capture_work(stream, cudaGraphNodeTypeMemcpy, [=](cudaStream_t s) {
          return memcpy_on(call, dst, src, rows, kind, s, false, caller);
        }))
      return record(*captured);
  enqueue_traced(q, "memcpy", stream, rows.bytes(), [=] {
    for (std::size_t r = 0; r < rows.height; ++r) {
      char* const to = static_cast<char*>(dst) + r * rows.dst_pitch;
      const char* const from = static_cast<const char*>(src) + r * rows.src_pitch;
      cusim::backend::note_written(to, from, rows.width);
      std::memmove(to, from, rows.width);
    }
  });
  if (!wait) return cudaSuccess;
  cusim::backend::synchronize(q);
  return record(cusim::backend::take_execution_error());
}

cudaError_t memset_on(const char* call, void* p, int value, Rows rows, cudaStream_t stream, const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (rows.height > 1 && rows.width > rows.dst_pitch) return record(cudaErrorInvalidPitchValue);
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(stream, call, caller);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (rows.bytes() == 0) return cudaSuccess;
  if (cudaError_t e = cusim::backend::check_range(call, "destination", p, rows.span(rows.dst_pitch), Side::device, caller))
    return record(e);
  if (const auto captured = cusim::backend::capture_work(
          stream, cudaGraphNodeTypeMemset, [=](cudaStream_t s) { return memset_on(call, p, value, rows, s, caller); }))
    return record(*captured);
  // Asynchronous with the host, as CUDA's cudaMemset is for device memory.
  enqueue_traced(q, "memset", stream, rows.bytes(), [=] {
    for (std::size_t r = 0; r < rows.height; ++r) {
      char* const to = static_cast<char*>(p) + r * rows.dst_pitch;
      cusim::backend::note_written(to, nullptr, rows.width);
      std::memset(to, value, rows.width);
    }
  });
  return cudaSuccess;
}

Rows one_row(std::size_t count) { return Rows{count, 1, count, count}; }

cudaError_t allocate_checked(void** p, std::size_t size, AllocKind kind, const ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  return record(cusim::backend::allocate(p, size, kind, caller));
}

}  // namespace

cudaError_t cudaMalloc(void** devPtr, std::size_t size) {
  CUSIM_HOST_API("cudaMalloc");
  cusim::sim::trace::HostCall traced("cudaMalloc", size);
  return allocate_checked(devPtr, size, AllocKind::device, CUSIM_CALLER);
}
cudaError_t cudaMallocManaged(void** devPtr, std::size_t size, unsigned int flags) {
  CUSIM_HOST_API("cudaMallocManaged");
  cusim::sim::trace::HostCall traced("cudaMallocManaged", size);
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) return record(cudaErrorInvalidValue);
  return allocate_checked(devPtr, size, AllocKind::managed, CUSIM_CALLER);
}
// Freeing synchronises with the device first, as CUDA's cudaFree does.
cudaError_t cudaFree(void* devPtr) {
  CUSIM_HOST_API("cudaFree");
  cusim::sim::trace::HostCall traced("cudaFree");
  cusim::backend::synchronize_all();
  if (cudaError_t result; cusim::backend::free_graph_allocation(devPtr, &result)) {
    cusim::backend::release_unused_graph_memory();
    return result;
  }
  const cudaError_t result = cusim::backend::release(devPtr, AllocKind::device, "cudaFree", CUSIM_CALLER);
  if (result == cudaSuccess) cusim::backend::note_pool_free(devPtr);
  return record(result);
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
  CUSIM_HOST_API("cudaMemcpy");
  cusim::sim::trace::HostCall traced("cudaMemcpy", count);
  return memcpy_on("cudaMemcpy", dst, src, one_row(count), kind, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemcpyAsync");
  cusim::sim::trace::HostCall traced("cudaMemcpyAsync", count);
  return memcpy_on("cudaMemcpyAsync", dst, src, one_row(count), kind, stream, false, CUSIM_CALLER);
}
cudaError_t cudaMemset(void* devPtr, int value, std::size_t count) {
  CUSIM_HOST_API("cudaMemset");
  cusim::sim::trace::HostCall traced("cudaMemset", count);
  return memset_on("cudaMemset", devPtr, value, one_row(count), nullptr, CUSIM_CALLER);
}
cudaError_t cudaMemsetAsync(void* devPtr, int value, std::size_t count, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemsetAsync");
  cusim::sim::trace::HostCall traced("cudaMemsetAsync", count);
  return memset_on("cudaMemsetAsync", devPtr, value, one_row(count), stream, CUSIM_CALLER);
}

// Copies between devices. The simulator has one device, so a peer copy is a copy within device 0,
// as CUDA's is between a device and itself; any other device is cudaErrorInvalidDevice.
cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, std::size_t count) {
  CUSIM_HOST_API("cudaMemcpyPeer");
  cusim::sim::trace::HostCall traced("cudaMemcpyPeer", count);
  if (dstDevice != 0 || srcDevice != 0) return record(cudaErrorInvalidDevice);
  return memcpy_on("cudaMemcpyPeer", dst, src, one_row(count), cudaMemcpyDeviceToDevice, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, std::size_t count,
                                cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemcpyPeerAsync");
  cusim::sim::trace::HostCall traced("cudaMemcpyPeerAsync", count);
  if (dstDevice != 0 || srcDevice != 0) return record(cudaErrorInvalidDevice);
  if (cusim::backend::capturing(stream)) return record(cusim::backend::refuse_in_capture(stream));
  return memcpy_on("cudaMemcpyPeerAsync", dst, src, one_row(count), cudaMemcpyDeviceToDevice, stream, false,
                   CUSIM_CALLER);
}

// Pitched allocations: rows padded to a multiple of the texture pitch alignment, as CUDA pads them
// (512 bytes on these devices: cudaMallocPitch of 100 bytes gives a pitch of 512).
cudaError_t cudaMallocPitch(void** devPtr, std::size_t* pitch, std::size_t width, std::size_t height) {
  CUSIM_HOST_API("cudaMallocPitch");
  cusim::sim::trace::HostCall traced("cudaMallocPitch", width * height);
  if (!devPtr || !pitch) return record(cudaErrorInvalidValue);
  const std::size_t align = cusim::backend::device_profile().textureAlignment;
  *pitch = (width + align - 1) / align * align;
  return allocate_checked(devPtr, *pitch * height, AllocKind::device, CUSIM_CALLER);
}
cudaError_t cudaMalloc3D(cudaPitchedPtr* pitchedDevPtr, cudaExtent extent) {
  CUSIM_HOST_API("cudaMalloc3D");
  cusim::sim::trace::HostCall traced("cudaMalloc3D", extent.width * extent.height * extent.depth);
  if (!pitchedDevPtr) return record(cudaErrorInvalidValue);
  const std::size_t align = cusim::backend::device_profile().textureAlignment;
  const std::size_t pitch = (extent.width + align - 1) / align * align;
  *pitchedDevPtr = cudaPitchedPtr{nullptr, pitch, extent.width, extent.height};
  return allocate_checked(&pitchedDevPtr->ptr, pitch * extent.height * extent.depth, AllocKind::device, CUSIM_CALLER);
}
// Stream-ordered allocation: the memory exists from the call (the stream's earlier work cannot
// touch it) and is freed once the stream's work before cudaFreeAsync has run (the call returns at
// once: device_memory.hpp, release_in_order). It comes from the device's current pool
// (memory_pools.hpp); in a capture, it is a graph allocation (graph_memory.hpp).
cudaError_t cudaMallocAsync(void** devPtr, std::size_t size, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMallocAsync");
  cusim::sim::trace::HostCall traced("cudaMallocAsync", size);
  if (!cusim::backend::find_queue(stream, "cudaMallocAsync", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  if (cusim::backend::capturing(stream))
    return record(cusim::backend::capture_graph_allocation(devPtr, size, stream, CUSIM_CALLER));
  return cusim::backend::allocate_from_pool(devPtr, size, nullptr, CUSIM_CALLER);
}
cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t stream) {
  CUSIM_HOST_API("cudaFreeAsync");
  cusim::sim::trace::HostCall traced("cudaFreeAsync");
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(stream, "cudaFreeAsync", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  cudaError_t result = cudaSuccess;
  if (cusim::backend::capturing(stream)) {
    if (cusim::backend::capture_graph_free(devPtr, stream, &result)) return record(result);
    return record(cudaErrorInvalidValue);  // memory from outside the graph: refused, the capture goes on
  }
  if (cusim::backend::free_graph_allocation(devPtr, &result)) return result;
  return record(cusim::backend::release_in_order(devPtr, "cudaFreeAsync", CUSIM_CALLER, [&q, devPtr](std::function<void()> work) {
    cusim::backend::enqueue(q, [devPtr, work = std::move(work)] {
      cusim::backend::note_pool_free(devPtr);
      work();
    });
  }));
}

cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                         std::size_t height, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaMemcpy2D");
  cusim::sim::trace::HostCall traced("cudaMemcpy2D", width * height);
  return memcpy_on("cudaMemcpy2D", dst, src, Rows{width, height, dpitch, spitch}, kind, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                              std::size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemcpy2DAsync");
  cusim::sim::trace::HostCall traced("cudaMemcpy2DAsync", width * height);
  return memcpy_on("cudaMemcpy2DAsync", dst, src, Rows{width, height, dpitch, spitch}, kind, stream, false, CUSIM_CALLER);
}
cudaError_t cudaMemset2D(void* devPtr, std::size_t pitch, int value, std::size_t width, std::size_t height) {
  CUSIM_HOST_API("cudaMemset2D");
  cusim::sim::trace::HostCall traced("cudaMemset2D", width * height);
  return memset_on("cudaMemset2D", devPtr, value, Rows{width, height, pitch, pitch}, nullptr, CUSIM_CALLER);
}
cudaError_t cudaMemset2DAsync(void* devPtr, std::size_t pitch, int value, std::size_t width, std::size_t height,
                              cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemset2DAsync");
  cusim::sim::trace::HostCall traced("cudaMemset2DAsync", width * height);
  return memset_on("cudaMemset2DAsync", devPtr, value, Rows{width, height, pitch, pitch}, stream, CUSIM_CALLER);
}

namespace {
// A 3D copy between pitched pointers, as one 2D copy of height x depth rows when both sides' slices
// are contiguous in rows (ysize == extent.height), else slice by slice. A CUDA array's side is its
// storage (rows of texels, slices of rows), with the extent's width and x position in elements
// there, as CUDA counts them for arrays.
cudaError_t memcpy_3d(const char* call, const cudaMemcpy3DParms* given, cudaStream_t stream, bool wait,
                      const ApiCaller& caller) {
  if (!given || (given->srcArray && given->srcPtr.ptr) || (given->dstArray && given->dstPtr.ptr))
    return record(cudaErrorInvalidValue);
  cudaMemcpy3DParms parms = *given;
  cudaMemcpy3DParms* const p = &parms;
  for (const bool source : {true, false}) {
    cudaArray_const_t array = source ? p->srcArray : p->dstArray;
    if (!array) continue;
    const cudaPitchedPtr storage = cusim::detail::array_as_pitched(array);
    if (!storage.ptr) return record(cudaErrorInvalidResourceHandle);
    cudaChannelFormatDesc desc{};
    cudaExtent size{};
    cudaArrayGetInfo(&desc, &size, nullptr, const_cast<cudaArray_t>(array));
    const std::size_t element = storage.pitch / size.width;
    cudaPos& pos = source ? p->srcPos : p->dstPos;
    if ((pos.x + p->extent.width) * element > storage.pitch || pos.y + p->extent.height > storage.ysize ||
        pos.z + p->extent.depth > std::max<std::size_t>(size.depth, 1))
      return record(cudaErrorInvalidValue);
    pos.x *= element;
    (source ? p->srcPtr : p->dstPtr) = storage;
    if (source ? !p->dstArray : true) p->extent.width *= element;
  }
  const cudaExtent e = p->extent;
  auto at = [](const cudaPitchedPtr& ptr, const cudaPos& pos) {
    return static_cast<char*>(ptr.ptr) + (pos.z * ptr.ysize + pos.y) * ptr.pitch + pos.x;
  };
  char* const dst = at(p->dstPtr, p->dstPos);
  const char* const src = at(p->srcPtr, p->srcPos);
  if (p->dstPtr.ysize == e.height && p->srcPtr.ysize == e.height)
    return memcpy_on(call, dst, src, Rows{e.width, e.height * e.depth, p->dstPtr.pitch, p->srcPtr.pitch}, p->kind, stream,
                     wait, caller);
  for (std::size_t z = 0; z < e.depth; ++z) {
    const cudaError_t r = memcpy_on(call, dst + z * p->dstPtr.ysize * p->dstPtr.pitch,
                                    src + z * p->srcPtr.ysize * p->srcPtr.pitch,
                                    Rows{e.width, e.height, p->dstPtr.pitch, p->srcPtr.pitch}, p->kind, stream, wait, caller);
    if (r != cudaSuccess) return r;
  }
  return cudaSuccess;
}
cudaError_t memset_3d(const char* call, cudaPitchedPtr ptr, int value, cudaExtent e, cudaStream_t stream,
                      const ApiCaller& caller) {
  for (std::size_t z = 0; z < e.depth; ++z) {
    const cudaError_t r = memset_on(call, static_cast<char*>(ptr.ptr) + z * ptr.ysize * ptr.pitch, value,
                                    Rows{e.width, e.height, ptr.pitch, ptr.pitch}, stream, caller);
    if (r != cudaSuccess) return r;
  }
  return cudaSuccess;
}
}  // namespace

// ---- CUDA arrays: 2D copies to and from their rows (offsets and widths in bytes) ----
namespace {
struct ArrayRows {
  char* start;
  std::size_t pitch;
};
// Where a copy of `height` rows of `width` bytes at (w_offset, h_offset) lies in the array, or
// nullptr when it leaves it.
ArrayRows array_rows(cudaArray_const_t array, std::size_t w_offset, std::size_t h_offset, std::size_t width,
                     std::size_t height) {
  const cudaPitchedPtr storage = cusim::detail::array_as_pitched(array);
  if (!storage.ptr || w_offset + width > storage.pitch || h_offset + height > storage.ysize) return {nullptr, 0};
  return {static_cast<char*>(storage.ptr) + h_offset * storage.pitch + w_offset, storage.pitch};
}
cudaError_t array_error(cudaArray_const_t array) {
  return record(cusim::detail::array_as_pitched(array).ptr ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}
}  // namespace

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaMemcpy2DToArray");
  cusim::sim::trace::HostCall traced("cudaMemcpy2DToArray", width * height);
  const ArrayRows to = array_rows(dst, wOffset, hOffset, width, height);
  if (!to.start) return array_error(dst);
  return memcpy_on("cudaMemcpy2DToArray", to.start, src, Rows{width, height, to.pitch, spitch}, kind, nullptr, true,
                   CUSIM_CALLER);
}
cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                  std::size_t hOffset, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaMemcpy2DFromArray");
  cusim::sim::trace::HostCall traced("cudaMemcpy2DFromArray", width * height);
  const ArrayRows from = array_rows(src, wOffset, hOffset, width, height);
  if (!from.start) return array_error(src);
  return memcpy_on("cudaMemcpy2DFromArray", dst, from.start, Rows{width, height, dpitch, from.pitch}, kind, nullptr, true,
                   CUSIM_CALLER);
}
// The deprecated 1D forms: `count` bytes from (wOffset, hOffset) on, running on into later rows.
namespace {
// The first byte of such a copy in the array, or nullptr with the error CUDA gives.
char* array_run(cudaArray_const_t array, std::size_t w_offset, std::size_t h_offset, std::size_t count,
                cudaError_t* error) {
  const cudaPitchedPtr storage = cusim::detail::array_as_pitched(array);
  const std::size_t start = h_offset * storage.pitch + w_offset;
  *error = !storage.ptr ? cudaErrorInvalidResourceHandle
                        : (w_offset > storage.pitch || start + count > storage.pitch * storage.ysize ? cudaErrorInvalidValue
                                                                                                    : cudaSuccess);
  return *error ? nullptr : static_cast<char*>(storage.ptr) + start;
}
}  // namespace
cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                              std::size_t count, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaMemcpyToArray");
  cusim::sim::trace::HostCall traced("cudaMemcpyToArray", count);
  cudaError_t error;
  char* const to = array_run(dst, wOffset, hOffset, count, &error);
  if (!to) return record(error);
  return memcpy_on("cudaMemcpyToArray", to, src, one_row(count), kind, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, std::size_t wOffset, std::size_t hOffset,
                                std::size_t count, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaMemcpyFromArray");
  cusim::sim::trace::HostCall traced("cudaMemcpyFromArray", count);
  cudaError_t error;
  const char* const from = array_run(src, wOffset, hOffset, count, &error);
  if (!from) return record(error);
  return memcpy_on("cudaMemcpyFromArray", dst, from, one_row(count), kind, nullptr, true, CUSIM_CALLER);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  CUSIM_HOST_API("cudaMemcpy3D");
  cusim::sim::trace::HostCall traced("cudaMemcpy3D");
  return memcpy_3d("cudaMemcpy3D", p, nullptr, true, CUSIM_CALLER);
}
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemcpy3DAsync");
  cusim::sim::trace::HostCall traced("cudaMemcpy3DAsync");
  return memcpy_3d("cudaMemcpy3DAsync", p, stream, false, CUSIM_CALLER);
}
cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent) {
  CUSIM_HOST_API("cudaMemset3D");
  cusim::sim::trace::HostCall traced("cudaMemset3D");
  return memset_3d("cudaMemset3D", pitchedDevPtr, value, extent, nullptr, CUSIM_CALLER);
}
cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMemset3DAsync");
  cusim::sim::trace::HostCall traced("cudaMemset3DAsync");
  return memset_3d("cudaMemset3DAsync", pitchedDevPtr, value, extent, stream, CUSIM_CALLER);
}

namespace cusim::detail {
namespace {
// The checks of a symbol copy, as CUDA makes them: cudaSuccess if it may go ahead. The symbol is
// device memory: to it from the host or the device, from it to either (measured on an H100, CUDA
// 13.0: the other directions are cudaErrorInvalidMemcpyDirection). A device-to-device copy with a
// host pointer is accepted here (CUDA: cudaErrorInvalidValue): the simulator cannot tell a host
// object from a __device__ variable it was not told about.
cudaError_t check_symbol_copy(std::size_t symbol_size, const void* other, std::size_t count, std::size_t offset,
                              cudaMemcpyKind kind, bool to_symbol) {
  if (cudaError_t s = cusim::backend::sticky_error()) return s;
  const cudaMemcpyKind toward = to_symbol ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
  if (kind != toward && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  if (offset > symbol_size || count > symbol_size - offset) return cudaErrorInvalidValue;
  if (count && !other) return cudaErrorInvalidValue;
  return cudaSuccess;
}
}  // namespace

// Ordered in `stream` after its earlier work; in a capture, a node of the graph.
cudaError_t copy_symbol_async(void* symbol, std::size_t symbol_size, void* other, std::size_t count, std::size_t offset,
                              cudaMemcpyKind kind, bool to_symbol, cudaStream_t stream) {
  CUSIM_HOST_API(to_symbol ? "cudaMemcpyToSymbolAsync" : "cudaMemcpyFromSymbolAsync");
  if (cudaError_t e = check_symbol_copy(symbol_size, other, count, offset, kind, to_symbol)) return record(e);
  const cusim::backend::QueuePtr q =
      cusim::backend::find_queue(stream, to_symbol ? "cudaMemcpyToSymbolAsync" : "cudaMemcpyFromSymbolAsync", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (count == 0) return cudaSuccess;
  if (const auto captured = cusim::backend::capture_work(stream, cudaGraphNodeTypeMemcpy, [=](cudaStream_t s) {
        return copy_symbol_async(symbol, symbol_size, other, count, offset, kind, to_symbol, s);
      }))
    return record(*captured);
  char* at = static_cast<char*>(symbol) + offset;
  if (to_symbol) cusim::backend::enqueue(q, [=] { std::memcpy(at, other, count); });
  else cusim::backend::enqueue(q, [=] { std::memcpy(other, at, count); });
  return cudaSuccess;
}

cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, void* host, std::size_t count, std::size_t offset,
                        cudaMemcpyKind kind, bool to_symbol) {
  CUSIM_HOST_API(to_symbol ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol");
  if (cudaError_t e = check_symbol_copy(symbol_size, host, count, offset, kind, to_symbol)) return record(e);
  if (count == 0) return cudaSuccess;
  char* at = static_cast<char*>(symbol) + offset;
  // Ordered after earlier work on the default stream and finished on return, as on CUDA.
  const cusim::backend::QueuePtr q = cusim::backend::legacy_queue();
  if (to_symbol) cusim::backend::enqueue(q, [=] { std::memcpy(at, host, count); });
  else cusim::backend::enqueue(q, [=] { std::memcpy(host, at, count); });
  cusim::backend::synchronize(q);
  return record(cusim::backend::take_execution_error());
}
}  // namespace cusim::detail
