// cudaStream* and cudaEvent*: thin checks over the device's work queues (work_queues.hpp).
#include "backends/sim/error_state.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/stream_capture.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/trace/tracer.hpp"

using namespace cusim::backend;

cudaError_t cudaStreamCreate(cudaStream_t* pStream) {
  CUSIM_HOST_API("cudaStreamCreate");
  return cudaStreamCreateWithFlags(pStream, cudaStreamDefault);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags) {
  CUSIM_HOST_API("cudaStreamCreateWithFlags");
  if (cudaError_t s = sticky_error()) return record(s);
  if (!pStream || (flags & ~unsigned(cudaStreamNonBlocking))) return record(cudaErrorInvalidValue);
  *pStream = create_queue(flags);
  return cudaSuccess;
}
// Priorities are clamped into the device's range (0 least, -5 greatest), as CUDA clamps them.
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags, int priority) {
  CUSIM_HOST_API("cudaStreamCreateWithPriority");
  if (cudaError_t s = sticky_error()) return record(s);
  if (!pStream || (flags & ~unsigned(cudaStreamNonBlocking))) return record(cudaErrorInvalidValue);
  *pStream = create_queue(flags, priority > 0 ? 0 : (priority < -5 ? -5 : priority));
  return cudaSuccess;
}
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
  CUSIM_HOST_API("cudaStreamGetPriority");
  const QueuePtr q = find_queue(stream, "cudaStreamGetPriority", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (!priority) return record(cudaErrorInvalidValue);
  *priority = queue_priority(q);
  return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
  CUSIM_HOST_API("cudaStreamGetFlags");
  const QueuePtr q = find_queue(stream, "cudaStreamGetFlags", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (!flags) return record(cudaErrorInvalidValue);
  *flags = queue_flags(q);
  return cudaSuccess;
}

// Host work in stream order: it runs on the stream's thread once the stream's earlier work has
// run, and later work waits for it. As on CUDA, it must not call the CUDA API. After a sticky
// error the stream's work, host functions included, is skipped.
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData) {
  CUSIM_HOST_API("cudaLaunchHostFunc");
  if (cudaError_t s = sticky_error()) return record(s);
  const QueuePtr q = find_queue(stream, "cudaLaunchHostFunc", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (!fn) return record(cudaErrorInvalidValue);
  if (const auto captured =
          capture_work(stream, cudaGraphNodeTypeHost, [fn, userData](cudaStream_t s) { return cudaLaunchHostFunc(s, fn, userData); }))
    return record(*captured);
  enqueue(q, [fn, userData] { fn(userData); });
  return cudaSuccess;
}
// The callback's status is cudaSuccess: work after a sticky error never runs, callbacks included.
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* userData,
                                  unsigned int flags) {
  CUSIM_HOST_API("cudaStreamAddCallback");
  if (cudaError_t s = sticky_error()) return record(s);
  const QueuePtr q = find_queue(stream, "cudaStreamAddCallback", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (!callback || flags != 0) return record(cudaErrorInvalidValue);
  if (capturing(stream)) return record(refuse_in_capture(stream));  // CUDA: use cudaLaunchHostFunc
  enqueue(q, [stream, callback, userData] { callback(stream, cudaSuccess, userData); });
  return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  CUSIM_HOST_API("cudaStreamDestroy");
  return record(destroy_queue(stream, CUSIM_CALLER));
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  CUSIM_HOST_API("cudaStreamSynchronize");
  cusim::sim::trace::HostCall traced("cudaStreamSynchronize");
  const QueuePtr q = find_queue(stream, "cudaStreamSynchronize", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (capturing(stream)) return record(refuse_in_capture(stream));
  synchronize(q);
  return record(take_execution_error());
}
cudaError_t cudaStreamQuery(cudaStream_t stream) {
  CUSIM_HOST_API("cudaStreamQuery");
  const QueuePtr q = find_queue(stream, "cudaStreamQuery", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  if (cudaError_t s = sticky_error()) return record(s);
  if (capturing(stream)) return record(refuse_in_capture(stream));
  return idle(q) ? cudaSuccess : cudaErrorNotReady;  // not-ready is not an error to remember
}
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  CUSIM_HOST_API("cudaStreamWaitEvent");
  const QueuePtr q = find_queue(stream, "cudaStreamWaitEvent", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  const EventPtr e = find_event(event, "cudaStreamWaitEvent", CUSIM_CALLER);
  if (!e) return record(cudaErrorInvalidResourceHandle);
  // cudaEventWaitExternal makes an external-event node in a capture, which the simulator's graphs
  // do not have; outside a capture CUDA refuses it as an illegal state (measured on an H100, CUDA 13).
  if (flags == cudaEventWaitExternal) return record(cudaErrorIllegalState);
  if (flags != cudaEventWaitDefault) return record(cudaErrorInvalidValue);
  if (const auto captured = capture_event_wait(stream, event, event_recorded(e)))
    return *captured == cudaSuccess ? cudaSuccess : record(*captured);
  wait_event(q, e);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
  CUSIM_HOST_API("cudaEventCreate");
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  CUSIM_HOST_API("cudaEventCreateWithFlags");
  if (cudaError_t s = sticky_error()) return record(s);
  constexpr unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~known)) return record(cudaErrorInvalidValue);
  // As on CUDA, interprocess events must not take timing.
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)) return record(cudaErrorInvalidValue);
  *event = create_event(flags);
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  CUSIM_HOST_API("cudaEventRecord");
  const EventPtr e = find_event(event, "cudaEventRecord", CUSIM_CALLER);
  if (!e) return record(cudaErrorInvalidResourceHandle);
  const QueuePtr q = find_queue(stream, "cudaEventRecord", CUSIM_CALLER);
  if (!q) return record(cudaErrorInvalidResourceHandle);
  // In a capture: a capture position, for streams to wait on.
  if (const auto captured = capture_event_record(event, stream))
    return *captured == cudaSuccess ? cudaSuccess : record(*captured);
  record_event(e, q);
  return cudaSuccess;
}
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  CUSIM_HOST_API("cudaEventRecordWithFlags");
  // cudaEventRecordExternal makes an event-record node in a capture, which the simulator's graphs
  // do not have (nor does CUDA take it outside a capture).
  if (flags == cudaEventRecordExternal) return record(cudaErrorIllegalState);
  if (flags != cudaEventRecordDefault) return record(cudaErrorInvalidValue);
  return cudaEventRecord(event, stream);
}
cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  CUSIM_HOST_API("cudaEventSynchronize");
  cusim::sim::trace::HostCall traced("cudaEventSynchronize");
  const EventPtr e = find_event(event, "cudaEventSynchronize", CUSIM_CALLER);
  if (!e) return record(cudaErrorInvalidResourceHandle);
  synchronize_event(e);
  return record(take_execution_error());
}
cudaError_t cudaEventQuery(cudaEvent_t event) {
  CUSIM_HOST_API("cudaEventQuery");
  const EventPtr e = find_event(event, "cudaEventQuery", CUSIM_CALLER);
  if (!e) return record(cudaErrorInvalidResourceHandle);
  if (cudaError_t s = sticky_error()) return record(s);
  return query_event(e);
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  CUSIM_HOST_API("cudaEventElapsedTime");
  const EventPtr a = find_event(start, "cudaEventElapsedTime", CUSIM_CALLER);
  if (!a) return record(cudaErrorInvalidResourceHandle);
  const EventPtr b = find_event(end, "cudaEventElapsedTime", CUSIM_CALLER);
  if (!b) return record(cudaErrorInvalidResourceHandle);
  if (!ms) return record(cudaErrorInvalidValue);
  const cudaError_t e = elapsed_ms(ms, a, b);
  return e == cudaErrorNotReady ? e : record(e);
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  CUSIM_HOST_API("cudaEventDestroy");
  return record(destroy_event(event, CUSIM_CALLER));
}

// Managed memory's attachment to a stream: a hint of which stream may touch it. The simulator's
// managed memory is always reachable from every stream and from the host, so the call only checks
// what CUDA checks.
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* devPtr, std::size_t length, unsigned int flags) {
  CUSIM_HOST_API("cudaStreamAttachMemAsync");
  if (!find_queue(stream, "cudaStreamAttachMemAsync", CUSIM_CALLER)) return record(cudaErrorInvalidResourceHandle);
  if (!devPtr || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle))
    return record(cudaErrorInvalidValue);
  (void)length;
  return cudaSuccess;
}
