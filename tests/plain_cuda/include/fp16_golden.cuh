// Shared by the corpus programs 51_half.cu and 52_bfloat16.cu: deterministic input sets, kernels
// that run one function over a whole set, and the check of each function's results against a
// 64-bit hash recorded on an H100 (FNV-1a over the results' bytes, element by element in the
// order of the set; NaN payloads are kept, as the GPU's are deterministic).
//
// A program that includes it includes check.cuh first, and defines, before including it:
//   FP_T, FP_T2                  the scalar and the pair type (__half, __half2...)
//   FP_FROM_BITS(u), FP_BITS(h)  from and to the raw 16 bits (unsigned short)
//   UNARY_OPS(X), FLOAT_OPS(X), INT_OPS(X), BINARY_OPS(X), TERNARY_OPS(X): X(expression) for each
//   function, over the variables the set gives (below); each expression's name is its text.
// Run with a folder as argument, it writes each function's results there (one file per set) and
// prints the hashes as the golden table's lines; without, it checks them against kGolden.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace fpg {

inline unsigned long long fnv1a(const unsigned char* p, std::size_t n) {
  unsigned long long h = 1469598103934665603ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

// xorshift64: the same sequence on every compiler.
struct Rng {
  unsigned long long s;
  unsigned long long next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
  unsigned next32() { return static_cast<unsigned>(next() >> 32); }
};

inline float bits_float(unsigned u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline double bits_double(unsigned long long u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}
inline unsigned long long double_bits(double d) {
  unsigned long long u;
  std::memcpy(&u, &d, 8);
  return u;
}

// Interesting 16-bit patterns of both formats: zeros, ones, the largest and smallest values,
// subnormals, infinities and NaNs (the binary sets pair each of them with each).
const unsigned short kSpecial16[32] = {
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400,
    0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe00, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x0080, 0x007f,
    0x7f80, 0xff80, 0x7fc0, 0x7f81, 0xffc0, 0x3800, 0x4000, 0x3555, 0x4900, 0xc900};

constexpr int kUnary = 65536;     // every 16-bit pattern
constexpr int kFloats = 131072;   // floats and doubles for the conversions to 16 bits
constexpr int kInts = 65536;      // integers for the conversions from integers
constexpr int kPairs = 263168;    // 32 x 32 special pairs, then 262144 chosen pairs
constexpr int kTriples = 132096;  // 32 x 32 specials against 1, then 131072 chosen triples

// A float near the values a 16-bit format can hold: exponent around [-26, 33] for half's range
// and its overflow, all exponents for bfloat16, with the low bits that make ties and near-ties of
// both formats' roundings.
inline unsigned float_pattern(Rng& r, int k) {
  const unsigned x = r.next32();
  unsigned sign = x & 0x80000000u;
  unsigned exp;
  switch (k & 3) {
    case 0: exp = 127 - 27 + (x >> 8) % 62; break;  // half's subnormals to overflow
    case 1: exp = (x >> 8) % 256; break;            // any exponent
    case 2: exp = 127 - 15 + (x >> 8) % 32; break;  // half's normals
    default: exp = 127 - 26 + (x >> 8) % 12; break; // half's subnormals
  }
  unsigned mant = r.next32() & 0x7fffff;
  switch ((k >> 2) & 7) {
    case 0: mant = (mant & ~0x1fffu) | 0x1000u; break;  // half tie
    case 1: mant = (mant & ~0x1fffu) | 0x0fffu; break;  // just below
    case 2: mant = (mant & ~0x1fffu) | 0x1001u; break;  // just above
    case 3: mant = (mant & ~0xffffu) | 0x8000u; break;  // bfloat16 tie
    case 4: mant = (mant & ~0xffffu) | 0x7fffu; break;
    case 5: mant = (mant & ~0xffffu) | 0x8001u; break;
    case 6: mant &= ~0x1fffu; break;                     // exact in half
    default: break;                                      // anything
  }
  return sign | (exp << 23) | mant;
}

struct Inputs {
  std::vector<unsigned short> unary, unary_partner;
  std::vector<float> floats, floats_partner;
  std::vector<double> doubles;
  std::vector<unsigned long long> ints;
  std::vector<unsigned short> pa, pb, pa2, pb2;                 // pairs, and second lanes
  std::vector<unsigned short> ta, tb, tc, ta2, tb2, tc2;       // triples, and second lanes
};

// `round_product(a, b)` rounds a*b to the format (for triples whose c cancels it).
template <class RoundProduct>
Inputs make_inputs(RoundProduct round_product) {
  Inputs in;
  Rng r{0x9e3779b97f4a7c15ull};
  for (int i = 0; i < kUnary; ++i) {
    in.unary.push_back(static_cast<unsigned short>(i));
    in.unary_partner.push_back(static_cast<unsigned short>((i * 40503u + 12345u) & 0xffffu));
  }
  for (int i = 0; i < kFloats; ++i) {
    const unsigned u = i < 64 ? (i < 32 ? (static_cast<unsigned>(kSpecial16[i]) << 16)
                                        : (static_cast<unsigned>(kSpecial16[i - 32]) << 13) ^ 0x38000000u)
                              : float_pattern(r, i);
    in.floats.push_back(bits_float(u));
    // A double near it: exactly it, or a double ulp above or below (ties of float are not ties of
    // the double), or a random low half.
    unsigned long long d = double_bits(static_cast<double>(bits_float(u)));
    const unsigned long long low = r.next();
    if ((u & 0x7f800000u) != 0x7f800000u) {
      switch (i % 4) {
        case 0: break;
        case 1: d += 1; break;
        case 2: d -= (d & 0x7fffffffffffffffull) ? 1 : 0; break;
        default: d ^= low & 0x1fffffffull; break;
      }
    }
    in.doubles.push_back(bits_double(d));
  }
  for (int i = 0; i < kFloats; ++i) in.floats_partner.push_back(in.floats[(i * 7u + 1u) % kFloats]);
  for (int i = 0; i < kInts; ++i) {
    const unsigned long long v = r.next();
    const int shift = i % 64;
    in.ints.push_back(static_cast<unsigned long long>(static_cast<long long>(v) >> shift) ^
                      ((i & 64) ? (v & 0xffull) : 0));
  }
  auto pattern16 = [&r](int k) -> unsigned short {
    const unsigned x = r.next32();
    switch (k & 3) {
      case 0: return static_cast<unsigned short>(x);                                // anything
      case 1: return static_cast<unsigned short>((x & 0x83ff) | (((x >> 16) % 12 + 10) << 10));  // half 2^-5..2^6
      case 2: return static_cast<unsigned short>((x & 0x807f) | (((x >> 16) % 24 + 115) << 7));  // bf16 2^-12..2^11
      default: return static_cast<unsigned short>((x & 0x83ff) | (((x >> 16) % 6) << 10));      // half small
    }
  };
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      in.pa.push_back(kSpecial16[i]);
      in.pb.push_back(kSpecial16[j]);
    }
  while (static_cast<int>(in.pa.size()) < kPairs) {
    const int k = static_cast<int>(in.pa.size());
    const unsigned short a = pattern16(k);
    unsigned short b = pattern16(k >> 2);
    const unsigned x = r.next32();
    if ((k & 12) == 4) b = static_cast<unsigned short>(a ^ (x & 0x3f) ^ (x & 0x8000));  // near +-a: cancellation
    if ((k & 12) == 8) b = static_cast<unsigned short>((a & 0xfc00) ^ (x & 0x83ff));    // same exponent
    in.pa.push_back(a);
    in.pb.push_back(b);
  }
  for (int i = 0; i < kPairs; ++i) {
    in.pa2.push_back(in.pa[(i + 1) % kPairs]);
    in.pb2.push_back(in.pb[(i + 1) % kPairs]);
  }
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 32; ++j) {
      in.ta.push_back(kSpecial16[i]);
      in.tb.push_back(0x3c00);  // half's 1 (bfloat16's 1.0078125)
      in.tc.push_back(kSpecial16[j]);
    }
  while (static_cast<int>(in.ta.size()) < kTriples) {
    const int k = static_cast<int>(in.ta.size());
    const unsigned short a = pattern16(k), b = pattern16(k >> 2);
    unsigned short c = pattern16(k >> 4);
    const unsigned x = r.next32();
    if ((k & 0x30) == 0x10) c = static_cast<unsigned short>(round_product(a, b) ^ 0x8000 ^ (x & 3));  // cancels a*b
    in.ta.push_back(a);
    in.tb.push_back(b);
    in.tc.push_back(c);
  }
  for (int i = 0; i < kTriples; ++i) {
    in.ta2.push_back(in.ta[(i + 3) % kTriples]);
    in.tb2.push_back(in.tb[(i + 3) % kTriples]);
    in.tc2.push_back(in.tc[(i + 3) % kTriples]);
  }
  return in;
}

// The GPU's hash; for the few functions whose results the simulator only approximates (the
// hardware's tanh.approx: docs/RUNTIME.md), also the simulator's, which it is held to instead.
struct Golden {
  const char* name;
  unsigned long long hash;
  unsigned long long simulator_hash = 0;
};

template <class T>
T* to_device(const std::vector<T>& v) {
  T* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, v.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

// Checks (or records) the results of one set's functions.
struct Checker {
  const Golden* golden;
  int golden_count;
  const char* dump_dir;  // recording: where the results go; else null
  int wrong = 0;

  unsigned long long want(const std::string& name) const {
    for (int i = 0; i < golden_count; ++i)
      if (name == golden[i].name) {
#if !defined(__NVCC__)
        if (golden[i].simulator_hash != 0) return golden[i].simulator_hash;
#endif
        return golden[i].hash;
      }
    return 0;
  }
  // `out` holds n results of `size` bytes each.
  void check(const char* set, const char* name, const unsigned char* out, int n, int size) {
    const unsigned long long h = fnv1a(out, static_cast<std::size_t>(n) * size);
    if (dump_dir) {
      std::printf("    {\"%s\", 0x%016llxull},\n", name, h);
      // Pairs are not written: their lanes are the scalar functions' results.
      if (std::strstr(name, "a2") || std::strstr(name, "b2") || std::strstr(name, "fp")) return;
      const std::string path = std::string(dump_dir) + "/" + set + ".bin";
      if (FILE* f = std::fopen(path.c_str(), "ab")) {
        const unsigned head[3] = {static_cast<unsigned>(std::strlen(name)), static_cast<unsigned>(n),
                                  static_cast<unsigned>(size)};
        std::fwrite(head, sizeof head, 1, f);
        std::fwrite(name, head[0], 1, f);
        std::fwrite(out, static_cast<std::size_t>(n) * size, 1, f);
        std::fclose(f);
      }
      return;
    }
    const unsigned long long w = want(name);
    if (h != w) {
      ++wrong;
      std::printf("mismatch: %s (hash 0x%016llx, GPU 0x%016llx)\n", name, h, w);
    }
  }
};

}  // namespace fpg

#if !defined(FPG_HOST_ONLY)
// Stores a result at element i as its bits (the 16-bit types through FP_BITS, a pair's low lane
// first), so that every result has the same bytes on every compiler.
__device__ inline void fpg_put(unsigned char* out, int i, FP_T v) { reinterpret_cast<unsigned short*>(out)[i] = FP_BITS(v); }
__device__ inline void fpg_put(unsigned char* out, int i, FP_T2 v) {
  reinterpret_cast<unsigned*>(out)[i] = FP_BITS(v.x) | (static_cast<unsigned>(FP_BITS(v.y)) << 16);
}
__device__ inline void fpg_put(unsigned char* out, int i, bool v) { out[i] = v ? 1 : 0; }
__device__ inline unsigned fpg_float_bits(float v) {
  unsigned u;
  memcpy(&u, &v, 4);
  return u;
}
__device__ inline void fpg_put(unsigned char* out, int i, float v) { reinterpret_cast<unsigned*>(out)[i] = fpg_float_bits(v); }
__device__ inline void fpg_put(unsigned char* out, int i, float2 v) {
  reinterpret_cast<unsigned*>(out)[2 * i] = fpg_float_bits(v.x);
  reinterpret_cast<unsigned*>(out)[2 * i + 1] = fpg_float_bits(v.y);
}
template <class I>
__device__ void fpg_put(unsigned char* out, int i, I v) {
  static_assert(std::is_integral<I>::value, "an integer result");
  reinterpret_cast<I*>(out)[i] = v;
}

// ---- the kernels: one function (op, the index of its X entry) over a whole set ---------------
#define FPG_OP(e)                                  \
  if (op == k++) {                                 \
    for (; i < n; i += stride) {                   \
      FPG_LOAD                                     \
      const auto r = (e);                          \
      fpg_put(out, i, r);                          \
      if (i == 0) *size = static_cast<int>(sizeof r); \
    }                                              \
    return;                                        \
  }

#define FPG_LOAD                                                                   \
  const unsigned short ua = in0[i];                                                \
  const FP_T a = FP_FROM_BITS(ua);                                                 \
  const FP_T2 a2 = FP_T2(a, FP_FROM_BITS(in1[i]));                                 \
  (void)a2;
__global__ void fpg_unary(int op, const unsigned short* in0, const unsigned short* in1, unsigned char* out,
                          int* size, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, k = 0;
  const int stride = blockDim.x * gridDim.x;
  UNARY_OPS(FPG_OP)
}
#undef FPG_LOAD

#define FPG_LOAD               \
  const float f = inf[i];      \
  const float fp = infp[i];    \
  const double d = ind[i];     \
  (void)f; (void)fp; (void)d;
__global__ void fpg_float(int op, const float* inf, const float* infp, const double* ind, unsigned char* out,
                          int* size, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, k = 0;
  const int stride = blockDim.x * gridDim.x;
  FLOAT_OPS(FPG_OP)
}
#undef FPG_LOAD

#define FPG_LOAD const unsigned long long v = inv[i];
__global__ void fpg_int(int op, const unsigned long long* inv, unsigned char* out, int* size, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, k = 0;
  const int stride = blockDim.x * gridDim.x;
  INT_OPS(FPG_OP)
}
#undef FPG_LOAD

#define FPG_LOAD                                            \
  const FP_T a = FP_FROM_BITS(ina[i]);                      \
  const FP_T b = FP_FROM_BITS(inb[i]);                      \
  const FP_T2 a2 = FP_T2(a, FP_FROM_BITS(ina2[i]));         \
  const FP_T2 b2 = FP_T2(b, FP_FROM_BITS(inb2[i]));         \
  (void)a2; (void)b2;
__global__ void fpg_binary(int op, const unsigned short* ina, const unsigned short* inb, const unsigned short* ina2,
                           const unsigned short* inb2, unsigned char* out, int* size, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, k = 0;
  const int stride = blockDim.x * gridDim.x;
  BINARY_OPS(FPG_OP)
}
#undef FPG_LOAD

#define FPG_LOAD                                            \
  const FP_T a = FP_FROM_BITS(ina[i]);                      \
  const FP_T b = FP_FROM_BITS(inb[i]);                      \
  const FP_T c = FP_FROM_BITS(inc[i]);                      \
  const FP_T2 a2 = FP_T2(a, FP_FROM_BITS(ina2[i]));         \
  const FP_T2 b2 = FP_T2(b, FP_FROM_BITS(inb2[i]));         \
  const FP_T2 c2 = FP_T2(c, FP_FROM_BITS(inc2[i]));         \
  (void)a2; (void)b2; (void)c2;
__global__ void fpg_ternary(int op, const unsigned short* ina, const unsigned short* inb, const unsigned short* inc,
                            const unsigned short* ina2, const unsigned short* inb2, const unsigned short* inc2,
                            unsigned char* out, int* size, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, k = 0;
  const int stride = blockDim.x * gridDim.x;
  TERNARY_OPS(FPG_OP)
}
#undef FPG_LOAD
#undef FPG_OP
#endif  // !FPG_HOST_ONLY

#define FPG_NAME(e) #e,
namespace fpg {
const char* const kUnaryNames[] = {UNARY_OPS(FPG_NAME)};
const char* const kFloatNames[] = {FLOAT_OPS(FPG_NAME)};
const char* const kIntNames[] = {INT_OPS(FPG_NAME)};
const char* const kBinaryNames[] = {BINARY_OPS(FPG_NAME)};
const char* const kTernaryNames[] = {TERNARY_OPS(FPG_NAME)};
}  // namespace fpg
#undef FPG_NAME

#if !defined(FPG_HOST_ONLY)
namespace fpg {
constexpr int kGrid = 1024, kBlock = 256;

// Runs every function of every set; prints one line per set ("<prefix>_<set>: ok").
template <class RoundProduct>
void run_all(const char* prefix, const Golden* golden, int golden_count, const char* dump_dir,
             RoundProduct round_product) {
  const Inputs in = make_inputs(round_product);
  unsigned char* out;
  int* size;
  CHECK_CUDA(cudaMalloc(&out, static_cast<std::size_t>(kPairs) * 8));
  CHECK_CUDA(cudaMalloc(&size, sizeof(int)));
  std::vector<unsigned char> host(static_cast<std::size_t>(kPairs) * 8);
  Checker checker{golden, golden_count, dump_dir};
  auto finish = [&](const char* set, const char* name, int n) {
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    int s = 0;
    CHECK_CUDA(cudaMemcpy(&s, size, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(host.data(), out, static_cast<std::size_t>(n) * s, cudaMemcpyDeviceToHost));
    checker.check(set, name, host.data(), n, s);
  };
  auto group = [&](const char* set) {
    const std::string line = std::string(prefix) + "_" + set;
    if (!dump_dir) report(line.c_str(), checker.wrong, 0);
    checker.wrong = 0;
  };
  {
    unsigned short* u0 = to_device(in.unary);
    unsigned short* u1 = to_device(in.unary_partner);
    for (int op = 0; op < static_cast<int>(sizeof kUnaryNames / sizeof *kUnaryNames); ++op) {
      fpg_unary<<<kGrid, kBlock>>>(op, u0, u1, out, size, kUnary);
      finish("unary", kUnaryNames[op], kUnary);
    }
    group("unary");
    cudaFree(u0);
    cudaFree(u1);
  }
  {
    float* f = to_device(in.floats);
    float* fp = to_device(in.floats_partner);
    double* d = to_device(in.doubles);
    for (int op = 0; op < static_cast<int>(sizeof kFloatNames / sizeof *kFloatNames); ++op) {
      fpg_float<<<kGrid, kBlock>>>(op, f, fp, d, out, size, kFloats);
      finish("from_float", kFloatNames[op], kFloats);
    }
    group("from_float");
    cudaFree(f);
    cudaFree(fp);
    cudaFree(d);
  }
  {
    unsigned long long* v = to_device(in.ints);
    for (int op = 0; op < static_cast<int>(sizeof kIntNames / sizeof *kIntNames); ++op) {
      fpg_int<<<kGrid, kBlock>>>(op, v, out, size, kInts);
      finish("from_int", kIntNames[op], kInts);
    }
    group("from_int");
    cudaFree(v);
  }
  {
    unsigned short *a = to_device(in.pa), *b = to_device(in.pb), *a2 = to_device(in.pa2), *b2 = to_device(in.pb2);
    for (int op = 0; op < static_cast<int>(sizeof kBinaryNames / sizeof *kBinaryNames); ++op) {
      fpg_binary<<<kGrid, kBlock>>>(op, a, b, a2, b2, out, size, kPairs);
      finish("binary", kBinaryNames[op], kPairs);
    }
    group("binary");
    cudaFree(a);
    cudaFree(b);
    cudaFree(a2);
    cudaFree(b2);
  }
  {
    unsigned short *a = to_device(in.ta), *b = to_device(in.tb), *c = to_device(in.tc);
    unsigned short *a2 = to_device(in.ta2), *b2 = to_device(in.tb2), *c2 = to_device(in.tc2);
    for (int op = 0; op < static_cast<int>(sizeof kTernaryNames / sizeof *kTernaryNames); ++op) {
      fpg_ternary<<<kGrid, kBlock>>>(op, a, b, c, a2, b2, c2, out, size, kTriples);
      finish("ternary", kTernaryNames[op], kTriples);
    }
    group("ternary");
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(a2);
    cudaFree(b2);
    cudaFree(c2);
  }
  cudaFree(out);
  cudaFree(size);
}
}  // namespace fpg
#endif  // !FPG_HOST_ONLY
