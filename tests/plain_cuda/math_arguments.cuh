// What the math corpus programs (99, 100) share: 5 x 2^14 arguments of every size and sign, a
// kernel's results over them fetched, and a result line per function (its 64-bit FNV-1a hash), the
// raw results also written to a folder given as the program's argument, for comparison with the
// GPU's.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "check.cuh"

constexpr int kRanges = 5;
constexpr int kPerRange = 1 << 14;
constexpr int kCount = kRanges * kPerRange;

// kPerRange values of each range whose bit patterns step evenly from lo to hi, every other one
// negated: denormals; normal numbers below 1; [1, 8); [8, 2^64); 2^64 and beyond, infinity and
// NaNs.
constexpr std::uint32_t kFloatRanges[kRanges][2] = {{0x00000001u, 0x007fffffu}, {0x00800000u, 0x3f7fffffu},
                                                     {0x3f800000u, 0x40ffffffu}, {0x41000000u, 0x5f7fffffu},
                                                     {0x5f800000u, 0x7fffffffu}};
constexpr std::uint64_t kDoubleRanges[kRanges][2] = {
    {0x0000000000000001ull, 0x000fffffffffffffull}, {0x0010000000000000ull, 0x3fefffffffffffffull},
    {0x3ff0000000000000ull, 0x401fffffffffffffull}, {0x4020000000000000ull, 0x43efffffffffffffull},
    {0x43f0000000000000ull, 0x7fffffffffffffffull}};
template <class T>
std::vector<T> arguments() {
  using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const auto& ranges = [] () -> const U (&)[kRanges][2] {
    if constexpr (sizeof(T) == 4) return kFloatRanges;
    else return kDoubleRanges;
  }();
  std::vector<T> v(kCount);
  for (int r = 0; r < kRanges; ++r)
    for (int i = 0; i < kPerRange; ++i) {
      const U lo = ranges[r][0], hi = ranges[r][1];
      U b = lo + static_cast<U>(static_cast<unsigned __int128>(hi - lo) * i / (kPerRange - 1));
      if (i & 1) b |= U{1} << (8 * sizeof(U) - 1);
      std::memcpy(&v[r * kPerRange + i], &b, sizeof(T));
    }
  return v;
}

// `kernel` run over `args` (kCount threads), and its `outputs` x kCount results.
template <class T, class R = T>
std::vector<R> run(void (*kernel)(const T*, R*), const std::vector<T>& args, int outputs) {
  T* a;
  R* out;
  CHECK_CUDA(cudaMalloc(&a, kCount * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&out, outputs * kCount * sizeof(R)));
  CHECK_CUDA(cudaMemset(out, 0, outputs * kCount * sizeof(R)));
  CHECK_CUDA(cudaMemcpy(a, args.data(), kCount * sizeof(T), cudaMemcpyHostToDevice));
  kernel<<<kCount / 256, 256>>>(a, out);
  CHECK_CUDA(cudaGetLastError());
  std::vector<R> r(outputs * kCount);
  CHECK_CUDA(cudaMemcpy(r.data(), out, r.size() * sizeof(R), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(out));
  return r;
}

// "host: <name> fnv 0x...", and the raw results to <folder>/<name>.bin if a folder is given.
template <class T>
void print(const char* folder, const char* name, const T* results) {
  if (folder) {
    char path[512];
    std::snprintf(path, sizeof path, "%s/%s.bin", folder, name);
    if (FILE* f = std::fopen(path, "wb")) {
      std::fwrite(results, sizeof(T), kCount, f);
      std::fclose(f);
    }
  }
  std::printf("host: %s fnv 0x%016llx\n", name, (unsigned long long)fnv1a(results, kCount * sizeof(T)));
}
