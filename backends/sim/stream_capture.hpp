// Stream capture (cudaStreamBeginCapture ... cudaStreamEndCapture): while a stream captures, the
// work issued to it is not run but becomes nodes of a graph (backends/sim/graph_api.cpp), each
// after the stream's captured work so far. An event recorded in a capturing stream carries the
// capture to streams that wait for it (fork and join), as CUDA's does.
//
// Every enqueuing call asks capture_work() first: kernel launches, copies, memsets, host
// functions and callbacks, graph launches. A call that a capture cannot record (a stream's
// synchronisation or query, a callback, a peer copy) fails and invalidates the capture, as CUDA's
// does: the capture's later work is refused with cudaErrorStreamCaptureInvalidated, its streams
// report cudaStreamCaptureStatusInvalidated, and cudaStreamEndCapture returns no graph.
#pragma once
#include <functional>
#include <optional>
#include <utility>

#include "cusim/detail/types.hpp"
#include "cusim/detail/driver_types.hpp"

namespace cusim::backend {

// A node's work: issues it to `stream`, as the call that was captured would have (CUDA's error).
using NodeWork = std::function<cudaError_t(cudaStream_t stream)>;

// Whether `stream` captures now, its capture valid or invalidated (one atomic load while no
// stream captures).
bool capturing(cudaStream_t stream);
// Adds `work` as a node of the graph `stream` captures into, `setup` filling the node's other
// fields (graph_nodes.hpp); nullptr if the capture is invalidated (or ended meanwhile): the call
// then returns cudaErrorStreamCaptureInvalidated and its work runs nowhere.
cudaGraphNode_t capture_node(cudaStream_t stream, cudaGraphNodeType type, NodeWork work,
                             const std::function<void(CUgraphNode_st&)>& setup = nullptr);
// If `stream` captures, `work` becomes a node of its graph (nothing runs) and the call's result is
// returned: cudaSuccess, or cudaErrorStreamCaptureInvalidated. The node's function is made only
// then: a launch that is not captured pays one load.
template <class Work>
std::optional<cudaError_t> capture_work(cudaStream_t stream, cudaGraphNodeType type, Work&& work) {
  if (!capturing(stream)) return std::nullopt;
  return capture_node(stream, type, NodeWork(std::forward<Work>(work))) ? cudaSuccess : cudaErrorStreamCaptureInvalidated;
}
// A call that `stream`'s capture cannot record: invalidates the capture (every stream in it) and
// returns the call's error, cudaErrorStreamCaptureUnsupported.
cudaError_t refuse_in_capture(cudaStream_t stream);
// cudaEventRecord in a capturing stream: the event holds the stream's capture position, and the
// call's result is returned (cudaErrorStreamCaptureInvalidated in an invalidated capture, which
// records nothing); nothing if the stream does not capture (the event is recorded on the device).
std::optional<cudaError_t> capture_event_record(cudaEvent_t event, cudaStream_t stream);
// cudaStreamWaitEvent where a capture is concerned, as CUDA 13 answers on an H200: a stream that
// does not capture joins the capture of an event recorded in one, after the event's position; a
// capturing stream waits for an event of its own capture, waits for nothing on one never
// recorded, and invalidates its capture on an event recorded outside any capture
// (cudaErrorStreamCaptureIsolation) or in another capture (cudaErrorStreamCaptureMerge, which
// invalidates that one too). Nothing when no capture is concerned: an ordinary wait
// (`recorded_on_device`: the event has been recorded outside captures).
std::optional<cudaError_t> capture_event_wait(cudaStream_t stream, cudaEvent_t event, bool recorded_on_device);

}  // namespace cusim::backend
