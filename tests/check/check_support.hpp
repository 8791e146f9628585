// Helpers of the checker suites (tests/check/): every configuration a verdict must hold under,
// exact expectations of findings located through "// @tag" markers, clean runs, and planted bugs
// that must also disappear when their checker is switched off.
//
//   check_test::for_each_config(fn)          fn() under 16 configurations (in-order, reverse,
//                                             random with 5 seeds and interleaved, each with 1 and
//                                             2 workers)
//   check_test::expect_findings({...}, run)  run() must produce exactly these findings
//   check_test::expect_clean(run)            run() must produce no finding
//   check_test::expect_planted({...}, run)   expect_findings under every configuration, then again
//                                             with the findings' checkers off: they must vanish
//
// `run` launches, synchronises and returns the status of the synchronising call (or of the API
// call under test); it owns every allocation it makes (they are gone after each run: a fatal
// finding is followed by cudaDeviceReset).
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cusim/cusim.hpp>
#include <fstream>
#include <functional>
#include <map>
#include <source_location>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace check_test {

// ---- configurations ----------------------------------------------------------------------------
// On the CUDA backend the GPU schedules threads and blocks itself: one configuration, its own.
#if !CUSIM_SIMULATOR
struct Config {};
inline std::string config_name(const Config&) { return "the GPU's own schedule"; }
template <class Fn>
void for_each_config(Fn&& fn) {
  if constexpr (std::is_invocable_v<Fn&, const Config&>) fn(Config{});
  else fn();
}
#else

struct Config {
  cusim::Schedule schedule;
  unsigned long long seed;
  unsigned workers;
};

inline std::string config_name(const Config& c) {
  const char* s = c.schedule == cusim::Schedule::in_order  ? "in-order"
                  : c.schedule == cusim::Schedule::reverse ? "reverse"
                  : c.schedule == cusim::Schedule::random  ? "random"
                                                           : "interleaved";
  std::string name = std::string("schedule ") + s;
  if (c.schedule == cusim::Schedule::random) name += " seed " + std::to_string(c.seed);
  return name + ", " + std::to_string(c.workers) + (c.workers == 1 ? " worker" : " workers");
}

inline const std::vector<Config>& all_configs() {
  static const std::vector<Config> configs = [] {
    std::vector<Config> out;
    for (unsigned workers : {1u, 2u}) {
      out.push_back({cusim::Schedule::in_order, 1, workers});
      out.push_back({cusim::Schedule::reverse, 1, workers});
      for (unsigned long long seed : {1ull, 7ull, 42ull, 2024ull, 987654321ull})
        out.push_back({cusim::Schedule::random, seed, workers});
      // Switches at every checked access: a verdict must not hang on where a thread stops either.
      out.push_back({cusim::Schedule::interleaved, 1, workers});
    }
    return out;
  }();
  return configs;
}

// Runs fn() (or fn(config)) once per configuration, each under its own schedule scope, with a
// doctest INFO naming the configuration.
template <class Fn>
void for_each_config(Fn&& fn) {
  for (const Config& c : all_configs()) {
    INFO("configuration: " << config_name(c));
    cusim_test::ScopedSchedule scope(c.schedule, c.seed, c.workers);
    if constexpr (std::is_invocable_v<Fn&, const Config&>) fn(c);
    else fn();
  }
}
#endif

// ---- markers -----------------------------------------------------------------------------------

inline std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The line of `file` holding "// @<tag>" (the tag followed by the end of the line or a space);
// -1 if there is none, -2 if there are several.
inline int marked_line(const std::string& file, const std::string& tag) {
  static std::map<std::string, std::vector<std::string>> cache;
  auto it = cache.find(file);
  if (it == cache.end()) {
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    it = cache.emplace(file, std::move(lines)).first;
  }
  const std::string marker = "// @" + tag;
  int found = -1;
  for (std::size_t n = 0; n < it->second.size(); ++n) {
    const std::string& line = it->second[n];
    for (auto at = line.find(marker); at != std::string::npos; at = line.find(marker, at + 1)) {
      const auto end = at + marker.size();
      if (end < line.size() && line[end] != ' ') continue;
      if (found != -1) return -2;
      found = static_cast<int>(n + 1);
    }
  }
  return found;
}

// ---- findings ----------------------------------------------------------------------------------

// One expected finding: its kind, the marked line it must name, the memory space ("global",
// "shared" or "" for findings about no memory access) and, for races, the marked line of the
// other (earlier) access ("" leaves other_line unchecked). `error`: the CUDA error the finding must
// carry; by default the kind's own (barrier-divergence: cudaErrorLaunchFailure).
//
// Findings about threads waiting at two places (barrier-divergence at different __syncthreads(),
// warp-mask-mismatch) take their line from the thread that found the conflict, which depends on
// the schedule (reported as a checker issue; other_line stays 0). For them `tag` lists the
// places, "a|b": the line must be one of them.
inline constexpr int kKindError = -1;
struct Expect {
  std::string kind;
  std::string tag;
  std::string space = "";
  std::string other_tag = "";
  int error = kKindError;
};

// The CUDA error a finding of `kind` carries (barrier-divergence: the fatal form, threads at
// different __syncthreads(); the form for exited threads is cudaSuccess and is asked for
// explicitly).
inline cudaError_t kind_error(const std::string& kind) {
  if (kind == "out-of-bounds" || kind == "use-after-free" || kind == "wild-access") return cudaErrorIllegalAddress;
  if (kind == "misaligned-access") return cudaErrorMisalignedAddress;
  if (kind == "invalid-free") return cudaErrorInvalidValue;
  if (kind == "deadlock") return cudaErrorLaunchTimeout;
  if (kind == "device-side-launch" || kind == "host-call-in-kernel") return cudaErrorNotSupported;
  if (kind == "barrier-divergence" || kind.rfind("warp-", 0) == 0 || kind == "constant-memory-write" ||
      kind == "invalid-grid-sync")
    return cudaErrorLaunchFailure;
  return cudaSuccess;  // races, uninitialised reads
}

// The expectation resolved against the test's source file.
struct Resolved {
  const Expect* e;
  std::vector<unsigned> lines;  // the finding's line is one of these
  unsigned other_line;
  cudaError_t error;
};

inline std::vector<std::string> split_tags(const std::string& tags) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (std::size_t bar; (bar = tags.find('|', from)) != std::string::npos; from = bar + 1)
    out.push_back(tags.substr(from, bar - from));
  out.push_back(tags.substr(from));
  return out;
}

// Calls run(); returns its status (cudaSuccess when it returns nothing).
template <class Run>
cudaError_t call(Run& run) {
  if constexpr (std::is_void_v<decltype(run())>) {
    run();
    return cudaSuccess;
  } else {
    return run();
  }
}

// A run behind one type. The expectations below are ordinary functions of a RunFn, compiled once
// per test file rather than once per test (as templates over each test's lambda they made the
// checked build of a suite of a hundred planted bugs take minutes); the templates at the end of
// this file only wrap each test's lambda.
using RunFn = std::function<cudaError_t()>;

template <class Run>
RunFn erase_run(Run& run) {
  return [&run] { return call(run); };
}

namespace detail {

#if !CUSIM_SIMULATOR
// On the CUDA backend there are no cusim findings. A clean run must still succeed (its own CHECKs
// test the results). A planted bug runs once between two marker lines on stdout, for
// compute-sanitizer (tools/sanitizer-table): what its tools report between the markers is what the
// GPU's own checker finds. Nothing is asserted there: the outcome of the bug is undefined on a GPU.
inline void reset_device() {
  cudaGetLastError();
  cudaDeviceReset();
}

inline void expect_clean(const RunFn& run, std::source_location) {
  const cudaError_t status = run();
  CHECK_MESSAGE(status == cudaSuccess, "status " << std::string(cudaGetErrorName(status)));
}

inline void expect_clean_everywhere(const RunFn& run, std::source_location loc) { expect_clean(run, loc); }

inline void expect_findings(const std::vector<Expect>& expected, const RunFn& run, std::source_location loc) {
  if (expected.empty()) return expect_clean(run, loc);
  std::string kinds, lines;
  for (const Expect& e : expected) {
    kinds += (kinds.empty() ? "" : ",") + e.kind;
    for (const std::string& tag : split_tags(e.tag))
      lines += (lines.empty() ? "" : ",") + std::to_string(marked_line(loc.file_name(), tag));
  }
  struct Markers {  // the end marker also when a REQUIRE inside run() ends the test case
    explicit Markers(const std::string& begin) {
      std::printf("%s\n", begin.c_str());
      std::fflush(stdout);
    }
    ~Markers() {
      cudaDeviceSynchronize();
      std::printf("cusim-planted-end\n");
      std::fflush(stdout);
    }
  };
  {
    Markers m("cusim-planted-begin: kinds=" + kinds + " file=" + base_name(loc.file_name()) + " lines=" + lines);
    (void)run();
  }
  reset_device();
}

inline void expect_planted(const std::vector<Expect>& expected, const RunFn& run, std::source_location loc) {
  expect_findings(expected, run, loc);
}
#else
// The checker (cusim::Checks bit) that produces `kind`; 0 for the kinds reported whatever the
// checks: deadlock, warp-*, invalid-grid-sync and barrier-misuse (the engine cannot go on past them) and invalid-free (memcheck's by
// name, but the runtime reports it, and fails the call, whatever CUSIM_CHECK says, as it did before
// the checkers existed).
inline unsigned kind_checker(const std::string& kind) {
  if (kind.rfind("race-", 0) == 0) return cusim::Checks::racecheck;
  if (kind == "uninitialized-read") return cusim::Checks::initcheck;
  if (kind == "barrier-divergence") return cusim::Checks::synccheck;
  if (kind == "deadlock" || kind.rfind("warp-", 0) == 0 || kind == "invalid-free" || kind == "device-side-launch" ||
      kind == "host-call-in-kernel" || kind == "spin-wait-stalled" || kind == "invalid-grid-sync" ||
      kind == "barrier-misuse")
    return 0;
  return cusim::Checks::memcheck;
}

inline std::string describe(const cusim::Finding& f) {
  std::ostringstream s;
  s << f.kind << " [" << cudaGetErrorName(f.error) << "] space '" << f.space << "' at " << base_name(f.file) << ":"
    << f.line;
  if (f.other_line) s << ", other " << base_name(f.other_file) << ":" << f.other_line;
  s << " (x" << f.count << ")\n    " << f.text;
  return s.str();
}

inline bool matches(const Resolved& r, const cusim::Finding& f, const std::string& file) {
  if (f.kind != r.e->kind || f.space != r.e->space || f.error != r.error) return false;
  if (std::find(r.lines.begin(), r.lines.end(), f.line) == r.lines.end()) return false;
  if (base_name(f.file) != file) return false;
  if (!r.e->other_tag.empty() && (f.other_line != r.other_line || base_name(f.other_file) != file)) return false;
  return true;
}

// Leaves the device as a fresh process finds it: no findings, no sticky error, no allocations.
inline void reset_device() {
  cusim::clear_findings();
  cudaGetLastError();
  cudaDeviceReset();
}

// An uninitialized-read at a line that is also the racing access of an expected race: whether the
// read finds the value written depends on which thread ran first (docs/CHECKS.md, Limits). The
// schedules that run each thread until it blocks give it in every run, so it is required there;
// the interleaved schedule, which switches at every access, may let every write happen first.
inline bool racy_initcheck(const Resolved& w, const std::vector<Resolved>& want) {
  if (w.e->kind != "uninitialized-read") return false;
  return std::any_of(want.begin(), want.end(), [&](const Resolved& r) {
    return r.e->kind.rfind("race-", 0) == 0 && r.lines == w.lines;
  });
}

// Clears the findings, runs `run`, and checks that the findings it made are exactly `expected`
// (kind, line, space, error, and other line where given: each expectation met, each finding
// expected) and that run's status is the error of the fatal one among them (cudaSuccess if none
// is fatal). The findings go to `*seen` when it is given.
inline void expect_findings(const std::vector<Expect>& expected, const RunFn& run, std::source_location loc,
                            std::vector<cusim::Finding>* seen = nullptr) {
  const std::string file = base_name(loc.file_name());
  std::vector<Resolved> want;
  cudaError_t status_wanted = cudaSuccess;
  for (const Expect& e : expected) {
    INFO("tags '" << e.tag << "' / '" << e.other_tag << "' in " << loc.file_name());
    std::vector<unsigned> lines;
    for (const std::string& tag : split_tags(e.tag)) {
      const int line = marked_line(loc.file_name(), tag);
      REQUIRE(line > 0);
      lines.push_back(static_cast<unsigned>(line));
    }
    const int other = e.other_tag.empty() ? 0 : marked_line(loc.file_name(), e.other_tag);
    REQUIRE(other >= 0);
    const cudaError_t error = e.error == kKindError ? kind_error(e.kind) : static_cast<cudaError_t>(e.error);
    if (error != cudaSuccess) status_wanted = error;
    want.push_back({&e, lines, static_cast<unsigned>(other), error});
  }

  cusim::clear_findings();
  cudaGetLastError();
  const cudaError_t status = run();
  const std::vector<cusim::Finding> got = cusim::take_findings();

  std::string all;
  for (const auto& f : got) all += "\n  " + describe(f);
  INFO("findings:" << (got.empty() ? std::string(" none") : all));
  // Findings are kept per code address (a line may hold several accesses, each its own finding),
  // so the comparison is of sets: every expectation met by some finding, every finding expected.
  for (const Resolved& w : want) {
    const bool met = std::any_of(got.begin(), got.end(), [&](const cusim::Finding& f) { return matches(w, f, file); });
    if (!met && racy_initcheck(w, want) && cusim::settings().schedule == cusim::Schedule::interleaved)
      continue;  // allowed, not required: see racy_initcheck
    if (!met)
      FAIL_CHECK("missing finding: " << w.e->kind << " [" << std::string(cudaGetErrorName(w.error)) << "] space '"
                                     << w.e->space << "' at " << file << ":" << w.lines[0] << " (@" << w.e->tag << ")"
                                     << (w.other_line ? ", other line " + std::to_string(w.other_line) : ""));
  }
  for (const cusim::Finding& f : got) {
    const bool wanted = std::any_of(want.begin(), want.end(), [&](const Resolved& w) { return matches(w, f, file); });
    if (!wanted) FAIL_CHECK("unexpected finding: " << describe(f));
  }
  CHECK_MESSAGE(status == status_wanted, "status " << std::string(cudaGetErrorName(status)) << ", expected "
                                                    << std::string(cudaGetErrorName(status_wanted)));
  if (seen) *seen = got;
  reset_device();
}

// What of a report must not depend on the schedule or the worker count: its kind, sites and
// relation, and its wording with the numbers taken out (which thread and byte it quotes, and how
// many instances it counts, are those of the run: docs/CHECKS.md).
inline std::string report_shape(const cusim::Finding& f) {
  std::string text = f.text;
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "0x") == 0) {
      out += "0x#";
      for (i += 2; i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i]));) ++i;
    } else if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      out += '#';
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    } else {
      out += text[i++];
    }
  }
  for (std::size_t at; (at = out.find(" (# times)")) != std::string::npos;) out.erase(at, 10);
  // Also the instance's own: which of a statement's accesses met the other site first (`total +=
  // x` reads and writes: the write stands for the read in the race cell, docs/CHECKS.md), where
  // the first thread to fault lay beside an allocation, and the counts per relation.
  auto replace_all = [&](const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = out.find(from, at)) != std::string::npos; at += to.size()) out.replace(at, from.size(), to);
  };
  for (const char* word : {"race: read of ", "race: write of ", "race: atomic of "}) replace_all(word, "race: <access> of ");
  replace_all("bytes past the end of the ", "bytes outside the ");
  replace_all("bytes before the ", "bytes outside the ");
  for (const char* list : {" (# between blocks", " (# between warps of a block", " (# within a warp"}) {
    const std::size_t at = out.find(list);
    if (at != std::string::npos) out.erase(at, out.find(')', at) + 1 - at);
  }
  return f.kind + " at " + base_name(f.file) + ":" + std::to_string(f.line) + ", other " + base_name(f.other_file) +
         ":" + std::to_string(f.other_line) + ", relation '" + f.relation + "'\n    " + out;
}

// The report shapes of one run's findings, sorted, each once; an uninitialized-read that
// racy_initcheck allows to be missing is left out.
inline std::vector<std::string> report_shapes(const std::vector<cusim::Finding>& got) {
  std::vector<std::string> shapes;
  for (const cusim::Finding& f : got) {
    const bool racy = f.kind == "uninitialized-read" && std::any_of(got.begin(), got.end(), [&](const cusim::Finding& r) {
                        return r.kind.rfind("race-", 0) == 0 && r.line == f.line;
                      });
    if (!racy) shapes.push_back(report_shape(f));
  }
  std::sort(shapes.begin(), shapes.end());
  shapes.erase(std::unique(shapes.begin(), shapes.end()), shapes.end());
  return shapes;
}

// run() must make no finding and return cudaSuccess.
inline void expect_clean(const RunFn& run, std::source_location loc) { expect_findings({}, run, loc); }

// expect_clean under every configuration.
inline void expect_clean_everywhere(const RunFn& run, std::source_location loc) {
  for_each_config([&] { expect_clean(run, loc); });
}

// A planted bug: `expected` under every configuration; then, for each checker that produces one
// of the expected kinds, run again with that checker's bit off (under two configurations) and
// check that no finding of its kinds appears. Kinds produced whatever the checks (deadlock,
// warp-*, invalid-free, spin-wait-stalled: kind_checker) must instead still be reported, promptly,
// with every checker off, and fail the launch or call if they are fatal.
inline void expect_planted(const std::vector<Expect>& expected, const RunFn& run, std::source_location loc) {
  REQUIRE(!expected.empty());
  // Every configuration must also give the same reports as the first, numbers aside.
  std::vector<std::string> first_shapes;
  std::string first_config;
  for_each_config([&](const Config& c) {
    std::vector<cusim::Finding> got;
    expect_findings(expected, run, loc, &got);
    const std::vector<std::string> shapes = report_shapes(got);
    if (first_config.empty()) {
      first_config = config_name(c);
      first_shapes = shapes;
      return;
    }
    if (shapes != first_shapes) {
      std::string a, b;
      for (const auto& s : first_shapes) a += "\n  " + s;
      for (const auto& s : shapes) b += "\n  " + s;
      FAIL_CHECK("the reports differ from those under " << first_config << ":" << a << "\nhere:" << b);
    }
  });

  std::map<unsigned, std::vector<std::string>> by_checker;
  for (const Expect& e : expected) by_checker[kind_checker(e.kind)].push_back(e.kind);
  const Config off_configs[] = {{cusim::Schedule::in_order, 1, 1}, {cusim::Schedule::random, 7, 2}};
  for (const auto& [checker, kinds] : by_checker) {
    for (const Config& c : off_configs) {
      cusim_test::ScopedSchedule scope(c.schedule, c.seed, c.workers);
      cusim::settings().checks = checker ? cusim::Checks::all & ~checker : cusim::Checks::none;
      INFO("configuration: " << config_name(c) << ", checks " << cusim::settings().checks << " of 15");
      cusim::clear_findings();
      cudaGetLastError();
      const auto start = std::chrono::steady_clock::now();
      const cudaError_t status = run();
      const auto elapsed = std::chrono::steady_clock::now() - start;
      const std::vector<cusim::Finding> got = cusim::take_findings();
      std::string all;
      for (const auto& f : got) all += "\n  " + describe(f);
      INFO("findings with the checker off:" << (got.empty() ? std::string(" none") : all));
      if (checker) {
        for (const auto& f : got)
          CHECK_MESSAGE(std::find(kinds.begin(), kinds.end(), f.kind) == kinds.end(),
                        "finding of kind " << f.kind << " with its checker off");
      } else {
        const bool fatal = std::any_of(kinds.begin(), kinds.end(), [](const std::string& k) { return kind_error(k) != cudaSuccess; });
        if (fatal) CHECK_MESSAGE(status != cudaSuccess, "the launch succeeded with every checker off");
        // Found, not left to run into ctest's time limit: the spin detector's last word takes half
        // a second and a million polls, far longer on a loaded 2-core machine; this is no timing.
        CHECK(elapsed < std::chrono::seconds(20));
        for (const std::string& kind : kinds)
          CHECK_MESSAGE(std::any_of(got.begin(), got.end(), [&](const cusim::Finding& f) { return f.kind == kind; }),
                        "no finding of kind " << kind << " with every checker off");
      }
      reset_device();
    }
  }
}
#endif  // CUSIM_SIMULATOR
}  // namespace detail

using detail::reset_device;

// The expectations for any callable run (the comments in detail:: say what each requires).
template <class Run>
void expect_clean(Run&& run, std::source_location loc = std::source_location::current()) {
  detail::expect_clean(erase_run(run), loc);
}

template <class Run>
void expect_clean_everywhere(Run&& run, std::source_location loc = std::source_location::current()) {
  detail::expect_clean_everywhere(erase_run(run), loc);
}

template <class Run>
void expect_findings(const std::vector<Expect>& expected, Run&& run,
                     std::source_location loc = std::source_location::current()) {
  detail::expect_findings(expected, erase_run(run), loc);
}

template <class Run>
void expect_planted(const std::vector<Expect>& expected, Run&& run,
                    std::source_location loc = std::source_location::current()) {
  detail::expect_planted(expected, erase_run(run), loc);
}

// ---- kernels' helpers ----------------------------------------------------------------------------

// Device memory owned by one run: freed at the end of the run (after a sticky error too).
template <class T>
class DeviceArray {
 public:
  explicit DeviceArray(std::size_t n) : n_(n) { REQUIRE(cudaMalloc(&p_, n * sizeof(T)) == cudaSuccess); }
  DeviceArray(std::size_t n, const std::vector<T>& host) : DeviceArray(n) { upload(host); }
  ~DeviceArray() { cudaFree(p_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  T* get() const { return p_; }
  void upload(const std::vector<T>& host) {
    REQUIRE(host.size() <= n_);
    REQUIRE(cudaMemcpy(p_, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice) == cudaSuccess);
  }
  void zero() { REQUIRE(cudaMemset(p_, 0, n_ * sizeof(T)) == cudaSuccess); }
  std::vector<T> download() const {
    std::vector<T> host(n_);
    REQUIRE(cudaMemcpy(host.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost) == cudaSuccess);
    return host;
  }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

// Launches (args as cusim::launch takes them: optionally shared bytes first) and synchronises;
// returns the synchronising call's status (a launch that is rejected returns the launch's own).
template <class... P, class... A>
cudaError_t launch_sync(void (*kernel)(P...), dim3 grid, dim3 block, A&&... args) {
  if (cudaError_t e = cusim::launch(kernel, grid, block, std::forward<A>(args)...); e != cudaSuccess) return e;
  return cudaDeviceSynchronize();
}
}  // namespace check_test
