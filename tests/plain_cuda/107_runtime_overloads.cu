// Runtime calls as cuda-samples and CUDA's guide spell them: cudaEventCreate and cudaMallocHost
// with flags (CUDA's C++ overloads), stream-ordered symbol copies (cudaMemcpyToSymbolAsync,
// cudaMemcpyFromSymbolAsync, captured into a graph too), cudaGetSymbolSize, and
// cudaStreamAttachMemAsync on managed memory, with CUDA's answers to wrong calls.
// EXPECT: untimed_event: cudaErrorInvalidResourceHandle
// EXPECT: mapped_host_flags: 2
// EXPECT: symbol_size: 64
// EXPECT: symbol_copies: ok
// EXPECT: captured_symbol_copies: ok
// EXPECT: to_symbol_wrong_direction: cudaErrorInvalidMemcpyDirection
// EXPECT: from_symbol_past_end: cudaErrorInvalidValue
// EXPECT: attach: cudaSuccess
// EXPECT: managed_after_attach: ok
#include <cstdio>

#include "check.cuh"

__constant__ int table[16];
__device__ int results[16];

__global__ void use_table(int scale) {
  const int i = threadIdx.x;
  results[i] = table[i] * scale;
}
__global__ void bump(int* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1;
}

int main() {
  cudaEvent_t a, b;
  CHECK_CUDA(cudaEventCreate(&a, cudaEventDisableTiming));
  CHECK_CUDA(cudaEventCreate(&b, cudaEventDisableTiming));
  CHECK_CUDA(cudaEventRecord(a));
  CHECK_CUDA(cudaEventRecord(b));
  CHECK_CUDA(cudaEventSynchronize(b));
  float ms = 0;
  std::printf("untimed_event: %s\n", cudaGetErrorName(cudaEventElapsedTime(&ms, a, b)));
  cudaGetLastError();

  int* host = nullptr;
  CHECK_CUDA(cudaMallocHost(&host, 16 * sizeof(int), cudaHostAllocMapped));
  unsigned flags = 0;
  CHECK_CUDA(cudaHostGetFlags(&flags, host));
  std::printf("mapped_host_flags: %u\n", flags & cudaHostAllocMapped);

  std::size_t size = 0;
  CHECK_CUDA(cudaGetSymbolSize(&size, table));
  std::printf("symbol_size: %zu\n", size);

  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  for (int i = 0; i < 16; ++i) host[i] = i + 1;
  CHECK_CUDA(cudaMemcpyToSymbolAsync(table, host, 16 * sizeof(int), 0, cudaMemcpyHostToDevice, s));
  use_table<<<1, 16, 0, s>>>(3);
  CHECK_CUDA(cudaMemcpyFromSymbolAsync(host, results, 16 * sizeof(int), 0, cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  long long wrong = 0;
  for (int i = 0; i < 16; ++i) wrong += host[i] != 3 * (i + 1);
  report("symbol_copies", wrong, 0);

  // The same copies captured: they run when the graph does, not before.
  cudaGraph_t graph;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK_CUDA(cudaMemcpyToSymbolAsync(table, host, 8 * sizeof(int), 8 * sizeof(int), cudaMemcpyHostToDevice, s));
  use_table<<<1, 16, 0, s>>>(2);
  CHECK_CUDA(cudaMemcpyFromSymbolAsync(host, results, 16 * sizeof(int), 0, cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamEndCapture(s, &graph));
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 16; ++i) host[i] = 100 + i;  // what the graph's first copy takes
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  // table: 1..8 from before, then 100..107 from host[0..7]; results = 2 * table
  wrong = 0;
  for (int i = 0; i < 16; ++i) wrong += host[i] != 2 * (i < 8 ? i + 1 : 100 + (i - 8));
  report("captured_symbol_copies", wrong, 0);

  std::printf("to_symbol_wrong_direction: %s\n",
              cudaGetErrorName(cudaMemcpyToSymbolAsync(table, host, 4, 0, cudaMemcpyDeviceToHost, s)));
  std::printf("from_symbol_past_end: %s\n",
              cudaGetErrorName(cudaMemcpyFromSymbolAsync(host, results, 8, 60, cudaMemcpyDeviceToHost, s)));
  cudaGetLastError();

  int* managed;
  CHECK_CUDA(cudaMallocManaged(&managed, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i) managed[i] = i;
  std::printf("attach: %s\n", cudaGetErrorName(cudaStreamAttachMemAsync(s, managed, 0, cudaMemAttachSingle)));
  bump<<<1, 64, 0, s>>>(managed, 64);
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += managed[i] != i + 1;
  report("managed_after_attach", wrong, 0);

  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));
  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(managed));
  CHECK_CUDA(cudaFreeHost(host));
  CHECK_CUDA(cudaEventDestroy(a));
  CHECK_CUDA(cudaEventDestroy(b));
  return 0;
}
