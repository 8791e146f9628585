// Checks cusim's model of the special-function unit (runtime/cusim/detail/sfu.hpp, as
// backends/sim/sfu.cpp computes it) against everything the probes recorded on the GPU: every input
// the fits used (mufu_probe.cu's first quadrant and powers, mufu_check_probe.cu --all's logarithms,
// reciprocal square roots and reciprocals) through the whole path, and mufu_check_probe.cu's 2^20
// random arguments of each function. Prints one line per file and exits 1 if any result differs.
//
//   g++ -std=c++20 -O2 -I runtime -I backends/sim tools/gpu-probes/sfu_check.cpp backends/sim/sfu.cpp \
//       backends/sim/sfu_tables.cpp -o /tmp/sfu_check && /tmp/sfu_check DATA_DIR
#include <cusim/detail/sfu.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

std::vector<std::uint32_t> read_words(const std::string& path, bool deltas) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint32_t> v;
  if (!in) return v;
  in.seekg(0, std::ios::end);
  v.resize(static_cast<std::size_t>(in.tellg()) / 4);
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * 4));
  if (deltas)
    for (std::size_t i = 1; i < v.size(); ++i) v[i] += v[i - 1];
  return v;
}

// mufu_check_probe.cu's argument i.
std::uint32_t argument_bits(std::uint32_t i, std::uint32_t lo_exp, std::uint32_t span) {
  std::uint32_t v = i * 2654435761u + 0x9e3779b9u;
  v ^= v >> 15;
  v *= 2246822519u;
  v ^= v >> 13;
  const std::uint32_t exponent = lo_exp + (v >> 8) % span;
  return (v & 0x807fffffu) | (exponent << 23);
}
constexpr std::uint32_t kSpecial[16] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                                        0x80000001u, 0x007fffffu, 0x3f800000u, 0xbf800000u, 0x4b000000u, 0xcb000000u,
                                        0x7f7fffffu, 0xff7fffffu, 0x40c90fdbu, 0xc0490fdbu};

// Bit for bit, NaNs too: the unit's NaN is 0x7fffffff.
bool same(float model, std::uint32_t gpu) { return std::bit_cast<std::uint32_t>(model) == gpu; }

int failures = 0;

void check(const std::string& dir, const char* file, bool deltas, const std::function<float(std::uint32_t)>& input,
           const std::function<float(float)>& model) {
  const std::vector<std::uint32_t> gpu = read_words(dir + "/" + file, deltas);
  if (gpu.empty()) {
    std::printf("%-18s not recorded here\n", file);
    return;
  }
  std::size_t differ = 0, first = 0;
  for (std::size_t i = 0; i < gpu.size(); ++i)
    if (!same(model(input(static_cast<std::uint32_t>(i))), gpu[i]) && differ++ == 0) first = i;
  std::printf("%-18s %zu results, %zu differ", file, gpu.size(), differ);
  if (differ) std::printf(" (first: input %zu)", first);
  std::printf("\n");
  failures += differ != 0;
}

float from_bits(std::uint32_t u) { return std::bit_cast<float>(u); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: sfu_check DATA_DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  namespace sfu = cusim::sfu::unit;  // the run-time results, never the folded ones
  const auto in_binade = [](float scale) { return [scale](std::uint32_t i) { return from_bits(0x3f800000u | i) * scale; }; };
  check(dir, "lg2_e0.bin", true, in_binade(1.0f), sfu::lg2);
  check(dir, "lg2_em1.bin", true, in_binade(0.5f), sfu::lg2);
  check(dir, "rsqrt_e0.bin", true, in_binade(1.0f), sfu::rsqrt);
  check(dir, "rsqrt_e1.bin", true, in_binade(2.0f), sfu::rsqrt);
  check(dir, "rcp_e0.bin", true, in_binade(1.0f), sfu::rcp);
  // The first quadrant: x = (float)(2 pi (T + 1/2) / 2^25).
  const auto quadrant = [](std::uint32_t T) { return static_cast<float>(6.283185307179586 * ((T + 0.5) / 0x1p25)); };
  check(dir, "sin_quadrant.bin", true, quadrant, sfu::sin);
  check(dir, "cos_quadrant.bin", true, quadrant, sfu::cos);
  // 2^x over [0, 1) and (-1, 0]: ex2 of k 2^-23 and -k 2^-23.
  check(dir, "ex2_all_pos.bin", true, [](std::uint32_t k) { return static_cast<float>(k) * 0x1p-23f; }, sfu::ex2);
  check(dir, "ex2_all_neg.bin", true, [](std::uint32_t k) { return -static_cast<float>(k) * 0x1p-23f; }, sfu::ex2);
  const auto random = [](std::uint32_t lo, std::uint32_t span, std::uint32_t mask, bool alternate_sign) {
    return [=](std::uint32_t i) {
      if (i < 16) return from_bits(kSpecial[i]);
      const float x = from_bits(argument_bits(i, lo, span) & mask);
      return alternate_sign && (i & 1) ? -x : x;
    };
  };
  check(dir, "random_sin.bin", false, random(127 - 40, 64, ~0u, false), sfu::sin);
  check(dir, "random_cos.bin", false, random(127 - 40, 64, ~0u, false), sfu::cos);
  check(dir, "random_ex2.bin", false, random(127 - 30, 38, ~0u, false), sfu::ex2);
  check(dir, "random_lg2.bin", false, random(1, 253, 0x7fffffffu, false), sfu::lg2);
  check(dir, "random_rsqrt.bin", false, random(1, 253, 0x7fffffffu, false), sfu::rsqrt);
  check(dir, "random_rcp.bin", false, random(1, 253, 0x7fffffffu, true), sfu::rcp);
  return failures ? 1 : 0;
}
