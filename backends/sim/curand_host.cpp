// cuRAND's host API (<curand.h>) for XORWOW, Philox4_32_10, MRG32k3a, MTGP32, MT19937 and Sobol, laid out as cuRAND's
// library lays out the device generators' sequences (measured on an H200, CUDA 13.0, with
// tools/gpu-probes/curand_host_probe*.cu and curand_host_normal_probe*.cu; the results do not
// depend on how a program splits its calls):
//  - XORWOW: 4096 threads, thread t the device generator curand_init(seed, t, 0); unit u falls to
//    thread u % 4096, which draws on from where it stopped. A unit is one result (a double takes
//    two values, as curand_uniform_double does), or for normal and log-normal results one
//    Box-Muller pair (curand_normal2 or curand_normal2_double), so those come in even numbers.
//    An offset of o units moves each thread past one value for each unit below o that falls to it;
//  - MRG32k3a: the same with 81,920 threads;
//  - Philox4_32_10: four results from each subsequence, result e the (e % 4)th of
//    curand_init(seed, e / 4, 0): of its first four 32-bit values, or, for doubles, of the four
//    made from its first eight in pairs (curand_uniform2_double's conversion), or of
//    curand_normal4 or two curand_normal2_double;
//  - MTGP32: 192 block states, set up as curandMakeMTGP32KernelState(states, params, k, 192, seed)
//    does; the output runs through them in chunks of 256 results, chunk c the next 256 values of
//    state c % 192 (so result e is value (c / 192) * 256 + e % 256 of state c % 192, c = e / 256),
//    one value a result of every kind (normals by the inverse distribution function, as the device
//    API's). No offset (curandSetGeneratorOffset is CURAND_STATUS_TYPE_ERROR, as measured). A host
//    generator's double normals are its float ones widened (measured: their low 29 bits are zero);
//    its double log-normals are computed in double (within 2^-47 of the device's, measured);
//  - MT19937: 8192 generators of 8 threads (curand_mt19937.hpp), one value a result of every kind
//    as MTGP32's, no offset. A host generator's double normals are cuRAND's CPU code's inverse
//    distribution function, within 7 units in the last place of the device's (measured), which
//    cusim gives;
//  - the Sobol generators (quasi-random): as cuRAND documents, n results in d dimensions are n / d
//    from each dimension in turn, dimension k's Sobol sequence with cuRAND's direction vectors
//    (and scramble constant) for k, from the offset on (measured with
//    tools/gpu-probes/curand_quasi_probe.cu); 64-bit values only by curandGenerateLongLong.
// The conversions and distributions are the device API's, so a device generator's double normals
// and log-normals are the GPU's bit for bit, and its float ones are computed as the device API's
// are, with the special-function unit's sine, cosine and 2^x (curand_normal.hpp; measured equal to
// the GPU's for the device API, not yet for the library's own kernels). A host generator (curandCreateGeneratorHost) computes them as cuRAND's
// library does on the CPU: the same code's host branch, no fused multiply-add, the C library's
// log, exp, sin and cos (curand_normal.hpp's host_math), which matched it bit for bit.
// Results go to device memory through the device heap's checks (a wrong pointer is a finding at
// the program's call) or to host memory.
#include <curand.h>
#include <curand_kernel.h>
// MTGP32's parameter sets come from an installed CUDA Toolkit; without one the host API has no
// MTGP32 generator (curandCreateGenerator says CURAND_STATUS_TYPE_ERROR).
#define CUSIM_MTGP32_PARAMS_OPTIONAL
#include <curand_mtgp32_host.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "backends/sim/curand_mt19937.hpp"
#include "backends/sim/curand_poisson_table.hpp"
#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"

struct curandGenerator_st {
  curandRngType_t type;
  bool host;
  unsigned long long seed = 0, offset = 0;
  unsigned long long position = 0;  // the next unit's index in the generator's output
  // XORWOW's and MRG32k3a's threads: the values each has drawn (empty until the first call after
  // the seed or the offset is set).
  std::vector<unsigned long long> thread_draws;
  // Whether each of those threads holds the second normal of a Box-Muller pair (curandGeneratePoisson
  // from lambda 2000 draws single normals, as curand_normal does).
  std::vector<bool> holds_normal;
  // MTGP32's block states and the values each has drawn (empty until the first call after the seed
  // is set).
  std::vector<curandStateMtgp32_t> mtgp32_states;
  std::vector<unsigned long long> mtgp32_drawn;
  // MT19937's generators (made at the first call after the seed is set).
  std::unique_ptr<cusim::curand_detail::Mt19937Sequence> mt19937;
  unsigned dimensions = 1;  // the Sobol generators' (curandSetQuasiRandomGeneratorDimensions)
  cudaStream_t stream = nullptr;
};

namespace {

std::mutex generators_lock;
std::unordered_set<const curandGenerator_st*>& generators() {
  static auto* const g = new std::unordered_set<const curandGenerator_st*>;  // never destroyed
  return *g;
}
bool live(const curandGenerator_st* g) {
  std::lock_guard<std::mutex> lock(generators_lock);
  return g && generators().count(g);
}

enum class Result { bits, uniform, uniform_double, normal, normal_double, log_normal, log_normal_double, poisson };

// A normal or log-normal result's mean and standard deviation (a Poisson result's lambda is the mean).
struct Shape {
  double mean = 0, stddev = 1;
};

// Threads of the interleaved layouts (XORWOW, MRG32k3a).
constexpr unsigned long long kXorwowThreads = 4096, kMrgThreads = 81920;

// The values each thread of an interleaved generator has drawn: as measured, an offset of o units
// has thread t skip one value for each unit below o that falls to it, and each call then draws on
// from where its threads stopped.
std::vector<unsigned long long>& thread_draws(curandGenerator_st& g, unsigned long long threads) {
  if (g.thread_draws.empty()) {
    g.thread_draws.resize(threads);
    for (unsigned long long t = 0; t < threads; ++t) g.thread_draws[t] = g.offset / threads + (t < g.offset % threads);
  }
  return g.thread_draws;
}

// Units [first, first + count) of an interleaved generator into out, unit u falling to thread
// u % threads: each thread's generator set up once, moved past the values it has drawn, then
// drawn in order (`draws` values a unit).
template <class State, class Unit, class Draw>
void interleaved(curandGenerator_st& g, unsigned long long threads, unsigned draws, unsigned long long first,
                 std::size_t count, Unit* out, Draw draw) {
  std::vector<unsigned long long>& drawn = thread_draws(g, threads);
  const unsigned long long end = first + count;
  const unsigned long long used = count < threads ? count : threads;
  for (unsigned long long i = 0; i < used; ++i) {
    const unsigned long long u0 = first + i, t = u0 % threads;
    State s;
    curand_init(g.seed, t, 0, &s);
    skipahead(drawn[t], &s);
    unsigned long long units = 0;
    for (unsigned long long u = u0; u < end; u += threads, ++units) out[u - first] = draw(&s);
    drawn[t] += units * draws;
  }
}

template <class T>
using Pair = std::array<T, 2>;
template <class T>
using Quad = std::array<T, 4>;

template <class Math, class T>
T shaped(Result kind, T normal, const Shape& shape) {
  const T mean = static_cast<T>(shape.mean), stddev = static_cast<T>(shape.stddev);
  if (kind == Result::log_normal || kind == Result::log_normal_double)
    return cusim::curand_detail::log_normal_of<Math>(normal, mean, stddev);
  return Math::madd(stddev, normal, mean);
}

// XORWOW and MRG32k3a: one value a unit, or a Box-Muller pair a unit for the normal results.
// `double_draws` is the generator's values per curand_uniform_double (XORWOW 2, MRG32k3a 1).
template <class Math, class State, class Value>
void generate_interleaved(curandGenerator_st& g, unsigned long long threads, unsigned double_draws, Result kind,
                          const Shape& shape, unsigned long long first, std::size_t n, Value* out) {
  if (kind == Result::bits || kind == Result::uniform || kind == Result::uniform_double) {
    const unsigned draws = kind == Result::uniform_double ? double_draws : 1;
    interleaved<State>(g, threads, draws, first, n, out, [kind](State* s) -> Value {
      if constexpr (sizeof(Value) == 8) return curand_uniform_double(s);
      else if (kind == Result::uniform) return std::bit_cast<Value>(curand_uniform(s));
      else return std::bit_cast<Value>(curand(s));
    });
    return;
  }
  std::vector<Pair<Value>> pairs(n / 2);
  const unsigned draws = sizeof(Value) == 8 ? 2 * double_draws : 2;
  interleaved<State>(g, threads, draws, first, n / 2, pairs.data(), [&](State* s) {
    if constexpr (sizeof(Value) == 8) {
      const double2 v = cusim::curand_detail::normal_pair_double<Math>(s);
      return Pair<Value>{shaped<Math>(kind, v.x, shape), shaped<Math>(kind, v.y, shape)};
    } else {
      const float2 v = cusim::curand_detail::normal_pair<Math>(s);
      return Pair<Value>{std::bit_cast<Value>(shaped<Math>(kind, v.x, shape)),
                         std::bit_cast<Value>(shaped<Math>(kind, v.y, shape))};
    }
  });
  std::memcpy(out, pairs.data(), n * sizeof(Value));
}

// Philox4_32_10: four results from each subsequence, result e the (e % 4)th of
// curand_init(seed, e / 4, 0): its first four 32-bit values as they are or uniform, or four
// doubles from its first eight values in pairs, or two Box-Muller pairs (of its first four
// values, or, for doubles, of its first eight).
template <class Math, class Value>
Quad<Value> philox_quad(unsigned long long seed, unsigned long long subsequence, Result kind, const Shape& shape) {
  curandStatePhilox4_32_10_t s;
  curand_init(seed, subsequence, 0, &s);
  if constexpr (sizeof(Value) == 8) {
    if (kind == Result::uniform_double) {
      const uint4 a = curand4(&s), b = curand4(&s);
      using cusim::curand_detail::uniform_double_hq;
      return {uniform_double_hq(a.x, a.y), uniform_double_hq(a.z, a.w), uniform_double_hq(b.x, b.y),
              uniform_double_hq(b.z, b.w)};
    }
    const double2 a = cusim::curand_detail::normal_pair_double<Math>(&s), b = cusim::curand_detail::normal_pair_double<Math>(&s);
    return {shaped<Math>(kind, a.x, shape), shaped<Math>(kind, a.y, shape), shaped<Math>(kind, b.x, shape),
            shaped<Math>(kind, b.y, shape)};
  } else {
    if (kind == Result::bits) {
      const uint4 v = curand4(&s);
      return {std::bit_cast<Value>(v.x), std::bit_cast<Value>(v.y), std::bit_cast<Value>(v.z), std::bit_cast<Value>(v.w)};
    }
    const float4 v = kind == Result::uniform ? curand_uniform4(&s) : cusim::curand_detail::normal_quad<Math>(&s);
    const auto as_value = [&](float f) {
      return std::bit_cast<Value>(kind == Result::uniform ? f : shaped<Math>(kind, f, shape));
    };
    return {as_value(v.x), as_value(v.y), as_value(v.z), as_value(v.w)};
  }
}

// A result of the generators that make one result of every kind from one 32-bit value x (MTGP32,
// MT19937): the value, a uniform, or a normal by the inverse distribution function, as the device
// API makes them. `widened_double_normals`: double normals are the float ones widened, as MTGP32's
// host generator makes them (measured).
template <class Math, class Value>
Value from_value(std::uint32_t x, Result kind, const Shape& shape, bool widened_double_normals) {
  using namespace cusim::curand_detail;
  if constexpr (sizeof(Value) == 8) {
    if (kind == Result::uniform_double) return uniform_double(x);
    if (widened_double_normals && kind == Result::normal_double) return shaped<Math>(Result::normal, normal_icdf(x), shape);
    return shaped<Math>(kind, normal_icdf_double(x), shape);
  } else {
    if (kind == Result::bits) return std::bit_cast<Value>(x);
    return std::bit_cast<Value>(kind == Result::uniform ? uniform(x) : shaped<Math>(kind, normal_icdf(x), shape));
  }
}

#if defined(CUSIM_HAVE_MTGP32_PARAMS)
constexpr unsigned kMtgp32Blocks = 192, kMtgp32Chunk = 256;

// The 200 parameter sets as tables, made once.
const mtgp32_kernel_params_t& mtgp32_tables() {
  static const auto* const tables = [] {
    auto* t = new mtgp32_kernel_params_t;  // never destroyed
    cusim::curand_detail::mtgp32_tables(mtgp32dc_params_fast_11213, *t);
    return t;
  }();
  return *tables;
}

// Results [first, first + n): each from the next value of its chunk's state, every state drawn in
// order, one value at a time.
template <class Math, class Value>
void generate_mtgp32(curandGenerator_st& g, Result kind, const Shape& shape, unsigned long long first, std::size_t n,
                     Value* out) {
  if (g.mtgp32_states.empty()) {
    g.mtgp32_states.resize(kMtgp32Blocks);
    g.mtgp32_drawn.assign(kMtgp32Blocks, 0);
    const unsigned int seed = static_cast<unsigned int>(g.seed ^ (g.seed >> 32));
    for (unsigned i = 0; i < kMtgp32Blocks; ++i) {
      curandStateMtgp32_t& s = g.mtgp32_states[i];
      std::memset(&s, 0, sizeof s);
      cusim::curand_detail::mtgp32_init_state(s.s, &mtgp32dc_params_fast_11213[i], seed + i + 1);
      s.pIdx = static_cast<int>(i);
      s.k = const_cast<mtgp32_kernel_params_t*>(&mtgp32_tables());
    }
  }
  for (unsigned long long e = first; e < first + n; ++e) {
    const unsigned long long chunk = e / kMtgp32Chunk;
    const unsigned block = static_cast<unsigned>(chunk % kMtgp32Blocks);
    const unsigned long long position = chunk / kMtgp32Blocks * kMtgp32Chunk + e % kMtgp32Chunk;
    curandStateMtgp32_t& s = g.mtgp32_states[block];
    unsigned int x = 0;
    for (unsigned long long& drawn = g.mtgp32_drawn[block]; drawn <= position; ++drawn) {
      x = cusim::curand_detail::mtgp32_value(&s, 0, cusim::curand_detail::mtgp32_in_ring, cusim::curand_detail::mtgp32_temper);
      cusim::curand_detail::mtgp32_advance(&s, 1);
    }
    out[e - first] = from_value<Math, Value>(x, kind, shape, std::is_same_v<Math, cusim::curand_detail::host_math>);
  }
}
#endif

// MT19937: one value a result (curand_mt19937.hpp has the layout). Its uniforms are x 2^-32 +
// 2^-33, exact in double and rounded once to a float (measured), where the device API's add 2^-32
// to a double and round x to a float first.
template <class Math, class Value>
void generate_mt19937(curandGenerator_st& g, Result kind, const Shape& shape, unsigned long long first, std::size_t n,
                      Value* out) {
  if (!g.mt19937) g.mt19937 = std::make_unique<cusim::curand_detail::Mt19937Sequence>(g.seed);
  std::vector<std::uint32_t> values(n);
  g.mt19937->generate(first, n, values.data());
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<Value, double>) {
      if (kind == Result::uniform_double) {
        out[i] = values[i] * 0x1p-32 + 0x1p-33;
        continue;
      }
    } else if constexpr (std::is_same_v<Value, float>) {
      if (kind == Result::uniform) {
        out[i] = static_cast<float>(values[i] * 0x1p-32 + 0x1p-33);
        continue;
      }
    }
    out[i] = from_value<Math, Value>(values[i], kind, shape, false);
  }
}

// The Sobol generators.
bool quasi(curandRngType_t type) {
  return type == CURAND_RNG_QUASI_DEFAULT || type == CURAND_RNG_QUASI_SOBOL32 || type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 ||
         type == CURAND_RNG_QUASI_SOBOL64 || type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
}
bool wide(curandRngType_t type) { return type == CURAND_RNG_QUASI_SOBOL64 || type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64; }

// `count` results of one dimension from value `index` of its sequence, one value a result.
template <class Math, class State, class Word, class Value>
void sobol_dimension(const Word* vectors, Word scramble, Word index, Result kind, const Shape& shape, std::size_t count,
                     Value* out) {
  using namespace cusim::curand_detail;
  State s;
  if constexpr (std::is_same_v<State, curandStateScrambledSobol32_t> || std::is_same_v<State, curandStateScrambledSobol64_t>)
    curand_init(vectors, scramble, index, &s);
  else
    curand_init(vectors, index, &s);
  for (std::size_t k = 0; k < count; ++k) {
    const Word x = curand(&s);
    if constexpr (sizeof(Value) == 8) {
      if (kind == Result::bits) out[k] = static_cast<Value>(x);
      else if (kind == Result::uniform_double) out[k] = std::bit_cast<Value>(uniform_double(x));
      else out[k] = std::bit_cast<Value>(shaped<Math>(kind, normal_icdf_double(x), shape));
    } else {
      if (kind == Result::bits) out[k] = static_cast<Value>(x);
      else if (kind == Result::uniform) out[k] = std::bit_cast<Value>(uniform(x));
      else out[k] = std::bit_cast<Value>(shaped<Math>(kind, normal_icdf(x), shape));
    }
  }
}

// Sobol: as cuRAND documents, n results in d dimensions are n / d of dimension 0, then n / d of
// dimension 1..., each dimension's sequence from value `first` (the offset plus what earlier calls
// drew), with cuRAND's direction vectors (and, scrambled, its constants) for that dimension.
template <class Math, class Value>
void generate_sobol(curandGenerator_st& g, Result kind, const Shape& shape, unsigned long long first, std::size_t n,
                    Value* out) {
  const std::size_t per = n / g.dimensions;
  const bool scrambled = g.type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 || g.type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
  if (wide(g.type)) {
    curandDirectionVectors64_t* vectors;
    unsigned long long* constants;
    curandGetDirectionVectors64(&vectors, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6
                                                    : CURAND_DIRECTION_VECTORS_64_JOEKUO6);
    curandGetScrambleConstants64(&constants);
    for (unsigned d = 0; d < g.dimensions; ++d) {
      if (scrambled)
        sobol_dimension<Math, curandStateScrambledSobol64_t>(vectors[d], constants[d], first, kind, shape, per, out + d * per);
      else
        sobol_dimension<Math, curandStateSobol64_t>(vectors[d], 0ull, first, kind, shape, per, out + d * per);
    }
  } else {
    curandDirectionVectors32_t* vectors;
    unsigned int* constants;
    curandGetDirectionVectors32(&vectors, scrambled ? CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6
                                                    : CURAND_DIRECTION_VECTORS_32_JOEKUO6);
    curandGetScrambleConstants32(&constants);
    const unsigned int index = static_cast<unsigned int>(first);
    for (unsigned d = 0; d < g.dimensions; ++d) {
      if (scrambled)
        sobol_dimension<Math, curandStateScrambledSobol32_t>(vectors[d], constants[d], index, kind, shape, per, out + d * per);
      else
        sobol_dimension<Math, curandStateSobol32_t>(vectors[d], 0u, index, kind, shape, per, out + d * per);
    }
  }
}

template <class Math>
void generate_poisson(curandGenerator_st& g, double lambda, unsigned long long first, std::size_t n, unsigned* out);

// The generator's results [first, first + n) of the given kind; for XORWOW and MRG32k3a normal
// results `first` counts pairs.
template <class Math, class Value>
void generate_values(curandGenerator_st& g, Result kind, const Shape& shape, unsigned long long first,
                     std::size_t n, Value* out) {
  if constexpr (std::is_same_v<Value, unsigned>)
    if (kind == Result::poisson) return generate_poisson<Math>(g, shape.mean, first, n, out);
  if (quasi(g.type)) return generate_sobol<Math>(g, kind, shape, first, n, out);
  switch (g.type) {
    case CURAND_RNG_PSEUDO_PHILOX4_32_10:
      for (unsigned long long e = first; e < first + n;) {
        const Quad<Value> quad = philox_quad<Math, Value>(g.seed, e / 4, kind, shape);
        for (unsigned k = static_cast<unsigned>(e % 4); k < 4 && e < first + n; ++k, ++e) out[e - first] = quad[k];
      }
      return;
    case CURAND_RNG_PSEUDO_MRG32K3A:
      generate_interleaved<Math, curandStateMRG32k3a_t>(g, kMrgThreads, 1, kind, shape, first, n, out);
      return;
#if defined(CUSIM_HAVE_MTGP32_PARAMS)
    case CURAND_RNG_PSEUDO_MTGP32:
      generate_mtgp32<Math>(g, kind, shape, first, n, out);
      return;
#endif
    case CURAND_RNG_PSEUDO_MT19937:
      generate_mt19937<Math>(g, kind, shape, first, n, out);
      return;
    default:  // XORWOW, the default
      generate_interleaved<Math, curandStateXORWOW_t>(g, kXorwowThreads, 2, kind, shape, first, n, out);
      return;
  }
}

// Single float normals, one a result (curand_normal's): XORWOW's and MRG32k3a's threads each make a
// Box-Muller pair for one result and keep its second for their next (holds_normal), where their
// normal results come a pair a unit; the other generators' normals are one a result already.
template <class Math>
void single_normals(curandGenerator_st& g, unsigned long long first, std::size_t n, float* out) {
  const bool mrg = g.type == CURAND_RNG_PSEUDO_MRG32K3A;
  if (!mrg && g.type != CURAND_RNG_PSEUDO_XORWOW && g.type != CURAND_RNG_PSEUDO_DEFAULT)
    return generate_values<Math>(g, Result::normal, Shape{}, first, n, out);
  const unsigned long long threads = mrg ? kMrgThreads : kXorwowThreads;
  std::vector<unsigned long long>& drawn = thread_draws(g, threads);
  if (g.holds_normal.size() != threads) g.holds_normal.assign(threads, false);
  const unsigned long long end = first + n, used = n < threads ? n : threads;
  const auto each_thread = [&](auto state) {
    for (unsigned long long i = 0; i < used; ++i) {
      const unsigned long long u0 = first + i, t = u0 % threads;
      auto* s = &state;
      curand_init(g.seed, t, 0, s);
      skipahead(drawn[t] - (g.holds_normal[t] ? 2 : 0), s);
      float2 pair{};
      if (g.holds_normal[t]) pair = cusim::curand_detail::normal_pair<Math>(s);
      for (unsigned long long u = u0; u < end; u += threads) {
        if (!g.holds_normal[t]) {
          pair = cusim::curand_detail::normal_pair<Math>(s);
          drawn[t] += 2;
        }
        out[u - first] = g.holds_normal[t] ? pair.y : pair.x;
        g.holds_normal[t] = !g.holds_normal[t];
      }
    }
  };
  if (mrg) each_thread(curandStateMRG32k3a_t{});
  else each_thread(curandStateXORWOW_t{});
}

// curandGeneratePoisson, as measured on an H200 (tools/gpu-probes/curand_poisson_method_probe*.cu,
// tests/plain_cuda/97_curand_poisson_tables.cu):
//  - XORWOW, MRG32k3a, Philox4_32_10: below lambda 2000 each result is curandCreatePoissonDistribution's
//    square histogram drawn with the generator's float uniform for it; from 2000, sqrt(lambda) times
//    the generator's single float normal plus lambda, rounded (+ 1/2, truncated);
//  - the generators that make one value a result draw with that value's uniform double
//    (x 2^-32 + 2^-32, or a 64-bit value's 53 bits): MT19937 from the square histogram below 2000
//    and, from 2000, the rounded normal in float arithmetic from the value's float normal; MTGP32
//    from the square histogram below lambda 32, the 32-bit Sobol generators below 10, and
//    otherwise (the 64-bit Sobol generators below 2000, at every lambda measured, 3.5 and up) by a
//    binary search of the distribution function, which keeps a quasi-random sequence's order; the
//    64-bit Sobol generators from 2000 round the double normal of the value's high 32 bits.
template <class Math>
void generate_poisson(curandGenerator_st& g, double lambda, unsigned long long first, std::size_t n, unsigned* out) {
  using namespace cusim::curand_detail;
  const bool one_value = g.type == CURAND_RNG_PSEUDO_MTGP32 || g.type == CURAND_RNG_PSEUDO_MT19937 || quasi(g.type);
  if (!one_value) {
    std::vector<float> draws(n);
    if (lambda < kPoissonHistogramLimit) {
      PoissonSquareHistogram table = poisson_square_histogram(lambda);
      curandHistogramM2_st histogram{table.V.data(), table.V.data(), table.K.data(), table.K.data(), 0};
      const curandDistributionM2Shift_st m2{&histogram, &histogram, table.shift, static_cast<unsigned>(table.V.size()), 0};
      generate_values<Math>(g, Result::uniform, Shape{}, first, n, draws.data());
      for (std::size_t i = 0; i < n; ++i) out[i] = square_histogram_draw(draws[i], m2);
      return;
    }
    single_normals<Math>(g, first, n, draws.data());
    const double stddev = std::sqrt(lambda);
    for (std::size_t i = 0; i < n; ++i)
      out[i] = static_cast<unsigned>(Math::madd(stddev, static_cast<double>(draws[i]), lambda) + 0.5);
    return;
  }
  // The values, and each one's uniform double.
  std::vector<unsigned> values(n);
  std::vector<double> u(n);
  if (wide(g.type)) {
    std::vector<unsigned long long> wide_values(n);
    generate_sobol<Math>(g, Result::bits, Shape{}, first, n, wide_values.data());
    if (lambda >= kPoissonHistogramLimit) {
      for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<unsigned>(
            Math::madd(std::sqrt(lambda), normal_icdf_double(static_cast<unsigned>(wide_values[i] >> 32)), lambda) + 0.5);
      return;
    }
    for (std::size_t i = 0; i < n; ++i) u[i] = uniform_double(wide_values[i]);
  } else {
    generate_values<Math>(g, Result::bits, Shape{}, first, n, values.data());
    for (std::size_t i = 0; i < n; ++i) u[i] = uniform_double(values[i]);
  }
  if (g.type == CURAND_RNG_PSEUDO_MT19937 && lambda >= kPoissonHistogramLimit) {
    const float stddev = static_cast<float>(std::sqrt(lambda)), mean = static_cast<float>(lambda);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<unsigned>(Math::madd(stddev, normal_icdf(values[i]), mean) + 0.5f);
    return;
  }
  const double search_from = g.type == CURAND_RNG_PSEUDO_MT19937 ? kPoissonHistogramLimit
                             : g.type == CURAND_RNG_PSEUDO_MTGP32 ? 32.0
                             : wide(g.type)                       ? 0.0
                                                                  : 10.0;
  if (lambda < search_from) {
    PoissonSquareHistogram table = poisson_square_histogram(lambda);
    curandHistogramM2_st histogram{table.V.data(), table.V.data(), table.K.data(), table.K.data(), 0};
    const curandDistributionM2Shift_st m2{&histogram, &histogram, table.shift, static_cast<unsigned>(table.V.size()), 0};
    for (std::size_t i = 0; i < n; ++i) out[i] = square_histogram_draw(u[i], m2);
    return;
  }
  const PoissonDistributionFunction f = poisson_distribution_function(lambda);
  for (std::size_t i = 0; i < n; ++i) out[i] = f.draw(u[i]);
}

// 64-bit values (curandGenerateLongLong) come from the 64-bit Sobol generators only.
template <class Math, class Value>
void generate(curandGenerator_st& g, Result kind, const Shape& shape, unsigned long long first, std::size_t n,
              Value* out) {
  if constexpr (std::is_same_v<Value, unsigned long long>) generate_sobol<Math>(g, kind, shape, first, n, out);
  else generate_values<Math>(g, kind, shape, first, n, out);
}

// One generation call: the output checked (device generators: it must be device memory, as the
// GPU's kernel would need), the work on the generator's stream done first, the results written.
// The generator's position counts units: results, or, for XORWOW's and MRG32k3a's normal results,
// pairs, whose count must then be even (as measured: an offset of 3 starts a normal call at the
// fourth pair, and a call after three uniform results does too).
template <class Value>
curandStatus_t generate_call(const char* call, curandGenerator_t g, Value* out, std::size_t n, Result kind,
                             const cusim::backend::ApiCaller& caller, Shape shape = {}) {
  if (!live(g)) return CURAND_STATUS_NOT_INITIALIZED;
  if (cusim::backend::sticky_error()) return CURAND_STATUS_PREEXISTING_FAILURE;
  const bool pairs = kind != Result::bits && kind != Result::uniform && kind != Result::uniform_double &&
                     kind != Result::poisson &&
                     (g->type == CURAND_RNG_PSEUDO_XORWOW || g->type == CURAND_RNG_PSEUDO_DEFAULT ||
                      g->type == CURAND_RNG_PSEUDO_MRG32K3A);
  if (pairs && n % 2) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  // 32-bit values come from the 32-bit generators, 64-bit ones (curandGenerateLongLong) from the
  // 64-bit Sobol generators only; quasi-random results come in whole points (one per dimension).
  if (kind == Result::bits && (sizeof(Value) == 8) != wide(g->type)) return CURAND_STATUS_TYPE_ERROR;
  if (quasi(g->type) && n % g->dimensions) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  if (!g->host) {
    if (cusim::backend::check_range(call, "output", out, n * sizeof(Value), cusim::backend::Side::device, caller))
      return CURAND_STATUS_LAUNCH_FAILURE;
    if (cudaStreamSynchronize(g->stream) != cudaSuccess) return CURAND_STATUS_LAUNCH_FAILURE;
  }
  std::vector<Value> values(n);
  if (g->host) generate<cusim::curand_detail::host_math>(*g, kind, shape, g->position, n, values.data());
  else generate<cusim::curand_detail::device_math>(*g, kind, shape, g->position, n, values.data());
  if (!g->host) cusim::backend::note_written(out, nullptr, n * sizeof(Value));
  std::memcpy(out, values.data(), n * sizeof(Value));
  g->position += quasi(g->type) ? n / g->dimensions : pairs ? n / 2 : n;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t create(curandGenerator_t* generator, curandRngType_t type, bool host) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  const bool simulated = type == CURAND_RNG_PSEUDO_DEFAULT || type == CURAND_RNG_PSEUDO_XORWOW ||
                         type == CURAND_RNG_PSEUDO_MRG32K3A || type == CURAND_RNG_PSEUDO_PHILOX4_32_10 ||
                         type == CURAND_RNG_PSEUDO_MT19937
#if defined(CUSIM_HAVE_MTGP32_PARAMS)
                         || type == CURAND_RNG_PSEUDO_MTGP32
#endif
                         || quasi(type);
  if (!simulated) return CURAND_STATUS_TYPE_ERROR;
  if (quasi(type)) {  // the direction vectors come from the CUDA Toolkit's libcurand
    curandDirectionVectors32_t* vectors;
    if (curandGetDirectionVectors32(&vectors, CURAND_DIRECTION_VECTORS_32_JOEKUO6) != CURAND_STATUS_SUCCESS)
      return CURAND_STATUS_INITIALIZATION_FAILED;
  }
  auto* g = new curandGenerator_st{};
  g->type = type;
  g->host = host;
  std::lock_guard<std::mutex> lock(generators_lock);
  generators().insert(g);
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

}  // namespace

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type) {
  return create(generator, rng_type, false);
}
curandStatus_t curandCreateGeneratorHost(curandGenerator_t* generator, curandRngType_t rng_type) {
  return create(generator, rng_type, true);
}
curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  std::lock_guard<std::mutex> lock(generators_lock);
  if (!generators().erase(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  delete generator;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetVersion(int* version) {
  if (!version) return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return CURAND_STATUS_SUCCESS;
}
// Setting the seed or the offset starts the output again at the offset.
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->seed = seed;
  generator->position = generator->offset;
  generator->thread_draws.clear();
  generator->holds_normal.clear();
  generator->mtgp32_states.clear();
  generator->mt19937.reset();
  return CURAND_STATUS_SUCCESS;
}
// MTGP32 and MT19937 have no offset (as measured).
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  if (generator->type == CURAND_RNG_PSEUDO_MTGP32 || generator->type == CURAND_RNG_PSEUDO_MT19937)
    return CURAND_STATUS_TYPE_ERROR;
  generator->offset = generator->position = offset;
  generator->thread_draws.clear();
  generator->holds_normal.clear();
  return CURAND_STATUS_SUCCESS;
}
// 1 to 20,000 dimensions (cuRAND's direction vectors), for the quasi-random generators; a new
// count starts the output again at the offset.
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  if (!quasi(generator->type)) return CURAND_STATUS_TYPE_ERROR;
  if (num_dimensions < 1 || num_dimensions > 20000) return CURAND_STATUS_OUT_OF_RANGE;
  generator->dimensions = num_dimensions;
  generator->position = generator->offset;
  return CURAND_STATUS_SUCCESS;
}
// Only the default ordering's layout is known (measured); the others give the same results. A
// quasi-random generator takes CURAND_ORDERING_QUASI_DEFAULT only.
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  const bool fits = quasi(generator->type) ? order == CURAND_ORDERING_QUASI_DEFAULT
                                           : order >= CURAND_ORDERING_PSEUDO_BEST && order <= CURAND_ORDERING_PSEUDO_DYNAMIC;
  if (!fits) return CURAND_STATUS_OUT_OF_RANGE;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  return live(generator) ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* outputPtr, std::size_t num) {
  return generate_call("curandGenerate", generator, outputPtr, num, Result::bits, CUSIM_CALLER);
}
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long* outputPtr, std::size_t num) {
  return generate_call("curandGenerateLongLong", generator, outputPtr, num, Result::bits, CUSIM_CALLER);
}
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, std::size_t num) {
  return generate_call("curandGenerateUniform", generator, outputPtr, num, Result::uniform, CUSIM_CALLER);
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* outputPtr, std::size_t num) {
  return generate_call("curandGenerateUniformDouble", generator, outputPtr, num, Result::uniform_double, CUSIM_CALLER);
}
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* outputPtr, std::size_t n, float mean, float stddev) {
  return generate_call("curandGenerateNormal", generator, outputPtr, n, Result::normal, CUSIM_CALLER, {mean, stddev});
}
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* outputPtr, std::size_t n, double mean,
                                          double stddev) {
  return generate_call("curandGenerateNormalDouble", generator, outputPtr, n, Result::normal_double, CUSIM_CALLER,
                       {mean, stddev});
}
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* outputPtr, std::size_t n, float mean,
                                       float stddev) {
  return generate_call("curandGenerateLogNormal", generator, outputPtr, n, Result::log_normal, CUSIM_CALLER,
                       {mean, stddev});
}
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* outputPtr, std::size_t n,
                                             double mean, double stddev) {
  return generate_call("curandGenerateLogNormalDouble", generator, outputPtr, n, Result::log_normal_double,
                       CUSIM_CALLER, {mean, stddev});
}
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int* outputPtr, std::size_t n, double lambda) {
  if (live(generator) && (!(lambda > 0) || lambda > 400000)) return CURAND_STATUS_OUT_OF_RANGE;
  return generate_call("curandGeneratePoisson", generator, outputPtr, n, Result::poisson, CUSIM_CALLER, {lambda, 0});
}
