// CUDA's IEEE arithmetic in an explicit rounding mode (__fadd_rz, __dmul_ru, __fmaf_rd...),
// conversions with PTX's rounding and saturation (__float2int_rn, __ull2float_rz,
// __double2float_ru...), bit casts and float min/max, with the GPU's exact results: each is applied
// to 32768 inputs (0, -0, subnormals, FLT_MAX, infinities, NaNs, ties, then pseudo-random ones)
// and the hash of its results compared with the one an H100 gave (include/intrinsics_hash.cuh).
// Recorded with
//   nvcc -arch=sm_90 -O2 -DRECORD_GOLDENS -I. -o rec 54_rounding_intrinsics.cu && ./rec
// EXPECT: f32_arithmetic: ok
// EXPECT: f32_fma: ok
// EXPECT: f32_rcp_sqrt: ok
// EXPECT: f64_arithmetic: ok
// EXPECT: f64_rcp_sqrt_fma: ok
// EXPECT: float_to_integer: ok
// EXPECT: double_to_integer: ok
// EXPECT: integer_to_float: ok
// EXPECT: double_to_float: ok
// EXPECT: bit_casts: ok
// EXPECT: float_min_max: ok
// EXPECT: spot_values: ok
#include <cfloat>
#include <climits>

#include "check.cuh"
#include "include/intrinsics_hash.cuh"

struct Inputs {
  const float *a, *b, *c;
  const double *da, *db, *dc;
  const unsigned int* ia;
  const long long* la;
};

#define ROUNDED4(OP, group, f, args) \
  OP(group, f##_rn, f##_rn args) OP(group, f##_rz, f##_rz args) OP(group, f##_ru, f##_ru args) OP(group, f##_rd, f##_rd args)

// (group, name, expression of the inputs a, b, c (float), da, db, dc (double), ia (unsigned
// int), la (long long)).
#define ROUNDING_OPS(OP)                                                                 \
  ROUNDED4(OP, f32_arithmetic, __fadd, (a, b))                                           \
  ROUNDED4(OP, f32_arithmetic, __fsub, (a, b))                                           \
  ROUNDED4(OP, f32_arithmetic, __fmul, (a, b))                                           \
  ROUNDED4(OP, f32_arithmetic, __fdiv, (a, b))                                           \
  ROUNDED4(OP, f32_fma, __fmaf, (a, b, c))                                               \
  ROUNDED4(OP, f32_fma, __fmaf_ieee, (a, b, c))                                          \
  ROUNDED4(OP, f32_rcp_sqrt, __frcp, (a))                                                \
  ROUNDED4(OP, f32_rcp_sqrt, __fsqrt, (a))                                               \
  OP(f32_rcp_sqrt, __frsqrt_rn, __frsqrt_rn(a))                                          \
  ROUNDED4(OP, f64_arithmetic, __dadd, (da, db))                                         \
  ROUNDED4(OP, f64_arithmetic, __dsub, (da, db))                                         \
  ROUNDED4(OP, f64_arithmetic, __dmul, (da, db))                                         \
  ROUNDED4(OP, f64_arithmetic, __ddiv, (da, db))                                         \
  ROUNDED4(OP, f64_rcp_sqrt_fma, __drcp, (da))                                           \
  ROUNDED4(OP, f64_rcp_sqrt_fma, __dsqrt, (da))                                          \
  ROUNDED4(OP, f64_rcp_sqrt_fma, __fma, (da, db, dc))                                    \
  ROUNDED4(OP, float_to_integer, __float2int, (a))                                       \
  ROUNDED4(OP, float_to_integer, __float2uint, (a))                                      \
  ROUNDED4(OP, float_to_integer, __float2ll, (a))                                        \
  ROUNDED4(OP, float_to_integer, __float2ull, (a))                                       \
  ROUNDED4(OP, double_to_integer, __double2int, (da))                                    \
  ROUNDED4(OP, double_to_integer, __double2uint, (da))                                   \
  ROUNDED4(OP, double_to_integer, __double2ll, (da))                                     \
  ROUNDED4(OP, double_to_integer, __double2ull, (da))                                    \
  ROUNDED4(OP, integer_to_float, __int2float, (static_cast<int>(ia)))                    \
  ROUNDED4(OP, integer_to_float, __uint2float, (ia))                                     \
  ROUNDED4(OP, integer_to_float, __ll2float, (la))                                       \
  ROUNDED4(OP, integer_to_float, __ull2float, (static_cast<unsigned long long>(la)))     \
  ROUNDED4(OP, integer_to_float, __ll2double, (la))                                      \
  ROUNDED4(OP, integer_to_float, __ull2double, (static_cast<unsigned long long>(la)))    \
  OP(integer_to_float, __int2double_rn, __int2double_rn(static_cast<int>(ia)))           \
  OP(integer_to_float, __uint2double_rn, __uint2double_rn(ia))                           \
  ROUNDED4(OP, double_to_float, __double2float, (da))                                    \
  OP(bit_casts, __float_as_int, __float_as_int(a))                                       \
  OP(bit_casts, __float_as_uint, __float_as_uint(a))                                     \
  OP(bit_casts, __int_as_float, __int_as_float(static_cast<int>(ia)))                    \
  OP(bit_casts, __uint_as_float, __uint_as_float(ia))                                    \
  OP(bit_casts, __double_as_longlong, __double_as_longlong(da))                          \
  OP(bit_casts, __longlong_as_double, __longlong_as_double(la))                          \
  OP(bit_casts, __double2hiint, __double2hiint(da))                                      \
  OP(bit_casts, __double2loint, __double2loint(da))                                      \
  OP(bit_casts, __hiloint2double, __hiloint2double(static_cast<int>(ia), static_cast<int>(la))) \
  OP(float_min_max, min_float, min(a, b))                                                \
  OP(float_min_max, max_float, max(a, b))                                                \
  OP(float_min_max, min_double, min(da, db))                                             \
  OP(float_min_max, max_double, max(da, db))                                             \
  OP(float_min_max, min_float_double, min(a, db))                                        \
  OP(float_min_max, max_double_float, max(da, b))                                        \
  OP(float_min_max, __saturatef, __saturatef(a))

enum Op {
#define ENUM_OP(group, name, expr) op_##name,
  ROUNDING_OPS(ENUM_OP)
#undef ENUM_OP
  op_count
};

__global__ void apply(int op, Inputs in, unsigned long long* out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x) {
    const float a = in.a[i], b = in.b[i], c = in.c[i];
    const double da = in.da[i], db = in.db[i], dc = in.dc[i];
    const unsigned int ia = in.ia[i];
    const long long la = in.la[i];
    unsigned long long r = 0;
    switch (op) {
#define CASE_OP(group, name, expr) \
  case op_##name: r = word(expr); break;
      ROUNDING_OPS(CASE_OP)
#undef CASE_OP
    }
    out[i] = r;
  }
}

__device__ unsigned int bits_of(float v) { return __float_as_uint(v); }

__global__ void spot_values(long long* wrong) {
  long long n = 0;
  n += __fadd_rz(FLT_MAX, FLT_MAX) != FLT_MAX;
  n += __fadd_ru(FLT_MAX, FLT_MAX) != __int_as_float(0x7f800000);
  n += __fadd_ru(1.0f, 1e-10f) != 1.0f + FLT_EPSILON;
  n += __fadd_rd(1.0f, -1e-10f) != 1.0f - FLT_EPSILON / 2;
  n += bits_of(__fsub_rd(1.0f, 1.0f)) != 0x80000000u;
  n += bits_of(__fmul_rd(-1e-30f, 1e-30f)) != 0x80000001u;
  n += __frsqrt_rn(4.0f) != 0.5f;
  n += __float2int_rn(2.5f) != 2 || __float2int_rn(-3.5f) != -4;
  n += __float2int_rn(__int_as_float(0x7fc00000)) != 0;
  n += __float2int_rz(3e9f) != INT_MAX || __float2int_rd(-3e9f) != INT_MIN;
  n += __float2uint_rd(-0.5f) != 0u;
  n += __double2float_rz(1e300) != FLT_MAX;
  n += __ull2float_rz(0xffffffffffffffffull) != __int_as_float(0x5f7fffff);
  n += __double2hiint(1.0) != 0x3ff00000 || __double2loint(1.0) != 0;
  *wrong = n;
}

// Recorded on an NVIDIA H100 (sm_90), CUDA 13.0.
const Golden kGoldens[] = {
    {"__fadd_rn", 0xd95a016f21fda7fdull},
    {"__fadd_rz", 0x5b6c995320a34526ull},
    {"__fadd_ru", 0xa4c286fd63556090ull},
    {"__fadd_rd", 0x8947e71744beb2beull},
    {"__fsub_rn", 0xcd184381a70df52bull},
    {"__fsub_rz", 0x317145dd59af0535ull},
    {"__fsub_ru", 0xb98ff3a68263fb37ull},
    {"__fsub_rd", 0xf8487b7d1ab7792dull},
    {"__fmul_rn", 0x8b52b61841137838ull},
    {"__fmul_rz", 0x093fdd01cf5a0650ull},
    {"__fmul_ru", 0xda108c778b745f10ull},
    {"__fmul_rd", 0x926a837c02bc6d4dull},
    {"__fdiv_rn", 0xbec20a14c7141eeeull},
    {"__fdiv_rz", 0x075f1baec19fb074ull},
    {"__fdiv_ru", 0x4c63d53c1cc37614ull},
    {"__fdiv_rd", 0x833e254ae5699daaull},
    {"__fmaf_rn", 0xf3fb4f353de5a24eull},
    {"__fmaf_rz", 0x9cf2ef5c3e0bc8ecull},
    {"__fmaf_ru", 0xab4af4c3ead8328dull},
    {"__fmaf_rd", 0xa76936885b50c416ull},
    {"__fmaf_ieee_rn", 0xf3fb4f353de5a24eull},
    {"__fmaf_ieee_rz", 0x9cf2ef5c3e0bc8ecull},
    {"__fmaf_ieee_ru", 0xab4af4c3ead8328dull},
    {"__fmaf_ieee_rd", 0xa76936885b50c416ull},
    {"__frcp_rn", 0xa972e4df25aff1b9ull},
    {"__frcp_rz", 0x79b9e0827de19e87ull},
    {"__frcp_ru", 0xe945723b6816146eull},
    {"__frcp_rd", 0x1cd5c6c9b2bd9d74ull},
    {"__fsqrt_rn", 0x9620480ff7ed973bull},
    {"__fsqrt_rz", 0xc1dd941926a23c9bull},
    {"__fsqrt_ru", 0xe59a5647ec474cefull},
    {"__fsqrt_rd", 0xc1dd941926a23c9bull},
    {"__frsqrt_rn", 0xb95b15201be49314ull},
    {"__dadd_rn", 0x804b9c36715b07d5ull},
    {"__dadd_rz", 0xa26f916a87028161ull},
    {"__dadd_ru", 0x9ac443d9ca8ea50aull},
    {"__dadd_rd", 0x389909eb92d68d60ull},
    {"__dsub_rn", 0x59be09628d3911ecull},
    {"__dsub_rz", 0xc8b06ef225e99015ull},
    {"__dsub_ru", 0x0d3934712826fe38ull},
    {"__dsub_rd", 0xd67f142fa3e12841ull},
    {"__dmul_rn", 0xecb745a701e41ef1ull},
    {"__dmul_rz", 0x2ac7269e5896e766ull},
    {"__dmul_ru", 0xb160c5ea20b63bf5ull},
    {"__dmul_rd", 0x9433c30d7d9dab09ull},
    {"__ddiv_rn", 0xaf181b1e675abec2ull},
    {"__ddiv_rz", 0x4f4adc1785d7de9cull},
    {"__ddiv_ru", 0xfd2189d677718467ull},
    {"__ddiv_rd", 0x83a6bced725610beull},
    {"__drcp_rn", 0x6742416ef238c10aull},
    {"__drcp_rz", 0x26bdbcc0187a6799ull},
    {"__drcp_ru", 0xf2a90a3d37ecd763ull},
    {"__drcp_rd", 0x9b942ecce297c30bull},
    {"__dsqrt_rn", 0x7285214cc9b55b01ull},
    {"__dsqrt_rz", 0xe759c58f290906b3ull},
    {"__dsqrt_ru", 0x983ec1ece62c8d0dull},
    {"__dsqrt_rd", 0xe759c58f290906b3ull},
    {"__fma_rn", 0xdf814853dfd84c96ull},
    {"__fma_rz", 0x4d5bbb14c6d05e99ull},
    {"__fma_ru", 0x0efbe1c21693c4a9ull},
    {"__fma_rd", 0xa74edf316f646f73ull},
    {"__float2int_rn", 0x7422b84e5f9a89eeull},
    {"__float2int_rz", 0xfc511260d9b78d8aull},
    {"__float2int_ru", 0x23e5578833dfb145ull},
    {"__float2int_rd", 0x89d4cc07642fcb88ull},
    {"__float2uint_rn", 0x4046a71bfdd35590ull},
    {"__float2uint_rz", 0xf16a360968e805e7ull},
    {"__float2uint_ru", 0xb46ba3c048d30078ull},
    {"__float2uint_rd", 0xf16a360968e805e7ull},
    {"__float2ll_rn", 0x77c5b6a33e18d373ull},
    {"__float2ll_rz", 0xce76bf1378f9d81bull},
    {"__float2ll_ru", 0xff42a1cb288775dcull},
    {"__float2ll_rd", 0x9125f4e6ea645425ull},
    {"__float2ull_rn", 0x83aa6f2242964550ull},
    {"__float2ull_rz", 0x2c4eb1639d5b2e23ull},
    {"__float2ull_ru", 0x9bda410baa50477cull},
    {"__float2ull_rd", 0x2c4eb1639d5b2e23ull},
    {"__double2int_rn", 0x207d3ab2274938cfull},
    {"__double2int_rz", 0x3e8796d17aa998c3ull},
    {"__double2int_ru", 0x01270e7b19785f1dull},
    {"__double2int_rd", 0x088b5cd54b576dbbull},
    {"__double2uint_rn", 0xbaa2e873688b37c5ull},
    {"__double2uint_rz", 0x06ae0a9ddb8b8701ull},
    {"__double2uint_ru", 0x341b78157d05455eull},
    {"__double2uint_rd", 0x06ae0a9ddb8b8701ull},
    {"__double2ll_rn", 0x1628ecb0a81d0444ull},
    {"__double2ll_rz", 0x3570297b8585d0aeull},
    {"__double2ll_ru", 0x5059ff04f24aada1ull},
    {"__double2ll_rd", 0x20c2c5fc996d81fbull},
    {"__double2ull_rn", 0xfa2e07673cb362a9ull},
    {"__double2ull_rz", 0xfbb20bd16e5324f0ull},
    {"__double2ull_ru", 0x2fd3d37138f7f32bull},
    {"__double2ull_rd", 0xfbb20bd16e5324f0ull},
    {"__int2float_rn", 0x0ca3a3b1629f7dabull},
    {"__int2float_rz", 0xa5cebc3c35cadaecull},
    {"__int2float_ru", 0xaed8e6329964902full},
    {"__int2float_rd", 0xb01f923c5ee6216aull},
    {"__uint2float_rn", 0x77050a6cfbefdc6aull},
    {"__uint2float_rz", 0x83ca7e3b94c20ef3ull},
    {"__uint2float_ru", 0xb8f2389d7c4ba9c5ull},
    {"__uint2float_rd", 0x83ca7e3b94c20ef3ull},
    {"__ll2float_rn", 0x155cd8caa470d53full},
    {"__ll2float_rz", 0x2671f969c9f3efe3ull},
    {"__ll2float_ru", 0x5a5b87bd0eeed8b8ull},
    {"__ll2float_rd", 0x9563f66854b14890ull},
    {"__ull2float_rn", 0x68cf5b14a762e9aaull},
    {"__ull2float_rz", 0xe0698de41ccc8a70ull},
    {"__ull2float_ru", 0x1b4f88942b6cb703ull},
    {"__ull2float_rd", 0xe0698de41ccc8a70ull},
    {"__ll2double_rn", 0x301cdfdcc9d9dd7full},
    {"__ll2double_rz", 0xe44bfb2b888520bdull},
    {"__ll2double_ru", 0xbc10fc137a909502ull},
    {"__ll2double_rd", 0x4a08873e0ba335dcull},
    {"__ull2double_rn", 0xa7f8b7f30d532c7cull},
    {"__ull2double_rz", 0x773d203cd0ac1264ull},
    {"__ull2double_ru", 0xbefb2959529d13b8ull},
    {"__ull2double_rd", 0x773d203cd0ac1264ull},
    {"__int2double_rn", 0x7272a84cc951409dull},
    {"__uint2double_rn", 0xf89bac388c2ea085ull},
    {"__double2float_rn", 0x52a313a50aeb4ebbull},
    {"__double2float_rz", 0x7087576990fac434ull},
    {"__double2float_ru", 0xf5dfc76c5dc4a512ull},
    {"__double2float_rd", 0xfdb0d86b0dd6c69full},
    {"__float_as_int", 0xec815db037abf15cull},
    {"__float_as_uint", 0xec815db037abf15cull},
    {"__int_as_float", 0x4ebc1aa12788ddeeull},
    {"__uint_as_float", 0x4ebc1aa12788ddeeull},
    {"__double_as_longlong", 0x16705a1a0670d414ull},
    {"__longlong_as_double", 0x9b0ab422c11829dbull},
    {"__double2hiint", 0x738ccc78510742f0ull},
    {"__double2loint", 0x0a8716bf5adedd81ull},
    {"__hiloint2double", 0xb00f08e48c24d898ull},
    {"min_float", 0x97d19428ce7a3ffeull},
    {"max_float", 0x6678d437f4ae29e8ull},
    {"min_double", 0x9470a850ea4caf7aull},
    {"max_double", 0x613ec8c9d04d2631ull},
    {"min_float_double", 0xf1d65c895606f332ull},
    {"max_double_float", 0x9010db3c20b2fde4ull},
    {"__saturatef", 0xeeeeda5e69e811c0ull},
};

float float_of(unsigned int u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
unsigned int uint_of(float f) {
  unsigned int u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
double double_of(unsigned long long u) {
  double d;
  std::memcpy(&d, &u, sizeof d);
  return d;
}

// Pseudo-random floats of several kinds: any bits, values near 1 (rounding within a binade),
// subnormals, halves (ties for conversions), values around the integer types' limits.
float random_float(unsigned long long r) {
  const unsigned int sign = static_cast<unsigned int>(r >> 63) << 31, mant = static_cast<unsigned int>(r >> 20) & 0x7fffffu;
  switch (r & 7) {
    case 0: case 1: return float_of(static_cast<unsigned int>(r >> 16));
    case 2: case 3: case 4: return float_of(sign | ((127u + static_cast<unsigned int>((r >> 8) % 33) - 16u) << 23) | mant);
    case 5: return float_of(sign | (static_cast<unsigned int>((r >> 8) % 40) << 23) | mant);
    case 6: return (static_cast<int>((r >> 8) % 2001) - 1000) * 0.5f;
    default: return float_of(sign | ((127u + 28u + static_cast<unsigned int>((r >> 8) % 40)) << 23) | mant);
  }
}
double random_double(unsigned long long r, unsigned long long s) {
  const unsigned long long sign = (r >> 63) << 63, mant = s & 0xfffffffffffffull;
  switch (r & 7) {
    case 0: case 1: return double_of(s);
    case 2: case 3: return double_of(sign | ((1023ull + (r >> 8) % 33 - 16) << 52) | mant);
    case 4: return double_of(sign | (((r >> 8) % 60) << 52) | mant);
    case 5: return double_of(sign | ((1023ull - 160 + (r >> 8) % 320) << 52) | mant);  // float's range
    case 6: return (static_cast<long long>((r >> 8) % 2001) - 1000) * 0.5;
    default: return double_of(sign | ((1023ull + 28 + (r >> 8) % 40) << 52) | mant);
  }
}

int main() {
  const unsigned int special[] = {
      0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u,
      0x40600000u, 0x00800000u, 0x00000001u, 0x007fffffu, 0x80000001u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
      0xff800000u, 0x7fc00000u, 0x7f800001u, 0xffc00001u, 0x4f000000u, 0xcf000000u, 0x4f800000u, 0x5f000000u,
      0x5f800000u, 0x4effffffu, 0x3f800001u, 0x3effffffu, 0x34000000u, 0x4b800001u};
  constexpr int kS = sizeof special / sizeof special[0];
  float *a, *b, *c;
  double *da, *db, *dc;
  unsigned int* ia;
  long long* la;
  unsigned long long* out;
  CHECK_CUDA(cudaMallocManaged(&a, kN * sizeof *a));
  CHECK_CUDA(cudaMallocManaged(&b, kN * sizeof *b));
  CHECK_CUDA(cudaMallocManaged(&c, kN * sizeof *c));
  CHECK_CUDA(cudaMallocManaged(&da, kN * sizeof *da));
  CHECK_CUDA(cudaMallocManaged(&db, kN * sizeof *db));
  CHECK_CUDA(cudaMallocManaged(&dc, kN * sizeof *dc));
  CHECK_CUDA(cudaMallocManaged(&ia, kN * sizeof *ia));
  CHECK_CUDA(cudaMallocManaged(&la, kN * sizeof *la));
  CHECK_CUDA(cudaMallocManaged(&out, kN * sizeof *out));
  const long long special_ll[] = {0, 1, -1, 16777217, -16777217, 9007199254740993LL, LLONG_MIN, LLONG_MAX,
                                  INT_MIN, INT_MAX, 0x7fffff8000000000LL, 0x7fffffc000000001LL};
  constexpr int kL = sizeof special_ll / sizeof special_ll[0];
  for (int i = 0; i < kN; ++i) {
    const unsigned long long r1 = mix64(i), r2 = mix64(i + (1ull << 40)), r3 = mix64(i + (2ull << 40)),
                             r4 = mix64(i + (3ull << 40)), r5 = mix64(i + (4ull << 40));
    if (i < kS * kS) {  // every pair of special values
      a[i] = float_of(special[i / kS]);
      b[i] = float_of(special[i % kS]);
      c[i] = float_of(special[(i * 7) % kS]);
      da[i] = a[i];
      db[i] = b[i];
      dc[i] = c[i];
      if (i % 5 == 1) da[i] = da[i] * 1.0000000001;  // (double operands between floats)
    } else {
      a[i] = random_float(r1);
      // a quarter of the b's close to -a (cancellation)
      b[i] = (r2 & 3) == 0 ? float_of((uint_of(a[i]) + static_cast<unsigned int>((r2 >> 40) % 200) - 100u) ^ 0x80000000u)
                           : random_float(r2);
      c[i] = (r3 & 3) == 0 ? -a[i] * b[i] : random_float(r3);
      da[i] = random_double(r1, r4);
      db[i] = (r2 & 3) == 0 ? -da[i] * (1.0 + static_cast<double>(static_cast<long long>(r2 >> 44) - 0x80000) * 0x1p-45) : random_double(r2, r5);
      dc[i] = (r3 & 3) == 0 ? -da[i] * db[i] : random_double(r3, r5 ^ r4);
    }
    la[i] = i < kL ? special_ll[i] : static_cast<long long>(r4 >> ((r5 & 1) ? (r5 >> 1) % 64 : 0));
    ia[i] = i < kL ? static_cast<unsigned int>(special_ll[i]) : static_cast<unsigned int>(r5 >> 32) >> ((r5 >> 8) & 1 ? (r5 >> 9) % 32 : 0);
  }
  const Inputs in{a, b, c, da, db, dc, ia, la};
  const char* names[] = {
#define NAME_OP(group, name, expr) #name,
      ROUNDING_OPS(NAME_OP)
#undef NAME_OP
  };
  const char* groups[] = {
#define GROUP_OP(group, name, expr) #group,
      ROUNDING_OPS(GROUP_OP)
#undef GROUP_OP
  };
  check_groups(op_count, names, groups, out, kGoldens, sizeof kGoldens / sizeof kGoldens[0], [&](int op) {
    apply<<<16, 128>>>(op, in, out);
    CHECK_CUDA(cudaDeviceSynchronize());
  });
  long long* spots;
  CHECK_CUDA(cudaMallocManaged(&spots, sizeof *spots));
  spot_values<<<1, 1>>>(spots);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("spot_values", *spots, 0);
  return 0;
}
