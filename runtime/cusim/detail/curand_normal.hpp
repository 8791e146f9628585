// cuRAND's normal and log-normal distributions for XORWOW, Philox4_32_10 and MRG32k3a, included
// by <curand_kernel.h>. Box-Muller as cuRAND computes it: two 32-bit values (53-bit pairs of them
// for doubles) made uniform in (0, 1], a radius sqrt(-2 log u) and an angle. The single-value
// calls return the pair's first value and keep the second in the state for the next call, one
// slot for normals and log-normals together, as cuRAND does.
//
// The results are the GPU's bit for bit: log, exp and sincospi are CUDA's own algorithms
// (libdevice_math.hpp), the multiply-adds are fused where nvcc fuses them, and the float results'
// sine, cosine and expf's last step are the special-function unit's (MUFU.SIN/COS/EX2), which
// cusim models (sfu.hpp).
#pragma once

#include <cusim/detail/libdevice_math.hpp>
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cmath>

#define EXTRA_FLAG_NORMAL 0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)

namespace cusim::curand_detail {

// CUDA's expf: 2^j by the exponent field times 2^f, f = a log2(e) - j in two parts; the last power
// of two is MUFU.EX2 (ex2.approx.ftz.f32).
[[gnu::always_inline]] __device__ inline float expf(float a) {
  const float log2e = std::bit_cast<float>(0x3fb8aa3bu), log2e_lo = std::bit_cast<float>(0x32a57060u);
  const float t = __saturatef(std::fma(a, log2e / 252.0f, 0.5f));
  const float j = static_cast<float>(std::floor(static_cast<double>(t) * 252.0 + 12582913.0));  // fma rounded down
  float f = std::fma(a, log2e, -(j - 12583039.0f));
  f = std::fma(a, log2e_lo, f);
  const float scale = std::bit_cast<float>(std::bit_cast<unsigned int>(j) << 23);
  return cusim::sfu::ex2(f) * scale;
}

// How the GPU computes the distributions: nvcc fuses each multiply-add, and the math functions are
// CUDA's (libdevice's, but for __sincosf's and expf's special-function-unit steps).
struct device_math {
  __device__ static float madd(float a, float b, float c) { return std::fma(a, b, c); }
  __device__ static double madd(double a, double b, double c) { return std::fma(a, b, c); }
  __device__ static float log(float x) { return libdevice::logf(x); }
  __device__ static double log(double x) { return libdevice::log(x); }
  __device__ static float exp(float x) { return curand_detail::expf(x); }
  __device__ static double exp(double x) { return libdevice::exp(x); }
  __device__ static float2 sincos(float radians) {
    float2 r;
    cusim::sfu::sincos(radians, &r.x, &r.y);
    return r;
  }
  __device__ static double2 sincospi(double x) {
    double2 r;
    libdevice::sincospi(x, &r.x, &r.y);
    return r;
  }
};

// How cuRAND's host generators (curandCreateGeneratorHost) compute them: the same code compiled
// for the CPU, no multiply-add fused, the C library's functions, and sin(pi x) for sincospi.
struct host_math {
  static float madd(float a, float b, float c) {
    const volatile float product = a * b;  // never fused, whatever the build's flags
    return product + c;
  }
  static double madd(double a, double b, double c) {
    const volatile double product = a * b;
    return product + c;
  }
  static float log(float x) { return std::log(x); }
  static double log(double x) { return std::log(x); }
  static float exp(float x) { return std::exp(x); }
  static double exp(double x) { return std::exp(x); }
  static float2 sincos(float radians) { return float2{std::sin(radians), std::cos(radians)}; }
  static double2 sincospi(double x) {
    const volatile double radians = x * CURAND_PI_DOUBLE;
    return double2{std::sin(radians), std::cos(radians)};
  }
};

template <class Math>
__device__ inline float2 box_muller(unsigned int x, unsigned int y) {
  const float u = Math::madd(static_cast<float>(x), CURAND_2POW32_INV, CURAND_2POW32_INV / 2.0f);
  const float v = Math::madd(static_cast<float>(y), CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2.0f);
  const float s = std::sqrt(-2.0f * Math::log(u));
  const float2 sc = Math::sincos(v);
  return float2{sc.x * s, sc.y * s};
}

template <class Math>
__device__ inline double2 box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1) {
  const unsigned long long zx = x0 ^ (static_cast<unsigned long long>(x1) << (53 - 32));
  const unsigned long long zy = y0 ^ (static_cast<unsigned long long>(y1) << (53 - 32));
  const double u = Math::madd(static_cast<double>(zx), CURAND_2POW53_INV_DOUBLE, CURAND_2POW53_INV_DOUBLE / 2.0);
  const double v = Math::madd(static_cast<double>(zy), CURAND_2POW53_INV_DOUBLE * 2.0, CURAND_2POW53_INV_DOUBLE);
  const double s = std::sqrt(-2.0 * Math::log(u));
  const double2 sc = Math::sincospi(v);
  return double2{sc.x * s, sc.y * s};
}

// One Box-Muller pair from the generator, as each generator's calls draw it.
template <class Math = device_math>
__device__ inline float2 normal_pair(curandStateXORWOW_t* s) {
  const unsigned int x = curand(s);
  return box_muller<Math>(x, curand(s));
}
template <class Math = device_math>
__device__ inline float2 normal_pair(curandStatePhilox4_32_10_t* s) {
  const unsigned int x = curand(s);
  return box_muller<Math>(x, curand(s));
}
template <class Math = device_math>
__device__ inline float2 normal_pair(curandStateMRG32k3a_t* s) {
  const float u = curand_uniform(s);
  const float angle = curand_uniform(s) * CURAND_2PI;
  const float r = std::sqrt(-2.0f * Math::log(u));
  const float2 sc = Math::sincos(angle);
  return float2{sc.x * r, sc.y * r};
}
template <class Math = device_math>
__device__ inline double2 normal_pair_double(curandStateXORWOW_t* s) {
  const unsigned int x0 = curand(s), x1 = curand(s), y0 = curand(s);
  return box_muller_double<Math>(x0, x1, y0, curand(s));
}
template <class Math = device_math>
__device__ inline double2 normal_pair_double(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  return box_muller_double<Math>(x.x, x.y, x.z, x.w);
}
template <class Math = device_math>
__device__ inline double2 normal_pair_double(curandStateMRG32k3a_t* s) {
  const double u = curand_uniform_double(s);
  const double turns = curand_uniform_double(s) * 2.0;
  const double r = std::sqrt(-2.0 * Math::log(u));
  const double2 sc = Math::sincospi(turns);
  return double2{sc.x * r, sc.y * r};
}
// Philox's four float normals from one curand4: two pairs.
template <class Math = device_math>
__device__ inline float4 normal_quad(curandStatePhilox4_32_10_t* s) {
  const uint4 x = curand4(s);
  const float2 a = box_muller<Math>(x.x, x.y), b = box_muller<Math>(x.z, x.w);
  return float4{a.x, a.y, b.x, b.y};
}

template <class State>
concept box_muller_state = std::is_same_v<State, curandStateXORWOW_t> || std::is_same_v<State, curandStatePhilox4_32_10_t> ||
                           std::is_same_v<State, curandStateMRG32k3a_t>;

// A single value: the first of a new pair (the second kept), or the kept one. A kept value of the
// other kind (normal or log-normal) is not used: a new pair is drawn.
template <class T, class Pair, class Map>
__device__ inline T one_of_pair(int& flag, T& kept, int kind, Pair pair, Map map) {
  if (flag != kind) {
    const auto v = pair();
    kept = map(v.y);
    flag = kind;
    return map(v.x);
  }
  flag = 0;
  return kept;
}

template <class Math = device_math, class T>
__device__ inline T log_normal_of(T v, T mean, T stddev) {
  return Math::exp(Math::madd(stddev, v, mean));
}

}  // namespace cusim::curand_detail

template <cusim::curand_detail::box_muller_state State>
__device__ inline float curand_normal(State* state) {
  return cusim::curand_detail::one_of_pair(
      state->boxmuller_flag, state->boxmuller_extra, EXTRA_FLAG_NORMAL,
      [&] { return cusim::curand_detail::normal_pair(state); }, [](float v) { return v; });
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline double curand_normal_double(State* state) {
  return cusim::curand_detail::one_of_pair(
      state->boxmuller_flag_double, state->boxmuller_extra_double, EXTRA_FLAG_NORMAL,
      [&] { return cusim::curand_detail::normal_pair_double(state); }, [](double v) { return v; });
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline float2 curand_normal2(State* state) {
  return cusim::curand_detail::normal_pair(state);
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline double2 curand_normal2_double(State* state) {
  return cusim::curand_detail::normal_pair_double(state);
}
__device__ inline float4 curand_normal4(curandStatePhilox4_32_10_t* state) {
  return cusim::curand_detail::normal_quad(state);
}
__device__ inline double4 curand_normal4_double(curandStatePhilox4_32_10_t* state) {
  const double2 a = cusim::curand_detail::normal_pair_double(state), b = cusim::curand_detail::normal_pair_double(state);
  return double4{a.x, a.y, b.x, b.y};
}

template <cusim::curand_detail::box_muller_state State>
__device__ inline float curand_log_normal(State* state, float mean, float stddev) {
  return cusim::curand_detail::one_of_pair(
      state->boxmuller_flag, state->boxmuller_extra, EXTRA_FLAG_LOG_NORMAL,
      [&] { return cusim::curand_detail::normal_pair(state); },
      [&](float v) { return cusim::curand_detail::log_normal_of(v, mean, stddev); });
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline double curand_log_normal_double(State* state, double mean, double stddev) {
  return cusim::curand_detail::one_of_pair(
      state->boxmuller_flag_double, state->boxmuller_extra_double, EXTRA_FLAG_LOG_NORMAL,
      [&] { return cusim::curand_detail::normal_pair_double(state); },
      [&](double v) { return cusim::curand_detail::log_normal_of(v, mean, stddev); });
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline float2 curand_log_normal2(State* state, float mean, float stddev) {
  const float2 v = cusim::curand_detail::normal_pair(state);
  using cusim::curand_detail::log_normal_of;
  return float2{log_normal_of(v.x, mean, stddev), log_normal_of(v.y, mean, stddev)};
}
template <cusim::curand_detail::box_muller_state State>
__device__ inline double2 curand_log_normal2_double(State* state, double mean, double stddev) {
  const double2 v = cusim::curand_detail::normal_pair_double(state);
  using cusim::curand_detail::log_normal_of;
  return double2{log_normal_of(v.x, mean, stddev), log_normal_of(v.y, mean, stddev)};
}
__device__ inline float4 curand_log_normal4(curandStatePhilox4_32_10_t* state, float mean, float stddev) {
  const float4 v = curand_normal4(state);
  using cusim::curand_detail::log_normal_of;
  return float4{log_normal_of(v.x, mean, stddev), log_normal_of(v.y, mean, stddev), log_normal_of(v.z, mean, stddev),
                log_normal_of(v.w, mean, stddev)};
}
__device__ inline double4 curand_log_normal4_double(curandStatePhilox4_32_10_t* state, double mean, double stddev) {
  const double4 v = curand_normal4_double(state);
  using cusim::curand_detail::log_normal_of;
  return double4{log_normal_of(v.x, mean, stddev), log_normal_of(v.y, mean, stddev), log_normal_of(v.z, mean, stddev),
                 log_normal_of(v.w, mean, stddev)};
}
