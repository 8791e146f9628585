// The benchmarks' input generator: a deterministic stream of pseudo-random 64-bit values
// (splitmix64). bench_engine and ocl_bench share it, so both sides of the Oclgrind comparison
// compute on the same inputs.
#pragma once
#include <cstdint>

namespace bench {

struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  float unit() { return static_cast<float>(next() >> 40) * 0x1p-24f; }  // [0, 1)
};

}  // namespace bench
