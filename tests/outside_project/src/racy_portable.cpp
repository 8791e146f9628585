// The racy program in cusim's portable spelling (cusim::launch), for a Makefile that compiles C++
// with pkg-config's flags instead of going through cusim-nvcc.
#include <cstdio>
#include <cusim/cusim.hpp>

__global__ void count(int* counter) { *counter += 1; }

int main() {
  int* counter;
  cudaMalloc(&counter, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  cusim::launch(count, dim3(2), dim3(32), counter);
  int h = 0;
  cudaMemcpy(&h, counter, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(counter);
  std::printf("racy_portable: counter = %d (64 without the race)\n", h);
  return 0;
}
