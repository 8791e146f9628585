// The special-function unit's sine, cosine and base-2 power (MUFU.SIN/COS behind __sinf/__cosf,
// MUFU.EX2 behind ex2.approx.ftz.f32), recorded densely enough to fit the unit's tables.
// Files under argv[1], each of little-endian 32-bit words, each word the difference between a
// result's bits and the previous result's bits (the first against 0), so that gzip packs them:
//   sin_dense.bin, cos_dense.bin: x = (float)(2 pi i / 2^22), i < 2^22 (a turn)
//   sincos_windows.bin: for each of the 8 windows below, 2^16 consecutive floats x from
//     (float)(2 pi t0): their sines, then their cosines
//   ex2_dense.bin: x = i / 2^22, -2^22 <= i < 2^22
//   ex2_windows.bin: 2^16 consecutive floats from each of the 8 starts below (toward zero from the
//     negative ones)
//   sin_quadrant.bin, cos_quadrant.bin: every input the unit tells apart in the first quadrant:
//     x = (float)(2 pi (T + 1/2) / 2^25), T < 2^23 (the unit truncates the turns to 2^-25)
//   ex2_all_pos.bin, ex2_all_neg.bin: every input it tells apart in [0, 1) and (-1, 0]:
//     x = F / 2^23 and -F / 2^23, F < 2^23 (it truncates toward zero to 2^-23)
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

__global__ void sincos_at(const float* x, unsigned* s, unsigned* c, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[i] = __float_as_uint(__sinf(x[i]));
  c[i] = __float_as_uint(__cosf(x[i]));
}
__global__ void ex2_at(const float* x, unsigned* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x[i]));
  out[i] = __float_as_uint(r);
}

static void write_deltas(const std::string& path, const std::vector<unsigned>& v, bool append) {
  std::vector<unsigned> d(v.size());
  unsigned last = 0;
  for (size_t i = 0; i < v.size(); ++i) d[i] = v[i] - last, last = v[i];
  FILE* f = fopen(path.c_str(), append ? "ab" : "wb");
  fwrite(d.data(), 4, d.size(), f);
  fclose(f);
}

static std::vector<unsigned> run(bool ex2, const std::vector<float>& x, std::vector<unsigned>* cos) {
  const unsigned n = x.size();
  float* dx;
  unsigned *ds, *dc;
  cudaMalloc(&dx, n * 4);
  cudaMalloc(&ds, n * 4);
  cudaMalloc(&dc, n * 4);
  cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice);
  if (ex2) ex2_at<<<(n + 255) / 256, 256>>>(dx, ds, n);
  else sincos_at<<<(n + 255) / 256, 256>>>(dx, ds, dc, n);
  std::vector<unsigned> s(n);
  cudaMemcpy(s.data(), ds, n * 4, cudaMemcpyDeviceToHost);
  if (cos) cos->resize(n), cudaMemcpy(cos->data(), dc, n * 4, cudaMemcpyDeviceToHost);
  cudaFree(dx), cudaFree(ds), cudaFree(dc);
  return s;
}

static std::vector<float> consecutive(float start, unsigned n) {
  std::vector<float> x(n);
  unsigned b;
  memcpy(&b, &start, 4);
  for (unsigned i = 0; i < n; ++i) {
    const unsigned bits = start < 0 ? b - i : b + i;  // away from zero for negative starts too
    memcpy(&x[i], &bits, 4);
  }
  return x;
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const unsigned n = 1u << 22;
  std::vector<float> x(n);
  for (unsigned i = 0; i < n; ++i) x[i] = (float)(6.283185307179586 * ((double)i / n));
  std::vector<unsigned> c;
  std::vector<unsigned> s = run(false, x, &c);
  write_deltas(dir + "/sin_dense.bin", s, false);
  write_deltas(dir + "/cos_dense.bin", c, false);
  const double turns[8] = {1e-6, 1e-3, 0.03, 0.124, 0.2, 0.26, 0.4999, 0.75};
  for (int w = 0; w < 8; ++w) {
    s = run(false, consecutive((float)(6.283185307179586 * turns[w]), 1u << 16), &c);
    write_deltas(dir + "/sincos_windows.bin", s, w > 0);
    write_deltas(dir + "/sincos_windows.bin", c, true);
  }
  std::vector<float> e(2 * n);
  for (unsigned i = 0; i < 2 * n; ++i) e[i] = (float)((double)((int)i - (int)n) / n);
  write_deltas(dir + "/ex2_dense.bin", run(true, e, nullptr), false);
  const float starts[8] = {1e-7f, 1e-3f, 0.3f, 0.7f, -1e-7f, -1e-3f, -0.3f, -0.7f};
  for (int w = 0; w < 8; ++w)
    write_deltas(dir + "/ex2_windows.bin", run(true, consecutive(starts[w], 1u << 16), nullptr), w > 0);
  const unsigned q = 1u << 23;
  x.resize(q);
  for (unsigned T = 0; T < q; ++T) x[T] = (float)(6.283185307179586 * ((T + 0.5) / (1u << 25)));
  s = run(false, x, &c);
  write_deltas(dir + "/sin_quadrant.bin", s, false);
  write_deltas(dir + "/cos_quadrant.bin", c, false);
  for (int neg = 0; neg < 2; ++neg) {
    for (unsigned F = 0; F < q; ++F) x[F] = (neg ? -1.0f : 1.0f) * (float)F / (float)q;
    write_deltas(dir + (neg ? "/ex2_all_neg.bin" : "/ex2_all_pos.bin"), run(true, x, nullptr), false);
  }
  printf("mufu probe: %s\n", cudaGetErrorString(cudaGetLastError()));
}
