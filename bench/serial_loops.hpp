// The serial baselines of the E1 benchmarks: the same work as each kernel in bench/kernels.cu, as
// a plain loop on one core (bench_engine times the simulator against them; bench_floors times the
// floors of thread-at-a-time execution against them). noinline keeps each loop as compiled on its
// own, with nothing hoisted across timed runs. aligned(64) fixes where each loop's code falls
// relative to the cache lines and fetch blocks: without it the same serial matmul took 4.6 ms in
// one build of bench_engine and 5.5 ms in another that differed only in engine code (session 10),
// which moved its ratio by a fifth. Aligned, every build times the same loop (the faster layout).
#pragma once
#include <cstddef>

namespace serial_loops {

[[gnu::noinline, gnu::aligned(64)]] inline void serial_vector_add(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

[[gnu::noinline, gnu::aligned(64)]] inline void serial_square(const float* in, float* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = in[i] * in[i];
}

[[gnu::noinline, gnu::aligned(64)]] inline void serial_histogram(const unsigned char* in, unsigned* bins, int n) {
  for (int b = 0; b < 256; ++b) bins[b] = 0;
  for (int i = 0; i < n; ++i) ++bins[in[i]];
}

// The cache-friendly i-k-j order.
[[gnu::noinline, gnu::aligned(64)]] inline void serial_matmul(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i) {
    float* ci = c + std::size_t(i) * n;
    for (int j = 0; j < n; ++j) ci[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float aik = a[std::size_t(i) * n + k];
      const float* bk = b + std::size_t(k) * n;
      for (int j = 0; j < n; ++j) ci[j] += aik * bk[j];
    }
  }
}

[[gnu::noinline, gnu::aligned(64)]] inline float serial_sum(const float* in, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += in[i];
  return s;
}

}  // namespace serial_loops
