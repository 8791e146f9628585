// cuRAND's host API (<curand.h>) for XORWOW, Philox4_32_10 and MRG32k3a, laid out as cuRAND's
// library lays out the device generators' sequences (measured on an H200, CUDA 13.0, with
// tools/gpu-probes/curand_host_probe*.cu; the results do not depend on how a program splits its
// calls, and an offset shifts the whole output):
//  - XORWOW: 4096 threads, thread t the device generator curand_init(seed, t, 0); result e is
//    draw e / 4096 of thread e % 4096 (a double takes two draws, as curand_uniform_double does);
//  - MRG32k3a: the same with 81,920 threads;
//  - Philox4_32_10: four results from each subsequence, result e the (e % 4)th of
//    curand_init(seed, e / 4, 0): of its first four 32-bit values, or, for doubles, of the four
//    made from its first eight in pairs (curand_uniform2_double's conversion).
// The uniform conversions are the device API's. Results go to device memory through the device
// heap's checks (a wrong pointer is a finding at the program's call) or to host memory.
#include <curand.h>
#include <curand_kernel.h>

#include <cstring>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/findings.hpp"

struct curandGenerator_st {
  curandRngType_t type;
  bool host;
  unsigned long long seed = 0, offset = 0;
  unsigned long long position = 0;  // the next result's index in the generator's output
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

enum class Result { bits, uniform, uniform_double };

// Threads of the interleaved layouts (XORWOW, MRG32k3a).
constexpr unsigned long long kXorwowThreads = 4096, kMrgThreads = 81920;

// Results [first, first + n) of an interleaved generator into out: each thread's generator set up
// once, moved to its first result, then drawn in order.
template <class State, class Value>
void interleaved(unsigned long long seed, unsigned long long threads, unsigned draws_per_result, unsigned long long first,
                 std::size_t n, Value* out, Value (*draw)(State*)) {
  const unsigned long long end = first + n;
  const unsigned long long used = n < threads ? n : threads;
  for (unsigned long long i = 0; i < used; ++i) {
    const unsigned long long e0 = first + i, t = e0 % threads;
    State s;
    curand_init(seed, t, 0, &s);
    skipahead((e0 / threads) * draws_per_result, &s);
    for (unsigned long long e = e0; e < end; e += threads) out[e - first] = draw(&s);
  }
}

// Philox's results [first, first + n), four from each subsequence: 32-bit values (one curand4 of
// it: `draws` 1) or the 32-bit pairs of doubles (two: `draws` 2), into bits (n * draws values).
void philox_bits(unsigned long long seed, unsigned long long first, std::size_t n, unsigned draws, unsigned* bits) {
  for (unsigned long long e = first; e < first + n;) {
    curandStatePhilox4_32_10_t s;
    curand_init(seed, e / 4, 0, &s);
    unsigned values[8];
    for (unsigned k = 0; k < draws; ++k) {
      const uint4 v = curand4(&s);
      values[4 * k] = v.x, values[4 * k + 1] = v.y, values[4 * k + 2] = v.z, values[4 * k + 3] = v.w;
    }
    for (unsigned k = static_cast<unsigned>(e % 4); k < 4 && e < first + n; ++k, ++e)
      for (unsigned d = 0; d < draws; ++d) bits[(e - first) * draws + d] = values[k * draws + d];
  }
}

template <class Value>
void generate(const curandGenerator_st& g, Result kind, std::size_t n, Value* out) {
  const unsigned long long first = g.position;
  switch (g.type) {
    case CURAND_RNG_PSEUDO_PHILOX4_32_10: {
      const unsigned draws = kind == Result::uniform_double ? 2 : 1;
      std::vector<unsigned> bits(n * draws);
      philox_bits(g.seed, first, n, draws, bits.data());
      for (std::size_t i = 0; i < n; ++i) {
        if constexpr (sizeof(Value) == 8) {
          out[i] = cusim::curand_detail::uniform_double_hq(bits[2 * i], bits[2 * i + 1]);
        } else if (kind == Result::uniform) {
          const float u = cusim::curand_detail::uniform(bits[i]);
          std::memcpy(&out[i], &u, 4);
        } else {
          std::memcpy(&out[i], &bits[i], 4);
        }
      }
      return;
    }
    case CURAND_RNG_PSEUDO_MRG32K3A:
      if constexpr (sizeof(Value) == 8)
        interleaved<curandStateMRG32k3a_t, double>(g.seed, kMrgThreads, 1, first, n, out, [](curandStateMRG32k3a_t* s) { return curand_uniform_double(s); });
      else if (kind == Result::uniform)
        interleaved<curandStateMRG32k3a_t, float>(g.seed, kMrgThreads, 1, first, n, reinterpret_cast<float*>(out), [](curandStateMRG32k3a_t* s) { return curand_uniform(s); });
      else
        interleaved<curandStateMRG32k3a_t, unsigned>(g.seed, kMrgThreads, 1, first, n, reinterpret_cast<unsigned*>(out), [](curandStateMRG32k3a_t* s) { return curand(s); });
      return;
    default:  // XORWOW, the default
      if constexpr (sizeof(Value) == 8)
        interleaved<curandStateXORWOW_t, double>(g.seed, kXorwowThreads, 2, first, n, out, [](curandStateXORWOW_t* s) { return curand_uniform_double(s); });
      else if (kind == Result::uniform)
        interleaved<curandStateXORWOW_t, float>(g.seed, kXorwowThreads, 1, first, n, reinterpret_cast<float*>(out), [](curandStateXORWOW_t* s) { return curand_uniform(s); });
      else
        interleaved<curandStateXORWOW_t, unsigned>(g.seed, kXorwowThreads, 1, first, n, reinterpret_cast<unsigned*>(out), [](curandStateXORWOW_t* s) { return curand(s); });
      return;
  }
}

// One generation call: the output checked (device generators: it must be device memory, as the
// GPU's kernel would need), the work on the generator's stream done first, the results written.
template <class Value>
curandStatus_t generate_call(const char* call, curandGenerator_t g, Value* out, std::size_t n, Result kind,
                             const cusim::backend::ApiCaller& caller) {
  if (!live(g)) return CURAND_STATUS_NOT_INITIALIZED;
  if (cusim::backend::sticky_error()) return CURAND_STATUS_PREEXISTING_FAILURE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  if (!g->host) {
    if (cusim::backend::check_range(call, "output", out, n * sizeof(Value), cusim::backend::Side::device, caller))
      return CURAND_STATUS_LAUNCH_FAILURE;
    if (cudaStreamSynchronize(g->stream) != cudaSuccess) return CURAND_STATUS_LAUNCH_FAILURE;
  }
  std::vector<Value> values(n);
  generate(*g, kind, n, values.data());
  if (!g->host) cusim::backend::note_written(out, nullptr, n * sizeof(Value));
  std::memcpy(out, values.data(), n * sizeof(Value));
  g->position += n;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t create(curandGenerator_t* generator, curandRngType_t type, bool host) {
  if (!generator) return CURAND_STATUS_NOT_INITIALIZED;
  if (type != CURAND_RNG_PSEUDO_DEFAULT && type != CURAND_RNG_PSEUDO_XORWOW && type != CURAND_RNG_PSEUDO_MRG32K3A &&
      type != CURAND_RNG_PSEUDO_PHILOX4_32_10)
    return CURAND_STATUS_TYPE_ERROR;  // MTGP32, MT19937 and the quasi-random generators are not simulated yet
  auto* g = new curandGenerator_st{type, host};
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
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->offset = generator->position = offset;
  return CURAND_STATUS_SUCCESS;
}
// Only the default ordering's layout is known (measured); the others give the same results.
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (!live(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  if (order < CURAND_ORDERING_PSEUDO_BEST || order > CURAND_ORDERING_PSEUDO_DYNAMIC) return CURAND_STATUS_OUT_OF_RANGE;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  return live(generator) ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* outputPtr, std::size_t num) {
  return generate_call("curandGenerate", generator, outputPtr, num, Result::bits, CUSIM_CALLER);
}
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, std::size_t num) {
  return generate_call("curandGenerateUniform", generator, outputPtr, num, Result::uniform, CUSIM_CALLER);
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* outputPtr, std::size_t num) {
  return generate_call("curandGenerateUniformDouble", generator, outputPtr, num, Result::uniform_double, CUSIM_CALLER);
}
