// Linear filtering of 16-bit textures, for fitting the texture unit's arithmetic (README.md):
// half floats (`half`) or signed 16-bit texels read as normalized floats (`short`, -32768 among
// them). A 64 x 64 texture of random texels is read at 200,000 points with a fraction along x
// only (two texels) and 200,000 with fractions along both (four), on the 1/256 grid. Writes
// texels.bin, meta.bin (x index, y index, x fraction, y fraction per fetch, as ints) and out.bin
// (the fetches' floats) to the folder given; the same program built by cusim-nvcc writes the same
// inputs, so `cmp` of the two out.bin files shows where the simulator differs.
// Usage: probe half|short <output folder>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
static uint32_t lcg;
static uint32_t rnd() {
  lcg = lcg * 1664525u + 1013904223u;
  return lcg >> 8;
}
__global__ void read2d(cudaTextureObject_t t, const float2* c, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(t, c[i].x, c[i].y);
}
static void save(const std::string& path, const void* data, size_t bytes) {
  FILE* f = fopen(path.c_str(), "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes) {
    fprintf(stderr, "cannot write %s\n", path.c_str());
    exit(1);
  }
  fclose(f);
}
int main(int argc, char** argv) {
  const bool half = argc == 3 && std::string(argv[1]) == "half";
  if (argc != 3 || (!half && std::string(argv[1]) != "short")) {
    fprintf(stderr, "usage: %s half|short <output folder>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[2];
  lcg = half ? 99 : 5;  // the seeds of the recorded runs
  const int w = 64, h = 64;
  std::vector<unsigned short> v(w * h);
  if (half) {
    for (auto& x : v) x = (rnd() & 0x8000) | ((8 + rnd() % 14) << 10) | (rnd() & 0x3ff);
  } else {
    for (auto& x : v) x = rnd() & 0xffff;
    const short edges[6] = {-32768, -32767, 32767, 0, -1, 1};
    memcpy(v.data(), edges, sizeof edges);
  }
  save(dir + "/texels.bin", v.data(), v.size() * 2);
  const cudaChannelFormatDesc d =
      cudaCreateChannelDesc(16, 0, 0, 0, half ? cudaChannelFormatKindFloat : cudaChannelFormatKindSigned);
  cudaArray_t a;
  cudaMallocArray(&a, &d, w, h);
  cudaMemcpy2DToArray(a, 0, 0, v.data(), w * 2, w * 2, h, cudaMemcpyHostToDevice);
  cudaResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = half ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
  cudaTextureObject_t t;
  cudaCreateTextureObject(&t, &r, &td, nullptr);
  std::vector<float2> c;
  std::vector<int> meta;
  for (int i = 0; i < 400000; ++i) {
    const int ix = rnd() % (w - 1), iy = rnd() % (h - 1);
    const int fa = rnd() % 256, fb = (i < 200000) ? 0 : rnd() % 256;
    c.push_back(float2{ix + 0.5f + fa / 256.0f, iy + 0.5f + fb / 256.0f});
    meta.insert(meta.end(), {ix, iy, fa, fb});
  }
  save(dir + "/meta.bin", meta.data(), meta.size() * 4);
  const int n = c.size();
  float2* dc;
  float* dout;
  cudaMalloc(&dc, n * 8);
  cudaMalloc(&dout, n * 4);
  cudaMemcpy(dc, c.data(), n * 8, cudaMemcpyHostToDevice);
  read2d<<<(n + 255) / 256, 256>>>(t, dc, dout, n);
  std::vector<float> out(n);
  cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
  save(dir + "/out.bin", out.data(), n * 4);
  printf("done %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
