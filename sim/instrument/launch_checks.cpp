#include "sim/instrument/launch_checks.hpp"

#include "sim/check/checking_observer.hpp"
#include "sim/check/launch_state.hpp"
#include "sim/check/synccheck.hpp"
#include "sim/config/config.hpp"

namespace cusim::sim {

LaunchChecks::LaunchChecks(unsigned checks, bool instrumented, bool accesses_observed, dim3 grid, dim3 block,
                           unsigned workers) {
  const bool checks_accesses = instrumented && ((checks & (check_memcheck | check_racecheck | check_initcheck)) ||
                                                accesses_observed);
  const bool synccheck = checks & check_synccheck;
  if (!checks_accesses && !synccheck) return;
  state_ = std::make_shared<check::LaunchState>(checks, grid, block, workers > 1);
  // The checker is the access gate: it also runs, with no checks, in a launch whose accesses
  // are only observed (statistics, access maps), and hands them on.
  if (checks_accesses) observers_.push_back(std::make_shared<check::CheckingObserver>(state_));
  if (synccheck) observers_.push_back(std::make_shared<check::SynccheckObserver>(state_));
  strict_barrier_sites_ = synccheck;
}

std::vector<Diagnostic> LaunchChecks::findings() const { return state_ ? state_->diagnostics() : std::vector<Diagnostic>{}; }

}  // namespace cusim::sim
