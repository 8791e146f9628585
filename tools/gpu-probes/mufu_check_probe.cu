// MUFU.SIN/COS/EX2/LG2/RSQ/RCP at arbitrary arguments, to check cusim's model of the special-function
// unit (runtime/cusim/detail/sfu.hpp) beyond the inputs it was fitted to: both signs, large and tiny
// arguments, infinities, NaNs, denormals. Argument i (i < 2^20) has the bits lcg(i) (below) with the
// exponent field narrowed to a range per function; the special values take the first 16 places.
// Writes random_sin.bin, random_cos.bin, random_ex2.bin, random_lg2.bin, random_rsqrt.bin,
// random_rcp.bin (2^20 little-endian words each: the results' bits) under argv[1]; `--all` also
// writes, as differences of successive results, lg2.approx.ftz.f32 of every float in [1, 2) and
// [1/2, 1) (lg2_e0.bin, lg2_em1.bin), rsqrt.approx.ftz.f32 of every float in [1, 2) and [2, 4)
// (rsqrt_e0.bin, rsqrt_e1.bin) and rcp.approx.ftz.f32 of every float in [1, 2) (rcp_e0.bin).
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
__global__ void probe(unsigned* s, unsigned* c, unsigned* e, unsigned* l, unsigned* q, unsigned* v) {
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
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(d));
  q[i] = __float_as_uint(r);
  const float signed_d = (i & 1) ? -d : d;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(i < 16 ? d : signed_d));
  v[i] = __float_as_uint(r);
}
// Every float in [scale, 2 scale) through one instruction (0: lg2, 1: rsqrt, 2: rcp).
__global__ void every_mantissa(int op, float scale, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 23)) return;
  const float x = __uint_as_float(0x3f800000u | i) * scale;
  float r;
  if (op == 0) asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  if (op == 1) asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  if (op == 2) asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
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
  cudaMalloc(&d, 6 * n * 4);
  probe<<<n / 256, 256>>>(d, d + n, d + 2 * n, d + 3 * n, d + 4 * n, d + 5 * n);
  const char* names[6] = {"sin", "cos", "ex2", "lg2", "rsqrt", "rcp"};
  for (int k = 0; k < 6; ++k) save(dir + "/random_" + names[k] + ".bin", d + k * n, n, false);
  if (argc > 2 && std::string(argv[2]) == "--all") {
    unsigned* all;
    cudaMalloc(&all, (1u << 23) * 4);
    const struct { int op; float scale; const char* file; } runs[] = {
        {0, 1.0f, "lg2_e0"}, {0, 0.5f, "lg2_em1"}, {1, 1.0f, "rsqrt_e0"}, {1, 2.0f, "rsqrt_e1"}, {2, 1.0f, "rcp_e0"}};
    for (const auto& run : runs) {
      every_mantissa<<<(1u << 23) / 256, 256>>>(run.op, run.scale, all);
      save(dir + "/" + run.file + ".bin", all, 1u << 23, true);
    }
  }
  printf("mufu check probe: %s\n", cudaGetErrorString(cudaGetLastError()));
}
