// CUDA arrays, texture objects and surface objects: their creation, checks and records, and the
// view of an object a kernel's fetch reads (cusim/detail/texture_fetch.hpp). The errors are those
// CUDA 13.0 returns on an H100/H200 (measured: a linear filter over an integer format read as its
// element type is cudaErrorInvalidFilterSetting, a channel layout arrays cannot hold
// cudaErrorInvalidChannelDescriptor, a zero width cudaErrorInvalidValue; destroying an object
// twice, or object 0, succeeds).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <atomic>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/texture_objects.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/texture_fetch.hpp"
#include "sim/exec/block_run.hpp"

// A CUDA array: its texels, row after row and slice (or layer) after slice, in device memory.
struct cudaArray {
  cudaChannelFormatDesc desc;
  std::size_t width, height, depth;  // as allocated: height 0 for 1D, depth 0 unless 3D or layered
  unsigned flags;
  unsigned char channels, channel_bytes;
  void* data;
  std::size_t row_bytes() const { return width * channels * channel_bytes; }
  std::size_t slice_bytes() const { return row_bytes() * std::max<std::size_t>(height, 1); }
};

using cusim::backend::record;

namespace {

struct Registry {
  // Kernels read the objects on every fetch (object_view), the host API changes them: readers
  // share the lock, and each worker keeps the views it read until `generation` moves.
  std::shared_mutex m;
  std::atomic<unsigned long long> generation{0};  // bumped by every change to the objects
  std::unordered_set<const cudaArray*> arrays;
  std::unordered_map<unsigned long long, cusim::detail::TextureView> textures, surfaces;
  struct Description {
    cudaResourceDesc resource;
    cudaTextureDesc texture;
  };
  std::unordered_map<unsigned long long, Description> described;  // what each object was made from
  unsigned long long next = 1;
};
Registry& registry() {
  static auto* const r = new Registry;  // never destroyed: kernels may still run as the program exits
  return *r;
}

// The channel layout of a descriptor: 1, 2 or 4 channels of one size (8, 16 or 32 bits; 16 or 32
// for floats), or 0 when no array or texture can hold it.
struct Layout {
  unsigned channels = 0, bytes = 0;
};
Layout layout_of(const cudaChannelFormatDesc& d) {
  const int sizes[4] = {d.x, d.y, d.z, d.w};
  unsigned n = 0;
  for (int s : sizes) {
    if (s == 0) break;
    if (s != d.x) return {};
    ++n;
  }
  for (unsigned k = n; k < 4; ++k)
    if (sizes[k] != 0) return {};
  if (n == 0 || n == 3) return {};
  if (d.x != 8 && d.x != 16 && d.x != 32) return {};
  if (d.f == cudaChannelFormatKindFloat && d.x == 8) return {};
  if (d.f != cudaChannelFormatKindFloat && d.f != cudaChannelFormatKindSigned && d.f != cudaChannelFormatKindUnsigned)
    return {};
  return Layout{n, static_cast<unsigned>(d.x / 8)};
}

bool live_array(const cudaArray* a) {
  Registry& r = registry();
  std::shared_lock<std::shared_mutex> lock(r.m);
  return a && r.arrays.count(a);
}

cudaError_t make_array(cudaArray_t* out, const cudaChannelFormatDesc* desc, std::size_t w, std::size_t h, std::size_t d,
                       unsigned flags, const cusim::backend::ApiCaller& caller) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (!out || !desc) return record(cudaErrorInvalidValue);
  const Layout l = layout_of(*desc);
  if (!l.channels) return record(cudaErrorInvalidChannelDescriptor);
  if (w == 0 || (d != 0 && h == 0 && !(flags & cudaArrayLayered))) return record(cudaErrorInvalidValue);
  if (flags & ~unsigned(cudaArrayLayered | cudaArrayCubemap | cudaArraySurfaceLoadStore | cudaArrayTextureGather))
    return record(cudaErrorInvalidValue);
  // A cubemap has square faces, six of them, or six per cubemap of a layered one.
  if ((flags & cudaArrayCubemap) && (h != w || d == 0 || d % 6 != 0 || (!(flags & cudaArrayLayered) && d != 6)))
    return record(cudaErrorInvalidValue);
  auto* a = new cudaArray{*desc, w, h, d, flags, static_cast<unsigned char>(l.channels), static_cast<unsigned char>(l.bytes), nullptr};
  const std::size_t bytes = a->slice_bytes() * std::max<std::size_t>(d, 1);
  if (cudaError_t e = cusim::backend::allocate(&a->data, bytes, cusim::backend::AllocKind::array, caller)) {
    delete a;
    return record(e);
  }
  Registry& r = registry();
  std::lock_guard<std::shared_mutex> lock(r.m);
  r.arrays.insert(a);
  *out = a;
  return cudaSuccess;
}

// The border colour as a read of the texture gives it: for an integer format read as normalized
// floats, the colour stored in that format and read back.
float border_as_read(float c, const cudaChannelFormatDesc& d, unsigned bytes, cudaTextureReadMode mode) {
  if (d.f == cudaChannelFormatKindFloat || bytes == 4) return c;
  if (mode == cudaReadModeElementType) return c;
  const double top = d.f == cudaChannelFormatKindUnsigned ? (bytes == 1 ? 255.0 : 65535.0) : (bytes == 1 ? 127.0 : 32767.0);
  const double lo = d.f == cudaChannelFormatKindUnsigned ? 0.0 : -top;
  // Halves round toward zero (measured: 0.5 reads as 127/255 from an 8-bit unsigned format, and
  // -0.5 filters as -63/127 from a signed one).
  const double x = std::clamp(static_cast<double>(c) * top, lo, top);
  const double stored = x < 0 ? -std::ceil(-x - 0.5) : std::ceil(x - 0.5);
  return static_cast<float>(std::max(stored / top, -1.0));
}

// Fills the view of a resource; the error CUDA gives for a resource it cannot make an object of.
cudaError_t view_of_resource(const cudaResourceDesc& res, cusim::detail::TextureView& v, bool surface) {
  v = cusim::detail::TextureView{};
  v.size[0] = v.size[1] = v.size[2] = 1;
  cudaChannelFormatDesc desc{};
  switch (res.resType) {
    case cudaResourceTypeArray: {
      const cudaArray* a = res.res.array.array;
      if (!live_array(a)) return cudaErrorInvalidResourceHandle;
      desc = a->desc;
      v.base = static_cast<const unsigned char*>(a->data);
      v.row_bytes = a->row_bytes();
      v.slice_bytes = a->slice_bytes();
      v.size[0] = static_cast<unsigned>(a->width);
      const bool layered = a->flags & (cudaArrayLayered | cudaArrayCubemap);  // a cubemap's faces are layers
      v.cubemap = a->flags & cudaArrayCubemap ? 1 : 0;
      v.dims = a->height == 0 ? 1 : (a->depth == 0 || layered ? 2 : 3);
      if (v.dims >= 2) v.size[1] = static_cast<unsigned>(a->height);
      if (v.dims == 3) v.size[2] = static_cast<unsigned>(a->depth);
      if (layered) v.layers = static_cast<unsigned>(std::max<std::size_t>(a->depth, 1));
      break;
    }
    case cudaResourceTypeLinear: {
      if (surface) return cudaErrorInvalidValue;
      desc = res.res.linear.desc;
      const Layout l = layout_of(desc);
      if (!l.channels) return cudaErrorInvalidChannelDescriptor;
      if (!res.res.linear.devPtr) return cudaErrorInvalidValue;
      v.base = static_cast<const unsigned char*>(res.res.linear.devPtr);
      v.linear_texels = res.res.linear.sizeInBytes / (l.channels * l.bytes);
      v.linear_resource = 1;
      v.dims = 1;
      v.size[0] = static_cast<unsigned>(std::min<std::size_t>(v.linear_texels, ~0u));
      v.row_bytes = v.slice_bytes = res.res.linear.sizeInBytes;
      break;
    }
    case cudaResourceTypePitch2D: {
      if (surface) return cudaErrorInvalidValue;
      desc = res.res.pitch2D.desc;
      const Layout l = layout_of(desc);
      if (!l.channels) return cudaErrorInvalidChannelDescriptor;
      if (!res.res.pitch2D.devPtr || res.res.pitch2D.width == 0 || res.res.pitch2D.height == 0 ||
          res.res.pitch2D.pitchInBytes < res.res.pitch2D.width * l.channels * l.bytes)
        return cudaErrorInvalidValue;
      v.base = static_cast<const unsigned char*>(res.res.pitch2D.devPtr);
      v.row_bytes = res.res.pitch2D.pitchInBytes;
      v.slice_bytes = v.row_bytes * res.res.pitch2D.height;
      v.dims = 2;
      v.size[0] = static_cast<unsigned>(res.res.pitch2D.width);
      v.size[1] = static_cast<unsigned>(res.res.pitch2D.height);
      break;
    }
    default:
      return cudaErrorInvalidValue;  // mipmapped arrays are not simulated
  }
  const Layout l = layout_of(desc);
  v.channels = static_cast<unsigned char>(l.channels);
  v.channel_bytes = static_cast<unsigned char>(l.bytes);
  v.kind = static_cast<unsigned char>(desc.f);
  return cudaSuccess;
}

unsigned long long add_object(bool surface, const cusim::detail::TextureView& v, const cudaResourceDesc& res,
                              const cudaTextureDesc* tex) {
  Registry& r = registry();
  std::lock_guard<std::shared_mutex> lock(r.m);
  const unsigned long long h = r.next++;
  (surface ? r.surfaces : r.textures)[h] = v;
  r.generation.fetch_add(1, std::memory_order_release);
  r.described[h] = Registry::Description{res, tex ? *tex : cudaTextureDesc{}};
  return h;
}

}  // namespace

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, std::size_t width, std::size_t height,
                            unsigned int flags) {
  CUSIM_HOST_API("cudaMallocArray");
  if (flags & cudaArrayLayered) return record(cudaErrorInvalidValue);  // layered arrays come from cudaMalloc3DArray
  return make_array(array, desc, width, height, 0, flags, CUSIM_CALLER);
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent, unsigned int flags) {
  CUSIM_HOST_API("cudaMalloc3DArray");
  return make_array(array, desc, extent.width, extent.height, extent.depth, flags, CUSIM_CALLER);
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  CUSIM_HOST_API("cudaFreeArray");
  if (!array) return cudaSuccess;
  {
    Registry& r = registry();
    std::lock_guard<std::shared_mutex> lock(r.m);
    if (!r.arrays.erase(array)) return record(cudaErrorInvalidValue);
  }
  cusim::backend::synchronize_all();
  const cudaError_t e = cusim::backend::release(array->data, cusim::backend::AllocKind::array, "cudaFreeArray", CUSIM_CALLER);
  delete array;
  return record(e);
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t array) {
  CUSIM_HOST_API("cudaArrayGetInfo");
  if (!live_array(array)) return record(cudaErrorInvalidResourceHandle);
  if (desc) *desc = array->desc;
  if (extent) *extent = cudaExtent{array->width, array->height, array->depth};
  if (flags) *flags = array->flags;
  return cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texObject, const cudaResourceDesc* resDesc,
                                    const cudaTextureDesc* texDesc, const cudaResourceViewDesc* resViewDesc) {
  CUSIM_HOST_API("cudaCreateTextureObject");
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (!texObject || !resDesc || !texDesc || resDesc->flags != 0) return record(cudaErrorInvalidValue);
  if (resViewDesc) return record(cudaErrorNotSupported);  // resource views are not simulated
  cusim::detail::TextureView v;
  if (cudaError_t e = view_of_resource(*resDesc, v, false)) return record(e);
  const cudaTextureDesc& t = *texDesc;
  for (int d = 0; d < 3; ++d)
    if (t.addressMode[d] < cudaAddressModeWrap || t.addressMode[d] > cudaAddressModeBorder) return record(cudaErrorInvalidValue);
  if (t.filterMode != cudaFilterModePoint && t.filterMode != cudaFilterModeLinear) return record(cudaErrorInvalidValue);
  if (t.readMode != cudaReadModeElementType && t.readMode != cudaReadModeNormalizedFloat) return record(cudaErrorInvalidValue);
  const bool integer = v.kind != cudaChannelFormatKindFloat;
  if (t.filterMode == cudaFilterModeLinear && integer && (t.readMode == cudaReadModeElementType || v.channel_bytes == 4))
    return record(cudaErrorInvalidFilterSetting);
  if (t.readMode == cudaReadModeNormalizedFloat && integer && v.channel_bytes == 4) return record(cudaErrorInvalidValue);
  for (int d = 0; d < 3; ++d) v.address[d] = static_cast<unsigned char>(t.addressMode[d]);
  v.filter = static_cast<unsigned char>(t.filterMode);
  v.read_mode = static_cast<unsigned char>(t.readMode);
  v.normalized = t.normalizedCoords ? 1 : 0;
  v.seamless = t.seamlessCubemap ? 1 : 0;
  const cudaChannelFormatDesc desc{v.channel_bytes * 8, 0, 0, 0, static_cast<cudaChannelFormatKind>(v.kind)};
  for (int c = 0; c < 4; ++c) v.border[c] = border_as_read(t.borderColor[c], desc, v.channel_bytes, t.readMode);
  *texObject = add_object(false, v, *resDesc, texDesc);
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  CUSIM_HOST_API("cudaDestroyTextureObject");
  Registry& r = registry();
  std::lock_guard<std::shared_mutex> lock(r.m);
  if (r.textures.erase(texObject)) r.described.erase(texObject);  // unknown or destroyed: cudaSuccess, as CUDA
  r.generation.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

namespace {
// What a live texture object was made from, its `part` copied to `out`.
template <class Part>
cudaError_t texture_description(Part* out, cudaTextureObject_t texObject, Part Registry::Description::*part) {
  Registry& r = registry();
  std::shared_lock<std::shared_mutex> lock(r.m);
  if (!out || !r.textures.count(texObject)) return record(cudaErrorInvalidValue);
  *out = r.described[texObject].*part;
  return cudaSuccess;
}
}  // namespace

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resDesc, cudaTextureObject_t texObject) {
  CUSIM_HOST_API("cudaGetTextureObjectResourceDesc");
  return texture_description(resDesc, texObject, &Registry::Description::resource);
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* texDesc, cudaTextureObject_t texObject) {
  CUSIM_HOST_API("cudaGetTextureObjectTextureDesc");
  return texture_description(texDesc, texObject, &Registry::Description::texture);
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surfObject, const cudaResourceDesc* resDesc) {
  CUSIM_HOST_API("cudaCreateSurfaceObject");
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (!surfObject || !resDesc || resDesc->resType != cudaResourceTypeArray) return record(cudaErrorInvalidValue);
  cusim::detail::TextureView v;
  if (cudaError_t e = view_of_resource(*resDesc, v, true)) return record(e);
  *surfObject = add_object(true, v, *resDesc, nullptr);
  return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  CUSIM_HOST_API("cudaDestroySurfaceObject");
  Registry& r = registry();
  std::lock_guard<std::shared_mutex> lock(r.m);
  if (r.surfaces.erase(surfObject)) r.described.erase(surfObject);
  r.generation.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

namespace cusim::backend {
void forget_texture_objects() {
  Registry& r = registry();
  std::lock_guard<std::shared_mutex> lock(r.m);
  for (const cudaArray* a : r.arrays) delete a;
  r.arrays.clear();
  r.textures.clear();
  r.surfaces.clear();
  r.described.clear();
  r.generation.fetch_add(1, std::memory_order_release);
}
}  // namespace cusim::backend

namespace cusim::detail {

cudaPitchedPtr array_as_pitched(cudaArray_const_t a) {
  if (!live_array(a)) return cudaPitchedPtr{nullptr, 0, 0, 0};
  return cudaPitchedPtr{a->data, a->row_bytes(), a->row_bytes(), std::max<std::size_t>(a->height, 1)};
}

namespace {
// A worker's last views, valid while the registry's generation is the one they were read at: a
// fetch reads one atomic and compares, and takes the registry's lock only after a change.
struct ViewCache {
  struct Entry {
    unsigned long long generation = ~0ull, handle = 0;
    bool surface = false;
    TextureView view;
  };
  Entry entries[4];
};
thread_local ViewCache view_cache;
}  // namespace

void object_view(unsigned long long handle, bool surface, TextureView* view, const char* call, std::source_location site) {
  Registry& r = registry();
  ViewCache::Entry& cached = view_cache.entries[(handle * 2 + surface) % 4];
  const unsigned long long generation = r.generation.load(std::memory_order_acquire);
  if (cached.generation == generation && cached.handle == handle && cached.surface == surface) {
    *view = cached.view;
    return;
  }
  {
    std::shared_lock<std::shared_mutex> lock(r.m);
    auto& objects = surface ? r.surfaces : r.textures;
    if (const auto it = objects.find(handle); it != objects.end()) {
      *view = it->second;
      cached = ViewCache::Entry{r.generation.load(std::memory_order_relaxed), handle, surface, it->second};
      return;
    }
  }
  sim::running::gate = nullptr;  // the report's strings are not the kernel's accesses
  sim::BlockRun* run = sim::BlockRun::current();
  if (!run || !sim::BlockRun::in_thread()) {
    std::fprintf(stderr, "cusim: fatal: %s called outside a kernel\n", call);
    std::abort();
  }
  run->fail_thread(sim::DiagnosticKind::invalid_handle,
                   std::string(call) + " of " + (surface ? "surface" : "texture") + " object " + std::to_string(handle) +
                       ", which is no live " + (surface ? "surface" : "texture") + " object (destroyed, or never made)",
                   sim::SourceSite{site.file_name(), unsigned(site.line()), unsigned(site.column()), site.function_name()});
}

void surface_out_of_range(const char* call, long long x_bytes, long long y, const TextureView& v, std::source_location site) {
  sim::running::gate = nullptr;
  const long long width = static_cast<long long>(v.size[0]) * v.channels * v.channel_bytes;
  sim::BlockRun::current()->fail_thread(
      sim::DiagnosticKind::illegal_address,
      std::string(call) + " at byte " + std::to_string(x_bytes) + " of row " + std::to_string(y) + ", outside the " +
          std::to_string(width) + "-byte by " + std::to_string(v.dims >= 2 ? v.size[1] : 1) +
          "-row surface (cudaBoundaryModeTrap: the GPU traps)",
      sim::SourceSite{site.file_name(), unsigned(site.line()), unsigned(site.column()), site.function_name()});
}

}  // namespace cusim::detail
