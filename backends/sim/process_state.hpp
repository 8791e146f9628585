// Whether this process may use the simulated device: every process may, until it forks. A child
// made by fork() after its parent used the device gets none of the parent's threads that run the
// device's work (fork copies only the calling thread), so its calls would wait forever; as with
// CUDA, which does not support a child's use of a context made before fork(), each runtime call
// there fails with cudaErrorInitializationError and says why once. A child forked before any use
// has a device of its own.
#pragma once
#include <atomic>

#include "cusim/detail/types.hpp"

namespace cusim::backend {

enum class ProcessState : unsigned char { fresh, in_use, forked_after_use };
extern std::atomic<ProcessState> process_state;

// The slow path of CUSIM_HOST_API: marks the device used, or refuses a forked child's `call`
// (cudaErrorInitializationError, recorded as the last error; cudaSuccess otherwise).
cudaError_t enter_host_api(const char* call);
// Whether this process is a child made by fork() after the parent used the device (whose exit
// then neither drains its work nor reports its findings: both are the parent's).
inline bool forked_after_use() { return process_state.load(std::memory_order_relaxed) == ProcessState::forked_after_use; }
// Whether this process is a child made by fork() at all (its report goes to a file of its own).
bool forked_child();

}  // namespace cusim::backend
