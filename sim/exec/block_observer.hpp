// The observer interface of the engine (DESIGN §2: "tracer · stats, each optional, each a class"):
// what a launch's observers are told about the blocks they watch. The engine knows nothing about
// any particular observer; observers know nothing about fibers.
//
// A launch carries a list of LaunchObserver (LaunchPlan::observers). Every OS thread that runs
// blocks of the launch gets its own BlockObserver from each of them (made on first use, owned by
// the LaunchObserver, so it lives exactly as long as the launch), and tells it about one block at a
// time: begin_block, the accesses of its threads, end_block. Merging what the blocks saw is the
// observer's own business (blocks of one launch run concurrently on several OS threads).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "cusim/detail/types.hpp"

namespace cusim::sim {

// The block a BlockObserver is about to see.
struct ObservedBlock {
  std::uint64_t linear = 0;        // linear block id in the grid
  uint3 index{};                   // blockIdx
  unsigned threads = 0;            // threads of the block
  std::uintptr_t shared_begin = 0; // the block's shared-memory arena, [begin, end)
  std::uintptr_t shared_end = 0;
};

// How the block ended.
struct BlockSummary {
  std::uint64_t barriers = 0;       // __syncthreads() the block completed (one per release)
  std::uint64_t barrier_waits = 0;  // thread arrivals at them
  bool failed = false;              // the block ended the launch with a finding
};

class BlockObserver {
 public:
  virtual ~BlockObserver() = default;
  virtual void begin_block(const ObservedBlock& block) = 0;
  // A static shared variable of the running block took [at, at + size) of its arena.
  virtual void on_shared_variable(const char* name, const void* at, std::size_t size) {
    (void)name, (void)at, (void)size;
  }
  // An access by kernel code of thread `thread` (linear id in the block) to any memory, before it
  // happens; only in the checked build, where kernel code is instrumented. `flags`:
  // check::AccessFlags (kRead, kWrite, kAtomic); `pc`: the access's code address.
  virtual void on_access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void* pc) = 0;
  virtual void end_block(const BlockSummary& summary) = 0;
};

class LaunchObserver {
 public:
  virtual ~LaunchObserver() = default;
  // The observer of the blocks that the calling OS thread runs for this launch.
  BlockObserver& for_this_thread() {
    const std::thread::id self = std::this_thread::get_id();
    std::lock_guard<std::mutex> lock(m_);
    for (auto& [id, observer] : per_thread_)
      if (id == self) return *observer;
    return *per_thread_.emplace_back(self, make_block_observer()).second;
  }

 protected:
  virtual std::unique_ptr<BlockObserver> make_block_observer() = 0;

 private:
  std::mutex m_;
  std::vector<std::pair<std::thread::id, std::unique_ptr<BlockObserver>>> per_thread_;
};

}  // namespace cusim::sim
