// The special-function unit's sine and cosine (__sinf, __cosf: sin.approx.f32, cos.approx.f32,
// which multiply the angle by 1/(2 pi) rounded toward zero and pass the turns to MUFU.SIN/COS).
// For angles x = (float)(2 pi t), t = i / 2^21 over [0, 1) ("coarse") and t = i / 2^24 over
// [0, 1/8) ("fine"), i < 2^21, the results' bits, written as sin_coarse.bin, cos_coarse.bin,
// sin_fine.bin, cos_fine.bin (2^21 little-endian 32-bit words each) under the directory argv[1].
// Also ex2.approx.ftz.f32 of x = i / 2^21 and -i / 2^21 (ex2_pos.bin, ex2_neg.bin).
#include <cstdio>
#include <string>
#include <vector>
__global__ void probe(double scale, unsigned* s, unsigned* c) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 21)) return;
  const float x = (float)(6.283185307179586 * ((double)i * scale));
  s[i] = __float_as_uint(__sinf(x));
  c[i] = __float_as_uint(__cosf(x));
}
__global__ void ex2(float sign, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 21)) return;
  const float x = sign * (float)i / (float)(1u << 21);
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  out[i] = __float_as_uint(r);
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 1u << 21;
  unsigned *s, *c;
  cudaMalloc(&s, n * 4);
  cudaMalloc(&c, n * 4);
  std::vector<unsigned> h(n);
  for (int fine = 0; fine < 2; ++fine) {
    probe<<<n / 256, 256>>>(fine ? 1.0 / (1u << 24) : 1.0 / (1u << 21), s, c);
    for (int k = 0; k < 2; ++k) {
      cudaMemcpy(h.data(), k ? c : s, n * 4, cudaMemcpyDeviceToHost);
      FILE* f = fopen((dir + "/" + (k ? "cos" : "sin") + (fine ? "_fine" : "_coarse") + ".bin").c_str(), "wb");
      fwrite(h.data(), 4, n, f);
      fclose(f);
    }
  }
  for (int neg = 0; neg < 2; ++neg) {
    ex2<<<n / 256, 256>>>(neg ? -1.0f : 1.0f, s);
    cudaMemcpy(h.data(), s, n * 4, cudaMemcpyDeviceToHost);
    FILE* f = fopen((dir + (neg ? "/ex2_neg.bin" : "/ex2_pos.bin")).c_str(), "wb");
    fwrite(h.data(), 4, n, f);
    fclose(f);
  }
  printf("sincos probe: %s\n", cudaGetErrorString(cudaGetLastError()));
}
