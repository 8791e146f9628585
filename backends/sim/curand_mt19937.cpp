// cuRAND's host-API MT19937 (see curand_mt19937.hpp). Moving a generator 2^2048 steps applies
// J(F) to its state, F being one step of MT19937 and J = x^(2^2048) modulo F's characteristic
// polynomial (kMt19937Jump): by Horner's rule a byte of J's coefficients at a time, r = F^8 r +
// c(F) s, with the 256 states c(F) s made first. F changes one word of a ring of 624, so F^8 is
// eight word updates and each byte costs one sum of states: about 2,500 sums, some 0.7 ms, a jump.
// Generators are made as the results reach them, in runs of 256 on all cores: each run's first
// state 256 jumps on from the last run's (kMt19937Jump256), then each generator from the one
// before. All 8192 take about 6 s of one core (cuRAND's own host generator took 4.6 s on an H200's
// host).
#include "backends/sim/curand_mt19937.hpp"

#include <tbb/parallel_for.h>

namespace cusim::curand_detail {
namespace {

constexpr unsigned kN = 624, kM = 397;
constexpr std::uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrixA = 0x9908b0dfu;
constexpr unsigned kThreads = 65536, kThreadsPerGenerator = 8, kValuesPerRound = 78;
constexpr unsigned kWindow = 8;  // coefficients of J a table entry covers

std::uint32_t twist(std::uint32_t oldest, std::uint32_t next, std::uint32_t middle) {
  const std::uint32_t y = (oldest & kUpper) | (next & kLower);
  return middle ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
}

std::uint32_t temper(std::uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  return y ^ (y >> 18);
}

// to[j] ^= from[j] for j < n: eight words a step, which the compiler makes vector instructions
// at -O2 too (where a loop of unknown length stays scalar).
void xor_into(std::uint32_t* __restrict to, const std::uint32_t* __restrict from, unsigned n) {
  unsigned j = 0;
  for (; j + 8 <= n; j += 8)
    for (unsigned k = 0; k < 8; ++k) to[j + k] ^= from[j + k];
  for (; j < n; ++j) to[j] ^= from[j];
}

// A state as a ring: word j of the state (oldest first) is words[(head + j) % kN].
struct Ring {
  Mt19937Sequence::Words words{};
  unsigned head = 0;

  void step() {  // F: the newest word replaces the oldest
    const unsigned next = head + 1 == kN ? 0 : head + 1;
    const unsigned middle = head + kM >= kN ? head + kM - kN : head + kM;
    words[head] = twist(words[head], words[next], words[middle]);
    head = next;
  }
  void add(const Mt19937Sequence::Words& in_order) {  // += a state given oldest first
    xor_into(words.data() + head, in_order.data(), kN - head);
    xor_into(words.data(), in_order.data() + (kN - head), head);
  }
  Mt19937Sequence::Words in_order() const {
    Mt19937Sequence::Words w;
    for (unsigned j = 0; j < kN; ++j) w[j] = words[(head + j) % kN];
    return w;
  }
};

// J(F) s for a polynomial J of degree below 19937 (kMt19937JumpWords words of coefficients).
Mt19937Sequence::Words jump(const std::uint64_t* j, const Mt19937Sequence::Words& s) {
  std::vector<Mt19937Sequence::Words> table(1u << kWindow);  // table[c] = c(F) s
  Ring power{s, 0};
  table[0].fill(0);
  for (unsigned i = 0; i < kWindow; ++i) {
    const Mt19937Sequence::Words f_i = power.in_order();  // F^i s
    for (unsigned c = 1u << i; c < (2u << i); ++c) {
      table[c] = table[c - (1u << i)];
      xor_into(table[c].data(), f_i.data(), kN);
    }
    power.step();
  }
  Ring r;
  for (unsigned q = kMt19937JumpWords * 64 / kWindow; q-- > 0;) {
    for (unsigned i = 0; i < kWindow; ++i) r.step();
    if (const unsigned c = static_cast<unsigned>(j[q / 8] >> (8 * (q % 8))) & 0xffu) r.add(table[c]);
  }
  return r.in_order();
}

// The next round of 624 words, in place (MT19937's reload: word k from words k, k + 1, k + 397).
void next_round(Mt19937Sequence::Words& w) {
  for (unsigned k = 0; k < kN; ++k) w[k] = twist(w[k], w[(k + 1) % kN], w[(k + kM) % kN]);
}

// The round word thread t's value v of a round is.
unsigned word_of(unsigned t, unsigned v) {
  static constexpr unsigned kFirst[kThreadsPerGenerator] = {0, 113, 170, 283, 340, 397, 510, 567};
  static constexpr unsigned kRuns[11] = {1, 57, 114, 171, 227, 284, 341, 398, 454, 511, 568};
  if (v == 0) return kFirst[t];
  return kRuns[(v - 1) / 7] + 7 * t + (v - 1) % 7;
}

}  // namespace

Mt19937Sequence::Mt19937Sequence(unsigned long long seed) {
  next_start_[0] = static_cast<std::uint32_t>(seed);
  for (unsigned i = 1; i < kN; ++i)
    next_start_[i] = 1812433253u * (next_start_[i - 1] ^ (next_start_[i - 1] >> 30)) + i;
}

void Mt19937Sequence::generate(unsigned long long first, std::size_t n, std::uint32_t* out) {
  for (unsigned long long e = first; e < first + n; ++e) {
    const unsigned thread = static_cast<unsigned>(e % kThreads);
    const unsigned g = thread / kThreadsPerGenerator, t = thread % kThreadsPerGenerator;
    const unsigned long long value = e / kThreads;
    if (generators_.size() <= g) {  // the generators the rest of the call reaches
      const unsigned long long last = first + n - 1;
      make_generators(last / kThreads > e / kThreads ? kThreads / kThreadsPerGenerator - 1
                                                     : static_cast<unsigned>(last % kThreads) / kThreadsPerGenerator);
    }
    Generator& gen = generators_[g];
    for (; gen.index < value / kValuesPerRound; ++gen.index) next_round(gen.round);
    out[e - first] = temper(gen.round[word_of(t, static_cast<unsigned>(value % kValuesPerRound))]);
  }
}

void Mt19937Sequence::make_generators(unsigned last) {
  constexpr unsigned kRun = 256;  // generators a task makes, kMt19937Jump256 apart
  const unsigned begin = static_cast<unsigned>(generators_.size()), count = last + 1 - begin;
  const unsigned runs = (count + kRun - 1) / kRun;
  std::vector<Words> run_start(runs + 1);
  run_start[0] = next_start_;
  for (unsigned r = 1; r <= runs; ++r)
    run_start[r] = r < runs ? jump(kMt19937Jump256, run_start[r - 1]) : run_start[r - 1];
  generators_.resize(last + 1);
  tbb::parallel_for(0u, runs, [&](unsigned r) {
    Words start = run_start[r];
    const unsigned end = r + 1 < runs ? begin + (r + 1) * kRun : last + 1;
    for (unsigned g = begin + r * kRun; g < end; ++g) {
      generators_[g].round = start;
      next_round(generators_[g].round);
      if (g + 1 < kThreads / kThreadsPerGenerator) start = jump(kMt19937Jump, start);
    }
    if (r + 1 == runs) run_start[runs] = start;
  });
  next_start_ = run_start[runs];
}

}  // namespace cusim::curand_detail
