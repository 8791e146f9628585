// A __shared__ array declared in a header's device function (include/block_scan.cuh).
// EXPECT: scan: ok
#include "check.cuh"
#include "include/block_scan.cuh"

__global__ void scan_kernel(const int* in, int* out) { out[threadIdx.x] = block_inclusive_scan(in[threadIdx.x]); }

int main() {
  int *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 200 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 200 * sizeof(int)));
  for (int i = 0; i < 200; ++i) in[i] = i % 4;
  scan_kernel<<<1, 200>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0, running = 0;
  for (int i = 0; i < 200; ++i) running += in[i], wrong += out[i] != running;
  report("scan", wrong, 0);
  return 0;
}
