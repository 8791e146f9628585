#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
static uint32_t lcg = 777;
static uint32_t rnd() { lcg = lcg * 1664525u + 1013904223u; return lcg; }
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
__global__ void k3(cudaTextureObject_t t, const float4* c, float* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z); }
int main() {
  const int W = 4, H = 3, D = 5;
  std::vector<float> v(W * H * D);
  for (auto& x : v) x = float(int(rnd() % 2001) - 1000) / 8.0f + float(rnd() % 1000) / 1024.0f;
  printf("data"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a; cudaMalloc3DArray(&a, &d, make_cudaExtent(W, H, D), 0);
  cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, H); p.dstArray = a; p.extent = make_cudaExtent(W, H, D); p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  cudaResourceDesc r; memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = a;
  cudaTextureDesc td; memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &r, &td, nullptr);
  std::vector<float4> c;
  for (int mask = 1; mask < 8; ++mask)
    for (int i = 0; i < 300; ++i) {
      float q[3];
      for (int k = 0; k < 3; ++k) {
        const int n = k == 0 ? W : (k == 1 ? H : D);
        const float base = float(rnd() % (n - 1)) + 0.5f;
        q[k] = (mask >> k & 1) ? base + float(rnd() % 256) / 256.0f : base;
      }
      c.push_back(float4{q[0], q[1], q[2], float(mask)});
    }
  const int n = c.size();
  float4* dc; float* dout; cudaMalloc(&dc, n * 16); cudaMalloc(&dout, n * 4);
  cudaMemcpy(dc, c.data(), n * 16, cudaMemcpyHostToDevice);
  k3<<<(n + 127) / 128, 128>>>(t, dc, dout, n);
  std::vector<float> out(n); cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) printf("E3 %d %08x %08x %08x %d : %08x\n", i, bits(c[i].x), bits(c[i].y), bits(c[i].z), int(c[i].w), bits(out[i]));
  printf("done\n");
}
