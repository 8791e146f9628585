#include "sim/exec/stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <new>

#include "sim/exec/context.hpp"  // CUSIM_ASAN_FIBERS

#if CUSIM_ASAN_FIBERS
#include <sanitizer/asan_interface.h>
#endif

namespace cusim::sim {

std::size_t StackPool::page_round(std::size_t n) {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));  // asked once: every block asks
  return (n + page - 1) / page * page;
}

namespace {
// Linux 6.13's lightweight guard regions: faults like PROT_NONE, but without splitting the mapping,
// so that stacks mapped one after another merge into one mapping (mprotect makes two of each, and
// a process may have only vm.max_map_count, by default 65,530: 32,000 waiting threads).
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif

void install_guard(void* p) {
  // Until the kernel says it has none (EINVAL before 6.13); pools of several OS threads ask.
  static std::atomic<bool> lightweight{true};
  if (lightweight.load(std::memory_order_relaxed) && madvise(p, StackPool::kGuardBytes, MADV_GUARD_INSTALL) == 0) return;
  lightweight.store(false, std::memory_order_relaxed);
  mprotect(p, StackPool::kGuardBytes, PROT_NONE);
}

// Bytes mapped for a stack of `size` usable bytes: guard, stack, colour span.
std::size_t mapped_bytes(std::size_t size) { return StackPool::kGuardBytes + size + StackPool::kColorSpan; }

void unmap(const Stack& s) {
#if CUSIM_ASAN_FIBERS
  asan::remove_stack(s.low);
  // Frames abandoned on this stack (a failed block's) leave poisoned shadow behind; the range
  // may next be mapped for anything.
  ASAN_UNPOISON_MEMORY_REGION(s.low - StackPool::kGuardBytes, mapped_bytes(s.size));
#endif
  munmap(s.low - StackPool::kGuardBytes, mapped_bytes(s.size));
}
}  // namespace

namespace {
// Stacks of pools whose thread ended (a launch's helper OS threads end with it: a cooperative grid
// starts one per waiting block), kept for the next pool that runs short. Mapping a stack, guarding
// it and unmapping it again cost three system calls and a TLB shootdown across the process's
// threads per simulated thread: most of a cooperative launch's time before. Bounded, so that a
// one-off launch of many threads does not keep its stacks' pages for the rest of the program.
constexpr std::size_t kMaxSpares = 65536;
constexpr std::size_t kSpareBatch = 256;  // taken at once by a pool that runs short
struct Spares {
  std::mutex m;
  std::vector<Stack> stacks;
};
Spares& spares() {
  static Spares* s = new Spares;  // never destroyed: pools of threads that end after exit() use it
  return *s;
}
}  // namespace

bool Stack::guards(const void* addr) const {
  const char* a = static_cast<const char*>(addr);
  return a >= low - StackPool::kGuardBytes && a < low;
}

StackPool::~StackPool() {
  Spares& spare = spares();
  std::lock_guard<std::mutex> lock(spare.m);
  for (const Stack& s : free_) {
    if (spare.stacks.size() >= kMaxSpares) {
      unmap(s);
      continue;
    }
#if CUSIM_ASAN_FIBERS
    asan::remove_stack(s.low);  // ASan's fiber stacks are known per OS thread: the taker adds it
#endif
    spare.stacks.push_back(s);
  }
}

Stack StackPool::acquire(std::size_t size) {
  size = page_round(size);
  if (free_.empty()) {
    Spares& spare = spares();
    std::lock_guard<std::mutex> lock(spare.m);
    // The most recently released last, as this pool hands them out: their pages are the warmest.
    const std::size_t n = std::min(kSpareBatch, spare.stacks.size());
    free_.assign(spare.stacks.end() - static_cast<std::ptrdiff_t>(n), spare.stacks.end());
    spare.stacks.resize(spare.stacks.size() - n);
#if CUSIM_ASAN_FIBERS
    for (const Stack& s : free_) asan::add_stack(s.low, s.size + kColorSpan);
#endif
  }
  while (!free_.empty()) {
    Stack s = free_.back();
    free_.pop_back();
    if (s.size == size) {
#if CUSIM_ASAN_FIBERS
      // Released after a failed block, whose frames were abandoned with their redzones poisoned.
      ASAN_UNPOISON_MEMORY_REGION(s.low, s.size + kColorSpan);
#endif
      return s;
    }
    unmap(s);  // the configured size changed since this stack was made
  }
  void* p = mmap(nullptr, mapped_bytes(size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  install_guard(p);
#if CUSIM_ASAN_FIBERS
  asan::add_stack(static_cast<char*>(p) + kGuardBytes, size + kColorSpan);
#endif
  const std::size_t color = made_++ * kColorStep % kColorSpan;
  return Stack{static_cast<char*>(p) + kGuardBytes, size, color};
}

void StackPool::release(Stack s) { free_.push_back(s); }

}  // namespace cusim::sim
