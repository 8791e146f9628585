// CUDA's erfcinvf, normcdfinvf, erfcinv and normcdfinv in a kernel, over 2^16 arguments of each
// range (denormals, infinities and NaNs among them). The float functions bit for bit, as each
// line's 64-bit FNV-1a hash and first result: nvcc compiles them from libdevice with
// lg2.approx.f32, whose denormal arguments ptxas scales into the special-function unit's range,
// and cusim runs libdevice's sequence on its model of the unit (runtime/cusim/detail/sfu.hpp).
// The double ones bit for bit from 2^-9 to 2 - 2^-9; in the tails, where libdevice takes the
// unit's rsqrt.approx.f64 (which cusim models by its precision only), within 2^-18 of the true
// inverse (the H200's within 1 to 4 units in the last place of cusim's from 2^-333 up, within
// about 2^-20 below), and NaN outside the domain.
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-29
// (its hash lines; its "within" lines checked against the H200's results, written with a folder):
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/98_erfcinv_exact.cu && ./a.out
// EXPECT: host: erfcinvf over denormals first 0x4120513e fnv 0xa546446c12bd2af2
// EXPECT: host: normcdfinvf over denormals first 0xc161f15d fnv 0x0c555c095dbf707c
// EXPECT: host: erfcinv over denormals within 2^-18 of the inverse: ok
// EXPECT: host: normcdfinv over denormals within 2^-18 of the inverse: ok
// EXPECT: host: erfcinvf over [2^-126, 2^-9) first 0x41131ce0 fnv 0xe9f7eaf81b23a1f2
// EXPECT: host: normcdfinvf over [2^-126, 2^-9) first 0xc14f32ff fnv 0x1535680e7305f92c
// EXPECT: host: erfcinv over [2^-126, 2^-9) within 2^-18 of the inverse: ok
// EXPECT: host: normcdfinv over [2^-126, 2^-9) within 2^-18 of the inverse: ok
// EXPECT: host: erfcinvf over [2^-9, 1) first 0x400c2a98 fnv 0x1aa54eb089e36d30
// EXPECT: host: normcdfinvf over [2^-9, 1) first 0xc038ae3e fnv 0xe9618f1191766113
// EXPECT: host: erfcinv over [2^-9, 1) first 0x4001855321d8668a fnv 0xfb4d7d2a6b1f2d98
// EXPECT: host: normcdfinv over [2^-9, 1) first 0xc00715c7c1c88ccb fnv 0x541aba1965552af8
// EXPECT: host: erfcinvf over [1, 2] first 0x0 fnv 0x1cbbc7aba73ee632
// EXPECT: host: normcdfinvf over [1, 2] first 0x7f800000 fnv 0x14c076d5403f4cbc
// EXPECT: host: erfcinv over [1, 2] first 0x0 fnv 0xe16568a6cc1dd09e
// EXPECT: host: normcdfinv over [1, 2] first 0x7ff0000000000000 fnv 0x86b7f7bc823c955d
// EXPECT: host: erfcinvf over 2 and beyond, infinity and NaN first 0xff800000 fnv 0xfb034e2aa946b93c
// EXPECT: host: normcdfinvf over 2 and beyond, infinity and NaN first 0x7fffffff fnv 0x07e8a4eb15962325
// EXPECT: host: erfcinv over 2 and beyond, infinity and NaN within 2^-18 of the inverse: ok
// EXPECT: host: normcdfinv over 2 and beyond, infinity and NaN within 2^-18 of the inverse: ok
// EXPECT: host: erfcinv over [2^-1076, 2^-950) in double within 2^-18 of the inverse: ok
// EXPECT: host: normcdfinv over [2^-1076, 2^-950) in double within 2^-18 of the inverse: ok
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <tuple>
#include <vector>

#include "check.cuh"

constexpr int kCount = 1 << 16;

__global__ void inverses(const float* x, double scale, float* e, float* n, double* ed, double* nd, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) {
    e[i] = erfcinvf(x[i]);
    n[i] = normcdfinvf(x[i]);
    ed[i] = erfcinv(x[i] * scale);
    nd[i] = normcdfinv(x[i] * scale);
  }
}

// 2^16 floats whose bit patterns step evenly from `lo` to `hi`.
std::vector<float> spread(std::uint32_t lo, std::uint32_t hi) {
  std::vector<float> v(kCount);
  for (int i = 0; i < kCount; ++i) {
    const std::uint32_t bits = lo + static_cast<std::uint32_t>((static_cast<std::uint64_t>(hi - lo) * i) / (kCount - 1));
    std::memcpy(&v[i], &bits, 4);
  }
  return v;
}

const char* g_folder = nullptr;  // argv[1]: where the results are also written, one file a line
int g_line = 0;

template <class T>
void print(const char* name, const char* range, const T* device) {
  std::vector<T> r(kCount);
  CHECK_CUDA(cudaMemcpy(r.data(), device, kCount * sizeof(T), cudaMemcpyDeviceToHost));
  if (g_folder) {
    char path[512];
    std::snprintf(path, sizeof path, "%s/line%02d.bin", g_folder, g_line);
    if (FILE* f = std::fopen(path, "wb")) {
      std::fwrite(r.data(), sizeof(T), kCount, f);
      std::fclose(f);
    }
  }
  ++g_line;
  unsigned long long first = 0;
  std::memcpy(&first, r.data(), sizeof(T));
  std::printf("host: %s over %s first 0x%llx fnv 0x%016llx\n", name, range, first,
              (unsigned long long)fnv1a(r.data(), kCount * sizeof(T)));
}

// The inverse of erfc at a in [0, 2] in long double: Newton's method on log erfc from `start`.
long double inverse_erfc(double a, double start) {
  if (a == 0) return HUGE_VALL;
  if (a == 2) return -HUGE_VALL;
  long double x = std::isfinite(start) ? start : 0.0L;
  for (int k = 0; k < 6; ++k) {
    const long double e = erfcl(x);
    const long double slope = -1.1283791670955125738961589L * expl(-x * x) / e;  // d/dx log erfc(x)
    x -= (logl(e) - logl(static_cast<long double>(a))) / slope;
  }
  return x;
}

// How many double results are not within 2^-18 (relative) of the true inverse, NaN outside the
// domain (erfcinv: [0, 2]; normcdfinv(a) = -sqrt(2) erfcinv(2a): [0, 1]).
int far_from_inverse(const std::vector<double>& a, const std::vector<double>& r, bool normcdf) {
  int far = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double arg = normcdf ? 2 * a[i] : a[i];
    if (!(arg >= 0 && arg <= 2)) {
      far += !std::isnan(r[i]);
      continue;
    }
    const long double want = (normcdf ? -1.41421356237309504880L : 1.0L) *
                             inverse_erfc(arg, normcdf ? r[i] / -1.41421356237309504880 : r[i]);
    if (std::isinf(want)) far += r[i] != want;
    else far += !(std::fabs(static_cast<long double>(r[i]) - want) <= 0x1p-18L * std::fabs(want));
  }
  return far;
}

// The float functions of x and the double ones of x times `scale`: bit for bit as hashes, or, for
// the doubles where cusim does not model the unit's rsqrt.approx.f64 bit for bit (the tails below
// 2^-9: docs/FRONTEND.md), within 2^-18 of the true inverse.
void show(const char* range, const std::vector<float>& x, bool doubles_exact, double scale = 1.0) {
  float *dx, *e, *n;
  double *ed, *nd;
  CHECK_CUDA(cudaMalloc(&dx, kCount * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&e, kCount * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&n, kCount * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&ed, kCount * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&nd, kCount * sizeof(double)));
  CHECK_CUDA(cudaMemcpy(dx, x.data(), kCount * sizeof(float), cudaMemcpyHostToDevice));
  inverses<<<kCount / 256, 256>>>(dx, scale, e, n, ed, nd, kCount);
  CHECK_CUDA(cudaGetLastError());
  if (scale == 1.0) {
    print("erfcinvf", range, e);
    print("normcdfinvf", range, n);
  }
  if (doubles_exact) {
    print("erfcinv", range, ed);
    print("normcdfinv", range, nd);
  } else {
    std::vector<double> a(kCount), re(kCount), rn(kCount);
    for (int i = 0; i < kCount; ++i) a[i] = x[i] * scale;
    CHECK_CUDA(cudaMemcpy(re.data(), ed, kCount * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(rn.data(), nd, kCount * sizeof(double), cudaMemcpyDeviceToHost));
    for (const auto& [name, r, normcdf] : {std::tuple{"erfcinv", &re, false}, std::tuple{"normcdfinv", &rn, true}}) {
      char line[160];
      std::snprintf(line, sizeof line, "host: %s over %s within 2^-18 of the inverse", name, range);
      report(line, far_from_inverse(a, *r, normcdf), 0);
    }
  }
  for (void* p : {static_cast<void*>(dx), static_cast<void*>(e), static_cast<void*>(n), static_cast<void*>(ed),
                  static_cast<void*>(nd)})
    CHECK_CUDA(cudaFree(p));
}

int main(int argc, char** argv) {
  if (argc > 1) g_folder = argv[1];
  show("denormals", spread(0x00000001u, 0x007fffffu), false);
  show("[2^-126, 2^-9)", spread(0x00800000u, 0x3b000000u), false);
  show("[2^-9, 1)", spread(0x3b000000u, 0x3f7fffffu), true);
  show("[1, 2]", spread(0x3f800000u, 0x40000000u), true);
  show("2 and beyond, infinity and NaN", spread(0x40000000u, 0x7fffffffu), false);
  show("[2^-1076, 2^-950) in double", spread(0x00800000u, 0x3f800000u), false, 0x1p-950);
  return 0;
}
