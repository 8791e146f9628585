// A European call option priced by Monte Carlo with cuRAND's device API, as finance tutorials
// write it: each thread draws terminal prices S_T = S_0 exp((r - sigma^2/2) T + sigma sqrt(T) Z)
// with curand_log_normal_double and sums the payoffs max(S_T - K, 0); the host adds the sums in
// thread order and discounts. cusim's double log-normals are the GPU's bit for bit, the payoff
// is written as the one fused multiply-add nvcc makes of S_0 * v - K, and the sums are added in
// a fixed order, so both backends print the same digits (compared on an H200, docs/RUNTIME.md).
// The Black-Scholes formula's price is printed beside it.
#include <curand_kernel.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cuda_check.hpp"

struct Option {
  double spot, strike, rate, volatility, years;
};

__global__ void payoffs(Option o, unsigned long long seed, int paths, double* sums) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandStateXORWOW_t state;
  curand_init(seed, id, 0, &state);
  const double drift = (o.rate - 0.5 * o.volatility * o.volatility) * o.years;
  const double spread = o.volatility * sqrt(o.years);
  double sum = 0.0;
  for (int i = 0; i < paths; ++i) {
    const double growth = curand_log_normal_double(&state, drift, spread);
    sum += fmax(fma(o.spot, growth, -o.strike), 0.0);
  }
  sums[id] = sum;
}

double black_scholes_call(const Option& o) {
  const double d1 = (std::log(o.spot / o.strike) + (o.rate + 0.5 * o.volatility * o.volatility) * o.years) /
                    (o.volatility * std::sqrt(o.years));
  const double d2 = d1 - o.volatility * std::sqrt(o.years);
  const auto phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  return o.spot * phi(d1) - o.strike * std::exp(-o.rate * o.years) * phi(d2);
}

int main() {
  const Option option{100.0, 105.0, 0.03, 0.2, 1.0};
  const int blocks = 32, threads = 128, paths = 1000;
  const int n = blocks * threads;
  double* sums = nullptr;
  CUDA_CHECK(cudaMalloc(&sums, n * sizeof(double)));
  payoffs<<<blocks, threads>>>(option, 2026, paths, sums);
  CUDA_CHECK(cudaGetLastError());
  std::vector<double> host(n);
  CUDA_CHECK(cudaMemcpy(host.data(), sums, n * sizeof(double), cudaMemcpyDeviceToHost));
  double total = 0.0;
  for (double s : host) total += s;
  const double mean = total / (static_cast<double>(n) * paths);
  std::printf("mean payoff over %d paths: %.12f\n", n * paths, mean);
  std::printf("call price %.6f (Black-Scholes %.6f)\n", mean * std::exp(-option.rate * option.years),
              black_scholes_call(option));
  CUDA_CHECK(cudaFree(sums));
  return 0;
}
