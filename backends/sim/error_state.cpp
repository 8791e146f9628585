#include "backends/sim/error_state.hpp"

#include <atomic>

namespace cusim::backend {
namespace {
thread_local cudaError_t last_error = cudaSuccess;
std::atomic<cudaError_t> sticky{cudaSuccess};
std::atomic<cudaError_t> pending{cudaSuccess};
}  // namespace

cudaError_t record(cudaError_t e) {
  if (e != cudaSuccess) last_error = e;
  return e;
}

cudaError_t sticky_error() { return sticky.load(); }

void raise_execution_error(cudaError_t e, bool is_sticky) {
  if (is_sticky) sticky.store(e);
  else pending.store(e);
}

cudaError_t take_execution_error() {
  if (cudaError_t s = sticky.load(); s != cudaSuccess) return s;
  return pending.exchange(cudaSuccess);
}

cudaError_t take_last_error() {
  cudaError_t e = last_error;
  last_error = cudaSuccess;
  return e != cudaSuccess ? e : sticky.load();
}

cudaError_t peek_last_error() { return last_error != cudaSuccess ? last_error : sticky.load(); }

void reset_errors() {
  last_error = cudaSuccess;
  sticky.store(cudaSuccess);
  pending.store(cudaSuccess);
}

}  // namespace cusim::backend
