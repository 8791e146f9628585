// CUSIM_STATS in the checked build: counts, sectors per request and bank conflicts of small
// kernels, against values computed by hand (docs/STATS.md explains each statistic).
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

// Kernels at namespace scope: their names are exported, so statistics can name them.
__global__ void copy_floats(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__global__ void copy_doubles(const double* in, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void gather_stride_32(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 32];
}

__global__ void copy_shifted_by_one(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x + 1];
}

// Writes a [32][32] tile by rows (lanes along a row: conflict-free), reads it by columns: lane l
// reads tile[l][k], 32 words 128 bytes apart, all in one bank.
__global__ void column_sums(float* out) {
  CUSIM_SHARED(float, tile, [32][32]);
  const int lane = threadIdx.x;
  for (int k = 0; k < 32; ++k) tile[k][lane] = float(k * 32 + lane);
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 32; ++k) sum += tile[lane][k];
  out[lane] = sum;
}

// The same with each row padded to 33 words: lane l's column element lies in bank (l + k) % 32.
__global__ void column_sums_padded(float* out) {
  CUSIM_SHARED(float, tile, [32][33]);
  const int lane = threadIdx.x;
  for (int k = 0; k < 32; ++k) tile[k][lane] = float(k * 32 + lane);
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 32; ++k) sum += tile[lane][k];
  out[lane] = sum;
}

// Every lane reads one global word and, later, one shared word.
__global__ void broadcasts(const float* in, float* out) {
  CUSIM_SHARED(float, v, [32]);
  v[threadIdx.x] = in[0];
  __syncthreads();
  out[threadIdx.x] = v[0];
}

// 8-byte shared accesses: two half-warp phases each.
__global__ void shared_doubles(double* out) {
  CUSIM_SHARED(double, d, [64]);
  const int lane = threadIdx.x;
  d[lane] = lane;
  d[lane + 32] = lane;
  __syncthreads();
  out[lane] = d[lane] + d[2 * lane];
}

// Every kind of count, by hand for 3 blocks of 64 threads:
//   global loads   1 per thread                      192, 768 bytes
//   global stores  1 per thread                      192, 768 bytes
//   shared stores  1 per thread + 1 per block        195, 780 bytes
//   shared loads   2 per thread                      384, 1536 bytes
//   atomics        1 global + 1 shared per thread    192 + 192; counters[2] gets all 192 global ones
//   barriers       2 per block                       6, 384 thread arrivals
__global__ void counted(const int* in, int* out, int* counters) {
  CUSIM_SHARED(int, buf, [64]);
  CUSIM_SHARED(int, hits);
  const int t = threadIdx.x, g = blockIdx.x * 64 + t;
  if (t == 0) hits = 0;
  buf[t] = in[g];
  __syncthreads();
  atomicAdd(&hits, 1);
  out[g] = buf[t] + buf[(t + 1) % 64];
  atomicAdd(&counters[2], 1);
  __syncthreads();
}

// A histogram of 4 bins in shared memory, added to the global one at the end.
__global__ void shared_histogram(const int* in, int* out) {
  CUSIM_SHARED(int, bins, [4]);
  if (threadIdx.x < 4) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[in[threadIdx.x] % 4], 1);
  __syncthreads();
  if (threadIdx.x < 4) atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}

// Each thread loads `iterations` floats, 32 lanes side by side each time: one coalesced request
// per iteration, but a lane runs all its iterations before the next lane starts.
__global__ void long_loop(const float* in, float* out, int iterations) {
  float sum = 0;
  for (int k = 0; k < iterations; ++k) sum += in[k * 32 + threadIdx.x];
  out[threadIdx.x] = sum;
}

namespace {

void check_no_shared(const cusim::LaunchStats& s) {
  CHECK(s.shared_loads.accesses == 0);
  CHECK(s.shared_stores.accesses == 0);
  CHECK(s.shared_load_banks.requests == 0);
  CHECK(s.shared_store_banks.requests == 0);
}

}  // namespace

TEST_CASE("stats: a coalesced float copy takes 4 sectors per request") {
  ScopedStats on;
  Device<float> in(256, 1.5f), out(256);
  const cusim::LaunchStats s = stats_of(copy_floats, dim3(4), dim3(64), in.p, out.p, 256);
  CHECK(s.memory_measured);
  CHECK(s.kernel.find("copy_floats") != std::string::npos);
  CHECK(s.grid.x == 4);
  CHECK(s.block.x == 64);
  CHECK(s.blocks == 4);
  CHECK(s.threads == 256);
  CHECK(s.barriers == 0);
  CHECK(s.global_loads.accesses == 256);
  CHECK(s.global_loads.bytes == 1024);
  CHECK(s.global_stores.accesses == 256);
  CHECK(s.global_stores.bytes == 1024);
  CHECK(s.global_load_sectors.requests == 8);  // 8 warps
  CHECK(s.global_load_sectors.sectors == 32);
  CHECK(s.global_load_sectors.per_request() == doctest::Approx(4.0));
  CHECK(s.global_store_sectors.requests == 8);
  CHECK(s.global_store_sectors.sectors == 32);
  CHECK(s.global_atomics == 0);
  CHECK(s.contention.atomics == 0);
  CHECK(s.split_requests == 0);
  check_no_shared(s);
  CHECK(out.p[255] == 1.5f);
}

TEST_CASE("stats: a stride-32 float gather takes 32 sectors per request") {
  ScopedStats on;
  Device<float> in(1024), out(32);
  const cusim::LaunchStats s = stats_of(gather_stride_32, dim3(1), dim3(32), in.p, out.p);
  CHECK(s.global_load_sectors.requests == 1);
  CHECK(s.global_load_sectors.sectors == 32);
  CHECK(s.global_store_sectors.requests == 1);
  CHECK(s.global_store_sectors.sectors == 4);
}

TEST_CASE("stats: a copy misaligned by 4 bytes loads 5 sectors per request, stores 4") {
  ScopedStats on;
  Device<float> in(64), out(32);
  const cusim::LaunchStats s = stats_of(copy_shifted_by_one, dim3(1), dim3(32), in.p, out.p);
  CHECK(s.global_load_sectors.requests == 1);
  CHECK(s.global_load_sectors.sectors == 5);
  CHECK(s.global_store_sectors.sectors == 4);
}

TEST_CASE("stats: partial warps (blocks of 16 threads): 2 sectors per request") {
  ScopedStats on;
  Device<float> in(64), out(64);
  const cusim::LaunchStats s = stats_of(copy_floats, dim3(4), dim3(16), in.p, out.p, 64);
  CHECK(s.global_load_sectors.requests == 4);
  CHECK(s.global_load_sectors.sectors == 8);
  CHECK(s.global_store_sectors.requests == 4);
  CHECK(s.global_store_sectors.sectors == 8);
}

TEST_CASE("stats: an 8-byte coalesced copy takes 8 sectors per request") {
  ScopedStats on;
  Device<double> in(64), out(64);
  const cusim::LaunchStats s = stats_of(copy_doubles, dim3(2), dim3(32), in.p, out.p);
  CHECK(s.global_loads.bytes == 512);
  CHECK(s.global_load_sectors.requests == 2);
  CHECK(s.global_load_sectors.sectors == 16);
  CHECK(s.global_store_sectors.sectors == 16);
}

TEST_CASE("stats: a [32][32] shared tile read by columns: 32 wavefronts, 31 conflicts per request") {
  ScopedStats on;
  Device<float> out(32);
  const cusim::LaunchStats s = stats_of(column_sums, dim3(1), dim3(32), out.p);
  CHECK(s.shared_stores.accesses == 1024);
  CHECK(s.shared_store_banks.requests == 32);
  CHECK(s.shared_store_banks.wavefronts == 32);
  CHECK(s.shared_store_banks.conflicts == 0);
  CHECK(s.shared_loads.accesses == 1024);
  CHECK(s.shared_load_banks.requests == 32);
  CHECK(s.shared_load_banks.wavefronts == 32 * 32);
  CHECK(s.shared_load_banks.conflicts == 32 * 31);
  CHECK(s.shared_load_banks.per_request() == doctest::Approx(31.0));
  CHECK(s.barriers == 1);
  CHECK(s.barrier_waits == 32);
  float expected = 0;
  for (int k = 0; k < 32; ++k) expected += float(5 * 32 + k);
  CHECK(out.p[5] == expected);
}

TEST_CASE("stats: the padded [32][33] tile has no bank conflicts") {
  ScopedStats on;
  Device<float> out(32);
  const cusim::LaunchStats s = stats_of(column_sums_padded, dim3(1), dim3(32), out.p);
  CHECK(s.shared_load_banks.requests == 32);
  CHECK(s.shared_load_banks.wavefronts == 32);
  CHECK(s.shared_load_banks.conflicts == 0);
  CHECK(s.shared_store_banks.conflicts == 0);
}

TEST_CASE("stats: broadcasts are no conflicts and one sector") {
  ScopedStats on;
  Device<float> in(32, 2.f), out(32);
  const cusim::LaunchStats s = stats_of(broadcasts, dim3(1), dim3(32), in.p, out.p);
  CHECK(s.global_load_sectors.requests == 1);
  CHECK(s.global_load_sectors.sectors == 1);
  CHECK(s.shared_load_banks.requests == 1);
  CHECK(s.shared_load_banks.wavefronts == 1);
  CHECK(s.shared_load_banks.conflicts == 0);
  CHECK(s.shared_store_banks.wavefronts == 1);
  CHECK(out.p[31] == 2.f);
}

TEST_CASE("stats: 8-byte shared accesses run in two half-warp phases") {
  ScopedStats on;
  Device<double> out(32);
  const cusim::LaunchStats s = stats_of(shared_doubles, dim3(1), dim3(32), out.p);
  // Stores d[lane] and d[lane + 32]: 2 requests of 2 conflict-free phases.
  CHECK(s.shared_store_banks.requests == 2);
  CHECK(s.shared_store_banks.wavefronts == 4);
  CHECK(s.shared_store_banks.conflicts == 0);
  // Loads d[lane] (2 wavefronts) and d[2 * lane] (16 bytes apart: 2 per phase, 4 in all).
  CHECK(s.shared_load_banks.requests == 2);
  CHECK(s.shared_load_banks.wavefronts == 6);
  CHECK(s.shared_load_banks.conflicts == 2);
  CHECK(s.shared_loads.bytes == 64 * 8);
}

TEST_CASE("stats: counts of loads, stores, bytes, atomics, contention and barriers") {
  ScopedStats on;
  Device<int> in(192, 1), out(192), counters(4);
  cusim::name_allocation(counters.p, "counters");
  const cusim::LaunchStats s = stats_of(counted, dim3(3), dim3(64), in.p, out.p, counters.p);
  CHECK(s.blocks == 3);
  CHECK(s.threads == 192);
  CHECK(s.barriers == 6);
  CHECK(s.barrier_waits == 384);
  CHECK(s.global_loads.accesses == 192);
  CHECK(s.global_loads.bytes == 768);
  CHECK(s.global_stores.accesses == 192);
  CHECK(s.global_stores.bytes == 768);
  CHECK(s.shared_stores.accesses == 195);
  CHECK(s.shared_stores.bytes == 780);
  CHECK(s.shared_loads.accesses == 384);
  CHECK(s.shared_loads.bytes == 1536);
  CHECK(s.global_atomics == 192);
  CHECK(s.shared_atomics == 192);
  CHECK(s.contention.atomics == 192);
  CHECK(s.contention.space == "global");
  CHECK(s.contention.variable.find("`counters`") != std::string::npos);
  CHECK(s.contention.offset == 8);
  CHECK(counters.p[2] == 192);
  CHECK(out.p[100] == 2);
}

TEST_CASE("stats: contention ties go to the global address, named by number when unnamed") {
  ScopedStats on;
  Device<int> in(64, 1), out(64), counters(4);
  // One block: 64 shared atomics on `hits`, 64 global ones on counters[2].
  cusim::LaunchStats s = stats_of(counted, dim3(1), dim3(64), in.p, out.p, counters.p);
  CHECK(s.contention.atomics == 64);
  CHECK(s.contention.space == "global");
  CHECK(s.contention.variable.find("allocation #") != std::string::npos);
  CHECK(s.contention.offset == 8);
}

TEST_CASE("stats: a shared address can be the most contended") {
  ScopedStats on;
  Device<int> in(64, 3), bins(4);
  // Each of 2 blocks: 64 atomics on its bins[3], then 4 global ones (one per bin) on bins_out.
  cusim::LaunchStats s = stats_of(shared_histogram, dim3(2), dim3(64), in.p, bins.p);
  CHECK(s.shared_atomics == 128);
  CHECK(s.global_atomics == 8);
  CHECK(s.contention.atomics == 64);
  CHECK(s.contention.space == "shared");
  CHECK(s.contention.variable == "`bins`");
  CHECK(s.contention.offset == 12);
  CHECK(bins.p[3] == 128);
}

TEST_CASE("stats: blocks on two workers add up to the same statistics as on one") {
  Device<int> in(8 * 64, 1), out(8 * 64), counters(4);
  cusim::LaunchStats one, two;
  {
    ScopedStats on("1", 1);
    one = stats_of(counted, dim3(8), dim3(64), in.p, out.p, counters.p);
  }
  {
    ScopedStats on("1", 2);
    two = stats_of(counted, dim3(8), dim3(64), in.p, out.p, counters.p);
  }
  CHECK(two.blocks == 8);
  CHECK(two.global_loads.accesses == 8 * 64);
  CHECK(two.shared_loads.accesses == 8 * 128);
  CHECK(two.global_atomics == 8 * 64);
  CHECK(two.contention.atomics == 8 * 64);
  CHECK(two.barriers == 16);
  CHECK(two.global_load_sectors.requests == 16);  // 2 warps per block, 32 ints each: 4 sectors
  CHECK(two.global_load_sectors.sectors == 16 * 4);
  CHECK(two.global_load_sectors.requests == one.global_load_sectors.requests);
  CHECK(two.shared_load_banks.wavefronts == one.shared_load_banks.wavefronts);
  CHECK(two.shared_load_banks.conflicts == one.shared_load_banks.conflicts);
  CHECK(two.shared_store_banks.requests == one.shared_store_banks.requests);
  CHECK(counters.p[2] == 2 * 8 * 64);
}

TEST_CASE("stats: with every checker off (CUSIM_CHECK=none) the accesses are still counted") {
  ScopedStats on;
  cusim::settings().checks = cusim::Checks::none;
  Device<float> in(256), out(256);
  const cusim::LaunchStats s = stats_of(copy_floats, dim3(4), dim3(64), in.p, out.p, 256);
  CHECK(s.memory_measured);
  CHECK(s.global_loads.accesses == 256);
  CHECK(s.global_load_sectors.requests == 8);
  CHECK(s.global_load_sectors.sectors == 32);
}

TEST_CASE("stats: off, nothing is measured") {
  ScopedStats on("0");
  Device<float> in(32), out(32);
  const auto before = cusim::last_launch_stats();
  REQUIRE(cusim::launch(copy_floats, dim3(1), dim3(32), in.p, out.p, 32) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  const auto after = cusim::last_launch_stats();
  CHECK(after.has_value() == before.has_value());
  if (after && before) CHECK(after->launch == before->launch);
}

TEST_CASE("stats: json:<file> holds a valid JSON array after every launch") {
  const std::string path = "stats_test_launches.json";
  std::remove(path.c_str());
  ScopedStats on("json:" + path);
  Device<float> in(256, 1.f), out(256), tile_out(32);
  const cusim::LaunchStats first = stats_of(copy_floats, dim3(4), dim3(64), in.p, out.p, 256);
  {
    Json doc;
    REQUIRE(JsonParser(read_text(path)).parse(&doc));
    REQUIRE(doc.type == Json::array);
    CHECK(doc.items.size() == 1);
  }
  stats_of(column_sums, dim3(1), dim3(32), tile_out.p);
  std::string table;
  table = capture_stderr([&] { stats_of(copy_floats, dim3(1), dim3(32), in.p, out.p, 32); });

  Json doc;
  REQUIRE(JsonParser(read_text(path)).parse(&doc));
  REQUIRE(doc.type == Json::array);
  REQUIRE(doc.items.size() == 3);
  const Json& copy = doc.items[0];
  CHECK(copy["launch"].n == double(first.launch));
  CHECK(copy["kernel"].s.find("copy_floats") != std::string::npos);
  CHECK(copy["grid"].items.size() == 3);
  CHECK(copy["grid"].items[0].n == 4);
  CHECK(copy["block"].items[0].n == 64);
  CHECK(copy["blocks"].n == 4);
  CHECK(copy["threads"].n == 256);
  CHECK(copy["memory_measured"].b);
  CHECK(copy["global"]["loads"]["accesses"].n == 256);
  CHECK(copy["global"]["loads"]["bytes"].n == 1024);
  CHECK(copy["global"]["loads"]["requests"].n == 8);
  CHECK(copy["global"]["loads"]["sectors"].n == 32);
  CHECK(copy["global"]["loads"]["sectors_per_request"].n == doctest::Approx(4.0));
  CHECK(copy["global"]["stores"]["sectors"].n == 32);
  CHECK(copy["atomic_contention"].type == Json::null);
  const Json& tile = doc.items[1];
  CHECK(tile["launch"].n == double(first.launch + 1));
  CHECK(tile["barriers"].n == 1);
  CHECK(tile["shared"]["loads"]["requests"].n == 32);
  CHECK(tile["shared"]["loads"]["wavefronts"].n == 1024);
  CHECK(tile["shared"]["loads"]["bank_conflicts"].n == 992);
  CHECK(tile["shared"]["loads"]["conflicts_per_request"].n == doctest::Approx(31.0));
  CHECK(doc.items[2]["threads"].n == 32);
  // The table on stderr says the same.
  CHECK(table.find("cusim: stats of launch " + std::to_string(first.launch + 2) + ": copy_floats") != std::string::npos);
  CHECK(table.find("sectors/request") != std::string::npos);
  CHECK(table.find("4.00") != std::string::npos);
}

TEST_CASE("stats: an invalid setting is reported once and measures nothing") {
  ScopedStats on("yes please");
  Device<float> in(32), out(32);
  const auto before = cusim::last_launch_stats();
  const std::string said = capture_stderr([&] {
    REQUIRE(cusim::launch(copy_floats, dim3(1), dim3(32), in.p, out.p, 32) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  });
  CHECK(said.find("ignoring CUSIM_STATS=yes please") != std::string::npos);
  const auto after = cusim::last_launch_stats();
  CHECK(after.has_value() == before.has_value());
}

TEST_CASE("stats: more open requests than the limit are split, and said so; interleaved keeps them whole") {
  const int iterations = 40000;  // more than BlockStats::kMaxOpenRequests (32768)
  Device<float> in(iterations * 32, 1.f), out(32);
  {
    ScopedStats on;
    cusim::LaunchStats s;
    const std::string table = capture_stderr([&] { s = stats_of(long_loop, dim3(1), dim3(32), in.p, out.p, iterations); });
    CHECK(s.split_requests > 0);
    CHECK(s.global_load_sectors.requests > iterations);  // split requests count more than once
    CHECK(table.find("note: " + std::to_string(s.split_requests) + " requests closed before every lane") != std::string::npos);
    CHECK(out.p[0] == float(iterations));
  }
  {
    ScopedStats on;
    cusim::settings().schedule = cusim::Schedule::interleaved;
    const cusim::LaunchStats s = stats_of(long_loop, dim3(1), dim3(32), in.p, out.p, iterations);
    CHECK(s.split_requests == 0);
    CHECK(s.global_load_sectors.requests == iterations);
    CHECK(s.global_load_sectors.sectors == 4 * iterations);
  }
}
