// cuRAND's host-API MT19937 (CURAND_RNG_PSEUDO_MT19937), laid out as the library lays it out
// (measured on an H200 with tools/gpu-probes/curand_mt19937_probe.cu):
//  - 8192 generators: generator g is MT19937 seeded by init_genrand with the seed's low 32 bits,
//    moved g * 2^2048 steps on (kMt19937Jump, made by tools/gpu-probes/mt19937_jump.py);
//  - 8 threads share a generator and each of its rounds of 624 words: thread t takes the word
//    {0, 113, 170, 283, 340, 397, 510, 567}[t], then seven words at 7t on from each of 1, 57, 114,
//    171, 227, 284, 341, 398, 454, 511 and 568, tempered, 78 values a round;
//  - result e is value e / 65536 of thread e % 65536, so the first 65,536 results are every
//    thread's first value.
// There is no offset (curandSetGeneratorOffset is CURAND_STATUS_TYPE_ERROR on the GPU too), and a
// call goes on where the last stopped.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cusim::curand_detail {

inline constexpr unsigned kMt19937JumpWords = 312;  // 19937 coefficients
extern const std::uint64_t kMt19937Jump[kMt19937JumpWords];     // x^(2^2048): the next generator
extern const std::uint64_t kMt19937Jump256[kMt19937JumpWords];  // x^(2^2056): 256 generators on

class Mt19937Sequence {
 public:
  explicit Mt19937Sequence(unsigned long long seed);
  // Results [first, first + n) as 32-bit words; `first` never falls below an earlier call's end.
  void generate(unsigned long long first, std::size_t n, std::uint32_t* out);

  // The 624 words of MT19937's state in order, oldest first (x_k ... x_k+623 of the sequence).
  using Words = std::array<std::uint32_t, 624>;

 private:
  struct Generator {
    Words round;                  // the words of round `index`, untempered
    unsigned long long index = 0;
  };
  void make_generators(unsigned last);  // generators_ up to generator `last`

  Words next_start_;              // the state generator generators_.size() starts from
  std::vector<Generator> generators_;
};

}  // namespace cusim::curand_detail
