// Runs one block of a launch on the calling OS thread: its threads as fibers, its barrier, its
// warps' collectives and its shared memory.
//
// Threads start on a *runner* fiber that executes them back to back as plain calls, so a block
// that never synchronises costs one fiber, not one per thread. When a thread blocks (barrier or
// warp intrinsic) it keeps the runner's stack and a fresh runner carries on with the threads not
// yet started; threads that already finished have exited, which is a legal schedule, so nothing
// is ever re-run. Switches are direct, fiber to fiber; the worker's own context is resumed only
// when the block is finished, stuck or failed.
#pragma once
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <source_location>
#include <vector>

#include "cusim/detail/sim_abi.hpp"
#include "sim/exec/context.hpp"
#include "sim/exec/launch_plan.hpp"
#include "sim/exec/observer_list.hpp"
#include "sim/exec/stack_pool.hpp"
#include "sim/memory/shared_arena.hpp"
#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

enum class ThreadState : std::uint8_t {
  unstarted, running, ready, at_barrier, at_warp, at_activemask, at_tile, at_arrive_wait, spinning, exited
};

// One simulated CUDA thread of the running block.
struct SimThread {
  Context ctx = nullptr;        // its suspended context, while it waits or is ready
  std::source_location site;    // where it waits
  std::uint64_t result = 0;     // its last warp intrinsic's result, once that is complete
  std::uint32_t linear = 0;     // linear thread id in the block
  detail::WarpOp op = detail::WarpOp::sync;
  ThreadState state = ThreadState::unstarted;
  bool yield_next = false;      // it has polled unchanged memory long enough: it yields at its next poll
  // While at_tile: the tile barrier it waits at (BlockRun::tiles_) and the group call it made.
  std::uint8_t tile_barrier : 5 = 0;
  std::uint8_t tile_call : 3 = 0;
};

// How a block ended: normally, or with the finding that ends the launch.
struct BlockOutcome {
  bool failed = false;
  Diagnostic diagnostic;
  std::size_t static_shared = 0;  // static shared bytes the block declared
  std::vector<Diagnostic> notes;  // the engine's findings that do not end the launch (spin-wait-stalled)
};

class BlockRun;
namespace running {
// The block and the simulated thread running on this OS thread (nullptr when none). Read on
// every intrinsic, so they are plain thread-locals, inlined into the callers.
CUSIM_EXECUTABLE_TLS extern constinit thread_local BlockRun* block;
CUSIM_EXECUTABLE_TLS extern constinit thread_local SimThread* thread;
// While a spinner of the running block has the last word and no checker sees the block's accesses
// (block_spin_waits.cpp): where the access hooks count its accesses of device and shared memory
// other than polls. A loop that makes none between its polls only waits; one that makes some does
// work. (With a checker, an observer of the accesses counts them, off the hooks' common path.)
CUSIM_EXECUTABLE_TLS extern constinit thread_local std::uint64_t* last_word_accesses;
}  // namespace running

class BlockRun {
 public:
  BlockRun();
  ~BlockRun();
  BlockRun(const BlockRun&) = delete;
  BlockRun& operator=(const BlockRun&) = delete;

  // Runs block `block_linear` of `plan` to completion; never throws, never hangs. The outcome is
  // this BlockRun's, valid until its next run (the caller may move the diagnostic out): handing
  // it over by value moved a Diagnostic's strings at every block.
  BlockOutcome& run(const LaunchPlan& plan, std::uint64_t block_linear);

  // The block running on this OS thread, or nullptr outside kernel code.
  static BlockRun* current() { return running::block; }
  // Whether a simulated thread (not the engine itself) is running on this OS thread.
  static bool in_thread() { return running::thread != nullptr; }

  // __syncthreads() (block_sync jumps here), and the barriers that reduce a predicate
  // (block_barrier jumps here). Both pause the checks themselves where the engine's work needs it.
  void sync(std::source_location site);
  int barrier(detail::BarrierOp op, int predicate, std::source_location site);
  // The running lane's call of a warp intrinsic in the running block: returns when the collective
  // is complete; lane_result() then gives this lane's result. Pauses the checks itself where the
  // engine's work needs it.
  static void warp_arrive(detail::WarpOp op, unsigned mask, std::uint64_t value, int b, int c,
                          std::source_location site);
  static std::uint64_t lane_result() { return running::thread->result; }
  void* shared_static(const detail::SharedDecl& decl, std::source_location site);
  void* shared_dynamic() { return arena_.dynamic_base(); }
  // Ends the block and the launch with `d`, abandoning every thread of the block.
  [[noreturn]] void fail(Diagnostic d);
  // fail() with a finding about the running thread at `site`.
  [[noreturn]] void fail_thread(DiagnosticKind kind, std::string message, SourceSite site);
  // Ends the block after a hardware fault in a kernel thread; called from the signal handler.
  [[noreturn]] void fail_from_signal(int signo, const void* address, const void* pc);
  // Ends the block, and the launch with a launch-timeout finding, when the watchdog stops the
  // running thread at `pc`, in the program's own code; called from the watchdog's signal handler
  // (watchdog.hpp).
  [[noreturn]] void fail_from_watchdog(const void* pc);
  // Ends the block when the running thread's access at code address `pc` must not happen.
  [[noreturn]] void fail_access(Diagnostic d, const void* pc);
  // Lets the other threads of the block run before the running thread goes on (the interleaved
  // schedule switches at every checked access).
  void preempt();
  bool interleaved() const { return plan_->schedule == ScheduleKind::interleaved; }
  // __threadfence() and its scoped forms in the running thread.
  void fence();
  // grid.sync() of cooperative groups in the running thread: the block's barrier, whose release
  // waits until every block of the grid has released its own (block_barrier.cpp). In a kernel not
  // launched cooperatively, an invalid-grid-sync finding (CUDA traps).
  void grid_sync(std::source_location site);
  bool cooperative() const { return plan_->cooperative; }
  // The barrier and the collectives of a tile of more than one warp (thread_block_tile<64> to
  // <512>; block_tiles.cpp): see tile_sync() and tile_exchange() in sim_abi.hpp.
  void tile_barrier(detail::TileCall call, unsigned size, std::source_location site);
  void tile_exchange(detail::TileCall call, unsigned size, const void* value, unsigned bytes, void* out, unsigned first,
                     unsigned stride, unsigned count, std::source_location site);
  // Arrive/wait barriers (cuda::barrier; block_arrive_wait.cpp): see arrive_wait_arrive() and the
  // others in sim_abi.hpp. Each pauses the checks itself.
  detail::Arrival arrive_wait_arrive(detail::ArriveWaitBarrier& b, std::uint32_t update, detail::ArriveKind kind,
                                     std::source_location site);
  void arrive_wait_complete(detail::ArriveWaitBarrier& b, std::source_location site);
  bool arrive_wait_wait(detail::ArriveWaitBarrier& b, std::uint32_t phase, bool timed, std::source_location site);
  // An atomic of the running thread was performed (checked build): its observers are told.
  void atomic_performed() {
    if (__builtin_expect(observers_.any(), 0)) observe_atomic();
  }
  // Whether `address` lies in the guard region of a stack this block uses.
  bool is_stack_guard(const void* address) const;
  // The stack that cusim's code called from a kernel (device printf, malloc, free) may need, the
  // C library's formatter included (glibc 2.36: under 4 KiB for %f of 1e308 with precision 60).
  static constexpr std::size_t kLibraryStack = 16 * 1024;
  // Ends the running thread's launch with a stack-overflow finding at the line of `caller` unless
  // its stack has kLibraryStack left: called before such code takes a lock or calls the C library
  // on the thread's stack, where a fault halfway would leave the lock held for good.
  void require_library_stack(const char* what, const void* caller);
  // A poll of the running thread: a volatile read or an atomic of device or shared memory (the
  // checked build's hooks). poll_begin(), before the access is checked, yields if the thread has
  // polled unchanged memory long enough; poll_seen(), once the checks let the access through,
  // books what it saw (`now`: its first 8 bytes; block_spin_waits.cpp). Inline, the common case:
  // another poll of the address polled last.
  void poll_begin() {
    SimThread& t = *running::thread;
    if (__builtin_expect(t.yield_next, 0)) spin_yield(t);
  }
  template <std::size_t Size>
  void poll_seen(const volatile void* p, std::uint64_t now, const void* pc) {
    const SimThread& t = *running::thread;
    if constexpr (Size <= 8) {
      if (__builtin_expect(t.linear < spin_.size(), 1)) {
        SpinState& s = spin_[t.linear];
        PollSlot& last = s.slots[s.last];
        if (s.serial == serial_ && last.address == reinterpret_cast<std::uintptr_t>(p) && last.size == Size && !budget_) {
          s.pc = pc;
          if (now != last.value[0]) {
            last.value[0] = now;
            s.unchanged = 0;
          } else if (++s.unchanged == kPollsBeforeYield) {
            yield_at_next_poll();
          }
          return;
        }
      }
    }
    poll_seen_slow<Size>(p, now, pc);
  }
  // Whether the block's accesses pass a gate (a checker): without one, no access is checked.
  bool has_gate() const { return gate_ != nullptr; }
  [[gnu::noinline]] void poll_seen(const volatile void* p, std::size_t size, const void* pc);
  // After an atomic that poll_seen() booked: what the thread itself left at `p`.
  void poll_done(const volatile void* p);

 private:
  struct WarpCollective {
    unsigned mask;
    unsigned arrived;
    detail::WarpOp op;
  };
  struct Warp {
    unsigned present = 0;             // lanes the block has
    unsigned exited = 0;
    unsigned activemask_waiting = 0;  // lanes waiting in __activemask
    unsigned pending = 0;             // number of open collectives
    WarpCollective open[32];          // disjoint masks, so at most 32
    // Each lane's operands of its current intrinsic (results go to the lanes' SimThread::result). A
    // lane writes only its own slots, on arrival.
    std::uint64_t value[32];
    std::int32_t b[32], c[32];        // shfl.sync's lane/delta and clamp operands
  };
  struct SignalFault {
    static constexpr int kWatchdog = -1;  // signo of a stop by the watchdog
    int signo = 0;
    const void* address = nullptr;
    const void* pc = nullptr;  // the faulting instruction, or the return address of library_call
    SimThread* thread = nullptr;
    const char* library_call = nullptr;  // cusim's call that found too little stack (require_library_stack)
  };
  // Abandons the running thread's block with `f`, which run() reports once it is back on the
  // worker's own stack (the thread's may be nearly full, or faulted).
  [[noreturn]] void abandon_with(SignalFault f);

  static void runner_entry(Transfer t);
  struct Runner;
  [[noreturn]] void runner_loop(Runner& self);
  void discard_runners();
  // The steps of run(), in order.
  static uint3 block_index(dim3 grid, std::uint64_t linear);
  void size_threads(std::uint32_t threads);
  void reset_thread_states();
  void choose_start_order();
  void reset_block_state();
  void attach_observers();
  void install_thread_locals();
  void finish();
  template <bool Observed, bool Linear>
  void run_straight_through(std::string& escaped);
  void call_on_runner(void (*fn)(const void*), const void* arg, std::string& escaped);
  static void park(const void* runner);
  [[gnu::noinline]] void settle_straight_run(bool current_still_running);
  Context next_runner();
  void enter(SimThread& t);
  void exit_thread(SimThread& t);
  // The per-thread observer hooks (only when an observer wants them), out of line so that the
  // unobserved paths stay as small as without observers.
  [[gnu::noinline]] void observe_run(std::uint32_t linear);
  [[gnu::noinline]] void observe_stop(const SimThread& t, ThreadStop why);
  [[gnu::noinline]] void suspend_slow(SimThread& t, ThreadStop why);
  // Out of line as well: barrier() runs at every arrival, atomic_performed() at every atomic.
  [[gnu::noinline]] void observe_first_arrival();
  [[gnu::noinline]] void observe_atomic();
  [[gnu::noinline]] void observe_release();
  [[gnu::noinline]] void observe_exits_at_release();
  ReleasedBarrier released_barrier() const;
  // Out of line: these run once per release or only when threads wait on each other, and
  // inlined they would bloat the frames of the per-arrival hot paths (sync, barrier, warp_arrive).
  [[gnu::noinline]] void exit_while_others_wait(SimThread& t, Warp& w);
  // Suspends the running thread `t`, which waits for `why`, and runs the next ready one.
  void suspend(SimThread& t, ThreadStop why);
  // Lets others run while the running thread `t` (made ready, or spinning) steps aside for `why`:
  // threads not started yet first. It comes back in kernel code, checked as it was: the threads
  // that ran meanwhile may have left the checks paused.
  void step_aside(SimThread& t, ThreadStop why);
  // Tail: the caller's last act, from kernel code's call of an intrinsic (resume_tail()).
  template <bool Tail = false>
  void dispatch(Context* save);
  template <bool Tail>
  [[gnu::noinline]] void dispatch_slow(Context* save);
  [[gnu::noinline]] void sync_slow(std::source_location site);
  [[gnu::noinline]] void warp_arrive_slow(detail::WarpOp op, unsigned mask);
  [[gnu::noinline]] void first_barrier_arrival(std::source_location site);
  [[gnu::noinline]] void other_site_arrival(std::source_location site);
  [[gnu::noinline]] int barrier_result(detail::BarrierOp op) const;
  void make_ready(SimThread& t);
  // make_ready() for many threads at once, the queue's fields held in locals and stored back when
  // the batch ends: through the members, GCC reloads them and stores the tail once per thread,
  // unable to prove that the stores of each thread's state and queue entry leave them alone
  // (whatever the state's size).
  class ReadyBatch {
   public:
    explicit ReadyBatch(BlockRun& run)
        : run_(run), ring_(run.ready_.data()), mask_(run.ready_mask_), tail_(run.ready_tail_) {}
    ~ReadyBatch() { run_.ready_tail_ = tail_; }
    ReadyBatch(const ReadyBatch&) = delete;
    ReadyBatch& operator=(const ReadyBatch&) = delete;
    void push(SimThread& t) {
      t.state = ThreadState::ready;
      ring_[tail_++ & mask_] = &t;
    }

   private:
    BlockRun& run_;
    SimThread** const ring_;
    const std::uint32_t mask_;
    std::uint32_t tail_;
  };
  [[gnu::noinline]] void release_barrier();
  void wait_for_grid();
  // Ends the block without a finding of its own: the launch ended elsewhere while it waited.
  [[noreturn]] void abandon();
  [[gnu::noinline]] void complete(Warp& w, unsigned warp_index, const WarpCollective& coll);
  [[gnu::noinline]] WarpCollective& open_collective(Warp& w, unsigned warp_index, SimThread& t, detail::WarpOp op,
                                                    unsigned mask, const std::source_location& site);
  [[gnu::noinline]] void try_resolve_activemask(Warp& w, unsigned warp_index);
  // Spinning threads (block_spin_waits.cpp): what a thread last polled, by linear id, sized on
  // the first poll of the OS thread's blocks and valid for the block run numbered `serial`.
  struct PollSlot {
    std::uintptr_t address = 0;
    std::uint32_t size = 0;           // 0: unused
    std::uint64_t value[2] = {};      // what the thread saw there last, before its access
    std::uint64_t at_yield[2] = {};   // what was there when it yielded (atomics change it)
  };
  struct SpinState {
    std::uint64_t serial = 0;
    std::uint64_t unchanged = 0;    // polls in a row that saw what the thread saw there before
    std::uint64_t budget_from = 0;  // `unchanged` when the thread was given the last word
    const void* pc = nullptr;       // the last poll's code address
    std::uint8_t last = 0, next = 0;  // slot of the last poll; slot to reuse next
    PollSlot slots[4];              // a loop may poll a few addresses in turn
  };
  static constexpr std::uint64_t kPollsBeforeYield = 64;
  SpinState& spin_state(std::uint32_t linear);
  template <std::size_t Size>
  [[gnu::noinline]] void poll_seen_slow(const volatile void* p, std::uint64_t first_word, const void* pc);
  [[gnu::noinline]] void yield_at_next_poll();
  bool in_shared(std::uintptr_t a);
  std::string describe_polled(const PollSlot& slot);  // "4 bytes of `flag` [byte 0 of 4]"
  [[gnu::noinline]] void spin_yield(SimThread& t);
  // With nothing ready in the block: wakes spinners whose memory changed, waits for the grid, or
  // gives the lowest spinner the last word; false when the block is done with spinning.
  bool keep_spinning();
  bool wake_changed_spinners();
  bool spinners_poll_shared_only();
  void end_last_word();
  void note_gave_up(SimThread& t, const SpinState& s);
  [[noreturn]] void spin_deadlock(SimThread& t, const SpinState& s);
  void diagnose_stuck();
  bool diagnose_warps();
  void diagnose_signal();
  void diagnose_timeout(const SignalFault& f);
  Diagnostic thread_diagnostic(DiagnosticKind kind, const SimThread& t, std::string message) const;
  void describe_waiters(Diagnostic& d, const std::function<bool(const SimThread&)>& select);
  // Whether `t` waits for other threads of its block (a barrier, a warp intrinsic, a tile).
  static bool waits_for_others(const SimThread& t) {
    return t.state == ThreadState::at_barrier || t.state == ThreadState::at_warp ||
           t.state == ThreadState::at_activemask || t.state == ThreadState::at_tile ||
           t.state == ThreadState::at_arrive_wait;
  }
  // Tiles of more than one warp (block_tiles.cpp).
  struct TileBarrier {
    std::uint32_t arrived = 0;
    std::source_location site;  // of the first arrival
    detail::TileCall call = detail::TileCall::sync;
    bool divergent = false;     // arrivals at different call sites or calls (strict plans only)
  };
  static unsigned tile_index(std::uint32_t linear, unsigned size);
  static unsigned tile_size_of(unsigned index);
  std::uint32_t tile_live(std::uint32_t first, unsigned size) const;
  void try_release_tile(unsigned index, std::uint32_t first, unsigned size);
  [[gnu::noinline]] void release_tile(unsigned index, std::uint32_t first, unsigned size);
  [[gnu::noinline]] void exit_from_tiles(const SimThread& t);
  void reset_tiles();
  // Arrive/wait barriers (block_arrive_wait.cpp): a barrier-misuse finding unless `b` is an
  // initialised barrier in the block's shared memory; how findings name it and its waiters.
  void check_arrive_wait(const detail::ArriveWaitBarrier& b, const char* call, std::source_location site);
  std::string describe_arrive_wait(const detail::ArriveWaitBarrier& b) const;
  std::string describe_arrive_waiter(const SimThread& t) const;
  // With nothing else able to run: ends the timed waits (each returns false); false when none.
  bool time_out_arrive_waiters();
  Dim thread_dim(std::uint32_t linear) const;
  // Makes ids[0..count) ready, in the order the schedule asks for (reordering ids in place).
  void make_ready_scheduled(std::uint32_t* ids, std::uint32_t count);

  const LaunchPlan* plan_ = nullptr;
  std::uint64_t block_linear_ = 0;
  uint3 block_idx_{};
  std::uint32_t n_ = 0;
  std::vector<SimThread> threads_;
  std::vector<std::uint32_t> random_order_;
  std::vector<std::uint32_t> scratch_ids_;  // reused by barrier releases, never reallocated per pass
  const std::uint32_t* order_ = nullptr;  // start order of this block
  const uint3* thread_index_ = nullptr;   // threadIdx by linear id (the plan's table)
  std::uint32_t next_start_ = 0;
  std::uint32_t live_ = 0;                // threads not exited (started or not)
  // While no thread of the block has blocked, threads run "straight through": exits are not
  // booked one by one but settled in bulk, since no waiting thread could observe them.
  bool straight_run_ = false;             // a straight-through run is in progress
  bool any_blocked_ = false;              // some thread of this block has blocked
  bool states_dirty_ = true;              // threads_[i].state or warps_ may differ from a fresh block's
  std::uint32_t straight_from_ = 0;       // start-order position where the run began

  // barrier
  std::uint32_t barrier_arrived_ = 0;
  std::uint32_t barrier_true_ = 0;        // arrivals with a non-zero predicate
  std::source_location barrier_site_;
  bool barrier_divergent_ = false;
  bool grid_barrier_ = false;             // the barrier being arrived at is a grid.sync()
  std::uint32_t released_true_ = 0, released_arrived_ = 0;
  std::uint32_t activemask_waiters_ = 0;  // lanes of the block waiting in __activemask

  // tiles of more than one warp: one barrier per tile of each size 64, 128, 256 and 512 of a block
  // of up to 1024 threads (16 + 8 + 4 + 2), numbered by tile_index()
  TileBarrier tiles_[30];
  std::uint32_t tile_waiters_ = 0;        // threads waiting at them
  bool tiles_dirty_ = false;              // tiles_ may differ from a fresh block's
  // Each thread's deposit for a tile collective ([0, n)), and what each size's last release made of
  // the deposits of its tile's members ([n * (1 + log2(size / 64)), ...)): read after the release,
  // kept until the tile's next release, which needs every member to have arrived again.
  std::vector<std::uint64_t> tile_values_;

  // arrive/wait barriers: the barrier each thread in ThreadState::at_arrive_wait waits at (by
  // linear id; sized on the first wait), and how many threads wait at any
  std::vector<const detail::ArriveWaitBarrier*> awaited_;
  std::uint32_t arrive_waiters_ = 0;
  std::uint32_t timed_arrive_waiters_ = 0;  // those of them in a timed wait (SimThread::result kTimedWait)

  // ready queue (a ring; every thread is in it at most once)
  std::vector<SimThread*> ready_;
  std::uint32_t ready_mask_ = 0, ready_head_ = 0, ready_tail_ = 0;

  std::vector<Warp> warps_;
  SharedArena arena_;
  // The block observers of this block (one per LaunchObserver of the plan), and those of them
  // that want per-thread events: each hook site costs one test of a pointer when nothing observes.
  ObserverList observers_;
  ObserverList thread_observers_;
  // The gate of the block's accesses (access_gate.hpp), supplied by one of its observers, or
  // nullptr: installed as running::gate while kernel code runs.
  AccessGate* gate_ = nullptr;
  ObserverList access_observers_;                // those of observers_ that want accesses
  std::uint64_t barriers_ = 0, barrier_waits_ = 0; // completed by this block, and threads' arrivals
  StackPool pool_;
  // spinning threads
  std::vector<SpinState> spin_;
  std::vector<std::uint32_t> spinners_;  // threads suspended in a spin (ThreadState::spinning)
  std::uint64_t serial_ = 0;             // numbers this OS thread's block runs
  SimThread* budget_ = nullptr;          // the spinner that has the last word, if any
  std::chrono::steady_clock::time_point budget_start_;  // when it got it
  std::uint64_t budget_work_ = 0;        // accesses other than polls since (LastWordWork, last_word_accesses)
  // Counts, for the last word in a checked block, the accesses of device and shared memory
  // outside the polled address, as an observer of the block's accesses.
  class LastWordWork final : public BlockObserver {
   public:
    void watch(std::uintptr_t polled, std::size_t size, std::uint64_t* count) {
      polled_ = polled;
      size_ = size;
      count_ = count;
    }
    void access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void* pc) override;

   private:
    std::uintptr_t polled_ = 0;
    std::size_t size_ = 0;
    std::uint64_t* count_ = nullptr;
  };
  LastWordWork last_word_work_;
  ObserverList last_word_observers_;     // the block's access observers and last_word_work_
  bool budget_mixed_ = false;            // it has since polled another address it polled before
  bool last_word_from_grid_ = false;     // given when the whole grid waited (not shared memory only)
  bool abandoned_ = false;               // the launch ended elsewhere while the block waited
  // Runners outlive blocks: one with nothing left to start parks, and the next runner needed,
  // in this block or a later one, resumes it, so fibers are made once per OS thread, not once
  // per blocking thread. After a failed block, whose fibers may be anywhere, all are discarded.
  struct Runner {
    Stack stack;
    Context ctx = nullptr;          // saved here while parked
    Runner* next_parked = nullptr;  // the runner parked before this one
  };
  std::deque<Runner> runners_;         // a deque: contexts are saved into elements in place
  // Runners suspended in runner_loop, ready for more work: a stack linked through the runners, so
  // that parking and taking one are two stores each (a block of 256 threads that all wait does both
  // 256 times).
  Runner* parked_ = nullptr;
  Runner* starting_runner_ = nullptr;  // the runner that runner_entry is starting
  Context main_ctx_ = nullptr;
  std::mt19937_64 rng_;
  BlockOutcome outcome_;
  SignalFault signal_fault_;
};

}  // namespace cusim::sim
