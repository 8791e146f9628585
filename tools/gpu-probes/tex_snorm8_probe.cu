// Signed 8-bit linear filtering, read as normalized floats, and 3D float linear filtering, in
// bulk, for fitting the texture unit's arithmetic (tools/gpu-probes/README.md):
//  pairs_x.bin  every pair (t0, t1) of signed 8-bit texels side by side in x, read at
//               x = t0's centre + a/256 (b = 0) for 20 fractions a: float bits, [a][t0+128][t1+128]
//  pairs_y.bin  the same with the pair one above the other, read at y = t0's centre + a/256
//  mix.bin      200,000 reads of a random 64 x 64 signed texture at random 1/256-grid points
//  tex3d.bin    200,000 reads of a random 16 x 16 x 16 float texture at arbitrary points
// Inputs come from a fixed generator: the same program built by cusim-nvcc makes the same ones,
// so `cmp` of the two output folders, file by file, shows where the simulator differs.
// Usage: probe <output folder>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static const int kFractions[20] = {1, 2, 3, 4, 8, 16, 32, 64, 85, 127, 128, 129, 170, 192, 224, 240, 252, 253, 254, 255};
static uint32_t lcg = 777;
static uint32_t rnd() {
  lcg = lcg * 1664525u + 1013904223u;
  return lcg >> 8;
}

__global__ void read2d(cudaTextureObject_t t, const float2* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, c[i].x, c[i].y);
}
__global__ void read3d(cudaTextureObject_t t, const float4* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}

static void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", what, cudaGetErrorName(e));
    exit(1);
  }
}
static void save(const std::string& path, const std::vector<float>& v) {
  FILE* f = fopen(path.c_str(), "wb");
  if (!f || fwrite(v.data(), 4, v.size(), f) != v.size()) {
    fprintf(stderr, "cannot write %s\n", path.c_str());
    exit(1);
  }
  fclose(f);
}
template <class C>
static std::vector<float> run(cudaTextureObject_t t, const std::vector<C>& c) {
  const int n = c.size();
  C* dc;
  float* dout;
  check(cudaMalloc(&dc, n * sizeof(C)), "cudaMalloc");
  check(cudaMalloc(&dout, n * 4), "cudaMalloc");
  check(cudaMemcpy(dc, c.data(), n * sizeof(C), cudaMemcpyHostToDevice), "cudaMemcpy");
  if constexpr (sizeof(C) == 16) read3d<<<(n + 255) / 256, 256>>>(t, (const float4*)dc, dout, n);
  else read2d<<<(n + 255) / 256, 256>>>(t, (const float2*)dc, dout, n);
  check(cudaGetLastError(), "launch");
  std::vector<float> out(n);
  check(cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost), "cudaMemcpy back");
  cudaFree(dc);
  cudaFree(dout);
  return out;
}
// A texture object over array `a`: linear filtering, clamped in every dimension.
static cudaTextureObject_t linear_clamped(cudaArray_t a, cudaTextureReadMode read) {
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = read;
  cudaTextureObject_t t;
  check(cudaCreateTextureObject(&t, &r, &td, nullptr), "cudaCreateTextureObject");
  return t;
}
static cudaTextureObject_t snorm8_texture(const std::vector<signed char>& v, int w, int h) {
  cudaChannelFormatDesc d = cudaCreateChannelDesc<signed char>();
  cudaArray_t a;
  check(cudaMallocArray(&a, &d, w, h), "cudaMallocArray");
  check(cudaMemcpy2DToArray(a, 0, 0, v.data(), w, w, h, cudaMemcpyHostToDevice), "cudaMemcpy2DToArray");
  return linear_clamped(a, cudaReadModeNormalizedFloat);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <output folder>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  for (int vertical = 0; vertical < 2; ++vertical) {
    // Texel pair (t0, t1) = (p - 128, q - 128) at (2q, p), (2q + 1, p) across, or (p, 2q), (p, 2q + 1) down.
    const int w = vertical ? 256 : 512, h = vertical ? 512 : 256;
    std::vector<signed char> v(w * h);
    for (int p = 0; p < 256; ++p)
      for (int q = 0; q < 256; ++q) {
        const int i0 = vertical ? (2 * q) * w + p : p * w + 2 * q;
        const int i1 = vertical ? (2 * q + 1) * w + p : p * w + 2 * q + 1;
        v[i0] = (signed char)(p - 128);
        v[i1] = (signed char)(q - 128);
      }
    const cudaTextureObject_t t = snorm8_texture(v, w, h);
    std::vector<float2> c;
    for (int f : kFractions)
      for (int p = 0; p < 256; ++p)
        for (int q = 0; q < 256; ++q) {
          const float along = 2 * q + 0.5f + f / 256.0f, across = p + 0.5f;
          c.push_back(vertical ? float2{across, along} : float2{along, across});
        }
    save(dir + (vertical ? "/pairs_y.bin" : "/pairs_x.bin"), run(t, c));
  }
  {
    const int w = 64, h = 64;
    std::vector<signed char> v(w * h);
    for (auto& x : v) x = (signed char)(int(rnd() % 256) - 128);
    const cudaTextureObject_t t = snorm8_texture(v, w, h);
    std::vector<float2> c;
    for (int i = 0; i < 200000; ++i) {
      const float x = (rnd() % (w * 256)) / 256.0f + 0.5f;
      const float y = (rnd() % (h * 256)) / 256.0f + 0.5f;
      c.push_back(float2{x, y});
    }
    save(dir + "/mix.bin", run(t, c));
  }
  {
    const int n = 16;
    std::vector<float> v(n * n * n);
    for (auto& x : v) {
      const float whole = float(int(rnd() % 2001) - 1000) / 8.0f;
      x = whole + float(rnd() % 1000) / 1024.0f;
    }
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    check(cudaMalloc3DArray(&a, &d, make_cudaExtent(n, n, n), 0), "cudaMalloc3DArray");
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), n * 4, n, n);
    p.dstArray = a;
    p.extent = make_cudaExtent(n, n, n);
    p.kind = cudaMemcpyHostToDevice;
    check(cudaMemcpy3D(&p), "cudaMemcpy3D");
    const cudaTextureObject_t t = linear_clamped(a, cudaReadModeElementType);
    std::vector<float4> c;
    for (int i = 0; i < 200000; ++i) {
      float q[3];
      for (float& k : q) k = (rnd() % (n * 65536)) / 65536.0f;  // finer than the 1/256 grid
      c.push_back(float4{q[0], q[1], q[2], 0});
    }
    save(dir + "/tex3d.bin", run(t, c));
  }
  printf("done %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
