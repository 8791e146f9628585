// Device printf: a kernel's output waits in a buffer until the host synchronises (cudaDeviceSynchronize
// here), as on a GPU, so the host's line printed after the launch comes first. Each call's output
// stays whole, and printf returns the number of arguments its format names.
// EXPECT: host: launched
// EXPECT: kernel: 7 lines from thread 0, "seven"
// EXPECT: kernel: second line 3.50
// EXPECT: host: synchronised
// EXPECT: printf returned 3, 1, 1
#include "check.cuh"

__global__ void talk(int* returned) {
  if (threadIdx.x != 0) return;
  returned[0] = printf("kernel: %d lines from thread %d, \"%s\"\n", 7, threadIdx.x, "seven");
  returned[1] = printf("kernel: second line %.2f\n", 3.5);
  returned[2] = printf("%s", "");
}

int main() {
  int* returned = nullptr;
  CHECK_CUDA(cudaMallocManaged(&returned, 3 * sizeof(int)));
  talk<<<1, 32>>>(returned);
  CHECK_CUDA(cudaGetLastError());
  std::printf("host: launched\n");
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("host: synchronised\n");
  std::printf("printf returned %d, %d, %d\n", returned[0], returned[1], returned[2]);
  CHECK_CUDA(cudaFree(returned));
  return 0;
}
