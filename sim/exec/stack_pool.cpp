#include "sim/exec/stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

namespace cusim::sim {

std::size_t StackPool::page_round(std::size_t n) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return (n + page - 1) / page * page;
}

namespace {
void unmap(const Stack& s) { munmap(s.low - StackPool::kGuardBytes, s.size + StackPool::kGuardBytes); }
}  // namespace

bool Stack::guards(const void* addr) const {
  const char* a = static_cast<const char*>(addr);
  return a >= low - StackPool::kGuardBytes && a < low;
}

StackPool::~StackPool() {
  for (const Stack& s : free_) unmap(s);
}

Stack StackPool::acquire(std::size_t size) {
  size = page_round(size);
  while (!free_.empty()) {
    Stack s = free_.back();
    free_.pop_back();
    if (s.size == size) return s;
    unmap(s);  // the configured size changed since this stack was made
  }
  void* p = mmap(nullptr, size + kGuardBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  mprotect(p, kGuardBytes, PROT_NONE);
  return Stack{static_cast<char*>(p) + kGuardBytes, size};
}

void StackPool::release(Stack s) { free_.push_back(s); }

}  // namespace cusim::sim
