// The tracer (CUSIM_TRACE): an observer of the engine (sim/exec/observer.hpp) that records a
// timeline of the run — launches on their streams, blocks on the workers that ran them, barrier
// waits, atomics, and with more detail warps and threads — plus the host's runtime calls, and
// writes it as a Chrome trace-event file when the program exits (docs/TRACING.md).
//
// There is one tracer per process, made on first use when CUSIM_TRACE names a file; without it
// get() returns nullptr and nothing is recorded. Each launch it records carries a LaunchObserver
// from observe_launch(), whose one BlockObserver serves every worker: the tracer keeps its state
// per OS thread, so it is safe to call from several at once. Recording is lock-free per OS thread
// (buffers.hpp); CUSIM_TRACE_LIMIT bounds the memory it takes.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/config/config.hpp"
#include "sim/exec/observer.hpp"
#include "sim/trace/buffers.hpp"
#include "sim/trace/clock.hpp"
#include "sim/trace/launches.hpp"

namespace cusim::sim::trace {

class TracedLaunch;

class Tracer final {
 public:
  // The process's tracer, or nullptr when CUSIM_TRACE is not set.
  static Tracer* get();

  Tracer(std::string path, TraceDetail detail, std::uint64_t limit);

  // A launch is queued (on the host thread): its entry in the launch table, or kNoLaunch when
  // the trace is full (then nothing of it is recorded).
  std::uint32_t launch_queued(const void* kernel, dim3 grid, dim3 block, std::size_t dynamic_shared, const void* stream);
  // The observer that records the blocks of launch `launch` (launch_queued's index) as they run.
  std::shared_ptr<LaunchObserver> observe_launch(std::uint32_t launch);
  // The launch ran from begin_ns to now and ended with `error` (named `error_name`).
  void launch_ran(std::uint32_t launch, std::uint64_t begin_ns, int error, const char* error_name);
  // A runtime call on this (host) thread, from begin_ns to now; `bytes` copied, set or allocated.
  void host_call(const char* name, std::uint64_t begin_ns, std::uint64_t bytes);
  // An NVTX range from begin_ns to end_ns (a mark when they are equal) on this (host) thread;
  // `message` and `domain` (nullptr: the default domain) must outlive the tracer.
  void annotation(const char* message, const char* domain, std::uint64_t begin_ns, std::uint64_t end_ns);
  // Work other than a launch that a stream ran on this thread, from begin_ns to now.
  void stream_op(const char* name, const void* stream, std::uint64_t begin_ns, std::uint64_t bytes);

  // Writes the file (once; later calls do nothing). Called when the program exits, after the
  // device's work has drained; prints an error line if the file cannot be written.
  void write();

 private:
  friend class TracedLaunch;

  // The engine's events, as TracedLaunch forwards them, recorded in the calling OS thread's state.
  void block_begin(std::uint32_t launch, std::uint64_t block, unsigned threads);
  void block_end(bool failed);
  void barrier_first_arrival();
  void barrier_released(const std::source_location& site, std::uint32_t arrived);
  void atomic();
  void thread_runs(std::uint32_t linear);
  void thread_stops(std::uint32_t linear, ThreadStop why, const std::source_location& site, detail::WarpOp op);
  void warp_op(unsigned warp, detail::WarpOp op, unsigned mask);

  // What the tracer knows about the block running on one OS thread.
  struct Worker;
  Worker& worker();
  void close_warp_slice(Worker& w, std::uint64_t now);

  const std::string path_;
  const TraceDetail detail_;
  Buffers buffers_;
  Launches launches_;
  bool written_ = false;
};

// Records a runtime call on the host track for the scope's lifetime (nothing without a tracer).
class HostCall {
 public:
  HostCall(const char* name, std::uint64_t bytes = 0) : tracer_(Tracer::get()), name_(name), bytes_(bytes) {
    if (tracer_) begin_ = now_ns();
  }
  ~HostCall() {
    if (tracer_) tracer_->host_call(name_, begin_, bytes_);
  }
  HostCall(const HostCall&) = delete;
  HostCall& operator=(const HostCall&) = delete;

 private:
  Tracer* tracer_;
  const char* name_;
  std::uint64_t bytes_;
  std::uint64_t begin_ = 0;
};

}  // namespace cusim::sim::trace
