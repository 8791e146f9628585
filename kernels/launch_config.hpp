// Launch-configuration arithmetic shared by the kernel library's launch helpers.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

// Blocks of `threads` needed to give each of n items its own thread (0 for n <= 0).
inline unsigned blocks_for(long long n, unsigned threads) {
  return n <= 0 ? 0u : static_cast<unsigned>((n + threads - 1) / threads);
}

// A grid for grid-stride loops: enough blocks to fill the device (a few per multiprocessor), never
// more than the items need. Asking the device keeps the helper right on any GPU and on the
// simulator's device profiles.
inline unsigned grid_stride_blocks(long long n, unsigned threads, unsigned blocks_per_sm = 4) {
  int sms = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess || sms <= 0) sms = 16;
  const unsigned cap = blocks_per_sm * static_cast<unsigned>(sms);
  const unsigned need = blocks_for(n, threads);
  return need < cap ? need : cap;
}

}  // namespace cusim::kernels
