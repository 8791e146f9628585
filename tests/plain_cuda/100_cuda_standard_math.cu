// The C library's math functions in kernels, as CUDA computes them: expf, exp2f, exp10f, expm1f,
// logf, log2f, log10f, log1pf, sinf, cosf, tanf, sincosf, asinf, acosf, atanf, atan2f, sinhf,
// coshf, tanhf, asinhf, acoshf, atanhf, powf, cbrtf, hypotf, erff, erfcf, lgammaf and tgammaf,
// and the doubles exp, exp2, exp10, expm1, log, log2, log10, log1p, sin, cos, tan, sincos, asin,
// acos, atan, atan2, sinh, cosh, tanh, asinh, acosh, atanh, pow, cbrt, hypot, erf, erfc, lgamma,
// tgamma, and the Bessel functions j0f, j1f, y0f, y1f, jnf, ynf, j0, j1, y0, y1, jn and yn (of
// orders -2 to 20), each over 5 x 2^14 arguments of every size and sign (denormals, infinities
// and NaNs among them), bit for bit as one 64-bit FNV-1a hash of its results per line (powf and
// pow also of exponents in (-8, 8) and of whole ones, where a negative base has a power).
// Then what the translator must get right around them: <cmath>'s spellings (std::exp(x), pow(x, y)
// and atan2 of floats) are the same functions, of <cmath>'s types; a macro's expf is CUDA's in a
// kernel and the C library's on the host, and so is a __host__ __device__ function's, the two
// differing for some arguments; a template that serves floats and a type with its own exp (found
// by argument-dependent lookup after `using std::exp;`) gets CUDA's expf for the floats.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-29
// (its raw results, written to a folder given as its argument, compared with the simulator's):
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/100_cuda_standard_math.cu && ./a.out
// EXPECT: host: expf fnv 0x61a5d52a849b0199
// EXPECT: host: exp2f fnv 0xedfcb8f960f2209b
// EXPECT: host: exp10f fnv 0x2f938d3822a7b1ff
// EXPECT: host: expm1f fnv 0x414ef5449dcf1684
// EXPECT: host: logf fnv 0xe2af2258bffe6f00
// EXPECT: host: log2f fnv 0x178943166a309248
// EXPECT: host: log10f fnv 0x0317554a9f24e47b
// EXPECT: host: log1pf fnv 0x75de9e88c6a74b74
// EXPECT: host: sinf fnv 0xa97010c44148051e
// EXPECT: host: cosf fnv 0x5e901442535f78a6
// EXPECT: host: tanf fnv 0x2d831f3a99dcb746
// EXPECT: host: sincosf_sine fnv 0xa97010c44148051e
// EXPECT: host: sincosf_cosine fnv 0x5e901442535f78a6
// EXPECT: host: asinf fnv 0xc80962a8ea9c3350
// EXPECT: host: acosf fnv 0x6352a61f43e4c5e3
// EXPECT: host: atanf fnv 0x2aa5b76ab30e4b35
// EXPECT: host: atan2f fnv 0x0b6ec6a179e6da9d
// EXPECT: host: sinhf fnv 0x5ae9db5130d95a27
// EXPECT: host: coshf fnv 0x3bca17d8fdb8e515
// EXPECT: host: tanhf fnv 0x4bacf8d76f38e1cb
// EXPECT: host: asinhf fnv 0x962e73a6472a14ec
// EXPECT: host: acoshf fnv 0xec5adae4185400ca
// EXPECT: host: atanhf fnv 0xc8637e391d2270d4
// EXPECT: host: powf fnv 0x7f794c33bd401e26
// EXPECT: host: powf_small fnv 0x6a86c59d426fc582
// EXPECT: host: powf_whole fnv 0xa78d4f0f7c586ecb
// EXPECT: host: cbrtf fnv 0x1e5045e4a419616f
// EXPECT: host: hypotf fnv 0x8855e77131be9e12
// EXPECT: host: erff fnv 0xd3a83ef7f5ca2e2f
// EXPECT: host: erfcf fnv 0x1a9319e510fcd41a
// EXPECT: host: lgammaf fnv 0x96e9d8f28a70d56f
// EXPECT: host: tgammaf fnv 0x6742bb7b3cb78d7d
// EXPECT: host: j0f fnv 0xd73b140e3ef6a54a
// EXPECT: host: j1f fnv 0xf5df8e60fdf7ac08
// EXPECT: host: y0f fnv 0x4bf287d8004e53fa
// EXPECT: host: y1f fnv 0x82e067ebb680a3cf
// EXPECT: host: jnf fnv 0x700b7f477b97806a
// EXPECT: host: ynf fnv 0x6c52bdc7de181a9b
// EXPECT: host: exp fnv 0xbf6eedb65611ed5c
// EXPECT: host: exp2 fnv 0xe78550e5e8e144fb
// EXPECT: host: exp10 fnv 0xbe49cdd7367e7e4d
// EXPECT: host: expm1 fnv 0x976cac63bf473002
// EXPECT: host: log fnv 0x7c178b5fe9f58b37
// EXPECT: host: log2 fnv 0x70fb5f290bede691
// EXPECT: host: log10 fnv 0x4440fd271721acfb
// EXPECT: host: log1p fnv 0x90cc1ccc77ff1c7f
// EXPECT: host: sin fnv 0x3c990f37a48d15d3
// EXPECT: host: cos fnv 0x55d4b93b1dc12f73
// EXPECT: host: tan fnv 0x1e79ed51cc1dd5b7
// EXPECT: host: sincos_sine fnv 0x3c990f37a48d15d3
// EXPECT: host: sincos_cosine fnv 0x55d4b93b1dc12f73
// EXPECT: host: asin fnv 0x219ebc89b4ae78fa
// EXPECT: host: acos fnv 0xc50b0a6e6446b988
// EXPECT: host: atan fnv 0x725d6eb6e55ab8a2
// EXPECT: host: atan2 fnv 0x7f97052ac75cda82
// EXPECT: host: sinh fnv 0xc4cece11cad8a884
// EXPECT: host: cosh fnv 0x439e0563c18b155a
// EXPECT: host: tanh fnv 0xed5735cbd3ea9ec3
// EXPECT: host: asinh fnv 0x860eacf5971b7716
// EXPECT: host: acosh fnv 0x0b7047855bc2529d
// EXPECT: host: atanh fnv 0x7cd66be5920ab7d5
// EXPECT: host: pow fnv 0x27c9c23b0bee62f4
// EXPECT: host: pow_small fnv 0x732b5e6b0a53ebd4
// EXPECT: host: pow_whole fnv 0x91766a68ca12c9c1
// EXPECT: host: cbrt fnv 0x9ef1607e2de144ca
// EXPECT: host: hypot fnv 0x84bba58333bd6bf9
// EXPECT: host: erf fnv 0x2f11e221df71fcbd
// EXPECT: host: erfc fnv 0x0e98d3e7e826335e
// EXPECT: host: lgamma fnv 0x51858647eea1fa0b
// EXPECT: host: tgamma fnv 0x41997433f6498d04
// EXPECT: host: j0 fnv 0xc6dd91b495a2d220
// EXPECT: host: j1 fnv 0x734aff214c5ee6a1
// EXPECT: host: y0 fnv 0x797828f7ce1107a7
// EXPECT: host: y1 fnv 0x41e5ea592ff084d0
// EXPECT: host: jn fnv 0xccb9035bef3b9349
// EXPECT: host: yn fnv 0xb2a867afa3acb9fd
// EXPECT: host: <cmath>'s spellings give the f-functions' results: ok
// EXPECT: host: a macro and a __host__ __device__ function are the C library's on the host: ok
// EXPECT: host: their device results differ from the host's in 2462 and 4357 of 81920
// EXPECT: host: sigmoid fnv 0x1871cd54316a123d
// EXPECT: host: softplus fnv 0x523c8f3dd41fff52
// EXPECT: host: a type's own exp beside <cmath>'s in one template: 65864 zero and 16056 NaN of 81920
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "math_arguments.cuh"

#define FLOAT_FUNCTIONS(X)                                                                          \
  X(expf, expf(x)) X(exp2f, exp2f(x)) X(exp10f, exp10f(x)) X(expm1f, expm1f(x)) X(logf, logf(x))    \
  X(log2f, log2f(x)) X(log10f, log10f(x)) X(log1pf, log1pf(x)) X(sinf, sinf(x)) X(cosf, cosf(x))    \
  X(tanf, tanf(x)) X(sincosf_sine, sincos_sine(x)) X(sincosf_cosine, sincos_cosine(x))              \
  X(asinf, asinf(x)) X(acosf, acosf(x)) X(atanf, atanf(x)) X(atan2f, atan2f(x, y))                  \
  X(sinhf, sinhf(x)) X(coshf, coshf(x)) X(tanhf, tanhf(x)) X(asinhf, asinhf(x))                     \
  X(acoshf, acoshf(x)) X(atanhf, atanhf(x)) X(powf, powf(x, y)) X(powf_small, powf(x, fmodf(y, 8))) \
  X(powf_whole, powf(x, truncf(fmodf(y, 8)))) X(cbrtf, cbrtf(x)) X(hypotf, hypotf(x, y))            \
  X(erff, erff(x)) X(erfcf, erfcf(x)) X(lgammaf, lgammaf(x)) X(tgammaf, tgammaf(x))               \
  X(j0f, j0f(x)) X(j1f, j1f(x)) X(y0f, y0f(x)) X(y1f, y1f(x)) X(jnf, jnf(n, x)) X(ynf, ynf(n, x))
#define DOUBLE_FUNCTIONS(X)                                                                         \
  X(exp, exp(x)) X(exp2, exp2(x)) X(exp10, exp10(x)) X(expm1, expm1(x)) X(log, log(x))              \
  X(log2, log2(x)) X(log10, log10(x)) X(log1p, log1p(x)) X(sin, sin(x)) X(cos, cos(x))              \
  X(tan, tan(x)) X(sincos_sine, sincos_sine(x)) X(sincos_cosine, sincos_cosine(x))                  \
  X(asin, asin(x)) X(acos, acos(x)) X(atan, atan(x)) X(atan2, atan2(x, y)) X(sinh, sinh(x))         \
  X(cosh, cosh(x)) X(tanh, tanh(x)) X(asinh, asinh(x)) X(acosh, acosh(x)) X(atanh, atanh(x))        \
  X(pow, pow(x, y)) X(pow_small, pow(x, fmod(y, 8.0))) X(pow_whole, pow(x, trunc(fmod(y, 8.0))))    \
  X(cbrt, cbrt(x)) X(hypot, hypot(x, y)) X(erf, erf(x)) X(erfc, erfc(x)) X(lgamma, lgamma(x))       \
  X(tgamma, tgamma(x)) X(j0, one_nan(j0(x))) X(j1, one_nan(j1(x))) X(y0, one_nan(y0(x)))            \
  X(y1, one_nan(y1(x))) X(jn, one_nan(jn(n, x))) X(yn, one_nan(yn(n, x)))
#define COUNT(name, call) +1
constexpr int kFloatFunctions = 0 FLOAT_FUNCTIONS(COUNT);
constexpr int kDoubleFunctions = 0 DOUBLE_FUNCTIONS(COUNT);

template <class T>
__device__ T sincos_sine(T x) {
  T s, c;
  sincos(x, &s, &c);
  return s;
}
template <class T>
__device__ T sincos_cosine(T x) {
  T s, c;
  sincos(x, &s, &c);
  return c;
}

// A NaN result as one bit pattern, for the double Bessel functions: of a NaN argument, their NaN
// is the argument's or the unit's reciprocal's (0x7fffffff00000000), as the operand order that
// nvcc chooses for the kernel has it (this kernel gives the latter, a kernel of j0 alone the
// former), where the simulator gives the argument's.
__device__ double one_nan(double v) {
  const unsigned long long bits = 0x7ff8000000000000ull;
  double nan;
  memcpy(&nan, &bits, 8);
  return v == v ? v : nan;
}

// Each function of argument i, a second argument drawn from elsewhere in the same array.
template <class T>
__global__ void functions(const T* a, T* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  const T x = a[i], y = a[(i * 40503u + 7) % kCount];
  const int n = static_cast<int>(i % 23) - 2;  // jn's and yn's order: -2 to 20
  int f = 0;
#define STORE(name, call) out[f++ * kCount + i] = call;
  if constexpr (std::is_same_v<T, float>) {
    FLOAT_FUNCTIONS(STORE)
  } else {
    DOUBLE_FUNCTIONS(STORE)
  }
#undef STORE
}

// <cmath>'s spellings of the float functions: the same results, of <cmath>'s types.
static_assert(std::is_same_v<decltype(std::exp(1.0f)), float> && std::is_same_v<decltype(pow(2.0f, 0.5f)), float> &&
              std::is_same_v<decltype(std::atan2(1.0f, 2.0f)), float> && std::is_same_v<decltype(sin(1)), double> &&
              std::is_same_v<decltype(std::pow(2.0f, 3.0)), double>);
__device__ unsigned bits(float v) {
  unsigned u;
  memcpy(&u, &v, 4);
  return u;
}
__device__ unsigned long long bits(double v) {
  unsigned long long u;
  memcpy(&u, &v, 8);
  return u;
}
__global__ void spellings(const float* a, unsigned* differing) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  const float x = a[i], y = a[(i * 40503u + 7) % kCount];
  const bool same = bits(std::exp(x)) == bits(expf(x)) && bits(sin(x)) == bits(sinf(x)) &&
                    bits(std::log1p(x)) == bits(log1pf(x)) && bits(pow(x, y)) == bits(powf(x, y)) &&
                    bits(std::atan2(x, y)) == bits(atan2f(x, y)) && bits(tanh(x)) == bits(tanhf(x)) &&
                    bits(std::pow(x, 2.0)) == bits(pow(static_cast<double>(x), 2.0));
  if (!same) atomicAdd(differing, 1u);
}

// A macro and a __host__ __device__ function, each used on both sides.
#define SIGMOID(x) (1.0f / (1.0f + expf(-(x))))
__host__ __device__ float softplus(float x) { return log1pf(expf(x)); }
__global__ void both_sides(const float* a, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  out[i] = SIGMOID(a[i]);
  out[kCount + i] = softplus(a[i]);
}

// A type of the program's own with its own exp, found by argument-dependent lookup in a template
// that also serves floats: that spelling stays as written.
namespace dual {
struct Number {
  float value, derivative;
};
__host__ __device__ Number exp(Number n) {
  const float e = expf(n.value);
  return {e, e * n.derivative};
}
}  // namespace dual
template <class T>
__device__ T exp_of(T x) {
  using std::exp;
  return exp(x);
}
__global__ void derivatives(const float* a, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  out[i] = exp_of(dual::Number{a[i], 1.0f}).derivative - exp_of(a[i]);
}

bool same_float(float a, float b) { return std::memcmp(&a, &b, 4) == 0 || (a != a && b != b); }

int main(int argc, char** argv) {
  const char* folder = argc > 1 ? argv[1] : nullptr;
  const std::vector<float> fa = arguments<float>();
  const std::vector<double> da = arguments<double>();

  const std::vector<float> fr = run(functions<float>, fa, kFloatFunctions);
  int f = 0;
#define PRINT(name, call) print(folder, #name, &fr[f++ * kCount]);
  FLOAT_FUNCTIONS(PRINT)
  const std::vector<double> dr = run(functions<double>, da, kDoubleFunctions);
  f = 0;
#define PRINT_DOUBLE(name, call) print(folder, #name, &dr[f++ * kCount]);
  DOUBLE_FUNCTIONS(PRINT_DOUBLE)

  const std::vector<unsigned> differing = run(spellings, fa, 1);
  unsigned n = 0;
  for (unsigned d : differing) n += d;
  report("host: <cmath>'s spellings give the f-functions' results", n, 0);

  // On the device the macro and the __host__ __device__ function are CUDA's, on the host the C
  // library's: the host's results equal the C library's own, and differ from the device's for
  // some arguments.
  const std::vector<float> sides = run(both_sides, fa, 2);
  int host_wrong = 0, sigmoid_differs = 0, softplus_differs = 0;
  for (int i = 0; i < kCount; ++i) {
    const float x = fa[i];
    const float sigmoid = SIGMOID(x), plus = softplus(x);
    volatile float e = std::exp(x);  // the C library's expf and log1pf, not through the macro
    host_wrong += !same_float(sigmoid, 1.0f / (1.0f + static_cast<float>(::expf(-x)))) +
                  !same_float(plus, ::log1pf(static_cast<float>(e)));
    sigmoid_differs += !same_float(sigmoid, sides[i]);
    softplus_differs += !same_float(plus, sides[kCount + i]);
  }
  report("host: a macro and a __host__ __device__ function are the C library's on the host", host_wrong, 0);
  std::printf("host: their device results differ from the host's in %d and %d of %d\n", sigmoid_differs,
              softplus_differs, kCount);
  print(folder, "sigmoid", sides.data());  // expf(-x) in a sum, inlined: no contraction the GPU lacks
  print(folder, "softplus", sides.data() + kCount);

  // exp through the type's own function and through <cmath>'s: the same expf, so the derivative
  // (e^x times 1) less e^x is 0, or NaN where e^x is infinite or NaN.
  const std::vector<float> d = run(derivatives, fa, 1);
  int zero = 0, nan = 0;
  for (float v : d) {
    zero += v == 0.0f;
    nan += v != v;
  }
  std::printf("host: a type's own exp beside <cmath>'s in one template: %d zero and %d NaN of %d\n", zero, nan, kCount);
  return 0;
}
