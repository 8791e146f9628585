// The process's use of the simulated device across fork() (process_state.hpp).
#include "backends/sim/process_state.hpp"

#include <pthread.h>

#include <cstdio>

#include "backends/sim/error_state.hpp"

namespace cusim::backend {

std::atomic<ProcessState> process_state{ProcessState::fresh};

namespace {

std::atomic<bool> is_fork_child{false};

void in_child() {
  is_fork_child.store(true, std::memory_order_relaxed);
  if (process_state.load(std::memory_order_relaxed) == ProcessState::in_use)
    process_state.store(ProcessState::forked_after_use, std::memory_order_relaxed);
}

[[gnu::constructor]] void watch_forks() { pthread_atfork(nullptr, nullptr, in_child); }

}  // namespace

cudaError_t enter_host_api(const char* call) {
  ProcessState fresh = ProcessState::fresh;
  if (process_state.compare_exchange_strong(fresh, ProcessState::in_use, std::memory_order_relaxed)) return cudaSuccess;
  if (process_state.load(std::memory_order_relaxed) != ProcessState::forked_after_use) return cudaSuccess;
  static std::atomic<bool> said{false};
  if (!said.exchange(true))
    std::fprintf(stderr,
                 "cusim: error: %s in a process made by fork() after its parent used the simulated device: the "
                 "child cannot use it, as with CUDA (cudaErrorInitializationError); fork before the first CUDA call, "
                 "or exec a program in the child\n",
                 call);
  return record(cudaErrorInitializationError);
}

bool forked_child() { return is_fork_child.load(std::memory_order_relaxed); }

}  // namespace cusim::backend
