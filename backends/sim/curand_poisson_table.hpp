// cuRAND's Poisson tables, rebuilt bit for bit: the square histogram curandCreatePoissonDistribution
// makes for lambda below 2000 (method CURAND_M2; measured on an H200 with
// tools/gpu-probes/curand_poisson_host_probe.cu: tables V and K equal at lambda 3.5, 20, 100,
// 1000; tests/plain_cuda/97_curand_poisson_tables.cu hashes them at six lambdas), and the
// distribution function curandGeneratePoisson searches for some generators (the same counts'
// probabilities summed in order; its results equal the GPU's, tests/plain_cuda/97).
//
// Column j of the histogram's `length` stands for the count shift + j: a uniform u in column
// j = floor(length u) draws shift + j when u < V[j], else shift + K[j]. The distribution function's
// entry j is the probability of a count up to shift + j.
#pragma once

#include <vector>

namespace cusim::curand_detail {

// Below this lambda the Poisson distribution is a square histogram; from it, a rounded normal.
inline constexpr double kPoissonHistogramLimit = 2000.0;

struct PoissonSquareHistogram {
  unsigned shift = 0;
  std::vector<double> V;
  std::vector<unsigned> K;
};

// lambda in (0, kPoissonHistogramLimit).
PoissonSquareHistogram poisson_square_histogram(double lambda);

struct PoissonDistributionFunction {
  unsigned shift = 0;
  std::vector<double> cumulative;
  // The count for a uniform u: shift plus the least j with u <= cumulative[j] (the last j when
  // there is none), found by cuRAND's binary search.
  unsigned draw(double u) const;
};

// lambda in (0, 400000].
PoissonDistributionFunction poisson_distribution_function(double lambda);

}  // namespace cusim::curand_detail
