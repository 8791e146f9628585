// Planted bug: thread 0 initialises the barrier, but no __syncthreads() follows, so the other
// threads may arrive before init() has run (on a GPU, at an mbarrier holding garbage). Each
// call reads the barrier first, so racecheck reports the reads unordered with init()'s writes.
// EXPECT-FINDING: race-raw 16
#include <cuda/barrier>

#include "check.cuh"

__global__ void sum_pairs(const int* in, int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int values[32];
  const int t = threadIdx.x;
  // BUG: no __syncthreads() between init() and the other threads' arrivals
  if (t == 0) init(&bar, blockDim.x);
  values[t] = in[t];
  bar.arrive_and_wait();
  out[t] = values[t] + values[31 - t];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 32 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  for (int i = 0; i < 32; ++i) in[i] = i;
  sum_pairs<<<1, 32>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
