// Child graph nodes: cudaGraphAddChildGraphNode and cudaGraphAddNode of a child graph (a copy of
// the graph given, made when the node is: a later change to that graph changes nothing), between
// other nodes of their graph, in a conditional node's body and in another child graph;
// cudaGraphChildGraphNodeGetGraph; and the runtime's answers to parameters it refuses. Each kernel
// appends a mark to a log in device memory, which the host prints after each launch. (A graph made
// its own child crashes the program on an H200, so it is not asked; cusim refuses it.) The EXPECT
// lines are this program's output built with nvcc 13.0 and run on an H200 (sm_90), 2026-11-30:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/125_graph_child_nodes.cu && ./a.out
// EXPECT: host: child between two kernels: 1 2 3 4
// EXPECT: host: the node's graph is a copy: 1, of 2 nodes; type 4
// EXPECT: host: after a node added to the node's graph: 1 2 3 5 4
// EXPECT: host: cudaGraphAddNode leaves the graph it was given: 1
// EXPECT: host: a child with a child: 6 7 8 9
// EXPECT: host: a child in an if node's body: 10 11
// EXPECT: host: no child graph: cudaErrorInvalidValue
// EXPECT: host: the graph of a kernel node: cudaErrorInvalidValue
#include <cstring>

#include "check.cuh"

__global__ void body(int* log, int m) { log[1 + log[0]++] = m; }

namespace {

int* log_;
int marks[64];
int next_mark = 0;

void print_log(const char* what) {
  int host[64];
  CHECK_CUDA(cudaMemcpy(host, log_, sizeof host, cudaMemcpyDeviceToHost));
  std::printf("host: %s:", what);
  for (int i = 0; i < host[0] && i < 63; ++i) std::printf(" %d", host[1 + i]);
  std::printf("\n");
  CHECK_CUDA(cudaMemset(log_, 0, sizeof host));
}
// Adds body(log, m) to g after `after` (or as a root).
cudaGraphNode_t add_body(cudaGraph_t g, cudaGraphNode_t* after, int m) {
  marks[next_mark] = m;
  void* args[] = {&log_, &marks[next_mark++]};
  cudaKernelNodeParams p = {};
  p.func = (void*)body;
  p.gridDim = dim3(1);
  p.blockDim = dim3(1);
  p.kernelParams = args;
  cudaGraphNode_t n;
  CHECK_CUDA(cudaGraphAddKernelNode(&n, g, after, after ? 1 : 0, &p));
  return n;
}
// A graph of two marks in a row.
cudaGraph_t pair(int first, int second) {
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t n = add_body(g, nullptr, first);
  add_body(g, &n, second);
  return g;
}
void run(cudaGraph_t g, const char* what) {
  cudaGraphExec_t e;
  CHECK_CUDA(cudaGraphInstantiate(&e, g, 0));
  CHECK_CUDA(cudaGraphLaunch(e, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaGraphExecDestroy(e));
  print_log(what);
}

}  // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  CHECK_CUDA(cudaMalloc(&log_, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(log_, 0, 64 * sizeof(int)));

  // 1, then the child (2, 3), then 4; the child graph changed after the node was made.
  cudaGraph_t child = pair(2, 3);
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t first = add_body(g, nullptr, 1), node;
  CHECK_CUDA(cudaGraphAddChildGraphNode(&node, g, &first, 1, child));
  add_body(g, &node, 4);
  add_body(child, nullptr, 99);  // not in the node's copy
  run(g, "child between two kernels");
  cudaGraph_t inside;
  CHECK_CUDA(cudaGraphChildGraphNodeGetGraph(node, &inside));
  std::size_t count = 0;
  CHECK_CUDA(cudaGraphGetNodes(inside, nullptr, &count));
  cudaGraphNodeType type;
  CHECK_CUDA(cudaGraphNodeGetType(node, &type));
  std::printf("host: the node's graph is a copy: %d, of %zu nodes; type %d\n", inside != child, count, int(type));
  cudaGraphNode_t nodes[2];
  count = 2;
  CHECK_CUDA(cudaGraphGetNodes(inside, nodes, &count));
  add_body(inside, &nodes[1], 5);  // the node's own graph: this one counts
  run(g, "after a node added to the node's graph");

  // cudaGraphAddNode of a child graph (a copy), with a child of its own.
  cudaGraph_t outer = pair(6, 7), innermost = pair(8, 9), h;
  cudaGraphNode_t in_outer;
  CHECK_CUDA(cudaGraphAddChildGraphNode(&in_outer, outer, nullptr, 0, innermost));
  CHECK_CUDA(cudaGraphCreate(&h, 0));
  cudaGraphNodeParams p = {cudaGraphNodeTypeGraph};
  p.graph.graph = outer;
  cudaGraphNode_t added;
  CHECK_CUDA(cudaGraphAddNode(&added, h, nullptr, nullptr, 0, &p));
  std::printf("host: cudaGraphAddNode leaves the graph it was given: %d\n", p.graph.graph == outer);
  run(h, "a child with a child");

  // A child graph in an if node's body (default 1 at each launch).
  cudaGraph_t k;
  CHECK_CUDA(cudaGraphCreate(&k, 0));
  cudaGraphConditionalHandle handle;
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&handle, k, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams c = {cudaGraphNodeTypeConditional};
  c.conditional.handle = handle;
  c.conditional.type = cudaGraphCondTypeIf;
  c.conditional.size = 1;
  cudaGraphNode_t cond, in_body;
  CHECK_CUDA(cudaGraphAddNode(&cond, k, nullptr, nullptr, 0, &c));
  cudaGraph_t twins = pair(10, 11);
  CHECK_CUDA(cudaGraphAddChildGraphNode(&in_body, c.conditional.phGraph_out[0], nullptr, 0, twins));
  run(k, "a child in an if node's body");

  cudaGraphNode_t refused;
  std::printf("host: no child graph: %s\n", cudaGetErrorName(cudaGraphAddChildGraphNode(&refused, g, nullptr, 0, nullptr)));
  std::printf("host: the graph of a kernel node: %s\n", cudaGetErrorName(cudaGraphChildGraphNodeGetGraph(first, &inside)));
  cudaGetLastError();
  for (cudaGraph_t x : {child, g, outer, innermost, h, k, twins}) CHECK_CUDA(cudaGraphDestroy(x));
  CHECK_CUDA(cudaFree(log_));
  return 0;
}
