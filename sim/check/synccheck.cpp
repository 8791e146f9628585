#include "sim/check/synccheck.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace cusim::sim::check {

void SynccheckObserver::exited_at_barrier(std::uint64_t block, const ReleasedBarrier& r) {
  RawFinding f;
  f.kind = DiagnosticKind::barrier_divergence;
  f.source = SourceSite{r.site.file_name(), static_cast<unsigned>(r.site.line()), static_cast<unsigned>(r.site.column()),
                        r.site.function_name()};
  f.block = static_cast<std::uint32_t>(block);
  f.thread = static_cast<std::uint16_t>(r.first_exited);
  if (r.tile)
    f.message = std::to_string(r.exited) + " of the threads " + std::to_string(r.tile_first) + ".." +
                std::to_string(std::min<std::uint32_t>(r.tile_first + r.tile, threads_) - 1) + " of a thread_block_tile<" + std::to_string(r.tile) +
                "> exited without reaching this sync(), where the others wait (undefined on a GPU: every thread of "
                "a tile must reach each of its syncs)";
  else
    f.message = std::to_string(r.exited) + " of the " + std::to_string(threads_) +
                " threads of the block exited without reaching this __syncthreads(), where the others wait "
                "(undefined on a GPU: every thread of a block must reach each barrier)";
  state_->note(std::move(f));  // LaunchState is safe to call from several OS threads
}

BlockObserver& SynccheckObserver::for_this_thread() { std::abort(); }

}  // namespace cusim::sim::check
