// Prefix sums against a 64-bit CPU scan, exact: inclusive and exclusive, one block and many
// (including more than 512 blocks, where the block totals are themselves scanned in several
// blocks), into another array and in place.
#include <doctest/doctest.h>

#include <kernels/scan.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
std::vector<long long> cpu_scan(const std::vector<int>& in, k::ScanKind kind) {
  std::vector<long long> out(in.size());
  long long sum = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (kind == k::ScanKind::exclusive) out[i] = sum;
    sum += in[i];
    if (kind == k::ScanKind::inclusive) out[i] = sum;
  }
  return out;
}

const char* name(k::ScanKind kind) { return kind == k::ScanKind::inclusive ? "inclusive" : "exclusive"; }

using Helper = cudaError_t (*)(const int*, int*, int, k::ScanKind, cudaStream_t);

void check_scan(Helper helper, const std::vector<int>& sizes, const char* what) {
  auto g = kernel_test::rng(what);
  for (k::ScanKind kind : {k::ScanKind::inclusive, k::ScanKind::exclusive}) {
    for (int n : sizes) {
      for (bool in_place : {false, true}) {
        INFO(what << ", " << name(kind) << ": n = " << n << (in_place ? ", in place" : ""));
        const auto in = kernel_test::integers(g, n, -100, 100);
        const auto want = cpu_scan(in, kind);
        kernel_test::checked([&] {
          Buffer<int> din(in), dout(n);
          int* out = in_place ? din.get() : dout.get();
          const cudaError_t e = kernel_test::synced(helper(din.get(), out, n, kind, 0));
          const auto got = in_place ? din.download() : dout.download();
          kernel_test::expect_each(n, [&](std::size_t i) { return kernel_test::equal(got[i], want[i]); });
          return e;
        });
      }
    }
  }
}
}  // namespace

TEST_CASE("block_scan: one block, n up to 1024") {
  check_scan(k::block_scan, {1, 2, 31, 32, 33, 97, 511, 512, 513, 1000, 1023, 1024}, "block_scan");
}

TEST_CASE("scan: many blocks") { check_scan(k::scan, kernel_test::sizes_1d(), "scan"); }

TEST_CASE("scan: more than 512 blocks, the totals scanned in several blocks") {
  check_scan(k::scan, {512 * 512 + 3}, "scan, two levels");
}

TEST_CASE("block_scan refuses more than one block's worth") {
  kernel_test::checked([&] {
    Buffer<int> d(1025);
    CHECK(k::block_scan(d.get(), d.get(), 1025, k::ScanKind::inclusive) == cudaErrorInvalidValue);
    return cudaDeviceSynchronize();
  });
}

TEST_CASE("scan is clean and exact under every schedule and worker count") {
  auto g = kernel_test::rng("schedules");
  const int n = 1537;  // three blocks: the totals scanned by a second level
  const auto in = kernel_test::integers(g, n, -100, 100);
  const auto want = cpu_scan(in, k::ScanKind::exclusive);
  check_test::for_each_config([&] {
    kernel_test::checked([&] {
      Buffer<int> din(in), dout(n);
      const cudaError_t e = kernel_test::synced(k::scan(din.get(), dout.get(), n, k::ScanKind::exclusive));
      const auto got = dout.download();
      kernel_test::expect_each(n, [&](std::size_t i) { return kernel_test::equal(got[i], want[i]); });
      return e;
    });
  });
}
