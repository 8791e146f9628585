// curandCreatePoissonDistribution and curandDestroyDistribution: cuRAND's Poisson tables in the
// simulated device's memory, laid out in cuRAND's structures (cusim/detail/curand_discrete.hpp),
// so that curand_discrete reads them in a kernel and a program can copy them back. As on the GPU
// (measured), lambda below 2000 gives the square histogram (CURAND_M2: the distribution, its M2,
// its histogram, V and K, five blocks of device memory, with host copies the host_ fields point
// to), lambda from 2000 to 400,000 a rounded normal (CURAND_DISCRETE_GAUSS: mean lambda, standard
// deviation its square root), anything else CURAND_STATUS_OUT_OF_RANGE.
#include <curand.h>
#include <curand_kernel.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backends/sim/curand_poisson_table.hpp"
#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"

namespace {

using cusim::backend::AllocKind;

// A distribution's device memory, and the host copies its host_ fields point to.
struct Distribution {
  std::vector<void*> device_blocks;
  curandDiscreteDistribution_st host{};
  curandDistributionM2Shift_st host_m2{};
  curandHistogramM2_st host_histogram{};
  std::vector<double> V;
  std::vector<unsigned> K;
};

std::mutex distributions_lock;
std::map<const void*, std::unique_ptr<Distribution>>& distributions() {
  static auto* const d = new std::map<const void*, std::unique_ptr<Distribution>>;  // never destroyed
  return *d;
}

// A new block of device memory holding a copy of [from, from + bytes); nullptr when the device's
// memory is full.
void* to_device(Distribution& d, const void* from, std::size_t bytes, const cusim::backend::ApiCaller& caller) {
  void* p = nullptr;
  if (cusim::backend::allocate(&p, bytes, AllocKind::device, caller) != cudaSuccess) return nullptr;
  std::memcpy(p, from, bytes);
  cusim::backend::note_written(p, from, bytes);
  d.device_blocks.push_back(p);
  return p;
}

void release(Distribution& d, const char* call, const cusim::backend::ApiCaller& caller) {
  for (void* p : d.device_blocks) cusim::backend::release(p, AllocKind::device, call, caller);
}

}  // namespace

curandStatus_t curandCreatePoissonDistribution(double lambda, curandDiscreteDistribution_t* discrete_distribution) {
  const cusim::backend::ApiCaller caller = CUSIM_CALLER;
  if (!discrete_distribution) return CURAND_STATUS_NOT_INITIALIZED;
  if (!(lambda > 0) || lambda > 400000) return CURAND_STATUS_OUT_OF_RANGE;
  if (cusim::backend::sticky_error()) return CURAND_STATUS_PREEXISTING_FAILURE;
  auto d = std::make_unique<Distribution>();
  bool placed = true;
  d->host.self_host_ptr = &d->host;
  if (lambda < cusim::curand_detail::kPoissonHistogramLimit) {
    cusim::curand_detail::PoissonSquareHistogram table = cusim::curand_detail::poisson_square_histogram(lambda);
    d->V = std::move(table.V);
    d->K = std::move(table.K);
    const auto length = static_cast<unsigned>(d->V.size());
    auto* V = static_cast<double*>(to_device(*d, d->V.data(), length * sizeof(double), caller));
    auto* K = static_cast<unsigned*>(to_device(*d, d->K.data(), length * sizeof(unsigned), caller));
    d->host_histogram = {V, d->V.data(), K, d->K.data(), 0};
    auto* histogram = static_cast<curandHistogramM2_t>(to_device(*d, &d->host_histogram, sizeof d->host_histogram, caller));
    d->host_m2 = {histogram, &d->host_histogram, table.shift, length, 0};
    auto* m2 = static_cast<curandDistributionM2Shift_t>(to_device(*d, &d->host_m2, sizeof d->host_m2, caller));
    placed = V && K && histogram && m2;
    d->host.M2 = m2;
    d->host.host_M2 = &d->host_m2;
    d->host.method = CURAND_M2;
  } else {
    d->host.mean = lambda;
    d->host.stddev = std::sqrt(lambda);
    d->host.method = CURAND_DISCRETE_GAUSS;
  }
  void* device = placed ? to_device(*d, &d->host, sizeof d->host, caller) : nullptr;
  if (!device) {
    release(*d, "curandCreatePoissonDistribution", caller);
    return CURAND_STATUS_ALLOCATION_FAILED;
  }
  *discrete_distribution = static_cast<curandDiscreteDistribution_t>(device);
  std::lock_guard<std::mutex> lock(distributions_lock);
  distributions()[device] = std::move(d);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t discrete_distribution) {
  std::unique_ptr<Distribution> d;
  {
    std::lock_guard<std::mutex> lock(distributions_lock);
    auto it = distributions().find(discrete_distribution);
    if (it == distributions().end()) return CURAND_STATUS_NOT_INITIALIZED;
    d = std::move(it->second);
    distributions().erase(it);
  }
  release(*d, "curandDestroyDistribution", CUSIM_CALLER);
  return CURAND_STATUS_SUCCESS;
}
