// clock() and clock64() in a kernel are the device's cycle counters (they advance while the
// kernel works, both by the same count), while host code's clock() stays the C library's.
// EXPECT: device_clock: ok
#include <ctime>

#include "check.cuh"

__global__ void timed(long long* out, float* sink) {
  const clock_t start = clock();
  const long long start64 = clock64();
  float v = threadIdx.x;
  for (int i = 0; i < 20000; ++i) v = v * 0.999f + 1.0f;
  sink[threadIdx.x] = v;
  out[0] = static_cast<long long>(clock() - start);
  out[1] = clock64() - start64;
}

int main() {
  long long* out;
  float* sink;
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&sink, sizeof(float)));
  const clock_t host_start = clock();
  timed<<<1, 1>>>(out, sink);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = (out[0] <= 0) + (out[1] <= 0);
  wrong += out[0] * 2 < out[1] || out[1] * 2 < out[0];   // the same interval in the same unit: cycles
  wrong += clock() < host_start;                           // the host's processor time, not the device's
  wrong += clock() > host_start + 3600LL * CLOCKS_PER_SEC;  // (an hour of processor time would be the device's)
  report("device_clock", wrong, 0);
  return 0;
}
