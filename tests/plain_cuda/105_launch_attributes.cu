// Launch attributes, as cuda-samples' simpleAttributes and CUDA's programming guide use them:
// cudaLaunchKernelEx (its template, which converts the arguments, and cudaLaunchKernelExC) with the
// cooperative, cluster-dimension, programmatic-serialisation and launch-completion-event
// attributes; a stream's access policy window and other attributes; a kernel node's attributes;
// and CUDA's answers to wrong values.
// EXPECT: launch_ex: ok
// EXPECT: launch_ex_c: ok
// EXPECT: cooperative_grid_sync: ok
// EXPECT: cluster_2: ok
// EXPECT: cluster_not_dividing: cudaErrorInvalidClusterSize
// EXPECT: cluster_of_16: cudaErrorInvalidClusterSize
// EXPECT: programmatic_serialization: ok
// EXPECT: completion_event: cudaSuccess
// EXPECT: window_kept: ok
// EXPECT: sync_policy: -1
// EXPECT: stream_priority: -1
// EXPECT: copied_window: ok
// EXPECT: miss_persisting: cudaErrorInvalidValue
// EXPECT: hit_ratio_2: cudaErrorInvalidValue
// EXPECT: cooperative_on_stream: cudaErrorInvalidValue
// EXPECT: reset_persisting_l2: cudaSuccess
// EXPECT: node_window_kept: ok
// EXPECT: node_cooperative_grid_sync: ok
// EXPECT: copied_node_attributes: ok
#include <cooperative_groups.h>

#include <cstdio>
#include <vector>

#include "check.cuh"

namespace cg = cooperative_groups;

__global__ void axpb(float* v, int n, float a, long long b) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = a * i + float(b);
}

// Every block writes its part, then, after the grid's barrier, reads another block's.
__global__ void rotate(int* in, int* out, int n) {
  cg::grid_group grid = cg::this_grid();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  in[i] = i;
  grid.sync();
  out[i] = in[(i + blockDim.x) % n];
}

__global__ void after_previous(int* v, int n) {
  cudaGridDependencySynchronize();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1;
  cudaTriggerProgrammaticLaunchCompletion();
}

long long check_rotate(const std::vector<int>& out, int n, int block) {
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != (i + block) % n;
  return wrong;
}

int main() {
  const int n = 1024, block = 128;
  float* f;
  int *in, *out;
  CHECK_CUDA(cudaMalloc(&f, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, n * sizeof(int)));
  std::vector<float> hf(n);
  std::vector<int> hi(n);
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, -1));

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(n / block);
  config.blockDim = dim3(block);
  config.stream = s;
  CHECK_CUDA(cudaLaunchKernelEx(&config, axpb, f, n, 2.0, 3));  // a double and an int, converted
  CHECK_CUDA(cudaMemcpyAsync(hf.data(), f, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hf[i] != 2.0f * i + 3.0f;
  report("launch_ex", wrong, 0);

  float a = -1.0f;
  long long b = 5;
  int count = n;
  void* args[] = {&f, &count, &a, &b};
  CHECK_CUDA(cudaLaunchKernelExC(&config, (const void*)axpb, args));
  CHECK_CUDA(cudaMemcpyAsync(hf.data(), f, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hf[i] != 5.0f - i;
  report("launch_ex_c", wrong, 0);

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&config, rotate, in, out, n));
  CHECK_CUDA(cudaMemcpyAsync(hi.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("cooperative_grid_sync", check_rotate(hi, n, block), 0);

  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&config, axpb, f, n, 1.0f, 0ll));
  CHECK_CUDA(cudaMemcpyAsync(hf.data(), f, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hf[i] != float(i);
  report("cluster_2", wrong, 0);
  attribute[0].val.clusterDim.x = 3;  // 8 blocks are not clusters of 3
  std::printf("cluster_not_dividing: %s\n", cudaGetErrorName(cudaLaunchKernelEx(&config, axpb, f, n, 1.0f, 0ll)));
  cudaGetLastError();
  config.gridDim = dim3(32);
  config.blockDim = dim3(32);
  attribute[0].val.clusterDim.x = 16;  // more than the portable 8
  std::printf("cluster_of_16: %s\n", cudaGetErrorName(cudaLaunchKernelEx(&config, axpb, f, n, 1.0f, 0ll)));
  cudaGetLastError();
  config.gridDim = dim3(n / block);
  config.blockDim = dim3(block);

  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  CHECK_CUDA(cudaMemsetAsync(in, 0, n * sizeof(int), s));
  CHECK_CUDA(cudaLaunchKernelEx(&config, after_previous, in, n));
  CHECK_CUDA(cudaLaunchKernelEx(&config, after_previous, in, n));
  CHECK_CUDA(cudaMemcpyAsync(hi.data(), in, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hi[i] != 2;
  report("programmatic_serialization", wrong, 0);

  cudaEvent_t started;
  CHECK_CUDA(cudaEventCreateWithFlags(&started, cudaEventDisableTiming));
  attribute[0].id = cudaLaunchAttributeLaunchCompletionEvent;
  attribute[0].val.launchCompletionEvent.event = started;
  attribute[0].val.launchCompletionEvent.flags = 0;
  CHECK_CUDA(cudaLaunchKernelEx(&config, after_previous, in, n));
  CHECK_CUDA(cudaStreamSynchronize(s));
  std::printf("completion_event: %s\n", cudaGetErrorName(cudaEventQuery(started)));

  // A stream's attributes, as simpleAttributes sets its access policy window.
  cudaStreamAttrValue window = {};
  window.accessPolicyWindow.base_ptr = in;
  window.accessPolicyWindow.num_bytes = n * sizeof(int);
  window.accessPolicyWindow.hitRatio = 0.6f;
  window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  CHECK_CUDA(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &window));
  cudaStreamAttrValue got = {};
  CHECK_CUDA(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &got));
  report("window_kept", got.accessPolicyWindow.base_ptr == in && got.accessPolicyWindow.num_bytes == n * sizeof(int) &&
                            got.accessPolicyWindow.hitRatio == 0.6f &&
                            got.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting &&
                            got.accessPolicyWindow.missProp == cudaAccessPropertyStreaming,
         1);
  CHECK_CUDA(cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &got));
  std::printf("sync_policy: %d\n", int(got.syncPolicy));
  CHECK_CUDA(cudaStreamGetAttribute(s, cudaStreamAttributePriority, &got));
  std::printf("stream_priority: %d\n", got.priority);
  cudaStream_t s2;
  CHECK_CUDA(cudaStreamCreate(&s2));
  CHECK_CUDA(cudaStreamCopyAttributes(s2, s));
  got = {};
  CHECK_CUDA(cudaStreamGetAttribute(s2, cudaStreamAttributeAccessPolicyWindow, &got));
  report("copied_window", got.accessPolicyWindow.base_ptr == in && got.accessPolicyWindow.hitRatio == 0.6f, 1);
  cudaStreamAttrValue wrong_window = window;
  wrong_window.accessPolicyWindow.missProp = cudaAccessPropertyPersisting;
  std::printf("miss_persisting: %s\n",
              cudaGetErrorName(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &wrong_window)));
  wrong_window = window;
  wrong_window.accessPolicyWindow.hitRatio = 2.0f;
  std::printf("hit_ratio_2: %s\n",
              cudaGetErrorName(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &wrong_window)));
  std::printf("cooperative_on_stream: %s\n",
              cudaGetErrorName(cudaStreamSetAttribute(s, (cudaStreamAttrID)cudaLaunchAttributeCooperative, &window)));
  cudaGetLastError();
  std::printf("reset_persisting_l2: %s\n", cudaGetErrorName(cudaCtxResetPersistingL2Cache()));

  // A kernel node's attributes: a window, and a cooperative launch set on the node.
  cudaGraph_t graph;
  CHECK_CUDA(cudaGraphCreate(&graph, 0));
  void* rotate_args[] = {&in, &out, &count};
  cudaKernelNodeParams params = {};
  params.func = (void*)rotate;
  params.gridDim = dim3(n / block);
  params.blockDim = dim3(block);
  params.kernelParams = rotate_args;
  cudaGraphNode_t node, second;
  CHECK_CUDA(cudaGraphAddKernelNode(&node, graph, nullptr, 0, &params));
  cudaKernelNodeAttrValue value = {};
  value.accessPolicyWindow = window.accessPolicyWindow;
  CHECK_CUDA(cudaGraphKernelNodeSetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &value));
  value = {};
  value.cooperative = 1;
  CHECK_CUDA(cudaGraphKernelNodeSetAttribute(node, cudaKernelNodeAttributeCooperative, &value));
  cudaKernelNodeAttrValue node_got = {};
  CHECK_CUDA(cudaGraphKernelNodeGetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &node_got));
  report("node_window_kept", node_got.accessPolicyWindow.base_ptr == in && node_got.accessPolicyWindow.hitRatio == 0.6f, 1);
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  CHECK_CUDA(cudaMemsetAsync(out, 0, n * sizeof(int), s));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(hi.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("node_cooperative_grid_sync", check_rotate(hi, n, block), 0);
  CHECK_CUDA(cudaGraphAddKernelNode(&second, graph, &node, 1, &params));
  CHECK_CUDA(cudaGraphKernelNodeCopyAttributes(second, node));
  node_got = {};
  CHECK_CUDA(cudaGraphKernelNodeGetAttribute(second, cudaKernelNodeAttributeCooperative, &node_got));
  report("copied_node_attributes", node_got.cooperative, 1);

  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));
  CHECK_CUDA(cudaEventDestroy(started));
  CHECK_CUDA(cudaStreamDestroy(s2));
  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(f));
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  return 0;
}
