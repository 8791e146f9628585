// cuRAND's Poisson tables (see curand_poisson_table.hpp). The square histogram, as the GPU's
// tables showed it is made:
//  - the counts are every k whose probability, exp(k log(lambda) - lambda - (log 1 + ... + log k))
//    in double with the logarithms summed one by one, is above zero;
//  - with a = 1 / length, a column holding less than a is filled from the column of the highest
//    index still holding a or more, V[i] = i a + p[i] and K[i] that column, which gives up
//    a - p[i]; the columns are taken in index order, again and again while any is filled (a
//    column that drops below a is filled when a pass reaches it); a column never filled keeps
//    V[i] = i a + p[i] and K[i] = i.
// Another order of the same steps (Vose's queues, Marsaglia's smallest-from-largest), the
// probabilities by recursion or lgamma, or another form of the sums changed the last bits of V
// or the aliases K; this one gave every entry at lambda 3.5, 20, 100 and 1000. The distribution
// function sums the same probabilities in order.
#include "backends/sim/curand_poisson_table.hpp"

#include <cmath>

namespace cusim::curand_detail {

namespace {

// The probabilities of the counts first, first + 1... whose probability is above zero.
std::vector<double> probabilities(double lambda, unsigned& first) {
  const double log_lambda = std::log(lambda);
  std::vector<double> p;
  double log_factorial = 0;
  for (unsigned k = 0;; ++k) {
    if (k > 0) log_factorial += std::log(static_cast<double>(k));
    const double pk = std::exp(k * log_lambda - lambda - log_factorial);
    if (pk > 0) {
      if (p.empty()) first = k;
      p.push_back(pk);
    } else if (!p.empty()) {
      return p;
    }
  }
}

}  // namespace

PoissonDistributionFunction poisson_distribution_function(double lambda) {
  PoissonDistributionFunction f;
  f.cumulative = probabilities(lambda, f.shift);
  double sum = 0;
  for (double& c : f.cumulative) c = sum += c;
  return f;
}

unsigned PoissonDistributionFunction::draw(double u) const {
  int min = 0, max = static_cast<int>(cumulative.size()) - 1;
  do {
    const int mid = (max + min) / 2;
    if (u <= cumulative[mid]) max = mid;
    else min = mid + 1;
  } while (min < max);
  return shift + static_cast<unsigned>(min);
}

PoissonSquareHistogram poisson_square_histogram(double lambda) {
  unsigned first = 0;
  std::vector<double> p = probabilities(lambda, first);
  const unsigned n = static_cast<unsigned>(p.size());
  const double a = 1.0 / n;
  PoissonSquareHistogram h;
  h.shift = first;
  h.V.resize(n);
  h.K.resize(n);
  std::vector<bool> filled(n, false);
  for (bool any = true; any;) {
    any = false;
    unsigned donor = n;  // one past the candidate: the highest column still holding a or more
    for (unsigned i = 0; i < n; ++i) {
      if (filled[i] || !(p[i] < a)) continue;
      while (donor > 0 && (filled[donor - 1] || p[donor - 1] < a)) --donor;
      if (donor == 0) break;
      const unsigned j = donor - 1;
      h.K[i] = j;
      h.V[i] = i * a + p[i];
      filled[i] = true;
      p[j] = p[j] - (a - p[i]);
      any = true;
    }
  }
  for (unsigned i = 0; i < n; ++i)
    if (!filled[i]) {
      h.K[i] = i;
      h.V[i] = i * a + p[i];
    }
  return h;
}

}  // namespace cusim::curand_detail
