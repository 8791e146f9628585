// CUDA_CHECK(call): stop the example with the call, CUDA's error name and text if a runtime call
// fails. Shared by the examples; plain CUDA, so it works the same on the simulator and a GPU.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                                             \
  do {                                                                                               \
    const cudaError_t err_ = (call);                                                                 \
    if (err_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call,                 \
                   cudaGetErrorName(err_), cudaGetErrorString(err_));                                \
      std::exit(1);                                                                                  \
    }                                                                                                \
  } while (0)
