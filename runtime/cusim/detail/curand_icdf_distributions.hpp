// cuRAND's distributions for the generators that make one result from one value: MTGP32 and the
// Sobol quasi-random generators (32- and 64-bit, plain and scrambled), included by
// <curand_kernel.h>. Uniforms as for the other generators (a 64-bit value's high 32 bits for a
// float, its high 53 for a double); normals by the inverse of the normal distribution function,
// sqrt(2) erfcinv(2u), mirrored about 1/2 to keep precision (so a quasi-random sequence stays
// evenly spread); log-normals as exp of those; Poisson by inversion (a running sum of the
// probabilities, in steps of e^-500 for large lambda) below lambda 1000 and a rounded normal above.
// erfcinv, erfcinvf, exp and expf are CUDA's algorithms (libdevice_math.hpp): the double results
// are the GPU's bit for bit, and so are the float normals, whose logarithm and reciprocal square
// root are the special-function unit's (sfu.hpp).
#pragma once

#include <cusim/detail/curand_normal.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <cmath>
#include <source_location>
#include <type_traits>

#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

namespace cusim::curand_detail {

// The generators whose distributions are these, and the width of their values.
template <class State>
concept one_value_state =
    std::is_same_v<State, curandStateMtgp32_t> || std::is_same_v<State, curandStateSobol32_t> ||
    std::is_same_v<State, curandStateScrambledSobol32_t> || std::is_same_v<State, curandStateSobol64_t> ||
    std::is_same_v<State, curandStateScrambledSobol64_t>;

// (0, 1]: a 64-bit value's high 32 bits as uniform() takes a 32-bit one.
__device__ inline float uniform(unsigned long long x) { return uniform(static_cast<unsigned int>(x >> 32)); }
// (0, 1]: a 64-bit value's high 53 bits, plus half a step.
__device__ inline double uniform_double(unsigned long long x) {
  return std::fma(static_cast<double>(x >> 11), CURAND_2POW53_INV_DOUBLE, CURAND_2POW53_INV_DOUBLE / 2.0);
}

// Mirrored about 2^31: x in the upper half is the lower tail's, with the sign turned. cuRAND's
// sqrt(2) constants are negative, as erfcinv(2p) is positive below p = 1/2.
__device__ inline float normal_icdf(unsigned int x) {
  float s = CURAND_SQRT2;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  const float p = std::fma(static_cast<float>(x), CURAND_2POW32_INV, CURAND_2POW32_INV / 2.0f);
  return s * libdevice::erfcinvf(2.0f * p);
}
// A 64-bit value's float normal: its high 32 bits'.
__device__ inline float normal_icdf(unsigned long long x) { return normal_icdf(static_cast<unsigned int>(x >> 32)); }
__device__ inline double normal_icdf_double(unsigned int x) {
  double s = CURAND_SQRT2_DOUBLE;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  const double p = std::fma(static_cast<double>(x), CURAND_2POW32_INV_DOUBLE, CURAND_2POW32_INV_DOUBLE / 2.0);
  return s * libdevice::erfcinv(2.0 * p);
}
// A 64-bit value's double normal: its high 53 bits, mirrored about 2^52.
__device__ inline double normal_icdf_double(unsigned long long x) {
  double s = CURAND_SQRT2_DOUBLE;
  x >>= 11;
  if (x > 0x10000000000000ull) {
    x = 0x1fffffffffffffull - x;
    s = -s;
  }
  const double p = std::fma(static_cast<double>(x), CURAND_2POW53_INV_DOUBLE, CURAND_2POW53_INV_DOUBLE / 2.0);
  return s * libdevice::erfcinv(2.0 * p);
}

// u in (0, 1) for the inversion: a 32-bit value plus half a step, a 64-bit one's high 53 bits plus
// a quarter of a step (cuRAND's constants).
__device__ inline double uniform_excluding_one(unsigned int x) {
  return std::fma(static_cast<double>(x), CURAND_2POW32_INV_DOUBLE, CURAND_2POW32_INV_DOUBLE / 2.0);
}
__device__ inline double uniform_excluding_one(unsigned long long x) {
  return std::fma(static_cast<double>(x >> 11), CURAND_2POW53_INV_DOUBLE, CURAND_2POW53_INV_DOUBLE / 4.0);
}

// Inversion (Fishman): the smallest k whose cumulative probability reaches u. The probabilities
// are scaled by e^-500 at a time so that e^-lambda never underflows; the running sum takes each
// new term in one fused multiply-add, as nvcc compiles it.
template <class Value>
__device__ inline unsigned int poisson_inversion(Value x, double lambda) {
  const double u = uniform_excluding_one(x);
  double p = 1.0, q = 1.0;
  unsigned int k = 0;
  int scaled = 0;
  do {
    const double l = lambda > static_cast<double>(scaled + 500) ? libdevice::exp(-500.0)
                                                                 : libdevice::exp(static_cast<double>(scaled) - lambda);
    p *= l;
    q *= l;
    scaled += 500;
    while (u > q) {
      ++k;
      const double step = lambda / static_cast<double>(k);
      q = std::fma(p, step, q);
      p *= step;
    }
  } while (static_cast<double>(scaled) < lambda);
  return k;
}

// The next value: MTGP32's with the program's call as its barriers' site.
template <class State>
__device__ inline auto next_value(State* state, std::source_location site) {
  if constexpr (std::is_same_v<State, curandStateMtgp32_t>) return curand(state, site);
  else return curand(state);
}

}  // namespace cusim::curand_detail

#define CUSIM_CURAND_SITE std::source_location site = std::source_location::current()
template <cusim::curand_detail::one_value_state State>
__device__ inline float curand_uniform(State* state, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::uniform(cusim::curand_detail::next_value(state, site));
}
template <cusim::curand_detail::one_value_state State>
__device__ inline double curand_uniform_double(State* state, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::uniform_double(cusim::curand_detail::next_value(state, site));
}
template <cusim::curand_detail::one_value_state State>
__device__ inline float curand_normal(State* state, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::normal_icdf(cusim::curand_detail::next_value(state, site));
}
template <cusim::curand_detail::one_value_state State>
__device__ inline double curand_normal_double(State* state, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::normal_icdf_double(cusim::curand_detail::next_value(state, site));
}
template <cusim::curand_detail::one_value_state State>
__device__ inline float curand_log_normal(State* state, float mean, float stddev, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::log_normal_of(cusim::curand_detail::normal_icdf(cusim::curand_detail::next_value(state, site)),
                                             mean, stddev);
}
template <cusim::curand_detail::one_value_state State>
__device__ inline double curand_log_normal_double(State* state, double mean, double stddev, CUSIM_CURAND_SITE) {
  return cusim::curand_detail::log_normal_of(
      cusim::curand_detail::normal_icdf_double(cusim::curand_detail::next_value(state, site)), mean, stddev);
}
template <cusim::curand_detail::one_value_state State>
__device__ inline unsigned int curand_poisson(State* state, double lambda, CUSIM_CURAND_SITE) {
  const auto x = cusim::curand_detail::next_value(state, site);
  if (lambda < 1000) return cusim::curand_detail::poisson_inversion(x, lambda);
  return static_cast<unsigned int>(std::fma(std::sqrt(lambda), cusim::curand_detail::normal_icdf_double(x), lambda) + 0.5);
}
#undef CUSIM_CURAND_SITE
