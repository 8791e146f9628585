// Launches CUDA refuses, seen through cudaGetLastError as in CUDA: too many threads per block,
// too much dynamic shared memory, and a good launch after them. The simulator also reports each
// refused launch as a finding, naming the launch's line.
// EXPECT: 1025 threads: cudaErrorInvalidValue
// EXPECT: 64 KiB shared: cudaErrorInvalidValue
// EXPECT: good launch: cudaSuccess
// EXPECT-FINDING: invalid-launch 18
// EXPECT-FINDING: invalid-launch 20
#include "check.cuh"

__global__ void nothing(int* out) {
  if (threadIdx.x == 0) *out = 1;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  nothing<<<1, 1025>>>(out);
  std::printf("1025 threads: %s\n", cudaGetErrorName(cudaGetLastError()));
  nothing<<<1, 32, 64 * 1024>>>(out);
  std::printf("64 KiB shared: %s\n", cudaGetErrorName(cudaGetLastError()));
  nothing<<<1, 32>>>(out);
  std::printf("good launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  CHECK_CUDA(cudaDeviceSynchronize());
  return *out == 1 ? 0 : 1;
}
