// The checkers of one launch as the runtime asks for them, without knowing them (DESIGN §2): the
// observers to put in the launch's plan, whether the plan is strict about barrier sites, and,
// once the launch has run, the findings that did not end it. The checkers themselves are in
// sim/check; this is where the runtime's launch meets them.
#pragma once
#include <memory>
#include <vector>

#include "cusim/detail/types.hpp"
#include "sim/exec/observer.hpp"
#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

namespace check {
class LaunchState;
}

class LaunchChecks {
 public:
  // `checks`: CheckBits (CUSIM_CHECK); `instrumented`: the checked build; `accesses_observed`:
  // another observer of the launch wants its accesses, which pass the checker (with no checks).
  LaunchChecks(unsigned checks, bool instrumented, bool accesses_observed, dim3 grid, dim3 block, unsigned workers);

  const std::vector<std::shared_ptr<LaunchObserver>>& observers() const { return observers_; }
  // Threads at different __syncthreads() call sites end the launch (synccheck).
  bool strict_barrier_sites() const { return strict_barrier_sites_; }
  // The findings that did not end the launch (races, uninitialised reads, exits at barriers).
  std::vector<Diagnostic> findings() const;

 private:
  std::shared_ptr<check::LaunchState> state_;
  std::vector<std::shared_ptr<LaunchObserver>> observers_;
  bool strict_barrier_sites_ = false;
};

}  // namespace cusim::sim
