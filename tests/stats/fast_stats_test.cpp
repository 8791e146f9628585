// CUSIM_STATS in a fast build (kernels not instrumented): blocks, threads and barriers are still
// counted; memory statistics are reported as not measured, never as zeros.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>

#include "stats/stats_support.hpp"

using stats_test::capture_stderr;
using stats_test::Device;
using stats_test::Json;
using stats_test::JsonParser;
using stats_test::read_text;
using stats_test::ScopedStats;
using stats_test::stats_of;

namespace {
__global__ void staged_copy(const float* in, float* out) {
  CUSIM_SHARED(float, tile, [64]);
  tile[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
  __syncthreads();
}
}  // namespace

TEST_CASE("stats, fast build: blocks, threads and barriers; memory not measured") {
  const std::string path = "fast_stats_test.json";
  std::remove(path.c_str());
  ScopedStats on("json:" + path);
  Device<float> in(5 * 64, 1.f), out(5 * 64);
  cusim::LaunchStats s;
  const std::string table = capture_stderr([&] { s = stats_of(staged_copy, dim3(5), dim3(64), in.p, out.p); });
  CHECK(s.blocks == 5);
  CHECK(s.threads == 320);
  CHECK(s.barriers == 10);
  CHECK(s.barrier_waits == 640);
  CHECK_FALSE(s.memory_measured);
  CHECK(s.global_loads.accesses == 0);
  CHECK(table.find("blocks 5, threads 320, barriers 10 (640 thread arrivals)") != std::string::npos);
  CHECK(table.find("memory: not measured") != std::string::npos);
  CHECK(table.find("checked build") != std::string::npos);
  CHECK(table.find("sectors") == std::string::npos);  // no table of zeros

  Json doc;
  REQUIRE(JsonParser(read_text(path)).parse(&doc));
  REQUIRE(doc.items.size() == 1);
  CHECK(doc.items[0]["barriers"].n == 10);
  CHECK(doc.items[0]["memory_measured"].type == Json::boolean);
  CHECK_FALSE(doc.items[0]["memory_measured"].b);
  CHECK(doc.items[0]["memory_note"].s.find("checked build") != std::string::npos);
  CHECK_FALSE(doc.items[0].has("global"));
  CHECK(out.p[0] == 1.f);
}
