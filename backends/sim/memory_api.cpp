// cudaMalloc and friends, cudaMemcpy, cudaMemset and the symbol copies.
#include <cstring>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "cusim/detail/host_api.hpp"

using cusim::backend::AllocKind;
using cusim::backend::record;

namespace {
// A range that starts inside a recorded allocation must end inside it too.
bool range_ok(const void* p, std::size_t n) {
  bool known = false;
  return cusim::backend::within_allocation(p, n, &known) || !known;
}
}  // namespace

cudaError_t cudaMalloc(void** devPtr, std::size_t size) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  return record(cusim::backend::allocate(devPtr, size, AllocKind::device));
}
cudaError_t cudaMallocManaged(void** devPtr, std::size_t size, unsigned int) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  return record(cusim::backend::allocate(devPtr, size, AllocKind::managed));
}
cudaError_t cudaMallocHost(void** ptr, std::size_t size) { return record(cusim::backend::allocate(ptr, size, AllocKind::host)); }
cudaError_t cudaFree(void* devPtr) { return record(cusim::backend::release(devPtr, AllocKind::device)); }
cudaError_t cudaFreeHost(void* ptr) { return record(cusim::backend::release(ptr, AllocKind::host)); }

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (count == 0) return cudaSuccess;
  if (!dst || !src || !range_ok(dst, count) || !range_ok(src, count)) return record(cudaErrorInvalidValue);
  std::memmove(dst, src, count);
  return record(cusim::backend::take_execution_error());
}

cudaError_t cudaMemset(void* devPtr, int value, std::size_t count) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (count == 0) return cudaSuccess;
  if (!devPtr || !range_ok(devPtr, count)) return record(cudaErrorInvalidValue);
  std::memset(devPtr, value, count);
  return cudaSuccess;
}

namespace cusim::detail {
cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, void* host, std::size_t count, std::size_t offset,
                        cudaMemcpyKind kind, bool to_symbol) {
  if (cudaError_t s = cusim::backend::sticky_error()) return record(s);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return record(cudaErrorInvalidMemcpyDirection);
  if (offset > symbol_size || count > symbol_size - offset) return record(cudaErrorInvalidValue);
  if (count == 0) return cudaSuccess;
  if (!host) return record(cudaErrorInvalidValue);
  char* at = static_cast<char*>(symbol) + offset;
  if (to_symbol) std::memcpy(at, host, count);
  else std::memcpy(host, at, count);
  return cudaSuccess;
}
}  // namespace cusim::detail
