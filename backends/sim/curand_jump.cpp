// XORWOW's jumps for cuRAND's device API (runtime/toolkit/curand_kernel.h): curand_init's
// subsequence and offset, skipahead and skipahead_sequence. One step of XORWOW's five-word
// xorshift state is linear over GF(2), a 160x160 bit matrix M; a jump by n values applies
// M^(2^i) for each bit i of n, and a jump by n subsequences of 2^67 values the powers from
// M^(2^67) up. The 131 powers are computed once, on first use, by squaring (about 20 ms). The
// Weyl sequence added to each output jumps by arithmetic, in the header.
#include <array>
#include <cstdint>

namespace {

constexpr int kWords = 5, kBits = 32 * kWords;
constexpr int kSubsequenceShift = 67;            // a subsequence is 2^67 values
constexpr int kPowers = kSubsequenceShift + 64;  // M^(2^i) for i < kPowers

using Vector = std::array<std::uint32_t, kWords>;
// A matrix as its columns: column j is the image of the state with only bit j set.
using Matrix = std::array<Vector, kBits>;

// One step of the xorshift state (the generator's own step, without the Weyl sequence).
Vector step(const Vector& v) {
  const std::uint32_t t = v[0] ^ (v[0] >> 2);
  return Vector{v[1], v[2], v[3], v[4], (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1))};
}

Vector times(const Matrix& m, const Vector& v) {
  Vector r{};
  for (int w = 0; w < kWords; ++w)
    for (std::uint32_t bits = v[w]; bits; bits &= bits - 1) {
      const Vector& column = m[32 * w + __builtin_ctz(bits)];
      for (int k = 0; k < kWords; ++k) r[k] ^= column[k];
    }
  return r;
}

struct Powers {
  std::array<Matrix, kPowers> of;  // of[i] = M^(2^i)
  Powers() {
    for (int j = 0; j < kBits; ++j) {
      Vector unit{};
      unit[j / 32] = 1u << (j % 32);
      of[0][j] = step(unit);
    }
    for (int i = 1; i < kPowers; ++i)
      for (int j = 0; j < kBits; ++j) of[i][j] = times(of[i - 1], of[i - 1][j]);
  }
};

const Powers& powers() {
  static const Powers* const p = new Powers;  // 420 KiB, kept for the process's life
  return *p;
}

}  // namespace

extern "C" void __cusim_xorwow_jump(unsigned int v[5], unsigned long long n, int subsequences) {
  if (!n) return;
  const Powers& p = powers();
  Vector x{v[0], v[1], v[2], v[3], v[4]};
  for (int bit = 0; n; ++bit, n >>= 1)
    if (n & 1) x = times(p.of[bit + (subsequences ? kSubsequenceShift : 0)], x);
  for (int w = 0; w < kWords; ++w) v[w] = x[w];
}

// MRG32k3a's jumps: its two components are linear recurrences modulo m1 and m2 of order 3, each
// a 3x3 matrix A; a jump by n values, subsequences of 2^76 or sequences of 2^127 applies the
// powers A^(2^(unit + i)) for each bit i of n, kept for the three units from first use.
namespace {

constexpr std::uint64_t kM1 = 4294967087u, kM2 = 4294944443u;
using Mat3 = std::array<std::array<std::uint64_t, 3>, 3>;

Mat3 times(const Mat3& a, const Mat3& b, std::uint64_t m) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      std::uint64_t sum = 0;
      for (int k = 0; k < 3; ++k) sum += a[i][k] * b[k][j] % m;  // each product below 2^64
      r[i][j] = sum % m;
    }
  return r;
}

struct MrgPowers {
  // of[g][u][i] = A_g^(2^(unit_u + i)) for generator g (modulo m1, m2), units 0, 76 and 127.
  std::array<std::array<std::array<Mat3, 64>, 3>, 2> of;
  MrgPowers() {
    const Mat3 a1{{{0, 1, 0}, {0, 0, 1}, {kM1 - 810728u, 1403580u, 0}}};
    const Mat3 a2{{{0, 1, 0}, {0, 0, 1}, {kM2 - 1370589u, 0, 527612u}}};
    const int units[3] = {0, 76, 127};
    for (int g = 0; g < 2; ++g) {
      const std::uint64_t m = g ? kM2 : kM1;
      Mat3 p = g ? a2 : a1;
      int done = 0;  // p = A^(2^done)
      for (int u = 0; u < 3; ++u) {
        for (; done < units[u]; ++done) p = times(p, p, m);
        Mat3 q = p;
        for (int i = 0; i < 64; ++i, q = times(q, q, m)) of[g][u][i] = q;
      }
    }
  }
};

const MrgPowers& mrg_powers() {
  static const MrgPowers* const p = new MrgPowers;
  return *p;
}

void apply3(const Mat3& a, unsigned int s[3], std::uint64_t m) {
  std::uint64_t r[3];
  for (int i = 0; i < 3; ++i) r[i] = (a[i][0] * s[0] % m + a[i][1] * s[1] % m + a[i][2] * s[2] % m) % m;
  for (int i = 0; i < 3; ++i) s[i] = static_cast<unsigned int>(r[i]);
}

}  // namespace

extern "C" void __cusim_mrg32k3a_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n, int unit) {
  if (!n) return;
  const MrgPowers& p = mrg_powers();
  const int u = unit == 127 ? 2 : unit == 76 ? 1 : 0;
  for (int bit = 0; n; ++bit, n >>= 1)
    if (n & 1) {
      apply3(p.of[0][u][bit], s1, kM1);
      apply3(p.of[1][u][bit], s2, kM2);
    }
}
