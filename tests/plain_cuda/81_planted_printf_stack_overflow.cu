// A thread whose stack is nearly full calls printf: a stack-overflow finding at the printf's line
// (cusim checks the stack before it formats), and the host's own printing goes on. Formatting in
// the C library with the stack this full would fault inside it, with stdout's lock held, and the
// host's next printf would wait forever.
// EXPECT-FINDING: stack-overflow 15
// EXPECT: host: printing after the launch
// EXPECT: host: launch ended with cudaErrorLaunchFailure
#include "check.cuh"

__global__ void nearly_full(int* out) {
  volatile char pad[52 * 1024];  // of the default 64 KiB stack (CUSIM_STACK_KB)
  pad[0] = 1;
  pad[sizeof pad - 1] = 2;
  if (threadIdx.x == 0)
    printf("thread %d pads %d bytes\n", threadIdx.x, int(sizeof pad) + pad[0]);
  out[threadIdx.x] = pad[0] + pad[sizeof pad - 1];
}

int main() {
  int* out = nullptr;
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(int)));
  nearly_full<<<1, 32>>>(out);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("host: printing after the launch\n");
  std::printf("host: launch ended with %s\n", cudaGetErrorName(e));
  return 0;
}
