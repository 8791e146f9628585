// clock() and clock64() in a kernel are the device's cycle counters (they advance while the
// kernel works, both by the same count), while host code's clock() stays the C library's.
// EXPECT: device_clock: ok
#include <ctime>

#include "check.cuh"

// clock64()'s interval encloses clock()'s: [0] is clock()'s count, [1] clock64()'s.
__global__ void timed(long long* out, float* sink) {
  const long long start64 = clock64();
  const clock_t start = clock();
  float v = threadIdx.x;
  for (int i = 0; i < 20000; ++i) v = v * 0.999f + 1.0f;
  sink[threadIdx.x] = v;
  const clock_t end = clock();
  out[1] = clock64() - start64;
  out[0] = static_cast<unsigned>(end) - static_cast<unsigned>(start);  // the counter is 32 bits: it may wrap
}

int main() {
  long long* out;
  float* sink;
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(long long)));
  CHECK_CUDA(cudaMallocManaged(&sink, sizeof(float)));
  const clock_t host_start = clock();
  // The two counts differ only by what happens between the paired reads: on a loaded machine the
  // OS may stop the thread there for longer than the loop takes, so the counts must agree within
  // a factor of two in one of five launches (a counter in another unit would in none), and the
  // enclosing one must never be the smaller (that needs no luck).
  long long wrong = 0, agreeing = 0;
  for (int trial = 0; trial < 5; ++trial) {
    timed<<<1, 1>>>(out, sink);
    CHECK_CUDA(cudaDeviceSynchronize());
    wrong += (out[0] <= 0) + (out[1] < out[0]);
    agreeing += out[1] <= 2 * out[0];
  }
  wrong += agreeing == 0;                                  // the same interval in the same unit: cycles
  wrong += clock() < host_start;                           // the host's processor time, not the device's
  wrong += clock() > host_start + 3600LL * CLOCKS_PER_SEC;  // (an hour of processor time would be the device's)
  report("device_clock", wrong, 0);
  return 0;
}
