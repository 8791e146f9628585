// CUSIM_TRACE (docs/TRACING.md): programs run with tracing on, their trace files read back and
// checked against the trace-event format and against what the programs did.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "run_program.hpp"
#include "trace/trace_format.hpp"

using cusim_test::load_trace;
using cusim_test::occurrences;
using cusim_test::run_program;
using cusim_test::TempDir;
using cusim_test::Trace;
using cusim_test::TraceEvent;

namespace {

// The tiled matmul of examples/ at size n: ceil(n/16)^2 blocks of 16x16 threads, two barriers per
// tile, ceil(n/16) tiles.
struct Matmul {
  int n;
  int tiles() const { return (n + 15) / 16; }
  int blocks() const { return tiles() * tiles(); }
  int barriers_per_block() const { return 2 * tiles(); }
};

// Runs the tiled matmul with tracing into `file`, with extra environment `env`; it must end with
// `status`.
cusim_test::ProgramRun traced_matmul(const Matmul& m, const std::string& file, std::vector<std::string> env = {},
                                     int status = 0) {
  env.push_back("CUSIM_TRACE=" + file);
  env.push_back("CUSIM_WORKERS=2");
  env.push_back("CUSIM_SCHEDULE=in-order");
  const auto run = run_program({TILED_MATMUL, std::to_string(m.n)}, env);
  CHECK(run.started);
  CHECK_MESSAGE(run.status == status, run.err);
  CHECK(run.out.find("max relative error 0.00e+00") != std::string::npos);
  return run;
}

// The block event of `e`'s block (same worker, same launch and block index), or nullptr.
const TraceEvent* block_of(const Trace& t, const TraceEvent& e, long worker) {
  for (const TraceEvent* b : t.with_cat("block"))
    if (b->tid == worker && b->arg("block") == e.arg("block") && b->number("launch") == e.number("launch") &&
        b->encloses(e))
      return b;
  return nullptr;
}

// The worker whose warp or thread track `tid` is (tracks: sim/trace/tracks.hpp).
long worker_of_subtrack(long tid) { return tid / 1000000 - 1; }

}  // namespace

TEST_CASE("a traced tiled matmul: trace-event JSON with its launch, one event per block inside it, on named worker tracks, and the barrier waits") {
  TempDir dir;
  const Matmul m{200};
  traced_matmul(m, dir.file("trace.json"));
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  CHECK(t.other_string("detail") == "blocks");
  CHECK(t.other_number("dropped") == 0);

  const auto launches = t.with_cat("launch");
  REQUIRE(launches.size() == 1);
  const TraceEvent& launch = *launches[0];
  CHECK(launch.name == "matmul_tiled(float const*, float const*, float*, int)");
  CHECK(launch.arg("grid") == "(13,13,1)");
  CHECK(launch.arg("block") == "(16,16,1)");
  CHECK(launch.number("dynamic_shared_bytes") == 0);
  CHECK(launch.arg("stream") == "default");
  CHECK(launch.number("error") == 0);
  CHECK(t.track_names.at({launch.pid, launch.tid}) == "stream 0 (default)");

  const auto blocks = t.with_cat("block");
  CHECK(blocks.size() == static_cast<std::size_t>(m.blocks()));
  std::set<std::string> distinct;
  for (const TraceEvent* b : blocks) {
    distinct.insert(b->arg("block"));
    CHECK_MESSAGE(launch.encloses(*b), b->name, " lies outside its launch");
    CHECK(b->name == "block " + b->arg("block"));
    CHECK(b->arg("kernel") == launch.name);
    CHECK(t.track_names.at({b->pid, b->tid}) == "worker " + std::to_string(b->tid));
  }
  CHECK(distinct.size() == blocks.size());

  const auto barriers = t.with_cat("barrier");
  CHECK(barriers.size() == static_cast<std::size_t>(m.blocks() * m.barriers_per_block()));
  for (const TraceEvent* w : barriers) {
    CHECK(w->name == "__syncthreads()");
    CHECK(w->number("threads") == 256);
    CHECK(w->arg("site").find("tiled_matmul.cu:2") != std::string::npos);
    CHECK_MESSAGE(block_of(t, *w, w->tid) != nullptr, "barrier wait outside its block at ", w->ts);
  }

  // The host's calls, on the host process's track.
  std::set<std::string> host_calls;
  for (const TraceEvent* h : t.with_cat("host")) {
    host_calls.insert(h->name);
    CHECK(t.process_names.at(h->pid) == "host: tiled_matmul");
  }
  CHECK(host_calls == std::set<std::string>{"cudaMallocManaged", "cusim::launch", "cudaDeviceSynchronize", "cudaFree"});
}

TEST_CASE("CUSIM_TRACE_DETAIL=warps adds each warp's run slices, on a track per worker and warp") {
  TempDir dir;
  const Matmul m{32};
  traced_matmul(m, dir.file("trace.json"), {"CUSIM_TRACE_DETAIL=warps"});
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  CHECK(t.other_string("detail") == "warps");
  const auto warps = t.with_cat("warp");
  // In order, each barrier phase runs every warp once, back to back: 8 warps x (barriers + 1).
  CHECK(warps.size() == static_cast<std::size_t>(m.blocks() * 8 * (m.barriers_per_block() + 1)));
  for (const TraceEvent* w : warps) {
    const long worker = worker_of_subtrack(w->tid);
    CHECK(t.track_names.at({w->pid, w->tid}) == "worker " + std::to_string(worker) + " " + w->name);
    CHECK_MESSAGE(block_of(t, *w, worker) != nullptr, w->name, " outside its block at ", w->ts);
  }
  CHECK(t.with_cat("thread").empty());
}

TEST_CASE("CUSIM_TRACE_DETAIL=threads adds each thread's run slices and waits, alternating on its track") {
  TempDir dir;
  const Matmul m{32};
  traced_matmul(m, dir.file("trace.json"), {"CUSIM_TRACE_DETAIL=threads"});
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  const auto runs = t.with_cat("thread");
  const auto waits = t.with_cat("wait");
  const std::size_t threads = static_cast<std::size_t>(m.blocks()) * 256;
  CHECK(runs.size() == threads * (m.barriers_per_block() + 1));
  CHECK(waits.size() == threads * m.barriers_per_block());
  std::map<long, std::vector<const TraceEvent*>> per_track;
  for (const TraceEvent* e : runs) per_track[e->tid].push_back(e);
  for (const TraceEvent* e : waits) {
    per_track[e->tid].push_back(e);
    CHECK(e->name == "__syncthreads()");
  }
  for (auto& [tid, list] : per_track) {
    std::sort(list.begin(), list.end(), [](const TraceEvent* a, const TraceEvent* b) { return a->ts < b->ts; });
    for (std::size_t i = 1; i < list.size(); ++i)
      CHECK_MESSAGE(list[i]->ts >= list[i - 1]->end() - 5e-4, "overlapping slices on track ", tid);
    CHECK(t.track_names.count({list[0]->pid, tid}) == 1);
  }
  for (const TraceEvent* r : runs) CHECK_MESSAGE(block_of(t, *r, worker_of_subtrack(r->tid)) != nullptr, r->name);
}

TEST_CASE("CUSIM_TRACE_LIMIT: events past the limit are dropped, counted in otherData and warned about once") {
  TempDir dir;
  const Matmul m{200};
  const auto run = traced_matmul(m, dir.file("trace.json"), {"CUSIM_TRACE_LIMIT=50"});
  CHECK(occurrences(run.err, "CUSIM_TRACE_LIMIT") == 1);
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  CHECK(t.events.size() <= 50);
  CHECK(t.other_number("limit") == 50);
  CHECK(t.other_number("events") == static_cast<double>(t.events.size()));
  // Everything the full trace holds was either kept or counted.
  const double produced = 1 + m.blocks() * (1 + m.barriers_per_block());
  CHECK(t.other_number("dropped") + static_cast<double>(t.events.size()) >= produced);
}

TEST_CASE("a trace file that cannot be written: one error line, the program runs as without it, and fails") {
  TempDir dir;
  // A lost output is never silent: the program's exit status is CUSIM_ERROR_EXITCODE's (1).
  const std::string file = dir.file("no-such-directory/trace.json");
  const auto run = traced_matmul(Matmul{64}, file, {}, 1);
  CHECK(occurrences(run.err, "cusim: error: CUSIM_TRACE=" + file + ": cannot write there: the folder " +
                                 dir.file("no-such-directory") + " does not exist\n") == 1);
  CHECK(occurrences(run.err, "cusim: error:") == 1);
}

TEST_CASE("the trace is written when the program exits with findings, and a failed launch carries its error") {
  TempDir dir;
  // race_counter ends with findings it does not take: the exit handler ends the process with status 1.
  const auto racy = run_program({RACE_COUNTER}, {"CUSIM_TRACE=" + dir.file("race.json")});
#if RACE_COUNTER_CHECKED
  CHECK(racy.status == 1);
#endif
  const Trace race = load_trace(dir.file("race.json"));
  CHECK(race.valid);
  CHECK(race.with_cat("launch").size() == 2);
  CHECK(race.with_cat("block").size() == 64);

  // A kernel faults; the program calls exit(3) after cudaDeviceSynchronize reports it.
  const auto faulty = run_program({TEST_PROGRAM, "fault-exit"}, {"CUSIM_TRACE=" + dir.file("fault.json")});
  CHECK(faulty.status == 3);
  const Trace fault = load_trace(dir.file("fault.json"));
  REQUIRE(fault.valid);
  const auto launches = fault.with_cat("launch");
  REQUIRE(launches.size() == 1);
  CHECK(launches[0]->arg("error_name") == "cudaErrorIllegalAddress");
  CHECK(launches[0]->number("error") == 700);
  const auto blocks = fault.with_cat("block");
  REQUIRE(blocks.size() == 1);
  CHECK(cusim_test::find(*blocks[0]->args, "failed") != nullptr);
}

TEST_CASE("atomics are counted per block (checked build), and copies run on the stream's track") {
  TempDir dir;
  run_program({RACE_COUNTER}, {"CUSIM_TRACE=" + dir.file("trace.json"), "CUSIM_ERROR_EXITCODE=0"});
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  double atomics = 0;
  std::size_t counters = 0;
  for (const TraceEvent& e : t.events)
    if (e.ph == "C") {
      ++counters;
      CHECK(e.name == "atomics (worker " + std::to_string(e.tid) + ")");
      atomics += e.number("atomics");
    }
#if RACE_COUNTER_CHECKED
  // atomic_counter_kernel: 32 blocks of 32 threads, one atomicAdd each; a counter rises at each
  // block's start and falls to 0 at its end.
  CHECK(counters == 64);
  CHECK(atomics == 1024);
  CHECK(t.other_string("atomics").find("checked build") != std::string::npos);
#else
  CHECK(counters == 0);
  CHECK(t.other_string("atomics").find("not traced") != std::string::npos);
#endif
  std::multiset<std::string> on_stream;
  for (const TraceEvent* s : t.with_cat("stream")) {
    on_stream.insert(s->name);
    CHECK(s->number("bytes") == 4);
    CHECK(t.track_names.at({s->pid, s->tid}) == "stream 0 (default)");
  }
  CHECK(on_stream == std::multiset<std::string>{"memcpy", "memcpy", "memset", "memset"});
}

TEST_CASE("NVTX ranges and marks are on the host thread's track, nested as the program pushed them") {
  TempDir dir;
  const auto run = run_program({NVTX_PROGRAM}, {"CUSIM_TRACE=" + dir.file("trace.json")});
  CHECK_MESSAGE(run.status == 0, run.err);
  CHECK(run.out.find("results_in_ranges: ok") != std::string::npos);
  CHECK(run.err.find("nvtx levels: 0 1 1 0") != std::string::npos);
  const Trace t = load_trace(dir.file("trace.json"));
  REQUIRE(t.valid);
  std::map<std::string, const TraceEvent*> ranges, marks;
  for (const TraceEvent* e : t.with_cat("nvtx")) {
    CHECK(e->pid == 2);  // the host process
    CHECK(t.track_names.at({e->pid, e->tid}).rfind("host thread", 0) == 0);
    (e->ph == "X" ? ranges : marks)[e->name] = e;
  }
  CHECK(ranges.size() == 6);
  for (const char* name : {"outer", "inner", "attributed", "wide \xc3\xa9t\xc3\xa9", "started", "in a domain"})
    CHECK_MESSAGE(ranges.count(name), name);
  CHECK(marks.size() == 2);
  REQUIRE((ranges.count("outer") && ranges.count("inner") && marks.count("between kernels") && marks.count("registered") &&
           ranges.count("in a domain") && ranges.count("started")));
  CHECK(ranges["outer"]->encloses(*ranges["inner"]));
  CHECK(ranges["outer"]->encloses(*ranges["in a domain"]));
  CHECK(ranges["inner"]->encloses(*marks["between kernels"]));
  CHECK(ranges["in a domain"]->encloses(*marks["registered"]));
  CHECK(ranges["in a domain"]->arg("domain") == "corpus");
  CHECK(marks["registered"]->arg("domain") == "corpus");
  CHECK(ranges["inner"]->arg("domain").empty());
  // The kernels of the inner range ran inside it.
  std::size_t launches_inside = 0;
  for (const TraceEvent* l : t.with_cat("launch")) launches_inside += ranges["inner"]->encloses(*l);
  CHECK(launches_inside == 2);
  CHECK(ranges["started"]->ts >= ranges["inner"]->end());

  // Without a trace, the same levels.
  const auto plain = run_program({NVTX_PROGRAM}, {});
  CHECK(plain.status == 0);
  CHECK(plain.err.find("nvtx levels: 0 1 1 0") != std::string::npos);
}
