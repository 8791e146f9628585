// NVTX annotations, as cuda-samples' cudaGraphsPerfScaling and profiled programs write them: push
// and pop ranges (plain, with attributes, wide), a start/end range, marks, a domain with a
// registered string, and a named stream, around kernels whose results must not change. Under
// cusim the ranges and marks are in the trace (tests/trace/timeline_test.cpp reads them); the
// nesting levels go to stderr, since without a tool attached NVTX answers -2 for each.
// EXPECT: results_in_ranges: ok
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>

#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void scale(int* v, int n, int by) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= by;
}

int main() {
  const int n = 512;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = i;
  int* v;
  CHECK_CUDA(cudaMalloc(&v, n * sizeof(int)));
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  nvtxNameCudaStreamA(s, "work");

  int levels[4];
  levels[0] = nvtxRangePushA("outer");
  CHECK_CUDA(cudaMemcpyAsync(v, host.data(), n * sizeof(int), cudaMemcpyHostToDevice, s));
  levels[1] = nvtxRangePushA("inner");
  scale<<<n / 128, 128, 0, s>>>(v, n, 2);
  nvtxMarkA("between kernels");
  scale<<<n / 128, 128, 0, s>>>(v, n, 3);
  CHECK_CUDA(cudaStreamSynchronize(s));
  levels[2] = nvtxRangePop();

  nvtxEventAttributes_t attributes = {};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.colorType = NVTX_COLOR_ARGB;
  attributes.color = 0xff76b900;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = "attributed";
  nvtxRangePushEx(&attributes);
  nvtxRangePop();
  nvtxRangePushW(L"wide \u00e9t\u00e9");
  nvtxRangePop();

  const nvtxRangeId_t started = nvtxRangeStartA("started");
  CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  nvtxRangeEnd(started);

  nvtxDomainHandle_t domain = nvtxDomainCreateA("corpus");
  attributes.message.ascii = "in a domain";
  nvtxDomainRangePushEx(domain, &attributes);
  attributes.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  attributes.message.registered = nvtxDomainRegisterStringA(domain, "registered");
  nvtxDomainMarkEx(domain, &attributes);
  nvtxDomainRangePop(domain);
  nvtxDomainDestroy(domain);
  levels[3] = nvtxRangePop();
  std::fprintf(stderr, "nvtx levels: %d %d %d %d\n", levels[0], levels[1], levels[2], levels[3]);

  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 6 * i;
  report("results_in_ranges", wrong, 0);
  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(v));
  return 0;
}
