// The three sum reductions against a double-precision sum.
// Exactly, on integer-valued floats whose partial sums stay below 2^24 (every addition exact in
// any order): a lost or repeated element shows as an exact difference. Then on random reals in
// [-1, 1], within the bound of recursive summation, |error| <= d * u * sum|x| (u = FLT_EPSILON / 2,
// d the longest chain of additions any element goes through: its thread's grid-stride additions,
// log2(256) tree or shuffle steps, the same again in the second pass, or, for the atomic version,
// one atomicAdd per block). The check uses d * FLT_EPSILON: a factor 2 for the second-order terms.
#include <doctest/doctest.h>

#include <kernels/reduce.hpp>

#include "kernels/kernel_test_support.hpp"

namespace k = cusim::kernels;
using kernel_test::Buffer;

namespace {
using Helper = cudaError_t (*)(const float*, int, float*, cudaStream_t);
struct Variant {
  const char* name;
  Helper helper;
  bool atomic;
};
const Variant kVariants[] = {{"tree", k::reduce_sum_tree, false},
                             {"warp", k::reduce_sum_warp, false},
                             {"atomic", k::reduce_sum_atomic, true}};

float device_sum(Helper helper, const std::vector<float>& x, cudaError_t* status) {
  Buffer<float> dx(x), dout(1);  // dout poisoned: a sum never written stays NaN
  *status = kernel_test::synced(helper(dx.get(), static_cast<int>(x.size()), dout.get(), 0));
  return dout.download()[0];
}

// The chain-length bound above, for n elements.
double chain(const Variant& v, int n) {
  const double blocks = k::reduce_blocks(n), per_thread = std::ceil(n / (blocks * k::kReduceThreads));
  const double levels = std::log2(double(k::kReduceThreads));
  return per_thread + levels + (v.atomic ? blocks : 1 + levels) + 1;
}
}  // namespace

TEST_CASE("reductions: exact on integer-valued floats") {
  for (const Variant& v : kVariants) {
    auto g = kernel_test::rng(std::string("exact ") + v.name);
    for (int n : kernel_test::sizes_1d()) {
      INFO(v.name << ": n = " << n);
      const auto x = kernel_test::small_integers(g, n, -8, 8);
      double want = 0;
      for (float f : x) want += f;
      kernel_test::checked([&] {
        cudaError_t e;
        const float got = device_sum(v.helper, x, &e);
        CHECK(double(got) == want);
        return e;
      });
    }
  }
}

TEST_CASE("reductions: random reals within the summation bound") {
  for (const Variant& v : kVariants) {
    auto g = kernel_test::rng(std::string("reals ") + v.name);
    for (int n : kernel_test::sizes_1d()) {
      INFO(v.name << ": n = " << n);
      const auto x = kernel_test::uniform(g, n, -1.f, 1.f);
      double want = 0, magnitude = 0;
      for (float f : x) {
        want += f;
        magnitude += std::fabs(f);
      }
      kernel_test::checked([&] {
        cudaError_t e;
        const float got = device_sum(v.helper, x, &e);
        CHECK(kernel_test::near(got, want, chain(v, n) * FLT_EPSILON * magnitude) == "");
        return e;
      });
    }
  }
}

TEST_CASE("reductions of no elements are zero") {
  for (const Variant& v : kVariants) {
    INFO(v.name);
    kernel_test::checked([&] {
      Buffer<float> dx(1), dout(1);
      const cudaError_t e = kernel_test::synced(v.helper(dx.get(), 0, dout.get(), 0));
      CHECK(dout.download()[0] == 0.0f);
      return e;
    });
  }
}

TEST_CASE("reduction kernels at other block sizes: 32 and 1024 threads, per-block results") {
  auto g = kernel_test::rng("block sizes");
  const int n = 3001;
  const auto x = kernel_test::small_integers(g, n, -8, 8);
  for (unsigned threads : {32u, 1024u}) {
    for (auto kernel : {k::reduce_tree_kernel, k::reduce_warp_kernel}) {
      INFO("threads = " << threads << ", kernel " << (kernel == k::reduce_tree_kernel ? "tree" : "warp"));
      const unsigned blocks = 3;
      std::vector<double> want(blocks, 0);
      const int stride = blocks * threads;
      for (int i = 0; i < n; ++i) want[(i % stride) / threads] += x[i];
      kernel_test::checked([&] {
        Buffer<float> dx(x), dout(blocks);
        const cudaError_t e = check_test::launch_sync(kernel, dim3(blocks), dim3(threads), static_cast<const float*>(dx.get()), dout.get(), n);
        const auto out = dout.download();
        kernel_test::expect_each(blocks, [&](std::size_t b) { return kernel_test::near(out[b], want[b], 0); });
        return e;
      });
    }
  }
}

TEST_CASE("reductions are clean and exact under every schedule and worker count") {
  auto g = kernel_test::rng("schedules");
  const auto x = kernel_test::small_integers(g, 1537, -8, 8);
  double want = 0;
  for (float f : x) want += f;
  check_test::for_each_config([&] {
    for (const Variant& v : kVariants) {
      INFO(v.name);
      kernel_test::checked([&] {
        cudaError_t e;
        CHECK(double(device_sum(v.helper, x, &e)) == want);
        return e;
      });
    }
  });
}
