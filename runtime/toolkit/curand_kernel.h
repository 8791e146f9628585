// cusim's <curand_kernel.h>: cuRAND's device API, giving the values cuRAND gives on a GPU bit for
// bit (tests/plain_cuda/83_curand_sequences.cu compares them with an H100's). The generators are
// XORWOW (curandState, the default), Philox4_32_10 and MRG32k3a, with curand_init's seed,
// subsequence and offset, skipahead, skipahead_sequence (and MRG32k3a's skipahead_subsequence),
// curand, curand4, curand_uniform(4) and curand_uniform_double, and the normal, log-normal and
// Poisson distributions (cusim/detail/curand_normal.hpp, curand_poisson.hpp, which say where the
// GPU's special-function unit keeps a float result from being bit for bit). Written from
// cuRAND's documented algorithms: XORWOW is Marsaglia's xorshift with a Weyl sequence, a
// subsequence 2^67 values long; Philox4x32-10 is Salmon et al.'s counter-based generator, a
// subsequence 2^64 counters of four values each; MRG32k3a is L'Ecuyer's combined multiple
// recursive generator, subsequences of 2^76 values and sequences of 2^127. MTGP32, a block's
// generator whose state is set up on the host (<curand_mtgp32_host.h>), is in
// <curand_mtgp32_kernel.h>; the Sobol quasi-random generators are below; their distributions (and
// MTGP32's) are in cusim/detail/curand_icdf_distributions.hpp; curand_discrete, drawing from
// curandCreatePoissonDistribution's tables, in cusim/detail/curand_discrete.hpp. Where the GPU
// build contracts a multiply and an add into one fused operation, so does this header.
#pragma once
// cuRAND's include guard, which programs test to see whether the header is in (helper_cuda.h).
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_
#endif
#include <cuda_runtime.h>
#include <curand.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

// XORWOW's jump by n values, or by n subsequences of 2^67 values (backends/sim/curand_jump.cpp).
extern "C" __host__ __device__ void __cusim_xorwow_jump(unsigned int v[5], unsigned long long n, int subsequences);

// MRG32k3a's jump by n values (unit 0), subsequences of 2^76 values (76) or sequences of 2^127
// (127).
extern "C" __host__ __device__ void __cusim_mrg32k3a_jump(unsigned int s1[3], unsigned int s2[3], unsigned long long n,
                                                         int unit);

// The states' layouts and sizes are cuRAND's; the four bytes that cuRAND's XORWOW and MRG32k3a
// states leave as padding before their double are a member here, which curand_init writes, so
// that a copy of a whole state (curandState local = states[id]) reads nothing uninitialised.
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  unsigned int cusim_padding;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  unsigned int cusim_padding;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

static_assert(sizeof(curandStateXORWOW) == 48 && sizeof(curandStatePhilox4_32_10) == 64 && sizeof(curandStateMRG32k3a) == 48,
              "cuRAND's sizes");
namespace cusim::curand_detail {
// The end of every curand_init: no Box-Muller value kept, and the padding written.
template <class State>
__device__ inline void clear_extras(State* s) {
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
  if constexpr (requires { s->cusim_padding; }) s->cusim_padding = 0;
}
}  // namespace cusim::curand_detail

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)

// ---- XORWOW ----------------------------------------------------------------------------------

namespace cusim::curand_detail {
// The jumps work on a copy in the thread's own memory, so that the state's reads and writes stay
// the kernel's, seen by the checkers (the library's own code is not instrumented).
__device__ inline void xorwow_jump(curandStateXORWOW_t* state, unsigned long long n, int subsequences) {
  unsigned int v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  __cusim_xorwow_jump(v, n, subsequences);
  for (int i = 0; i < 5; ++i) state->v[i] = v[i];
}
__device__ inline void mrg32k3a_jump(curandStateMRG32k3a_t* state, unsigned long long n, int unit) {
  unsigned int s1[3] = {state->s1[0], state->s1[1], state->s1[2]};
  unsigned int s2[3] = {state->s2[0], state->s2[1], state->s2[2]};
  __cusim_mrg32k3a_jump(s1, s2, n, unit);
  for (int i = 0; i < 3; ++i) state->s1[i] = s1[i], state->s2[i] = s2[i];
}
}  // namespace cusim::curand_detail

__device__ inline void skipahead(unsigned long long n, curandStateXORWOW_t* state) {
  cusim::curand_detail::xorwow_jump(state, n, 0);
  state->d += 362437u * static_cast<unsigned int>(n);
}

// A subsequence is 2^67 values; the Weyl sequence's step times 2^67 is 0 modulo 2^32.
__device__ inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t* state) {
  cusim::curand_detail::xorwow_jump(state, n, 1);
}

__device__ inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                   curandStateXORWOW_t* state) {
  // The seed's two halves, salted and mixed by odd multipliers, as cuRAND sets the state up.
  const unsigned int s0 = static_cast<unsigned int>(seed) ^ 0xaad26b49u;
  const unsigned int s1 = static_cast<unsigned int>(seed >> 32) ^ 0xf7dcefddu;
  const unsigned int t0 = 1099087573u * s0;
  const unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  cusim::curand_detail::clear_extras(state);
}

__device__ inline unsigned int curand(curandStateXORWOW_t* state) {
  const unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437u;
  return state->v[4] + state->d;
}

// ---- Philox4_32_10 ---------------------------------------------------------------------------

namespace cusim::curand_detail {

// One round: two 32x32 -> 64-bit products, their halves crossed with the key.
__device__ inline uint4 philox_round(uint4 ctr, uint2 key) {
  const unsigned long long p0 = 0xD2511F53ull * ctr.x, p1 = 0xCD9E8D57ull * ctr.z;
  const unsigned int hi0 = static_cast<unsigned int>(p0 >> 32), lo0 = static_cast<unsigned int>(p0);
  const unsigned int hi1 = static_cast<unsigned int>(p1 >> 32), lo1 = static_cast<unsigned int>(p1);
  return uint4{hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0};
}

__device__ inline uint4 philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 9; ++round) {
    c = philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return philox_round(c, k);
}

// The counter's low 64 bits advanced by n. The carry into the high half is cuRAND's own: it goes
// on only when the second word's sum is below the added high half.
__device__ inline void advance(curandStatePhilox4_32_10_t* s, unsigned long long n) {
  const unsigned int nlo = static_cast<unsigned int>(n);
  unsigned int nhi = static_cast<unsigned int>(n >> 32);
  s->ctr.x += nlo;
  if (s->ctr.x < nlo) ++nhi;
  s->ctr.y += nhi;
  if (nhi <= s->ctr.y) return;
  if (++s->ctr.z) return;
  ++s->ctr.w;
}

__device__ inline void advance_one(curandStatePhilox4_32_10_t* s) {
  if (++s->ctr.x) return;
  if (++s->ctr.y) return;
  if (++s->ctr.z) return;
  ++s->ctr.w;
}

}  // namespace cusim::curand_detail

__device__ inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  state->STATE += static_cast<unsigned int>(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  cusim::curand_detail::advance(state, n);
  state->output = cusim::curand_detail::philox4x32_10(state->ctr, state->key);
}

// A subsequence is 2^64 counters: n is added to the counter's high 64 bits (no carry out).
__device__ inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t* state) {
  const unsigned int nlo = static_cast<unsigned int>(n);
  unsigned int nhi = static_cast<unsigned int>(n >> 32);
  state->ctr.z += nlo;
  if (state->ctr.z < nlo) ++nhi;
  state->ctr.w += nhi;
  state->output = cusim::curand_detail::philox4x32_10(state->ctr, state->key);
}

__device__ inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                   curandStatePhilox4_32_10_t* state) {
  state->ctr = uint4{0, 0, 0, 0};
  state->key.x = static_cast<unsigned int>(seed);
  state->key.y = static_cast<unsigned int>(seed >> 32);
  state->STATE = 0;
  cusim::curand_detail::clear_extras(state);
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

// output[STATE] is always the next value to return.
__device__ inline unsigned int curand(curandStatePhilox4_32_10_t* state) {
  const unsigned int word = state->STATE++;
  const unsigned int ret = word == 1 ? state->output.y : word == 2 ? state->output.z : word == 3 ? state->output.w : state->output.x;
  if (state->STATE == 4) {
    cusim::curand_detail::advance_one(state);
    state->output = cusim::curand_detail::philox4x32_10(state->ctr, state->key);
    state->STATE = 0;
  }
  return ret;
}

// The next four values: the rest of this output and the start of the next.
__device__ inline uint4 curand4(curandStatePhilox4_32_10_t* state) {
  const uint4 tmp = state->output;
  cusim::curand_detail::advance_one(state);
  state->output = cusim::curand_detail::philox4x32_10(state->ctr, state->key);
  const uint4 next = state->output;
  switch (state->STATE) {
    case 1: return uint4{tmp.y, tmp.z, tmp.w, next.x};
    case 2: return uint4{tmp.z, tmp.w, next.x, next.y};
    case 3: return uint4{tmp.w, next.x, next.y, next.z};
    default: return tmp;
  }
}

// ---- MRG32k3a ---------------------------------------------------------------------------------

__device__ inline void skipahead(unsigned long long n, curandStateMRG32k3a_t* state) {
  cusim::curand_detail::mrg32k3a_jump(state, n, 0);
}
__device__ inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  cusim::curand_detail::mrg32k3a_jump(state, n, 76);
}
__device__ inline void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t* state) {
  cusim::curand_detail::mrg32k3a_jump(state, n, 127);
}

__device__ inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                                   curandStateMRG32k3a_t* state) {
  constexpr unsigned long long m1 = 4294967087u, m2 = 4294944443u;
  for (int i = 0; i < 3; ++i) state->s1[i] = state->s2[i] = 12345u;
  if (seed != 0) {
    // Each word of the start, 12345, times one half of the seed (salted), modulo its component's m.
    const unsigned long long x1 = static_cast<unsigned int>(seed) ^ 0x55555555u;
    const unsigned long long x2 = static_cast<unsigned int>((seed >> 32) ^ 0xAAAAAAAAu);
    state->s1[0] = static_cast<unsigned int>(x1 * 12345u % m1);
    state->s1[1] = static_cast<unsigned int>(x2 * 12345u % m1);
    state->s1[2] = static_cast<unsigned int>(x1 * 12345u % m1);
    state->s2[0] = static_cast<unsigned int>(x2 * 12345u % m2);
    state->s2[1] = static_cast<unsigned int>(x1 * 12345u % m2);
    state->s2[2] = static_cast<unsigned int>(x2 * 12345u % m2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  cusim::curand_detail::clear_extras(state);
}

namespace cusim::curand_detail {
// One step of both components; the combination (x1 - x2) mod m1 in [1, m1] (m1 where they are
// equal), as a double.
__device__ inline double mrg32k3a(curandStateMRG32k3a_t* state) {
  constexpr unsigned long long m1 = 4294967087u, m2 = 4294944443u;
  const unsigned long long p1 =
      (1403580ull * state->s1[1] % m1 + (m1 - 810728ull) * state->s1[0] % m1) % m1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = static_cast<unsigned int>(p1);
  const unsigned long long p2 =
      (527612ull * state->s2[2] % m2 + (m2 - 1370589ull) * state->s2[0] % m2) % m2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = static_cast<unsigned int>(p2);
  return static_cast<double>(p1 > p2 ? p1 - p2 : p1 + m1 - p2);
}
}  // namespace cusim::curand_detail

#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662

__device__ inline unsigned int curand(curandStateMRG32k3a_t* state) {
  return static_cast<unsigned int>(cusim::curand_detail::mrg32k3a(state) * MRG32K3A_BITS_NORM);
}

// ---- distributions ---------------------------------------------------------------------------

namespace cusim::curand_detail {
// (0, 1]: x / 2^32 plus half a step, in one fused multiply-add as the GPU computes it.
__device__ inline float uniform(unsigned int x) {
  return std::fma(static_cast<float>(x), CURAND_2POW32_INV, CURAND_2POW32_INV / 2.0f);
}
// 53 bits from two values (XORWOW's double).
__device__ inline double uniform_double_hq(unsigned int x, unsigned int y) {
  const unsigned long long z = static_cast<unsigned long long>(x) ^ (static_cast<unsigned long long>(y) << (53 - 32));
  return std::fma(static_cast<double>(z), CURAND_2POW53_INV_DOUBLE, CURAND_2POW53_INV_DOUBLE / 2.0);
}
// 32 bits from one value (Philox's double).
__device__ inline double uniform_double(unsigned int x) {
  return std::fma(static_cast<double>(x), CURAND_2POW32_INV_DOUBLE, CURAND_2POW32_INV_DOUBLE);
}
}  // namespace cusim::curand_detail

__device__ inline float curand_uniform(curandStateXORWOW_t* state) { return cusim::curand_detail::uniform(curand(state)); }
__device__ inline float curand_uniform(curandStatePhilox4_32_10_t* state) {
  return cusim::curand_detail::uniform(curand(state));
}
__device__ inline float4 curand_uniform4(curandStatePhilox4_32_10_t* state) {
  const uint4 x = curand4(state);
  using cusim::curand_detail::uniform;
  return float4{uniform(x.x), uniform(x.y), uniform(x.z), uniform(x.w)};
}
__device__ inline double curand_uniform_double(curandStateXORWOW_t* state) {
  const unsigned int x = curand(state);
  const unsigned int y = curand(state);
  return cusim::curand_detail::uniform_double_hq(x, y);
}
__device__ inline double curand_uniform_double(curandStatePhilox4_32_10_t* state) {
  return cusim::curand_detail::uniform_double(curand(state));
}
__device__ inline float curand_uniform(curandStateMRG32k3a_t* state) {
  return static_cast<float>(cusim::curand_detail::mrg32k3a(state) * MRG32K3A_NORM);
}
__device__ inline double curand_uniform_double(curandStateMRG32k3a_t* state) {
  return cusim::curand_detail::mrg32k3a(state) * MRG32K3A_NORM;
}

// ---- normal, log-normal and Poisson distributions -------------------------------------------

#include <cusim/detail/curand_normal.hpp>
#include <cusim/detail/curand_poisson.hpp>

// ---- Sobol (quasi-random) -----------------------------------------------------------------------

// A Sobol sequence in one dimension, from that dimension's direction vectors (the host's
// curandGetDirectionVectors32/64 gives cuRAND's): value i is the XOR of the vectors at the set bits
// of i's Gray code (and, scrambled, of a constant), so each next value flips one vector in.
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

namespace cusim::curand_detail {
template <class State>
concept sobol_state = std::is_same_v<State, curandStateSobol32_t> || std::is_same_v<State, curandStateScrambledSobol32_t> ||
                      std::is_same_v<State, curandStateSobol64_t> || std::is_same_v<State, curandStateScrambledSobol64_t>;

// Value i of the sequence: the constant, then the vectors of i's Gray code.
template <class State, class Word>
__device__ inline void sobol_at(State* state, Word i) {
  state->i = i;
  const Word gray = i ^ (i >> 1);
  Word x = state->c;
  for (unsigned k = 0; k < 8 * sizeof(Word); ++k)
    if (gray >> k & 1) x ^= state->direction_vectors[k];
  state->x = x;
}

template <class State, class Word>
__device__ inline void sobol_init(const Word* vectors, Word scramble, Word offset, State* state) {
  state->c = scramble;
  for (unsigned k = 0; k < 8 * sizeof(Word); ++k) state->direction_vectors[k] = vectors[k];
  sobol_at(state, offset);
}
}  // namespace cusim::curand_detail

// skipahead moves to value i + n (for the 32-bit generators, n and i modulo 2^32, as in cuRAND).
template <class State>
  requires(cusim::curand_detail::sobol_state<std::remove_pointer_t<State>>)
__device__ inline void skipahead(decltype(std::remove_pointer_t<State>::i) n, State state) {
  cusim::curand_detail::sobol_at(state, static_cast<decltype(state->i)>(state->i + n));
}

__device__ inline void curand_init(const curandDirectionVectors32_t direction_vectors, unsigned int offset,
                                   curandStateSobol32_t* state) {
  cusim::curand_detail::sobol_init(direction_vectors, 0u, offset, state);
}
__device__ inline void curand_init(const curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                                   unsigned int offset, curandStateScrambledSobol32_t* state) {
  cusim::curand_detail::sobol_init(direction_vectors, scramble_c, offset, state);
}
__device__ inline void curand_init(const curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                                   curandStateSobol64_t* state) {
  cusim::curand_detail::sobol_init(direction_vectors, 0ull, offset, state);
}
__device__ inline void curand_init(const curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
                                   unsigned long long offset, curandStateScrambledSobol64_t* state) {
  cusim::curand_detail::sobol_init(direction_vectors, scramble_c, offset, state);
}

// The value, then the next: i's lowest clear bit picks the vector that flips (the last vector
// where i is all ones).
template <cusim::curand_detail::sobol_state State>
__device__ inline auto curand(State* state) {
  const auto value = state->x;
  const int bits = 8 * sizeof(state->i);
  const int k = std::countr_one(state->i);
  state->x ^= state->direction_vectors[k < bits ? k : bits - 1];
  ++state->i;
  return value;
}

// ---- MTGP32 (a block's generator), and the distributions of the one-value generators -----------

#include <curand_mtgp32_kernel.h>
#include <cusim/detail/curand_icdf_distributions.hpp>

// ---- discrete distributions (curandCreatePoissonDistribution's tables) ---------------------------

#include <cusim/detail/curand_discrete.hpp>
