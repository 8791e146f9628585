// Warp intrinsics: shuffles at every width 1..32 against the PTX shfl.sync rule and CUDA's documented
// behaviour, votes, __syncwarp and __activemask with full and partial masks, and the diagnostics
// for misuse. Every result-checking test runs under each schedule.
#include <doctest/doctest.h>

#include <chrono>
#include <cstring>
#include <cusim/cusim.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using cusim_test::schedule_name;

template <class... P, class... A>
void run(void (*kernel)(P...), dim3 grid, dim3 block, A&&... args) {
  REQUIRE(cusim::launch(kernel, grid, block, std::forward<A>(args)...) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
}

__device__ unsigned global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ unsigned lane_id() { return threadIdx.x % 32; }

// A distinct value per thread for each shuffled type, using the upper bits of 64-bit types.
template <class T>
__host__ __device__ T lane_value(unsigned g);
template <>
__host__ __device__ int lane_value<int>(unsigned g) { return (g % 2 ? -1 : 1) * static_cast<int>(g * 1000 + 7); }
template <>
__host__ __device__ float lane_value<float>(unsigned g) { return static_cast<float>(g) * 0.5f + 0.25f; }
template <>
__host__ __device__ double lane_value<double>(unsigned g) { return static_cast<double>(g) * 1e12 + 0.125; }
template <>
__host__ __device__ unsigned long long lane_value<unsigned long long>(unsigned g) {
  return (static_cast<unsigned long long>(g) << 37) | (0xabc00ull + g);
}

#if CUSIM_SIMULATOR  // findings are the simulator's
// The line of this file holding the comment "// @<tag>": diagnostics must name it.
int marked_line(const std::string& tag) {
  std::ifstream f(__FILE__);
  std::string line;
  const std::string marker = "// @" + tag;
  for (int n = 1; std::getline(f, line); ++n)
    if (line.find(marker) != std::string::npos) return n;
  return -1;
}

std::string file_line(const std::string& tag) { return "warp_test.cpp:" + std::to_string(marked_line(tag)) + ":"; }
#endif

}  // namespace

// ---- shuffles: every width, every mode -------------------------------------------------------

namespace {
enum class Mode { idx, up, down, bfly };

// Arguments tried at every width: srcLane (idx) including negative ones and ones >= width,
// delta (up, down) and laneMask (xor), including values >= 32 (only their low 5 bits count).
// __device__: the kernel reads them too. The host reads nvcc's host copy of the same constants,
// which nvcc warns about (20091) although constexpr makes the two copies equal.
#if defined(__NVCC__)
#pragma nv_diag_suppress 20091
#endif
__device__ constexpr int kIdxFixed[] = {0, 1, 3, 5, 7, 12, 17, 31, 32, 33, 40, -1, -3, -16, -33};
constexpr int kIdxFixedCount = sizeof(kIdxFixed) / sizeof(kIdxFixed[0]);
constexpr int kIdxCount = kIdxFixedCount + 4;
__device__ constexpr unsigned kDeltas[] = {0, 1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 33};
constexpr int kDeltaCount = sizeof(kDeltas) / sizeof(kDeltas[0]);
__device__ constexpr int kXorMasks[] = {0, 1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 63};
constexpr int kXorCount = sizeof(kXorMasks) / sizeof(kXorMasks[0]);
constexpr int kPerWidth = kIdxCount + 2 * kDeltaCount + kXorCount;

__host__ __device__ int idx_arg(int k, int width) {
  if (k < kIdxFixedCount) return kIdxFixed[k];
  const int rel[] = {width - 1, width, width + 1, 2 * width + 1};
  return rel[k - kIdxFixedCount];
}

// The mode and argument of shuffle number k (0 <= k < kPerWidth) at a width.
struct ShuffleCall {
  Mode mode;
  int arg;
};
ShuffleCall shuffle_call(int k, int width) {
  if (k < kIdxCount) return {Mode::idx, idx_arg(k, width)};
  k -= kIdxCount;
  if (k < kDeltaCount) return {Mode::up, static_cast<int>(kDeltas[k])};
  k -= kDeltaCount;
  if (k < kDeltaCount) return {Mode::down, static_cast<int>(kDeltas[k])};
  return {Mode::bfly, kXorMasks[k - kDeltaCount]};
}

// Reference 1: the PTX ISA semantics of shfl.sync, with the clamp word c that CUDA's header builds
// (c = ((32 - width) << 8) | 0x1f, or (32 - width) << 8 for up). Returns the source lane.
unsigned ptx_source(Mode mode, unsigned lane, int b, int width) {
  const unsigned c = mode == Mode::up ? static_cast<unsigned>(32 - width) << 8
                                      : (static_cast<unsigned>(32 - width) << 8) | 0x1fu;
  const unsigned bval = static_cast<unsigned>(b) & 0x1fu;  // b[4:0]
  const unsigned cval = c & 0x1fu;                          // c[4:0]
  const unsigned segmask = (c >> 8) & 0x1fu;                // c[12:8]
  const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  int j = static_cast<int>(lane);
  bool valid = false;
  switch (mode) {
    case Mode::up: j = static_cast<int>(lane) - static_cast<int>(bval); valid = j >= max_lane; break;
    case Mode::down: j = static_cast<int>(lane + bval); valid = j <= max_lane; break;
    case Mode::bfly: j = static_cast<int>(lane ^ bval); valid = j <= max_lane; break;
    case Mode::idx: j = min_lane | static_cast<int>(bval & ~segmask); valid = j <= max_lane; break;
  }
  return valid ? static_cast<unsigned>(j) : lane;
}

// Reference 2, for power-of-two widths only: the CUDA Programming Guide's description. idx reads
// lane srcLane modulo width of the caller's segment; up/down read lane -/+ delta unless that leaves
// the segment; xor reads lane ^ laneMask unless that lies in a later segment. (Arguments below 32.)
unsigned documented_source(Mode mode, unsigned lane, int b, int width) {
  const int w = width, l = static_cast<int>(lane), seg = l / w * w;
  switch (mode) {
    case Mode::idx: return static_cast<unsigned>(seg + ((b % w) + w) % w);
    case Mode::up: return static_cast<unsigned>(l % w >= b ? l - b : l);
    case Mode::down: return static_cast<unsigned>(l % w + b < w ? l + b : l);
    case Mode::bfly: return static_cast<unsigned>((l ^ b) / w <= l / w ? (l ^ b) : l);
  }
  return lane;
}
}  // namespace

TEST_CASE("the two shuffle references agree wherever CUDA documents the behaviour") {
  unsigned compared = 0, differ = 0;
  for (int width = 1; width <= 32; width *= 2)
    for (int k = 0; k < kPerWidth; ++k) {
      const ShuffleCall call = shuffle_call(k, width);
      if (call.mode != Mode::idx && (call.arg < 0 || call.arg >= 32)) continue;
      for (unsigned lane = 0; lane < 32; ++lane, ++compared)
        if (ptx_source(call.mode, lane, call.arg, width) != documented_source(call.mode, lane, call.arg, width)) ++differ;
    }
  CHECK(compared > 5000);
  CHECK(differ == 0);
}

// Every thread of 2 blocks x 2 warps performs every shuffle at every width with a full mask.
template <class T>
__global__ void shuffle_every_width(T* out) {
  const unsigned g = global_id();
  const T v = lane_value<T>(g);
  T* o = out + static_cast<std::size_t>(g) * 32 * kPerWidth;
  for (int width = 1; width <= 32; ++width) {
    for (int k = 0; k < kIdxCount; ++k) *o++ = __shfl_sync(0xffffffffu, v, idx_arg(k, width), width);
    for (unsigned d : kDeltas) *o++ = __shfl_up_sync(0xffffffffu, v, d, width);
    for (unsigned d : kDeltas) *o++ = __shfl_down_sync(0xffffffffu, v, d, width);
    for (int m : kXorMasks) *o++ = __shfl_xor_sync(0xffffffffu, v, m, width);
  }
}

template <class T>
void check_every_width() {
  constexpr unsigned blocks = 2, threads = 64, n = blocks * threads;
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 41);
    cusim_test::ManagedArray<T> out(static_cast<std::size_t>(n) * 32 * kPerWidth);
    run(shuffle_every_width<T>, dim3(blocks), dim3(threads), out.get());
    unsigned wrong = 0;
    std::string first;
    for (unsigned g = 0; g < n; ++g) {
      const unsigned lane = g % 32, warp_base = g - lane;
      for (int width = 1; width <= 32; ++width)
        for (int k = 0; k < kPerWidth; ++k) {
          const ShuffleCall call = shuffle_call(k, width);
          const T expected = lane_value<T>(warp_base + ptx_source(call.mode, lane, call.arg, width));
          const T got = out[(static_cast<std::size_t>(g) * 32 + (width - 1)) * kPerWidth + k];
          if (std::memcmp(&got, &expected, sizeof(T)) != 0 && wrong++ == 0)
            first = "thread " + std::to_string(g) + " width " + std::to_string(width) + " mode " +
                    std::to_string(static_cast<int>(call.mode)) + " arg " + std::to_string(call.arg);
        }
    }
    INFO("first mismatch: " << first);
    CHECK(wrong == 0);
  }
}

TEST_CASE("shuffles of every mode at every width 1..32 follow PTX shfl.sync") {
  SUBCASE("int") { check_every_width<int>(); }
  SUBCASE("float") { check_every_width<float>(); }
  SUBCASE("double") { check_every_width<double>(); }
  SUBCASE("unsigned long long") { check_every_width<unsigned long long>(); }
}

// Lanes that pass different operands to one shuffle: each its own source lane, delta or lane mask.
constexpr int kPerLaneCalls = 5;
__global__ void shuffle_per_lane_operands(int* out) {
  const unsigned g = global_id(), lane = lane_id();
  const int v = lane_value<int>(g);
  int* o = out + g * kPerLaneCalls;
  o[0] = __shfl_sync(0xffffffffu, v, static_cast<int>((lane * 7 + 3) % 32));
  o[1] = __shfl_sync(0xffffffffu, v, static_cast<int>(lane / 2), 16);
  o[2] = __shfl_up_sync(0xffffffffu, v, lane % 5);
  o[3] = __shfl_down_sync(0xffffffffu, v, lane % 6, 16);
  o[4] = __shfl_xor_sync(0xffffffffu, v, static_cast<int>(lane % 4), 8);
}

TEST_CASE("a shuffle whose lanes pass different operands gives each lane its own source") {
  constexpr unsigned blocks = 2, threads = 64, n = blocks * threads;
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 43);
    cusim_test::ManagedArray<int> out(static_cast<std::size_t>(n) * kPerLaneCalls);
    run(shuffle_per_lane_operands, dim3(blocks), dim3(threads), out.get());
    unsigned wrong = 0;
    for (unsigned g = 0; g < n; ++g) {
      const unsigned lane = g % 32, base = g - lane;
      const unsigned source[kPerLaneCalls] = {
          ptx_source(Mode::idx, lane, static_cast<int>((lane * 7 + 3) % 32), 32),
          ptx_source(Mode::idx, lane, static_cast<int>(lane / 2), 16),
          ptx_source(Mode::up, lane, static_cast<int>(lane % 5), 32),
          ptx_source(Mode::down, lane, static_cast<int>(lane % 6), 16),
          ptx_source(Mode::bfly, lane, static_cast<int>(lane % 4), 8)};
      for (int k = 0; k < kPerLaneCalls; ++k) {
        INFO("thread " << g << " call " << k);
        const bool right = out[g * kPerLaneCalls + k] == lane_value<int>(base + source[k]);
        if (!right && wrong++ == 0) CHECK(out[g * kPerLaneCalls + k] == lane_value<int>(base + source[k]));
      }
    }
    CHECK(wrong == 0);
  }
}

// Hand-written expectations from CUDA's documented behaviour at power-of-two widths. Each thread
// shuffles its own lane number (+100 per warp), so the result names the source lane.
__global__ void documented_cases(int* out) {
  const int v = static_cast<int>(lane_id()) + 100 * static_cast<int>(threadIdx.x / 32);
  int* o = out + threadIdx.x * 12;
  o[0] = __shfl_down_sync(0xffffffffu, v, 1, 8);
  o[1] = __shfl_sync(0xffffffffu, v, 0, 16);
  o[2] = __shfl_sync(0xffffffffu, v, 19, 16);  // srcLane >= width: modulo width
  o[3] = __shfl_sync(0xffffffffu, v, -1, 8);   // negative srcLane: modulo width
  o[4] = __shfl_up_sync(0xffffffffu, v, 2, 8);
  o[5] = __shfl_xor_sync(0xffffffffu, v, 8, 8);  // earlier segments reachable, later ones not
  o[6] = __shfl_xor_sync(0xffffffffu, v, 1);
  o[7] = __shfl_down_sync(0xffffffffu, v, 16);
  o[8] = __shfl_up_sync(0xffffffffu, v, 1);
  o[9] = __shfl_sync(0xffffffffu, v, 31);
  o[10] = __shfl_sync(0xffffffffu, v, 5, 1);  // width 1: every lane is its own segment
  o[11] = __shfl_down_sync(0xffffffffu, v, 3, 4);
}

TEST_CASE("shuffles match hand-written results for CUDA's documented power-of-two cases") {
  // clang-format off
  const int expected[12][32] = {
    // __shfl_down_sync(full, v, 1, 8): lane + 1, except 7, 15, 23, 31 keep their own
    {1,2,3,4,5,6,7,7, 9,10,11,12,13,14,15,15, 17,18,19,20,21,22,23,23, 25,26,27,28,29,30,31,31},
    // __shfl_sync(full, v, 0, 16): lane 0 to 0..15, lane 16 to 16..31
    {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 16,16,16,16,16,16,16,16,16,16,16,16,16,16,16,16},
    // __shfl_sync(full, v, 19, 16): 19 % 16 = 3 of each half
    {3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3, 19,19,19,19,19,19,19,19,19,19,19,19,19,19,19,19},
    // __shfl_sync(full, v, -1, 8): the last lane of each group of 8
    {7,7,7,7,7,7,7,7, 15,15,15,15,15,15,15,15, 23,23,23,23,23,23,23,23, 31,31,31,31,31,31,31,31},
    // __shfl_up_sync(full, v, 2, 8): lane - 2; the first two of each group keep their own
    {0,1,0,1,2,3,4,5, 8,9,8,9,10,11,12,13, 16,17,16,17,18,19,20,21, 24,25,24,25,26,27,28,29},
    // __shfl_xor_sync(full, v, 8, 8): lanes 8..15 and 24..31 read 8 lower; the others keep theirs
    {0,1,2,3,4,5,6,7, 0,1,2,3,4,5,6,7, 16,17,18,19,20,21,22,23, 16,17,18,19,20,21,22,23},
    // __shfl_xor_sync(full, v, 1): neighbours swap
    {1,0,3,2,5,4,7,6, 9,8,11,10,13,12,15,14, 17,16,19,18,21,20,23,22, 25,24,27,26,29,28,31,30},
    // __shfl_down_sync(full, v, 16)
    {16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31},
    // __shfl_up_sync(full, v, 1)
    {0,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14, 15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30},
    // __shfl_sync(full, v, 31)
    {31,31,31,31,31,31,31,31,31,31,31,31,31,31,31,31, 31,31,31,31,31,31,31,31,31,31,31,31,31,31,31,31},
    // __shfl_sync(full, v, 5, 1): own value
    {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31},
    // __shfl_down_sync(full, v, 3, 4): lane + 3 only for the first lane of each group of 4
    {3,1,2,3, 7,5,6,7, 11,9,10,11, 15,13,14,15, 19,17,18,19, 23,21,22,23, 27,25,26,27, 31,29,30,31},
  };
  // clang-format on
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 43);
    cusim_test::ManagedArray<int> out(64 * 12, -1);
    run(documented_cases, dim3(1), dim3(64), out.get());
    for (int c = 0; c < 12; ++c) {
      INFO("case " << c);
      for (int t = 0; t < 64; ++t) CHECK(out[t * 12 + c] == expected[c][t % 32] + 100 * (t / 32));
    }
  }
}

// ---- votes, __syncwarp and shuffles with partial masks ---------------------------------------

// Only even lanes call (0x55555555); odd lanes skip the block and exit.
__global__ void even_lanes_only(unsigned* ballot, int* votes, int* xored) {
  const unsigned g = global_id(), lane = lane_id();
  if (lane % 2 == 0) {
    const unsigned m = 0x55555555u;
    ballot[g] = __ballot_sync(m, lane % 4 == 0);
    votes[g * 4 + 0] = __all_sync(m, lane < 32);
    votes[g * 4 + 1] = __all_sync(m, lane % 4 == 0);
    votes[g * 4 + 2] = __any_sync(m, lane == 6);
    votes[g * 4 + 3] = __any_sync(m, lane % 2 == 1);
    __syncwarp(m);
    xored[g] = __shfl_xor_sync(m, lane_value<int>(g), 2);
  }
}

TEST_CASE("votes and shuffles among the even lanes only (mask 0x55555555)") {
  constexpr unsigned n = 3 * 64;
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 47);
    cusim_test::ManagedArray<unsigned> ballot(n, 0xdeadbeefu);
    cusim_test::ManagedArray<int> votes(n * 4, -7), xored(n, -7);
    run(even_lanes_only, dim3(3), dim3(64), ballot.get(), votes.get(), xored.get());
    for (unsigned g = 0; g < n; ++g) {
      INFO("thread " << g);
      if (g % 2 == 1) {
        CHECK(ballot[g] == 0xdeadbeefu);
        CHECK(xored[g] == -7);
        continue;
      }
      CHECK(ballot[g] == 0x11111111u);  // lanes 0, 4, 8, ..., 28
      CHECK(votes[g * 4 + 0] == 1);
      CHECK(votes[g * 4 + 1] == 0);
      CHECK(votes[g * 4 + 2] == 1);
      CHECK(votes[g * 4 + 3] == 0);
      CHECK(xored[g] == lane_value<int>(g ^ 2));
    }
  }
}

// The two halves of a warp run the same intrinsics in different branches with disjoint masks.
__global__ void split_halves(unsigned* ballot, int* votes, int* idx, int* updown, int* neighbour) {
  CUSIM_SHARED(int, buf, [64]);
  const unsigned g = global_id(), lane = lane_id(), t = threadIdx.x;
  const int v = lane_value<int>(g);
  buf[t] = -1;
  __syncthreads();
  buf[t] = static_cast<int>(t) * 10;
  if (lane < 16) {
    __syncwarp(0x0000ffffu);
    neighbour[g] = buf[(t & ~15u) | ((t + 1) & 15u)];
    ballot[g] = __ballot_sync(0x0000ffffu, lane % 3 == 0);
    votes[g] = __any_sync(0x0000ffffu, lane == 100);
    idx[g] = __shfl_sync(0x0000ffffu, v, 5);
    updown[g] = __shfl_down_sync(0x0000ffffu, v, 4, 16);
  } else {
    __syncwarp(0xffff0000u);
    neighbour[g] = buf[(t & ~15u) | ((t + 1) & 15u)];
    ballot[g] = __ballot_sync(0xffff0000u, lane % 5 == 0);
    votes[g] = __all_sync(0xffff0000u, lane >= 16);
    idx[g] = __shfl_sync(0xffff0000u, v, 21);
    updown[g] = __shfl_up_sync(0xffff0000u, v, 3, 16);
  }
}

TEST_CASE("two halves of a warp with disjoint masks in different branches") {
  constexpr unsigned n = 2 * 64;
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 53);
    cusim_test::ManagedArray<unsigned> ballot(n, 0);
    cusim_test::ManagedArray<int> votes(n, -7), idx(n, -7), updown(n, -7), neighbour(n, -7);
    run(split_halves, dim3(2), dim3(64), ballot.get(), votes.get(), idx.get(), updown.get(), neighbour.get());
    for (unsigned g = 0; g < n; ++g) {
      INFO("thread " << g);
      const unsigned lane = g % 32, base = g - lane, t = g % 64;
      CHECK(neighbour[g] == static_cast<int>((t & ~15u) | ((t + 1) & 15u)) * 10);
      if (lane < 16) {
        CHECK(ballot[g] == 0x00009249u);  // lanes 0, 3, 6, 9, 12, 15
        CHECK(votes[g] == 0);
        CHECK(idx[g] == lane_value<int>(base + 5));
        CHECK(updown[g] == lane_value<int>(lane + 4 < 16 ? g + 4 : g));
      } else {
        CHECK(ballot[g] == 0x42100000u);  // lanes 20, 25, 30
        CHECK(votes[g] == 1);
        CHECK(idx[g] == lane_value<int>(base + 21));
        CHECK(updown[g] == lane_value<int>(lane >= 19 ? g - 3 : g));
      }
    }
  }
}

// A block of 45 threads: the second warp has 13 lanes and uses the mask of its present lanes.
__global__ void short_last_warp(unsigned* masks, int* results) {
  const unsigned g = global_id(), lane = lane_id(), t = threadIdx.x;
  const unsigned active = __activemask();
  const unsigned warp_base = t - lane;
  const unsigned present = warp_base + 32 <= blockDim.x ? 0xffffffffu : (1u << (blockDim.x - warp_base)) - 1u;
  const int v = lane_value<int>(g);
  masks[g * 2 + 0] = active;
  masks[g * 2 + 1] = __ballot_sync(present, lane % 2 == 0);
  int* r = results + g * 6;
  r[0] = __all_sync(present, lane < 13);
  r[1] = __any_sync(present, lane == 12);
  r[2] = __any_sync(present, lane >= 13);
  __syncwarp(present);
  r[3] = __shfl_sync(present, v, 12);
  r[4] = __shfl_up_sync(present, v, 1);
  r[5] = __shfl_xor_sync(present, v, 1, 2);  // lane 12 ^ 1 = 13 is absent only in the short warp
}

TEST_CASE("a block of 45 threads: the short second warp votes and shuffles over its 13 lanes") {
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 59);
    cusim_test::ManagedArray<unsigned> masks(2 * 45 * 2, 0);
    cusim_test::ManagedArray<int> results(2 * 45 * 6, -7);
    run(short_last_warp, dim3(2), dim3(45), masks.get(), results.get());
    for (unsigned g = 0; g < 90; ++g) {
      INFO("thread " << g);
      const unsigned t = g % 45, lane = t % 32, base = g - lane;
      const bool short_warp = t >= 32;
      CHECK(masks[g * 2 + 0] == (short_warp ? 0x00001fffu : 0xffffffffu));
      CHECK(masks[g * 2 + 1] == (short_warp ? 0x00001555u : 0x55555555u));
      const int* r = results.get() + g * 6;
      CHECK(r[0] == (short_warp ? 1 : 0));
      CHECK(r[1] == 1);
      CHECK(r[2] == (short_warp ? 0 : 1));
      CHECK(r[3] == lane_value<int>(base + 12));
      CHECK(r[4] == lane_value<int>(lane == 0 ? g : g - 1));
      if (!(short_warp && lane == 12)) CHECK(r[5] == lane_value<int>(base + (lane ^ 1)));  // lane 12's source is absent: undefined in CUDA
    }
  }
}

// Votes over whole warps of several blocks, with predicates that differ per warp.
__global__ void full_votes(unsigned* out) {
  const unsigned g = global_id();
  out[g * 4 + 0] = __ballot_sync(0xffffffffu, g % 7 == 0);
  out[g * 4 + 1] = static_cast<unsigned>(__all_sync(0xffffffffu, g / 32 % 2 == 0));
  out[g * 4 + 2] = static_cast<unsigned>(__any_sync(0xffffffffu, g == 77 || g == 200));
  out[g * 4 + 3] = __ballot_sync(0xffffffffu, 1);
}

TEST_CASE("__ballot_sync/__all_sync/__any_sync over full warps of several blocks") {
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 61);
    cusim_test::ManagedArray<unsigned> out(4 * 96 * 4, 0);
    run(full_votes, dim3(4), dim3(96), out.get());
    for (unsigned g = 0; g < 4 * 96; ++g) {
      const unsigned warp = g / 32;
      unsigned ballot = 0;
      for (unsigned l = 0; l < 32; ++l)
        if ((warp * 32 + l) % 7 == 0) ballot |= 1u << l;
      CHECK(out[g * 4 + 0] == ballot);
      CHECK(out[g * 4 + 1] == (warp % 2 == 0 ? 1u : 0u));
      CHECK(out[g * 4 + 2] == (warp == 77 / 32 || warp == 200 / 32 ? 1u : 0u));
      CHECK(out[g * 4 + 3] == 0xffffffffu);
    }
  }
}

// ---- __syncwarp ------------------------------------------------------------------------------

// Each lane writes its slot, syncs the warp, then reads its neighbour's: right only if __syncwarp
// really waits for the whole warp.
__global__ void syncwarp_orders(int* out) {
  CUSIM_SHARED(int, buf, [96]);
  const unsigned t = threadIdx.x, lane = lane_id();
  buf[t] = -1;
  __syncthreads();
  buf[t] = static_cast<int>(t) * 10 + static_cast<int>(blockIdx.x);
  __syncwarp();
  out[global_id()] = buf[(t - lane) + (lane + 1) % 32];
}

TEST_CASE("__syncwarp orders each lane's shared write before the warp's reads") {
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 67);
    cusim_test::ManagedArray<int> out(3 * 96, -7);
    run(syncwarp_orders, dim3(3), dim3(96), out.get());
    for (unsigned g = 0; g < 3 * 96; ++g) {
      const unsigned t = g % 96, lane = t % 32;
      CHECK(out[g] == static_cast<int>((t - lane) + (lane + 1) % 32) * 10 + static_cast<int>(g / 96));
    }
  }
}

// ---- warp-shuffle reductions -----------------------------------------------------------------

__global__ void warp_sums(int* sums, int* allreduce, double* dsums) {
  const unsigned g = global_id(), lane = lane_id();
  int v = static_cast<int>(g) * 3 + 1;
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if (lane == 0) sums[g / 32] = v;
  int a = static_cast<int>(g) * 3 + 1;
  for (int m = 1; m < 32; m *= 2) a += __shfl_xor_sync(0xffffffffu, a, m);
  allreduce[g] = a;
  double d = static_cast<double>(g) + 0.5;
  for (int offset = 16; offset > 0; offset /= 2) d += __shfl_down_sync(0xffffffffu, d, offset);
  if (lane == 0) dsums[g / 32] = d;
}

TEST_CASE("the classic warp-shuffle sum reduction over several warps and blocks") {
  constexpr unsigned blocks = 5, threads = 128, warps = blocks * threads / 32;
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 71);
    cusim_test::ManagedArray<int> sums(warps, -1), allreduce(blocks * threads, -1);
    cusim_test::ManagedArray<double> dsums(warps, -1.0);
    run(warp_sums, dim3(blocks), dim3(threads), sums.get(), allreduce.get(), dsums.get());
    for (unsigned w = 0; w < warps; ++w) {
      // sum over l < 32 of 3 * (32w + l) + 1 = 3 * (1024w + 496) + 32
      CHECK(sums[w] == static_cast<int>(3072 * w + 1520));
      // sum of (32w + l + 0.5) = 1024w + 496 + 16
      CHECK(dsums[w] == 1024.0 * w + 512.0);
    }
    for (unsigned g = 0; g < blocks * threads; ++g) CHECK(allreduce[g] == static_cast<int>(3072 * (g / 32) + 1520));
  }
}

// ---- __activemask ----------------------------------------------------------------------------

__global__ void activemask_branches(unsigned* converged, unsigned* in_if, unsigned* in_else, bool with_else) {
  const unsigned g = global_id(), lane = lane_id();
  converged[g] = __activemask();
  if (lane % 3 == 0) {
    in_if[g] = __activemask();
  } else if (with_else) {
    in_else[g] = __activemask();
  }
}

TEST_CASE("__activemask: the present lanes when converged, exactly the branch's lanes when divergent") {
  for (bool with_else : {false, true}) {
    for (auto schedule : cusim_test::all_schedules()) {
      INFO("schedule " << schedule_name(schedule) << (with_else ? ", with else" : ", no else"));
      cusim_test::ScopedSchedule s(schedule, 73);
      // Blocks of 45 threads: warp 0 has 32 lanes, warp 1 has 13.
      cusim_test::ManagedArray<unsigned> converged(90, 7), in_if(90, 7), in_else(90, 7);
      run(activemask_branches, dim3(2), dim3(45), converged.get(), in_if.get(), in_else.get(), with_else);
      for (unsigned g = 0; g < 90; ++g) {
        INFO("thread " << g);
        const unsigned t = g % 45, lane = t % 32;
        const bool short_warp = t >= 32;
        CHECK(converged[g] == (short_warp ? 0x00001fffu : 0xffffffffu));
        if (lane % 3 == 0) {
          CHECK(in_if[g] == (short_warp ? 0x00001249u : 0x49249249u));  // lanes 0, 3, 6, ...
          CHECK(in_else[g] == 7u);
        } else {
          CHECK(in_if[g] == 7u);
          CHECK(in_else[g] == (!with_else ? 7u : short_warp ? 0x00000db6u : 0xb6db6db6u));
        }
      }
    }
  }
}

__global__ void activemask_after_branch(unsigned* in_if, unsigned* after) {
  const unsigned g = global_id(), lane = lane_id();
  if (lane % 3 == 1) in_if[g] = __activemask();
  after[g] = __activemask();
}

TEST_CASE("__activemask after a branch sees the reconverged warp") {
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::ScopedSchedule s(schedule, 11);
    cusim_test::ManagedArray<unsigned> in_if(64, 7), after(64, 7);
    run(activemask_after_branch, dim3(1), dim3(64), in_if.get(), after.get());
    for (unsigned g = 0; g < 64; ++g) {
      INFO("thread " << g);
      CHECK(in_if[g] == (g % 32 % 3 == 1 ? 0x92492492u : 7u));  // lanes 1, 4, 7, ...
      CHECK(after[g] == 0xffffffffu);
    }
  }
}

// ---- diagnostics (the simulator's findings) -----------------------------------------------------
#if CUSIM_SIMULATOR

namespace {
// Runs a one-block launch of kernel(out), out holding one T per thread filled with `fill`; it must
// fail with one finding of `kind` naming the marked line (or one of the marked lines), under every
// schedule. `check_out` then inspects out (before the guard's device reset frees it).
template <class T, class Check>
void expect_warp_finding(const char* kind, const char* kernel_name, std::vector<std::string> tags,
                         void (*kernel)(T*), unsigned threads, T fill, Check check_out) {
  for (const std::string& tag : tags) REQUIRE(marked_line(tag) > 0);
  for (auto schedule : cusim_test::all_schedules()) {
    INFO("schedule " << schedule_name(schedule));
    cusim_test::FindingsGuard guard;
    cusim_test::ScopedSchedule s(schedule, 79);
    cusim_test::ManagedArray<T> out(threads, fill);
    const auto start = std::chrono::steady_clock::now();
    REQUIRE(cusim::launch(kernel, dim3(1), dim3(threads), out.get()) == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500));
    const auto f = cusim::findings();
    REQUIRE(f.size() == 1);
    INFO("finding: " << f[0].text);
    CHECK(f[0].kind == kind);
    CHECK(f[0].error == cudaErrorLaunchFailure);
    CHECK(f[0].kernel.find(kernel_name) != std::string::npos);
    bool names_a_line = false;
    for (const std::string& tag : tags) names_a_line = names_a_line || f[0].text.find(file_line(tag)) != std::string::npos;
    CHECK(names_a_line);
    check_out(out);
  }
}
}  // namespace

__global__ void shfl_after_exit(int* out) {
  const unsigned lane = lane_id();
  if (lane >= 16) return;
  out[lane] = __shfl_sync(0xffffffffu, static_cast<int>(lane), 0);  // @diag-exited
}

TEST_CASE("a warp intrinsic whose mask names an exited lane is a warp-lane-exited finding") {
  expect_warp_finding("warp-lane-exited", "shfl_after_exit", {"diag-exited"}, shfl_after_exit, 32, -1,
                      [](const cusim_test::ManagedArray<int>& out) {
                        for (int i = 0; i < 32; ++i) CHECK(out[i] == -1);  // no shuffle completed
                      });
}

__global__ void full_mask_in_short_block(int* out) {
  const unsigned t = threadIdx.x;
  out[t] = __shfl_sync(0xffffffffu, static_cast<int>(t), 0);  // @diag-absent
}

TEST_CASE("a mask naming lanes the block does not have is a warp-lane-absent finding") {
  expect_warp_finding("warp-lane-absent", "full_mask_in_short_block", {"diag-absent"}, full_mask_in_short_block, 20,
                      -1, [](const cusim_test::ManagedArray<int>& out) {
                        for (int i = 0; i < 20; ++i) CHECK(out[i] == -1);
                      });
}

__global__ void overlapping_masks(unsigned* out) {
  const unsigned lane = lane_id();
  if (lane < 16) {
    out[lane] = __ballot_sync(0xffffffffu, 1);  // @diag-mask-a
  } else {
    out[lane] = __ballot_sync(0xffffff00u, 1);  // @diag-mask-b
  }
}

TEST_CASE("lanes calling with different overlapping masks is a warp-mask-mismatch finding") {
  // Neither group can complete alone: 0xffffff00 needs lanes 8..15 of the other branch.
  expect_warp_finding("warp-mask-mismatch", "overlapping_masks", {"diag-mask-a", "diag-mask-b"}, overlapping_masks,
                      32, 0u, [](const cusim_test::ManagedArray<unsigned>& out) {
                        for (int i = 0; i < 32; ++i) CHECK(out[i] == 0u);
                      });
}

__global__ void different_intrinsics(int* out) {
  const unsigned lane = lane_id();
  if (lane % 2 == 0) {
    out[lane] = __all_sync(0xffffffffu, 1);  // @diag-op-a
  } else {
    out[lane] = __shfl_sync(0xffffffffu, 5, 0);  // @diag-op-b
  }
}

TEST_CASE("lanes calling different intrinsics with the same mask is a warp-mask-mismatch finding") {
  expect_warp_finding("warp-mask-mismatch", "different_intrinsics", {"diag-op-a", "diag-op-b"}, different_intrinsics,
                      32, -1, [](const cusim_test::ManagedArray<int>& out) {
                        for (int i = 0; i < 32; ++i) CHECK(out[i] == -1);
                      });
}

__global__ void caller_not_in_mask(int* out) {
  const unsigned lane = lane_id();
  out[lane] = __shfl_sync(0xfffffffeu, static_cast<int>(lane), 1);  // @diag-not-in-mask
}

TEST_CASE("a lane calling with a mask that excludes itself is a warp-lane-not-in-mask finding") {
  expect_warp_finding("warp-lane-not-in-mask", "caller_not_in_mask", {"diag-not-in-mask"}, caller_not_in_mask, 32, -1,
                      [](const cusim_test::ManagedArray<int>& out) {
                        CHECK(out[0] == -1);  // lane 0 never got a result
                      });
}
#endif  // CUSIM_SIMULATOR
