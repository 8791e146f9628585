// A Monte-Carlo estimate of pi with cuRAND's device API, as tutorials write it: each thread sets up
// its own XORWOW state on the subsequence of its index, draws points in the unit square and
// counts those inside the quarter circle; the host adds the counts up. cusim's cuRAND gives the
// GPU's numbers bit for bit, and the test x*x + y*y <= 1 is written as the one fused multiply-add
// that nvcc makes of it by default, so both backends count the same points and print the same
// digits (compared on an H100, docs/RUNTIME.md).
#include <curand_kernel.h>

#include <cstdio>

#include "cuda_check.hpp"

__global__ void setup(curandState* states, unsigned long long seed) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void count_inside(curandState* states, int draws, unsigned long long* inside) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];  // a copy in registers, as cuRAND's guide advises
  unsigned long long hits = 0;
  for (int i = 0; i < draws; ++i) {
    const float x = curand_uniform(&local);
    const float y = curand_uniform(&local);
    if (fmaf(x, x, y * y) <= 1.0f) ++hits;
  }
  states[id] = local;
  atomicAdd(inside, hits);
}

int main() {
  const int blocks = 32, threads = 128, draws = 1000;
  const int n = blocks * threads;
  curandState* states = nullptr;
  unsigned long long* inside = nullptr;
  CUDA_CHECK(cudaMalloc(&states, n * sizeof(curandState)));
  CUDA_CHECK(cudaMalloc(&inside, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(inside, 0, sizeof(unsigned long long)));
  setup<<<blocks, threads>>>(states, 2026);
  CUDA_CHECK(cudaGetLastError());
  count_inside<<<blocks, threads>>>(states, draws, inside);
  CUDA_CHECK(cudaGetLastError());
  unsigned long long hits = 0;
  CUDA_CHECK(cudaMemcpy(&hits, inside, sizeof hits, cudaMemcpyDeviceToHost));
  const unsigned long long points = static_cast<unsigned long long>(n) * draws;
  std::printf("%llu of %llu points inside: pi is about %.10f\n", hits, points, 4.0 * double(hits) / double(points));
  CUDA_CHECK(cudaFree(inside));
  CUDA_CHECK(cudaFree(states));
  return 0;
}
