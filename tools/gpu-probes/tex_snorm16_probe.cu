// Signed 16-bit linear filtering, read as normalized floats, for fitting the texture unit's
// arithmetic (README.md): a 64 x 64 texture of random texels (-32768 among them) read at 200,000
// points with a fraction along x only and 200,000 with fractions along both, on the 1/256 grid.
// Writes texels.bin, meta.bin (x index, y index, x fraction, y fraction per fetch, as ints) and
// out.bin (the fetches' floats) to the folder given; `cmp` the out.bin of the GPU's run and the
// simulator's. Usage: probe <output folder>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
static uint32_t lcg = 5;
static uint32_t rnd() { lcg = lcg * 1664525u + 1013904223u; return lcg >> 8; }
__global__ void read2d(cudaTextureObject_t t, const float2* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, c[i].x, c[i].y);
}
int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <output folder>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  const int w = 64, h = 64;
  std::vector<short> v(w * h);
  for (auto& x : v) x = short(rnd() & 0xffff);
  v[0] = -32768; v[1] = -32767; v[2] = 32767; v[3] = 0; v[4] = -1; v[5] = 1;
  FILE* f = fopen((dir + "/texels.bin").c_str(), "wb"); fwrite(v.data(), 2, v.size(), f); fclose(f);
  cudaChannelFormatDesc d = cudaCreateChannelDesc<short>();
  cudaArray_t a; cudaMallocArray(&a, &d, w, h);
  cudaMemcpy2DToArray(a, 0, 0, v.data(), w * 2, w * 2, h, cudaMemcpyHostToDevice);
  cudaResourceDesc r; memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = a;
  cudaTextureDesc td; memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp; td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeNormalizedFloat;
  cudaTextureObject_t t; cudaCreateTextureObject(&t, &r, &td, nullptr);
  std::vector<float2> c;
  std::vector<int> meta;
  for (int i = 0; i < 400000; ++i) {
    const int ix = rnd() % (w - 1), iy = rnd() % (h - 1);
    const int fa = rnd() % 256, fb = (i < 200000) ? 0 : rnd() % 256;
    c.push_back(float2{ix + 0.5f + fa / 256.0f, iy + 0.5f + fb / 256.0f});
    meta.push_back(ix); meta.push_back(iy); meta.push_back(fa); meta.push_back(fb);
  }
  f = fopen((dir + "/meta.bin").c_str(), "wb"); fwrite(meta.data(), 4, meta.size(), f); fclose(f);
  const int n = c.size();
  float2* dc; float* dout;
  cudaMalloc(&dc, n * 8); cudaMalloc(&dout, n * 4);
  cudaMemcpy(dc, c.data(), n * 8, cudaMemcpyHostToDevice);
  read2d<<<(n + 255) / 256, 256>>>(t, dc, dout, n);
  std::vector<float> out(n);
  cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
  f = fopen((dir + "/out.bin").c_str(), "wb"); fwrite(out.data(), 4, n, f); fclose(f);
  printf("done %s\n", cudaGetErrorName(cudaGetLastError()));
}
