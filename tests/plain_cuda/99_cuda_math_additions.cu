// The functions CUDA adds to <cmath> besides the inverse error functions (98): sinpi, cospi,
// sincospi, rcbrt, rhypot, norm3d, rnorm3d, norm4d, rnorm4d, norm, rnorm, erfinv, normcdf, erfcx,
// cyl_bessel_i0 and cyl_bessel_i1, float and double, and rsqrt of a double, each over 5 x 2^14
// arguments of every size and sign (denormals, infinities and NaNs among them), bit for bit (NaNs
// included), as one 64-bit FNV-1a hash of its results per line; the doubles' last bits depend on
// the special-function unit's rsqrt.approx.f64 and rcp.approx.f64 (MUFU.RSQ64H, MUFU.RCP64H). And
// CUDA's float overloads of its own names (rsqrt(float) is rsqrtf, sincos(float, float*, float*)
// is sincosf...), each result equal to its f-function's and of type float, and fdividef, which is
// the IEEE division unless -use_fast_math.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-29
// (its raw results, which it writes to a folder given as its argument, one file a function,
// compared with the simulator's):
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/99_cuda_math_additions.cu && ./a.out
// EXPECT: host: sinpif fnv 0x3aee2f89cd02234f
// EXPECT: host: cospif fnv 0x2f168e6d453de2df
// EXPECT: host: sincospif_sine fnv 0x3aee2f89cd02234f
// EXPECT: host: sincospif_cosine fnv 0x2f168e6d453de2df
// EXPECT: host: rcbrtf fnv 0xa476c3f722c17ac1
// EXPECT: host: rhypotf fnv 0x8e3d34eb1ceb6369
// EXPECT: host: norm3df fnv 0x7e179d0739076ebc
// EXPECT: host: rnorm3df fnv 0xdafbad7391e747f1
// EXPECT: host: norm4df fnv 0xd4d2a4af6d84b611
// EXPECT: host: rnorm4df fnv 0xc03fb3b68bd8008a
// EXPECT: host: normf fnv 0xf53494b06f0cbd18
// EXPECT: host: rnormf fnv 0xc16dcf4e3d7a48c1
// EXPECT: host: erfinvf fnv 0x6b76d9dd57130901
// EXPECT: host: normcdff fnv 0x8c0ede42afbfbc60
// EXPECT: host: erfcxf fnv 0x56df838954a02089
// EXPECT: host: cyl_bessel_i0f fnv 0x30dd75b2256b6b68
// EXPECT: host: cyl_bessel_i1f fnv 0x7a41ee47af7a0bc9
// EXPECT: host: sinpi fnv 0x775e6926c1233c9b
// EXPECT: host: cospi fnv 0xda8a0938d83bd122
// EXPECT: host: sincospi_sine fnv 0x775e6926c1233c9b
// EXPECT: host: sincospi_cosine fnv 0xda8a0938d83bd122
// EXPECT: host: rcbrt fnv 0xb84da00de3d0ab51
// EXPECT: host: rhypot fnv 0xd42d8cdb7d1e95cb
// EXPECT: host: norm3d fnv 0xc6c4dacc36a76442
// EXPECT: host: rnorm3d fnv 0xcea54766ba40fa6e
// EXPECT: host: norm4d fnv 0xe540d2dc9fcca25c
// EXPECT: host: rnorm4d fnv 0x5c098d2332a0066b
// EXPECT: host: norm fnv 0x2ca856efd8c2c8e7
// EXPECT: host: rnorm fnv 0x50347f9d304eb7ad
// EXPECT: host: cyl_bessel_i0 fnv 0xee66704f841e0e65
// EXPECT: host: cyl_bessel_i1 fnv 0x0e061adacba45709
// EXPECT: host: erfinv fnv 0xf7d7ffbbf3c101f8
// EXPECT: host: normcdf fnv 0xd23949289c717385
// EXPECT: host: erfcx fnv 0x7211d1a2093921de
// EXPECT: host: rsqrt fnv 0x400f428b010bf29a
// EXPECT: host: sinpi, cospi, sincospi of quarters fnv 0x3f1109bcd36e3565, the floats' fnv 0xd73ebeb1b9c7c8c5
// EXPECT: host: the float overloads give their f-functions' results: ok
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include "math_arguments.cuh"

#define FLOAT_FUNCTIONS(X)                                                                         \
  X(sinpif, sinpif(x)) X(cospif, cospif(x)) X(sincospif_sine, sincospif_sine(x))                   \
  X(sincospif_cosine, sincospif_cosine(x)) X(rcbrtf, rcbrtf(x)) X(rhypotf, rhypotf(x, y))          \
  X(norm3df, norm3df(x, y, z)) X(rnorm3df, rnorm3df(x, y, z)) X(norm4df, norm4df(x, y, z, w))      \
  X(rnorm4df, rnorm4df(x, y, z, w)) X(normf, normf(dim, v)) X(rnormf, rnormf(dim, v))              \
  X(erfinvf, erfinvf(x)) X(normcdff, normcdff(x)) X(erfcxf, erfcxf(x))                             \
  X(cyl_bessel_i0f, cyl_bessel_i0f(x)) X(cyl_bessel_i1f, cyl_bessel_i1f(x))
#define DOUBLE_FUNCTIONS(X)                                                                        \
  X(sinpi, sinpi(x)) X(cospi, cospi(x)) X(sincospi_sine, sincospi_sine(x))                         \
  X(sincospi_cosine, sincospi_cosine(x)) X(rcbrt, rcbrt(x)) X(rhypot, rhypot(x, y))                \
  X(norm3d, norm3d(x, y, z)) X(rnorm3d, rnorm3d(x, y, z)) X(norm4d, norm4d(x, y, z, w))            \
  X(rnorm4d, rnorm4d(x, y, z, w)) X(norm, norm(dim, v)) X(rnorm, rnorm(dim, v))                    \
  X(cyl_bessel_i0, cyl_bessel_i0(x)) X(cyl_bessel_i1, cyl_bessel_i1(x))                            \
  X(erfinv, erfinv(x)) X(normcdf, normcdf(x)) X(erfcx, erfcx(x)) X(rsqrt, rsqrt(x))
#define COUNT(name, call) +1
constexpr int kFloatFunctions = 0 FLOAT_FUNCTIONS(COUNT);
constexpr int kDoubleFunctions = 0 DOUBLE_FUNCTIONS(COUNT);

__device__ float sincospif_sine(float x) {
  float s, c;
  sincospif(x, &s, &c);
  return s;
}
__device__ float sincospif_cosine(float x) {
  float s, c;
  sincospif(x, &s, &c);
  return c;
}
__device__ double sincospi_sine(double x) {
  double s, c;
  sincospi(x, &s, &c);
  return s;
}
__device__ double sincospi_cosine(double x) {
  double s, c;
  sincospi(x, &s, &c);
  return c;
}

// Each function of argument i, its other arguments drawn from elsewhere in the same arrays (as
// arguments_of draws them); the array functions take 1 to 5 of them.
template <class T>
__global__ void functions(const T* a, T* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  const T x = a[i], y = a[(i * 40503u + 7) % kCount], z = a[(i * 9973u + 1) % kCount], w = a[(i * 30011u + 3) % kCount];
  const T v[5] = {x, y, z, w, a[(i * 17u + 5) % kCount]};
  const int dim = 1 + i % 5;
  int f = 0;
#define STORE(name, call) out[f++ * kCount + i] = call;
  if constexpr (std::is_same_v<T, float>) {
    FLOAT_FUNCTIONS(STORE)
  } else {
    DOUBLE_FUNCTIONS(STORE)
  }
#undef STORE
}

// sin(pi x) and cos(pi x) of the multiples of 1/4 in [-16, 16]: 2x is then a tie between two
// quadrants, which libdevice rounds to even.
constexpr int kQuarters = 129;
__global__ void quarters(double* out, float* outf) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kQuarters) return;
  const double x = (i - 64) * 0.25;
  double s, c;
  sincospi(x, &s, &c);
  out[4 * i] = sinpi(x);
  out[4 * i + 1] = cospi(x);
  out[4 * i + 2] = s;
  out[4 * i + 3] = c;
  float sf, cf;
  sincospif(static_cast<float>(x), &sf, &cf);
  outf[4 * i] = sinpif(static_cast<float>(x));
  outf[4 * i + 1] = cospif(static_cast<float>(x));
  outf[4 * i + 2] = sf;
  outf[4 * i + 3] = cf;
}

// CUDA's float overloads of its own names: how many results differ from the f-function's.
static_assert(std::is_same_v<decltype(rsqrt(1.0f)), float> && std::is_same_v<decltype(rcbrt(1.0f)), float> &&
              std::is_same_v<decltype(sinpi(1.0f)), float> && std::is_same_v<decltype(cospi(1.0f)), float> &&
              std::is_same_v<decltype(erfinv(1.0f)), float> && std::is_same_v<decltype(erfcinv(1.0f)), float> &&
              std::is_same_v<decltype(normcdf(1.0f)), float> && std::is_same_v<decltype(normcdfinv(1.0f)), float> &&
              std::is_same_v<decltype(erfcx(1.0f)), float> && std::is_same_v<decltype(exp10(1.0f)), float> &&
              std::is_same_v<decltype(j0(1.0f)), float> && std::is_same_v<decltype(yn(2, 1.0f)), float>);
__device__ unsigned bits(float v) {
  unsigned u;
  memcpy(&u, &v, 4);
  return u;
}
__global__ void float_overloads(const float* a, unsigned* differing) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kCount) return;
  const float x = a[i];
  float s1, c1, s2, c2, s3, c3, s4, c4;
  sincos(x, &s1, &c1);
  sincosf(x, &s2, &c2);
  sincospi(x, &s3, &c3);
  sincospif(x, &s4, &c4);
  const bool same = bits(rsqrt(x)) == bits(rsqrtf(x)) && bits(rcbrt(x)) == bits(rcbrtf(x)) &&
                    bits(sinpi(x)) == bits(sinpif(x)) && bits(cospi(x)) == bits(cospif(x)) &&
                    bits(erfinv(x)) == bits(erfinvf(x)) && bits(erfcinv(x)) == bits(erfcinvf(x)) &&
                    bits(normcdf(x)) == bits(normcdff(x)) && bits(normcdfinv(x)) == bits(normcdfinvf(x)) &&
                    bits(erfcx(x)) == bits(erfcxf(x)) && bits(exp10(x)) == bits(exp10f(x)) &&
                    bits(cyl_bessel_i0(x)) == bits(cyl_bessel_i0f(x)) &&
                    bits(cyl_bessel_i1(x)) == bits(cyl_bessel_i1f(x)) && bits(j0(x)) == bits(j0f(x)) &&
                    bits(y1(x)) == bits(y1f(x)) && bits(jn(3, x)) == bits(jnf(3, x)) &&
                    bits(fdividef(x, 3.0f)) == bits(x / 3.0f) &&
                    bits(s1) == bits(s2) && bits(c1) == bits(c2) && bits(s3) == bits(s4) && bits(c3) == bits(c4);
  if (!same) atomicAdd(differing, 1u);
}

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

  double* qd;
  float* qf;
  CHECK_CUDA(cudaMalloc(&qd, 4 * kQuarters * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&qf, 4 * kQuarters * sizeof(float)));
  quarters<<<1, kQuarters>>>(qd, qf);
  std::vector<double> hd(4 * kQuarters);
  std::vector<float> hf(4 * kQuarters);
  CHECK_CUDA(cudaMemcpy(hd.data(), qd, hd.size() * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hf.data(), qf, hf.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("host: sinpi, cospi, sincospi of quarters fnv 0x%016llx, the floats' fnv 0x%016llx\n",
              (unsigned long long)fnv1a(hd.data(), hd.size() * sizeof(double)),
              (unsigned long long)fnv1a(hf.data(), hf.size() * sizeof(float)));
  CHECK_CUDA(cudaFree(qd));
  CHECK_CUDA(cudaFree(qf));

  float* a;
  unsigned* differing;
  CHECK_CUDA(cudaMalloc(&a, kCount * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&differing, sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(a, fa.data(), kCount * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(differing, 0, sizeof(unsigned)));
  float_overloads<<<kCount / 256, 256>>>(a, differing);
  unsigned n = 0;
  CHECK_CUDA(cudaMemcpy(&n, differing, sizeof n, cudaMemcpyDeviceToHost));
  report("host: the float overloads give their f-functions' results", n, 0);
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(differing));
  return 0;
}
