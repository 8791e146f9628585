// CUDA graphs: stream capture (stream_capture.hpp) and the explicit API (kernel, memcpy, memset,
// host and empty nodes with their dependencies; clone, instantiate, launch, destroy). The objects
// behind the handles are graph_nodes.hpp's.
//
// An executable graph is its nodes in an order that respects every dependency (Kahn's, ties in the
// order the nodes were made), and cudaGraphLaunch issues them, in that order, to the launch's
// stream. The simulator thus runs a graph's independent branches one after the other, an order the
// GPU may also choose; the race checkers see the work of each branch as ordered after the one
// issued before it.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_memory.hpp"
#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/kernel_registry.hpp"
#include "backends/sim/launch_request.hpp"
#include "backends/sim/stream_capture.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::NodeWork;
using cusim::backend::live_graph;
using cusim::backend::live_node;
using cusim::backend::record;

namespace {

std::mutex m;
std::set<cudaGraph_t> graphs;          // created, ended captures and clones, not yet destroyed
std::set<cudaGraph_t> body_graphs;     // those of them that are conditional nodes' bodies
std::set<cudaGraphExec_t> executables;

// A stream's capture: the graph, and the nodes its next work depends on.
struct Capture {
  cudaGraph_t graph = nullptr;
  std::vector<cudaGraphNode_t> tail;
  cudaStream_t origin = nullptr;  // the stream that began it (and must end it)
  unsigned long long id = 0;
  bool into_existing = false;  // cudaStreamBeginCaptureToGraph: the graph is the program's already
};
std::map<cudaStream_t, Capture> captures;
std::set<cudaGraph_t> invalidated_captures;  // by their graphs: every stream of a capture shares it
std::map<cudaEvent_t, Capture> captured_events;  // an event's capture position, while that capture lasts
unsigned long long capture_ids = 0;
// Captures begun and not ended. Every launch, copy and memset asks whether its stream captures:
// while none does (nearly always), the answer is this one load, not the lock.
std::atomic<unsigned> active_captures{0};
bool none_active() { return active_captures.load(std::memory_order_acquire) == 0; }
// The status CUDA reports for a stream (with m held).
cudaStreamCaptureStatus capture_status(cudaStream_t stream) {
  auto it = captures.find(stream);
  if (it == captures.end()) return cudaStreamCaptureStatusNone;
  return invalidated_captures.count(it->second.graph) ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
}

bool is_default_stream(cudaStream_t s) { return s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread; }

// Adds a node of `type` after `dependencies` (each a node of `graph`); nullptr if any is not.
cudaGraphNode_t add_node(cudaGraph_t graph, cudaGraphNodeType type, NodeWork work, const cudaGraphNode_t* dependencies,
                         std::size_t count, const std::function<void(CUgraphNode_st&)>& setup) {
  if (count && !dependencies) return nullptr;
  std::vector<cudaGraphNode_t> after(dependencies, dependencies + count);
  for (cudaGraphNode_t d : after)
    if (!d || d->graph != graph) return nullptr;
  auto node = std::make_unique<CUgraphNode_st>();
  node->graph = graph;
  node->type = type;
  node->work = std::move(work);
  node->dependencies = std::move(after);
  if (setup) setup(*node);
  graph->nodes.push_back(std::move(node));
  return graph->nodes.back().get();
}

// Deletes a graph, and the bodies of its conditional nodes, and forgets them and their handles.
void destroy_graph(cudaGraph_t g) {
  for (const auto& n : g->nodes)
    for (cudaGraph_t b : n->bodies) destroy_graph(b);
  graphs.erase(g);
  body_graphs.erase(g);
  cusim::backend::forget_conditional_handles(g);
  delete g;
}

// Whether a capture in progress builds the graph or one of its bodies (with m held).
bool captured_into(const CUgraph_st* g) {
  for (const auto& c : captures)
    if (c.second.graph == g) return true;
  for (const auto& n : g->nodes)
    for (cudaGraph_t b : n->bodies)
      if (captured_into(b)) return true;
  return false;
}

// A copy of `original`, its conditional nodes' bodies copied too (with m held).
cudaGraph_t clone_graph(const CUgraph_st& original) {
  auto* clone = new CUgraph_st;
  std::map<const CUgraphNode_st*, cudaGraphNode_t> copy_of;
  for (const auto& n : original.nodes) {
    auto c = std::make_unique<CUgraphNode_st>(*n);
    c->graph = clone;
    if (c->kernel.kernelParams) c->kernel.kernelParams = c->arguments.data();
    for (cudaGraphNode_t& d : c->dependencies) d = copy_of.at(d);
    for (cudaGraph_t& b : c->bodies) body_graphs.insert(b = clone_graph(*b));
    if (!c->bodies.empty()) c->conditional.phGraph_out = c->bodies.data();
    copy_of[n.get()] = c.get();
    clone->nodes.push_back(std::move(c));
  }
  graphs.insert(clone);
  return clone;
}

// The nodes in an order that respects every dependency; false if the dependencies form a cycle.
bool ordered(const CUgraph_st& g, std::vector<const CUgraphNode_st*>* out) {
  std::map<const CUgraphNode_st*, std::size_t> waiting;
  std::map<const CUgraphNode_st*, std::vector<const CUgraphNode_st*>> dependents;
  for (const auto& n : g.nodes) {
    waiting[n.get()] = n->dependencies.size();
    for (const CUgraphNode_st* d : n->dependencies) dependents[d].push_back(n.get());
  }
  std::vector<bool> done(g.nodes.size(), false);
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
      const CUgraphNode_st* n = g.nodes[i].get();
      if (done[i] || waiting[n] != 0) continue;
      done[i] = progress = true;
      out->push_back(n);
      for (const CUgraphNode_st* later : dependents[n]) --waiting[later];
      break;  // ties go to the node made first
    }
  }
  return out->size() == g.nodes.size();
}

// Whether a graph can be instantiated: no cycle in it or in a body, and only the nodes CUDA allows
// in a conditional node's body there (kernels, copies, memsets, empty, child graph and conditional
// nodes).
bool instantiable(const CUgraph_st& g, bool body) {
  std::vector<const CUgraphNode_st*> order;
  if (!ordered(g, &order)) return false;
  for (const auto& n : g.nodes) {
    if (body && n->type != cudaGraphNodeTypeKernel && n->type != cudaGraphNodeTypeMemcpy &&
        n->type != cudaGraphNodeTypeMemset && n->type != cudaGraphNodeTypeEmpty && n->type != cudaGraphNodeTypeGraph &&
        n->type != cudaGraphNodeTypeConditional)
      return false;
    for (cudaGraph_t b : n->bodies)  // (a child graph is a body only where its node is in one)
      if (!instantiable(*b, body || n->type == cudaGraphNodeTypeConditional)) return false;
  }
  return true;
}

// The work of a child graph node: the nodes of its graph's executable copy, issued in turn.
NodeWork child_graph_work(std::vector<cusim::backend::ExecNode> nodes) {
  auto shared = std::make_shared<const std::vector<cusim::backend::ExecNode>>(std::move(nodes));
  return [shared](cudaStream_t s) {
    for (const cusim::backend::ExecNode& n : *shared)
      if (n.work && n.enabled)
        if (cudaError_t e = n.work(s)) return e;
    return cudaSuccess;
  };
}

// A memset node with 2- or 4-byte elements, which cudaMemset2DAsync (bytes) cannot express.
cudaError_t memset_elements(const cudaMemsetParams& p, cudaStream_t stream) {
  using namespace cusim::backend;
  if (cudaError_t s = sticky_error()) return record(s);
  const QueuePtr q = find_queue(stream, "cudaGraphLaunch", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  const std::size_t row = p.width * p.elementSize, pitch = p.height > 1 ? p.pitch : row;
  if (cudaError_t e = check_range("cudaGraphLaunch (memset node)", "destination", p.dst, pitch * (p.height - 1) + row,
                                  Side::device, CUSIM_CALLER))
    return record(e);
  enqueue(q, [p, row, pitch] {
    for (std::size_t r = 0; r < p.height; ++r) {
      char* const to = static_cast<char*>(p.dst) + r * pitch;
      for (std::size_t i = 0; i < p.width; ++i) std::memcpy(to + i * p.elementSize, &p.value, p.elementSize);
      note_written(to, nullptr, row);
    }
  });
  return cudaSuccess;
}

}  // namespace

// ---- what the graph API's files share (graph_nodes.hpp) ---------------------------------------

namespace cusim::backend {

std::mutex& graph_lock() { return m; }
// A graph made and not destroyed, or one a capture in progress builds (cudaStreamGetCaptureInfo
// gives it, to add nodes to).
bool live_graph(cudaGraph_t g) {
  if (!g) return false;
  if (graphs.count(g)) return true;
  for (const auto& c : captures)
    if (c.second.graph == g) return true;
  return false;
}
cudaGraph_t make_graph(bool body) {
  const cudaGraph_t g = *graphs.insert(new CUgraph_st).first;
  if (body) body_graphs.insert(g);
  return g;
}
bool live_node(cudaGraphNode_t n) { return n && live_graph(n->graph); }
bool live_exec(cudaGraphExec_t e) { return e && executables.count(e); }

cudaError_t add_graph_node(cudaGraphNode_t* out, cudaGraph_t graph, cudaGraphNodeType type, NodeWork work,
                           const cudaGraphNode_t* dependencies, std::size_t count,
                           const std::function<void(CUgraphNode_st&)>& setup) {
  if (!out) return record(cudaErrorInvalidValue);
  std::lock_guard lock(m);
  if (!live_graph(graph)) return record(cudaErrorInvalidValue);
  cudaGraphNode_t node = add_node(graph, type, std::move(work), dependencies, count, setup);
  if (!node) return record(cudaErrorInvalidValue);
  *out = node;
  return cudaSuccess;
}

NodeWork kernel_node_work(const detail::LaunchRequest& request) {
  return [request](cudaStream_t s) {
    detail::LaunchRequest on = request;
    on.stream = s;
    return detail::launch_kernel(on);
  };
}

void set_kernel_node(CUgraphNode_st& node, const cudaKernelNodeParams& params, const detail::LaunchRequest& request) {
  node.request = request;
  node.work = kernel_node_work(request);
  node.kernel = params;
  node.arguments.clear();
  if (const std::optional<detail::KernelEntry> entry = kernel_entry(request.kernel); entry && entry->parameters) {
    node.arguments.resize(entry->parameters);
    entry->arguments(request.packet.get(), node.arguments.data());
  }
  node.kernel.kernelParams = node.arguments.empty() ? nullptr : node.arguments.data();
}

cudaError_t memset_node_work(const cudaMemsetParams* given, NodeWork* out) {
  if (!given) return record(cudaErrorInvalidValue);
  const cudaMemsetParams p = *given;
  if (p.elementSize != 1 && p.elementSize != 2 && p.elementSize != 4) return record(cudaErrorInvalidValue);
  if (!p.dst || p.width == 0 || p.height == 0 || (p.height > 1 && p.pitch < p.width * p.elementSize))
    return record(cudaErrorInvalidValue);
  if (p.elementSize == 1)
    *out = [p](cudaStream_t s) {
      return cudaMemset2DAsync(p.dst, p.height > 1 ? p.pitch : p.width, int(p.value & 0xffu), p.width, p.height, s);
    };
  else
    *out = [p](cudaStream_t s) { return memset_elements(p, s); };
  return cudaSuccess;
}

NodeWork host_node_work(const cudaHostNodeParams& p) {
  return [p](cudaStream_t s) { return cudaLaunchHostFunc(s, p.fn, p.userData); };
}

NodeWork memcpy_node_work(const cudaMemcpy3DParms& p) {
  return [p](cudaStream_t s) { return cudaMemcpy3DAsync(&p, s); };
}
NodeWork memcpy_1d_node_work(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  return [=](cudaStream_t s) { return cudaMemcpyAsync(dst, src, count, kind, s); };
}

std::vector<ExecNode> exec_nodes(const CUgraph_st& graph) {
  std::map<const CUgraphNode_st*, std::size_t> place;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) place[graph.nodes[i].get()] = i;
  std::vector<ExecNode> copies;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const CUgraphNode_st& n = *graph.nodes[i];
    ExecNode e{};
    e.origin = &n;
    e.index = i;
    e.type = n.type;
    e.work = n.work;
    e.request = n.request;
    for (const CUgraphNode_st* d : n.dependencies) e.dependencies.push_back(place.at(d));
    std::sort(e.dependencies.begin(), e.dependencies.end());
    if (n.type == cudaGraphNodeTypeMemAlloc) e.allocation = n.memory.dptr;
    if (n.type == cudaGraphNodeTypeConditional) {
      std::vector<std::vector<ExecNode>> bodies;
      for (cudaGraph_t b : n.bodies) bodies.push_back(ordered_exec_nodes(*b));
      e.work = conditional_node_work(n.conditional, std::move(bodies));
    }
    if (n.type == cudaGraphNodeTypeGraph && !n.bodies.empty()) e.work = child_graph_work(ordered_exec_nodes(*n.bodies[0]));
    e.holds = n.holds;
    copies.push_back(std::move(e));
  }
  return copies;
}

std::vector<ExecNode> ordered_exec_nodes(const CUgraph_st& graph) {
  std::vector<const CUgraphNode_st*> order;
  (void)ordered(graph, &order);
  std::map<const CUgraphNode_st*, std::size_t> place;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) place[graph.nodes[i].get()] = i;
  std::vector<ExecNode> copies = exec_nodes(graph);
  std::vector<ExecNode> out;
  for (const CUgraphNode_st* n : order) out.push_back(std::move(copies[place.at(n)]));
  return out;
}

// ---- stream capture --------------------------------------------------------------------------

cudaGraphNode_t capture_node(cudaStream_t stream, cudaGraphNodeType type, NodeWork work,
                             const std::function<void(CUgraphNode_st&)>& setup) {
  std::lock_guard lock(m);
  auto it = captures.find(stream);
  if (it == captures.end()) return nullptr;
  Capture& c = it->second;
  if (invalidated_captures.count(c.graph)) return nullptr;
  cudaGraphNode_t node = add_node(c.graph, type, std::move(work), c.tail.data(), c.tail.size(), setup);
  c.tail = {node};
  return node;
}

bool capturing(cudaStream_t stream) {
  if (none_active()) return false;
  std::lock_guard lock(m);
  return captures.count(stream) != 0;
}

cudaError_t refuse_in_capture(cudaStream_t stream) {
  std::lock_guard lock(m);
  if (auto it = captures.find(stream); it != captures.end()) invalidated_captures.insert(it->second.graph);
  return cudaErrorStreamCaptureUnsupported;
}

std::optional<cudaError_t> capture_event_record(cudaEvent_t event, cudaStream_t stream) {
  if (none_active()) return std::nullopt;  // (events hold positions only while their capture lasts)
  std::lock_guard lock(m);
  auto it = captures.find(stream);
  if (it == captures.end()) {
    captured_events.erase(event);
    return std::nullopt;
  }
  if (invalidated_captures.count(it->second.graph)) return cudaErrorStreamCaptureInvalidated;
  captured_events[event] = it->second;
  return cudaSuccess;
}

std::optional<cudaError_t> capture_event_wait(cudaStream_t stream, cudaEvent_t event, bool recorded_on_device) {
  if (none_active()) return std::nullopt;
  std::lock_guard lock(m);
  const auto e = captured_events.find(event);
  const auto s = captures.find(stream);
  if (s == captures.end()) {
    if (e == captured_events.end()) return std::nullopt;
    captures[stream] = e->second;  // the stream joins the capture
    return cudaSuccess;
  }
  Capture& mine = s->second;
  if (invalidated_captures.count(mine.graph)) return cudaErrorStreamCaptureInvalidated;
  if (e == captured_events.end()) {
    if (!recorded_on_device) return cudaSuccess;  // nothing to wait for, as on the GPU
    invalidated_captures.insert(mine.graph);
    return cudaErrorStreamCaptureIsolation;
  }
  const Capture& at = e->second;
  if (at.graph != mine.graph) {
    invalidated_captures.insert(mine.graph);
    invalidated_captures.insert(at.graph);
    return cudaErrorStreamCaptureMerge;
  }
  for (cudaGraphNode_t n : at.tail)
    if (std::find(mine.tail.begin(), mine.tail.end(), n) == mine.tail.end()) mine.tail.push_back(n);
  return cudaSuccess;
}

}  // namespace cusim::backend

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  CUSIM_HOST_API("cudaStreamBeginCapture");
  if (!cusim::backend::find_queue(stream, "cudaStreamBeginCapture", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  if (unsigned(mode) > unsigned(cudaStreamCaptureModeRelaxed)) return record(cudaErrorInvalidValue);
  if (is_default_stream(stream)) return record(cudaErrorStreamCaptureUnsupported);
  std::lock_guard lock(m);
  if (captures.count(stream)) return record(cudaErrorIllegalState);
  captures[stream] = Capture{new CUgraph_st, {}, stream, ++capture_ids};
  active_captures.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                                          cudaStreamCaptureMode mode) {
  CUSIM_HOST_API("cudaStreamBeginCaptureToGraph");
  if (!cusim::backend::find_queue(stream, "cudaStreamBeginCaptureToGraph", CUSIM_CALLER))
    return record(cudaErrorInvalidResourceHandle);
  if (unsigned(mode) > unsigned(cudaStreamCaptureModeRelaxed)) return record(cudaErrorInvalidValue);
  if (is_default_stream(stream)) return record(cudaErrorStreamCaptureUnsupported);
  if (numDependencies && !dependencies) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type != 0) return record(cudaErrorNotSupported);  // programmatic edges are not simulated
  std::lock_guard lock(m);
  if (!graphs.count(graph)) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < numDependencies; ++i)
    if (!dependencies[i] || dependencies[i]->graph != graph) return record(cudaErrorInvalidValue);
  if (captures.count(stream)) return record(cudaErrorIllegalState);
  for (const auto& c : captures)
    if (c.second.graph == graph) return record(cudaErrorIllegalState);  // another capture builds it
  graphs.erase(graph);  // a graph being captured into is the capture's until it ends
  captures[stream] = Capture{graph, {dependencies, dependencies + numDependencies}, stream, ++capture_ids, true};
  active_captures.fetch_add(1, std::memory_order_release);
  return cudaSuccess;
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                                                unsigned int flags) {
  CUSIM_HOST_API("cudaStreamUpdateCaptureDependencies");
  if (!cusim::backend::find_queue(stream, "cudaStreamUpdateCaptureDependencies", CUSIM_CALLER))
    return record(cudaErrorInvalidResourceHandle);
  if (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies)) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; dependencyData && i < numDependencies; ++i)
    if (dependencyData[i].type != 0) return record(cudaErrorNotSupported);
  std::lock_guard lock(m);
  auto it = captures.find(stream);
  if (it == captures.end()) return record(cudaErrorIllegalState);
  Capture& c = it->second;
  if (invalidated_captures.count(c.graph)) return record(cudaErrorStreamCaptureInvalidated);
  for (std::size_t i = 0; i < numDependencies; ++i)
    if (!dependencies[i] || dependencies[i]->graph != c.graph) return record(cudaErrorInvalidValue);
  if (flags == cudaStreamSetCaptureDependencies) c.tail.clear();
  for (std::size_t i = 0; i < numDependencies; ++i)
    if (std::find(c.tail.begin(), c.tail.end(), dependencies[i]) == c.tail.end()) c.tail.push_back(dependencies[i]);
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* pGraph) {
  CUSIM_HOST_API("cudaStreamEndCapture");
  if (!cusim::backend::find_queue(stream, "cudaStreamEndCapture", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  std::lock_guard lock(m);
  auto it = captures.find(stream);
  // A capture into a graph the program has (cudaStreamBeginCaptureToGraph) may end with no pGraph.
  if (!pGraph && (it == captures.end() || !it->second.into_existing)) return record(cudaErrorInvalidValue);
  if (it == captures.end()) return record(cudaErrorIllegalState);
  if (it->second.origin != stream) return record(cudaErrorStreamCaptureUnmatched);
  const cudaGraph_t graph = it->second.graph;
  const bool into_existing = it->second.into_existing;
  std::erase_if(captures, [graph](const auto& c) { return c.second.graph == graph; });
  std::erase_if(captured_events, [graph](const auto& c) { return c.second.graph == graph; });
  active_captures.fetch_sub(1, std::memory_order_release);
  if (invalidated_captures.erase(graph)) {
    if (into_existing) graphs.insert(graph);  // the program's graph stays, with what was captured
    else destroy_graph(graph);
    if (pGraph) *pGraph = nullptr;
    return record(cudaErrorStreamCaptureInvalidated);
  }
  graphs.insert(graph);
  if (pGraph) *pGraph = graph;
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* pCaptureStatus) {
  CUSIM_HOST_API("cudaStreamIsCapturing");
  if (!pCaptureStatus) return record(cudaErrorInvalidValue);
  if (!cusim::backend::find_queue(stream, "cudaStreamIsCapturing", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  if (!cusim::backend::capturing(stream)) {
    *pCaptureStatus = cudaStreamCaptureStatusNone;
    return cudaSuccess;
  }
  std::lock_guard lock(m);
  *pCaptureStatus = capture_status(stream);
  return cudaSuccess;
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* captureStatus_out,
                                     unsigned long long* id_out, cudaGraph_t* graph_out,
                                     const cudaGraphNode_t** dependencies_out, const cudaGraphEdgeData** edgeData_out,
                                     std::size_t* numDependencies_out) {
  CUSIM_HOST_API("cudaStreamGetCaptureInfo");
  if (!captureStatus_out) return record(cudaErrorInvalidValue);
  if (!cusim::backend::find_queue(stream, "cudaStreamGetCaptureInfo", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  std::lock_guard lock(m);
  auto it = captures.find(stream);
  *captureStatus_out = capture_status(stream);
  if (it == captures.end()) return cudaSuccess;
  if (id_out) *id_out = it->second.id;
  if (graph_out) *graph_out = it->second.graph;
  if (dependencies_out) *dependencies_out = it->second.tail.data();
  if (edgeData_out) *edgeData_out = nullptr;  // every edge is the default one
  if (numDependencies_out) *numDependencies_out = it->second.tail.size();
  return cudaSuccess;
}

// ---- graphs and nodes ------------------------------------------------------------------------

cudaError_t cudaGraphCreate(cudaGraph_t* pGraph, unsigned int flags) {
  CUSIM_HOST_API("cudaGraphCreate");
  if (!pGraph || flags != 0) return record(cudaErrorInvalidValue);
  std::lock_guard lock(m);
  *pGraph = cusim::backend::make_graph();
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  CUSIM_HOST_API("cudaGraphDestroy");
  {
    std::lock_guard lock(m);
    // (a conditional node's body goes with its node's graph)
    if (!graphs.count(graph) || body_graphs.count(graph)) return record(cudaErrorInvalidValue);
    if (captured_into(graph)) return record(cudaErrorIllegalState);  // a body a capture still fills
    destroy_graph(graph);
  }
  cusim::backend::release_unused_graph_memory();
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t* pGraphClone, cudaGraph_t originalGraph) {
  CUSIM_HOST_API("cudaGraphClone");
  if (!pGraphClone) return record(cudaErrorInvalidValue);
  std::lock_guard lock(m);
  if (!live_graph(originalGraph)) return record(cudaErrorInvalidValue);
  *pGraphClone = clone_graph(*originalGraph);
  return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaKernelNodeParams* p, std::source_location site) {
  CUSIM_HOST_API("cudaGraphAddKernelNode");
  if (!p || p->extra) return record(cudaErrorInvalidValue);  // the "extra" argument format is not simulated
  cusim::detail::LaunchRequest r;
  if (cudaError_t e = cusim::backend::request_by_address("cudaGraphAddKernelNode", p->func, p->gridDim, p->blockDim,
                                                         p->kernelParams, p->sharedMemBytes, nullptr, site, &r))
    return e;
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeKernel, nullptr, pDependencies,
                                        numDependencies,
                                        [&](CUgraphNode_st& n) { cusim::backend::set_kernel_node(n, *p, r); });
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* pNodeParams) {
  CUSIM_HOST_API("cudaGraphKernelNodeGetParams");
  std::lock_guard lock(m);
  if (!pNodeParams || !live_node(node) || node->type != cudaGraphNodeTypeKernel) return record(cudaErrorInvalidValue);
  *pNodeParams = node->kernel;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaMemcpy3DParms* pCopyParams) {
  CUSIM_HOST_API("cudaGraphAddMemcpyNode");
  if (!pCopyParams) return record(cudaErrorInvalidValue);
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeMemcpy,
                                        cusim::backend::memcpy_node_work(*pCopyParams), pDependencies, numDependencies);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                     std::size_t numDependencies, void* dst, const void* src, std::size_t count,
                                     cudaMemcpyKind kind) {
  CUSIM_HOST_API("cudaGraphAddMemcpyNode1D");
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeMemcpy,
                                        cusim::backend::memcpy_1d_node_work(dst, src, count, kind), pDependencies,
                                        numDependencies);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaMemsetParams* pMemsetParams) {
  CUSIM_HOST_API("cudaGraphAddMemsetNode");
  NodeWork work;
  if (cudaError_t e = cusim::backend::memset_node_work(pMemsetParams, &work)) return e;
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeMemset, std::move(work), pDependencies,
                                        numDependencies);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                 std::size_t numDependencies, const cudaHostNodeParams* pNodeParams) {
  CUSIM_HOST_API("cudaGraphAddHostNode");
  if (!pNodeParams || !pNodeParams->fn) return record(cudaErrorInvalidValue);
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeHost,
                                        cusim::backend::host_node_work(*pNodeParams), pDependencies, numDependencies);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                  std::size_t numDependencies) {
  CUSIM_HOST_API("cudaGraphAddEmptyNode");
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeEmpty, nullptr, pDependencies,
                                        numDependencies);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                       std::size_t numDependencies, cudaGraph_t childGraph) {
  CUSIM_HOST_API("cudaGraphAddChildGraphNode");
  {
    std::lock_guard lock(m);
    if (!live_graph(childGraph) || childGraph == graph) return record(cudaErrorInvalidValue);
  }
  return cusim::backend::add_graph_node(pGraphNode, graph, cudaGraphNodeTypeGraph, nullptr, pDependencies,
                                        numDependencies, [childGraph](CUgraphNode_st& n) {
                                          n.bodies.push_back(clone_graph(*childGraph));
                                          body_graphs.insert(n.bodies.back());
                                        });
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t* pGraph) {
  CUSIM_HOST_API("cudaGraphChildGraphNodeGetGraph");
  std::lock_guard lock(m);
  // (a graph launch captured in a stream is a child graph node of no graph here)
  if (!pGraph || !live_node(node) || node->type != cudaGraphNodeTypeGraph || node->bodies.empty())
    return record(cudaErrorInvalidValue);
  *pGraph = node->bodies[0];
  return cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData*, std::size_t numDependencies) {
  CUSIM_HOST_API("cudaGraphAddDependencies");
  return cudaGraphAddDependencies(graph, from, to, numDependencies);
}
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     std::size_t numDependencies) {
  CUSIM_HOST_API("cudaGraphAddDependencies");
  std::lock_guard lock(m);
  if (!live_graph(graph) || (numDependencies && (!from || !to))) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < numDependencies; ++i)
    if (!from[i] || !to[i] || from[i]->graph != graph || to[i]->graph != graph || from[i] == to[i])
      return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < numDependencies; ++i) {
    auto& d = to[i]->dependencies;
    if (std::find(d.begin(), d.end(), from[i]) == d.end()) d.push_back(from[i]);
  }
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* pType) {
  CUSIM_HOST_API("cudaGraphNodeGetType");
  std::lock_guard lock(m);
  if (!pType || !live_node(node)) return record(cudaErrorInvalidValue);
  *pType = node->type;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* numNodes) {
  CUSIM_HOST_API("cudaGraphGetNodes");
  std::lock_guard lock(m);
  if (!numNodes || !live_graph(graph)) return record(cudaErrorInvalidValue);
  const std::size_t count = graph->nodes.size();
  if (nodes) {
    for (std::size_t i = 0; i < *numNodes; ++i) nodes[i] = i < count ? graph->nodes[i].get() : nullptr;
    *numNodes = std::min(*numNodes, count);
  } else {
    *numNodes = count;
  }
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* pRootNodes, std::size_t* pNumRootNodes) {
  CUSIM_HOST_API("cudaGraphGetRootNodes");
  std::lock_guard lock(m);
  if (!pNumRootNodes || !live_graph(graph)) return record(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> roots;
  for (const auto& n : graph->nodes)
    if (n->dependencies.empty()) roots.push_back(n.get());
  if (pRootNodes) {
    for (std::size_t i = 0; i < *pNumRootNodes; ++i) pRootNodes[i] = i < roots.size() ? roots[i] : nullptr;
    *pNumRootNodes = std::min(*pNumRootNodes, roots.size());
  } else {
    *pNumRootNodes = roots.size();
  }
  return cudaSuccess;
}

// ---- executable graphs -----------------------------------------------------------------------

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags) {
  CUSIM_HOST_API("cudaGraphInstantiate");
  constexpr unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                                       cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;
  if (!pGraphExec || (flags & ~known)) return record(cudaErrorInvalidValue);
  std::lock_guard lock(m);
  if (!live_graph(graph)) return record(cudaErrorInvalidValue);
  if (!instantiable(*graph, false)) return record(cudaErrorInvalidValue);
  // As CUDA's: a graph's allocation belongs to one executable graph at a time.
  for (const auto& n : graph->nodes)
    if (n->type == cudaGraphNodeTypeMemAlloc)
      for (cudaGraphExec_t e : executables)
        for (const cusim::backend::ExecNode& copy : e->order)
          if (copy.allocation == n->memory.dptr) return record(cudaErrorNotSupported);
  auto* exec = new CUgraphExec_st;
  exec->order = cusim::backend::ordered_exec_nodes(*graph);
  exec->defaults = cusim::backend::conditional_defaults(graph);
  executables.insert(exec);
  *pGraphExec = exec;
  return cudaSuccess;
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags) {
  CUSIM_HOST_API("cudaGraphInstantiateWithFlags");
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) {
  CUSIM_HOST_API("cudaGraphUpload");
  {
    std::lock_guard lock(m);
    if (!executables.count(graphExec)) return record(cudaErrorInvalidValue);
  }
  if (!cusim::backend::find_queue(stream, "cudaGraphUpload", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  return cudaSuccess;  // nothing to upload: the simulator's device memory is the host's
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) {
  CUSIM_HOST_API("cudaGraphLaunch");
  std::vector<NodeWork> order;
  std::vector<void*> allocations;
  {
    std::lock_guard lock(m);
    if (!executables.count(graphExec)) return record(cudaErrorInvalidValue);
    if (!graphExec->defaults.empty()) order.push_back(cusim::backend::assign_conditional_defaults(graphExec->defaults));
    for (const cusim::backend::ExecNode& n : graphExec->order) {
      if (n.work && n.enabled) order.push_back(n.work);
      if (n.allocation) allocations.push_back(n.allocation);
    }
  }
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (!cusim::backend::find_queue(stream, "cudaGraphLaunch", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  // As CUDA's: a graph whose allocation from its last launch is not freed yet does not run again.
  if (!cusim::backend::graph_allocations_free(allocations)) return record(cudaErrorInvalidValue);
  auto issue = [order](cudaStream_t s) {
    for (const NodeWork& work : order)
      if (cudaError_t e = work(s)) return e;
    return cudaSuccess;
  };
  if (const auto captured = cusim::backend::capture_work(stream, cudaGraphNodeTypeGraph, issue)) return record(*captured);
  return issue(stream);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
  CUSIM_HOST_API("cudaGraphExecDestroy");
  {
    std::lock_guard lock(m);
    if (!executables.erase(graphExec)) return record(cudaErrorInvalidValue);
    delete graphExec;
  }
  cusim::backend::release_unused_graph_memory();
  return cudaSuccess;
}
