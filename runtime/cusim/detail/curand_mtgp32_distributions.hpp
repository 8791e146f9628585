// cuRAND's distributions for the MTGP32 generator, included by <curand_kernel.h>. Each value comes
// from one 32-bit value of the block's generator (so every thread of the block calls, as for
// curand): uniforms as for the other generators; normals by the inverse of the normal
// distribution function, sqrt(2) erfcinv(2u), mirrored about 1/2 to keep precision; log-normals
// as exp of those; Poisson by inversion (a running sum of the probabilities, in steps of e^-500
// for large lambda) below lambda 1000 and a rounded normal above. erfcinv, erfcinvf, exp and expf
// are CUDA's algorithms (libdevice_math.hpp): the double results are the GPU's bit for bit; the
// float normals take their logarithm from the GPU's special-function unit (lg2.approx), modelled,
// so a float normal can differ from the GPU's in its last bits.
#pragma once

#include <cusim/detail/curand_normal.hpp>
#include <cusim/detail/libdevice_math.hpp>

#include <cmath>

#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

namespace cusim::curand_detail {

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
__device__ inline double normal_icdf_double(unsigned int x) {
  double s = CURAND_SQRT2_DOUBLE;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  const double p = std::fma(static_cast<double>(x), CURAND_2POW32_INV_DOUBLE, CURAND_2POW32_INV_DOUBLE / 2.0);
  return s * libdevice::erfcinv(2.0 * p);
}

// Inversion (Fishman): the smallest k whose cumulative probability reaches u, u in (0, 1). The
// probabilities are scaled by e^-500 at a time so that e^-lambda never underflows; the running sum
// takes each new term in one fused multiply-add, as nvcc compiles it.
__device__ inline unsigned int poisson_inversion(unsigned int x, double lambda) {
  const double u = std::fma(static_cast<double>(x), CURAND_2POW32_INV_DOUBLE, CURAND_2POW32_INV_DOUBLE / 2.0);
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

}  // namespace cusim::curand_detail

__device__ inline float curand_uniform(curandStateMtgp32_t* state) { return cusim::curand_detail::uniform(curand(state)); }
__device__ inline double curand_uniform_double(curandStateMtgp32_t* state) {
  return cusim::curand_detail::uniform_double(curand(state));
}
__device__ inline float curand_normal(curandStateMtgp32_t* state) {
  return cusim::curand_detail::normal_icdf(curand(state));
}
__device__ inline double curand_normal_double(curandStateMtgp32_t* state) {
  return cusim::curand_detail::normal_icdf_double(curand(state));
}
__device__ inline float curand_log_normal(curandStateMtgp32_t* state, float mean, float stddev) {
  return cusim::curand_detail::log_normal_of(cusim::curand_detail::normal_icdf(curand(state)), mean, stddev);
}
__device__ inline double curand_log_normal_double(curandStateMtgp32_t* state, double mean, double stddev) {
  return cusim::curand_detail::log_normal_of(cusim::curand_detail::normal_icdf_double(curand(state)), mean, stddev);
}
__device__ inline unsigned int curand_poisson(curandStateMtgp32_t* state, double lambda) {
  const unsigned int x = curand(state);
  if (lambda < 1000) return cusim::curand_detail::poisson_inversion(x, lambda);
  return static_cast<unsigned int>(std::fma(std::sqrt(lambda), cusim::curand_detail::normal_icdf_double(x), lambda) + 0.5);
}
