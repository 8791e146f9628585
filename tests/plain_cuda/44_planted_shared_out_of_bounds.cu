// Planted bug: an off-by-one write past a __shared__ array; memcheck names the variable.
// EXPECT-FINDING: out-of-bounds 9
#include "check.cuh"

template <int N>
__global__ void fill_tile(int* out) {
  __shared__ int tile[N];
  tile[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == N - 1) tile[threadIdx.x + 1] = 0;  // BUG: one past the end
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  fill_tile<32><<<1, 32>>>(out);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
