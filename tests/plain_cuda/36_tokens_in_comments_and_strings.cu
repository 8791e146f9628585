// Text that looks like CUDA's syntax but is not code stays as it is: "__shared__ int x;" and
// "k<<<1, 1>>>()" in comments and strings are not rewritten.
// EXPECT: text: __shared__ float s[4]; k<<<1, 1>>>();
// EXPECT: kernel: ok
#include "check.cuh"

__global__ void unit(int* out) {
  // __shared__ int not_declared[8];  (a comment)
  /* k<<<1, 2>>>(out); */
  out[0] = 1;
}

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, sizeof(int)));
  std::printf("text: %s %s\n", "__shared__ float s[4];", "k<<<1, 1>>>();");
  unit<<<1, 1>>>(out);  // unit<<<2, 2>>>(out) in a comment
  CHECK_CUDA(cudaDeviceSynchronize());
  report("kernel", *out, 1);
  return 0;
}
