// Two streams ordered by an event (seed 004).
//
// Stream one clears x, fills it (kernel A), records an event, then runs kernel B, which reads x
// into y. Stream two waits on the event, then runs kernel C, which reads x (A's result) into z, and
// copies z to pinned host memory. Work on different streams may run in any order or at once; the
// event is the only thing that makes C wait for A. B and C both only read x, so they may overlap.
// Without cudaStreamWaitEvent, C could read x before A wrote it (zeros, or whatever was there).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.hpp"

__global__ void fill(int* x, int n) {  // A, on stream one
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = i + 1;
}

__global__ void add_hundred(const int* x, int* y, int n) {  // B, on stream one after the event
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] + 100;
}

__global__ void times_three(const int* x, int* z, int n) {  // C, on stream two after the event
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = 3 * x[i];
}

int main() {
  const int n = 100000, threads = 256, blocks = (n + threads - 1) / threads;
  const std::size_t bytes = n * sizeof(int);
  int *d_x = nullptr, *d_y = nullptr, *d_z = nullptr, *h_z = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, bytes));
  CUDA_CHECK(cudaMalloc(&d_y, bytes));
  CUDA_CHECK(cudaMalloc(&d_z, bytes));
  CUDA_CHECK(cudaMallocHost(&h_z, bytes));  // pinned, so the copy on stream two is asynchronous

  cudaStream_t one, two;
  cudaEvent_t x_ready;
  CUDA_CHECK(cudaStreamCreate(&one));
  CUDA_CHECK(cudaStreamCreateWithFlags(&two, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreateWithFlags(&x_ready, cudaEventDisableTiming));  // only for ordering

  // Stream one: clear x, A, the event, B.
  CUDA_CHECK(cudaMemsetAsync(d_x, 0, bytes, one));
  fill<<<blocks, threads, 0, one>>>(d_x, n); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(x_ready, one));
  add_hundred<<<blocks, threads, 0, one>>>(d_x, d_y, n); CUDA_CHECK(cudaGetLastError());

  // Stream two: wait for the event (A done), C, copy z back.
  CUDA_CHECK(cudaStreamWaitEvent(two, x_ready, 0));
  times_three<<<blocks, threads, 0, two>>>(d_x, d_z, n); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(h_z, d_z, bytes, cudaMemcpyDeviceToHost, two));

  CUDA_CHECK(cudaStreamSynchronize(two));  // h_z is complete
  CUDA_CHECK(cudaStreamSynchronize(one));  // y is complete
  std::vector<int> y(n);
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, bytes, cudaMemcpyDeviceToHost));

  int wrong_z = 0, wrong_y = 0;
  for (int i = 0; i < n; ++i) {
    wrong_z += h_z[i] != 3 * (i + 1);
    wrong_y += y[i] != i + 1 + 100;
  }
  std::printf("stream two read stream one's result after the event: z[0] = %d, z[%d] = %d, %d wrong\n", h_z[0],
              n - 1, h_z[n - 1], wrong_z);
  std::printf("stream one's second kernel: y[0] = %d, y[%d] = %d, %d wrong\n", y[0], n - 1, y[n - 1], wrong_y);

  CUDA_CHECK(cudaEventDestroy(x_ready));
  CUDA_CHECK(cudaStreamDestroy(one));
  CUDA_CHECK(cudaStreamDestroy(two));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_z));
  CUDA_CHECK(cudaFreeHost(h_z));
  return wrong_z == 0 && wrong_y == 0 ? 0 : 1;
}
