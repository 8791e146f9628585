// CUDA graphs, as cuda-samples' simpleCudaGraphs builds them: by stream capture (a fork to a
// second stream and a join through events) and by the explicit API (memcpy, memset with 4-byte
// elements, kernel and host nodes with dependencies), cloned, instantiated and launched twice.
// EXPECT: capture_ran_nothing: ok
// EXPECT: captured_graph: ok
// EXPECT: node_count: 5
// EXPECT: explicit_graph: ok
// EXPECT: host_node_runs: 2
#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void add(int* v, int amount, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += amount;
}
__global__ void scale(int* v, int factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= factor;
}

int host_runs = 0;
void count_run(void* counter) { ++*static_cast<int*>(counter); }

int main() {
  const int n = 1000;
  int *a, *b;
  CHECK_CUDA(cudaMalloc(&a, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&b, n * sizeof(int)));
  std::vector<int> host(n);

  // By stream capture: a += 1 on s1, fork: b = 7 then b *= 3 on s2, join, a *= 2 on s1.
  cudaStream_t s1, s2;
  CHECK_CUDA(cudaStreamCreate(&s1));
  CHECK_CUDA(cudaStreamCreate(&s2));
  cudaEvent_t forked, joined;
  CHECK_CUDA(cudaEventCreate(&forked));
  CHECK_CUDA(cudaEventCreate(&joined));
  CHECK_CUDA(cudaMemset(a, 0, n * sizeof(int)));
  CHECK_CUDA(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  add<<<4, 256, 0, s1>>>(a, 1, n);
  CHECK_CUDA(cudaEventRecord(forked, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, forked, 0));
  CHECK_CUDA(cudaMemsetAsync(b, 0, n * sizeof(int), s2));
  add<<<4, 256, 0, s2>>>(b, 7, n);
  scale<<<4, 256, 0, s2>>>(b, 3, n);
  CHECK_CUDA(cudaEventRecord(joined, s2));
  CHECK_CUDA(cudaStreamWaitEvent(s1, joined, 0));
  scale<<<4, 256, 0, s1>>>(a, 2, n);
  cudaStreamCaptureStatus status;
  CHECK_CUDA(cudaStreamIsCapturing(s1, &status));
  const bool was_capturing = status == cudaStreamCaptureStatusActive;
  cudaGraph_t captured;
  CHECK_CUDA(cudaStreamEndCapture(s1, &captured));
  CHECK_CUDA(cudaStreamIsCapturing(s1, &status));
  CHECK_CUDA(cudaMemcpy(host.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  long long wrong = !was_capturing + (status != cudaStreamCaptureStatusNone);
  for (int i = 0; i < n; ++i) wrong += host[i] != 0;  // capturing ran nothing
  report("capture_ran_nothing", wrong, 0);

  cudaGraphExec_t captured_exec;
  CHECK_CUDA(cudaGraphInstantiate(&captured_exec, captured, 0));
  CHECK_CUDA(cudaGraphLaunch(captured_exec, s1));
  CHECK_CUDA(cudaGraphLaunch(captured_exec, s1));  // a = ((0+1)*2+1)*2 = 6; b = 21
  CHECK_CUDA(cudaStreamSynchronize(s1));
  wrong = 0;
  CHECK_CUDA(cudaMemcpy(host.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) wrong += host[i] != 6;
  CHECK_CUDA(cudaMemcpy(host.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) wrong += host[i] != 21;
  report("captured_graph", wrong, 0);

  // By the explicit API: copy in -> add 10 -> scale by 3 on a; b filled with 5 (4-byte elements)
  // beside them; a host node after both branches.
  std::vector<int> input(n), output(n, -1);
  for (int i = 0; i < n; ++i) input[i] = i;
  cudaGraph_t graph;
  CHECK_CUDA(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t copy_in, set_b, add_node, scale_node, host_node;
  CHECK_CUDA(cudaGraphAddMemcpyNode1D(&copy_in, graph, nullptr, 0, a, input.data(), n * sizeof(int),
                                      cudaMemcpyHostToDevice));
  cudaMemsetParams memset_params = {};
  memset_params.dst = b;
  memset_params.value = 5;
  memset_params.elementSize = sizeof(int);
  memset_params.width = n;
  memset_params.height = 1;
  CHECK_CUDA(cudaGraphAddMemsetNode(&set_b, graph, nullptr, 0, &memset_params));
  int amount = 10, factor = 3, count = n;
  void* add_args[] = {&a, &amount, &count};
  cudaKernelNodeParams kernel_params = {};
  kernel_params.func = (void*)add;
  kernel_params.gridDim = dim3(4);
  kernel_params.blockDim = dim3(256);
  kernel_params.kernelParams = add_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&add_node, graph, &copy_in, 1, &kernel_params));
  amount = -1;  // the node copied its arguments
  void* scale_args[] = {&a, &factor, &count};
  kernel_params.func = (void*)scale;
  kernel_params.kernelParams = scale_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&scale_node, graph, &add_node, 1, &kernel_params));
  cudaGraphNode_t before_host[] = {scale_node, set_b};
  cudaHostNodeParams host_params = {count_run, &host_runs};
  CHECK_CUDA(cudaGraphAddHostNode(&host_node, graph, before_host, 2, &host_params));
  std::size_t nodes = 0;
  CHECK_CUDA(cudaGraphGetNodes(graph, nullptr, &nodes));
  std::printf("node_count: %zu\n", nodes);

  cudaGraph_t clone;
  CHECK_CUDA(cudaGraphClone(&clone, graph));
  CHECK_CUDA(cudaGraphDestroy(graph));
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, clone, 0));
  for (int launch = 0; launch < 2; ++launch) CHECK_CUDA(cudaGraphLaunch(exec, s2));
  CHECK_CUDA(cudaStreamSynchronize(s2));
  CHECK_CUDA(cudaMemcpy(output.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += output[i] != (i + 10) * 3;
  CHECK_CUDA(cudaMemcpy(output.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) wrong += output[i] != 5;
  report("explicit_graph", wrong, 0);
  std::printf("host_node_runs: %d\n", host_runs);

  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(clone));
  CHECK_CUDA(cudaGraphExecDestroy(captured_exec));
  CHECK_CUDA(cudaGraphDestroy(captured));
  CHECK_CUDA(cudaEventDestroy(forked));
  CHECK_CUDA(cudaEventDestroy(joined));
  CHECK_CUDA(cudaStreamDestroy(s1));
  CHECK_CUDA(cudaStreamDestroy(s2));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  return 0;
}
