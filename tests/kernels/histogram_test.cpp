// The histograms against a CPU count: exact, for uniform and for maximally contended inputs (every
// value in one bin), with bin counts from 1 to more than the block size.
#include <doctest/doctest.h>

#include <kernels/histogram.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
using Helper = cudaError_t (*)(const int*, int, unsigned int*, int, cudaStream_t);

void check_histogram(Helper helper, const char* name) {
  auto g = kernel_test::rng(name);
  for (int bins : {1, 7, 256, 1000}) {
    for (int n : kernel_test::sizes_1d()) {
      for (bool one_bin : {false, true}) {
        INFO(name << ": n = " << n << ", bins = " << bins << (one_bin ? ", every value in one bin" : ""));
        std::vector<int> values = kernel_test::integers(g, n, 0, bins - 1);
        if (one_bin) values.assign(n, values[0]);
        std::vector<long long> want(bins, 0);
        for (int v : values) ++want[v];
        kernel_test::checked([&] {
          Buffer<int> dv(values);
          Buffer<unsigned int> dh(bins);  // poisoned: the helper must zero it
          const cudaError_t e = kernel_test::synced(helper(dv.get(), n, dh.get(), bins, 0));
          const auto hist = dh.download();
          kernel_test::expect_each(bins, [&](std::size_t b) { return kernel_test::equal(hist[b], want[b]); });
          return e;
        });
      }
    }
  }
}
}  // namespace

TEST_CASE("histogram_global: one global atomic per element") { check_histogram(k::histogram_global, "global"); }

TEST_CASE("histogram_shared: block-private histograms in shared memory") {
  check_histogram(k::histogram_shared, "shared");
}

TEST_CASE("histograms of no elements are all zero") {
  for (Helper helper : {Helper(k::histogram_global), Helper(k::histogram_shared)}) {
    kernel_test::checked([&] {
      Buffer<int> dv(1);
      Buffer<unsigned int> dh(5);
      const cudaError_t e = kernel_test::synced(helper(dv.get(), 0, dh.get(), 5, 0));
      const auto hist = dh.download();
      kernel_test::expect_each(5, [&](std::size_t b) { return kernel_test::equal(hist[b], 0); });
      return e;
    });
  }
}

TEST_CASE("the shared histogram is clean and exact under every schedule and worker count") {
  auto g = kernel_test::rng("schedules");
  const int n = 3001, bins = 300;
  const auto values = kernel_test::integers(g, n, 0, bins - 1);
  std::vector<long long> want(bins, 0);
  for (int v : values) ++want[v];
  check_test::for_each_config([&] {
    kernel_test::checked([&] {
      Buffer<int> dv(values);
      Buffer<unsigned int> dh(bins);
      const cudaError_t e = kernel_test::synced(k::histogram_shared(dv.get(), n, dh.get(), bins));
      const auto hist = dh.download();
      kernel_test::expect_each(bins, [&](std::size_t b) { return kernel_test::equal(hist[b], want[b]); });
      return e;
    });
  });
}
