// cusim::launch on the simulator: validate the configuration against the device profile, run the
// grid, turn a failed launch into CUDA's error code and a finding.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "backends/sim/graph_nodes.hpp"
#include "backends/sim/access_maps.hpp"
#include "backends/sim/device_memory.hpp"
#include "backends/sim/device_printf.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"
#include "backends/sim/kernel_registry.hpp"
#include "backends/sim/launch_request.hpp"
#include "backends/sim/launch_stats_output.hpp"
#include "backends/sim/process_state.hpp"
#include "backends/sim/stream_capture.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "cusim/detail/launch.hpp"
#include "sim/exec/grid_run.hpp"
#include "sim/exec/instrumented.hpp"
#include "sim/instrument/launch_checks.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"
#include "sim/trace/tracer.hpp"

namespace cusim::backend {
namespace {

std::string dims(dim3 d) { return sim::coordinates(d.x, d.y, d.z); }

// The CUDA error a finding ends its launch with, and whether that error is sticky (it is where
// the GPU's context would be unusable afterwards).
struct ErrorMapping {
  cudaError_t error;
  bool sticky;
};
ErrorMapping error_for(sim::DiagnosticKind kind) {
  switch (kind) {
#define CUSIM_FINDING_KIND(identifier, name, launch_error, sticky, description) \
  case sim::DiagnosticKind::identifier:                                         \
    return {launch_error, sticky};
#include "sim/report/finding_kinds.def"
#undef CUSIM_FINDING_KIND
  }
  return {cudaErrorLaunchFailure, true};
}

sim::SourceSite site_of(const detail::LaunchRequest& r) {
  return {r.site.file_name(), unsigned(r.site.line()), unsigned(r.site.column()), r.site.function_name()};
}

// racecheck and initcheck see accesses only in the checked build; asking for them explicitly in
// a fast build gets one warning.
void warn_if_unchecked(const sim::LaunchPlan& plan, unsigned checks) {
  static std::once_flag once;
  if (plan.instrumented || !(checks & (sim::check_racecheck | sim::check_initcheck)) || !sim::config().given.test(static_cast<std::size_t>(sim::Flag::CUSIM_CHECK)))
    return;
  std::call_once(once, [] {
    std::fprintf(stderr, "cusim: warning: racecheck and initcheck need the checked build (CMake option CUSIM_CHECKED=ON); "
                         "this program's kernels are not instrumented\n");
  });
}

// Rejects a launch before anything runs: records the finding and returns the error.
cudaError_t reject(const detail::LaunchRequest& r, cudaError_t error, std::string message) {
  sim::Diagnostic d;
  d.kind = sim::DiagnosticKind::launch_config;
  d.kernel = sim::function_name(r.kernel);
  d.message = std::move(message);
  d.site = site_of(r);
  report(d, error);
  return record(error);
}

// Every refusal is cudaErrorInvalidValue, as CUDA 13's runtime returns it for a block or grid
// outside the limits too (CUDA 12 and earlier said cudaErrorInvalidConfiguration there); measured
// on an H100, driver 580.159.04, by examples/launch_limits under tools/differential.
cudaError_t validate(const detail::LaunchRequest& r, const cudaDeviceProp& dev, const KernelInfo& info) {
  const dim3 b = r.block, g = r.grid;
  const unsigned long long threads = 1ull * b.x * b.y * b.z;
  const std::string limits = std::string(" on ") + dev.name;
  // CUDA answers cudaLaunchKernel(nullptr, ...) with cudaErrorInvalidDeviceFunction (measured on an
  // H100, CUDA 13.0); a <<< >>> launch through a null function pointer crashes nvcc's host stub.
  if (!r.kernel)
    return reject(r, cudaErrorInvalidDeviceFunction,
                  "a launch of a null kernel pointer: nothing ran (on a GPU, cudaLaunchKernel refuses it and a "
                  "<<< >>> launch through it crashes the host program)");
  if (threads == 0 || threads > static_cast<unsigned>(dev.maxThreadsPerBlock))
    return reject(r, cudaErrorInvalidValue,
                  "block " + dims(b) + " has " + std::to_string(threads) + " threads; a block may have 1 to " +
                      std::to_string(dev.maxThreadsPerBlock) + limits);
  if (b.x > unsigned(dev.maxThreadsDim[0]) || b.y > unsigned(dev.maxThreadsDim[1]) || b.z > unsigned(dev.maxThreadsDim[2]))
    return reject(r, cudaErrorInvalidValue,
                  "block " + dims(b) + " exceeds the block dimension limits (" + std::to_string(dev.maxThreadsDim[0]) +
                      "," + std::to_string(dev.maxThreadsDim[1]) + "," + std::to_string(dev.maxThreadsDim[2]) + ")" + limits);
  if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > unsigned(dev.maxGridSize[0]) || g.y > unsigned(dev.maxGridSize[1]) ||
      g.z > unsigned(dev.maxGridSize[2]))
    return reject(r, cudaErrorInvalidValue,
                  "grid " + dims(g) + " is outside the grid dimension limits (1..(" + std::to_string(dev.maxGridSize[0]) +
                      "," + std::to_string(dev.maxGridSize[1]) + "," + std::to_string(dev.maxGridSize[2]) + "))" + limits);
  const std::size_t dynamic_limit =
      info.max_dynamic_shared >= 0 ? std::size_t(info.max_dynamic_shared) : dev.sharedMemPerBlock;
  const std::size_t total_limit = info.max_dynamic_shared >= 0 ? dev.sharedMemPerBlockOptin : dev.sharedMemPerBlock;
  if (r.shared_bytes > dynamic_limit || info.static_shared + r.shared_bytes > total_limit)
    return reject(r, cudaErrorInvalidValue,
                  std::to_string(info.static_shared) + " static + " + std::to_string(r.shared_bytes) +
                      " dynamic shared bytes exceed the limit of " + std::to_string(total_limit) +
                      (info.max_dynamic_shared >= 0 ? " (dynamic raised to " + std::to_string(info.max_dynamic_shared) + ")"
                                                    : " (raise it with cudaFuncSetAttribute)") +
                      limits);
  if (r.cooperative) {
    const std::uint64_t fit = resident_blocks(dev, static_cast<unsigned>(threads), info.static_shared + r.shared_bytes);
    const std::uint64_t blocks = 1ull * g.x * g.y * g.z;
    if (blocks > fit)
      return reject(r, cudaErrorCooperativeLaunchTooLarge,
                    "a cooperative launch of " + std::to_string(blocks) + " blocks of " + std::to_string(threads) +
                        " threads; at most " + std::to_string(fit) + " such blocks are resident at once" + limits +
                        " (cudaOccupancyMaxActiveBlocksPerMultiprocessor times the multiprocessor count)");
  }
  return cudaSuccess;
}

}  // namespace

cudaError_t request_by_address(const char* call, const void* kernel, dim3 grid, dim3 block, void** args,
                               std::size_t shared_bytes, cudaStream_t stream, std::source_location site,
                               detail::LaunchRequest* out) {
  const std::optional<detail::KernelEntry> entry = kernel ? kernel_entry(kernel) : std::nullopt;
  detail::LaunchRequest r{kernel, nullptr, nullptr, grid, block, shared_bytes, stream, site, 0};
  if (!kernel)
    return reject(r, cudaErrorInvalidDeviceFunction, std::string(call) + " of a null kernel pointer: nothing ran");
  // CUDA 13 answers a launch of an address that is no kernel's with cudaErrorInvalidResourceHandle
  // (measured on an H200, driver 580, by tests/plain_cuda/60_launch_by_address.cu).
  if (!entry)
    return reject(r, cudaErrorInvalidResourceHandle,
                  std::string(call) + " of an address that is no kernel's: pass a __global__ function, or a void* "
                                      "converted from one in a CUDA source");
  if (!args && entry->parameters > 0)
    return reject(r, cudaErrorInvalidValue, std::string(call) + " of a kernel with parameters, with no argument array");
  r.invoke = entry->invoke;
  r.packet = entry->pack(kernel, args);
  r.packet_bytes = entry->packet_bytes;
  *out = std::move(r);
  return cudaSuccess;
}

}  // namespace cusim::backend

namespace cusim::detail {

cudaError_t launch_by_address(const char* call, const void* kernel, dim3 grid, dim3 block, void** args,
                              std::size_t shared_bytes, cudaStream_t stream, std::source_location site,
                              bool cooperative) {
  refuse_device_side_launch(site);
  LaunchRequest r;
  if (cudaError_t e = backend::request_by_address(call, kernel, grid, block, args, shared_bytes, stream, site, &r)) return e;
  r.cooperative = cooperative;
  return launch_kernel(r);
}

cudaError_t launch_kernel(const LaunchRequest& r) {
  using namespace cusim::backend;
  if (process_state.load(std::memory_order_relaxed) != ProcessState::in_use)
    if (cudaError_t refused = enter_host_api("a kernel launch")) return refused;
  flush_device_printf();  // as CUDA at the start of a launch: what earlier kernels printed
  sim::prepare_symbolizer();
  sim::trace::HostCall traced("cusim::launch");
  if (cudaError_t s = sticky_error()) return record(s);
  const QueuePtr queue = find_queue(r.stream, "cusim::launch", ApiCaller(site_of(r)));
  if (!queue) return record(cudaErrorInvalidResourceHandle);
  const cudaDeviceProp& dev = device_profile();
  const KernelInfo info = kernel_info(r.kernel);
  if (cudaError_t e = validate(r, dev, info)) return e;
  // (capturing() first: the node's copy of the request is made only for a captured launch)
  if (capturing(r.stream)) {
    if (!capture_node(r.stream, cudaGraphNodeTypeKernel, kernel_node_work(r), [&r](CUgraphNode_st& n) {
          set_kernel_node(n, {const_cast<void*>(r.kernel), r.grid, r.block, unsigned(r.shared_bytes), nullptr, nullptr}, r);
        }))
      return record(cudaErrorStreamCaptureInvalidated);
    return cudaSuccess;
  }

  const Settings& s = cusim::settings();
  auto shared_plan = std::make_shared<sim::LaunchPlan>();
  sim::LaunchPlan& plan = *shared_plan;
  plan.kernel = r.kernel;
  plan.invoke = r.invoke;
  plan.packet = r.packet.get();
  plan.grid = r.grid;
  plan.block = r.block;
  plan.dynamic_shared = r.shared_bytes;
  plan.shared_limit = info.max_dynamic_shared >= 0 ? dev.sharedMemPerBlockOptin : dev.sharedMemPerBlock;
  plan.static_shared_limit = dev.sharedMemPerBlock;
  plan.schedule = static_cast<sim::ScheduleKind>(s.schedule);  // the same order of values
  plan.seed = s.seed;
  plan.stack_bytes = s.stack_bytes;
  plan.workers = s.workers ? s.workers : 1;
  plan.timeout_seconds = s.timeout;
  // Static shared memory is known from the kernel's earlier launches (the first block finds it).
  plan.resident_blocks = resident_blocks(dev, r.block.x * r.block.y * r.block.z, info.static_shared + r.shared_bytes);
  // A cooperative grid was checked to fit (validate()): all its blocks are resident at once.
  plan.cooperative = r.cooperative;
  if (r.cooperative) plan.resident_blocks = 0;
  plan.packet_bytes = r.packet_bytes;
  plan.instrumented = sim::instrumented();
  static std::atomic<std::uint64_t> launches{0};
  plan.launch = ++launches;
  // The observers: the tracer (CUSIM_TRACE), first so that its block slices enclose the others'
  // work as before, statistics (CUSIM_STATS) and the access map (CUSIM_ACCESS_MAP).
  sim::trace::Tracer* const tracer = sim::trace::Tracer::get();
  std::uint32_t trace_launch = 0;
  if (tracer) {
    trace_launch = tracer->launch_queued(r.kernel, r.grid, r.block, r.shared_bytes, r.stream);
    plan.observers.push_back(tracer->observe_launch(trace_launch));
  }
  const sim::StatsOutput stats_out = stats_output(s.stats);
  std::shared_ptr<sim::stats::LaunchStatsObserver> stats;
  if (stats_out.on) plan.observers.push_back(stats = std::make_shared<sim::stats::LaunchStatsObserver>(plan.instrumented));
  if (auto map = access_map_observer(s.access_map, plan)) plan.observers.push_back(std::move(map));
  // The checkers, after the tracer (whose view of a block encloses the others'): observers see
  // accesses through the checker, which runs, with no checks if none are on, in a launch whose
  // accesses are observed.
  const bool accesses_observed =
      std::any_of(plan.observers.begin(), plan.observers.end(), [](const auto& o) { return o->wants_accesses(); });
  const sim::LaunchChecks checks(s.checks, plan.instrumented, accesses_observed, plan.grid, plan.block, plan.workers);
  plan.observers.insert(plan.observers.begin() + (tracer ? 1 : 0), checks.observers().begin(), checks.observers().end());
  plan.strict_barrier_sites = checks.strict_barrier_sites();
  warn_if_unchecked(plan, s.checks);
  plan.prepare();

  // The launch runs on its stream's queue, asynchronously; as on CUDA, errors during execution
  // surface at the next synchronising call.
  enqueue(queue, [plan = std::move(shared_plan), packet = r.packet, tracer, trace_launch, stats = std::move(stats),
                  stats_out, checks] {
    const std::uint64_t begin = tracer ? sim::trace::now_ns() : 0;
    sim::GridOutcome out = sim::run_grid(*plan);
    note_static_shared(plan->kernel, out.static_shared);
    if (stats) {
      cusim::LaunchStats head;
      head.launch = plan->launch;
      head.kernel = sim::function_name(plan->kernel);
      head.grid = plan->grid;
      head.block = plan->block;
      publish_stats(stats->result(std::move(head)), stats_out);
    }
    // Findings that did not end the launch (races, uninitialised reads, exits at barriers).
    for (sim::Diagnostic& d : checks.findings()) {
      d.kernel = sim::function_name(plan->kernel);
      if (d.space == sim::MemorySpace::global) explain_fault_address(d);
      report(d, cudaSuccess);
    }
    for (sim::Diagnostic& d : out.notes) {
      d.kernel = sim::function_name(plan->kernel);
      if (d.space == sim::MemorySpace::global) explain_fault_address(d);
      report(d, cudaSuccess);
    }
    if (!out.failed) {
      if (tracer) tracer->launch_ran(trace_launch, begin, cudaSuccess, cudaGetErrorName(cudaSuccess));
      return;
    }
    out.diagnostic.kernel = sim::function_name(plan->kernel);
    explain_fault_address(out.diagnostic);
    const ErrorMapping e = error_for(out.diagnostic.kind);
    if (tracer) tracer->launch_ran(trace_launch, begin, e.error, cudaGetErrorName(e.error));
    report(out.diagnostic, e.error);
    // Too much static shared memory is a launch error on CUDA, where the sizes are known before
    // the launch; here the first block finds it, so it surfaces like an execution error, but
    // leaves the context usable (later launches of the kernel are rejected up front).
    raise_execution_error(e.error, e.sticky);
  });
  return cudaSuccess;
}

}  // namespace cusim::detail
