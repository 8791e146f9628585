// Stacks for simulated threads: mmap'd, with a PROT_NONE guard region below each so that an
// overflow faults (and is reported) instead of corrupting a neighbour. Pooled per worker thread
// so that the hot path never maps memory.
#pragma once
#include <cstddef>
#include <vector>

namespace cusim::sim {

struct Stack {
  char* low = nullptr;   // lowest usable byte (the guard lies just below)
  std::size_t size = 0;  // usable bytes
  char* top() const { return low + size; }
  // Whether `addr` lies in this stack's guard region.
  bool guards(const void* addr) const;
};

class StackPool {
 public:
  static constexpr std::size_t kGuardBytes = 64 * 1024;
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
};

}  // namespace cusim::sim
