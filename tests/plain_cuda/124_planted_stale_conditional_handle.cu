// A conditional handle used after its graph is gone: the kernel sets a handle whose graph the
// program destroyed, so no conditional node will ever read it (invalid-handle at the kernel's
// line; on a GPU the write goes nowhere, or somewhere else).
// EXPECT-FINDING: invalid-handle 10
// EXPECT: host: launch after the graph's destruction: cudaErrorInvalidResourceHandle
#include "check.cuh"

__global__ void set_handle(cudaGraphConditionalHandle h, int* out) {
  out[0] = 1;
  cudaGraphSetConditional(h, 1);
}

int main() {
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h;
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&h, g));
  CHECK_CUDA(cudaGraphDestroy(g));
  int* out;
  CHECK_CUDA(cudaMalloc(&out, sizeof(int)));
  set_handle<<<1, 1>>>(h, out);
  std::printf("host: launch after the graph's destruction: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
