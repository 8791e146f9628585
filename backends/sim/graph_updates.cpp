// Changing graphs and executable graphs after they are made: a node's parameters (in its graph,
// or in one executable graph only), enabling and disabling a node of an executable graph, and
// cudaGraphExecUpdate, which takes every node's parameters from a graph of the same shape.
#include <algorithm>
#include <mutex>

#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/launch_request.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::ExecNode;
using cusim::backend::NodeWork;
using cusim::backend::record;

namespace {

// The executable graph's copy of `node` if it is of one of `types` (call with graph_lock held).
ExecNode* exec_copy(cudaGraphExec_t exec, cudaGraphNode_t node, std::initializer_list<cudaGraphNodeType> types) {
  if (!cusim::backend::live_exec(exec) || !node) return nullptr;
  for (ExecNode& e : exec->order)
    if (e.origin == node) return std::find(types.begin(), types.end(), e.type) != types.end() ? &e : nullptr;
  return nullptr;
}

// The launch request of kernel node parameters (CUDA's checks of the function and its arguments).
cudaError_t kernel_request(const char* call, const cudaKernelNodeParams* p, std::source_location site,
                           cusim::detail::LaunchRequest* out) {
  if (!p || p->extra) return record(cudaErrorInvalidValue);  // the "extra" argument format is not simulated
  return cusim::backend::request_by_address(call, p->func, p->gridDim, p->blockDim, p->kernelParams,
                                            p->sharedMemBytes, nullptr, site, out);
}

// Replaces the work of the executable graph's copy of `node` (of type `type`) with `work`.
cudaError_t set_exec_work(cudaGraphExec_t exec, cudaGraphNode_t node, cudaGraphNodeType type, NodeWork work) {
  std::lock_guard lock(cusim::backend::graph_lock());
  ExecNode* e = exec_copy(exec, node, {type});
  if (!e) return record(cudaErrorInvalidValue);
  e->work = std::move(work);
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* pNodeParams,
                                         std::source_location site) {
  CUSIM_HOST_API("cudaGraphKernelNodeSetParams");
  cusim::detail::LaunchRequest r;
  if (cudaError_t e = kernel_request("cudaGraphKernelNodeSetParams", pNodeParams, site, &r)) return e;
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!cusim::backend::live_node(node) || node->type != cudaGraphNodeTypeKernel) return record(cudaErrorInvalidValue);
  r.cooperative = node->request.cooperative;
  cusim::backend::set_kernel_node(*node, *pNodeParams, r);
  return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* pNodeParams, std::source_location site) {
  CUSIM_HOST_API("cudaGraphExecKernelNodeSetParams");
  cusim::detail::LaunchRequest r;
  if (cudaError_t e = kernel_request("cudaGraphExecKernelNodeSetParams", pNodeParams, site, &r)) return e;
  std::lock_guard lock(cusim::backend::graph_lock());
  ExecNode* copy = exec_copy(hGraphExec, node, {cudaGraphNodeTypeKernel});
  if (!copy) return record(cudaErrorInvalidValue);
  r.cooperative = copy->request.cooperative;
  copy->request = r;
  copy->work = cusim::backend::kernel_node_work(r);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaMemsetParams* pNodeParams) {
  CUSIM_HOST_API("cudaGraphExecMemsetNodeSetParams");
  NodeWork work;
  if (cudaError_t e = cusim::backend::memset_node_work(pNodeParams, &work)) return e;
  return set_exec_work(hGraphExec, node, cudaGraphNodeTypeMemset, std::move(work));
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaMemcpy3DParms* pNodeParams) {
  CUSIM_HOST_API("cudaGraphExecMemcpyNodeSetParams");
  if (!pNodeParams) return record(cudaErrorInvalidValue);
  return set_exec_work(hGraphExec, node, cudaGraphNodeTypeMemcpy, cusim::backend::memcpy_node_work(*pNodeParams));
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void* dst,
                                               const void* src, std::size_t count, cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaGraphExecMemcpyNodeSetParams1D");
  return set_exec_work(hGraphExec, node, cudaGraphNodeTypeMemcpy,
                       cusim::backend::memcpy_1d_node_work(dst, src, count, kind));
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const cudaHostNodeParams* pNodeParams) {
  CUSIM_HOST_API("cudaGraphExecHostNodeSetParams");
  if (!pNodeParams || !pNodeParams->fn) return record(cudaErrorInvalidValue);
  return set_exec_work(hGraphExec, node, cudaGraphNodeTypeHost, cusim::backend::host_node_work(*pNodeParams));
}

// As CUDA's: kernel, memcpy and memset nodes may be disabled; a disabled node does nothing when
// the graph runs, and its dependencies still hold.
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled) {
  CUSIM_HOST_API("cudaGraphNodeSetEnabled");
  std::lock_guard lock(cusim::backend::graph_lock());
  ExecNode* e = exec_copy(hGraphExec, hNode, {cudaGraphNodeTypeKernel, cudaGraphNodeTypeMemcpy, cudaGraphNodeTypeMemset});
  if (!e) return record(cudaErrorInvalidValue);
  e->enabled = isEnabled != 0;
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int* isEnabled) {
  CUSIM_HOST_API("cudaGraphNodeGetEnabled");
  std::lock_guard lock(cusim::backend::graph_lock());
  ExecNode* e = exec_copy(hGraphExec, hNode, {cudaGraphNodeTypeKernel, cudaGraphNodeTypeMemcpy, cudaGraphNodeTypeMemset});
  if (!e || !isEnabled) return record(cudaErrorInvalidValue);
  *isEnabled = e->enabled;
  return cudaSuccess;
}

// The graph must have the executable graph's shape: as many nodes, made in the same order, each of
// the same type after the same nodes. Then each copy takes its node's parameters; the copies keep
// their handles (the instantiated graph's nodes), and their enabled state.
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphExecUpdateResultInfo* resultInfo) {
  CUSIM_HOST_API("cudaGraphExecUpdate");
  if (!resultInfo) return record(cudaErrorInvalidValue);
  *resultInfo = {cudaGraphExecUpdateError, nullptr, nullptr};
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!cusim::backend::live_exec(hGraphExec) || !cusim::backend::live_graph(hGraph)) return record(cudaErrorInvalidValue);
  const std::vector<ExecNode> updated = cusim::backend::exec_nodes(*hGraph);
  // (a graph of another node count names no node, as CUDA 13's answer does)
  auto refuse = [&](cudaGraphExecUpdateResult why, const ExecNode* from) {
    resultInfo->result = why;
    resultInfo->errorNode = from ? hGraph->nodes[from->index].get() : nullptr;
    resultInfo->errorFromNode = from ? const_cast<cudaGraphNode_t>(from->origin) : nullptr;
    return record(cudaErrorGraphExecUpdateFailure);
  };
  if (updated.size() != hGraphExec->order.size()) return refuse(cudaGraphExecUpdateErrorTopologyChanged, nullptr);
  for (const ExecNode& copy : hGraphExec->order) {
    const ExecNode& next = updated[copy.index];
    if (next.type != copy.type) return refuse(cudaGraphExecUpdateErrorNodeTypeChanged, &copy);
    if (next.dependencies != copy.dependencies) return refuse(cudaGraphExecUpdateErrorTopologyChanged, &copy);
  }
  // A memory node keeps the executable graph's allocation (its address is the graph's for life).
  for (ExecNode& copy : hGraphExec->order) {
    if (copy.type == cudaGraphNodeTypeMemAlloc || copy.type == cudaGraphNodeTypeMemFree) continue;
    const ExecNode& next = updated[copy.index];
    copy.work = next.work;
    copy.request = next.request;
  }
  resultInfo->result = cudaGraphExecUpdateSuccess;
  return cudaSuccess;
}
