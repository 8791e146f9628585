// Linear filtering where the simulator was not yet bit-exact: (A) a 3D float texture read at
// arbitrary coordinates (not on the 1/256 grid), fractions in one, two or all three axes; (B) a 2D
// signed 8-bit texture read as normalized floats at grid and arbitrary coordinates. One line per
// fetch, "A|B index coordinates : result" in hex; build with nvcc and with cusim-nvcc and diff.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
static uint32_t lcg = 4242;
static uint32_t rnd() { lcg = lcg * 1664525u + 1013904223u; return lcg; }
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float unit() { return float(rnd() >> 8) / 16777216.0f; }  // [0, 1), 24 random bits
__global__ void k3(cudaTextureObject_t t, const float4* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}
__global__ void k2(cudaTextureObject_t t, const float4* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, c[i].x, c[i].y);
}
static std::vector<float> fetch(bool three, cudaTextureObject_t t, const std::vector<float4>& c) {
  const int n = c.size();
  float4* dc; float* dout;
  cudaMalloc(&dc, n * 16); cudaMalloc(&dout, n * 4);
  cudaMemcpy(dc, c.data(), n * 16, cudaMemcpyHostToDevice);
  if (three) k3<<<(n + 127) / 128, 128>>>(t, dc, dout, n);
  else k2<<<(n + 127) / 128, 128>>>(t, dc, dout, n);
  std::vector<float> out(n);
  cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
  cudaFree(dc); cudaFree(dout);
  return out;
}
int main() {
  {  // A: 3D float, 5 x 4 x 6
    const int W = 5, H = 4, D = 6;
    std::vector<float> v(W * H * D);
    for (auto& x : v) x = float(int(rnd() % 2001) - 1000) / 8.0f + float(rnd() % 1000) / 1024.0f;
    printf("A texels");
    for (float x : v) printf(" %08x", bits(x));
    printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; cudaMalloc3DArray(&a, &d, make_cudaExtent(W, H, D), 0);
    cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, H); p.dstArray = a; p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    cudaMemcpy3D(&p);
    cudaResourceDesc r; memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc td; memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    cudaTextureObject_t t; cudaCreateTextureObject(&t, &r, &td, nullptr);
    std::vector<float4> c;
    for (int mask = 1; mask < 8; ++mask)
      for (int i = 0; i < 400; ++i) {
        float q[3];
        for (int k = 0; k < 3; ++k) {
          const int n = k == 0 ? W : (k == 1 ? H : D);
          const float base = float(rnd() % (n - 1)) + 0.5f;
          q[k] = (mask >> k & 1) ? base + unit() : base;
        }
        c.push_back(float4{q[0], q[1], q[2], float(mask)});
      }
    const std::vector<float> out = fetch(true, t, c);
    for (size_t i = 0; i < c.size(); ++i)
      printf("A %zu %08x %08x %08x %d : %08x\n", i, bits(c[i].x), bits(c[i].y), bits(c[i].z), int(c[i].w), bits(out[i]));
  }
  {  // B: 2D signed char, 7 x 5, normalized floats
    const int W = 7, H = 5;
    std::vector<signed char> v(W * H);
    for (auto& x : v) x = (signed char)(int(rnd() % 256) - 128);
    v[0] = -128; v[1] = 127; v[2] = -127; v[3] = 0; v[4] = -1; v[5] = 1;
    printf("B texels");
    for (signed char x : v) printf(" %d", x);
    printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<signed char>();
    cudaArray_t a; cudaMallocArray(&a, &d, W, H);
    cudaMemcpy2DToArray(a, 0, 0, v.data(), W, W, H, cudaMemcpyHostToDevice);
    cudaResourceDesc r; memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc td; memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t t; cudaCreateTextureObject(&t, &r, &td, nullptr);
    std::vector<float4> c;
    for (int i = 0; i < 3000; ++i) {
      const float x = float(rnd() % (W - 1)) + 0.5f, y = float(rnd() % (H - 1)) + 0.5f;
      const bool grid = i % 2 == 0;
      c.push_back(float4{x + (grid ? float(rnd() % 256) / 256.0f : unit()), y + (grid ? float(rnd() % 256) / 256.0f : unit()), 0, 0});
    }
    const std::vector<float> out = fetch(false, t, c);
    for (size_t i = 0; i < c.size(); ++i)
      printf("B %zu %08x %08x : %08x\n", i, bits(c[i].x), bits(c[i].y), bits(out[i]));
  }
  printf("done %s\n", cudaGetErrorName(cudaGetLastError()));
}
