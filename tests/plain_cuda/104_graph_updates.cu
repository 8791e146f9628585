// Changing graphs once made, as cuda-samples' jacobiCudaGraphs and graphMemoryNodes do: a kernel
// node's parameters in its graph and in an executable graph, memset and host nodes of an
// executable graph, nodes disabled and enabled, cudaGraphExecUpdate from a recaptured graph (both
// of its forms, and its refusals), and graph memory nodes (explicit and captured, a graph whose
// allocation outlives its launch, the device's graph-memory attributes).
// EXPECT: node_set_params: ok
// EXPECT: exec_kernel_set_params: ok
// EXPECT: graph_keeps_its_params: ok
// EXPECT: disabled: 0
// EXPECT: disabled_node_skipped: ok
// EXPECT: exec_memset_and_host: ok
// EXPECT: host_runs: 0 1
// EXPECT: update_result: cudaGraphExecUpdateSuccess
// EXPECT: update_from_capture: ok
// EXPECT: topology_changed: cudaErrorGraphExecUpdateFailure 2 error_node_set 0
// EXPECT: type_changed: cudaErrorGraphExecUpdateFailure 3
// EXPECT: alloc_node: bytes 4096 address_set 1 free_node_matches 1
// EXPECT: memory_node_graph: ok
// EXPECT: graph_memory_used_while_live: ok
// EXPECT: relaunch_before_free: cudaErrorInvalidValue
// EXPECT: relaunch_after_free: ok
// EXPECT: captured_memory_nodes: 1 1
// EXPECT: captured_memory_graph: ok
// EXPECT: graph_memory_after_trim: used 0 reserved 0
#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void add(int* v, int amount, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += amount;
}
__global__ void iota(int* v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = i;
}

void count_run(void* counter) { ++*static_cast<int*>(counter); }

long long count_wrong(const std::vector<int>& got, int want) {
  long long wrong = 0;
  for (int v : got) wrong += v != want;
  return wrong;
}

unsigned long long graph_memory(cudaGraphMemAttributeType attr) {
  unsigned long long v = 0;
  CHECK_CUDA(cudaDeviceGetGraphMemAttribute(0, attr, &v));
  return v;
}

int main() {
  const int n = 1024;
  std::vector<int> host(n);
  int* v;
  CHECK_CUDA(cudaMalloc(&v, n * sizeof(int)));
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));

  // memset(v, 0) -> add(v, amount) -> host node
  cudaGraph_t graph;
  CHECK_CUDA(cudaGraphCreate(&graph, 0));
  cudaMemsetParams memset_params = {};
  memset_params.dst = v;
  memset_params.value = 0;
  memset_params.elementSize = sizeof(int);
  memset_params.width = n;
  memset_params.height = 1;
  cudaGraphNode_t set_node, add_node, host_node;
  CHECK_CUDA(cudaGraphAddMemsetNode(&set_node, graph, nullptr, 0, &memset_params));
  int amount = 1, count = n;
  void* args[] = {&v, &amount, &count};
  cudaKernelNodeParams kernel = {};
  kernel.func = (void*)add;
  kernel.gridDim = dim3(n / 256);
  kernel.blockDim = dim3(256);
  kernel.kernelParams = args;
  CHECK_CUDA(cudaGraphAddKernelNode(&add_node, graph, &set_node, 1, &kernel));
  int first_runs = 0, second_runs = 0;
  cudaHostNodeParams host_params = {count_run, &first_runs};
  CHECK_CUDA(cudaGraphAddHostNode(&host_node, graph, &add_node, 1, &host_params));
  amount = 5;
  CHECK_CUDA(cudaGraphKernelNodeSetParams(add_node, &kernel));  // the graph's node now adds 5
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("node_set_params", count_wrong(host, 5), 0);

  amount = 9;  // this executable graph only
  CHECK_CUDA(cudaGraphExecKernelNodeSetParams(exec, add_node, &kernel));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("exec_kernel_set_params", count_wrong(host, 9), 0);
  cudaKernelNodeParams kept = {};
  CHECK_CUDA(cudaGraphKernelNodeGetParams(add_node, &kept));
  report("graph_keeps_its_params", *static_cast<int*>(kept.kernelParams[1]), 5);  // the node's own copy

  CHECK_CUDA(cudaGraphNodeSetEnabled(exec, add_node, 0));
  unsigned enabled = 7;
  CHECK_CUDA(cudaGraphNodeGetEnabled(exec, add_node, &enabled));
  std::printf("disabled: %u\n", enabled);
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("disabled_node_skipped", count_wrong(host, 0), 0);
  CHECK_CUDA(cudaGraphNodeSetEnabled(exec, add_node, 1));

  memset_params.value = 100;
  CHECK_CUDA(cudaGraphExecMemsetNodeSetParams(exec, set_node, &memset_params));
  host_params.userData = &second_runs;
  CHECK_CUDA(cudaGraphExecHostNodeSetParams(exec, host_node, &host_params));
  first_runs = 0;
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("exec_memset_and_host", count_wrong(host, 109), 0);
  std::printf("host_runs: %d %d\n", first_runs, second_runs);
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));

  // As jacobiCudaGraphs: capture the same work with new arguments, update the executable graph.
  cudaGraphExec_t captured_exec = nullptr;
  for (int round = 1; round <= 3; ++round) {
    cudaGraph_t captured;
    CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK_CUDA(cudaMemsetAsync(v, 0, n * sizeof(int), s));
    add<<<n / 256, 256, 0, s>>>(v, 10 * round, n);
    CHECK_CUDA(cudaStreamEndCapture(s, &captured));
    if (!captured_exec) {
      CHECK_CUDA(cudaGraphInstantiate(&captured_exec, captured, 0));
    } else if (round == 2) {
      cudaGraphExecUpdateResultInfo info;
      CHECK_CUDA(cudaGraphExecUpdate(captured_exec, captured, &info));
    } else {
      cudaGraphExecUpdateResult result;
      cudaGraphNode_t error_node;
      CHECK_CUDA(cudaGraphExecUpdate(captured_exec, captured, &error_node, &result));
      std::printf("update_result: %s\n", result == cudaGraphExecUpdateSuccess ? "cudaGraphExecUpdateSuccess" : "other");
    }
    CHECK_CUDA(cudaGraphDestroy(captured));
    CHECK_CUDA(cudaGraphLaunch(captured_exec, s));
    CHECK_CUDA(cudaMemcpyAsync(host.data(), v, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    if (round == 3) report("update_from_capture", count_wrong(host, 30), 0);
  }
  {  // one kernel more: the topology changed
    cudaGraph_t longer;
    CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK_CUDA(cudaMemsetAsync(v, 0, n * sizeof(int), s));
    add<<<n / 256, 256, 0, s>>>(v, 1, n);
    add<<<n / 256, 256, 0, s>>>(v, 1, n);
    CHECK_CUDA(cudaStreamEndCapture(s, &longer));
    cudaGraphExecUpdateResultInfo info = {};
    const cudaError_t e = cudaGraphExecUpdate(captured_exec, longer, &info);
    std::printf("topology_changed: %s %d error_node_set %d\n", cudaGetErrorName(e), int(info.result),
                info.errorNode != nullptr);
    CHECK_CUDA(cudaGraphDestroy(longer));
  }
  {  // a kernel where a memset was: a node's type changed
    cudaGraph_t other;
    CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    iota<<<n / 256, 256, 0, s>>>(v, n);
    add<<<n / 256, 256, 0, s>>>(v, 1, n);
    CHECK_CUDA(cudaStreamEndCapture(s, &other));
    cudaGraphExecUpdateResultInfo info = {};
    const cudaError_t e = cudaGraphExecUpdate(captured_exec, other, &info);
    std::printf("type_changed: %s %d\n", cudaGetErrorName(e), int(info.result));
    CHECK_CUDA(cudaGraphDestroy(other));
  }
  cudaGetLastError();
  CHECK_CUDA(cudaGraphExecDestroy(captured_exec));

  // Graph memory, as graphMemoryNodes: alloc -> iota -> copy out -> free.
  cudaGraph_t mem_graph;
  CHECK_CUDA(cudaGraphCreate(&mem_graph, 0));
  cudaMemAllocNodeParams alloc = {};
  alloc.poolProps.allocType = cudaMemAllocationTypePinned;
  alloc.poolProps.location.type = cudaMemLocationTypeDevice;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = n * sizeof(int);
  cudaGraphNode_t alloc_node, iota_node, copy_node, free_node;
  CHECK_CUDA(cudaGraphAddMemAllocNode(&alloc_node, mem_graph, nullptr, 0, &alloc));
  int* scratch = static_cast<int*>(alloc.dptr);
  void* iota_args[] = {&scratch, &count};
  kernel.func = (void*)iota;
  kernel.kernelParams = iota_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&iota_node, mem_graph, &alloc_node, 1, &kernel));
  CHECK_CUDA(cudaGraphAddMemcpyNode1D(&copy_node, mem_graph, &iota_node, 1, host.data(), scratch, n * sizeof(int),
                                      cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaGraphAddMemFreeNode(&free_node, mem_graph, &copy_node, 1, scratch));
  cudaMemAllocNodeParams got = {};
  CHECK_CUDA(cudaGraphMemAllocNodeGetParams(alloc_node, &got));
  void* freed = nullptr;
  CHECK_CUDA(cudaGraphMemFreeNodeGetParams(free_node, &freed));
  std::printf("alloc_node: bytes %zu address_set %d free_node_matches %d\n", got.bytesize, got.dptr == scratch,
              freed == scratch);
  CHECK_CUDA(cudaGraphInstantiate(&exec, mem_graph, 0));
  long long wrong = 0;
  for (int launch = 0; launch < 2; ++launch) {
    host.assign(n, -1);
    CHECK_CUDA(cudaGraphLaunch(exec, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i) wrong += host[i] != i;
  }
  report("memory_node_graph", wrong, 0);
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(mem_graph));

  // A graph that allocates and leaves the freeing to the program.
  cudaGraph_t keeps;
  CHECK_CUDA(cudaGraphCreate(&keeps, 0));
  alloc.dptr = nullptr;
  CHECK_CUDA(cudaGraphAddMemAllocNode(&alloc_node, keeps, nullptr, 0, &alloc));
  scratch = static_cast<int*>(alloc.dptr);
  CHECK_CUDA(cudaGraphAddKernelNode(&iota_node, keeps, &alloc_node, 1, &kernel));
  CHECK_CUDA(cudaGraphInstantiate(&exec, keeps, 0));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("graph_memory_used_while_live", graph_memory(cudaGraphMemAttrUsedMemCurrent) >= n * sizeof(int), 1);
  std::printf("relaunch_before_free: %s\n", cudaGetErrorName(cudaGraphLaunch(exec, s)));
  cudaGetLastError();
  CHECK_CUDA(cudaFreeAsync(scratch, s));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaMemcpyAsync(host.data(), scratch, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaFreeAsync(scratch, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != i;
  report("relaunch_after_free", wrong, 0);
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(keeps));

  // cudaMallocAsync and cudaFreeAsync captured: an allocation node and a free node.
  cudaGraph_t captured;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int* temp = nullptr;
  CHECK_CUDA(cudaMallocAsync(&temp, n * sizeof(int), s));
  iota<<<n / 256, 256, 0, s>>>(temp, n);
  add<<<n / 256, 256, 0, s>>>(temp, 3, n);
  CHECK_CUDA(cudaMemcpyAsync(host.data(), temp, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaFreeAsync(temp, s));
  CHECK_CUDA(cudaStreamEndCapture(s, &captured));
  std::size_t node_count = 0;
  CHECK_CUDA(cudaGraphGetNodes(captured, nullptr, &node_count));
  std::vector<cudaGraphNode_t> nodes(node_count);
  CHECK_CUDA(cudaGraphGetNodes(captured, nodes.data(), &node_count));
  int allocs = 0, frees = 0;
  for (cudaGraphNode_t node : nodes) {
    cudaGraphNodeType type;
    CHECK_CUDA(cudaGraphNodeGetType(node, &type));
    allocs += type == cudaGraphNodeTypeMemAlloc;
    frees += type == cudaGraphNodeTypeMemFree;
  }
  std::printf("captured_memory_nodes: %d %d\n", allocs, frees);
  CHECK_CUDA(cudaGraphInstantiate(&exec, captured, 0));
  wrong = 0;
  for (int launch = 0; launch < 2; ++launch) {
    host.assign(n, -1);
    CHECK_CUDA(cudaGraphLaunch(exec, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i) wrong += host[i] != i + 3;
  }
  report("captured_memory_graph", wrong, 0);
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(captured));
  CHECK_CUDA(cudaDeviceGraphMemTrim(0));
  std::printf("graph_memory_after_trim: used %llu reserved %llu\n", graph_memory(cudaGraphMemAttrUsedMemCurrent),
              graph_memory(cudaGraphMemAttrReservedMemCurrent));

  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(v));
  return 0;
}
