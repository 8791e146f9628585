// The program and a header in a subfolder both include check.cuh (the header finds it through the
// include path): every header is read once, its translated copy, so #pragma once holds.
// EXPECT: nested_includes: ok
#include "check.cuh"
#include "include/nested_header.cuh"

int main() {
  int* out;
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(int)));
  nested_fill<<<1, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += out[i] != 2 * i;
  report("nested_includes", wrong, 0);
  CHECK_CUDA(cudaFree(out));
  return 0;
}
