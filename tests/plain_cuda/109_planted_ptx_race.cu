// Planted bug: 43_planted_shared_race.cu's reversal written in inline PTX (generic ld and st of
// shared memory) and still without its barrier; the translated instructions are accesses the
// checkers see: racecheck reports the race, initcheck the reads before the element's write.
// EXPECT-FINDING: race-raw 15
// EXPECT-FINDING: uninitialized-read 15
#include "check.cuh"

__global__ void reverse_racy(const int* in, int* out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  int v;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(in + t));
  asm volatile("st.u32 [%0], %1;" ::"l"(tile + t), "r"(v) : "memory");
  // BUG: no bar.sync 0 before reading other threads' writes
  asm volatile("ld.u32 %0, [%1];" : "=r"(v) : "l"(tile + blockDim.x - 1 - t) : "memory");
  out[t] = v;
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = i;
  reverse_racy<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
