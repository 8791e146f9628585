// cudaGraphAddNode (CUDA 12.3 and later): a node of any type from one cudaGraphNodeParams. Each
// type but the conditional node is the older call of its own (cudaGraphAddKernelNode and the
// rest), with its checks and errors; a conditional node (graph_conditional.cpp) has no other call.
// Event and external semaphore nodes, and a child graph moved into its node, are not simulated:
// cudaErrorNotSupported.
#include <mutex>

#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::record;

namespace {

cudaError_t add_conditional_node(cudaGraphNode_t* out, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                 std::size_t count, cudaConditionalNodeParams& params) {
  if (cudaError_t e = cusim::backend::check_conditional_params(params)) return record(e);
  cudaGraphNode_t node = nullptr;
  const cudaError_t e = cusim::backend::add_graph_node(
      &node, graph, cudaGraphNodeTypeConditional, nullptr, dependencies, count, [&params](CUgraphNode_st& n) {
        n.conditional = params;
        for (unsigned i = 0; i < params.size; ++i) n.bodies.push_back(cusim::backend::make_graph(true));
        n.conditional.phGraph_out = n.bodies.data();
      });
  if (e) return e;
  params.phGraph_out = node->conditional.phGraph_out;  // the node's own array, valid for its life
  if (out) *out = node;
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaGraphAddNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                             const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                             cudaGraphNodeParams* p, std::source_location site) {
  CUSIM_HOST_API("cudaGraphAddNode");
  if (!p || !pGraphNode) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type != 0) return record(cudaErrorNotSupported);  // programmatic edges are not simulated
  switch (p->type) {
    case cudaGraphNodeTypeKernel: {
      const cudaKernelNodeParams k{p->kernel.func,         p->kernel.gridDim,      p->kernel.blockDim,
                                   p->kernel.sharedMemBytes, p->kernel.kernelParams, p->kernel.extra};
      return cudaGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies, &k, site);
    }
    case cudaGraphNodeTypeMemcpy:
      if (p->memcpy.flags) return record(cudaErrorInvalidValue);
      return cudaGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
      const cudaMemsetParams m{p->memset.dst,   p->memset.pitch, p->memset.value,
                               p->memset.elementSize, p->memset.width, p->memset.height};
      return cudaGraphAddMemsetNode(pGraphNode, graph, pDependencies, numDependencies, &m);
    }
    case cudaGraphNodeTypeHost: {
      const cudaHostNodeParams h{p->host.fn, p->host.userData};
      return cudaGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, &h);
    }
    case cudaGraphNodeTypeEmpty:
      return cudaGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies);
    case cudaGraphNodeTypeMemAlloc: {
      cudaMemAllocNodeParams a{p->alloc.poolProps, p->alloc.accessDescs, p->alloc.accessDescCount, p->alloc.bytesize,
                               nullptr};
      const cudaError_t e = cudaGraphAddMemAllocNode(pGraphNode, graph, pDependencies, numDependencies, &a);
      if (e == cudaSuccess) p->alloc.dptr = a.dptr;
      return e;
    }
    case cudaGraphNodeTypeMemFree:
      return cudaGraphAddMemFreeNode(pGraphNode, graph, pDependencies, numDependencies, p->free.dptr);
    case cudaGraphNodeTypeConditional:
      return add_conditional_node(pGraphNode, graph, pDependencies, numDependencies, p->conditional);
    case cudaGraphNodeTypeGraph:  // a copy of the graph (a move of it is not simulated)
      if (p->graph.ownership != cudaGraphChildGraphOwnershipClone) return record(cudaErrorNotSupported);
      return cudaGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies, p->graph.graph);
    case cudaGraphNodeTypeWaitEvent:
    case cudaGraphNodeTypeEventRecord:
    case cudaGraphNodeTypeExtSemaphoreSignal:
    case cudaGraphNodeTypeExtSemaphoreWait:
      return record(cudaErrorNotSupported);
    default:
      return record(cudaErrorInvalidValue);
  }
}
