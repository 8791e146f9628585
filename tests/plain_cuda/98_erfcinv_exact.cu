// CUDA's erfcinvf, normcdfinvf, erfcinv and normcdfinv in a kernel, over 2^16 arguments of each
// range (denormals, infinities and NaNs among them), bit for bit, as each line's 64-bit FNV-1a hash
// and first result: nvcc compiles them from libdevice with lg2.approx.f32, whose denormal
// arguments ptxas scales into the special-function unit's range, and the doubles' tails with
// rsqrt.approx.f64 (MUFU.RSQ64H) and a Newton step; cusim runs libdevice's sequence on its model
// of the unit (runtime/cusim/detail/sfu.hpp, libdevice_math.hpp).
// The EXPECT lines are this program's output built with nvcc 13.0 and run on an H200, 2026-11-29:
//   nvcc -std=c++17 -arch=sm_90 -I tests/plain_cuda tests/plain_cuda/98_erfcinv_exact.cu && ./a.out
// EXPECT: host: erfcinvf over denormals first 0x4120513e fnv 0xa546446c12bd2af2
// EXPECT: host: normcdfinvf over denormals first 0xc161f15d fnv 0x0c555c095dbf707c
// EXPECT: host: erfcinv over denormals first 0x40240a27b786a115 fnv 0x28ae6483fa11ce86
// EXPECT: host: normcdfinv over denormals first 0xc02c3e2ba10a68aa fnv 0x7c9fa9217f6ab4ec
// EXPECT: host: erfcinvf over [2^-126, 2^-9) first 0x41131ce0 fnv 0xe9f7eaf81b23a1f2
// EXPECT: host: normcdfinvf over [2^-126, 2^-9) first 0xc14f32ff fnv 0x1535680e7305f92c
// EXPECT: host: erfcinv over [2^-126, 2^-9) first 0x4022639bfc42f9f8 fnv 0xce491e629c5f859e
// EXPECT: host: normcdfinv over [2^-126, 2^-9) first 0xc029e6603350b119 fnv 0x96add704c8504df5
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
// EXPECT: host: erfcinv over 2 and beyond, infinity and NaN first 0xfff0000000000000 fnv 0x6c20d74f93b0044d
// EXPECT: host: normcdfinv over 2 and beyond, infinity and NaN first 0xfff8000000000000 fnv 0x841b3ac7a87b8e95
// EXPECT: host: erfcinv over [2^-1076, 2^-950) in double first 0x7ff0000000000000 fnv 0x8749a20260373b4d
// EXPECT: host: normcdfinv over [2^-1076, 2^-950) in double first 0xfff0000000000000 fnv 0xe26b35bd2c698b7f
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

// The float functions of x and the double ones of x times `scale`, as hashes.
void show(const char* range, const std::vector<float>& x, double scale = 1.0) {
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
  print("erfcinv", range, ed);
  print("normcdfinv", range, nd);
  for (void* p : {static_cast<void*>(dx), static_cast<void*>(e), static_cast<void*>(n), static_cast<void*>(ed),
                  static_cast<void*>(nd)})
    CHECK_CUDA(cudaFree(p));
}

int main(int argc, char** argv) {
  if (argc > 1) g_folder = argv[1];
  show("denormals", spread(0x00000001u, 0x007fffffu));
  show("[2^-126, 2^-9)", spread(0x00800000u, 0x3b000000u));
  show("[2^-9, 1)", spread(0x3b000000u, 0x3f7fffffu));
  show("[1, 2]", spread(0x3f800000u, 0x40000000u));
  show("2 and beyond, infinity and NaN", spread(0x40000000u, 0x7fffffffu));
  show("[2^-1076, 2^-950) in double", spread(0x00800000u, 0x3f800000u), 0x1p-950);
  return 0;
}
