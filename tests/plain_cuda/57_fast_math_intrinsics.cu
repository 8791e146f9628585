// CUDA's fast-math intrinsics (__expf, __sinf, __powf, __fdividef, rsqrtf...) within the error
// bounds this test sets, on their usual domains: the GPU computes them with its approximate
// hardware instructions (ex2.approx, sin.approx...), and so does the simulator, which models them
// (all but __tanhf bit for bit: 94_fast_sine_cosine.cu, 95_fast_math_intrinsics_exact.cu; docs/
// FRONTEND.md). Each is compared with a double-precision reference. Run on the GPU with
//   nvcc -arch=sm_90 -O2 -DRECORD_GOLDENS -I. -o rec 57_fast_math_intrinsics.cu && DUMP_DIR=. ./rec
// it also prints the largest errors seen and writes the GPU's results to DUMP_DIR.
// EXPECT: __expf: ok
// EXPECT: __exp10f: ok
// EXPECT: __logf: ok
// EXPECT: __log2f: ok
// EXPECT: __log10f: ok
// EXPECT: __sinf: ok
// EXPECT: __cosf: ok
// EXPECT: __tanf: ok
// EXPECT: __tanhf: ok
// EXPECT: __sincosf: ok
// EXPECT: __powf: ok
// EXPECT: __fdividef: ok
// EXPECT: rsqrtf: ok
#include <cmath>

#include "check.cuh"
#include "include/intrinsics_hash.cuh"

enum Op { op_exp, op_exp10, op_log, op_log2, op_log10, op_sin, op_cos, op_tan, op_tanh, op_sincos, op_pow, op_div, op_rsqrt, op_count };

__global__ void apply(int op, const float* a, const float* b, float* out, float* out2) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x) {
    const float x = a[i], y = b[i];
    float r = 0.0f, r2 = 0.0f;
    switch (op) {
      case op_exp: r = __expf(x); break;
      case op_exp10: r = __exp10f(x); break;
      case op_log: r = __logf(x); break;
      case op_log2: r = __log2f(x); break;
      case op_log10: r = __log10f(x); break;
      case op_sin: r = __sinf(x); break;
      case op_cos: r = __cosf(x); break;
      case op_tan: r = __tanf(x); break;
      case op_tanh: r = __tanhf(x); break;
      case op_sincos: __sincosf(x, &r, &r2); break;
      case op_pow: r = __powf(x, y); break;
      case op_div: r = __fdividef(x, y); break;
      case op_rsqrt: r = rsqrtf(x); break;
    }
    out[i] = r;
    out2[i] = r2;
  }
}

struct Case {
  const char* name;
  double lo, hi;        // x's domain
  bool log_scale;       // x = +-2^(uniform in [lo, hi]) instead
  double rel, abs;      // the bound: |got - ref| <= rel * |ref| + abs
};

int main() {
  const Case cases[op_count] = {
      {"__expf", -80, 80, false, 0x1p-15, 0},
      {"__exp10f", -30, 30, false, 0x1p-15, 0},
      {"__logf", -60, 60, true, 0x1p-20, 0x1p-20},
      {"__log2f", -60, 60, true, 0x1p-20, 0x1p-20},
      {"__log10f", -60, 60, true, 0x1p-20, 0x1p-20},
      {"__sinf", -3.14159, 3.14159, false, 0, 0x1p-20},
      {"__cosf", -3.14159, 3.14159, false, 0, 0x1p-20},
      {"__tanf", -1.3, 1.3, false, 0x1p-18, 0x1p-20},
      {"__tanhf", -5, 5, false, 0x1p-10, 0x1p-20},
      {"__sincosf", -3.14159, 3.14159, false, 0, 0x1p-20},
      {"__powf", 0.5, 2, false, 0x1p-15, 0},
      {"__fdividef", -60, 60, true, 0x1p-21, 0},
      {"rsqrtf", -60, 60, true, 0x1p-21, 0},
  };
  float *a, *b, *out, *out2;
  CHECK_CUDA(cudaMallocManaged(&a, kN * sizeof *a));
  CHECK_CUDA(cudaMallocManaged(&b, kN * sizeof *b));
  CHECK_CUDA(cudaMallocManaged(&out, kN * sizeof *out));
  CHECK_CUDA(cudaMallocManaged(&out2, kN * sizeof *out2));
  for (int op = 0; op < op_count; ++op) {
    const Case& k = cases[op];
    for (int i = 0; i < kN; ++i) {
      const double u = (mix64(i + (static_cast<unsigned long long>(op) << 40)) >> 11) * 0x1p-53;
      const double v = (mix64(i + (static_cast<unsigned long long>(op) << 40) + (1ull << 39)) >> 11) * 0x1p-53;
      a[i] = static_cast<float>(k.log_scale ? std::exp2(k.lo + (k.hi - k.lo) * u) : k.lo + (k.hi - k.lo) * u);
      b[i] = op == op_pow ? static_cast<float>(-10 + 20 * v) : static_cast<float>(std::exp2(-60 + 120 * v) * (v < 0.5 ? -1 : 1));
    }
    apply<<<16, 128>>>(op, a, b, out, out2);
    CHECK_CUDA(cudaDeviceSynchronize());
    double worst = 0, worst_x = 0;
    for (int i = 0; i < kN; ++i) {
      const double x = a[i], y = b[i];
      double ref = 0, ref2 = 0;
      switch (op) {
        case op_exp: ref = std::exp(x); break;
        case op_exp10: ref = std::pow(10.0, x); break;
        case op_log: ref = std::log(x); break;
        case op_log2: ref = std::log2(x); break;
        case op_log10: ref = std::log10(x); break;
        case op_sin: ref = std::sin(x); break;
        case op_cos: ref = std::cos(x); break;
        case op_tan: ref = std::tan(x); break;
        case op_tanh: ref = std::tanh(x); break;
        case op_sincos: ref = std::sin(x); ref2 = std::cos(x); break;
        case op_pow: ref = std::pow(x, y); break;
        case op_div: ref = x / y; break;
        case op_rsqrt: ref = 1 / std::sqrt(x); break;
      }
      // the error in units of the bound (<= 1 passes)
      double e = std::fabs(out[i] - ref) / (k.rel * std::fabs(ref) + k.abs);
      if (op == op_sincos) e = std::fmax(e, std::fabs(out2[i] - ref2) / (k.rel * std::fabs(ref2) + k.abs));
      if (!(e <= worst)) {
        worst = e;
        worst_x = x;
      }
    }
#ifdef RECORD_GOLDENS
    std::printf("%s: worst error %.4g of the bound, at x = %a\n", k.name, worst, worst_x);
    if (const char* dir = std::getenv("DUMP_DIR")) {
      char path[512];
      std::snprintf(path, sizeof path, "%s/fast%s.bin", dir, k.name);
      if (FILE* f = std::fopen(path, "wb")) {
        std::fwrite(out, sizeof *out, kN, f);
        std::fwrite(out2, sizeof *out2, kN, f);
        std::fclose(f);
      }
    }
#endif
    if (worst <= 1) std::printf("%s: ok\n", k.name);
    else std::printf("%s: WRONG (error %.3g times the bound at x = %a)\n", k.name, worst, worst_x);
  }
  return 0;
}
