// The device's work queues: CUDA streams and events on the simulator.
//
// Every stream is an in-order queue with its own host thread that runs the queue's work (kernel
// launches, copies, memsets, event records) asynchronously with the program. Ordering across
// queues is by dependencies fixed when work is enqueued: the legacy default stream waits for
// all earlier work of the blocking streams and they wait for its earlier work (CUDA's implicit
// synchronisation); non-blocking streams do neither; cudaStreamWaitEvent adds the event's
// recorded work as a dependency. Once a sticky error is raised, later work is skipped, as on a
// GPU whose context has failed.
#pragma once
#include <functional>
#include <memory>

#include "backends/sim/findings.hpp"
#include "cusim/detail/types.hpp"

namespace cusim::backend {

struct Queue;
struct EventState;
using QueuePtr = std::shared_ptr<Queue>;
using EventPtr = std::shared_ptr<EventState>;

// Handle -> queue. 0, cudaStreamLegacy and cudaStreamPerThread are always valid; anything else
// must be a live stream, or an invalid-handle finding naming `call` is reported and nullptr
// returned.
QueuePtr find_queue(cudaStream_t handle, const char* call, const ApiCaller& caller);
cudaStream_t create_queue(unsigned flags, int priority = 0);
unsigned queue_flags(const QueuePtr& q);
int queue_priority(const QueuePtr& q);
// The handle stops being valid at once; queued work still runs, then the queue's thread ends.
cudaError_t destroy_queue(cudaStream_t handle, const ApiCaller& caller);
// The legacy default stream (synchronous API calls go through it).
QueuePtr legacy_queue();

// Runs `work` on q after everything enqueued on q before it (and the implicit dependencies).
void enqueue(const QueuePtr& q, std::function<void()> work);
// Waits until everything enqueued on q so far has run.
void synchronize(const QueuePtr& q);
// Whether everything enqueued on q so far has run.
bool idle(const QueuePtr& q);
// Waits for every queue.
void synchronize_all();

EventPtr find_event(cudaEvent_t handle, const char* call, const ApiCaller& caller);
cudaEvent_t create_event(unsigned flags);
cudaError_t destroy_event(cudaEvent_t handle, const ApiCaller& caller);
void record_event(const EventPtr& e, const QueuePtr& q);
// Later work on q waits for the work e last recorded (nothing, if e was never recorded).
void wait_event(const QueuePtr& q, const EventPtr& e);
// Whether `e` has been recorded on a queue (cudaEventRecord outside a capture) since its creation.
bool event_recorded(const EventPtr& e);
// cudaEventQuery: cudaSuccess when e's recorded work has run (or e was never recorded).
cudaError_t query_event(const EventPtr& e);
void synchronize_event(const EventPtr& e);
cudaError_t elapsed_ms(float* ms, const EventPtr& start, const EventPtr& end);

// cudaDeviceReset: waits for all work, then destroys every stream and event.
void reset_queues();

}  // namespace cusim::backend
