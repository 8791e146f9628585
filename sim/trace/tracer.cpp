#include "sim/trace/tracer.hpp"

#include "sim/exec/instrumented.hpp"
#include "sim/trace/trace_writer.hpp"
#include "sim/trace/tracks.hpp"

namespace cusim::sim::trace {

// Per OS thread: the block it is running and, with warps or threads detail, the state of its
// warps' and threads' slices.
struct Tracer::Worker {
  ThreadBuffer* buffer = nullptr;
  std::uint32_t index = 0;  // worker index (its track)
  std::uint64_t block = 0;
  std::uint32_t launch = kNoLaunch;
  std::uint64_t block_begin = 0, barrier_begin = 0, atomics = 0;
  // warps detail: the warp whose threads run now, since when
  std::uint32_t warp = ~0u;
  std::uint64_t warp_begin = 0;
  // threads detail, per thread of the block: the running slice, or the wait since the last stop
  struct ThreadSlice {
    std::uint64_t since = 0;
    const char* file = nullptr;
    std::uint32_t line = 0;
    bool running = false, waiting = false;
    ThreadStop why = ThreadStop::exited;
    detail::WarpOp op = detail::WarpOp::sync;
  };
  std::vector<ThreadSlice> threads;

  // A record of the running block on track `tid`, from `begin` to `end`; `c` is the warp, the
  // thread or the count the kind of record shows.
  Record block_record(RecordKind kind, std::uint64_t begin, std::uint64_t end, std::uint32_t c,
                      std::uint32_t tid) const {
    Record r;
    r.kind = kind;
    r.begin_ns = begin;
    r.end_ns = end;
    r.a = block;
    r.b = launch;
    r.c = static_cast<std::uint16_t>(c);
    r.tid = tid;
    return r;
  }
};

Tracer* Tracer::get() {
  // Never destroyed: stream threads may still record while statics are destroyed; the file is
  // written from the exit handler (backends/sim/findings.cpp).
  static Tracer* tracer = [] {
    const Config& c = config();
    return c.trace.empty() ? nullptr : new Tracer(c.trace, c.trace_detail, c.trace_limit);
  }();
  return tracer;
}

Tracer::Tracer(std::string path, TraceDetail detail, std::uint64_t limit)
    : path_(std::move(path)), detail_(detail), buffers_(limit) {
  now_ns();  // the epoch: the trace's time starts when tracing does
}

Tracer::Worker& Tracer::worker() {
  thread_local Worker w;
  if (!w.buffer) {
    w.buffer = &buffers_.mine();
    if (w.buffer->worker == ~0u) w.buffer->worker = buffers_.next_worker();
    w.index = w.buffer->worker;
  }
  return w;
}

// ---- host and stream side -----------------------------------------------------------------------

std::uint32_t Tracer::launch_queued(const void* kernel, dim3 grid, dim3 block, std::size_t dynamic_shared,
                                    const void* stream) {
  ThreadBuffer& b = buffers_.mine();
  if (!b.reserve_one()) return kNoLaunch;
  return launches_.add(kernel, grid, block, dynamic_shared, stream);
}

void Tracer::launch_ran(std::uint32_t launch, std::uint64_t begin_ns, int error, const char* error_name) {
  if (launch != kNoLaunch) launches_.complete(launch, begin_ns, now_ns(), error, error_name);
}

void Tracer::host_call(const char* name, std::uint64_t begin_ns, std::uint64_t bytes) {
  ThreadBuffer& b = buffers_.mine();
  if (b.host == ~0u) b.host = buffers_.next_host();
  Record r;
  r.kind = RecordKind::host_call;
  r.begin_ns = begin_ns;
  r.end_ns = now_ns();
  r.ptr = name;
  r.a = bytes;
  r.tid = b.host;
  b.add(r);
}

void Tracer::annotation(const char* message, const char* domain, std::uint64_t begin_ns, std::uint64_t end_ns) {
  ThreadBuffer& b = buffers_.mine();
  if (b.host == ~0u) b.host = buffers_.next_host();
  Record r;
  r.kind = RecordKind::annotation;
  r.begin_ns = begin_ns;
  r.end_ns = end_ns;
  r.ptr = message;
  r.a = reinterpret_cast<std::uintptr_t>(domain);
  r.tid = b.host;
  b.add(r);
}

void Tracer::stream_op(const char* name, const void* stream, std::uint64_t begin_ns, std::uint64_t bytes) {
  Record r;
  r.kind = RecordKind::stream_op;
  r.begin_ns = begin_ns;
  r.end_ns = now_ns();
  r.ptr = name;
  r.a = bytes;
  r.tid = stream_track(launches_.stream_index(stream));
  buffers_.mine().add(r);
}

void Tracer::write() {
  if (written_) return;
  written_ = true;
  write_trace(path_, TraceContents{buffers_, launches_, detail_, instrumented()});
}

// ---- the engine's events -------------------------------------------------------------------------

// One launch as the engine sees the tracer: a thin BlockObserver that forwards every event, with
// the launch's index, to the tracer's state for the calling OS thread. The same one serves every
// worker; the per-thread hooks are asked for only with warps or threads detail.
class TracedLaunch final : public LaunchObserver, public BlockObserver {
 public:
  TracedLaunch(Tracer& tracer, std::uint32_t launch)
      : LaunchObserver(Wants{.threads = tracer.detail_ != TraceDetail::blocks}), tracer_(tracer), launch_(launch) {}

  BlockObserver& for_this_thread() override { return *this; }

  void begin_block(const ObservedBlock& b) override { tracer_.block_begin(launch_, b.linear, b.threads); }
  void end_block(const BlockSummary& s) override { tracer_.block_end(s.failed); }
  void barrier_first_arrival() override { tracer_.barrier_first_arrival(); }
  void barrier_released(const ReleasedBarrier& b) override {
    tracer_.barrier_released(b.site, b.arrived);
  }
  void atomic() override { tracer_.atomic(); }
  void thread_runs(std::uint32_t linear) override { tracer_.thread_runs(linear); }
  void thread_stops(std::uint32_t linear, ThreadStop why, const std::source_location& site, detail::WarpOp op) override {
    tracer_.thread_stops(linear, why, site, op);
  }
  void warp_op(unsigned warp, detail::WarpOp op, unsigned mask) override { tracer_.warp_op(warp, op, mask); }

 private:
  Tracer& tracer_;
  const std::uint32_t launch_;
};

std::shared_ptr<LaunchObserver> Tracer::observe_launch(std::uint32_t launch) {
  return std::make_shared<TracedLaunch>(*this, launch);
}

void Tracer::block_begin(std::uint32_t launch, std::uint64_t block, unsigned threads) {
  Worker& w = worker();
  w.block = block;
  w.launch = launch;
  w.atomics = 0;
  w.warp = ~0u;
  if (detail_ == TraceDetail::threads) w.threads.assign(threads, Worker::ThreadSlice{});
  w.block_begin = now_ns();
}

void Tracer::close_warp_slice(Worker& w, std::uint64_t now) {
  if (w.warp == ~0u) return;
  w.buffer->add(w.block_record(RecordKind::warp_slice, w.warp_begin, now, w.warp, warp_track(w.index, w.warp)));
  w.warp = ~0u;
}

void Tracer::block_end(bool failed) {
  Worker& w = worker();
  const std::uint64_t now = now_ns();
  // Slices still open belong to threads the block ended with (a failed block abandons them).
  close_warp_slice(w, now);
  for (std::uint32_t t = 0; t < w.threads.size(); ++t)
    if (w.threads[t].running) thread_stops(t, ThreadStop::exited, std::source_location{}, detail::WarpOp::sync);
  w.threads.clear();
  Record r = w.block_record(RecordKind::block, w.block_begin, now, 0, worker_track(w.index));
  r.op = failed;
  w.buffer->add(r);
  if (w.atomics) {
    Record c;
    c.kind = RecordKind::atomics;
    c.tid = worker_track(w.index);
    c.begin_ns = c.end_ns = w.block_begin;
    c.a = w.atomics;
    w.buffer->add(c);
    c.begin_ns = c.end_ns = now;
    c.a = 0;
    w.buffer->add(c);
  }
}

void Tracer::barrier_first_arrival() { worker().barrier_begin = now_ns(); }

void Tracer::barrier_released(const std::source_location& site, std::uint32_t arrived) {
  Worker& w = worker();
  Record r = w.block_record(RecordKind::barrier, w.barrier_begin, now_ns(), arrived, worker_track(w.index));
  r.ptr = site.file_name();
  r.d = site.line();
  w.buffer->add(r);
}

void Tracer::atomic() { ++worker().atomics; }

void Tracer::thread_runs(std::uint32_t linear) {
  Worker& w = worker();
  const std::uint64_t now = now_ns();
  if (w.warp != linear >> 5) {
    close_warp_slice(w, now);
    w.warp = linear >> 5;
    w.warp_begin = now;
  }
  if (detail_ != TraceDetail::threads) return;
  Worker::ThreadSlice& s = w.threads[linear];
  if (s.waiting) {
    Record r = w.block_record(RecordKind::thread_wait, s.since, now, linear, thread_track(w.index, linear));
    r.op = static_cast<std::uint8_t>(static_cast<unsigned>(s.why) | static_cast<unsigned>(s.op) << 4);
    r.ptr = s.file;
    r.d = s.line;
    w.buffer->add(r);
  }
  s.since = now;
  s.running = true;
  s.waiting = false;
}

void Tracer::thread_stops(std::uint32_t linear, ThreadStop why, const std::source_location& site, detail::WarpOp op) {
  if (detail_ != TraceDetail::threads) return;  // warp slices end when another warp runs
  Worker& w = worker();
  Worker::ThreadSlice& s = w.threads[linear];
  const std::uint64_t now = now_ns();
  w.buffer->add(w.block_record(RecordKind::thread_run, s.since, now, linear, thread_track(w.index, linear)));
  s.running = false;
  s.waiting = why != ThreadStop::exited;
  s.since = now;
  s.why = why;
  s.op = op;
  s.file = site.file_name();
  s.line = site.line();
}

void Tracer::warp_op(unsigned warp, detail::WarpOp op, unsigned mask) {
  Worker& w = worker();
  const std::uint64_t now = now_ns();
  Record r = w.block_record(RecordKind::warp_op, now, now, warp, warp_track(w.index, warp));
  r.d = mask;
  r.op = static_cast<std::uint8_t>(op);
  w.buffer->add(r);
}

}  // namespace cusim::sim::trace
