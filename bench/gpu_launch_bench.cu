// gpu_launch_bench — what cusim::launch costs on a GPU (issue E4): each bench kernel launched
// through cusim::launch against the same kernel launched with <<< >>>, same configuration, timed
// with CUDA events. CUDA backend only (the <<< >>> side is not C++).
//
// Method (docs/PERFORMANCE.md): sizes that fill the chip; 5 warm-up launches of each side; then
// `--runs` (default 31) rounds, each timing one cusim launch and one raw launch in alternating
// order (so clock and thermal drift fall on both sides alike); medians per side; ratio =
// median(cusim) / median(raw). Output: one line per kernel, then a table.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "kernels.hpp"

namespace {

#define CHECK_CUDA(call)                                                                    \
  do {                                                                                      \
    const cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                                \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

float time_one(cudaEvent_t start, cudaEvent_t stop, const std::function<void()>& launch) {
  CHECK_CUDA(cudaEventRecord(start));
  launch();
  CHECK_CUDA(cudaEventRecord(stop));
  CHECK_CUDA(cudaEventSynchronize(stop));
  CHECK_CUDA(cudaGetLastError());
  float ms = 0.f;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
  return ms;
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5f * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

struct Result {
  std::string name;
  float cusim_ms, raw_ms;
};

Result compare(const char* name, int runs, const std::function<void()>& via_cusim, const std::function<void()>& raw) {
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 5; ++i) {
    time_one(start, stop, via_cusim);
    time_one(start, stop, raw);
  }
  std::vector<float> a, b;
  for (int r = 0; r < runs; ++r) {
    if (r % 2) {
      b.push_back(time_one(start, stop, raw));
      a.push_back(time_one(start, stop, via_cusim));
    } else {
      a.push_back(time_one(start, stop, via_cusim));
      b.push_back(time_one(start, stop, raw));
    }
  }
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  Result res{name, median(a), median(b)};
  std::printf("%-40s cusim %9.4f ms  raw %9.4f ms  ratio %.4f  (%d runs each)\n", name, res.cusim_ms, res.raw_ms,
              res.cusim_ms / res.raw_ms, runs);
  return res;
}

template <class T>
T* device_array(std::size_t n, int fill_byte) {
  T* p = nullptr;
  CHECK_CUDA(cudaMalloc(&p, n * sizeof(T)));
  CHECK_CUDA(cudaMemset(p, fill_byte, n * sizeof(T)));
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 31;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: gpu_launch_bench [--runs N]   (N >= 20)\n");
      return 2;
    }
  }
  if (runs < 20) runs = 20;
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("gpu_launch_bench: no CUDA device here; nothing measured\n");
    return 0;
  }
  cudaDeviceProp prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::printf("device: %s, %d SMs, driver API %d, runtime %d\n", prop.name, prop.multiProcessorCount, driver, runtime);

  using namespace bench;
  const unsigned T = kBlockThreads;
  const int n = 1 << 26;                                  // 256 MiB per float array: fills the chip many times over
  const unsigned blocks = (unsigned(n) + T - 1) / T;
  const unsigned stride_blocks = 32u * unsigned(prop.multiProcessorCount);  // grid-stride: a few waves
  float* a = device_array<float>(n, 0);
  float* b = device_array<float>(n, 0);
  float* c = device_array<float>(n, 0);
  unsigned char* bytes = device_array<unsigned char>(std::size_t(n) * 4, 7);
  unsigned* bins = device_array<unsigned>(256, 0);
  float* total = device_array<float>(1, 0);
  const int mn = 2048;  // tiled matmul: 2048^3, 128 x 128 blocks
  float* ma = device_array<float>(std::size_t(mn) * mn, 0);
  float* mb = device_array<float>(std::size_t(mn) * mn, 0);
  float* mc = device_array<float>(std::size_t(mn) * mn, 0);

  std::vector<Result> results;
  results.push_back(compare("vector add, 2^26 floats", runs,
                            [&] { cusim::launch(vector_add_kernel, dim3(blocks), dim3(T), a, b, c, n); },
                            [&] { vector_add_kernel<<<dim3(blocks), dim3(T)>>>(a, b, c, n); }));
  results.push_back(compare("grid-stride square, 2^26 floats", runs,
                            [&] { cusim::launch(grid_stride_square_kernel, dim3(stride_blocks), dim3(T), a, c, n); },
                            [&] { grid_stride_square_kernel<<<dim3(stride_blocks), dim3(T)>>>(a, c, n); }));
  results.push_back(compare("shared histogram, 2^28 bytes", runs,
                            [&] { cusim::launch(shared_histogram_kernel, dim3(stride_blocks), dim3(T), bytes, bins, 4 * n); },
                            [&] { shared_histogram_kernel<<<dim3(stride_blocks), dim3(T)>>>(bytes, bins, 4 * n); }));
  const dim3 mgrid(mn / kTile, mn / kTile), mblock(kTile, kTile);
  results.push_back(compare("tiled matmul 16x16, N=2048", runs,
                            [&] { cusim::launch(tiled_matmul_kernel, mgrid, mblock, ma, mb, mc, mn); },
                            [&] { tiled_matmul_kernel<<<mgrid, mblock>>>(ma, mb, mc, mn); }));
  results.push_back(compare("shared tree reduction, 2^26 floats", runs,
                            [&] { cusim::launch(tree_reduce_kernel, dim3(blocks), dim3(T), a, total, n); },
                            [&] { tree_reduce_kernel<<<dim3(blocks), dim3(T)>>>(a, total, n); }));
  results.push_back(compare("warp-shuffle reduction, 2^26 floats", runs,
                            [&] { cusim::launch(shuffle_reduce_kernel, dim3(blocks), dim3(T), a, total, n); },
                            [&] { shuffle_reduce_kernel<<<dim3(blocks), dim3(T)>>>(a, total, n); }));

  std::printf("\n%-40s %12s %12s %8s %s\n", "kernel", "cusim ms", "raw ms", "ratio", "verdict (1.00 +- 0.03)");
  int missed = 0;
  for (const Result& r : results) {
    const float ratio = r.cusim_ms / r.raw_ms;
    const bool ok = ratio >= 0.97f && ratio <= 1.03f;
    missed += !ok;
    std::printf("%-40s %12.4f %12.4f %8.4f %s\n", r.name.c_str(), r.cusim_ms, r.raw_ms, ratio, ok ? "met" : "MISSED");
  }
  for (void* p : {(void*)a, (void*)b, (void*)c, (void*)bytes, (void*)bins, (void*)total, (void*)ma, (void*)mb, (void*)mc})
    cudaFree(p);
  return missed ? 1 : 0;
}
