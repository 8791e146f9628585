// bench_engine — the simulator's speed on the seed workloads against a serial C++ loop (issue E1).
//
// For each workload, one run of this program times the simulator (this build, on CUSIM_WORKERS
// workers: by default all cores) and a plain serial loop on one core doing the same work: one
// warm-up run each, then --runs timed runs of each, interleaved so that noise from other load
// hits both alike. It reports the medians and their ratio (simulator / serial) against the
// workload's target, checks every simulator result against the serial one (exactly for integers
// and element-wise float operations, to a relative 1e-4 for matmul, and both to 1e-4 and exactly
// for the float sums, whose inputs make every order of addition exact), and exits non-zero if
// any differs or a launch fails.
//
//   bench_engine [--runs N] [--only NAME] [--scale K] [--records]
//   NAME: workload keys or their starts, comma-separated ("matmul": both sizes, "barrier": both
//   worker counts, "tree,shuffle": the two reductions)
//   K: divide the element counts of the 1-D workloads by K (for slow builds and for the
//   comparison with Oclgrind, bench/run-checker-overhead); matmul and barrier keep their sizes
//   --records: after the table, one line per workload for scripts:
//   bench <key> n=<N> serial_ms=<x> sim_ms=<x> ok=<0|1>   (N: elements, or the matrix edge)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <cusim/cusim.hpp>

#include "kernels.hpp"
#include "random.hpp"
#include "serial_loops.hpp"

namespace {

using namespace serial_loops;

// ---- options ---------------------------------------------------------------------------------

struct Options {
  int runs = 7;
  std::string only;
  int scale = 1;         // element counts of the 1-D workloads are divided by this
  bool records = false;  // print machine-readable lines after the table
};

[[noreturn]] void usage(const char* why, int status = 2) {
  std::fprintf(status ? stderr : stdout,
               "bench_engine: %s\nusage: bench_engine [--runs N] [--only NAME] [--scale K] [--records]\n"
               "  --runs N     timed runs per side after one warm-up (default 7); the medians are reported\n"
               "  --only NAME  run only the workloads whose key starts with NAME (a comma-separated list)\n"
               "  --scale K    divide the element counts of vector_add, grid_stride, histogram and the\n"
               "               reductions by K (default 1); matmul and barrier keep their sizes\n"
               "  --records    after the table, print one line per workload:\n"
               "               bench <key> n=<N> serial_ms=<x> sim_ms=<x> ok=<0|1>\n",
               why);
  std::exit(status);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      o.runs = std::atoi(argv[++i]);
      if (o.runs < 1) usage("--runs needs a positive count");
    } else if (a == "--only" && i + 1 < argc) {
      o.only = argv[++i];
    } else if (a == "--scale" && i + 1 < argc) {
      o.scale = std::atoi(argv[++i]);
      if (o.scale < 1) usage("--scale needs a positive divisor");
    } else if (a == "--records") {
      o.records = true;
    } else if (a == "--help" || a == "-h") {
      usage("the simulator against serial loops (docs/PERFORMANCE.md)", 0);
    } else {
      usage(("unknown argument '" + a + "'").c_str());
    }
  }
  return o;
}

// ---- data ------------------------------------------------------------------------------------

using bench::Random;

template <class T>
using Managed = cusim::managed_buffer<T>;

// ---- measuring -------------------------------------------------------------------------------

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

template <class F>
double time_ms(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// One line of the table.
struct Row {
  Row(std::string name, double target_value) : workload(std::move(name)), target(target_value) {}
  std::string workload;
  std::string key;         // the workload's key (set by main), for --records
  long n = 0;              // elements, the matrix edge, or the barrier's threads; for --records
  double serial_ms = NAN;  // NAN: no serial baseline (barrier cost)
  double sim_ms = NAN;
  double target;           // on the ratio, or on ns per thread per barrier
  bool per_barrier = false;
  double ns_per_barrier = NAN;
  bool ok = true;          // every launch succeeded and every result matched
  std::string spread;      // min..max of the timed runs, printed as the workload finishes
};

// "min..max" of the timed runs, to show how noisy the medians are.
std::string spread(const char* what, const std::vector<double>& v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%s %.2f..%.2f ms", what, *std::min_element(v.begin(), v.end()),
                *std::max_element(v.begin(), v.end()));
  return buf;
}

bool g_failed = false;

void fail(Row& row, const std::string& why) {
  if (row.ok) std::printf("  FAILED %s: %s\n", row.workload.c_str(), why.c_str());
  row.ok = false;
  g_failed = true;
}

// The timed part of a simulator run: the launch and the synchronisation that ends it.
cudaError_t launch_and_wait(const std::function<cudaError_t()>& launch) {
  const cudaError_t e = launch();
  const cudaError_t s = cudaDeviceSynchronize();
  return e != cudaSuccess ? e : s;
}

// Whether a simulator run ended cleanly; a launch error or a finding is a failure of `row`.
bool clean(Row& row, cudaError_t e) {
  if (e != cudaSuccess) {
    fail(row, std::string("launch failed: ") + cudaGetErrorName(e));
    return false;
  }
#if CUSIM_SIMULATOR  // on a GPU there are no findings, only the errors above
  if (const auto f = cusim::findings(); !f.empty()) {
    fail(row, "finding: " + f.front().text);
    return false;
  }
#endif
  return true;
}

// The steps of one workload. `reset` runs before each simulator run, untimed; `verify` compares
// the simulator's result with the serial one and returns what differs ("" when nothing does).
struct Steps {
  std::function<void()> serial;
  std::function<void()> reset = [] {};
  std::function<cudaError_t()> launch;
  std::function<std::string()> verify;
};

// One warm-up run of each side, then `runs` timed runs of each, interleaved; every simulator
// result is verified (untimed).
void measure(Row& row, int runs, const Steps& s) {
  std::vector<double> serial, sim;
  for (int r = -1; r < runs && row.ok; ++r) {
    const double ts = time_ms(s.serial);
    s.reset();
    cudaError_t e = cudaSuccess;
    const double tm = time_ms([&] { e = launch_and_wait(s.launch); });
    if (!clean(row, e)) break;
    if (std::string diff = s.verify(); !diff.empty()) fail(row, diff);
    if (r >= 0) {
      serial.push_back(ts);
      sim.push_back(tm);
    }
  }
  if (!serial.empty()) {
    row.serial_ms = median(serial);
    row.sim_ms = median(sim);
    row.spread = spread("serial", serial) + ", " + spread("sim", sim);
  }
}

// ---- verification ----------------------------------------------------------------------------

template <class T>
std::string compare_exact(const char* what, const T* expected, const T* actual, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (std::memcmp(&expected[i], &actual[i], sizeof(T)) != 0)
      return std::string(what) + "[" + std::to_string(i) + "]: expected " + std::to_string(expected[i]) + ", got " +
             std::to_string(actual[i]);
  return "";
}

bool close(double expected, double actual, double rel = 1e-4) {
  return std::fabs(actual - expected) <= rel * std::max(std::fabs(expected), 1e-30);
}

std::string compare_relative(const char* what, const float* expected, const float* actual, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!close(expected[i], actual[i]))
      return std::string(what) + "[" + std::to_string(i) + "]: expected " + std::to_string(expected[i]) + ", got " +
             std::to_string(actual[i]) + " (relative tolerance 1e-4)";
  return "";
}

// ---- workloads -------------------------------------------------------------------------------

constexpr unsigned kHistogramBlocks = 512;
constexpr int kBarrierIterations = 10000;

int g_scale = 1;  // --scale

// An element count of a 1-D workload, divided by --scale.
int scaled(int n) { return std::max(1, n / g_scale); }

// "2^k" for a power of two, else the number: the sizes in the table's workload names.
std::string count(long n) {
  if (n > 0 && (n & (n - 1)) == 0) return "2^" + std::to_string(__builtin_ctzl(static_cast<unsigned long>(n)));
  return std::to_string(n);
}

// ceil(n / 256): the grid of the one-element-per-thread kernels, for the table's workload names.
std::string grid_of(int n) { return std::to_string((n + bench::kBlockThreads - 1) / bench::kBlockThreads) + "x256"; }

Row vector_add(int runs) {
  const int n = scaled(1 << 24);
  Row row("vector add, " + count(n) + " floats, " + grid_of(n), 2.5);
  row.n = n;
  Managed<float> a(n), b(n), c(n);
  std::vector<float> expected(n);
  Random rng{1};
  for (int i = 0; i < n; ++i) a[i] = rng.unit(), b[i] = rng.unit();
  measure(row, runs,
          {.serial = [&] { serial_vector_add(a.get(), b.get(), expected.data(), n); },
           .reset = [&] { std::memset(c.get(), 0, n * sizeof(float)); },
           .launch = [&] { return bench::vector_add(a.get(), b.get(), c.get(), n); },
           .verify = [&] { return compare_exact("c", expected.data(), c.get(), n); }});
  return row;
}

Row grid_stride(int runs) {
  const int n = scaled(1 << 20);
  constexpr unsigned blocks = 32;
  Row row("grid-stride square, " + count(n) + " floats, " + std::to_string(blocks) + "x256", 3);
  row.n = n;
  Managed<float> in(n), out(n);
  std::vector<float> expected(n);
  Random rng{2};
  for (int i = 0; i < n; ++i) in[i] = rng.unit() * 4.0f - 2.0f;
  measure(row, runs,
          {.serial = [&] { serial_square(in.get(), expected.data(), n); },
           .reset = [&] { std::memset(out.get(), 0, n * sizeof(float)); },
           .launch = [&] { return bench::grid_stride_square(in.get(), out.get(), n, blocks); },
           .verify = [&] { return compare_exact("out", expected.data(), out.get(), n); }});
  return row;
}

Row histogram(int runs) {
  const int n = scaled(1 << 22);
  Row row("shared histogram, " + count(n) + " bytes, " + std::to_string(kHistogramBlocks) + "x256", 6);
  row.n = n;
  Managed<unsigned char> in(n);
  Managed<unsigned> bins(256);
  std::vector<unsigned> expected(256);
  Random rng{3};
  for (int i = 0; i < n; ++i) in[i] = static_cast<unsigned char>(rng.next() >> 56);
  measure(row, runs,
          {.serial = [&] { serial_histogram(in.get(), expected.data(), n); },
           .reset = [&] { cudaMemset(bins.get(), 0, 256 * sizeof(unsigned)); },
           .launch = [&] { return bench::shared_histogram(in.get(), bins.get(), n, kHistogramBlocks); },
           .verify = [&] { return compare_exact("bins", expected.data(), bins.get(), 256); }});
  return row;
}

Row matmul(int runs, int n) {
  const unsigned tiles = unsigned(n) / bench::kTile;
  Row row("tiled matmul 16x16, N=" + std::to_string(n) + ", " + std::to_string(tiles) + "x" + std::to_string(tiles) +
              " blocks",
          2.5);
  row.n = n;
  const std::size_t nn = std::size_t(n) * n;
  Managed<float> a(nn), b(nn), c(nn);
  std::vector<float> expected(nn);
  Random rng{4 + std::uint64_t(n)};
  for (std::size_t i = 0; i < nn; ++i) a[i] = rng.unit(), b[i] = rng.unit();  // positive: no cancellation
  measure(row, runs,
          {.serial = [&] { serial_matmul(a.get(), b.get(), expected.data(), n); },
           .reset = [&] { std::memset(c.get(), 0, nn * sizeof(float)); },
           .launch = [&] { return bench::tiled_matmul(a.get(), b.get(), c.get(), n); },
           .verify = [&] { return compare_relative("c", expected.data(), c.get(), nn); }});
  return row;
}

// Reduction inputs are multiples of 1/4 in [0, 1): every partial sum, in any order, is exactly
// representable in float (the total stays below 2^22), so the simulator's total must equal the
// serial one exactly. The relative 1e-4 is checked too, but on a total of 16384 block
// sums it would let one block's wrong partial through; exactness does not.
void fill_quarters(Managed<float>& in, std::uint64_t seed) {
  Random rng{seed};
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(rng.next() >> 62) * 0.25f;
}

std::string compare_sum(float expected, float actual) {
  const std::string values = "total: expected " + std::to_string(expected) + ", got " + std::to_string(actual);
  if (!close(expected, actual)) return values + " (relative tolerance 1e-4)";
  if (expected != actual) return values + " (not exact, though every partial sum of these inputs is)";
  return "";
}

Row reduction(int runs, bool shuffle) {
  const int n = scaled(1 << 22);
  Row row(std::string(shuffle ? "warp-shuffle reduction, " : "shared tree reduction, ") + count(n) + " floats, " +
              grid_of(n),
          shuffle ? 25 : 30);
  row.n = n;
  Managed<float> in(n), total(1);
  fill_quarters(in, shuffle ? 6 : 5);
  float expected = 0;
  measure(row, runs,
          {.serial = [&] { expected = serial_sum(in.get(), n); },
           .reset = [&] { total[0] = 0.0f; },
           .launch =
               [&] {
                 return shuffle ? bench::shuffle_reduce(in.get(), total.get(), n)
                                : bench::tree_reduce(in.get(), total.get(), n);
               },
           .verify = [&] { return compare_sum(expected, total[0]); }});
  return row;
}

// What a barrier workload synchronises: a block (__syncthreads), each 32-thread tile of a block
// (cooperative groups' tile.sync()), or a cooperative grid (grid.sync()).
enum class Sync { block, tile, grid };

Row barrier(int runs, unsigned workers, Sync kind = Sync::block) {
  constexpr unsigned threads = 256;
  const unsigned blocks = kind == Sync::grid ? 4 : 1;
  const int iterations = kind == Sync::grid ? kBarrierIterations / 10 : kBarrierIterations;
  const char* what = kind == Sync::block ? "barrier cost" : kind == Sync::tile ? "tile sync cost" : "grid sync cost";
  const char* call = kind == Sync::block ? " __syncthreads, " : kind == Sync::tile ? " tile<32>.sync(), " : " grid.sync(), ";
  Row row(std::string(what) + ", " + std::to_string(blocks) + "x256, " + std::to_string(iterations) + call +
              std::to_string(workers) + (workers == 1 ? " worker" : " workers"),
          kind == Sync::block ? 6 : NAN);  // the tile's and the grid's costs are measured, not targets
  row.per_barrier = true;
  row.n = threads;
#if CUSIM_SIMULATOR  // the simulator's worker threads; a GPU runs the block as it does
  const unsigned saved = cusim::settings().workers;
  cusim::settings().workers = workers;
#endif
  const auto launch = [&] {
    switch (kind) {
      case Sync::block: return bench::barrier_loop(threads, iterations);
      case Sync::tile: return bench::tile_sync_loop(threads, iterations);
      case Sync::grid: return bench::grid_sync_loop(blocks, threads, iterations);
    }
    return cudaErrorInvalidValue;
  };
  std::vector<double> sim;
  for (int r = -1; r < runs && row.ok; ++r) {
    cudaError_t e = cudaSuccess;
    const double t = time_ms([&] { e = launch_and_wait(launch); });
    if (clean(row, e) && r >= 0) sim.push_back(t);
  }
#if CUSIM_SIMULATOR
  cusim::settings().workers = saved;
#endif
  if (!sim.empty()) {
    row.sim_ms = median(sim);
    row.spread = spread("sim", sim);
    row.ns_per_barrier = row.sim_ms * 1e6 / (double(blocks) * threads * iterations);  // per thread and sync
  }
  return row;
}

// Whether workload `key` is chosen by --only's comma-separated list of key prefixes (empty: all).
bool selected(const std::string& key, const std::string& only) {
  if (only.empty()) return true;
  std::size_t from = 0;
  for (;;) {
    const std::size_t comma = only.find(',', from);
    const std::string prefix = only.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (!prefix.empty() && key.compare(0, prefix.size(), prefix) == 0) return true;
    if (comma == std::string::npos) return false;
    from = comma + 1;
  }
}

// ---- table -----------------------------------------------------------------------------------

void print_table(const std::vector<Row>& rows) {
  std::printf("\n%-56s %10s %10s %18s %11s  %s\n", "workload", "serial ms", "sim ms", "sim/serial", "target", "verdict");
  for (const Row& r : rows) {
    char serial[32] = "-", sim[32] = "-", ratio[32] = "-", target[32];
    if (!std::isnan(r.serial_ms)) std::snprintf(serial, sizeof serial, "%.2f", r.serial_ms);
    if (!std::isnan(r.sim_ms)) std::snprintf(sim, sizeof sim, "%.2f", r.sim_ms);
    double value = NAN;
    if (r.per_barrier) {
      value = r.ns_per_barrier;
      if (!std::isnan(value)) std::snprintf(ratio, sizeof ratio, "%.2f ns/thr/bar", value);
      if (std::isnan(r.target)) std::snprintf(target, sizeof target, "-");
      else std::snprintf(target, sizeof target, "<= %g ns", r.target);
    } else {
      if (!std::isnan(r.sim_ms)) value = r.sim_ms / r.serial_ms;
      if (!std::isnan(value)) std::snprintf(ratio, sizeof ratio, "%.2f", value);
      std::snprintf(target, sizeof target, "<= %g", r.target);
    }
    const char* verdict = !r.ok                                      ? "WRONG RESULT"
                          : std::isnan(value) || std::isnan(r.target) ? ""
                          : value <= r.target                          ? "met"
                                                                       : "MISSED";
    std::printf("%-56s %10s %10s %18s %11s  %s\n", r.workload.c_str(), serial, sim, ratio, target, verdict);
  }
}

// --records: one line per workload for scripts (bench/run-checker-overhead); "nan" where a side
// has no time (no serial baseline, or the workload failed before any timed run).
void print_records(const std::vector<Row>& rows) {
  std::printf("\n");
  for (const Row& r : rows)
    std::printf("bench %s n=%ld serial_ms=%.3f sim_ms=%.3f ok=%d\n", r.key.c_str(), r.n, r.serial_ms, r.sim_ms,
                r.ok ? 1 : 0);
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse(argc, argv);
  g_scale = opt.scale;
  // The simulator's workers: CUSIM_WORKERS, else every core of the machine (whatever taskset
  // allows: bench/run-scaling pins the program and sets CUSIM_WORKERS to match).
#if CUSIM_SIMULATOR
  const unsigned cores = cusim::settings().workers;
#else
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
#endif

  struct Entry {
    const char* key;
    std::function<Row()> run;
  };
  const int runs = opt.runs;
  const std::vector<Entry> all = {
      {"vector_add", [&] { return vector_add(runs); }},
      {"grid_stride", [&] { return grid_stride(runs); }},
      {"histogram", [&] { return histogram(runs); }},
      {"matmul256", [&] { return matmul(runs, 256); }},
      {"matmul512", [&] { return matmul(runs, 512); }},
      {"tree_reduce", [&] { return reduction(runs, false); }},
      {"shuffle_reduce", [&] { return reduction(runs, true); }},
      {"barrier", [&] { return barrier(runs, cores); }},
      {"barrier1", [&] { return barrier(runs, 1); }},
      {"tile_sync", [&] { return barrier(runs, cores, Sync::tile); }},
      {"tile_sync1", [&] { return barrier(runs, 1, Sync::tile); }},
      {"grid_sync", [&] { return barrier(runs, cores, Sync::grid); }},
      {"grid_sync1", [&] { return barrier(runs, 1, Sync::grid); }},
  };
  std::vector<const Entry*> chosen;
  for (const Entry& e : all)
    if (selected(e.key, opt.only)) chosen.push_back(&e);
  if (chosen.empty()) {
    std::string keys;
    for (const Entry& e : all) keys += std::string(" ") + e.key;
    usage(("--only matches no workload; workloads:" + keys).c_str());
  }

  std::string load;
  std::getline(std::ifstream("/proc/loadavg"), load);
  std::printf("bench_engine: simulator on %u worker(s) vs serial loop on 1 core; median of %d run(s) after 1 warm-up\n"
              "  load average at start: %s\n",
              cores, runs, load.empty() ? "unknown" : load.c_str());
  if (opt.scale != 1)
    std::printf("  --scale %d: element counts of the 1-D workloads divided by %d\n", opt.scale, opt.scale);
  std::vector<Row> rows;
  for (const Entry* e : chosen) {
    std::printf("  running %s ...\n", e->key);
    std::fflush(stdout);
    rows.push_back(e->run());
    rows.back().key = e->key;
    if (!rows.back().spread.empty()) std::printf("    %s\n", rows.back().spread.c_str());
  }
  print_table(rows);
  if (opt.records) print_records(rows);
  return g_failed ? 1 : 0;
}
