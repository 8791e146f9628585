// Timing a kernel with CUDA events (seed 003).
//
// A launch returns before the kernel has run, so a host clock read around it measures only the
// launch. Events are recorded into the stream instead: the stop event completes when everything
// before it in the stream has, cudaEventSynchronize waits for it, and cudaEventElapsedTime gives
// the milliseconds between the two. As in the seed, the kernel squares each element of a matrix
// with 16x16 blocks, and is run a few times to warm up before the timed run. (On the simulator the
// time is that of the simulated kernel on the CPU, not of a GPU.)
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.hpp"

__global__ void square_matrix(const float* matrix, float* result, int width, int height) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < height && col < width) {
    const int idx = row * width + col;
    result[idx] = matrix[idx] * matrix[idx];
  }
}

// Squares a width x height matrix on the device; returns the result.
std::vector<float> square_on_device(const std::vector<float>& m, int width, int height, float* elapsed_ms,
                                    int warmups) {
  const std::size_t bytes = m.size() * sizeof(float);
  float *d_m = nullptr, *d_r = nullptr;
  CUDA_CHECK(cudaMalloc(&d_m, bytes));
  CUDA_CHECK(cudaMalloc(&d_r, bytes));
  CUDA_CHECK(cudaMemcpy(d_m, m.data(), bytes, cudaMemcpyHostToDevice));
  const dim3 block(16, 16);
  const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);

  for (int w = 0; w < warmups; ++w) square_matrix<<<grid, block>>>(d_m, d_r, width, height);
  CUDA_CHECK(cudaGetLastError());

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, 0));
  square_matrix<<<grid, block>>>(d_m, d_r, width, height); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop, 0));
  CUDA_CHECK(cudaEventSynchronize(stop));  // the kernel before `stop` has finished
  CUDA_CHECK(cudaEventElapsedTime(elapsed_ms, start, stop));

  std::vector<float> r(m.size());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(r.data(), d_r, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_m));
  CUDA_CHECK(cudaFree(d_r));
  return r;
}

int main() {
  // The seed's small case: [[1, 2, 3], [4, 5, 6]].
  float small_ms = 0.0f;
  const std::vector<float> small = {1, 2, 3, 4, 5, 6};
  const std::vector<float> s = square_on_device(small, 3, 2, &small_ms, 0);
  std::printf("[[%g, %g, %g], [%g, %g, %g]]\n", s[0], s[1], s[2], s[3], s[4], s[5]);
  int wrong = 0;
  for (int i = 0; i < 6; ++i) wrong += s[i] != small[i] * small[i];

  // A larger matrix whose sides are not multiples of 16, timed after 5 warm-up runs.
  const int width = 1000, height = 700;
  std::vector<float> m(static_cast<std::size_t>(width) * height);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<float>(i % 1024) * 0.125f - 64.0f;
  float ms = 0.0f;
  const std::vector<float> r = square_on_device(m, width, height, &ms, 5);
  for (std::size_t i = 0; i < m.size(); ++i) wrong += r[i] != m[i] * m[i];

  std::printf("square_matrix %dx%d, 16x16 blocks: elapsed %.3f ms (cudaEventElapsedTime), %d wrong\n", width,
              height, ms, wrong);
  if (!(ms > 0.0f)) std::printf("elapsed time is not positive\n");
  return wrong == 0 && ms > 0.0f ? 0 : 1;
}
