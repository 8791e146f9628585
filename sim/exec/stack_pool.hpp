// Stacks for simulated threads: mmap'd, with a guard region below each (a lightweight guard where
// the kernel has them, else PROT_NONE) so that an overflow faults (and is reported) instead of
// corrupting a neighbour. Pooled per worker thread so that the hot path never maps memory; the
// stacks of a thread that ends go to the next pool that runs short (up to a bound).
#pragma once
#include <cstddef>
#include <vector>

namespace cusim::sim {

struct Stack {
  char* low = nullptr;    // lowest usable byte (the guard lies just below)
  std::size_t size = 0;   // usable bytes asked for (page-rounded)
  std::size_t color = 0;  // where the top lies in the colour span above `size` (StackPool)
  char* top() const { return low + size + color; }
  // Whether `addr` lies in this stack's guard region.
  bool guards(const void* addr) const;
};

class StackPool {
 public:
  static constexpr std::size_t kGuardBytes = 64 * 1024;
  // Stacks are mapped one page larger than asked, and each starts at a different 64-byte line of
  // that page ("colour"). Without it every stack's top has the same offset within its page, so
  // the frames that a barrier saves and resumes (every thread of the block in turn) fall into
  // the same few sets of the L1 cache and evict each other at every switch (bench/bench_floors
  // measures the difference; docs/PERFORMANCE.md has the figures).
  static constexpr std::size_t kColorSpan = 4096;
  static constexpr std::size_t kColorStep = 5 * 64;  // 5 is coprime to the 64 lines: all colours in turn
  StackPool() = default;
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  ~StackPool();

  // `size` rounded up to whole pages: the usable size of the stacks acquire(size) returns.
  static std::size_t page_round(std::size_t size);
  // A stack of `size` usable bytes (rounded to pages); throws std::bad_alloc if none can be mapped.
  Stack acquire(std::size_t size);
  void release(Stack s);

 private:
  std::vector<Stack> free_;
  std::size_t made_ = 0;  // stacks mapped so far, which picks the next colour
};

}  // namespace cusim::sim
