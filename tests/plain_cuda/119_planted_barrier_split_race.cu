// Planted bug: a barrier's split arrive() and wait() with the write between them. What a thread
// does after it arrives is not ordered by the phase, so another thread's read after its wait
// races with the write, which racecheck reports at the read; on a GPU the read may see the old
// value.
// EXPECT-FINDING: race-raw 21
#include <cuda/barrier>

#include "check.cuh"

__global__ void publish_late(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int values[64];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  values[t] = 0;
  __syncthreads();
  auto token = bar.arrive();
  // BUG: written after arriving; it belongs before bar.arrive()
  values[t] = t + 1;
  bar.wait(std::move(token));
  out[t] = values[63 - t];
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  publish_late<<<1, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
