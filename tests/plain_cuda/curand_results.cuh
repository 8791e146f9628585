// The corpus's cuRAND host-API programs' common step: the results of a new generator.
#pragma once

#include <cuda_runtime.h>
#include <curand.h>

#include <cstddef>
#include <vector>

#include "check.cuh"

// A new generator of `type` (curandCreateGeneratorHost's for a host generator), set up by
// `setup(g)` (a seed, dimensions...), then `generate(g, where)` making `count` results of type T
// into device memory (host memory for a host generator); the results, read back.
template <class T, class Setup, class Generate>
std::vector<T> generator_results(curandRngType_t type, bool host_generator, std::size_t count, Setup setup,
                                 Generate generate) {
  curandGenerator_t g;
  if (host_generator) CHECK_CURAND(curandCreateGeneratorHost(&g, type));
  else CHECK_CURAND(curandCreateGenerator(&g, type));
  setup(g);
  std::vector<T> v(count);
  T* where = v.data();
  if (!host_generator) CHECK_CUDA(cudaMalloc(&where, count * sizeof(T)));
  generate(g, where);
  if (!host_generator) {
    CHECK_CUDA(cudaMemcpy(v.data(), where, count * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaFree(where));
  }
  CHECK_CURAND(curandDestroyGenerator(g));
  return v;
}
