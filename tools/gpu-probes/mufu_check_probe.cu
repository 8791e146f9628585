// MUFU.SIN/COS/EX2/LG2 at arbitrary arguments, to check cusim's model of the special-function unit
// (runtime/cusim/detail/sfu.hpp) beyond the first quadrant and [0, 1): both signs, large and tiny
// angles, infinities, NaNs, denormals. Argument i (i < 2^20) has the bits lcg(i) (below) with the
// exponent field narrowed to a range per function; the special values take the first 16 places.
// Writes random_sin.bin, random_cos.bin, random_ex2.bin, random_lg2.bin (2^20 little-endian
// words each: the results' bits) under argv[1]; `--lg2-all` also writes lg2_e0.bin and lg2_em1.bin,
// lg2.approx.ftz.f32 of every float in [1, 2) and [1/2, 1), as differences of successive results.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

__host__ __device__ inline unsigned argument_bits(unsigned i, unsigned lo_exp, unsigned span) {
  unsigned v = i * 2654435761u + 0x9e3779b9u;
  v ^= v >> 15;
  v *= 2246822519u;
  v ^= v >> 13;
  const unsigned exponent = lo_exp + (v >> 8) % span;
  return (v & 0x807fffffu) | (exponent << 23);
}
__host__ __device__ inline float special(unsigned i) {
  const unsigned bits[16] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u,
                             0x80000001u, 0x007fffffu, 0x3f800000u, 0xbf800000u, 0x4b000000u, 0xcb000000u,
                             0x7f7fffffu, 0xff7fffffu, 0x40c90fdbu, 0xc0490fdbu};
  float f;
  memcpy(&f, &bits[i], 4);
  return f;
}
__global__ void probe(unsigned* s, unsigned* c, unsigned* e, unsigned* l) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 20)) return;
  float a = __uint_as_float(argument_bits(i, 127 - 40, 64));  // |x| in [2^-40, 2^24)
  float b = __uint_as_float(argument_bits(i, 127 - 30, 38));  // |x| in [2^-30, 2^8): every ex2 range
  float d = __uint_as_float(argument_bits(i, 1, 253) & 0x7fffffffu);  // positive, every exponent
  if (i < 16) a = b = d = special(i);
  float r;
  s[i] = __float_as_uint(__sinf(a));
  c[i] = __float_as_uint(__cosf(a));
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(b));
  e[i] = __float_as_uint(r);
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(d));
  l[i] = __float_as_uint(r);
}
__global__ void lg2_all(float scale, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 23)) return;
  float r;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(__uint_as_float(0x3f800000u | i) * scale));
  out[i] = __float_as_uint(r);
}
static void save(const std::string& path, const unsigned* device, size_t n, bool deltas) {
  std::vector<unsigned> h(n);
  cudaMemcpy(h.data(), device, n * 4, cudaMemcpyDeviceToHost);
  if (deltas)
    for (size_t i = n - 1; i > 0; --i) h[i] -= h[i - 1];
  FILE* f = fopen(path.c_str(), "wb");
  fwrite(h.data(), 4, n, f);
  fclose(f);
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 1u << 20;
  unsigned* d;
  cudaMalloc(&d, 4 * n * 4);
  probe<<<n / 256, 256>>>(d, d + n, d + 2 * n, d + 3 * n);
  const char* names[4] = {"sin", "cos", "ex2", "lg2"};
  for (int k = 0; k < 4; ++k) save(dir + "/random_" + names[k] + ".bin", d + k * n, n, false);
  if (argc > 2 && std::string(argv[2]) == "--lg2-all") {
    unsigned* all;
    cudaMalloc(&all, (1u << 23) * 4);
    for (int half = 0; half < 2; ++half) {
      lg2_all<<<(1u << 23) / 256, 256>>>(half ? 0.5f : 1.0f, all);
      save(dir + (half ? "/lg2_em1.bin" : "/lg2_e0.bin"), all, 1u << 23, true);
    }
  }
  printf("mufu check probe: %s\n", cudaGetErrorString(cudaGetLastError()));
}
