// The metrics of one warp-level request (sim/stats/warp_request), against hand-computed values:
// sectors of global requests, wavefronts and bank conflicts of shared ones.
#include <doctest/doctest.h>

#include <functional>

#include "sim/stats/warp_request.hpp"

using cusim::sim::stats::bank_use;
using cusim::sim::stats::sectors;
using cusim::sim::stats::WarpRequest;

namespace {
// A request of `lanes` lanes (0..lanes-1) of `size` bytes at address(lane).
WarpRequest request(unsigned lanes, unsigned size, const std::function<std::uintptr_t(unsigned)>& address) {
  WarpRequest r;
  r.size = size;
  for (unsigned l = 0; l < lanes; ++l) {
    r.lanes |= 1u << l;
    r.address[l] = address(l);
  }
  return r;
}
constexpr std::uintptr_t kBase = 0x10000;  // 256-byte aligned, as cudaMalloc's blocks
}  // namespace

TEST_CASE("sectors: 32 lanes x 4 bytes, aligned and consecutive: 4 sectors") {
  CHECK(sectors(request(32, 4, [](unsigned l) { return kBase + 4 * l; })) == 4);
}

TEST_CASE("sectors: misaligned by 4 bytes: 5 sectors") {
  CHECK(sectors(request(32, 4, [](unsigned l) { return kBase + 4 + 4 * l; })) == 5);
}

TEST_CASE("sectors: stride of 32 floats: one sector per lane") {
  CHECK(sectors(request(32, 4, [](unsigned l) { return kBase + 128 * l; })) == 32);
}

TEST_CASE("sectors: 8-byte accesses: 256 bytes, 8 sectors; 16-byte: 16 sectors") {
  CHECK(sectors(request(32, 8, [](unsigned l) { return kBase + 8 * l; })) == 8);
  CHECK(sectors(request(32, 16, [](unsigned l) { return kBase + 16 * l; })) == 16);
}

TEST_CASE("sectors: broadcast of one word, and a half warp") {
  CHECK(sectors(request(32, 4, [](unsigned) { return kBase + 12; })) == 1);
  CHECK(sectors(request(16, 4, [](unsigned l) { return kBase + 4 * l; })) == 2);
}

TEST_CASE("sectors: an access that straddles a sector boundary touches both") {
  CHECK(sectors(request(1, 8, [](unsigned) { return kBase + 28; })) == 2);
  CHECK(sectors(request(1, 100, [](unsigned) { return kBase; })) == 4);  // a range access
}

TEST_CASE("banks: consecutive words are conflict-free") {
  const auto u = bank_use(request(32, 4, [](unsigned l) { return kBase + 4 * l; }), kBase);
  CHECK(u.wavefronts == 1);
  CHECK(u.phases == 1);
  CHECK(u.conflicts() == 0);
}

TEST_CASE("banks: a column of a [32][32] float tile is a 32-way conflict; of a [32][33] tile none") {
  const unsigned k = 5;
  const auto column = bank_use(request(32, 4, [&](unsigned l) { return kBase + 4 * (32 * l + k); }), kBase);
  CHECK(column.wavefronts == 32);
  CHECK(column.conflicts() == 31);
  const auto padded = bank_use(request(32, 4, [&](unsigned l) { return kBase + 4 * (33 * l + k); }), kBase);
  CHECK(padded.wavefronts == 1);
  CHECK(padded.conflicts() == 0);
}

TEST_CASE("banks: a broadcast is no conflict, two words in one bank are") {
  CHECK(bank_use(request(32, 4, [](unsigned) { return kBase + 8; }), kBase).wavefronts == 1);
  // Lanes 0-15 read word 0, lanes 16-31 word 32: both in bank 0.
  const auto two = bank_use(request(32, 4, [](unsigned l) { return kBase + (l < 16 ? 0 : 128); }), kBase);
  CHECK(two.wavefronts == 2);
  CHECK(two.conflicts() == 1);
}

TEST_CASE("banks: stride 2 words: 2-way conflict") {
  const auto u = bank_use(request(32, 4, [](unsigned l) { return kBase + 8 * l; }), kBase);
  CHECK(u.wavefronts == 2);
  CHECK(u.conflicts() == 1);
}

TEST_CASE("banks: 8-byte accesses run as two half-warp phases") {
  const auto consecutive = bank_use(request(32, 8, [](unsigned l) { return kBase + 8 * l; }), kBase);
  CHECK(consecutive.phases == 2);
  CHECK(consecutive.wavefronts == 2);
  CHECK(consecutive.conflicts() == 0);
  // Doubles 16 bytes apart: in each half-warp, lanes l and l+8 share banks.
  const auto strided = bank_use(request(32, 8, [](unsigned l) { return kBase + 16 * l; }), kBase);
  CHECK(strided.phases == 2);
  CHECK(strided.wavefronts == 4);
  CHECK(strided.conflicts() == 2);
  // A half warp alone: one phase.
  CHECK(bank_use(request(16, 8, [](unsigned l) { return kBase + 8 * l; }), kBase).phases == 1);
}

TEST_CASE("banks: 16-byte accesses run as four quarter-warp phases") {
  const auto u = bank_use(request(32, 16, [](unsigned l) { return kBase + 16 * l; }), kBase);
  CHECK(u.phases == 4);
  CHECK(u.wavefronts == 4);
  CHECK(u.conflicts() == 0);
}

TEST_CASE("banks: bytes of one word are one word") {
  // 32 one-byte accesses: 8 words in 8 banks.
  CHECK(bank_use(request(32, 1, [](unsigned l) { return kBase + l; }), kBase).wavefronts == 1);
  // Two words 132 bytes apart lie in banks 0 and 1; 128 bytes apart, both in bank 0.
  CHECK(bank_use(request(2, 4, [](unsigned l) { return kBase + l * 132; }), kBase).wavefronts == 1);
  CHECK(bank_use(request(2, 4, [](unsigned l) { return kBase + l * 128; }), kBase).wavefronts == 2);
}
