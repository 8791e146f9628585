// CUDA's error bookkeeping: the per-host-thread last error, sticky errors that poison the
// context until cudaDeviceReset, and execution errors waiting for the next synchronising call.
#pragma once
#include "cusim/detail/types.hpp"

namespace cusim::backend {

// Records `e` as this host thread's last error (unless it is cudaSuccess) and returns it.
cudaError_t record(cudaError_t e);
// The sticky error, or cudaSuccess.
cudaError_t sticky_error();
// An error raised while a launch executed: sticky ones stay until reset; others are reported
// once, by the next synchronising call.
void raise_execution_error(cudaError_t e, bool sticky);
// What a synchronising call reports: the sticky error, else a pending execution error (consumed).
cudaError_t take_execution_error();
cudaError_t take_last_error();
cudaError_t peek_last_error();
void reset_errors();

}  // namespace cusim::backend
