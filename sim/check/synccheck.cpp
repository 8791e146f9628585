#include "sim/check/synccheck.hpp"

#include <string>

namespace cusim::sim::check {
namespace {

class SynccheckBlocks final : public BlockObserver {
 public:
  explicit SynccheckBlocks(LaunchState& state) : state_(state) {}

  void begin_block(const ObservedBlock& b) override {
    block_ = static_cast<std::uint32_t>(b.linear);
    threads_ = b.threads;
  }
  void barrier_released(const ReleasedBarrier& r) override {
    if (r.exited == 0) return;
    RawFinding f;
    f.kind = DiagnosticKind::barrier_divergence;
    f.source = SourceSite{r.site.file_name(), static_cast<unsigned>(r.site.line()), static_cast<unsigned>(r.site.column()),
                          r.site.function_name()};
    f.block = block_;
    f.thread = static_cast<std::uint16_t>(r.first_exited);
    f.message = std::to_string(r.exited) + " of the " + std::to_string(threads_) +
                " threads of the block exited without reaching this __syncthreads(), where the others wait "
                "(undefined on a GPU: every thread of a block must reach each barrier)";
    state_.note(std::move(f));
  }

 private:
  LaunchState& state_;
  std::uint32_t block_ = 0;
  unsigned threads_ = 0;
};

}  // namespace

std::unique_ptr<BlockObserver> SynccheckObserver::make_block_observer() {
  return std::make_unique<SynccheckBlocks>(*state_);
}

}  // namespace cusim::sim::check
