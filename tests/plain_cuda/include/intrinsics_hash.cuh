// Shared by the corpus's intrinsic programs (53_integer_intrinsics.cu, 54_rounding_intrinsics.cu,
// 57_fast_math_intrinsics.cu): deterministic inputs, results as 64-bit words hashed with FNV-1a,
// and golden hashes recorded on a GPU.
//
// Each program applies every intrinsic of its list to kN inputs (special values first, then a
// pseudo-random set), one launch per intrinsic, and compares the hash of the results with the one
// recorded on an H100 (sm_90). Built with -DRECORD_GOLDENS it prints the hashes as the table's
// lines instead, and with DUMP_DIR set in the environment writes each intrinsic's raw results to
// DUMP_DIR/<name>.bin too (for finding which inputs differ).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "check.cuh"

constexpr int kN = 1 << 15;

// splitmix64: the pseudo-random inputs, the same on every backend.
inline unsigned long long mix64(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Results as 64-bit words: a 32-bit result zero-extended, a float by its bits.
__host__ __device__ inline unsigned long long word(int v) { return static_cast<unsigned int>(v); }
__host__ __device__ inline unsigned long long word(unsigned int v) { return v; }
__host__ __device__ inline unsigned long long word(long v) { return static_cast<unsigned long long>(v); }
__host__ __device__ inline unsigned long long word(unsigned long v) { return v; }
__host__ __device__ inline unsigned long long word(long long v) { return static_cast<unsigned long long>(v); }
__host__ __device__ inline unsigned long long word(unsigned long long v) { return v; }
__host__ __device__ inline unsigned long long word(float v) {
  unsigned int u;
  memcpy(&u, &v, sizeof u);
  return u;
}
__host__ __device__ inline unsigned long long word(double v) {
  unsigned long long u;
  memcpy(&u, &v, sizeof u);
  return u;
}

struct Golden {
  const char* name;
  unsigned long long hash;
};

// Compares the results of intrinsic `name` with its golden hash (or records it); returns 1 if
// they differ.
inline int check_hash(const char* name, const unsigned long long* results, const Golden* goldens, int count) {
  const unsigned long long h = fnv1a(results, sizeof(unsigned long long) * kN);
#ifdef RECORD_GOLDENS
  (void)goldens;
  (void)count;
  std::printf("    {\"%s\", 0x%016llxull},\n", name, h);
  if (const char* dir = std::getenv("DUMP_DIR")) {
    char path[512];
    std::snprintf(path, sizeof path, "%s/%s.bin", dir, name);
    if (FILE* f = std::fopen(path, "wb")) {
      std::fwrite(results, sizeof *results, kN, f);
      std::fclose(f);
    }
  }
  return 0;
#else
  for (int i = 0; i < count; ++i)
    if (std::strcmp(goldens[i].name, name) == 0) {
      if (goldens[i].hash == h) return 0;
      std::printf("  %s: results hash to 0x%016llx, the GPU's to 0x%016llx\n", name, h, goldens[i].hash);
      return 1;
    }
  std::printf("  %s: no golden hash\n", name);
  return 1;
#endif
}

// Checks every intrinsic of a list (check.cuh's report() gives the lines): run(op) applies intrinsic `op` to the inputs, its results in
// `results`; each run of intrinsics of one group (groups[op]) gives one report line.
template <class Run>
void check_groups(int count, const char* const* names, const char* const* groups, const unsigned long long* results,
                  const Golden* goldens, int golden_count, Run run) {
  long long wrong = 0;
  for (int op = 0; op < count; ++op) {
    run(op);
    wrong += check_hash(names[op], results, goldens, golden_count);
    if (op + 1 == count || std::strcmp(groups[op], groups[op + 1]) != 0) {
#ifndef RECORD_GOLDENS
      report(groups[op], wrong, 0);
#endif
      wrong = 0;
    }
  }
}
