// Conditional graph nodes (CUDA 12.3 and later): their handles (cudaGraphConditionalHandleCreate),
// a kernel's cudaGraphSetConditional, and the work of an if, while or switch node.
//
// A handle is a value of the graph it was made for. A kernel sets it; with
// cudaGraphCondAssignDefault each launch of the graph first sets it to its default, in the launch's
// stream. A conditional node's work is one item of the launch's stream, so it runs when everything
// before it there has (the kernel that set the handle included): it reads the handle, and runs the
// chosen body (the executable copy of it made with the graph's own) on a stream of its own,
// waiting for it before the launch's stream goes on. A while node reads the handle again after
// each run of its body.
#include <atomic>
#include <map>
#include <memory>
#include <shared_mutex>
#include <string>

#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/exec/block_run.hpp"

using cusim::backend::ExecNode;
using cusim::backend::NodeWork;
using cusim::backend::record;

namespace {

struct Handle {
  std::atomic<unsigned> value{0};
  unsigned default_value = 0;
  bool assign_default = false;
  const CUgraph_st* graph = nullptr;  // the graph it was made for
};
std::shared_mutex handles_lock;
std::map<unsigned long long, std::unique_ptr<Handle>> handles;
unsigned long long next_handle = 1;

// The handle's record, or nullptr (call with handles_lock held).
Handle* find_handle(unsigned long long h) {
  const auto it = handles.find(h);
  return it == handles.end() ? nullptr : it->second.get();
}

// Runs a body: its nodes issued to a stream of their own, then waited for.
void run_body(const std::vector<ExecNode>& body) {
  using namespace cusim::backend;
  const cudaStream_t s = create_queue(cudaStreamNonBlocking);
  for (const ExecNode& n : body)
    if (n.work && n.enabled && n.work(s) != cudaSuccess) break;
  synchronize(find_queue(s, "cudaGraphLaunch", CUSIM_CALLER));
  (void)destroy_queue(s, CUSIM_CALLER);
}

}  // namespace

namespace cusim::detail {

void graph_set_conditional(unsigned long long handle, unsigned value, std::source_location site) {
  {
    std::shared_lock lock(handles_lock);
    if (Handle* h = find_handle(handle)) {
      h->value.store(value, std::memory_order_release);
      return;
    }
  }
  sim::running::gate = nullptr;  // the report's strings are not the kernel's accesses
  sim::BlockRun* run = sim::BlockRun::current();
  if (!run || !sim::BlockRun::in_thread()) {
    std::fprintf(stderr, "cusim: fatal: cudaGraphSetConditional called outside a kernel\n");
    std::abort();
  }
  // Built in a statement of its own: fail_thread() does not return.
  std::string message = "cudaGraphSetConditional of handle " + std::to_string(handle) +
                        ", which no live graph made (cudaGraphConditionalHandleCreate)";
  run->fail_thread(sim::DiagnosticKind::invalid_handle, std::move(message),
                   sim::SourceSite{site.file_name(), unsigned(site.line()), unsigned(site.column()), site.function_name()});
}

}  // namespace cusim::detail

namespace cusim::backend {

cudaError_t check_conditional_params(const cudaConditionalNodeParams& p) {
  {
    std::shared_lock lock(handles_lock);
    if (!find_handle(p.handle)) return cudaErrorInvalidValue;
  }
  switch (p.type) {
    case cudaGraphCondTypeIf: return p.size == 1 || p.size == 2 ? cudaSuccess : cudaErrorInvalidValue;
    case cudaGraphCondTypeWhile: return p.size == 1 ? cudaSuccess : cudaErrorInvalidValue;
    case cudaGraphCondTypeSwitch: return p.size >= 1 ? cudaSuccess : cudaErrorInvalidValue;
    default: return cudaErrorInvalidValue;
  }
}

NodeWork conditional_node_work(const cudaConditionalNodeParams& params, std::vector<std::vector<ExecNode>> bodies) {
  auto shared = std::make_shared<const std::vector<std::vector<ExecNode>>>(std::move(bodies));
  const unsigned long long handle = params.handle;
  const cudaGraphConditionalNodeType type = params.type;
  return [shared, handle, type](cudaStream_t stream) -> cudaError_t {
    const QueuePtr q = find_queue(stream, "cudaGraphLaunch", CUSIM_CALLER);
    if (!q) return cudaErrorInvalidResourceHandle;
    enqueue(q, [shared, handle, type] {
      auto value = [handle]() -> unsigned {
        std::shared_lock lock(handles_lock);
        const Handle* h = find_handle(handle);
        return h ? h->value.load(std::memory_order_acquire) : 0;  // (a destroyed graph's handle reads 0)
      };
      const std::vector<std::vector<ExecNode>>& b = *shared;
      switch (type) {
        case cudaGraphCondTypeIf:
          if (value()) run_body(b[0]);
          else if (b.size() > 1) run_body(b[1]);
          break;
        case cudaGraphCondTypeWhile:
          while (value() && !sticky_error()) run_body(b[0]);
          break;
        default:
          if (const unsigned v = value(); v < b.size()) run_body(b[v]);
          break;
      }
    });
    return cudaSuccess;
  };
}

std::vector<unsigned long long> conditional_defaults(const CUgraph_st* graph) {
  std::shared_lock lock(handles_lock);
  std::vector<unsigned long long> out;
  for (const auto& [id, h] : handles)
    if (h->graph == graph && h->assign_default) out.push_back(id);
  return out;
}

NodeWork assign_conditional_defaults(std::vector<unsigned long long> ids) {
  return [ids](cudaStream_t stream) -> cudaError_t {
    const QueuePtr q = find_queue(stream, "cudaGraphLaunch", CUSIM_CALLER);
    if (!q) return cudaErrorInvalidResourceHandle;
    enqueue(q, [ids] {
      std::shared_lock lock(handles_lock);
      for (unsigned long long id : ids)
        if (Handle* h = find_handle(id)) h->value.store(h->default_value, std::memory_order_release);
    });
    return cudaSuccess;
  };
}

void forget_conditional_handles(const CUgraph_st* graph) {
  std::lock_guard lock(handles_lock);
  std::erase_if(handles, [graph](const auto& entry) { return entry.second->graph == graph; });
}

}  // namespace cusim::backend

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue, unsigned int flags) {
  CUSIM_HOST_API("cudaGraphConditionalHandleCreate");
  if (!pHandle_out || (flags & ~unsigned(cudaGraphCondAssignDefault))) return record(cudaErrorInvalidValue);
  {
    std::lock_guard graph_lock(cusim::backend::graph_lock());
    if (!cusim::backend::live_graph(graph)) return record(cudaErrorInvalidValue);
  }
  std::lock_guard lock(handles_lock);
  auto h = std::make_unique<Handle>();
  h->value.store(defaultLaunchValue, std::memory_order_relaxed);
  h->default_value = defaultLaunchValue;
  h->assign_default = flags & cudaGraphCondAssignDefault;
  h->graph = graph;
  const unsigned long long id = next_handle++;
  handles[id] = std::move(h);
  *pHandle_out = id;
  return cudaSuccess;
}
