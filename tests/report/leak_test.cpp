// The leak check (CUSIM_LEAK_CHECK=1, which this suite's CTest entry sets): memory a program
// allocated and never freed is reported when the device is reset, as compute-sanitizer's
// --leak-check full does, one finding per allocating line. The report at exit is tested through
// a whole program (tests/tools/cli_test.cpp), and so is the check's being off by default.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <string>

#include "report/golden_support.hpp"

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void* leak_one_block() {
  void* p = nullptr;
  cudaMalloc(&p, 1000);
  return p;
}

}  // namespace

TEST_CASE("golden: leak") {
  check_golden("leak", cudaSuccess, [] {
    leak_one_block();
    return cudaDeviceReset();
  });
}

TEST_CASE("memory freed before the reset is no leak") {
  cusim_test::FindingsGuard guard;
  void* device = nullptr;
  void* managed = nullptr;
  void* host = nullptr;
  REQUIRE(cudaMalloc(&device, 64) == cudaSuccess);
  REQUIRE(cudaMallocManaged(&managed, 64) == cudaSuccess);
  REQUIRE(cudaMallocHost(&host, 64) == cudaSuccess);
  cudaFree(device);
  cudaFree(managed);
  cudaFreeHost(host);
  CHECK(cudaDeviceReset() == cudaSuccess);
  CHECK(cusim::findings().empty());
}

TEST_CASE("leaks are folded by the line that allocated them, and name their allocating call") {
  cusim_test::FindingsGuard guard;
  void* kept[3];
  for (void*& p : kept) cudaMalloc(&p, 100);  // three leaks of one line: one finding
  const int loop_line = __LINE__ - 1;
  void* managed = nullptr;
  cudaMallocManaged(&managed, 48);
  void* host = nullptr;
  cudaMallocHost(&host, 16);
  void* freed = nullptr;
  cudaMalloc(&freed, 8);
  cudaFree(freed);
  CHECK(cudaDeviceReset() == cudaSuccess);

  const auto findings = cusim::findings();
  REQUIRE(findings.size() == 3);
  for (const cusim::Finding& f : findings) {
    CHECK(f.kind == "leak");
    CHECK(f.error == cudaSuccess);
    CHECK(has(f.file, "leak_test.cpp"));
  }
  CHECK(findings[0].line == unsigned(loop_line));
  CHECK(findings[0].count == 3);
  CHECK(has(findings[0].text, "300 bytes in 3 allocations by cudaMalloc"));
  CHECK(findings[1].count == 1);
  CHECK(has(findings[1].text, "48 bytes allocated by cudaMallocManaged"));
  CHECK(has(findings[2].text, "16 bytes allocated by cudaMallocHost"));
}

TEST_CASE("a reset reports each leak once: the allocations it releases are gone") {
  cusim_test::FindingsGuard guard;
  leak_one_block();
  cudaDeviceReset();
  CHECK(cusim::findings().size() == 1);
  cudaDeviceReset();
  CHECK(cusim::findings().size() == 1);
}
