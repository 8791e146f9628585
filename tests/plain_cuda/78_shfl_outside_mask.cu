// A shuffle whose source lane is outside the mask (a lane that does not take part, or one the
// block lacks) is undefined in CUDA; an sm_90 GPU gives 0, and cusim does the same (cuda-samples'
// reduction relies on it when its last pass runs a block of fewer than 32 threads). The expected
// lines are what an H200 printed for this program.
// EXPECT: full warp, mask 0xff, down 16: 0 0 0 0 0 0 0 0
// EXPECT: one-thread block, mask 0x1, down 16: 0
// EXPECT: 8-thread block, mask 0xff, down 4: 41 51 61 71 0 0 0 0
// EXPECT: full warp, mask 0xffffffff, down 20: 201 211 221 231 241 251 261 271
#include <cstdio>

#include "check.cuh"

__global__ void shuffle_down(int* out, unsigned mask, int delta) {
  const int v = static_cast<int>(threadIdx.x) * 10 + 1;
  int r = -1;
  if ((mask >> threadIdx.x) & 1) r = __shfl_down_sync(mask, v, delta);
  out[threadIdx.x] = r;
}

static void run(int* out, int threads, unsigned mask, int delta, int shown, const char* what) {
  shuffle_down<<<1, threads>>>(out, mask, delta);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("%s:", what);
  for (int i = 0; i < shown; ++i) std::printf(" %d", out[i]);
  std::printf("\n");
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  run(out, 32, 0xffu, 16, 8, "full warp, mask 0xff, down 16");
  run(out, 1, 0x1u, 16, 1, "one-thread block, mask 0x1, down 16");
  run(out, 8, 0xffu, 4, 8, "8-thread block, mask 0xff, down 4");
  run(out, 32, 0xffffffffu, 20, 8, "full warp, mask 0xffffffff, down 20");
  CHECK_CUDA(cudaFree(out));
  return 0;
}
