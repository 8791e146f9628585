// Shared by the plain-CUDA corpus (tests/plain_cuda/README.md): a runtime-call check and a
// result line, in plain CUDA, for nvcc and cusim alike.
#pragma once
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

// Prints "<name>: ok" or "<name>: WRONG (<got> != <want>)".
inline void report(const char* name, long long got, long long want) {
  if (got == want) std::printf("%s: ok\n", name);
  else std::printf("%s: WRONG (%lld != %lld)\n", name, got, want);
}
