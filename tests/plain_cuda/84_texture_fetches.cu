// Texture and surface objects, bit for bit with the GPU (issue F2c): 1D and 2D float textures over
// CUDA arrays in every filter and address mode, with and without normalized coordinates; 8- and
// 16-bit formats read as normalized floats; layered, pitched and linear resources; 3D point
// reads and 3D linear filtering; signed 8-bit formats filtered linearly; surfaces and copies to
// and from arrays (checked in the program); and the runtime's error codes. Each line hashes
// (64-bit FNV-1a) the bits of every fetch of a sweep of coordinates, random and on and beside
// texel centres and edges. The EXPECT lines are this program's output built with nvcc 13.0 and
// run on an H200 (sm_90), 2026-11-28:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/84_texture_fetches.cu && ./a.out
// EXPECT: host: 1D float point fnv 0x64d5137a87327118
// EXPECT: host: 1D float linear fnv 0x87c84ad8ae46c3c6
// EXPECT: host: 2D float point fnv 0xc16e1b146cc5b9b6
// EXPECT: host: 2D float linear fnv 0x108d579a7183ab2d
// EXPECT: host: 2D uchar4 normalized point fnv 0x610faaaba745338b
// EXPECT: host: 2D uchar4 normalized linear fnv 0x20c956a22ede08d6
// EXPECT: host: 2D uchar4 elements fnv 0xa4d18118132eb155
// EXPECT: host: 1D short normalized fnv 0xd03f5c260e954c5e
// EXPECT: host: 1D ushort normalized fnv 0xadadda61629886cd
// EXPECT: host: 1D char normalized fnv 0x64701ae7896ef336
// EXPECT: host: 3D float point fnv 0x86bcfc7bf2f9ecba
// EXPECT: host: 2D layered float fnv 0x9725a72319a5ee9d
// EXPECT: host: 1D layered float fnv 0xf5875effdf0131cc
// EXPECT: host: linear float tex1Dfetch fnv 0x0920ac17840a43df
// EXPECT: host: pitched 2D float fnv 0xf8eedea0768b2bc9
// EXPECT: host: surfaces: 0 wrong
// EXPECT: host: cudaMemcpyToArray and back: 8 of 8
// EXPECT: host: 3 channels: cudaErrorInvalidChannelDescriptor
// EXPECT: host: width 0: cudaErrorInvalidValue
// EXPECT: host: linear filter on integer elements: cudaErrorInvalidFilterSetting
// EXPECT: host: no resource: cudaErrorInvalidValue
// EXPECT: host: copy past the row: cudaErrorInvalidValue
// EXPECT: host: array info 8 0 0 0 kind 1, 4 x 2 x 0, flags 0
// EXPECT: host: destroy object 0: cudaSuccess
// EXPECT: host: 3D float linear fnv 0xaa28045ef662dca8
// EXPECT: host: 1D char normalized linear fnv 0x145f3b8071c76044
// EXPECT: host: 2D char4 normalized linear fnv 0x77469d662960d7e8
// EXPECT: host: 2D half point fnv 0x6ca8ab63c9366e1f
// EXPECT: host: 2D ushort2 normalized linear fnv 0xaf12c4fd210efa92
// EXPECT: host: 2D half linear fnv 0x8578628fe6e969fd
// EXPECT: host: 2D short2 normalized linear fnv 0xcb7b771aead6e0d4
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.cuh"

namespace {

std::uint32_t lcg = 12345;
std::uint32_t rnd() { return lcg = lcg * 1664525u + 1013904223u; }
float frand(float lo, float hi) { return lo + (hi - lo) * float(rnd() >> 8) * (1.0f / 16777216.0f); }

struct Hash {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(const void* p, std::size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  }
};

}  // namespace

// Surfaces: each thread writes its element; then reads, in each boundary mode.
__global__ void surface_write(cudaSurfaceObject_t s) { surf2Dwrite(float(blockIdx.x * 100 + threadIdx.x), s, threadIdx.x * 4, blockIdx.x); }
__global__ void surface_read(cudaSurfaceObject_t s, int h, float* reads) {
  const int x = threadIdx.x;
  // Below the last row: zeros, or (clamped) the last row's element, the right end's past it.
  reads[3 * x] = surf2Dread<float>(s, (x + 3) * 4, h, cudaBoundaryModeZero);
  reads[3 * x + 1] = surf2Dread<float>(s, (x + 3) * 4, h + 2, cudaBoundaryModeClamp);
  reads[3 * x + 2] = surf2Dread<float>(s, x * 4, 1);
}

enum Kind { K1, K2, K3, K1L, K2L, KF };
template <class T>
__global__ void fetch_all(cudaTextureObject_t t, const float4* c, T* out, int n, int kind) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 p = c[i];
  switch (kind) {
    case K1: out[i] = tex1D<T>(t, p.x); break;
    case K2: out[i] = tex2D<T>(t, p.x, p.y); break;
    case K3: out[i] = tex3D<T>(t, p.x, p.y, p.z); break;
    case K1L: out[i] = tex1DLayered<T>(t, p.x, int(p.w)); break;
    case K2L: out[i] = tex2DLayered<T>(t, p.x, p.y, int(p.w)); break;
    default: out[i] = tex1Dfetch<T>(t, int(p.x)); break;
  }
}

// Fetches every coordinate and adds the results' bits to the hash.
template <class T>
void sweep(Hash& hash, Kind kind, cudaTextureObject_t t, const std::vector<float4>& coords) {
  const int n = int(coords.size());
  float4* dc;
  T* dout;
  CHECK_CUDA(cudaMalloc(&dc, n * sizeof(float4)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(dc, coords.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  fetch_all<T><<<(n + 127) / 128, 128>>>(t, dc, dout, n, kind);
  CHECK_CUDA(cudaGetLastError());
  std::vector<T> out(n);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
  hash.add(out.data(), n * sizeof(T));
  CHECK_CUDA(cudaFree(dc));
  CHECK_CUDA(cudaFree(dout));
}

std::vector<float4> coords1(int n, bool normalized, int layers = 0) {
  std::vector<float4> c;
  auto push = [&](float x) { c.push_back(float4{normalized ? x / n : x, 0, 0, layers ? float(rnd() % layers) : 0.f}); };
  for (int i = 0; i < 150; ++i) push(frand(-2.5f, n + 2.5f));
  for (int k = -2 * 16; k <= (n + 2) * 16; ++k) push(k / 16.0f);
  for (int i = -1; i <= n; ++i)
    for (float d : {1.0f / 1024, 1.0f / 512, 1.0f / 300, 1.0f / 256, 3.0f / 512, 0.0f})
      push(i + 0.5f + d), push(i + 0.5f - d), push(i + d), push(i - d);
  if (normalized)
    for (int i = 0; i < 80; ++i) c.push_back(float4{frand(-3.f, 4.f), 0, 0, 0});
  return c;
}
std::vector<float4> coords2(int w, int h, bool normalized, int layers = 0) {
  std::vector<float4> c;
  for (int i = 0; i < 400; ++i) {
    float x = frand(-2.f, w + 2.f), y = frand(-2.f, h + 2.f);
    if (i % 4 == 1) x = int(rnd() % (w * 16)) / 16.0f, y = int(rnd() % (h * 16)) / 16.0f;
    c.push_back(float4{normalized ? x / w : x, normalized ? y / h : y, 0, layers ? float(rnd() % layers) : 0.f});
  }
  return c;
}

cudaTextureObject_t texture_of(const cudaResourceDesc& r, cudaTextureFilterMode f, cudaTextureAddressMode m, bool norm,
                               cudaTextureReadMode read = cudaReadModeElementType, float border = 0.f) {
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
  td.filterMode = f;
  td.readMode = read;
  td.normalizedCoords = norm;
  td.borderColor[0] = border;
  td.borderColor[1] = border * 2;
  td.borderColor[2] = border * 3;
  td.borderColor[3] = 1.0f;
  cudaTextureObject_t t = 0;
  CHECK_CUDA(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}
cudaResourceDesc array_resource(cudaArray_t a) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  return r;
}
// A 3D CUDA array of floats, w x h x depth, holding `v`.
cudaArray_t float_array_3d(const std::vector<float>& v, int w, int h, int depth) {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK_CUDA(cudaMalloc3DArray(&a, &d, make_cudaExtent(w, h, depth), 0));
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(const_cast<float*>(v.data()), w * 4, w, h);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h, depth);
  p.kind = cudaMemcpyHostToDevice;
  CHECK_CUDA(cudaMemcpy3D(&p));
  return a;
}
void print(const char* name, const Hash& h) { std::printf("host: %s fnv 0x%016llx\n", name, (unsigned long long)h.h); }

const cudaTextureAddressMode kModes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                         cudaAddressModeBorder};

// Every address mode, with and without normalized coordinates, of one filter of a 2D array,
// hashed as one line.
template <class T>
void sweep_modes_2d(const char* name, cudaArray_t a, int w, int h, cudaTextureFilterMode f, cudaTextureReadMode read,
                    float border) {
  Hash hash;
  for (cudaTextureAddressMode m : kModes)
    for (int norm = 0; norm < 2; ++norm) {
      const cudaTextureObject_t t = texture_of(array_resource(a), f, m, norm, read, border);
      sweep<T>(hash, K2, t, coords2(w, h, norm));
      CHECK_CUDA(cudaDestroyTextureObject(t));
    }
  print(name, hash);
}

// A texture of `n` floats (1D) or `w` x `h` (2D), in every mode, point then linear.
void float_textures(const char* name, int w, int h) {
  std::vector<float> v(w * (h ? h : 1));
  for (float& x : v) x = frand(-100.f, 100.f);
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK_CUDA(cudaMallocArray(&a, &d, w, h));
  CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * 4, w * 4, h ? h : 1, cudaMemcpyHostToDevice));
  for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear}) {
    Hash hash;
    for (cudaTextureAddressMode m : kModes)
      for (int norm = 0; norm < 2; ++norm) {
        const cudaTextureObject_t t = texture_of(array_resource(a), f, m, norm, cudaReadModeElementType, 0.375f);
        if (h) sweep<float>(hash, K2, t, coords2(w, h, norm));
        else sweep<float>(hash, K1, t, coords1(w, norm));
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
    char line[64];
    std::snprintf(line, sizeof line, "%s %s", name, f == cudaFilterModePoint ? "point" : "linear");
    print(line, hash);
  }
  CHECK_CUDA(cudaFreeArray(a));
}

int main() {
  float_textures("1D float", 10, 0);
  float_textures("2D float", 7, 5);
  // 8-bit RGBA read as normalized floats (border colour stored in the format), and as elements.
  {
    const int w = 6, h = 4;
    std::vector<uchar4> v(w * h);
    for (uchar4& x : v) x = make_uchar4(rnd() & 255, rnd() & 255, rnd() & 255, rnd() & 255);
    const cudaChannelFormatDesc d = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &d, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear}) {
      Hash hash;
      for (cudaTextureAddressMode m : kModes)
        for (int norm = 0; norm < 2; ++norm) {
          const cudaTextureObject_t t = texture_of(array_resource(a), f, m, norm, cudaReadModeNormalizedFloat, 0.25f);
          sweep<float4>(hash, K2, t, coords2(w, h, norm));
          CHECK_CUDA(cudaDestroyTextureObject(t));
        }
      print(f == cudaFilterModePoint ? "2D uchar4 normalized point" : "2D uchar4 normalized linear", hash);
    }
    Hash hash;
    const cudaTextureObject_t t = texture_of(array_resource(a), cudaFilterModePoint, cudaAddressModeClamp, false);
    sweep<uchar4>(hash, K2, t, coords2(w, h, false));
    print("2D uchar4 elements", hash);
    CHECK_CUDA(cudaDestroyTextureObject(t));
    CHECK_CUDA(cudaFreeArray(a));
  }
  // 16-bit formats, and signed 8-bit (point only), read as normalized floats.
  {
    short s16[6] = {-32768, -32767, -1, 0, 12345, 32767};
    unsigned short u16[6] = {0, 1, 255, 32768, 65534, 65535};
    signed char s8[6] = {-128, -127, -1, 0, 64, 127};
    struct {
      const char* name;
      const void* data;
      cudaChannelFormatDesc desc;
      int bytes;
      bool linear;
    } formats[] = {{"1D short normalized", s16, cudaCreateChannelDesc<short>(), 2, true},
                   {"1D ushort normalized", u16, cudaCreateChannelDesc<unsigned short>(), 2, true},
                   {"1D char normalized", s8, cudaCreateChannelDesc<signed char>(), 1, false}};
    for (auto& fmt : formats) {
      cudaArray_t a;
      CHECK_CUDA(cudaMallocArray(&a, &fmt.desc, 6, 0));
      CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, fmt.data, 6 * fmt.bytes, 6 * fmt.bytes, 1, cudaMemcpyHostToDevice));
      Hash hash;
      for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear}) {
        if (f == cudaFilterModeLinear && !fmt.linear) continue;
        const cudaTextureObject_t t = texture_of(array_resource(a), f, cudaAddressModeClamp, false, cudaReadModeNormalizedFloat);
        sweep<float>(hash, K1, t, coords1(6, false));
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
      print(fmt.name, hash);
      CHECK_CUDA(cudaFreeArray(a));
    }
  }
  // 3D (point), and layered 2D and 1D arrays (linear), copied in by cudaMemcpy3D.
  {
    const int w = 4, h = 3, depth = 5;
    std::vector<float> v(w * h * depth);
    for (float& x : v) x = frand(-10.f, 10.f);
    const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a = float_array_3d(v, w, h, depth);
    cudaMemcpy3DParms p;
    Hash hash;
    for (cudaTextureAddressMode m : {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeBorder})
      for (int norm = 0; norm < 2; ++norm) {
        std::vector<float4> c;
        for (int i = 0; i < 400; ++i) {
          const float x = frand(-1.5f, w + 1.5f), y = frand(-1.5f, h + 1.5f), z = frand(-1.5f, depth + 1.5f);
          c.push_back(float4{norm ? x / w : x, norm ? y / h : y, norm ? z / depth : z, 0});
        }
        const cudaTextureObject_t t = texture_of(array_resource(a), cudaFilterModePoint, m, norm);
        sweep<float>(hash, K3, t, c);
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
    print("3D float point", hash);
    CHECK_CUDA(cudaFreeArray(a));

    cudaArray_t l2, l1;
    CHECK_CUDA(cudaMalloc3DArray(&l2, &d, make_cudaExtent(5, 4, 3), cudaArrayLayered));
    CHECK_CUDA(cudaMalloc3DArray(&l1, &d, make_cudaExtent(5, 0, 3), cudaArrayLayered));
    std::memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), 5 * 4, 5, 4);
    p.dstArray = l2;
    p.extent = make_cudaExtent(5, 4, 3);
    p.kind = cudaMemcpyHostToDevice;
    CHECK_CUDA(cudaMemcpy3D(&p));
    p.srcPtr = make_cudaPitchedPtr(v.data(), 5 * 4, 5, 1);
    p.dstArray = l1;
    p.extent = make_cudaExtent(5, 1, 3);
    CHECK_CUDA(cudaMemcpy3D(&p));
    Hash h2, h1;
    for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear}) {
      cudaTextureObject_t t = texture_of(array_resource(l2), f, cudaAddressModeClamp, false);
      sweep<float>(h2, K2L, t, coords2(5, 4, false, 3));
      CHECK_CUDA(cudaDestroyTextureObject(t));
      t = texture_of(array_resource(l1), f, cudaAddressModeClamp, false);
      sweep<float>(h1, K1L, t, coords1(5, false, 3));
      CHECK_CUDA(cudaDestroyTextureObject(t));
    }
    print("2D layered float", h2);
    print("1D layered float", h1);
    CHECK_CUDA(cudaFreeArray(l2));
    CHECK_CUDA(cudaFreeArray(l1));
  }
  // Linear memory (tex1Dfetch: zeros outside) and pitched 2D memory (every mode, normalized).
  {
    const int n = 12;
    std::vector<float> v(n);
    for (float& x : v) x = frand(-1.f, 1.f);
    float* dv;
    CHECK_CUDA(cudaMalloc(&dv, n * 4));
    CHECK_CUDA(cudaMemcpy(dv, v.data(), n * 4, cudaMemcpyHostToDevice));
    cudaResourceDesc r;
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = dv;
    r.res.linear.desc = cudaCreateChannelDesc<float>();
    r.res.linear.sizeInBytes = n * 4;
    std::vector<float4> c;
    for (int i = -5; i < n + 5; ++i) c.push_back(float4{float(i), 0, 0, 0});
    Hash hash;
    const cudaTextureObject_t t = texture_of(r, cudaFilterModePoint, cudaAddressModeClamp, false);
    sweep<float>(hash, KF, t, c);
    CHECK_CUDA(cudaDestroyTextureObject(t));
    print("linear float tex1Dfetch", hash);
    CHECK_CUDA(cudaFree(dv));

    const int w = 9, h = 6;
    std::vector<float> m(w * h);
    for (float& x : m) x = frand(-5.f, 5.f);
    float* dm;
    std::size_t pitch;
    CHECK_CUDA(cudaMallocPitch(reinterpret_cast<void**>(&dm), &pitch, w * 4, h));
    CHECK_CUDA(cudaMemcpy2D(dm, pitch, m.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    std::memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = dm;
    r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = w;
    r.res.pitch2D.height = h;
    r.res.pitch2D.pitchInBytes = pitch;
    Hash hp;
    for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear})
      for (cudaTextureAddressMode mode : kModes) {
        const cudaTextureObject_t tp = texture_of(r, f, mode, true);
        sweep<float>(hp, K2, tp, coords2(w, h, true));
        CHECK_CUDA(cudaDestroyTextureObject(tp));
      }
    print("pitched 2D float", hp);
    CHECK_CUDA(cudaFree(dm));
  }
  // Surfaces, and the copies to and from arrays.
  {
    const int w = 8, h = 3;
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &f32, w, h, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s;
    const cudaResourceDesc r = array_resource(a);
    CHECK_CUDA(cudaCreateSurfaceObject(&s, &r));
    float* reads;
    CHECK_CUDA(cudaMalloc(&reads, 3 * w * sizeof(float)));
    surface_write<<<h, w>>>(s);
    surface_read<<<1, w>>>(s, h, reads);
    std::vector<float> got(3 * w), all(w * h);
    CHECK_CUDA(cudaMemcpy(got.data(), reads, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy2DFromArray(all.data(), w * 4, a, 0, 0, w * 4, h, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) wrong += all[y * w + x] != float(y * 100 + x);
    for (int x = 0; x < w; ++x) {
      const int right = x + 3 < w ? x + 3 : w - 1;
      wrong += got[3 * x] != 0.0f;
      wrong += got[3 * x + 1] != float((h - 1) * 100 + right);
      wrong += got[3 * x + 2] != float(100 + x);
    }
    std::printf("host: surfaces: %d wrong\n", wrong);
    float row[w];
    for (int x = 0; x < w; ++x) row[x] = -float(x);
    float back[w];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // as CUDA 13 marks them, still in use
    CHECK_CUDA(cudaMemcpyToArray(a, 4, 1, row, (w - 1) * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpyFromArray(back, a, 0, 1, w * 4, cudaMemcpyDeviceToHost));
#pragma GCC diagnostic pop
    int moved = back[0] == 100.0f;
    for (int x = 1; x < w; ++x) moved += back[x] == -float(x - 1);
    std::printf("host: cudaMemcpyToArray and back: %d of %d\n", moved, w);
    CHECK_CUDA(cudaDestroySurfaceObject(s));
    CHECK_CUDA(cudaFree(reads));
    CHECK_CUDA(cudaFreeArray(a));
  }
  // The runtime's answers to calls it refuses.
  {
    const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
    const cudaChannelFormatDesc three = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    cudaArray_t a = nullptr;
    std::printf("host: 3 channels: %s\n", cudaGetErrorName(cudaMallocArray(&a, &three, 4, 0)));
    std::printf("host: width 0: %s\n", cudaGetErrorName(cudaMallocArray(&a, &f32, 0, 0)));
    const cudaChannelFormatDesc u8 = cudaCreateChannelDesc<unsigned char>();
    CHECK_CUDA(cudaMallocArray(&a, &u8, 4, 2));
    cudaTextureObject_t t = 0;
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.filterMode = cudaFilterModeLinear;
    const cudaResourceDesc r = array_resource(a);
    std::printf("host: linear filter on integer elements: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)));
    std::printf("host: no resource: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, nullptr, &td, nullptr)));
    const unsigned char row[4] = {1, 2, 3, 4};
    std::printf("host: copy past the row: %s\n",
                cudaGetErrorName(cudaMemcpy2DToArray(a, 1, 0, row, 4, 4, 1, cudaMemcpyHostToDevice)));
    cudaChannelFormatDesc got;
    cudaExtent extent;
    unsigned flags;
    CHECK_CUDA(cudaArrayGetInfo(&got, &extent, &flags, a));
    std::printf("host: array info %d %d %d %d kind %d, %zu x %zu x %zu, flags %u\n", got.x, got.y, got.z, got.w,
                int(got.f), extent.width, extent.height, extent.depth, flags);
    std::printf("host: destroy object 0: %s\n", cudaGetErrorName(cudaDestroyTextureObject(0)));
    CHECK_CUDA(cudaFreeArray(a));
  }
  (void)cudaGetLastError();  // the refused calls above leave their error to be read
  // 3D linear filtering, at arbitrary coordinates and on the 1/256 grid, in every mode.
  {
    const int w = 5, h = 4, depth = 6;
    std::vector<float> v(w * h * depth);
    for (float& x : v) x = frand(-100.f, 100.f);
    cudaArray_t a = float_array_3d(v, w, h, depth);
    Hash hash;
    for (cudaTextureAddressMode m : kModes)
      for (int norm = 0; norm < 2; ++norm) {
        std::vector<float4> c;
        for (int i = 0; i < 600; ++i) {
          float x = frand(-1.5f, w + 1.5f), y = frand(-1.5f, h + 1.5f), z = frand(-1.5f, depth + 1.5f);
          if (i % 3 == 1) x = int(rnd() % (w * 256)) / 256.0f, y = int(rnd() % (h * 256)) / 256.0f, z = int(rnd() % (depth * 256)) / 256.0f;
          c.push_back(float4{norm ? x / w : x, norm ? y / h : y, norm ? z / depth : z, 0});
        }
        const cudaTextureObject_t t = texture_of(array_resource(a), cudaFilterModeLinear, m, norm, cudaReadModeElementType, 0.375f);
        sweep<float>(hash, K3, t, c);
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
    print("3D float linear", hash);
    CHECK_CUDA(cudaFreeArray(a));
  }
  // Signed 8-bit formats filtered linearly, read as normalized floats (-128 among the texels).
  {
    signed char s8[6] = {-128, -127, -1, 0, 64, 127};
    const cudaChannelFormatDesc d1 = cudaCreateChannelDesc<signed char>();
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &d1, 6, 0));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, s8, 6, 6, 1, cudaMemcpyHostToDevice));
    Hash hash;
    for (cudaTextureAddressMode m : kModes)
      for (int norm = 0; norm < 2; ++norm) {
        const cudaTextureObject_t t = texture_of(array_resource(a), cudaFilterModeLinear, m, norm, cudaReadModeNormalizedFloat, -0.5f);
        sweep<float>(hash, K1, t, coords1(6, norm));
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
    print("1D char normalized linear", hash);
    CHECK_CUDA(cudaFreeArray(a));

    const int w = 7, h = 5;
    std::vector<char4> v(w * h);
    for (char4& x : v) x = make_char4(rnd() & 255, rnd() & 255, rnd() & 255, rnd() & 255);
    v[0].x = -128, v[1].x = 127, v[2].x = -127;
    const cudaChannelFormatDesc d4 = cudaCreateChannelDesc<char4>();
    CHECK_CUDA(cudaMallocArray(&a, &d4, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, v.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    sweep_modes_2d<float4>("2D char4 normalized linear", a, w, h, cudaFilterModeLinear, cudaReadModeNormalizedFloat, 0.25f);
    CHECK_CUDA(cudaFreeArray(a));
  }
  // Half floats read by point, and an unsigned 16-bit two-channel format filtered linearly, in 2D
  // in every mode.
  {
    const int w = 7, h = 5;
    std::vector<unsigned short> halves(w * h);
    for (unsigned short& x : halves) x = (rnd() & 0x8000) | ((5 + rnd() % 20) << 10) | (rnd() & 0x3ff);
    const cudaChannelFormatDesc dh = cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &dh, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, halves.data(), w * 2, w * 2, h, cudaMemcpyHostToDevice));
    sweep_modes_2d<float>("2D half point", a, w, h, cudaFilterModePoint, cudaReadModeElementType, -1.5f);
    CHECK_CUDA(cudaFreeArray(a));

    std::vector<ushort2> u16(w * h);
    for (ushort2& x : u16) x = make_ushort2(rnd() & 0xffff, rnd() & 0xffff);
    u16[0].x = 65535, u16[1].y = 0;
    const cudaChannelFormatDesc du = cudaCreateChannelDesc<ushort2>();
    CHECK_CUDA(cudaMallocArray(&a, &du, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, u16.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    sweep_modes_2d<float2>("2D ushort2 normalized linear", a, w, h, cudaFilterModeLinear, cudaReadModeNormalizedFloat, 0.5f);
    CHECK_CUDA(cudaFreeArray(a));
  }
  // Half floats filtered linearly (border colour a half), in 2D in every mode.
  {
    const int w = 6, h = 5;
    std::vector<unsigned short> halves(w * h);
    for (unsigned short& x : halves) x = (rnd() & 0x8000) | ((1 + rnd() % 29) << 10) | (rnd() & 0x3ff);
    halves[0] = 0, halves[1] = 0x8000, halves[2] = 0x0203;  // zeros and a subnormal
    const cudaChannelFormatDesc dh = cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &dh, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, halves.data(), w * 2, w * 2, h, cudaMemcpyHostToDevice));
    sweep_modes_2d<float>("2D half linear", a, w, h, cudaFilterModeLinear, cudaReadModeElementType, -1.5f);
    CHECK_CUDA(cudaFreeArray(a));
  }
  // A signed 16-bit two-channel format filtered linearly (-32768 among the texels), in 2D in every
  // mode.
  {
    const int w = 7, h = 5;
    std::vector<short2> s16(w * h);
    for (short2& x : s16) x = make_short2(short(rnd() & 0xffff), short(rnd() & 0xffff));
    s16[0].x = -32768, s16[1].x = -32767, s16[2].y = -32768, s16[3].y = 32767;
    const cudaChannelFormatDesc ds = cudaCreateChannelDesc<short2>();
    cudaArray_t a;
    CHECK_CUDA(cudaMallocArray(&a, &ds, w, h));
    CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, s16.data(), w * 4, w * 4, h, cudaMemcpyHostToDevice));
    sweep_modes_2d<float2>("2D short2 normalized linear", a, w, h, cudaFilterModeLinear, cudaReadModeNormalizedFloat, -0.75f);
    CHECK_CUDA(cudaFreeArray(a));
  }
  return 0;
}
