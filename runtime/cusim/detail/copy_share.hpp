// One thread's share of a copy that a group of threads makes together (cuda::memcpy_async,
// cg::memcpy_async): the running thread, number `rank` of `size`, copies the units rank,
// rank + size, ... of the bytes, each unit one access of the kernel. A unit is a word of the
// copy's alignment (at most 16 bytes, as CUDA's vector types are) when that divides the size, else
// a byte; so the checkers hold each word to its alignment, as the GPU's copy does.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cusim/detail/inline_ptx.hpp"

namespace cusim::detail {

template <std::size_t Align>
void copy_share(void* destination, const void* source, std::size_t bytes, unsigned long long rank,
                unsigned long long size) {
  auto* d = static_cast<unsigned char*>(destination);
  const auto* s = static_cast<const unsigned char*>(source);
  if constexpr (Align >= 4) {
    constexpr std::size_t unit = Align < 16 ? Align : 16;
    using Word = typename ::cusim::ptx::CudaVector<std::uint32_t, unit / 4>::type;
    if (bytes % unit == 0) {
      for (std::size_t i = rank; i < bytes / unit; i += size)
        reinterpret_cast<Word*>(d)[i] = reinterpret_cast<const Word*>(s)[i];
      return;
    }
  }
  for (std::size_t i = rank; i < bytes; i += size) d[i] = s[i];
}

}  // namespace cusim::detail
