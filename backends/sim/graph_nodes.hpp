// The objects behind CUDA's graph handles, shared by the files of the graph API: graph_api.cpp
// (capture, building, instantiation, launch), graph_updates.cpp (node parameters, enabling,
// executable-graph updates, kernel nodes' attributes) and graph_memory.cpp (memory nodes).
//
// A node is the call it stands for, kept to be issued again (its NodeWork). An executable graph
// is a copy of its graph's nodes' work in an order that respects every dependency, each entry
// remembering the node it came from, so that the node's handle still changes it.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backends/sim/stream_capture.hpp"
#include "cusim/detail/driver_types.hpp"
#include "cusim/detail/launch.hpp"

struct CUgraphNode_st {
  CUgraph_st* graph = nullptr;
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  cusim::backend::NodeWork work;  // empty for an empty node
  std::vector<CUgraphNode_st*> dependencies;
  cudaKernelNodeParams kernel{};                       // a kernel node's parameters, as given
  cusim::detail::LaunchRequest request{};              // a kernel node's launch, its attributes applied
  std::vector<void*> arguments;                        // a kernel node's copies of its arguments (kernelParams)
  std::map<int, cudaLaunchAttributeValue> attributes;  // a kernel node's attributes, as set
  cudaMemAllocNodeParams memory{};                     // a memory node's allocation (a free node: dptr)
  std::shared_ptr<void> holds;                         // an allocation node's hold on its allocation
  cudaConditionalNodeParams conditional{};             // a conditional node's parameters (phGraph_out: bodies)
  std::vector<cudaGraph_t> bodies;                     // a conditional node's bodies, or a child graph node's
                                                       // graph: graphs owned by the node
};
struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
};

namespace cusim::backend {

// An executable graph's copy of a node. The node's handle finds it, but the node itself may be gone
// (a graph is often destroyed once instantiated), so what the copy needs is copied.
struct ExecNode {
  const CUgraphNode_st* origin;            // the node it was made from, never dereferenced
  std::size_t index;                       // that node's place in its graph, in the order nodes were made
  std::vector<std::size_t> dependencies;   // the places of the nodes it comes after
  cudaGraphNodeType type;
  NodeWork work;                           // empty for an empty node
  detail::LaunchRequest request{};         // a kernel node's launch
  bool enabled = true;                     // cudaGraphNodeSetEnabled
  void* allocation = nullptr;              // an allocation node's address
  std::shared_ptr<void> holds;             // an allocation node's hold on its allocation
};
// The copies of a graph's nodes that an executable graph keeps, in the order the nodes were made.
std::vector<ExecNode> exec_nodes(const CUgraph_st& graph);
// The same copies in an order that respects every dependency, as a launch issues them (the graph's
// dependencies, and its bodies', form no cycle: cudaGraphInstantiate checks that first).
std::vector<ExecNode> ordered_exec_nodes(const CUgraph_st& graph);

}  // namespace cusim::backend

struct CUgraphExec_st {
  std::vector<cusim::backend::ExecNode> order;
  std::vector<unsigned long long> defaults;  // the conditional handles that take their default at each launch
};

namespace cusim::backend {

// The lock that guards every graph, node and executable graph.
std::mutex& graph_lock();
// Whether a handle is one made and not yet destroyed (call with graph_lock held).
bool live_graph(cudaGraph_t g);
bool live_node(cudaGraphNode_t n);
bool live_exec(cudaGraphExec_t e);

// A new, empty graph, live until cudaGraphDestroy, or (a conditional node's body) until its node's
// graph is destroyed (call with graph_lock held).
cudaGraph_t make_graph(bool body = false);

// The explicit API's checks and the addition of a node of `type` after `dependencies` (each a
// node of `graph`), under the lock; `setup` fills the node's other fields before it is seen.
cudaError_t add_graph_node(cudaGraphNode_t* out, cudaGraph_t graph, cudaGraphNodeType type, NodeWork work,
                           const cudaGraphNode_t* dependencies, std::size_t count,
                           const std::function<void(CUgraphNode_st&)>& setup = nullptr);

// The work of a kernel node: its launch issued to the stream it is given.
NodeWork kernel_node_work(const detail::LaunchRequest& request);
// Makes `node` the kernel node of these parameters and this launch: its work, and parameters whose
// kernelParams point at the node's own copies of the arguments, as CUDA's do.
void set_kernel_node(CUgraphNode_st& node, const cudaKernelNodeParams& params, const detail::LaunchRequest& request);
// The work of a memset node or memcpy node of these parameters; cudaErrorInvalidValue, and no
// work, where CUDA refuses them.
cudaError_t memset_node_work(const cudaMemsetParams* p, NodeWork* out);
NodeWork host_node_work(const cudaHostNodeParams& p);
NodeWork memcpy_node_work(const cudaMemcpy3DParms& p);
NodeWork memcpy_1d_node_work(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind);

// Conditional nodes (graph_conditional.cpp). cudaErrorInvalidValue where CUDA refuses a
// conditional node's parameters (a handle no live graph made, a type or a count of bodies).
cudaError_t check_conditional_params(const cudaConditionalNodeParams& params);
// The work of a conditional node whose bodies' executable copies are `bodies`.
NodeWork conditional_node_work(const cudaConditionalNodeParams& params, std::vector<std::vector<ExecNode>> bodies);
// The handles made for `graph` that take their default at each launch; work that assigns them.
std::vector<unsigned long long> conditional_defaults(const CUgraph_st* graph);
NodeWork assign_conditional_defaults(std::vector<unsigned long long> handles);
// Forgets the handles made for a graph being destroyed.
void forget_conditional_handles(const CUgraph_st* graph);

}  // namespace cusim::backend
