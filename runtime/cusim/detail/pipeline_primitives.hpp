// The pipeline primitives of CUDA's <cuda_pipeline_primitives.h>: asynchronous copies of 4, 8 or
// 16 bytes from global to shared memory, committed in batches and waited for. Each copy is
// cp.async's (inline_ptx.hpp: cusim::ptx::cp_async), made at the call as an access of the calling
// thread, so a batch is complete before any wait and the waits have nothing left to do; the
// checkers still see another thread's read of the destination without a barrier as the race it is.
// A size other than 4, 8 or 16, or a zero-fill larger than the size, traps, as CUDA's does.
#pragma once
#include <cstddef>
#include <source_location>

#include "cusim/detail/kernel_api.hpp"

// The translator's parse reads these as CUDA declares them: __device__ (here __host__ __device__).
#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

inline void __pipeline_memcpy_async(void* dst_shared, const void* src_global, std::size_t size_and_align,
                                    std::size_t zfill = 0,
                                    std::source_location site = std::source_location::current()) {
  if (zfill > size_and_align) __trap(site);
  const auto bytes = static_cast<std::uint32_t>(size_and_align - zfill);
  char* const to = static_cast<char*>(dst_shared);
  const char* const from = static_cast<const char*>(src_global);
  switch (size_and_align) {
    case 4: return cusim::ptx::cp_async<4>(to, from, bytes);
    case 8: return cusim::ptx::cp_async<8>(to, from, bytes);
    case 16: return cusim::ptx::cp_async<16>(to, from, bytes);
    default: __trap(site);
  }
}
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(std::size_t) {}

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
