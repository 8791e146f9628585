// cg::memcpy_async and cg::wait (CUDA's <cooperative_groups/memcpy_async.h>). The group's threads
// copy the bytes together, member r taking the elements r, r + size, r + 2 * size...; wait(g) is
// the group's sync(), after which the copy is complete and visible to the whole group. On the
// simulator each member's share is copied at the call, as accesses of that member, so the
// checkers see a read of the destination by another member before wait() as the race it is on
// the GPU (where the copy may still be in flight).
#pragma once
#include <cstddef>
#include <source_location>

#include "cusim/detail/cooperative_groups.hpp"
#include "cusim/detail/copy_share.hpp"

// The translator's parse reads these as CUDA declares them: __host__ __device__.
#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

namespace cooperative_groups {

template <class Group, class T>
void memcpy_async(const Group& g, T* dst, const T* src, std::size_t bytes) {
  const unsigned long long rank = g.thread_rank(), size = g.num_threads();
  // An element of a word's size is such a word, copied as one access of its size.
  constexpr bool word = sizeof(T) == alignof(T) && (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16);
  if constexpr (!word) {
    if (bytes % sizeof(T) == 0) {
      for (std::size_t i = rank; i < bytes / sizeof(T); i += size) dst[i] = src[i];
      return;
    }
  }
  cusim::detail::copy_share<word ? alignof(T) : 1>(dst, src, bytes, rank, size);
}
template <class Group>
void memcpy_async(const Group& g, void* dst, const void* src, std::size_t bytes) {
  memcpy_async(g, static_cast<unsigned char*>(dst), static_cast<const unsigned char*>(src), bytes);
}

template <class Group>
void wait(const Group& g, std::source_location site = std::source_location::current()) {
  g.sync(site);
}
template <unsigned int NumStages, class Group>
void wait_prior(const Group& g, std::source_location site = std::source_location::current()) {
  g.sync(site);
}

}  // namespace cooperative_groups

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
