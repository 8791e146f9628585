// Blocks and threads (seed 000): kernel<<<blocks, threads>>> runs blocks x threads copies of the
// kernel. The seed's four launches, <<<1, 1>>>, <<<1, 10>>>, <<<10, 1>>> and <<<10, 10>>>, each of
// a kernel that prints the integers 0 to 9; every copy also counts itself with atomicAdd, so the
// program can say how many times each ran: 1, 10, 10 and 100.
#include <cuda_runtime.h>
#include <cstdio>

#include "cuda_check.hpp"

__global__ void print_ints(unsigned int* runs) {
  // One printf per thread, so that lines from different threads cannot interleave mid-line.
  printf("block %u, thread %u: 0 1 2 3 4 5 6 7 8 9\n", blockIdx.x, threadIdx.x);
  atomicAdd(runs, 1u);
}

int main() {
  unsigned int* runs = nullptr;
  CUDA_CHECK(cudaMallocManaged(&runs, sizeof(unsigned int)));
  const unsigned configs[][2] = {{1, 1}, {1, 10}, {10, 1}, {10, 10}};
  bool all_right = true;
  for (const auto& c : configs) {
    *runs = 0;
    std::printf("print_ints<<<%u, %u>>>:\n", c[0], c[1]);
    std::fflush(stdout);  // the kernel's lines come after this one
    print_ints<<<c[0], c[1]>>>(runs); CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::printf("<<<%u, %u>>> ran the kernel %u times (%u blocks x %u threads)\n", c[0], c[1], *runs, c[0], c[1]);
    all_right = all_right && *runs == c[0] * c[1];
  }
  CUDA_CHECK(cudaFree(runs));
  return all_right ? 0 : 1;
}
