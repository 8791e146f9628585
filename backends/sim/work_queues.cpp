#include "backends/sim/work_queues.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "backends/sim/device_printf.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"
#include "backends/sim/process_state.hpp"
#include "sim/exec/grid_residency.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"

namespace cusim::backend {

using Clock = std::chrono::steady_clock;

// One piece of enqueued work.
struct Op {
  std::function<void()> work;
  std::vector<std::shared_ptr<Op>> after;  // must have run first; cleared once they have
  bool done = false;
  Clock::time_point finished;  // when it ran (an event record's timestamp)
};
using OpPtr = std::shared_ptr<Op>;

struct Queue {
  std::uintptr_t handle = 0;
  unsigned flags = cudaStreamDefault;
  int priority = 0;           // kept for cudaStreamGetPriority; the simulator does not schedule by it
  bool legacy = false;
  std::deque<OpPtr> pending;  // enqueued, not yet run; the front is running or waiting
  OpPtr last;                 // the latest enqueued op (may have run)
  std::thread worker;         // started with the first work
  std::condition_variable has_work;  // the worker waits here for work or for its end, so that an
                                     // op's end wakes only those waiting for ops to end
  bool closing = false;       // destroyed: the worker ends once `pending` is empty
  bool blocking() const { return !legacy && !(flags & cudaStreamNonBlocking); }
};

struct EventState {
  std::uintptr_t handle = 0;
  unsigned flags = cudaEventDefault;
  OpPtr recorded;  // the latest cudaEventRecord's op
};

namespace {

// Everything below is guarded by one mutex; one condition variable announces every finished op
// (to the host threads and the workers whose next op waits for others); each queue's own wakes
// its idle worker.
// The device is never destroyed: queue threads may still run while the program's statics are
// destroyed, so exit waits for the queues instead (see drain_at_exit).
struct Device {
  std::mutex m;
  std::condition_variable changed;
  QueuePtr legacy;
  std::unordered_map<std::uintptr_t, QueuePtr> streams;  // live, created by cudaStreamCreate
  std::vector<QueuePtr> closing;                         // destroyed, possibly still draining
  std::vector<QueuePtr> per_thread;                      // cudaStreamPerThread of each host thread
  std::unordered_map<std::uintptr_t, EventPtr> events;
  std::uint64_t next_handle = 0x1000;  // handles count up and are never reused
};

void drain_at_exit();

Device& device() {
  static Device* d = [] {
    auto* dev = new Device;
    dev->legacy = std::make_shared<Queue>();
    dev->legacy->legacy = true;
    dev->legacy->handle = reinterpret_cast<std::uintptr_t>(cudaStreamLegacy);
    std::atexit(drain_at_exit);
    return dev;
  }();
  return *d;
}

QueuePtr& per_thread_queue() {
  thread_local QueuePtr q;
  return q;
}

void report_handle(const char* call, const ApiCaller& caller, std::string message) {
  sim::Diagnostic d;
  d.kind = sim::DiagnosticKind::invalid_handle;
  d.site = caller.site();
  d.message = std::string(call) + ": " + std::move(message);
  report(d, cudaErrorInvalidResourceHandle);
}


// What a handle names: its tag (low four bits), and the words for findings about it.
struct HandleKind {
  std::uintptr_t tag;
  const char* noun;     // "stream"
  const char* create;   // "cudaStreamCreate"
  const char* destroy;  // "cudaStreamDestroy"
};
constexpr HandleKind kStream{0x8, "stream", "cudaStreamCreate", "cudaStreamDestroy"};
constexpr HandleKind kEvent{0x4, "event", "cudaEventCreate", "cudaEventDestroy"};

// A new handle of `kind` (with dev.m held): counts up, never reused.
std::uintptr_t new_handle(Device& dev, const HandleKind& kind) { return (dev.next_handle++ << 4) | kind.tag; }

// The live object a handle names, or nullptr after an invalid-handle finding that says whether
// the handle was destroyed or never made.
template <class Ptr>
Ptr find_live(const std::unordered_map<std::uintptr_t, Ptr>& live, std::uintptr_t h, const HandleKind& kind,
              const char* call, const ApiCaller& caller) {
  Device& dev = device();
  bool made_here;
  {
    std::lock_guard<std::mutex> lock(dev.m);
    if (auto it = live.find(h); it != live.end()) return it->second;
    made_here = (h & 0xf) == kind.tag && (h >> 4) < dev.next_handle;
  }
  report_handle(call, caller,
                std::string(kind.noun) + " " + sim::hex_address(h) +
                    (made_here ? std::string(" was destroyed (") + kind.destroy + ") or reset (cudaDeviceReset)"
                               : std::string(" is not ") + (kind.tag == kEvent.tag ? "an " : "a ") + kind.noun +
                                     " handle " + kind.create + " returned"));
  return nullptr;
}

// The worker of one queue: runs its ops in order, each once its dependencies have run.
void run_queue(Queue* q) {
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  for (;;) {
    q->has_work.wait(lock, [&] { return !q->pending.empty() || q->closing; });
    if (q->pending.empty()) return;
    OpPtr op = q->pending.front();
    dev.changed.wait(lock, [&] {
      for (const OpPtr& a : op->after)
        if (!a->done) return false;
      return true;
    });
    op->after.clear();
    lock.unlock();
    // A failed context runs nothing more; the ops still complete so that waiters wake.
    if (op->work && sticky_error() == cudaSuccess) op->work();
    op->work = nullptr;  // release what the work held (a launch's arguments) now
    lock.lock();
    op->finished = Clock::now();
    op->done = true;
    q->pending.pop_front();
    dev.changed.notify_all();
  }
}

// Enqueues with dev.m held.
OpPtr enqueue_locked(Device& dev, Queue& q, std::function<void()> work) {
  auto op = std::make_shared<Op>();
  op->work = std::move(work);
  auto depend = [&](const OpPtr& o) {
    if (o && !o->done) op->after.push_back(o);
  };
  if (q.legacy) {
    for (auto& [h, s] : dev.streams)
      if (s->blocking()) depend(s->last);
    for (const QueuePtr& s : dev.closing)
      if (s->blocking()) depend(s->last);
    for (const QueuePtr& s : dev.per_thread) depend(s->last);
  } else if (q.blocking()) {
    depend(dev.legacy->last);
  }
  q.pending.push_back(op);
  q.last = op;
  if (!q.worker.joinable()) q.worker = std::thread(run_queue, &q);
  q.has_work.notify_one();
  return op;
}

void wait_done(Device& dev, std::unique_lock<std::mutex>& lock, const OpPtr& op) {
  if (!op) return;
  const sim::HostWaitsForDevice waiting;  // the host changes no device memory meanwhile
  dev.changed.wait(lock, [&] { return op->done; });
}

// Joins the threads of destroyed queues that have drained (with dev.m held, released inside).
void reap_closed(Device& dev, std::unique_lock<std::mutex>& lock) {
  std::vector<QueuePtr> finished;
  for (auto it = dev.closing.begin(); it != dev.closing.end();) {
    if ((*it)->pending.empty()) {
      finished.push_back(*it);
      it = dev.closing.erase(it);
    } else {
      ++it;
    }
  }
  lock.unlock();
  for (const QueuePtr& q : finished)
    if (q->worker.joinable()) q->worker.join();
  lock.lock();
}

void synchronize_all_locked(Device& dev, std::unique_lock<std::mutex>& lock) {
  std::vector<OpPtr> lasts{dev.legacy->last};
  for (auto& [h, s] : dev.streams) lasts.push_back(s->last);
  for (const QueuePtr& s : dev.closing) lasts.push_back(s->last);
  for (const QueuePtr& s : dev.per_thread) lasts.push_back(s->last);
  for (const OpPtr& op : lasts) wait_done(dev, lock, op);
  reap_closed(dev, lock);
}

// Programs may return from main with work still queued: finish it before statics go away.
void drain_at_exit() {
  if (forked_after_use()) return;  // the queued work, and the threads that run it, are the parent's
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  synchronize_all_locked(dev, lock);
  lock.unlock();
  flush_device_printf();
}

}  // namespace

QueuePtr legacy_queue() { return device().legacy; }

QueuePtr find_queue(cudaStream_t handle, const char* call, const ApiCaller& caller) {
  Device& dev = device();
  if (handle == nullptr || handle == cudaStreamLegacy) return dev.legacy;
  if (handle == cudaStreamPerThread) {
    QueuePtr& q = per_thread_queue();
    if (!q) {
      std::lock_guard<std::mutex> lock(dev.m);
      q = std::make_shared<Queue>();
      q->handle = reinterpret_cast<std::uintptr_t>(cudaStreamPerThread);
      dev.per_thread.push_back(q);  // lives as long as the program, like the host thread's stream
    }
    return q;
  }
  return find_live(dev.streams, reinterpret_cast<std::uintptr_t>(handle), kStream, call, caller);
}

cudaStream_t create_queue(unsigned flags, int priority) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  auto q = std::make_shared<Queue>();
  q->flags = flags;
  q->priority = priority;
  q->handle = new_handle(dev, kStream);
  dev.streams.emplace(q->handle, q);
  return reinterpret_cast<cudaStream_t>(q->handle);
}

unsigned queue_flags(const QueuePtr& q) { return q->flags; }
int queue_priority(const QueuePtr& q) { return q->priority; }

cudaError_t destroy_queue(cudaStream_t handle, const ApiCaller& caller) {
  Device& dev = device();
  if (handle == nullptr || handle == cudaStreamLegacy || handle == cudaStreamPerThread) {
    report_handle("cudaStreamDestroy", caller, "the default stream cannot be destroyed");
    return cudaErrorInvalidResourceHandle;
  }
  QueuePtr q = find_queue(handle, "cudaStreamDestroy", caller);
  if (!q) return cudaErrorInvalidResourceHandle;
  std::unique_lock<std::mutex> lock(dev.m);
  dev.streams.erase(q->handle);
  q->closing = true;
  dev.closing.push_back(q);
  q->has_work.notify_one();
  reap_closed(dev, lock);
  return cudaSuccess;
}

void enqueue(const QueuePtr& q, std::function<void()> work) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  enqueue_locked(dev, *q, std::move(work));
}

void synchronize(const QueuePtr& q) {
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  // On the legacy stream, a marker collects the implicit dependencies on the blocking streams.
  OpPtr last = q->legacy ? enqueue_locked(dev, *q, nullptr) : q->last;
  wait_done(dev, lock, last);
  lock.unlock();
  flush_device_printf();
}

bool idle(const QueuePtr& q) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  return !q->last || q->last->done;
}

void synchronize_all() {
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  synchronize_all_locked(dev, lock);
  lock.unlock();
  flush_device_printf();
}

EventPtr find_event(cudaEvent_t handle, const char* call, const ApiCaller& caller) {
  return find_live(device().events, reinterpret_cast<std::uintptr_t>(handle), kEvent, call, caller);
}

cudaEvent_t create_event(unsigned flags) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  auto e = std::make_shared<EventState>();
  e->flags = flags;
  e->handle = new_handle(dev, kEvent);
  dev.events.emplace(e->handle, e);
  return reinterpret_cast<cudaEvent_t>(e->handle);
}

cudaError_t destroy_event(cudaEvent_t handle, const ApiCaller& caller) {
  EventPtr e = find_event(handle, "cudaEventDestroy", caller);
  if (!e) return cudaErrorInvalidResourceHandle;
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  dev.events.erase(e->handle);
  return cudaSuccess;
}

void record_event(const EventPtr& e, const QueuePtr& q) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  e->recorded = enqueue_locked(dev, *q, nullptr);
}

void wait_event(const QueuePtr& q, const EventPtr& e) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  if (!e->recorded) return;
  OpPtr op = enqueue_locked(dev, *q, nullptr);
  if (!e->recorded->done) op->after.push_back(e->recorded);
}

bool event_recorded(const EventPtr& e) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  return e->recorded != nullptr;
}

cudaError_t query_event(const EventPtr& e) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  return !e->recorded || e->recorded->done ? cudaSuccess : cudaErrorNotReady;
}

void synchronize_event(const EventPtr& e) {
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  wait_done(dev, lock, e->recorded);
  lock.unlock();
  flush_device_printf();
}

cudaError_t elapsed_ms(float* ms, const EventPtr& start, const EventPtr& end) {
  Device& dev = device();
  std::lock_guard<std::mutex> lock(dev.m);
  if ((start->flags | end->flags) & cudaEventDisableTiming) return cudaErrorInvalidResourceHandle;
  if (!start->recorded || !end->recorded) return cudaErrorInvalidResourceHandle;
  if (!start->recorded->done || !end->recorded->done) return cudaErrorNotReady;
  *ms = std::chrono::duration<float, std::milli>(end->recorded->finished - start->recorded->finished).count();
  return cudaSuccess;
}

void reset_queues() {
  Device& dev = device();
  std::unique_lock<std::mutex> lock(dev.m);
  synchronize_all_locked(dev, lock);
  for (auto& [h, q] : dev.streams) {
    q->closing = true;
    dev.closing.push_back(q);
    q->has_work.notify_one();
  }
  dev.streams.clear();
  dev.events.clear();
  reap_closed(dev, lock);
  lock.unlock();
  flush_device_printf();
}

}  // namespace cusim::backend
