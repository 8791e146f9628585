// A racy program: every thread adds 1 to the same counter without an atomic (a data race).
#include <cstdio>

__global__ void count(int* counter) { *counter += 1; }

int main() {
  int* counter;
  cudaMalloc(&counter, sizeof(int));
  cudaMemset(counter, 0, sizeof(int));
  count<<<2, 32>>>(counter);
  int h = 0;
  cudaMemcpy(&h, counter, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(counter);
  std::printf("racy: counter = %d (64 without the race)\n", h);
  return 0;
}
