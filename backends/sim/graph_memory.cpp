// Graph memory nodes and the device's graph-memory attributes (graph_memory.hpp).
#include "backends/sim/graph_memory.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::record;

namespace cusim::backend {
namespace {

struct GraphAllocation {
  std::size_t size = 0;
  bool live = false;    // between its allocation node's issue and its free
  bool held = true;     // a graph or executable graph made from its node still exists
  bool mapped = false;  // counted in the graph memory attributes: from its first launch to a trim
};
std::mutex graph_allocations_lock;
std::map<const void*, GraphAllocation> graph_allocations;

// The device's graph memory, as CUDA 13 reports it (measured on an H200): memory is taken when a
// graph first allocates, in 32 MiB steps, kept after the graph frees it and after the graph is
// destroyed, and given back by cudaDeviceGraphMemTrim (that of allocations not live). Used and
// reserved are then the same figure.
constexpr std::size_t kGraphMemoryStep = std::size_t(32) << 20;
std::size_t mapped_bytes = 0;  // the bytes of allocations mapped, given back to the heap or not
std::size_t high_mark = 0;     // the high mark of used and reserved

std::size_t graph_memory_now() { return (mapped_bytes + kGraphMemoryStep - 1) / kGraphMemoryStep * kGraphMemoryStep; }
void note_high_mark() { high_mark = std::max(high_mark, graph_memory_now()); }

// Allocations neither live nor held, whose memory goes back to the heap once the device's queued
// work (which may still use it) is done: release_unused_graph_memory.
std::vector<void*> unused_allocations;

// Moves the allocation to `unused_allocations` once it is neither live nor held (with
// graph_allocations_lock held); the attributes still count it until a trim.
void retire_if_unused(std::map<const void*, GraphAllocation>::iterator it) {
  if (it->second.live || it->second.held) return;
  unused_allocations.push_back(const_cast<void*>(it->first));
  graph_allocations.erase(it);
}

}  // namespace

void release_unused_graph_memory() {
  std::vector<void*> now;
  {
    std::lock_guard lock(graph_allocations_lock);
    now.swap(unused_allocations);
  }
  if (now.empty()) return;
  synchronize_all();
  for (void* p : now) release(p, AllocKind::device, "cudaDeviceGraphMemTrim", ApiCaller(nullptr));
}

cudaError_t new_graph_allocation(std::size_t size, const ApiCaller& caller, void** address,
                                 std::shared_ptr<void>* hold) {
  if (size == 0) return record(cudaErrorInvalidValue);
  release_unused_graph_memory();
  if (cudaError_t e = allocate(address, size, AllocKind::device, caller)) return record(e);
  {
    std::lock_guard lock(graph_allocations_lock);
    graph_allocations[*address] = GraphAllocation{size};
  }
  // The hold is shared by the node, its clones and executable graphs; the last one gone lets go.
  *hold = std::shared_ptr<void>(*address, [](void* p) {
    std::lock_guard lock(graph_allocations_lock);
    auto it = graph_allocations.find(p);
    if (it == graph_allocations.end()) return;  // (forgotten by a device reset)
    it->second.held = false;
    retire_if_unused(it);
  });
  return cudaSuccess;
}

NodeWork graph_allocation_work(void* address) {
  return [address](cudaStream_t) {
    std::lock_guard lock(graph_allocations_lock);
    auto it = graph_allocations.find(address);
    if (it == graph_allocations.end()) return record(cudaErrorInvalidValue);
    if (!it->second.mapped) mapped_bytes += it->second.size;
    it->second.live = it->second.mapped = true;
    note_high_mark();
    return cudaSuccess;
  };
}

NodeWork graph_free_work(void* address) {
  return [address](cudaStream_t) {
    cudaError_t result = cudaSuccess;
    free_graph_allocation(address, &result);
    return result;
  };
}

cudaError_t capture_graph_allocation(void** out, std::size_t size, cudaStream_t stream, const ApiCaller& caller) {
  if (!out) return cudaErrorInvalidValue;
  void* address = nullptr;
  std::shared_ptr<void> hold;
  if (cudaError_t e = new_graph_allocation(size, caller, &address, &hold)) return e;
  cudaMemAllocNodeParams params{};
  params.poolProps.allocType = cudaMemAllocationTypePinned;
  params.poolProps.location = {cudaMemLocationTypeDevice, 0};
  params.bytesize = size;
  params.dptr = address;
  if (!capture_node(stream, cudaGraphNodeTypeMemAlloc, graph_allocation_work(address), [&](CUgraphNode_st& n) {
        n.memory = params;
        n.holds = hold;
      }))
    return cudaErrorStreamCaptureInvalidated;
  *out = address;
  return cudaSuccess;
}

bool capture_graph_free(void* p, cudaStream_t stream, cudaError_t* result) {
  if (!is_graph_allocation(p)) return false;
  *result = capture_node(stream, cudaGraphNodeTypeMemFree, graph_free_work(p),
                         [p](CUgraphNode_st& n) { n.memory.dptr = p; })
                ? cudaSuccess
                : cudaErrorStreamCaptureInvalidated;
  return true;
}

bool is_graph_allocation(const void* p) {
  std::lock_guard lock(graph_allocations_lock);
  return graph_allocations.count(p) != 0;
}

bool free_graph_allocation(const void* p, cudaError_t* result) {
  std::lock_guard lock(graph_allocations_lock);
  auto it = graph_allocations.find(p);
  if (it == graph_allocations.end()) return false;
  if (!it->second.live) {
    *result = record(cudaErrorInvalidValue);
    return true;
  }
  it->second.live = false;
  *result = cudaSuccess;
  retire_if_unused(it);
  return true;
}

bool graph_allocations_free(const std::vector<void*>& addresses) {
  std::lock_guard lock(graph_allocations_lock);
  return std::none_of(addresses.begin(), addresses.end(), [](void* p) {
    auto it = graph_allocations.find(p);
    return it != graph_allocations.end() && it->second.live;
  });
}

void forget_graph_allocations() {
  std::lock_guard lock(graph_allocations_lock);
  graph_allocations.clear();
  unused_allocations.clear();
  mapped_bytes = 0;
}

}  // namespace cusim::backend

// ---- the API -----------------------------------------------------------------------------------

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                     std::size_t numDependencies, cudaMemAllocNodeParams* nodeParams) {
  CUSIM_HOST_API("cudaGraphAddMemAllocNode");
  if (!pGraphNode || !nodeParams || nodeParams->bytesize == 0) return record(cudaErrorInvalidValue);
  const cudaMemPoolProps& pool = nodeParams->poolProps;
  if (pool.allocType != cudaMemAllocationTypePinned || pool.location.type != cudaMemLocationTypeDevice)
    return record(cudaErrorInvalidValue);
  if (pool.location.id != 0) return record(cudaErrorInvalidDevice);
  if (nodeParams->accessDescCount && !nodeParams->accessDescs) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < nodeParams->accessDescCount; ++i) {
    const cudaMemAccessDesc& d = nodeParams->accessDescs[i];
    if (d.location.type != cudaMemLocationTypeDevice) return record(cudaErrorInvalidValue);
    if (d.location.id != 0) return record(cudaErrorInvalidDevice);
  }
  {
    std::lock_guard lock(cusim::backend::graph_lock());
    if (!cusim::backend::live_graph(graph)) return record(cudaErrorInvalidValue);
  }
  void* address = nullptr;
  std::shared_ptr<void> hold;
  if (cudaError_t e = cusim::backend::new_graph_allocation(nodeParams->bytesize, CUSIM_CALLER, &address, &hold)) return e;
  cudaMemAllocNodeParams kept = *nodeParams;
  kept.accessDescs = nullptr;  // (the caller's array, which need not outlive the call)
  kept.accessDescCount = 0;
  kept.dptr = address;
  if (cudaError_t e = cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeMemAlloc,
                                                     cusim::backend::graph_allocation_work(address), pDependencies,
                                                     numDependencies, [&](CUgraphNode_st& n) {
                                                       n.memory = kept;
                                                       n.holds = hold;
                                                     }))
    return e;  // (the hold goes with it, and so does the allocation)
  nodeParams->dptr = address;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                    std::size_t numDependencies, void* dptr) {
  CUSIM_HOST_API("cudaGraphAddMemFreeNode");
  if (!cusim::backend::is_graph_allocation(dptr)) return record(cudaErrorInvalidValue);
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeMemFree,
                                        cusim::backend::graph_free_work(dptr), pDependencies, numDependencies,
                                        [&](CUgraphNode_st& n) { n.memory.dptr = dptr; });
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* params_out) {
  CUSIM_HOST_API("cudaGraphMemAllocNodeGetParams");
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!params_out || !cusim::backend::live_node(node) || node->type != cudaGraphNodeTypeMemAlloc)
    return record(cudaErrorInvalidValue);
  *params_out = node->memory;
  return cudaSuccess;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* dptr_out) {
  CUSIM_HOST_API("cudaGraphMemFreeNodeGetParams");
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!dptr_out || !cusim::backend::live_node(node) || node->type != cudaGraphNodeTypeMemFree)
    return record(cudaErrorInvalidValue);
  *static_cast<void**>(dptr_out) = node->memory.dptr;
  return cudaSuccess;
}

cudaError_t cudaDeviceGraphMemTrim(int device) {
  CUSIM_HOST_API("cudaDeviceGraphMemTrim");
  if (device != 0) return record(cudaErrorInvalidDevice);
  using namespace cusim::backend;
  release_unused_graph_memory();
  std::lock_guard lock(graph_allocations_lock);
  mapped_bytes = 0;
  for (auto& [p, a] : graph_allocations) {
    if (!a.live) a.mapped = false;
    mapped_bytes += a.mapped ? a.size : 0;
  }
  return cudaSuccess;
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void* value) {
  CUSIM_HOST_API("cudaDeviceGetGraphMemAttribute");
  if (device != 0) return record(cudaErrorInvalidDevice);
  if (!value) return record(cudaErrorInvalidValue);
  using namespace cusim::backend;
  std::lock_guard lock(graph_allocations_lock);
  switch (attr) {
    case cudaGraphMemAttrUsedMemCurrent:
    case cudaGraphMemAttrReservedMemCurrent: *static_cast<unsigned long long*>(value) = graph_memory_now(); break;
    case cudaGraphMemAttrUsedMemHigh:
    case cudaGraphMemAttrReservedMemHigh: *static_cast<unsigned long long*>(value) = high_mark; break;
    default: return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

// As CUDA's: only the high marks may be set, and only to 0, which sets them to the current values.
cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void* value) {
  CUSIM_HOST_API("cudaDeviceSetGraphMemAttribute");
  if (device != 0) return record(cudaErrorInvalidDevice);
  if (!value || *static_cast<unsigned long long*>(value) != 0) return record(cudaErrorInvalidValue);
  using namespace cusim::backend;
  std::lock_guard lock(graph_allocations_lock);
  if (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh) return record(cudaErrorInvalidValue);
  high_mark = graph_memory_now();
  return cudaSuccess;
}
