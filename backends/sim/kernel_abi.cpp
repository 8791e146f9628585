// The kernel-side entry points of cusim/detail/sim_abi.hpp, forwarded to the running block, and
// the interposed assert() handler.
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "cusim/detail/sim_abi.hpp"
#include "sim/exec/block_run.hpp"

namespace cusim::detail {
namespace {
// Kernel intrinsics called from host code are a programming error CUDA rejects at compile time.
sim::BlockRun& running_block(const char* what) {
  sim::BlockRun* run = sim::BlockRun::current();
  if (!run || !sim::BlockRun::in_thread()) {
    std::fprintf(stderr, "cusim: fatal: %s called outside a kernel\n", what);
    std::abort();
  }
  return *run;
}
}  // namespace

// sync() and barrier() pause the checks themselves where they need to, so that these calls are jumps.
[[gnu::aligned(64)]] void block_sync(std::source_location site) { running_block("__syncthreads()").sync(site); }
int block_barrier(BarrierOp op, int predicate, std::source_location site) {
  return running_block("__syncthreads()").barrier(op, predicate, site);
}
// The lane's result is read once warp_arrive() has returned (the collective is then complete), so
// that nothing of this frame lives across the switch inside it. warp_arrive() takes the same
// parameters, so that they stay where they are.
unsigned long long warp_collective(WarpOp op, unsigned mask, unsigned long long value, int b, int c,
                                   std::source_location site) {
  running_block("a warp intrinsic");
  sim::BlockRun::warp_arrive(op, mask, value, b, c, site);
  return sim::BlockRun::lane_result();
}
void* shared_static(const SharedDecl& decl, std::source_location site) {
  sim::running::PauseChecks pause;
  return running_block("a __shared__ declaration").shared_static(decl, site);
}
void* shared_dynamic() { return running_block("an extern __shared__ declaration").shared_dynamic(); }
void thread_fence(FenceScope) {
  sim::running::PauseChecks pause;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  running_block("__threadfence()").fence();
}
// grid_sync() pauses the checks itself, as barrier() does.
void grid_sync(std::source_location site) { running_block("grid.sync()").grid_sync(site); }
bool cooperative_launch() { return running_block("grid_group::is_valid()").cooperative(); }
// Both pause the checks themselves, as barrier() does.
void tile_sync(unsigned size, std::source_location site) {
  running_block("thread_block_tile::sync()").tile_barrier(TileCall::sync, size, site);
}
void tile_exchange(TileCall call, unsigned size, const void* value, unsigned bytes, void* out, unsigned first,
                   unsigned stride, unsigned count, std::source_location site) {
  running_block("a thread_block_tile collective").tile_exchange(call, size, value, bytes, out, first, stride, count, site);
}
Arrival arrive_wait_arrive(ArriveWaitBarrier& b, std::uint32_t update, ArriveKind kind, std::source_location site) {
  return running_block("cuda::barrier::arrive()").arrive_wait_arrive(b, update, kind, site);
}
void arrive_wait_complete(ArriveWaitBarrier& b, std::source_location site) {
  running_block("cuda::barrier::arrive()").arrive_wait_complete(b, site);
}
bool arrive_wait_wait(ArriveWaitBarrier& b, std::uint32_t phase, bool timed, std::source_location site) {
  return running_block("cuda::barrier::wait()").arrive_wait_wait(b, phase, timed, site);
}
void trap(std::source_location site) {
  sim::running::gate = nullptr;
  running_block("__trap()").fail_thread(
      sim::DiagnosticKind::trap, "__trap() called",
      sim::SourceSite{site.file_name(), unsigned(site.line()), unsigned(site.column()), site.function_name()});
}

void refuse_device_side_launch(const std::source_location& site) {
  if (!sim::BlockRun::current() || !sim::BlockRun::in_thread()) return;
  sim::running::gate = nullptr;  // the report's strings are not the kernel's accesses
  sim::BlockRun::current()->fail_thread(
      sim::DiagnosticKind::device_side_launch,
      "a kernel launch from device code (dynamic parallelism): cusim does not simulate device-side launches; "
      "launch the child kernel from the host after this one",
      sim::SourceSite{site.file_name(), unsigned(site.line()), unsigned(site.column()), site.function_name()});
}

}  // namespace cusim::detail

// assert() in kernel code ends the launch with cudaErrorAssert, as on the GPU; elsewhere it
// behaves as glibc's. Defined here, in the executable, it takes precedence over libc's.
extern "C" [[noreturn]] void __assert_fail(const char* assertion, const char* file, unsigned int line,
                                           const char* function) noexcept {
  cusim::sim::running::gate = nullptr;  // the report's strings are not the kernel's accesses
  if (cusim::sim::BlockRun* run = cusim::sim::BlockRun::current(); run && cusim::sim::BlockRun::in_thread())
    run->fail_thread(cusim::sim::DiagnosticKind::assertion_failed, std::string("assertion `") + assertion + "' failed",
                     cusim::sim::SourceSite{file, line, 0, function});
  std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line, function,
               assertion);
  std::abort();
}
