// CUDA atomics on every type the header provides, under contention (4096 threads in 16 blocks on
// one address), in global (managed) and shared memory, checked against closed-form expectations.
// Every contention test runs under each schedule and with 1 and 2 workers.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cusim/cusim.hpp>
#include <limits>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

constexpr unsigned kBlocks = 16;
constexpr unsigned kThreads = 256;
constexpr unsigned kAll = kBlocks * kThreads;  // 4096 threads

struct Config {
  cusim_test::Schedule schedule;
  unsigned workers;
};

std::vector<Config> configs() {
  std::vector<Config> out;
  for (cusim_test::Schedule s : cusim_test::all_schedules())
    for (unsigned w : {1u, 2u}) out.push_back({s, w});
  return out;
}

std::string describe(const Config& c) {
#if CUSIM_SIMULATOR
  const char* s = c.schedule == cusim::Schedule::in_order  ? "in-order"
                  : c.schedule == cusim::Schedule::reverse ? "reverse"
                                                           : "random";
  return std::string("schedule ") + s + ", workers " + std::to_string(c.workers);
#else
  return "the GPU's own schedule, run " + std::to_string(c.workers);
#endif
}

template <class... P, class... A>
void run(void (*kernel)(P...), dim3 grid, dim3 block, A&&... args) {
  REQUIRE(cusim::launch(kernel, grid, block, std::forward<A>(args)...) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
}

__device__ unsigned global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

}  // namespace

// ---- atomicAdd: exactly 2^20 adds on one address ---------------------------------------------

// Every thread adds base + (tid % 16 + 1) 256 times to one global and one shared address; barriers
// every 64 iterations interleave the threads of a block differently under each schedule.
template <class T>
__global__ void add_contended(T* global_sum, T* block_sums, T base) {
  CUSIM_SHARED(T, block_sum);
  if (threadIdx.x == 0) block_sum = T(0);
  __syncthreads();
  const T v = base + T(threadIdx.x % 16 + 1);
  for (int i = 0; i < 256; ++i) {
    atomicAdd(global_sum, v);
    atomicAdd(&block_sum, v);
    if (i % 64 == 63) __syncthreads();
  }
  if (threadIdx.x == 0) block_sums[blockIdx.x] = block_sum;
}

// Sums: grid = 2^20 * base + 256 * 256 * (1 + ... + 16) = 2^20 * base + 8'912'896;
//       block = 2^16 * base + 256 * 16 * (1 + ... + 16) = 2^16 * base + 557'056.
template <class T>
void check_add(T base, T expected_grid, T expected_block) {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 11, cfg.workers);
    cusim_test::ManagedArray<T> sum(1, T(0)), block_sums(kBlocks, T(0));
    run(add_contended<T>, dim3(kBlocks), dim3(kThreads), sum.get(), block_sums.get(), base);
    CHECK(sum[0] == expected_grid);
    for (unsigned b = 0; b < kBlocks; ++b) CHECK(block_sums[b] == expected_block);
  }
}

TEST_CASE("atomicAdd: 2^20 contended adds give the exact sum for every type, global and shared") {
  SUBCASE("int") { check_add<int>(-8, -8 * (1 << 20) + 8'912'896, -8 * (1 << 16) + 557'056); }
  SUBCASE("unsigned int (wraps modulo 2^32)") {
    // 2^20 * 4096 = 2^32, which wraps to 0.
    check_add<unsigned>(4096u, 8'912'896u, 268'435'456u + 557'056u);
  }
  SUBCASE("unsigned long long") {
    check_add<unsigned long long>(1ull << 32, (1ull << 52) + 8'912'896ull, (1ull << 48) + 557'056ull);
  }
  SUBCASE("float (integer values, every partial sum below 2^24, so exact)") {
    check_add<float>(0.0f, 8'912'896.0f, 557'056.0f);
  }
  SUBCASE("double (integer values below 2^53, so exact)") {
    check_add<double>(4294967296.0, 4503599627370496.0 + 8'912'896.0, 281474976710656.0 + 557'056.0);
  }
}

// atomicAdd returns the previous value: adding 1 hands out every ticket 0..n-1 exactly once.
__global__ void take_tickets(unsigned* counter, unsigned* grid_ticket, unsigned* block_ticket) {
  CUSIM_SHARED(unsigned, next);
  if (threadIdx.x == 0) next = 0;
  __syncthreads();
  const unsigned g = global_id();
  grid_ticket[g] = atomicAdd(counter, 1u);
  block_ticket[g] = atomicAdd(&next, 1u);
}

TEST_CASE("atomicAdd returns each intermediate value exactly once (tickets)") {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 5, cfg.workers);
    cusim_test::ManagedArray<unsigned> counter(1, 0), grid_ticket(kAll, ~0u), block_ticket(kAll, ~0u);
    run(take_tickets, dim3(kBlocks), dim3(kThreads), counter.get(), grid_ticket.get(), block_ticket.get());
    CHECK(counter[0] == kAll);
    std::vector<unsigned> seen(kAll, 0);
    bool in_range = true;
    for (unsigned g = 0; g < kAll; ++g) {
      if (grid_ticket[g] < kAll) ++seen[grid_ticket[g]];
      else in_range = false;
    }
    CHECK(in_range);
    CHECK(std::count(seen.begin(), seen.end(), 1u) == kAll);
    for (unsigned b = 0; b < kBlocks; ++b) {
      std::vector<unsigned> local(kThreads, 0);
      for (unsigned t = 0; t < kThreads; ++t) {
        const unsigned v = block_ticket[b * kThreads + t];
        if (v < kThreads) ++local[v];
      }
      CHECK(std::count(local.begin(), local.end(), 1u) == kThreads);
    }
  }
}

// ---- atomicSub -------------------------------------------------------------------------------

template <class T>
__global__ void sub_contended(T* global, T* block_out, T base) {
  CUSIM_SHARED(T, local);
  if (threadIdx.x == 0) local = T(0);
  __syncthreads();
  const T v = base + T(threadIdx.x % 16 + 1);
  for (int i = 0; i < 64; ++i) {
    atomicSub(global, v);
    atomicSub(&local, v);
    if (i % 16 == 15) __syncthreads();
  }
  if (threadIdx.x == 0) block_out[blockIdx.x] = local;
}

// Subtracted in total: grid 64 * (4096 * base + 256 * 136); block 64 * (256 * base + 16 * 136).
template <class T>
void check_sub(T start, T base, T expected_grid, T expected_block) {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 3, cfg.workers);
    cusim_test::ManagedArray<T> value(1, start), block_out(kBlocks, T(0));
    run(sub_contended<T>, dim3(kBlocks), dim3(kThreads), value.get(), block_out.get(), base);
    CHECK(value[0] == expected_grid);
    for (unsigned b = 0; b < kBlocks; ++b) CHECK(block_out[b] == expected_block);
  }
}

TEST_CASE("atomicSub: contended subtractions, int and unsigned, global and shared") {
  SUBCASE("int") { check_sub<int>(1'000'000, 0, 1'000'000 - 2'228'224, -139'264); }
  SUBCASE("unsigned int (wraps below zero)") {
    // base 2^20: 64 * 4096 * 2^20 = 2^38 and 64 * 256 * 2^20 = 2^34 both vanish modulo 2^32.
    check_sub<unsigned>(5u, 1u << 20, 4'294'967'296ull + 5 - 2'228'224, 4'294'967'296ull - 139'264);
  }
}

// ---- atomicExch: every previous value is returned exactly once -------------------------------

template <class T>
__host__ __device__ T exch_value(unsigned k);
template <>
__host__ __device__ int exch_value<int>(unsigned k) { return static_cast<int>(k) * 3 - 5000; }
template <>
__host__ __device__ unsigned exch_value<unsigned>(unsigned k) { return 0x80000000u + k * 7u; }
template <>
__host__ __device__ unsigned long long exch_value<unsigned long long>(unsigned k) { return (static_cast<unsigned long long>(k) << 40) | k; }
template <>
__host__ __device__ float exch_value<float>(unsigned k) { return static_cast<float>(k) * 0.5f - 1000.0f; }

constexpr unsigned kExchPerThread = 4;

// Each thread exchanges 4 values of its own into one global and one shared address; the initial
// value of both is exch_value(kAll * kExchPerThread), which no thread writes.
template <class T>
__global__ void exch_contended(T* global, T* got_global, T* got_shared, T* shared_final) {
  CUSIM_SHARED(T, local);
  if (threadIdx.x == 0) local = exch_value<T>(kAll * kExchPerThread);
  __syncthreads();
  const unsigned g = global_id();
  for (unsigned i = 0; i < kExchPerThread; ++i) {
    const unsigned k = g * kExchPerThread + i;
    got_global[k] = atomicExch(global, exch_value<T>(k));
    got_shared[k] = atomicExch(&local, exch_value<T>(k));
    __syncthreads();
  }
  if (threadIdx.x == 0) shared_final[blockIdx.x] = local;
}

template <class T>
void check_exch() {
  constexpr unsigned n = kAll * kExchPerThread;
  const T initial = exch_value<T>(n);
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 9, cfg.workers);
    cusim_test::ManagedArray<T> value(1, initial), got_global(n), got_shared(n), shared_final(kBlocks);
    run(exch_contended<T>, dim3(kBlocks), dim3(kThreads), value.get(), got_global.get(), got_shared.get(),
        shared_final.get());
    // Returned values plus the final one are exactly the initial value and every written value.
    std::vector<T> got(got_global.get(), got_global.get() + n), expected;
    got.push_back(value[0]);
    for (unsigned k = 0; k <= n; ++k) expected.push_back(exch_value<T>(k));
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    CHECK(got == expected);
    const unsigned per_block = kThreads * kExchPerThread;
    for (unsigned b = 0; b < kBlocks; ++b) {
      std::vector<T> g2(got_shared.get() + b * per_block, got_shared.get() + (b + 1) * per_block), e2;
      g2.push_back(shared_final[b]);
      e2.push_back(initial);
      for (unsigned k = b * per_block; k < (b + 1) * per_block; ++k) e2.push_back(exch_value<T>(k));
      std::sort(g2.begin(), g2.end());
      std::sort(e2.begin(), e2.end());
      CHECK(g2 == e2);
    }
  }
}

TEST_CASE("atomicExch returns each previous value exactly once, global and shared") {
  SUBCASE("int") { check_exch<int>(); }
  SUBCASE("unsigned int") { check_exch<unsigned>(); }
  SUBCASE("unsigned long long") { check_exch<unsigned long long>(); }
  SUBCASE("float") { check_exch<float>(); }
}

// ---- atomicMin / atomicMax -------------------------------------------------------------------

// A strictly increasing map from 0..32767 onto values that exercise each type's ordering: negative
// ints and long longs, unsigned values with the top bit set.
template <class T>
__host__ __device__ T ordered_value(unsigned k);
template <>
__host__ __device__ int ordered_value<int>(unsigned k) { return static_cast<int>(k) - 16384; }
template <>
__host__ __device__ unsigned ordered_value<unsigned>(unsigned k) { return (k << 17) | 1u; }
template <>
__host__ __device__ long long ordered_value<long long>(unsigned k) { return (static_cast<long long>(k) - 16384) * (1ll << 40) + 1; }
template <>
__host__ __device__ unsigned long long ordered_value<unsigned long long>(unsigned k) { return (static_cast<unsigned long long>(k) << 49) | 1u; }

// Block b offers k = b * 2048 + ((x * 37) % 2048) for x = 0..2047 (8 per thread): a permutation of
// its range, so the block's extremes are k = b * 2048 and b * 2048 + 2047, the grid's 0 and 32767.
__device__ unsigned offered_key(unsigned i) {
  const unsigned x = threadIdx.x * 8 + i;
  return blockIdx.x * 2048 + (x * 37) % 2048;
}

template <class T>
__global__ void minmax_contended(T* gmin, T* gmax, T* block_min, T* block_max) {
  CUSIM_SHARED(T, smin);
  CUSIM_SHARED(T, smax);
  if (threadIdx.x == 0) {
    smin = std::numeric_limits<T>::max();
    smax = std::numeric_limits<T>::lowest();
  }
  __syncthreads();
  for (unsigned i = 0; i < 8; ++i) {
    const T v = ordered_value<T>(offered_key(i));
    atomicMin(gmin, v);
    atomicMax(gmax, v);
    atomicMin(&smin, v);
    atomicMax(&smax, v);
    if (i % 4 == 3) __syncthreads();
  }
  if (threadIdx.x == 0) {
    block_min[blockIdx.x] = smin;
    block_max[blockIdx.x] = smax;
  }
}

template <class T>
void check_minmax() {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 13, cfg.workers);
    cusim_test::ManagedArray<T> gmin(1, std::numeric_limits<T>::max()), gmax(1, std::numeric_limits<T>::lowest());
    cusim_test::ManagedArray<T> bmin(kBlocks), bmax(kBlocks);
    run(minmax_contended<T>, dim3(kBlocks), dim3(kThreads), gmin.get(), gmax.get(), bmin.get(), bmax.get());
    CHECK(gmin[0] == ordered_value<T>(0));
    CHECK(gmax[0] == ordered_value<T>(32767));
    for (unsigned b = 0; b < kBlocks; ++b) {
      CHECK(bmin[b] == ordered_value<T>(b * 2048));
      CHECK(bmax[b] == ordered_value<T>(b * 2048 + 2047));
    }
  }
}

TEST_CASE("atomicMin/atomicMax: contended extremes for every type, global and shared") {
  // Spot-check the ordering maps, written out by hand.
  CHECK(ordered_value<int>(0) == -16384);
  CHECK(ordered_value<int>(32767) == 16383);
  CHECK(ordered_value<unsigned>(32767) == 0xfffe0001u);
  CHECK(ordered_value<long long>(0) == -(1ll << 54) + 1);
  CHECK(ordered_value<unsigned long long>(32767) == 0xfffe000000000001ull);
  SUBCASE("int") { check_minmax<int>(); }
  SUBCASE("unsigned int") { check_minmax<unsigned>(); }
  SUBCASE("long long") { check_minmax<long long>(); }
  SUBCASE("unsigned long long") { check_minmax<unsigned long long>(); }
}

__global__ void minmax_returns(long long* ll, unsigned long long* ull, long long* out) {
  out[0] = atomicMin(&ll[0], -5ll);              // -3 -> -5
  out[1] = atomicMin(&ll[0], 7ll);               // stays -5
  out[2] = atomicMax(&ll[1], -(1ll << 40));      // -(1 << 50) -> -(1 << 40)
  out[3] = static_cast<long long>(atomicMax(&ull[0], 1ull << 63));  // 5 -> 2^63 (unsigned compare)
  out[4] = static_cast<long long>(atomicMin(&ull[1], 1ull << 63));  // 2^63 + 1 -> 2^63
  out[5] = atomicMin(&ll[0], std::numeric_limits<long long>::min());
}

TEST_CASE("atomicMin/atomicMax return the old value and compare signed or unsigned by type") {
  cusim_test::ManagedArray<long long> ll(2), out(6);
  cusim_test::ManagedArray<unsigned long long> ull(2);
  ll[0] = -3;
  ll[1] = -(1ll << 50);
  ull[0] = 5;
  ull[1] = (1ull << 63) + 1;
  run(minmax_returns, dim3(1), dim3(1), ll.get(), ull.get(), out.get());
  CHECK(out[0] == -3);
  CHECK(out[1] == -5);
  CHECK(out[2] == -(1ll << 50));
  CHECK(out[3] == 5);
  CHECK(static_cast<unsigned long long>(out[4]) == (1ull << 63) + 1);
  CHECK(out[5] == -5);
  CHECK(ll[0] == std::numeric_limits<long long>::min());
  CHECK(ll[1] == -(1ll << 40));
  CHECK(ull[0] == 1ull << 63);
  CHECK(ull[1] == 1ull << 63);
}

// ---- atomicInc / atomicDec -------------------------------------------------------------------

__global__ void inc_dec_semantics(unsigned* x, unsigned* old) {
  // atomicInc: (old >= val) ? 0 : old + 1.   atomicDec: (old == 0 || old > val) ? val : old - 1.
  old[0] = atomicInc(&x[0], 7u);            // 7 -> 0 (old == val wraps)
  old[1] = atomicInc(&x[1], 7u);            // 6 -> 7
  old[2] = atomicInc(&x[2], 7u);            // 100 -> 0 (old > val)
  old[3] = atomicInc(&x[3], 0u);            // 0 -> 0
  old[4] = atomicInc(&x[4], 0xffffffffu);   // 0xffffffff -> 0
  old[5] = atomicDec(&x[5], 7u);            // 0 -> 7
  old[6] = atomicDec(&x[6], 7u);            // 8 -> 7 (old > val)
  old[7] = atomicDec(&x[7], 7u);            // 7 -> 6
  old[8] = atomicDec(&x[8], 7u);            // 1 -> 0
  old[9] = atomicDec(&x[9], 0u);            // 5 -> 0 (old > val)
  old[10] = atomicDec(&x[10], 0u);          // 0 -> 0
  old[11] = atomicDec(&x[11], 0xffffffffu); // 0 -> 0xffffffff
}

TEST_CASE("atomicInc/atomicDec follow CUDA's wrap rules exactly") {
  cusim_test::ManagedArray<unsigned> x(12), old(12, 12345);
  const unsigned start[12] = {7, 6, 100, 0, 0xffffffffu, 0, 8, 7, 1, 5, 0, 0};
  const unsigned after[12] = {0, 7, 0, 0, 0, 7, 7, 6, 0, 0, 0, 0xffffffffu};
  for (int i = 0; i < 12; ++i) x[i] = start[i];
  run(inc_dec_semantics, dim3(1), dim3(1), x.get(), old.get());
  for (int i = 0; i < 12; ++i) {
    INFO("case " << i);
    CHECK(old[i] == start[i]);
    CHECK(x[i] == after[i]);
  }
}

// Each thread applies 16 atomicInc (or atomicDec) to one global and one shared address.
__global__ void inc_contended(bool dec, unsigned* global, unsigned global_limit, unsigned* global_olds,
                              unsigned shared_start, unsigned shared_limit, unsigned* shared_olds,
                              unsigned* shared_final) {
  CUSIM_SHARED(unsigned, local);
  if (threadIdx.x == 0) local = shared_start;
  __syncthreads();
  const unsigned g = global_id();
  for (unsigned i = 0; i < 16; ++i) {
    global_olds[g * 16 + i] = dec ? atomicDec(global, global_limit) : atomicInc(global, global_limit);
    shared_olds[g * 16 + i] = dec ? atomicDec(&local, shared_limit) : atomicInc(&local, shared_limit);
    if (i % 8 == 7) __syncthreads();
  }
  if (threadIdx.x == 0) shared_final[blockIdx.x] = local;
}

struct IncDecCase {
  bool dec;
  unsigned global_start, global_limit;
  unsigned shared_start, shared_limit;
  unsigned expect_global_final, expect_shared_final;
  // Expected number of times each old value is returned (global over 65536 ops, shared per block
  // over 4096 ops); values not listed must not occur.
  unsigned (*global_count)(unsigned long long old);
  unsigned (*shared_count)(unsigned long long old);
};

void check_inc_dec(const IncDecCase& c) {
  constexpr unsigned n = kAll * 16;  // 65536 operations on the global address
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 17, cfg.workers);
    cusim_test::ManagedArray<unsigned> value(1, c.global_start), global_olds(n), shared_olds(n), shared_final(kBlocks);
    run(inc_contended, dim3(kBlocks), dim3(kThreads), c.dec, value.get(), c.global_limit, global_olds.get(),
        c.shared_start, c.shared_limit, shared_olds.get(), shared_final.get());
    CHECK(value[0] == c.expect_global_final);
    // Histogram of the returned old values against the closed form.
    std::vector<unsigned> olds(global_olds.get(), global_olds.get() + n);
    std::sort(olds.begin(), olds.end());
    unsigned bad = 0, total = 0;
    for (std::size_t i = 0; i < olds.size();) {
      std::size_t j = i;
      while (j < olds.size() && olds[j] == olds[i]) ++j;
      if (c.global_count(olds[i]) != j - i) ++bad;
      total += c.global_count(olds[i]);
      i = j;
    }
    CHECK(bad == 0);
    CHECK(total == n);  // every value the closed form expects occurred
    for (unsigned b = 0; b < kBlocks; ++b) {
      CHECK(shared_final[b] == c.expect_shared_final);
      std::vector<unsigned> sh(shared_olds.get() + b * 4096, shared_olds.get() + (b + 1) * 4096);
      std::sort(sh.begin(), sh.end());
      unsigned sbad = 0, stotal = 0;
      for (std::size_t i = 0; i < sh.size();) {
        std::size_t j = i;
        while (j < sh.size() && sh[j] == sh[i]) ++j;
        if (c.shared_count(sh[i]) != j - i) ++sbad;
        stotal += c.shared_count(sh[i]);
        i = j;
      }
      CHECK(sbad == 0);
      CHECK(stotal == 4096);
    }
  }
}

TEST_CASE("atomicInc under contention wraps at the limit with exact final values") {
  SUBCASE("from 0, limit 999 (global) and 99 (shared)") {
    // Olds cycle 0,1,...,limit. 65536 = 65 * 1000 + 536: final 536, values < 536 occur 66 times.
    // 4096 = 40 * 100 + 96: final 96, values < 96 occur 41 times.
    check_inc_dec({false, 0, 999, 0, 99, 536, 96,
                   [](unsigned long long o) -> unsigned { return o > 999 ? 0 : o < 536 ? 66 : 65; },
                   [](unsigned long long o) -> unsigned { return o > 99 ? 0 : o < 96 ? 41 : 40; }});
  }
  SUBCASE("starting above the limit: the first increment gives 0") {
    // Olds: 5000 once, then 0,1,...,999 cycling for 65535 ops: final 65535 % 1000 = 535.
    // Shared from 300 > 99: olds 300 once, then 0..99 cycling for 4095 ops: final 95.
    check_inc_dec({false, 5000, 999, 300, 99, 535, 95,
                   [](unsigned long long o) -> unsigned { return o == 5000 ? 1 : o > 999 ? 0 : o < 535 ? 66 : 65; },
                   [](unsigned long long o) -> unsigned { return o == 300 ? 1 : o > 99 ? 0 : o < 95 ? 41 : 40; }});
  }
  SUBCASE("limit 0xffffffff is a plain increment that wraps modulo 2^32") {
    // Global from 0xffffff00: olds are 0xffffff00 + k (mod 2^32), k < 65536; final 0xff00.
    // Shared from 0xfffff800: olds 0xfffff800 + k, k < 4096; final 0x800.
    check_inc_dec({false, 0xffffff00u, 0xffffffffu, 0xfffff800u, 0xffffffffu, 0xff00u, 0x800u,
                   [](unsigned long long o) -> unsigned { return (o >= 0xffffff00u || o < 0xff00u) ? 1 : 0; },
                   [](unsigned long long o) -> unsigned { return (o >= 0xfffff800u || o < 0x800u) ? 1 : 0; }});
  }
}

TEST_CASE("atomicDec under contention wraps from 0 (and from above the limit) to the limit") {
  SUBCASE("from 0, limit 999 (global) and 99 (shared)") {
    // Olds cycle 0, 999, 998, ..., 1 (position p holds p ? 1000 - p : 0). 65536 ops: positions
    // < 536 occur 66 times (old 0 and olds > 464); final is position 536: 464.
    // Shared: cycle 0, 99, ..., 1; 4096 ops: positions < 96 occur 41 times (0 and olds > 4);
    // final position 96: 4.
    check_inc_dec({true, 0, 999, 0, 99, 464, 4,
                   [](unsigned long long o) -> unsigned { return o > 999 ? 0 : (o == 0 || o > 464) ? 66 : 65; },
                   [](unsigned long long o) -> unsigned { return o > 99 ? 0 : (o == 0 || o > 4) ? 41 : 40; }});
  }
  SUBCASE("starting above the limit: the first decrement gives the limit") {
    // Olds: 5000 once, then 999, 998, ..., 0 cycling for 65535 ops: olds > 464 occur 66 times;
    // final 999 - 535 = 464. Shared from 300: 300 once, then 99..0 for 4095 ops: olds > 4 occur
    // 41 times; final 99 - 95 = 4.
    check_inc_dec({true, 5000, 999, 300, 99, 464, 4,
                   [](unsigned long long o) -> unsigned { return o == 5000 ? 1 : o > 999 ? 0 : o > 464 ? 66 : 65; },
                   [](unsigned long long o) -> unsigned { return o == 300 ? 1 : o > 99 ? 0 : o > 4 ? 41 : 40; }});
  }
}

// ---- atomicCAS -------------------------------------------------------------------------------

template <class T>
__host__ __device__ T claim_id(unsigned g) {
  if constexpr (sizeof(T) == 8) return (static_cast<T>(g) << 32) | 0x5a5a5a5aull;
  else return static_cast<T>(g);
}

// Every thread claims one slot of a table with as many slots as threads: it probes from a start it
// shares with 63 others (global) or 15 others (shared) and takes the first slot still empty.
template <class T>
__global__ void claim_slots(T* table, unsigned* global_slot, unsigned* shared_slot, T* shared_tables, T empty) {
  CUSIM_SHARED(T, local, [kThreads]);
  for (unsigned i = threadIdx.x; i < kThreads; i += blockDim.x) local[i] = empty;
  __syncthreads();
  const unsigned g = global_id();
  const T me = claim_id<T>(g);
  global_slot[g] = ~0u;
  for (unsigned k = 0, start = (g % 64) * 64; k < kAll; ++k) {
    const unsigned slot = (start + k) % kAll;
    if (atomicCAS(&table[slot], empty, me) == empty) {
      global_slot[g] = slot;
      break;
    }
  }
  shared_slot[g] = ~0u;
  for (unsigned k = 0, start = (threadIdx.x % 16) * 16; k < kThreads; ++k) {
    const unsigned slot = (start + k) % kThreads;
    if (atomicCAS(&local[slot], empty, me) == empty) {
      shared_slot[g] = slot;
      break;
    }
  }
  __syncthreads();
  for (unsigned i = threadIdx.x; i < kThreads; i += blockDim.x) shared_tables[blockIdx.x * kThreads + i] = local[i];
}

template <class T>
void check_claim(T empty) {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 19, cfg.workers);
    cusim_test::ManagedArray<T> table(kAll, empty), shared_tables(kAll, T(0));
    cusim_test::ManagedArray<unsigned> global_slot(kAll), shared_slot(kAll);
    run(claim_slots<T>, dim3(kBlocks), dim3(kThreads), table.get(), global_slot.get(), shared_slot.get(),
        shared_tables.get(), empty);
    // Each thread got a slot and the slot holds its id; with as many slots as threads, that makes
    // every slot claimed by exactly one thread.
    unsigned wrong_global = 0, wrong_shared = 0;
    std::vector<unsigned> claims(kAll, 0);
    for (unsigned g = 0; g < kAll; ++g) {
      const unsigned s1 = global_slot[g];
      if (s1 >= kAll || table[s1] != claim_id<T>(g)) ++wrong_global;
      else ++claims[s1];
      const unsigned s2 = shared_slot[g], b = g / kThreads;
      if (s2 >= kThreads || shared_tables[b * kThreads + s2] != claim_id<T>(g)) ++wrong_shared;
    }
    CHECK(wrong_global == 0);
    CHECK(wrong_shared == 0);
    CHECK(std::count(claims.begin(), claims.end(), 1u) == kAll);
    CHECK(std::count(table.get(), table.get() + kAll, empty) == 0);
    CHECK(std::count(shared_tables.get(), shared_tables.get() + kAll, empty) == 0);
  }
}

TEST_CASE("atomicCAS as a lock-free slot claim: each slot claimed by exactly one thread") {
  SUBCASE("int") { check_claim<int>(-1); }
  SUBCASE("unsigned int") { check_claim<unsigned>(0xffffffffu); }
  SUBCASE("unsigned long long") { check_claim<unsigned long long>(~0ull); }
  SUBCASE("unsigned short") { check_claim<unsigned short>(static_cast<unsigned short>(0xffff)); }
}

__global__ void cas_semantics(int* i, unsigned* u, unsigned long long* ull, unsigned short* us, long long* out) {
  out[0] = atomicCAS(i, 3, 9);                          // 3 == 3: swaps to 9
  out[1] = atomicCAS(i, 3, 11);                         // 9 != 3: stays 9
  out[2] = atomicCAS(u, 0x80000000u, 1u);               // swaps to 1
  out[3] = static_cast<long long>(atomicCAS(ull, 1ull << 40, 7ull));  // differs only in bit 40: no swap
  out[4] = atomicCAS(us, static_cast<unsigned short>(0xfffe), static_cast<unsigned short>(0x1234));
}

TEST_CASE("atomicCAS swaps only on an exact match and returns the old value") {
  cusim_test::ManagedArray<int> i(1, 3);
  cusim_test::ManagedArray<unsigned> u(1, 0x80000000u);
  cusim_test::ManagedArray<unsigned long long> ull(1, (1ull << 41));
  cusim_test::ManagedArray<unsigned short> us(2, static_cast<unsigned short>(0xfffe));
  cusim_test::ManagedArray<long long> out(5, 0);
  run(cas_semantics, dim3(1), dim3(1), i.get(), u.get(), ull.get(), us.get(), out.get());
  CHECK(out[0] == 3);
  CHECK(out[1] == 9);
  CHECK(i[0] == 9);
  CHECK(out[2] == 0x80000000ll);
  CHECK(u[0] == 1u);
  CHECK(out[3] == (1ll << 41));
  CHECK(ull[0] == (1ull << 41));
  CHECK(out[4] == 0xfffe);
  CHECK(us[0] == 0x1234);
  CHECK(us[1] == 0xfffe);  // the neighbouring 16 bits are untouched
}

// ---- a float (and double) max built from atomicCAS on the bit pattern ------------------------

template <class F, class Bits>
__device__ F atomic_max_via_cas(Bits* address, F value) {
  Bits old = atomicOr(address, Bits(0));  // an atomic read
  while (std::bit_cast<F>(old) < value) {
    const Bits assumed = old;
    old = atomicCAS(address, assumed, std::bit_cast<Bits>(value));
    if (old == assumed) break;
  }
  return std::bit_cast<F>(old);
}

// Key k in 0..32767 maps to (k - offset) * 0.25: all exact, increasing in k.
template <class F, class Bits>
__global__ void float_max(Bits* global, Bits* block_out, F offset) {
  CUSIM_SHARED(Bits, local);
  if (threadIdx.x == 0) local = std::bit_cast<Bits>(-std::numeric_limits<F>::infinity());
  __syncthreads();
  for (unsigned i = 0; i < 8; ++i) {
    const F v = (static_cast<F>(offered_key(i)) - offset) * F(0.25);
    atomic_max_via_cas<F, Bits>(global, v);
    atomic_max_via_cas<F, Bits>(&local, v);
    if (i % 4 == 3) __syncthreads();
  }
  if (threadIdx.x == 0) block_out[blockIdx.x] = local;
}

template <class F, class Bits>
void check_float_max(F offset, F expect_grid, F (*expect_block)(unsigned)) {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 23, cfg.workers);
    cusim_test::ManagedArray<Bits> global(1, std::bit_cast<Bits>(-std::numeric_limits<F>::infinity())), block_out(kBlocks);
    run(float_max<F, Bits>, dim3(kBlocks), dim3(kThreads), global.get(), block_out.get(), offset);
    CHECK(std::bit_cast<F>(global[0]) == expect_grid);
    for (unsigned b = 0; b < kBlocks; ++b) CHECK(std::bit_cast<F>(block_out[b]) == expect_block(b));
  }
}

TEST_CASE("a float max from an atomicCAS loop on the bit pattern") {
  SUBCASE("float, values from -4096 to 4095.75") {
    check_float_max<float, unsigned>(16384.0f, 4095.75f, [](unsigned b) { return (b * 2048.0f + 2047 - 16384) * 0.25f; });
  }
  SUBCASE("float, all values negative (their bit patterns order backwards as integers)") {
    check_float_max<float, unsigned>(40000.0f, -1808.25f, [](unsigned b) { return (b * 2048.0f + 2047 - 40000) * 0.25f; });
  }
  SUBCASE("double via unsigned long long") {
    check_float_max<double, unsigned long long>(16384.0, 4095.75, [](unsigned b) { return (b * 2048.0 + 2047 - 16384) * 0.25; });
  }
}

// ---- atomicAnd / atomicOr / atomicXor --------------------------------------------------------

// Bit-per-thread layout: thread g owns bit (g / W) of word (g % W), W = 32 * 4096 / bits(T) words
// globally; in shared memory, thread t owns bit (t / Ws) of word (t % Ws) with Ws = 256 / bits(T)
// words. Every word is hit by threads of every block (global) or of the whole block (shared), and
// every bit is changed by exactly one operation, so a lost update shows as a wrong bit.
enum class BitOp { and_, or_, xor_ };

template <class T>
__device__ T apply_bit_op(BitOp op, T* address, T bit) {
  switch (op) {
    case BitOp::and_: return atomicAnd(address, static_cast<T>(~bit));
    case BitOp::or_: return atomicOr(address, bit);
    case BitOp::xor_: return atomicXor(address, bit);
  }
  return T(0);
}

template <class T>
constexpr unsigned kBits = sizeof(T) * 8;

template <class T>
__global__ void bit_ops(BitOp op, T init, T* words, T* global_olds, T* shared_words, T* shared_olds) {
  constexpr unsigned W = kAll / kBits<T>, Ws = kThreads / kBits<T>;
  CUSIM_SHARED(T, local, [kThreads / kBits<T>]);
  if (threadIdx.x < Ws) local[threadIdx.x] = init;
  __syncthreads();
  const unsigned g = global_id(), t = threadIdx.x;
  global_olds[g] = apply_bit_op<T>(op, &words[g % W], static_cast<T>(T(1) << (g / W)));
  shared_olds[g] = apply_bit_op<T>(op, &local[t % Ws], static_cast<T>(T(1) << (t / Ws)));
  __syncthreads();
  if (t < Ws) shared_words[blockIdx.x * Ws + t] = local[t];
}

template <class T>
void check_bit_op(BitOp op) {
  constexpr unsigned W = kAll / kBits<T>, Ws = kThreads / kBits<T>;
  const T ones = static_cast<T>(~T(0));
  // And clears each bit from all ones; Or and Xor set each bit from zero.
  const T init = op == BitOp::and_ ? ones : T(0), final_word = op == BitOp::and_ ? T(0) : ones;
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 29, cfg.workers);
    cusim_test::ManagedArray<T> words(W, init), global_olds(kAll), shared_words(kBlocks * Ws), shared_olds(kAll);
    run(bit_ops<T>, dim3(kBlocks), dim3(kThreads), op, init, words.get(), global_olds.get(), shared_words.get(),
        shared_olds.get());
    for (unsigned w = 0; w < W; ++w) CHECK(words[w] == final_word);
    for (unsigned i = 0; i < kBlocks * Ws; ++i) CHECK(shared_words[i] == final_word);
    // The old value each thread saw still has its own bit in the initial state.
    unsigned wrong = 0;
    for (unsigned g = 0; g < kAll; ++g) {
      const T gbit = static_cast<T>(T(1) << (g / W)), sbit = static_cast<T>(T(1) << ((g % kThreads) / Ws));
      if ((global_olds[g] & gbit) != (init & gbit)) ++wrong;
      if ((shared_olds[g] & sbit) != (init & sbit)) ++wrong;
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("atomicAnd/atomicOr/atomicXor: one bit per thread, no update lost") {
  SUBCASE("atomicAnd int") { check_bit_op<int>(BitOp::and_); }
  SUBCASE("atomicAnd unsigned") { check_bit_op<unsigned>(BitOp::and_); }
  SUBCASE("atomicAnd unsigned long long") { check_bit_op<unsigned long long>(BitOp::and_); }
  SUBCASE("atomicOr int") { check_bit_op<int>(BitOp::or_); }
  SUBCASE("atomicOr unsigned") { check_bit_op<unsigned>(BitOp::or_); }
  SUBCASE("atomicOr unsigned long long") { check_bit_op<unsigned long long>(BitOp::or_); }
  SUBCASE("atomicXor int") { check_bit_op<int>(BitOp::xor_); }
  SUBCASE("atomicXor unsigned") { check_bit_op<unsigned>(BitOp::xor_); }
  SUBCASE("atomicXor unsigned long long") { check_bit_op<unsigned long long>(BitOp::xor_); }
}

// All threads toggle bits of ONE address: op (g * 16 + i) toggles bit (g * 16 + i) % P, P = 31 for
// 32-bit types and 61 for 64-bit. With n = q * P + r ops, bits below r are toggled q + 1 times and
// the others q times. Grid: 65536 = 31 * 2114 + 2 = 61 * 1074 + 22, so bits 0..1 (resp. 0..21)
// flip. Block: 4096 = 31 * 132 + 4, so bits 0..3 flip; 4096 = 61 * 67 + 9, so bits 9..60 flip.
template <class T>
__global__ void xor_parity(T* global, T* block_out, T init) {
  constexpr unsigned P = sizeof(T) == 8 ? 61 : 31;
  CUSIM_SHARED(T, local);
  if (threadIdx.x == 0) local = init;
  __syncthreads();
  for (unsigned i = 0; i < 16; ++i) {
    atomicXor(global, static_cast<T>(T(1) << ((global_id() * 16 + i) % P)));
    atomicXor(&local, static_cast<T>(T(1) << ((threadIdx.x * 16 + i) % P)));
    if (i % 4 == 3) __syncthreads();
  }
  if (threadIdx.x == 0) block_out[blockIdx.x] = local;
}

template <class T>
void check_xor_parity(T init, T expect_grid, T expect_block) {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 31, cfg.workers);
    cusim_test::ManagedArray<T> value(1, init), block_out(kBlocks);
    run(xor_parity<T>, dim3(kBlocks), dim3(kThreads), value.get(), block_out.get(), init);
    CHECK(value[0] == expect_grid);
    for (unsigned b = 0; b < kBlocks; ++b) CHECK(block_out[b] == expect_block);
  }
}

TEST_CASE("atomicXor: 65536 toggles of one address leave the closed-form parity") {
  SUBCASE("int") { check_xor_parity<int>(0x12345678, 0x1234567b, 0x12345677); }
  SUBCASE("unsigned int") { check_xor_parity<unsigned>(0x80000000u, 0x80000003u, 0x8000000fu); }
  SUBCASE("unsigned long long") {
    check_xor_parity<unsigned long long>(0xf000000000000000ull, 0xf0000000003fffffull, 0xeffffffffffffe00ull);
  }
}

// atomicOr on ONE address from every thread: thread g sets bit g % 32.
__global__ void or_one_address(unsigned* word, unsigned* olds) {
  const unsigned g = global_id();
  olds[g] = atomicOr(word, 1u << (g % 32));
}

TEST_CASE("atomicOr on one address: all bits set and exactly one caller saw the initial 0") {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 37, cfg.workers);
    cusim_test::ManagedArray<unsigned> word(1, 0x0u), olds(kAll, 0xdeadbeefu);
    run(or_one_address, dim3(kBlocks), dim3(kThreads), word.get(), olds.get());
    CHECK(word[0] == 0xffffffffu);
    // The first Or saw 0; any later one sees at least the first one's bit.
    CHECK(std::count(olds.get(), olds.get() + kAll, 0u) == 1);
    // Every thread stored the value its Or returned.
    unsigned untouched = 0;
    for (unsigned g = 0; g < kAll; ++g)
      if (olds[g] == 0xdeadbeefu) ++untouched;
    CHECK(untouched == 0);
  }
}

// ---- the _block and _system scoped spellings -------------------------------------------------

__global__ void scoped_spellings(unsigned* global_count, int* global_max, int* block_out) {
  CUSIM_SHARED(int, count);
  CUSIM_SHARED(int, smax);
  CUSIM_SHARED(int, smin);
  CUSIM_SHARED(int, owner);
  CUSIM_SHARED(int, last);
  if (threadIdx.x == 0) {
    count = 0;
    smax = -1;
    smin = 1 << 30;
    owner = -1;
    last = -1;
  }
  __syncthreads();
  const int t = static_cast<int>(threadIdx.x);
  atomicAdd_block(&count, 2);
  atomicAdd_system(global_count, 1u);
  atomicMax_block(&smax, t * 3);
  atomicMin_block(&smin, t - 7);
  atomicCAS_block(&owner, -1, t);  // exactly one thread wins
  atomicExch_block(&last, t);
  atomicMax(global_max, static_cast<int>(global_id()));
  __syncthreads();
  if (t == 0) {
    int* o = block_out + blockIdx.x * 5;
    o[0] = count;
    o[1] = smax;
    o[2] = smin;
    o[3] = owner;
    o[4] = last;
  }
}

TEST_CASE("the _block and _system spellings behave as the device-wide atomics") {
  for (const Config& cfg : configs()) {
    INFO(describe(cfg));
    cusim_test::ScopedSchedule s(cfg.schedule, 41, cfg.workers);
    cusim_test::ManagedArray<unsigned> global_count(1, 0);
    cusim_test::ManagedArray<int> global_max(1, -1), block_out(kBlocks * 5, -2);
    run(scoped_spellings, dim3(kBlocks), dim3(kThreads), global_count.get(), global_max.get(), block_out.get());
    CHECK(global_count[0] == kAll);
    CHECK(global_max[0] == static_cast<int>(kAll) - 1);
    for (unsigned b = 0; b < kBlocks; ++b) {
      const int* o = block_out.get() + b * 5;
      CHECK(o[0] == 2 * static_cast<int>(kThreads));
      CHECK(o[1] == 3 * (static_cast<int>(kThreads) - 1));
      CHECK(o[2] == -7);
      CHECK(o[3] >= 0);
      CHECK(o[3] < static_cast<int>(kThreads));
      CHECK(o[4] >= 0);
      CHECK(o[4] < static_cast<int>(kThreads));
    }
  }
}
