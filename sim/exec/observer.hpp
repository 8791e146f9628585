// The observer interface of the engine (DESIGN §2: "tracer · stats, each optional, each a class"):
// what a launch's observers are told about the blocks they watch. The engine knows nothing about
// any particular observer (the tracer, the statistics, the access maps); observers know nothing
// about fibers.
//
// A launch carries a list of LaunchObserver (LaunchPlan::observers). At the start of every block,
// the OS thread that runs it asks each for its BlockObserver and tells that one about the block:
// begin_block, then its events, then end_block. Blocks of one launch run concurrently on several
// OS threads, so each observer declares whether it is safe to call from several of them at once:
// one that is hands every thread the same BlockObserver; one that is not derives from
// PerThreadObserver and gets one BlockObserver per OS thread. Merging what the blocks saw is the
// observer's own business.
//
// Every hook has an empty body, so an observer overrides only what it uses. The engine calls the
// ones that run at every access or every thread switch only for observers that declare they want
// them (LaunchObserver::Wants); an unobserved launch pays one test per hook site and nothing more.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <source_location>
#include <thread>
#include <utility>
#include <vector>

#include "cusim/detail/sim_abi.hpp"
#include "cusim/detail/types.hpp"
#include "sim/exec/access_flags.hpp"
#include "sim/exec/access_gate.hpp"

namespace cusim::sim {

// The launch a LaunchObserver is about to see, as its blocks will run.
struct ObservedLaunch {
  std::uint64_t launch = 0;        // ordinal of the launch in the process
  dim3 grid, block;
  unsigned threads = 0;            // per block
  std::size_t dynamic_shared = 0;  // bytes of dynamic shared memory per block
  std::size_t shared_capacity = 0; // bytes of a block's shared arena
  const void* packet = nullptr;    // the kernel's arguments, which kernel code reads
  std::size_t packet_bytes = 0;
  std::size_t stack_bytes = 0;     // of each simulated thread (whole pages)
  unsigned workers = 1;            // OS threads that may run its blocks at once
};

// The block a BlockObserver is about to see.
struct ObservedBlock {
  std::uint64_t linear = 0;        // linear block id in the grid
  uint3 index{};                   // blockIdx
  unsigned threads = 0;            // threads of the block
  std::uintptr_t shared_begin = 0; // the block's shared-memory arena, [begin, end)
  std::uintptr_t shared_end = 0;
};

// A __syncthreads() that every live thread of the running block reached, or a tile's sync() that
// every live thread of the tile reached.
struct ReleasedBarrier {
  std::source_location site;   // where the threads waited
  std::uint32_t arrived = 0;   // threads it releases
  std::uint32_t exited = 0;    // threads of the block (or tile) that exited before it
  std::uint32_t first_exited = 0;  // the lowest linear id among them, when there are any
  std::uint32_t tile = 0;      // a tile's barrier: its size (64 to 512); 0: the block's
  std::uint32_t tile_first = 0;    // a tile's barrier: the linear id of its first thread
};

// How the block ended.
struct BlockSummary {
  std::uint64_t barriers = 0;       // __syncthreads() the block completed (one per release)
  std::uint64_t barrier_waits = 0;  // thread arrivals at them
  bool failed = false;              // the block ended the launch with a finding
};

// Why a simulated thread stopped running.
enum class ThreadStop : std::uint8_t {
  exited,     // its kernel body returned
  barrier,    // it waits in __syncthreads()
  warp,       // it waits in a warp intrinsic (see the op)
  preempted,  // the interleaved schedule switched away at a memory access
  tile,       // it waits in a group call of a tile of more than one warp (thread_block_tile<64> to <512>)
  spinning,   // it polled memory that nobody changed, and yields (block_spin_waits.cpp)
  arrive_wait,  // it waits for a phase of an arrive/wait barrier (cuda::barrier::wait)
};

// Every call is made on the OS thread that runs the block, between begin_block and end_block.
// Observers are called in the launch's order at begin_block and in reverse order at end_block, so
// the first observer's view of a block encloses the others' (the tracer, first, times them too).
class BlockObserver {
 public:
  virtual ~BlockObserver() = default;

  virtual void begin_block(const ObservedBlock& block) { (void)block; }
  virtual void end_block(const BlockSummary& summary) { (void)summary; }
  // A static shared variable of the running block took [at, at + size) of its arena.
  virtual void shared_variable(const char* name, const void* at, std::size_t size) { (void)name, (void)at, (void)size; }
  // The first thread of the running block arrives at a __syncthreads().
  virtual void barrier_first_arrival() {}
  // Every live thread has arrived at a barrier, which releases them.
  virtual void barrier_released(const ReleasedBarrier& barrier) { (void)barrier; }
  // A __syncwarp() of warp `warp` completed: every lane of `mask` had arrived.
  virtual void warp_synced(unsigned warp, unsigned mask) { (void)warp, (void)mask; }
  // A tile's sync() completed: every live thread of [first, first + count) had arrived, `size`
  // threads a tile (count is less in a block's last, partial tile).
  virtual void tile_synced(unsigned first, unsigned count, unsigned size) { (void)first, (void)count, (void)size; }
  // Arrive/wait barriers (cuda::barrier), each named by its address in the block's shared memory:
  // thread `thread` arrived at `barrier` (or tied its copies to its phase); the barrier's current
  // phase completed, by thread `thread`, the last to arrive, once the barrier's completion
  // function had run (`whole_block`: every live thread of the block arrived at it by
  // arrive_and_wait(), so it orders the block as a __syncthreads() would); thread `thread`'s wait
  // for a completed phase returned.
  virtual void arrive_wait_arrival(unsigned thread, const void* barrier) { (void)thread, (void)barrier; }
  virtual void arrive_wait_completed(unsigned thread, const void* barrier, bool whole_block) {
    (void)thread, (void)barrier, (void)whole_block;
  }
  virtual void arrive_wait_returned(unsigned thread, const void* barrier) { (void)thread, (void)barrier; }
  // Thread `thread` (linear id) executed a __threadfence() (of any scope).
  virtual void fence(unsigned thread) { (void)thread; }
  // The gate every access of the block's kernel code passes (access_gate.hpp), if this observer
  // supplies it; at most one observer of a launch does.
  virtual AccessGate* access_gate() { return nullptr; }
  // A thread of the running block performed an atomic on device or shared memory (reported only
  // by the checked build, and only while the block's accesses are checked or observed).
  virtual void atomic() {}

  // Only for observers that want accesses (checked build, where kernel code is instrumented): an
  // access by kernel code of thread `thread` (linear id in the block) to any memory, before it
  // happens. `flags`: AccessFlags (kRead, kWrite, kAtomic); `pc`: its code address.
  virtual void access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void* pc) {
    (void)thread, (void)address, (void)size, (void)flags, (void)pc;
  }

  // Only for observers that want threads. Thread `linear` of the running block starts or resumes
  // running; it stops for `why` (at `site`, in warp intrinsic `op` when why == warp).
  virtual void thread_runs(std::uint32_t linear) { (void)linear; }
  virtual void thread_stops(std::uint32_t linear, ThreadStop why, const std::source_location& site, detail::WarpOp op) {
    (void)linear, (void)why, (void)site, (void)op;
  }
  // A warp intrinsic completed: every lane of `mask` of warp `warp` had arrived.
  virtual void warp_op(unsigned warp, detail::WarpOp op, unsigned mask) { (void)warp, (void)op, (void)mask; }
};

class LaunchObserver {
 public:
  // The hooks that cost something on the hot paths, asked for explicitly.
  struct Wants {
    bool accesses = false;  // access(): every access of kernel code (runs the block's checker)
    bool threads = false;   // thread_runs, thread_stops, warp_op: every thread start and switch
    // A BlockObserver for every block (for_this_thread): an observer of launch-level events alone
    // (exited_at_barrier) says false, and blocks cost it nothing.
    bool blocks = true;
  };

  virtual ~LaunchObserver() = default;
  bool wants_accesses() const { return wants_.accesses; }
  bool wants_threads() const { return wants_.threads; }
  bool wants_blocks() const { return wants_.blocks; }

  // Before the launch's first block, and after its last (on the OS thread that runs the grid).
  virtual void begin_launch(const ObservedLaunch& launch) { (void)launch; }
  virtual void end_launch() {}
  // A barrier of block `block` (linear id) released its threads while others of the block had
  // exited (rare: CUDA leaves it undefined). Called on the OS thread that runs the block, so
  // possibly from several at once.
  virtual void exited_at_barrier(std::uint64_t block, const ReleasedBarrier& barrier) { (void)block, (void)barrier; }
  // Every block of a cooperative launch arrived at a grid.sync(), which is about to release them:
  // called once, by the last block's OS thread, while every other block waits.
  virtual void grid_synced() {}

  // The observer of the block that the calling OS thread is about to run for this launch (asked
  // at every block, of observers that want blocks). An observer that is safe to call from several
  // OS threads at once returns the same one to all of them.
  virtual BlockObserver& for_this_thread() = 0;

 protected:
  explicit LaunchObserver(Wants wants) : wants_(wants) {}

 private:
  const Wants wants_;
};

// A launch observer that is not safe to call from several OS threads at once: every OS thread
// that runs blocks of the launch gets its own BlockObserver, made on first use and owned here, so
// it lives exactly as long as the launch.
class PerThreadObserver : public LaunchObserver {
 public:
  BlockObserver& for_this_thread() final {
    const std::thread::id self = std::this_thread::get_id();
    std::lock_guard<std::mutex> lock(m_);
    for (auto& [id, observer] : per_thread_)
      if (id == self) return *observer;
    return *per_thread_.emplace_back(self, make_block_observer()).second;
  }

 protected:
  using LaunchObserver::LaunchObserver;
  virtual std::unique_ptr<BlockObserver> make_block_observer() = 0;

 private:
  std::mutex m_;
  std::vector<std::pair<std::thread::id, std::unique_ptr<BlockObserver>>> per_thread_;
};

}  // namespace cusim::sim
