// cuRAND's Poisson distribution for XORWOW, Philox4_32_10 and MRG32k3a, included by
// <curand_kernel.h>, by cuRAND's three methods: below lambda 64 Knuth's (multiply uniforms into
// e^lambda until the product falls to 1), above 4000 a rounded normal (sqrt(lambda) n + lambda),
// between them a rejection method built on an approximation of the regularized incomplete gamma
// function. The first two give the GPU's numbers (the normal's bits are exact; e^lambda is CUDA's
// expf, whose last step is the special-function unit's). The rejection method calls the
// special-function unit by name (rsqrt, ex2, lg2 and rcp approximations), which cusim models bit
// for bit (sfu.hpp), so it gives the GPU's numbers too.
#pragma once

#include <cusim/detail/curand_normal.hpp>
#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <cmath>

namespace cusim::curand_detail {

template <class State>
__device__ inline unsigned int poisson_knuth(State* s, float e_lambda) {
  unsigned int k = 0;
  float p = e_lambda;
  do {
    ++k;
    p *= curand_uniform(s);
  } while (p > 1.0);
  return k - 1;
}

// cuRAND's __cr_exp and __cr_log: the special-function unit's ex2 and lg2 (sfu.hpp), the products by
// log2(e) and ln(2) in double, as cuRAND writes them. cuRAND's functions are __forceinline__: with
// a literal lambda, what depends on lambda alone is a constant that the GPU's compiler evaluates
// (sfu.hpp), so these, gamma_fit's constructor and curand_poisson are always inlined here too.
[[gnu::always_inline]] __device__ inline float sfu_exp(float a) {
  return cusim::sfu::ex2(static_cast<float>(a * 1.4426950408889634074));
}
[[gnu::always_inline]] __device__ inline float sfu_log(float a) {
  return static_cast<float>(cusim::sfu::lg2(a) * 0.69314718055994530942);
}

// The parametrization's constants and its second-level terms, which depend on lambda only.
struct gamma_fit {
  float alpha, beta, alpha_reciprocal;
  [[gnu::always_inline]] __device__ explicit gamma_fit(float a)
      : alpha(std::fma(1.43248035075540910f, cusim::sfu::rsqrt(a - 0.12400979329415655f), 0.00025361074907033f)),
        beta(std::fma(0.21096734870196546f, cusim::sfu::rsqrt(a - 1.97381164089999420f), 0.94201734077887530f)),
        alpha_reciprocal(cusim::sfu::rcp(alpha)) {}
  // The regularized incomplete gamma function P(a, x), approximated.
  __device__ float p(float a, float x) const {
    float t = std::fma(alpha, a - x, -beta);
    t = 1.0f + sfu_exp(t);
    return cusim::sfu::rcp(t * t);
  }
  // Its inverse in x.
  __device__ float inverse(float a, float y) const {
    const float t = beta + sfu_log(cusim::sfu::rsqrt(y) - 1.0f);
    return std::fma(-t, alpha_reciprocal, a);
  }
};

// log((a-1)!) for a >= 1: a table to 8, above it Stirling's series (Hart et al., approximation 5404).
__device__ inline double lgamma_integer(int a) {
  static constexpr double table[] = {0.0, 0.0, 6.931471805599453094e-1, 1.791759469228055001e0,
                                     3.178053830347945620e0, 4.787491742782045994e0, 6.579251212010100995e0,
                                     8.525161361065414300e0, 1.060460290274525023e1};
  const double fa = std::fabs(static_cast<float>(a));
  if (a <= 8) return table[static_cast<int>(fa) - 1];
  const double s = 1.0 / fa, t = s * s;
  double sum = -0.1633436431e-2;
  sum = std::fma(sum, t, 0.83645878922e-3);
  sum = std::fma(sum, t, -0.5951896861197e-3);
  sum = std::fma(sum, t, 0.793650576493454e-3);
  sum = std::fma(sum, t, -0.277777777735865004e-2);
  sum = std::fma(sum, t, 0.833333333333331018375e-1);
  sum = std::fma(sum, s, 0.918938533204672);
  const double half_log = 0.5 * libdevice::log(fa);
  return std::fma(half_log, fa - 0.5, -fa) + std::fma(half_log, fa - 0.5, sum);
}

template <class State>
__device__ inline unsigned int poisson_rejection(State* s, float lambda, float log_lambda, const gamma_fit& fit) {
  for (;;) {
    const float x = std::floor(fit.inverse(lambda, curand_uniform(s)));
    const float v = (fit.p(lambda, x + 1.0f) - fit.p(lambda, x)) * 1.3f;
    const float z = curand_uniform(s) * v;
    const float t = sfu_exp(std::fma(x, log_lambda, -lambda) - static_cast<float>(lgamma_integer(static_cast<int>(1.0f + x))));
    if (z < t && v >= 1e-20) return static_cast<unsigned int>(x);
  }
}

__device__ inline unsigned int poisson_from_normal(double lambda, double n) {
  return static_cast<unsigned int>(std::fma(std::sqrt(lambda), n, lambda) + 0.5);
}

}  // namespace cusim::curand_detail

template <cusim::curand_detail::box_muller_state State>
[[gnu::always_inline]] __device__ inline unsigned int curand_poisson(State* state, double lambda) {
  using namespace cusim::curand_detail;
  const float l = static_cast<float>(lambda);
  if (lambda < 64) return poisson_knuth(state, cusim::curand_detail::expf(l));
  if (lambda > 4000) return poisson_from_normal(lambda, curand_normal_double(state));
  return poisson_rejection(state, l, sfu_log(l), gamma_fit(l));
}

[[gnu::always_inline]] __device__ inline uint4 curand_poisson4(curandStatePhilox4_32_10_t* state, double lambda) {
  using namespace cusim::curand_detail;
  const float l = static_cast<float>(lambda);
  uint4 k;
  if (lambda < 64) {
    const float e_lambda = cusim::curand_detail::expf(l);
    k.x = poisson_knuth(state, e_lambda);
    k.y = poisson_knuth(state, e_lambda);
    k.z = poisson_knuth(state, e_lambda);
    k.w = poisson_knuth(state, e_lambda);
  } else if (lambda > 4000) {
    const double4 n = curand_normal4_double(state);
    k = uint4{poisson_from_normal(lambda, n.x), poisson_from_normal(lambda, n.y), poisson_from_normal(lambda, n.z),
              poisson_from_normal(lambda, n.w)};
  } else {
    const float log_lambda = sfu_log(l);
    const gamma_fit fit(l);
    k.x = poisson_rejection(state, l, log_lambda, fit);
    k.y = poisson_rejection(state, l, log_lambda, fit);
    k.z = poisson_rejection(state, l, log_lambda, fit);
    k.w = poisson_rejection(state, l, log_lambda, fit);
  }
  return k;
}
