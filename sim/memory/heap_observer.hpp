// What happens to the device heap's memory, told to whoever keeps a shadow of it: the checkers,
// in the checked build (the instrumentation installs them, sim/instrument/access_hooks.cpp). The
// runtime tells it; it knows no checker.
#pragma once
#include <cstddef>

namespace cusim::sim {

class HeapObserver {
 public:
  // A new allocation's bytes; already written when `initialised` (managed and host memory, which
  // the host may fill by any means).
  virtual void allocated(const void* p, std::size_t n, bool initialised) = 0;
  virtual void freed(const void* p, std::size_t n) = 0;
  // [dst, dst + n) was written by the host, a copy (from `src`, which may be device memory) or a
  // memset (`src` null).
  virtual void written(void* dst, const void* src, std::size_t n) = 0;
  // Every allocation was freed at once (cudaDeviceReset).
  virtual void all_freed() = 0;

 protected:
  ~HeapObserver() = default;
};

// The observer of the device heap, or nullptr (the fast build has none).
HeapObserver* heap_observer();
void set_heap_observer(HeapObserver* observer);

}  // namespace cusim::sim
