// cuRAND's discrete distributions in a kernel: curand_discrete and curand_discrete4 draw from the
// tables curandCreatePoissonDistribution makes on the host (backends/sim/curand_discrete_api.cpp), as
// cuRAND's curand_discrete2.h does: a square histogram (CURAND_M2) is read at the column a
// uniform double falls in, a rounded normal (CURAND_DISCRETE_GAUSS) is stddev * normal + mean +
// 1/2, the multiply and add fused as nvcc fuses them. The structures are cuRAND's, so a program
// that copies them back (cudaMemcpy of the distribution, then of its M2 and histogram) reads the
// same fields.
#pragma once

struct curandHistogramM2_st {
  curandHistogramM2V_t V;
  curandHistogramM2V_t host_V;
  curandHistogramM2K_t K;
  curandHistogramM2K_t host_K;
  unsigned int host_gen;
};
struct curandDistributionM2Shift_st {
  curandHistogramM2_t histogram;
  curandHistogramM2_t host_histogram;
  unsigned int shift;
  unsigned int length;
  unsigned int host_gen;
};
struct curandDiscreteDistribution_st {
  curandDiscreteDistribution_t self_host_ptr;
  curandDistributionM2Shift_t M2;
  curandDistributionM2Shift_t host_M2;
  double stddev;
  double mean;
  curandMethod_t method;
  unsigned int host_gen;
};

namespace cusim::curand_detail {

// The square histogram's draw for a uniform u in (0, 1]. u = 1 would read one column past the
// table on the GPU (cuRAND's floor(length u)); here it reads the last column.
__device__ inline unsigned int square_histogram_draw(double u, const curandDistributionM2Shift_st& m2) {
  unsigned int j = static_cast<unsigned int>(std::floor(m2.length * u));
  if (j >= m2.length) j = m2.length - 1;
  return u < m2.histogram->V[j] ? m2.shift + j : m2.shift + m2.histogram->K[j];
}
__device__ inline unsigned int rounded_normal(const curandDiscreteDistribution_st& d, double normal) {
  return static_cast<unsigned int>(std::fma(d.stddev, normal, d.mean) + 0.5);
}

}  // namespace cusim::curand_detail

template <cusim::curand_detail::box_muller_state State>
__device__ inline unsigned int curand_discrete(State* state, curandDiscreteDistribution_t distribution) {
  if (distribution->method == CURAND_M2)
    return cusim::curand_detail::square_histogram_draw(cusim::curand_detail::uniform_double(curand(state)),
                                                       *distribution->M2);
  return cusim::curand_detail::rounded_normal(*distribution, curand_normal_double(state));
}
template <cusim::curand_detail::one_value_state State>
__device__ inline unsigned int curand_discrete(State* state, curandDiscreteDistribution_t distribution,
                                               std::source_location site = std::source_location::current()) {
  const auto x = cusim::curand_detail::next_value(state, site);
  if (distribution->method == CURAND_M2)
    return cusim::curand_detail::square_histogram_draw(cusim::curand_detail::uniform_double(x), *distribution->M2);
  return cusim::curand_detail::rounded_normal(*distribution, cusim::curand_detail::normal_icdf_double(x));
}
__device__ inline uint4 curand_discrete4(curandStatePhilox4_32_10_t* state, curandDiscreteDistribution_t distribution) {
  using namespace cusim::curand_detail;
  if (distribution->method == CURAND_M2) {
    const uint4 x = curand4(state);
    const curandDistributionM2Shift_st& m2 = *distribution->M2;
    return {square_histogram_draw(uniform_double(x.x), m2), square_histogram_draw(uniform_double(x.y), m2),
            square_histogram_draw(uniform_double(x.z), m2), square_histogram_draw(uniform_double(x.w), m2)};
  }
  const double4 n = curand_normal4_double(state);
  return {rounded_normal(*distribution, n.x), rounded_normal(*distribution, n.y), rounded_normal(*distribution, n.z),
          rounded_normal(*distribution, n.w)};
}
