// Cubemap textures, bit for bit with the GPU: texCubemap and texCubemapLayered over cudaArrayCubemap
// arrays of floats and of 8-bit RGBA texels, point and linear filtering, with and without
// normalized coordinates, in every address mode, seamless or not; directions at random, through
// texel centres, on the faces' edges and corners, and with ties between the axes; the fetches that
// do not fit their array (tex2DLayered and tex2D of a cubemap, texCubemap of a layered array: all
// zeros); and the runtime's error codes for arrays that cannot be cubemaps. Each line hashes (64-bit FNV-1a) the
// bits of every fetch of its sweep. With a folder as its argument the program also writes each
// sweep's coordinates and results there, so that a difference can be found fetch by fetch.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200 (sm_90),
// 2026-11-29:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/121_cubemap_textures.cu && ./a.out
// EXPECT: host: cubemap point fnv 0x8a512b38e4c5037e
// EXPECT: host: cubemap point unnormalized fnv 0x8a512b38e4c5037e
// EXPECT: host: cubemap point seamless fnv 0x8686197ac3b0b440
// EXPECT: host: cubemap point seamless unnormalized fnv 0x8686197ac3b0b440
// EXPECT: host: cubemap linear fnv 0xec599ffd72fe71f2
// EXPECT: host: cubemap linear unnormalized fnv 0xec599ffd72fe71f2
// EXPECT: host: cubemap linear seamless fnv 0x39b92db1f0009bc0
// EXPECT: host: cubemap linear seamless unnormalized fnv 0x39b92db1f0009bc0
// EXPECT: host: tex2DLayered of a cubemap point wrap fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap point clamp fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap point mirror fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap point border fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap linear wrap fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap linear clamp fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap linear mirror fnv 0x96885345fbae1ca0
// EXPECT: host: tex2DLayered of a cubemap linear border fnv 0x96885345fbae1ca0
// EXPECT: host: cubemap layered point fnv 0xc8e5d57fe551f0f6
// EXPECT: host: cubemap layered point unnormalized fnv 0xc8e5d57fe551f0f6
// EXPECT: host: cubemap layered point seamless fnv 0xfd237fa9436c9300
// EXPECT: host: cubemap layered point seamless unnormalized fnv 0xfd237fa9436c9300
// EXPECT: host: cubemap layered linear fnv 0x70b2818632374a8e
// EXPECT: host: cubemap layered linear unnormalized fnv 0x70b2818632374a8e
// EXPECT: host: cubemap layered linear seamless fnv 0xd47832124ef3c740
// EXPECT: host: cubemap layered linear seamless unnormalized fnv 0xd47832124ef3c740
// EXPECT: host: uchar4 cubemap point fnv 0x98c91fe788d32338
// EXPECT: host: uchar4 cubemap point seamless fnv 0x98c91fe788d32338
// EXPECT: host: uchar4 cubemap linear fnv 0x2370648aecbe3df6
// EXPECT: host: uchar4 cubemap linear seamless fnv 0xe8c424bea04d1d0f
// EXPECT: host: texCubemap of a layered array fnv 0xf1ea60df07f26a45
// EXPECT: host: tex2D of a cubemap fnv 0x74b4429a2fdd70e5
// EXPECT: host: layered cubemap info 4 x 4 x 18, flags 5
// EXPECT: host: cubemap 8 x 4: cudaErrorInvalidValue
// EXPECT: host: cubemap of depth 5: cudaErrorInvalidValue
// EXPECT: host: cubemap of depth 12: cudaErrorInvalidValue
// EXPECT: host: layered cubemap of depth 12: cudaSuccess
// EXPECT: host: layered cubemap of depth 9: cudaErrorInvalidValue
// EXPECT: host: cubemap of height 0: cudaErrorInvalidValue
// EXPECT: host: cubemap of depth 0: cudaErrorInvalidValue
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "check.cuh"

namespace {

std::uint32_t lcg = 4242;
std::uint32_t rnd() { return lcg = lcg * 1664525u + 1013904223u; }
float frand(float lo, float hi) { return lo + (hi - lo) * float(rnd() >> 8) * (1.0f / 16777216.0f); }

const char* dump_folder = nullptr;
int dump_count = 0;

}  // namespace

enum Kind { KCube, KCubeLayered, K2Layered, K2, KCubeRGBA };
__global__ void fetch_all(cudaTextureObject_t t, const float4* c, float* out, int n, int kind) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 p = c[i];
  switch (kind) {
    case KCube: out[i] = texCubemap<float>(t, p.x, p.y, p.z); break;
    case KCubeLayered: out[i] = texCubemapLayered<float>(t, p.x, p.y, p.z, int(p.w)); break;
    case K2Layered: out[i] = tex2DLayered<float>(t, p.x, p.y, int(p.w)); break;
    case K2: out[i] = tex2D<float>(t, p.x, p.y); break;
    default: {  // an 8-bit RGBA cubemap read as normalized floats: the channels' sum, weighted
      const float4 r = texCubemap<float4>(t, p.x, p.y, p.z);
      out[i] = r.x + 3.0f * r.y + 9.0f * r.z + 27.0f * r.w;
    }
  }
}

namespace {

// Fetches every coordinate; returns the hash of the results' bits (and dumps both).
std::uint64_t sweep(Kind kind, cudaTextureObject_t t, const std::vector<float4>& coords) {
  const int n = int(coords.size());
  float4* dc;
  float* dout;
  CHECK_CUDA(cudaMalloc(&dc, n * sizeof(float4)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dc, coords.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  fetch_all<<<(n + 127) / 128, 128>>>(t, dc, dout, n, kind);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> out(n);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(dc));
  CHECK_CUDA(cudaFree(dout));
  if (dump_folder) {
    const std::string path = std::string(dump_folder) + "/sweep" + std::to_string(dump_count++) + ".bin";
    if (FILE* f = std::fopen(path.c_str(), "wb")) {
      std::fwrite(coords.data(), sizeof(float4), coords.size(), f);
      std::fwrite(out.data(), sizeof(float), out.size(), f);
      std::fclose(f);
    }
  }
  return fnv1a(out.data(), n * sizeof(float));
}

// Directions: at random; through each face's texel centres and edges (as simpleCubemapTexture
// makes them); on the cube's edges and corners, where two or three axes tie; and a few of other
// lengths. `layers` > 0 gives each a layer in w.
std::vector<float4> directions(int width, int layers) {
  std::vector<float4> c;
  auto push = [&](float x, float y, float z) { c.push_back(float4{x, y, z, layers ? float(rnd() % layers) : 0.f}); };
  for (int i = 0; i < 600; ++i) push(frand(-1.5f, 1.5f), frand(-1.5f, 1.5f), frand(-1.5f, 1.5f));
  for (int i = 0; i <= 2 * width; ++i)
    for (int j = 0; j <= 2 * width; j += 3) {
      const float u = i / float(width) - 1.f, v = j / float(width) - 1.f;  // centres and edges of texels
      push(1, -v, -u), push(-1, -v, u), push(u, 1, v), push(u, -1, -v), push(u, -v, 1), push(-u, -v, -1);
    }
  for (float a : {1.f, -1.f})
    for (float b : {1.f, -1.f}) {
      for (float t : {0.f, 0.25f, -0.6f, 1.f, -1.f}) push(a, b, t), push(a, t, b), push(t, a, b);
      push(a, b * 0.99999994f, 0.3f), push(a * 0.99999994f, b, 0.3f);
    }
  push(0, 0, 0), push(0, 0, -0.f), push(-0.f, 0, 0), push(0, -0.f, 0);
  for (int i = 0; i < 40; ++i) {
    const float s = i % 2 ? 1e-3f : 300.f;
    push(s * frand(-1.f, 1.f), s * frand(-1.f, 1.f), s * frand(-1.f, 1.f));
  }
  return c;
}
// Coordinates for tex2DLayered over a cubemap: a face as a layer.
std::vector<float4> face_coords(int width, bool normalized) {
  std::vector<float4> c;
  for (int i = 0; i < 300; ++i) {
    const float x = frand(-2.f, width + 2.f), y = frand(-2.f, width + 2.f);
    c.push_back(float4{normalized ? x / width : x, normalized ? y / width : y, 0, float(rnd() % 6)});
  }
  return c;
}

// Copies `count` layers of width x width texels of 4 bytes from `data` into the array.
void copy_layers(cudaArray_t a, void* data, int width, int count) {
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(data, width * 4, width, width);
  p.dstArray = a;
  p.extent = make_cudaExtent(width, width, count);
  p.kind = cudaMemcpyHostToDevice;
  CHECK_CUDA(cudaMemcpy3D(&p));
}

cudaArray_t cubemap_array(int width, int layers) {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  const int faces = 6 * (layers ? layers : 1);
  cudaArray_t a;
  CHECK_CUDA(cudaMalloc3DArray(&a, &d, make_cudaExtent(width, width, faces),
                               cudaArrayCubemap | (layers ? cudaArrayLayered : 0)));
  // Each texel says where it is: face (and layer) * 1000 + row * 10 + column, plus a random fraction.
  std::vector<float> v(std::size_t(width) * width * faces);
  for (int f = 0; f < faces; ++f)
    for (int y = 0; y < width; ++y)
      for (int x = 0; x < width; ++x) v[(std::size_t(f) * width + y) * width + x] = f * 1000 + y * 10 + x + frand(0, 0.5f);
  copy_layers(a, v.data(), width, faces);
  return a;
}

// A cubemap of uchar4 texels at random.
cudaArray_t rgba_cubemap_array(int width) {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a;
  CHECK_CUDA(cudaMalloc3DArray(&a, &d, make_cudaExtent(width, width, 6), cudaArrayCubemap));
  std::vector<uchar4> v(std::size_t(width) * width * 6);
  for (uchar4& t : v) t = make_uchar4(rnd() >> 24, rnd() >> 24, rnd() >> 24, rnd() >> 24);
  copy_layers(a, v.data(), width, 6);
  return a;
}
// A 2D layered array of six layers (not a cubemap) of floats.
cudaArray_t layered_array(int width) {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK_CUDA(cudaMalloc3DArray(&a, &d, make_cudaExtent(width, width, 6), cudaArrayLayered));
  std::vector<float> v(std::size_t(width) * width * 6);
  for (float& t : v) t = frand(1.f, 2.f);
  copy_layers(a, v.data(), width, 6);
  return a;
}

cudaTextureObject_t texture_of(cudaArray_t a, cudaTextureFilterMode f, cudaTextureAddressMode m, bool norm,
                               bool seamless, cudaTextureReadMode read = cudaReadModeElementType) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
  td.filterMode = f;
  td.readMode = read;
  td.normalizedCoords = norm;
  td.seamlessCubemap = seamless;
  td.borderColor[0] = 0.375f;
  cudaTextureObject_t t = 0;
  CHECK_CUDA(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

const cudaTextureAddressMode kModes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                         cudaAddressModeBorder};
const char* const kModeNames[] = {"wrap", "clamp", "mirror", "border"};
const char* const kFilterNames[] = {"point", "linear"};

void sweeps(const char* what, Kind kind, cudaArray_t a, int width, int layers) {
  const std::vector<float4> cube = directions(width, layers);
  for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear})
    for (int seamless = 0; seamless < 2; ++seamless)
      for (int norm = 1; norm >= 0; --norm) {
        // The address modes in one line: a cubemap's face coordinates stay within the face.
        std::uint64_t h = 0;
        for (int m = 0; m < 4; ++m) {
          const cudaTextureObject_t t = texture_of(a, f, kModes[m], norm, seamless);
          h = h * 31 + sweep(kind, t, cube);
          CHECK_CUDA(cudaDestroyTextureObject(t));
        }
        std::printf("host: %s %s%s%s fnv 0x%016llx\n", what, kFilterNames[f], seamless ? " seamless" : "",
                    norm ? "" : " unnormalized", (unsigned long long)h);
      }
}

const char* error_of(int width, int height, int depth, unsigned flags) {
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  const cudaError_t e = cudaMalloc3DArray(&a, &d, make_cudaExtent(width, height, depth), flags);
  if (e == cudaSuccess) CHECK_CUDA(cudaFreeArray(a));
  return cudaGetErrorName(e);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) dump_folder = argv[1];
  const int width = 8;
  cudaArray_t cube = cubemap_array(width, 0);
  sweeps("cubemap", KCube, cube, width, 0);
  // tex2DLayered of a cubemap, as of a layered array.
  for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear})
    for (int m = 0; m < 4; ++m) {
      std::uint64_t h = 0;
      for (int norm = 0; norm < 2; ++norm) {
        const cudaTextureObject_t t = texture_of(cube, f, kModes[m], norm, false);
        h = h * 31 + sweep(K2Layered, t, face_coords(width, norm));
        CHECK_CUDA(cudaDestroyTextureObject(t));
      }
      std::printf("host: tex2DLayered of a cubemap %s %s fnv 0x%016llx\n", kFilterNames[f], kModeNames[m], (unsigned long long)h);
    }
  cudaArray_t layered = cubemap_array(4, 3);
  sweeps("cubemap layered", KCubeLayered, layered, 4, 3);
  // 8-bit RGBA texels, read as normalized floats, in each filter, seamless or not (clamp mode).
  cudaArray_t rgba = rgba_cubemap_array(5);
  const std::vector<float4> rgba_directions = directions(5, 0);
  for (cudaTextureFilterMode f : {cudaFilterModePoint, cudaFilterModeLinear})
    for (int seamless = 0; seamless < 2; ++seamless) {
      const cudaTextureObject_t t = texture_of(rgba, f, cudaAddressModeClamp, true, seamless, cudaReadModeNormalizedFloat);
      std::printf("host: uchar4 cubemap %s%s fnv 0x%016llx\n", kFilterNames[f], seamless ? " seamless" : "",
                  (unsigned long long)sweep(KCubeRGBA, t, rgba_directions));
      CHECK_CUDA(cudaDestroyTextureObject(t));
    }
  // The fetch that does not fit the array: texCubemap of a layered array, tex2D of a cubemap.
  cudaArray_t plain_layers = layered_array(4);
  const cudaTextureObject_t not_cube = texture_of(plain_layers, cudaFilterModePoint, cudaAddressModeClamp, true, false);
  std::printf("host: texCubemap of a layered array fnv 0x%016llx\n",
              (unsigned long long)sweep(KCube, not_cube, directions(4, 0)));
  const cudaTextureObject_t cube_2d = texture_of(cube, cudaFilterModePoint, cudaAddressModeClamp, true, false);
  std::printf("host: tex2D of a cubemap fnv 0x%016llx\n", (unsigned long long)sweep(K2, cube_2d, face_coords(width, true)));
  CHECK_CUDA(cudaDestroyTextureObject(not_cube));
  CHECK_CUDA(cudaDestroyTextureObject(cube_2d));
  CHECK_CUDA(cudaFreeArray(rgba));
  CHECK_CUDA(cudaFreeArray(plain_layers));

  cudaChannelFormatDesc desc;
  cudaExtent extent;
  unsigned flags = 0;
  CHECK_CUDA(cudaArrayGetInfo(&desc, &extent, &flags, layered));
  std::printf("host: layered cubemap info %zu x %zu x %zu, flags %u\n", extent.width, extent.height, extent.depth, flags);
  std::printf("host: cubemap 8 x 4: %s\n", error_of(8, 4, 6, cudaArrayCubemap));
  std::printf("host: cubemap of depth 5: %s\n", error_of(8, 8, 5, cudaArrayCubemap));
  std::printf("host: cubemap of depth 12: %s\n", error_of(8, 8, 12, cudaArrayCubemap));
  std::printf("host: layered cubemap of depth 12: %s\n", error_of(8, 8, 12, cudaArrayCubemap | cudaArrayLayered));
  std::printf("host: layered cubemap of depth 9: %s\n", error_of(8, 8, 9, cudaArrayCubemap | cudaArrayLayered));
  std::printf("host: cubemap of height 0: %s\n", error_of(8, 0, 6, cudaArrayCubemap));
  std::printf("host: cubemap of depth 0: %s\n", error_of(8, 8, 0, cudaArrayCubemap));
  CHECK_CUDA(cudaFreeArray(cube));
  CHECK_CUDA(cudaFreeArray(layered));
  return 0;
}
