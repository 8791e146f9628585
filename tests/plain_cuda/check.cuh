// Shared by the plain-CUDA corpus (tests/plain_cuda/README.md): a runtime-call check and a
// result line, in plain CUDA, for nvcc and cusim alike.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(call)                                                                        \
  do {                                                                                          \
    const cudaError_t e_ = (call);                                                              \
    if (e_ != cudaSuccess) {                                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorName(e_), __FILE__, __LINE__);       \
      std::exit(2);                                                                             \
    }                                                                                           \
  } while (0)

// A cuRAND host call's check (expands only where a program uses it, after <curand.h>).
#define CHECK_CURAND(call)                                                              \
  do {                                                                                  \
    const curandStatus_t s_ = (call);                                                   \
    if (s_ != CURAND_STATUS_SUCCESS) {                                                  \
      std::printf("cuRAND error %d at %s:%d\n", int(s_), __FILE__, __LINE__);           \
      std::exit(2);                                                                     \
    }                                                                                   \
  } while (0)

// The 64-bit FNV-1a hash of n bytes: how a program prints a long run of values in one line.
inline std::uint64_t fnv1a(const void* p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const unsigned char* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

// Prints "<name>: ok" or "<name>: WRONG (<got> != <want>)".
inline void report(const char* name, long long got, long long want) {
  if (got == want) std::printf("%s: ok\n", name);
  else std::printf("%s: WRONG (%lld != %lld)\n", name, got, want);
}
