// Conditional graph nodes (CUDA 12.3 and later): if, if/else, while and switch nodes made with
// cudaGraphAddNode, their handles set by kernels with cudaGraphSetConditional or by default at each
// launch (cudaGraphCondAssignDefault); a body filled by capture (cudaStreamBeginCaptureToGraph); a
// conditional node added to a capture in progress (cudaStreamGetCaptureInfo,
// cudaStreamUpdateCaptureDependencies); a while node nested in an if node; and the runtime's answers
// to parameters it refuses. Each kernel appends a mark to a log in device memory, which the host
// prints after each launch. The EXPECT lines are this program's output built with nvcc 13.0 and run
// on an H200 (sm_90), 2026-11-30:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/123_graph_conditional_nodes.cu && ./a.out
// EXPECT: host: if, value 0: 100 9
// EXPECT: host: if, value 1: 101 1 2 9
// EXPECT: host: if, value 7: 107 1 2 9
// EXPECT: host: if/else, value 0: 100 3 9
// EXPECT: host: if/else, value 1: 101 1 2 9
// EXPECT: host: if/else, value 7: 107 1 2 9
// EXPECT: host: do-while from 3: 203 202 201
// EXPECT: host: do-while from 0: 200
// EXPECT: host: switch, value 0: 100 10
// EXPECT: host: switch, value 2: 102 12
// EXPECT: host: switch, value 1: 101 11
// EXPECT: host: switch, value 3: 103
// EXPECT: host: capture has 1 dependency
// EXPECT: host: the capture's graph is the one it reported: 1
// EXPECT: host: the body has 1 node
// EXPECT: host: captured while from 1: 301 8
// EXPECT: host: captured while from 4: 304 303 302 301 8
// EXPECT: host: while in if from 2: 202 201 7
// EXPECT: host: handle of no graph: cudaErrorInvalidValue
// EXPECT: host: handle with flags 2: cudaErrorInvalidValue
// EXPECT: host: if of 3 bodies: cudaErrorInvalidValue
// EXPECT: host: while of 2 bodies: cudaErrorInvalidValue
// EXPECT: host: switch of 0 bodies: cudaErrorInvalidValue
// EXPECT: host: conditional of type 3: cudaErrorInvalidValue
// EXPECT: host: no parameters: cudaErrorInvalidValue
// EXPECT: host: host node in a body: cudaSuccess
// EXPECT: host: instantiate it: cudaErrorInvalidValue
#include <cstring>
#include <initializer_list>

#include "check.cuh"

// The log: marks[0] counts the marks after it.
__device__ void mark(int* log, int m) { log[1 + log[0]++] = m; }

__global__ void set_handle(const int* value, cudaGraphConditionalHandle h, int* log) {
  cudaGraphSetConditional(h, unsigned(*value));
  mark(log, 100 + *value);
}
__global__ void body(int* log, int m) { mark(log, m); }
// A loop's body: counts `counter` down, and clears the handle when it reaches 0.
__global__ void count_down(int* counter, cudaGraphConditionalHandle h, int* log) {
  mark(log, 200 + *counter);
  if (--*counter <= 0) cudaGraphSetConditional(h, 0);
}
// One step of a captured loop: counts `counter` down to 0 and sets the handle to what is left.
__global__ void step(int* counter, cudaGraphConditionalHandle h, int* log) {
  mark(log, 300 + *counter);
  if (*counter) --*counter;
  cudaGraphSetConditional(h, unsigned(*counter));
}

namespace {

int* log_;
int* value_;

void print_log(const char* what) {
  int host[64];
  CHECK_CUDA(cudaMemcpy(host, log_, sizeof host, cudaMemcpyDeviceToHost));
  std::printf("host: %s:", what);
  for (int i = 0; i < host[0] && i < 63; ++i) std::printf(" %d", host[1 + i]);
  std::printf("\n");
  CHECK_CUDA(cudaMemset(log_, 0, sizeof host));
}
void set_value(int v) { CHECK_CUDA(cudaMemcpy(value_, &v, sizeof v, cudaMemcpyHostToDevice)); }

cudaGraphNodeParams kernel_params(void* func, void** args) {
  cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};  // the rest zero, as CUDA asks
  p.kernel.func = func;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(1);
  p.kernel.kernelParams = args;
  return p;
}
// Adds body(log, m) to graph g after `after` (or as a root).
cudaGraphNode_t add_body(cudaGraph_t g, cudaGraphNode_t* after, int m) {
  static int marks[64];
  static int next = 0;
  marks[next] = m;
  void* args[] = {&log_, &marks[next++]};
  cudaGraphNodeParams p = kernel_params((void*)body, args);
  cudaGraphNode_t n;
  CHECK_CUDA(cudaGraphAddNode(&n, g, after, nullptr, after ? 1 : 0, &p));
  return n;
}
cudaGraphNodeParams conditional_params(cudaGraphConditionalHandle h, cudaGraphConditionalNodeType type, unsigned size) {
  cudaGraphNodeParams p = {cudaGraphNodeTypeConditional};
  p.conditional.handle = h;
  p.conditional.type = type;
  p.conditional.size = size;
  return p;
}
void launch(cudaGraphExec_t e, const char* what) {
  CHECK_CUDA(cudaGraphLaunch(e, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  print_log(what);
}

// A graph of set_handle, then a conditional node of `type` and `size` bodies after it.
struct SetterGraph {
  cudaGraph_t graph;
  cudaGraphConditionalHandle handle;
  cudaGraphNode_t conditional;
  cudaGraph_t* bodies;
};
SetterGraph setter_then(cudaGraphConditionalNodeType type, unsigned size) {
  SetterGraph s;
  CHECK_CUDA(cudaGraphCreate(&s.graph, 0));
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&s.handle, s.graph));
  void* args[] = {&value_, &s.handle, &log_};
  cudaGraphNodeParams k = kernel_params((void*)set_handle, args);
  cudaGraphNode_t setter;
  CHECK_CUDA(cudaGraphAddNode(&setter, s.graph, nullptr, nullptr, 0, &k));
  cudaGraphNodeParams c = conditional_params(s.handle, type, size);
  CHECK_CUDA(cudaGraphAddNode(&s.conditional, s.graph, &setter, nullptr, 1, &c));
  s.bodies = c.conditional.phGraph_out;
  return s;
}
// Instantiates the graph, launches it with each value in turn, and destroys both.
void launch_with_values(const SetterGraph& s, const char* name, std::initializer_list<int> values) {
  cudaGraphExec_t e;
  CHECK_CUDA(cudaGraphInstantiate(&e, s.graph, 0));
  for (int v : values) {
    set_value(v);
    char what[64];
    std::snprintf(what, sizeof what, "%s, value %d", name, v);
    launch(e, what);
  }
  CHECK_CUDA(cudaGraphExecDestroy(e));
  CHECK_CUDA(cudaGraphDestroy(s.graph));
}

// set_handle, then an if node (with an else body if `with_else`), then body 9.
void if_graph(bool with_else) {
  SetterGraph s = setter_then(cudaGraphCondTypeIf, with_else ? 2 : 1);
  add_body(s.graph, &s.conditional, 9);
  cudaGraphNode_t first = add_body(s.bodies[0], nullptr, 1);
  add_body(s.bodies[0], &first, 2);
  if (with_else) add_body(s.bodies[1], nullptr, 3);
  launch_with_values(s, with_else ? "if/else" : "if", {0, 1, 7});
}

// A while node whose handle starts at 1 at each launch (cudaGraphCondAssignDefault): a do-while.
void do_while_graph() {
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h;
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams c = conditional_params(h, cudaGraphCondTypeWhile, 1);
  cudaGraphNode_t cond;
  CHECK_CUDA(cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c));
  void* args[] = {&value_, &h, &log_};
  cudaGraphNodeParams k = kernel_params((void*)count_down, args);
  cudaGraphNode_t n;
  CHECK_CUDA(cudaGraphAddNode(&n, c.conditional.phGraph_out[0], nullptr, nullptr, 0, &k));
  cudaGraphExec_t e;
  CHECK_CUDA(cudaGraphInstantiate(&e, g, 0));
  set_value(3);
  launch(e, "do-while from 3");
  set_value(0);  // the body runs once all the same: the handle is 1 at the launch
  launch(e, "do-while from 0");
  CHECK_CUDA(cudaGraphExecDestroy(e));
  CHECK_CUDA(cudaGraphDestroy(g));
}

// set_handle, then a switch of 3 bodies.
void switch_graph() {
  SetterGraph s = setter_then(cudaGraphCondTypeSwitch, 3);
  for (int i = 0; i < 3; ++i) add_body(s.bodies[i], nullptr, 10 + i);
  launch_with_values(s, "switch", {0, 2, 1, 3});
}

// A capture: step, then (added to the capture's graph) a while node whose body (step) is captured
// into it, then body 8 after the while node.
void captured_while_graph() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus status;
  cudaGraph_t g;
  const cudaGraphNode_t* deps;
  std::size_t count;
  CHECK_CUDA(cudaStreamGetCaptureInfo(s, &status, nullptr, &g, &deps, nullptr, &count));
  cudaGraphConditionalHandle h;
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&h, g));
  step<<<1, 1, 0, s>>>(value_, h, log_);
  CHECK_CUDA(cudaStreamGetCaptureInfo(s, &status, nullptr, &g, &deps, nullptr, &count));
  std::printf("host: capture has %zu dependency\n", count);
  cudaGraphNodeParams c = conditional_params(h, cudaGraphCondTypeWhile, 1);
  cudaGraphNode_t cond;
  CHECK_CUDA(cudaGraphAddNode(&cond, g, deps, nullptr, count, &c));
  CHECK_CUDA(cudaStreamUpdateCaptureDependencies(s, &cond, nullptr, 1, cudaStreamSetCaptureDependencies));
  body<<<1, 1, 0, s>>>(log_, 8);
  cudaGraph_t captured;
  CHECK_CUDA(cudaStreamEndCapture(s, &captured));
  std::printf("host: the capture's graph is the one it reported: %d\n", captured == g);
  cudaStream_t bs;
  CHECK_CUDA(cudaStreamCreate(&bs));
  CHECK_CUDA(cudaStreamBeginCaptureToGraph(bs, c.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                           cudaStreamCaptureModeGlobal));
  step<<<1, 1, 0, bs>>>(value_, h, log_);
  CHECK_CUDA(cudaStreamEndCapture(bs, nullptr));
  std::size_t nodes = 0;
  CHECK_CUDA(cudaGraphGetNodes(c.conditional.phGraph_out[0], nullptr, &nodes));
  std::printf("host: the body has %zu node\n", nodes);
  cudaGraphExec_t e;
  CHECK_CUDA(cudaGraphInstantiate(&e, captured, 0));
  set_value(1);  // the first step clears the handle: the body never runs
  launch(e, "captured while from 1");
  set_value(4);
  launch(e, "captured while from 4");
  CHECK_CUDA(cudaGraphExecDestroy(e));
  CHECK_CUDA(cudaGraphDestroy(captured));
  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaStreamDestroy(bs));
}

// An if node (default 1 at each launch) whose body is a while node counting down.
void nested_graph() {
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle outer, inner;
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&outer, g, 1, cudaGraphCondAssignDefault));
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&inner, g, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams c = conditional_params(outer, cudaGraphCondTypeIf, 1);
  cudaGraphNode_t cond, loop;
  CHECK_CUDA(cudaGraphAddNode(&cond, g, nullptr, nullptr, 0, &c));
  cudaGraphNodeParams w = conditional_params(inner, cudaGraphCondTypeWhile, 1);
  CHECK_CUDA(cudaGraphAddNode(&loop, c.conditional.phGraph_out[0], nullptr, nullptr, 0, &w));
  void* args[] = {&value_, &inner, &log_};
  cudaGraphNodeParams k = kernel_params((void*)count_down, args);
  cudaGraphNode_t n;
  CHECK_CUDA(cudaGraphAddNode(&n, w.conditional.phGraph_out[0], nullptr, nullptr, 0, &k));
  add_body(c.conditional.phGraph_out[0], &loop, 7);
  cudaGraphExec_t e;
  CHECK_CUDA(cudaGraphInstantiate(&e, g, 0));
  set_value(2);
  launch(e, "while in if from 2");
  CHECK_CUDA(cudaGraphExecDestroy(e));
  CHECK_CUDA(cudaGraphDestroy(g));
}

void CUDART_CB nothing(void*) {}

void refusals() {
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h;
  std::printf("host: handle of no graph: %s\n", cudaGetErrorName(cudaGraphConditionalHandleCreate(&h, nullptr)));
  std::printf("host: handle with flags 2: %s\n", cudaGetErrorName(cudaGraphConditionalHandleCreate(&h, g, 0, 2)));
  CHECK_CUDA(cudaGraphConditionalHandleCreate(&h, g));
  cudaGraphNode_t n;
  cudaGraphNodeParams c = conditional_params(h, cudaGraphCondTypeIf, 3);
  std::printf("host: if of 3 bodies: %s\n", cudaGetErrorName(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c)));
  c = conditional_params(h, cudaGraphCondTypeWhile, 2);
  std::printf("host: while of 2 bodies: %s\n", cudaGetErrorName(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c)));
  c = conditional_params(h, cudaGraphCondTypeSwitch, 0);
  std::printf("host: switch of 0 bodies: %s\n", cudaGetErrorName(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c)));
  c = conditional_params(h, cudaGraphConditionalNodeType(3), 1);
  std::printf("host: conditional of type 3: %s\n", cudaGetErrorName(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c)));
  std::printf("host: no parameters: %s\n", cudaGetErrorName(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, nullptr)));
  // A host node in a body.
  c = conditional_params(h, cudaGraphCondTypeIf, 1);
  CHECK_CUDA(cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &c));
  cudaHostNodeParams hp = {nothing, nullptr};
  cudaGraphNode_t host;
  std::printf("host: host node in a body: %s\n",
              cudaGetErrorName(cudaGraphAddHostNode(&host, c.conditional.phGraph_out[0], nullptr, 0, &hp)));
  cudaGraphExec_t e = nullptr;
  std::printf("host: instantiate it: %s\n", cudaGetErrorName(cudaGraphInstantiate(&e, g, 0)));
  if (e) CHECK_CUDA(cudaGraphExecDestroy(e));
  cudaGetLastError();
  CHECK_CUDA(cudaGraphDestroy(g));
}

}  // namespace

int main() {
  CHECK_CUDA(cudaMalloc(&log_, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&value_, sizeof(int)));
  CHECK_CUDA(cudaMemset(log_, 0, 64 * sizeof(int)));
  if_graph(false);
  if_graph(true);
  do_while_graph();
  switch_graph();
  captured_while_graph();
  nested_graph();
  refusals();
  CHECK_CUDA(cudaFree(log_));
  CHECK_CUDA(cudaFree(value_));
  return 0;
}
