// Hello from the CPU and from 2 blocks x 5 threads of the "GPU".
#include <cstdio>

__global__ void hello_kernel() {
  printf("Hello World from GPU! block %u, thread %u\n", blockIdx.x, threadIdx.x);
}

int main() {
  printf("Hello World from CPU!\n");
  hello_kernel<<<2, 5>>>();
  const cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    fprintf(stderr, "error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  return 0;
}
