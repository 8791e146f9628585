// Launch attributes (cudaLaunchAttribute): those of one launch (cudaLaunchKernelEx), of a stream
// and of a kernel node, with CUDA's checks of each value.
//
// What each does on the simulator:
//  - cooperative: the launch is cudaLaunchCooperativeKernel's (its grid must fit on the device);
//  - cluster dimension: checked as CUDA checks it (each dimension divides the grid's, at most 8
//    blocks a cluster), and the grid runs as it would without clusters, which no kernel can tell
//    apart, since cusim does not offer the cluster API (this_cluster(), distributed shared memory);
//  - programmatic event and launch-completion event: recorded after the kernel, which is when
//    every block of it has triggered and begun (launches run one after the other in a stream);
//  - the cache, priority, synchronisation, memory-domain and scheduling hints: checked, kept and
//    given back, with no effect on what runs.
#include <algorithm>
#include <map>
#include <mutex>

#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/launch_request.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::record;

namespace {

using AttributeValues = std::map<int, cudaLaunchAttributeValue>;

std::mutex attributes_mutex;
std::map<cudaStream_t, AttributeValues> stream_attributes;  // (handles are never reused)

bool is_one_of_values(unsigned v, std::initializer_list<unsigned> allowed) {
  for (unsigned a : allowed)
    if (v == a) return true;
  return false;
}

// CUDA's checks of one attribute's value, wherever it is given.
cudaError_t check_attribute_value(cudaLaunchAttributeID id, const cudaLaunchAttributeValue& v) {
  switch (id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeCooperative:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributeClusterDimension:  // (checked against the grid at the launch)
    case cudaLaunchAttributePreferredClusterDimension:
    case cudaLaunchAttributeProgrammaticEvent:
    case cudaLaunchAttributeLaunchCompletionEvent:
    case cudaLaunchAttributeDeviceUpdatableKernelNode:
      return cudaSuccess;
    case cudaLaunchAttributeAccessPolicyWindow: {
      const cudaAccessPolicyWindow& w = v.accessPolicyWindow;
      const std::size_t most = std::size_t(cusim::backend::device_profile().accessPolicyMaxWindowSize);
      const bool ok = w.num_bytes <= most && w.hitRatio >= 0.0f && w.hitRatio <= 1.0f &&
                      unsigned(w.hitProp) <= unsigned(cudaAccessPropertyPersisting) &&
                      is_one_of_values(w.missProp, {cudaAccessPropertyNormal, cudaAccessPropertyStreaming});
      return ok ? cudaSuccess : cudaErrorInvalidValue;
    }
    case cudaLaunchAttributeSynchronizationPolicy:
      return is_one_of_values(v.syncPolicy, {cudaSyncPolicyAuto, cudaSyncPolicySpin, cudaSyncPolicyYield,
                                      cudaSyncPolicyBlockingSync})
                 ? cudaSuccess
                 : cudaErrorInvalidValue;
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
      return unsigned(v.clusterSchedulingPolicyPreference) <= unsigned(cudaClusterSchedulingPolicyLoadBalancing)
                 ? cudaSuccess
                 : cudaErrorInvalidValue;
    case cudaLaunchAttributeMemSyncDomain:
      return unsigned(v.memSyncDomain) <= unsigned(cudaLaunchMemSyncDomainRemote) ? cudaSuccess : cudaErrorInvalidValue;
    case cudaLaunchAttributeMemSyncDomainMap:
      return cudaSuccess;
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
      return v.sharedMemCarveout <= 100 ? cudaSuccess : cudaErrorInvalidValue;
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
      return v.nvlinkUtilCentricScheduling <= 1 ? cudaSuccess : cudaErrorInvalidValue;
  }
  return cudaErrorInvalidValue;
}

// The attributes a stream holds (CUDA's cudaStreamAttribute* names).
bool stream_attribute(cudaLaunchAttributeID id) {
  return is_one_of_values(id, {cudaLaunchAttributeAccessPolicyWindow, cudaLaunchAttributeSynchronizationPolicy,
                        cudaLaunchAttributePriority, cudaLaunchAttributeMemSyncDomainMap,
                        cudaLaunchAttributeMemSyncDomain});
}

// The attributes a kernel node holds (CUDA's cudaKernelNodeAttribute* names).
bool kernel_node_attribute(cudaLaunchAttributeID id) {
  return is_one_of_values(id, {cudaLaunchAttributeAccessPolicyWindow, cudaLaunchAttributeCooperative,
                        cudaLaunchAttributePriority, cudaLaunchAttributeClusterDimension,
                        cudaLaunchAttributeClusterSchedulingPolicyPreference, cudaLaunchAttributeMemSyncDomainMap,
                        cudaLaunchAttributeMemSyncDomain, cudaLaunchAttributePreferredSharedMemoryCarveout,
                        cudaLaunchAttributeDeviceUpdatableKernelNode,
                        cudaLaunchAttributeNvlinkUtilCentricScheduling});
}

cudaStream_t attribute_stream_key(cudaStream_t s) { return s == nullptr ? cudaStreamLegacy : s; }

// A value never set reads as CUDA 13's does (measured on an H200): all zero, the synchronisation
// policy -1 (none chosen).
cudaLaunchAttributeValue default_attribute_value(cudaLaunchAttributeID id) {
  cudaLaunchAttributeValue v{};
  if (id == cudaLaunchAttributeSynchronizationPolicy) v.syncPolicy = cudaSynchronizationPolicy(-1);
  return v;
}

// A cluster of `c` blocks in each dimension: each divides the grid's, and a cluster has at most 8
// blocks (CUDA's portable size, which cusim's kernels cannot raise: cudaFuncSetAttribute refuses
// the non-portable-size attribute).
cudaError_t check_cluster(const cudaLaunchAttributeValue& v, dim3 grid) {
  const auto& c = v.clusterDim;
  if (c.x == 0 || c.y == 0 || c.z == 0) return cudaErrorInvalidClusterSize;
  if (grid.x % c.x || grid.y % c.y || grid.z % c.z) return cudaErrorInvalidClusterSize;
  if (std::size_t(c.x) * c.y * c.z > 8) return cudaErrorInvalidClusterSize;
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue* value) {
  CUSIM_HOST_API("cudaStreamSetAttribute");
  if (!cusim::backend::find_queue(hStream, "cudaStreamSetAttribute", CUSIM_CALLER))
    return record(cudaErrorInvalidResourceHandle);
  if (!value || !stream_attribute(attr)) return record(cudaErrorInvalidValue);
  if (cudaError_t e = check_attribute_value(attr, *value)) return record(e);
  cudaLaunchAttributeValue kept = *value;
  if (attr == cudaLaunchAttributePriority) {  // clamped to the device's range, as CUDA's is
    int least = 0, greatest = 0;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    kept.priority = std::max(greatest, std::min(least, kept.priority));
  }
  std::lock_guard lock(attributes_mutex);
  stream_attributes[attribute_stream_key(hStream)][attr] = kept;
  return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue* value_out) {
  CUSIM_HOST_API("cudaStreamGetAttribute");
  const cusim::backend::QueuePtr q = cusim::backend::find_queue(hStream, "cudaStreamGetAttribute", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (!value_out || !stream_attribute(attr)) return record(cudaErrorInvalidValue);
  std::lock_guard lock(attributes_mutex);
  const AttributeValues& held = stream_attributes[attribute_stream_key(hStream)];
  auto it = held.find(attr);
  *value_out = it != held.end() ? it->second : default_attribute_value(attr);
  if (it == held.end() && attr == cudaLaunchAttributePriority) value_out->priority = cusim::backend::queue_priority(q);
  return cudaSuccess;
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src) {
  CUSIM_HOST_API("cudaStreamCopyAttributes");
  if (!cusim::backend::find_queue(dst, "cudaStreamCopyAttributes", CUSIM_CALLER) ||
      !cusim::backend::find_queue(src, "cudaStreamCopyAttributes", CUSIM_CALLER))
    return record(cudaErrorInvalidResourceHandle);
  std::lock_guard lock(attributes_mutex);
  const AttributeValues copy = stream_attributes[attribute_stream_key(src)];
  stream_attributes[attribute_stream_key(dst)] = copy;
  return cudaSuccess;
}

// A kernel node's cooperative attribute is its launch's; the others are kept.
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            const cudaKernelNodeAttrValue* value) {
  CUSIM_HOST_API("cudaGraphKernelNodeSetAttribute");
  if (!value || !kernel_node_attribute(attr)) return record(cudaErrorInvalidValue);
  if (cudaError_t e = check_attribute_value(attr, *value)) return record(e);
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!cusim::backend::live_node(hNode) || hNode->type != cudaGraphNodeTypeKernel) return record(cudaErrorInvalidValue);
  if (attr == cudaLaunchAttributeClusterDimension)
    if (cudaError_t e = check_cluster(*value, hNode->request.grid)) return record(e);
  hNode->attributes[attr] = *value;
  if (attr == cudaLaunchAttributeCooperative) {
    hNode->request.cooperative = value->cooperative != 0;
    hNode->work = cusim::backend::kernel_node_work(hNode->request);
  }
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            cudaKernelNodeAttrValue* value_out) {
  CUSIM_HOST_API("cudaGraphKernelNodeGetAttribute");
  if (!value_out || !kernel_node_attribute(attr)) return record(cudaErrorInvalidValue);
  std::lock_guard lock(cusim::backend::graph_lock());
  if (!cusim::backend::live_node(hNode) || hNode->type != cudaGraphNodeTypeKernel) return record(cudaErrorInvalidValue);
  auto it = hNode->attributes.find(attr);
  *value_out = it != hNode->attributes.end() ? it->second : default_attribute_value(attr);
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc) {
  CUSIM_HOST_API("cudaGraphKernelNodeCopyAttributes");
  std::lock_guard lock(cusim::backend::graph_lock());
  for (cudaGraphNode_t n : {hDst, hSrc})
    if (!cusim::backend::live_node(n) || n->type != cudaGraphNodeTypeKernel) return record(cudaErrorInvalidValue);
  hDst->attributes = hSrc->attributes;
  hDst->request.cooperative = hSrc->request.cooperative;
  hDst->work = cusim::backend::kernel_node_work(hDst->request);
  return cudaSuccess;
}

// The persisting lines of the L2 cache go back to normal: the simulator has no cache to reset.
cudaError_t cudaCtxResetPersistingL2Cache() {
  CUSIM_HOST_API("cudaCtxResetPersistingL2Cache");
  return cusim::backend::sticky_error() ? record(cusim::backend::sticky_error()) : cudaSuccess;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args,
                                std::source_location site) {
  CUSIM_HOST_API("cudaLaunchKernelEx");
  if (!config || (config->numAttrs && !config->attrs)) return record(cudaErrorInvalidValue);
  cusim::detail::refuse_device_side_launch(site);
  cusim::detail::LaunchRequest r;
  if (cudaError_t e = cusim::backend::request_by_address("cudaLaunchKernelEx", func, config->gridDim, config->blockDim,
                                                         args, config->dynamicSmemBytes, config->stream, site, &r))
    return e;
  std::vector<cudaEvent_t> events;  // recorded once the kernel has run
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute& a = config->attrs[i];
    if (cudaError_t e = check_attribute_value(a.id, a.val)) return record(e);
    switch (a.id) {
      case cudaLaunchAttributeCooperative: r.cooperative = a.val.cooperative != 0; break;
      case cudaLaunchAttributeClusterDimension:
        if (cudaError_t e = check_cluster(a.val, config->gridDim)) return record(e);
        break;
      case cudaLaunchAttributeProgrammaticEvent: events.push_back(a.val.programmaticEvent.event); break;
      case cudaLaunchAttributeLaunchCompletionEvent: events.push_back(a.val.launchCompletionEvent.event); break;
      case cudaLaunchAttributeDeviceUpdatableKernelNode:  // only for a launch that a capture makes a node
        if (a.val.deviceUpdatableKernelNode.deviceUpdatable) return record(cudaErrorNotSupported);
        break;
      default: break;
    }
  }
  if (cudaError_t e = cusim::detail::launch_kernel(r)) return e;
  for (cudaEvent_t event : events)
    if (cudaError_t e = cudaEventRecord(event, config->stream)) return e;
  return cudaSuccess;
}
