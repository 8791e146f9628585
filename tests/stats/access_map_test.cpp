// CUSIM_ACCESS_MAP in the checked build: the map of a grid-stride kernel, checked element by
// element, selected by name, by number and by source line; its pictures well-formed.
#include <doctest/doctest.h>

#include <cstdio>
#include <cusim/cusim.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "stats/stats_support.hpp"

using stats_test::read_text;

// Kernels at namespace scope, as in the other suites.
__global__ void grid_stride_square(int* a, int n) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) a[i] = a[i] * a[i];
}

__global__ void copy_ints(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

namespace {

// Sets Settings::access_map (and statistics, for the launch ordinals) for one scope.
class ScopedMap {
 public:
  explicit ScopedMap(const std::string& setting) : saved_(cusim::settings()) {
    cusim::settings().access_map = setting;
    cusim::settings().stats = "1";
  }
  ~ScopedMap() { cusim::settings() = saved_; }

 private:
  cusim::Settings saved_;
};

struct Row {
  long element, block_x, block_y, block_z, thread_x, thread_y, thread_z, global_thread, launch, accesses;
  bool accessed;
};

// The rows of <prefix>.csv, after checking its header.
std::vector<Row> read_csv(const std::string& prefix) {
  std::istringstream in(read_text(prefix + ".csv"));
  std::string line;
  std::getline(in, line);
  CHECK(line == "element,block_x,block_y,block_z,thread_x,thread_y,thread_z,global_thread,launch,accesses");
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream fields(line);
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    REQUIRE(f.size() == 10);
    Row r{};
    r.accessed = !f[1].empty();
    long* out[] = {&r.element, &r.block_x, &r.block_y, &r.block_z, &r.thread_x, &r.thread_y, &r.thread_z, &r.global_thread, &r.launch, &r.accesses};
    for (int i = 0; i < 10; ++i) *out[i] = f[i].empty() ? -1 : std::stol(f[i]);
    rows.push_back(r);
  }
  return rows;
}

// <prefix>.json, the map's description (sim/access_map/access_map_files.hpp).
nlohmann::json description(const std::string& prefix) {
  const std::string text = read_text(prefix + ".json");
  REQUIRE_MESSAGE(nlohmann::json::accept(text), prefix << ".json: " << text);
  return nlohmann::json::parse(text);
}

void remove_files(const std::string& prefix) {
  for (const char* ext : {".csv", ".json"}) std::remove((prefix + ext).c_str());
}

}  // namespace

TEST_CASE("access map: a grid-stride loop, selected by name, element by element") {
  const std::string prefix = "access_map_named";
  remove_files(prefix);
  const int n = 500;
  std::uint64_t launch = 0;
  {
    ScopedMap scope("squares:" + prefix + ",width=32");
    int* a = nullptr;
    REQUIRE(cudaMallocManaged(&a, n * sizeof(int)) == cudaSuccess);
    for (int i = 0; i < n; ++i) a[i] = i;
    cusim::name_allocation(a, "squares");
    REQUIRE(cusim::launch(grid_stride_square, dim3(8), dim3(32), a, n) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    launch = cusim::last_launch_stats()->launch;
    CHECK(a[499] == 499 * 499);
    REQUIRE(cudaFree(a) == cudaSuccess);  // writes the map
  }
  const std::vector<Row> rows = read_csv(prefix);
  REQUIRE(rows.size() == n);
  for (int i = 0; i < n; ++i) {
    INFO("element " << i);
    const Row& r = rows[i];
    const int owner = i % 256;  // the grid has 256 threads: element i is thread i mod 256's
    CHECK(r.element == i);
    CHECK(r.accessed);
    CHECK(r.block_x == owner / 32);
    CHECK(r.block_y == 0);
    CHECK(r.block_z == 0);
    CHECK(r.thread_x == owner % 32);
    CHECK(r.thread_y == 0);
    CHECK(r.global_thread == owner);
    CHECK(r.launch == long(launch));
    CHECK(r.accesses == 1);
  }
  const nlohmann::json d = description(prefix);
  CHECK(d["allocation"].get<std::string>().rfind("`squares` (allocation #", 0) == 0);
  CHECK(d["elements"] == n);
  CHECK(d["bytes"] == n * sizeof(int));
  CHECK(d["width"] == 32);
  CHECK(d["color"] == "block");
  CHECK(d["mode"] == "write");
}

TEST_CASE("access map: selected by number, first reads, two launches") {
  const std::string prefix = "access_map_numbered";
  remove_files(prefix);
  cudaDeviceReset();  // allocations count from 1 again
  std::uint64_t first = 0, second = 0;
  {
    ScopedMap scope("1:" + prefix + ",read");
    int *in = nullptr, *out = nullptr;
    REQUIRE(cudaMalloc(&in, 100 * sizeof(int)) == cudaSuccess);   // allocation #1
    REQUIRE(cudaMalloc(&out, 100 * sizeof(int)) == cudaSuccess);  // #2
    REQUIRE(cudaMemset(in, 0, 100 * sizeof(int)) == cudaSuccess);
    // The first launch reads elements 0..39 (blocks of 8), the second all 100 (blocks of 32).
    REQUIRE(cusim::launch(copy_ints, dim3(5), dim3(8), in, out, 40) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    first = cusim::last_launch_stats()->launch;
    REQUIRE(cusim::launch(copy_ints, dim3(4), dim3(32), in, out, 100) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    second = cusim::last_launch_stats()->launch;
    cudaFree(out);
    CHECK(read_text(prefix + ".csv").empty());  // not #1: nothing written yet
    cudaFree(in);
  }
  const std::vector<Row> rows = read_csv(prefix);
  REQUIRE(rows.size() == 100);
  for (int i = 0; i < 100; ++i) {
    INFO("element " << i);
    const Row& r = rows[i];
    CHECK(r.launch == long(i < 40 ? first : second));
    CHECK(r.block_x == (i < 40 ? i / 8 : i / 32));
    CHECK(r.thread_x == (i < 40 ? i % 8 : i % 32));
    CHECK(r.global_thread == i);
    CHECK(r.accesses == (i < 40 ? 2 : 1));
  }
  CHECK(description(prefix)["mode"] == "read");
}

TEST_CASE("access map: selected by source line; elements of 8 bytes go to their lowest thread") {
  const std::string prefix = "access_map_by_line";
  remove_files(prefix);
  int* a = nullptr;
  const int line = __LINE__ + 2;
  ScopedMap scope(std::string("access_map_test.cpp:") + std::to_string(line) + ":" + prefix + ",elem=8,color=thread");
  REQUIRE(cudaMalloc(&a, 64 * sizeof(int)) == cudaSuccess);
  REQUIRE(cudaMemset(a, 0, 64 * sizeof(int)) == cudaSuccess);
  REQUIRE(cusim::launch(grid_stride_square, dim3(2), dim3(16), a, 64) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  REQUIRE(cudaFree(a) == cudaSuccess);
  const std::vector<Row> rows = read_csv(prefix);
  REQUIRE(rows.size() == 32);
  for (int e = 0; e < 32; ++e) {
    INFO("element " << e);
    // Ints 2e and 2e + 1, written by grid threads (2e) mod 32 and (2e + 1) mod 32: the lower one.
    const int owner = 2 * e % 32;
    CHECK(rows[e].global_thread == owner);
    CHECK(rows[e].block_x == owner / 16);
    CHECK(rows[e].thread_x == owner % 16);
    CHECK(rows[e].accesses == 2);
  }
  const nlohmann::json d = description(prefix);
  CHECK(d["elements"] == 32);
  CHECK(d["element_bytes"] == 8);
  CHECK(d["color"] == "thread");
}

TEST_CASE("access map: elements nothing wrote are marked as such") {
  const std::string prefix = "access_map_partial";
  remove_files(prefix);
  {
    ScopedMap scope("partial:" + prefix);
    stats_test::Device<int> in(64), out(64);
    cusim::name_allocation(out.p, "partial");
    REQUIRE(cusim::launch(copy_ints, dim3(1), dim3(32), in.p, out.p, 10) == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  }
  const std::vector<Row> rows = read_csv(prefix);
  REQUIRE(rows.size() == 64);
  for (int i = 0; i < 64; ++i) {
    INFO("element " << i);
    CHECK(rows[i].accessed == (i < 10));
    CHECK(rows[i].accesses == (i < 10 ? 1 : 0));
  }
  CHECK(description(prefix)["allocation"].get<std::string>().rfind("`partial`", 0) == 0);
}
