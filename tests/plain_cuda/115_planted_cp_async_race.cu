// Planted bug: a tile staged into shared memory with cp.async and read back reversed after the
// thread's own wait, but without the barrier that makes the other threads' copies visible. The
// copy is an access of the thread that issued it, so racecheck reports the race and initcheck
// the reads of elements whose copy has not been made.
// EXPECT-FINDING: race-raw 16
// EXPECT-FINDING: uninitialized-read 16
#include "check.cuh"

__global__ void reverse_staged(const int* in, int* out) {
  __shared__ int tile[64];
  const int t = threadIdx.x;
  const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(&tile[t]));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(to), "l"(in + t) : "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  // BUG: no __syncthreads() between the copies and the reads of other threads' elements
  out[t] = tile[63 - t];
}

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) in[i] = i;
  reverse_staged<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("ran\n");
  return 0;
}
