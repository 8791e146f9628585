// Naive against shared-memory tiled matrix multiply, timed with CUDA events (seeds 001 and 002).
// As in seed 002: A is N x 2N of 2s, B is 2N x N of 3s, so every element of C is 2 * 3 * 2N (3072
// for the default N = 256). Three kernels:
//   naive:   the kernel library's matmul_naive, each thread reading a row of A and a column of B
//            from global memory;
//   tiled:   the library's matmul_tiled, 16 x 16 tiles in static shared memory;
//   dynamic: seed 001's Numba kernel, the tile width chosen at run time and both tiles in one
//            dynamic shared-memory buffer of 2 * tw * tw floats.
// Each is run once to warm up, then timed with cudaEventRecord / cudaEventElapsedTime. On the
// simulator the times are the CPU's, and the checked build adds its checks to every access: they
// show what the simulator costs, not what a GPU would gain. A second, random product of odd size
// is checked against a double-precision product.
//   ./matmul_timings [N]
#include <cuda_runtime.h>
#include <kernels/matmul.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "cuda_check.hpp"

// Seed 001's kernel: m is h x k, n is k x w, out is h x w; tw x tw threads per block.
__global__ void matmul_dynamic_tiles(const float* m, const float* n, float* out, int h, int k, int w, int tw) {
  extern __shared__ float shared[];
  float* ms = shared;            // tw x tw tile of m
  float* ns = shared + tw * tw;  // tw x tw tile of n
  const int tc = threadIdx.x, tr = threadIdx.y;
  const int r = blockIdx.y * blockDim.y + tr, c = blockIdx.x * blockDim.x + tc;
  float p = 0.0f;
  for (int ph = 0; ph < (k + tw - 1) / tw; ++ph) {
    const int idx = ph * tw;
    ms[tr * tw + tc] = r < h && idx + tc < k ? m[r * k + idx + tc] : 0.0f;
    ns[tr * tw + tc] = c < w && idx + tr < k ? n[(idx + tr) * w + c] : 0.0f;
    __syncthreads();  // both tiles loaded
    for (int i = 0; i < tw; ++i) p += ms[tr * tw + i] * ns[i * tw + tc];
    __syncthreads();  // both tiles used before the next phase overwrites them
  }
  if (r < h && c < w) out[r * w + c] = p;
}

cudaError_t matmul_dynamic(const float* a, const float* b, float* c, int m, int k, int n) {
  const int tw = 16;
  const dim3 block(tw, tw), grid((n + tw - 1) / tw, (m + tw - 1) / tw);
  matmul_dynamic_tiles<<<grid, block, 2 * tw * tw * sizeof(float)>>>(a, b, c, m, k, n, tw);
  return cudaGetLastError();
}

using Matmul = cudaError_t (*)(const float*, const float*, float*, int, int, int);
cudaError_t naive(const float* a, const float* b, float* c, int m, int k, int n) {
  return cusim::kernels::matmul_naive(a, b, c, m, k, n);
}
cudaError_t tiled(const float* a, const float* b, float* c, int m, int k, int n) {
  return cusim::kernels::matmul_tiled(a, b, c, m, k, n);
}

struct Matrices {
  int m, k, n;
  std::vector<float> a, b;
  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  Matrices(int m_, int k_, int n_, std::vector<float> a_, std::vector<float> b_)
      : m(m_), k(k_), n(n_), a(std::move(a_)), b(std::move(b_)) {
    CUDA_CHECK(cudaMalloc(&d_a, a.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_b, b.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_c, static_cast<std::size_t>(m) * n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  }
  ~Matrices() {
    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
  }
  // Runs `mm` (after one warm-up run when `ms` is wanted) and returns C.
  std::vector<float> run(Matmul mm, float* ms = nullptr) {
    CUDA_CHECK(cudaMemset(d_c, 0, static_cast<std::size_t>(m) * n * sizeof(float)));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    if (ms) CUDA_CHECK(mm(d_a, d_b, d_c, m, k, n));  // warm-up
    CUDA_CHECK(cudaEventRecord(start));
    CUDA_CHECK(mm(d_a, d_b, d_c, m, k, n));
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    if (ms) CUDA_CHECK(cudaEventElapsedTime(ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    std::vector<float> c(static_cast<std::size_t>(m) * n);
    CUDA_CHECK(cudaMemcpy(c.data(), d_c, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
    return c;
  }
};

int main(int argc, char** argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 256;
  const char* names[] = {"naive (16x16 threads, global memory)", "tiled (16x16 static shared tiles)",
                         "dynamic (tile width 16, dynamic shared memory)"};
  const Matmul kernels[] = {naive, tiled, matmul_dynamic};
  bool ok = true;

  Matrices ones(N, 2 * N, N, std::vector<float>(2 * N * N, 2.0f), std::vector<float>(2 * N * N, 3.0f));
  const float expected = 2.0f * 3.0f * 2 * N;
  std::printf("A %dx%d of 2s times B %dx%d of 3s: every element should be %.0f\n", N, 2 * N, 2 * N, N, expected);
  for (int v = 0; v < 3; ++v) {
    float ms = 0.0f;
    const std::vector<float> c = ones.run(kernels[v], &ms);
    int wrong = 0;
    for (float x : c) wrong += x != expected;
    std::printf("%-48s %9.3f ms, %d wrong\n", names[v], ms, wrong);
    ok = ok && wrong == 0;
  }

  // Random matrices of sizes that are not multiples of 16, against a double-precision product.
  const int m = 37, k = 53, n = 29;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  std::vector<float> a(m * k), b(k * n);
  for (float& x : a) x = u(rng);
  for (float& x : b) x = u(rng);
  Matrices random(m, k, n, a, b);
  for (int v = 0; v < 3; ++v) {
    const std::vector<float> c = random.run(kernels[v]);
    double worst = 0;  // error relative to the dot-product bound k * FLT_EPSILON * sum |a b|
    for (int r = 0; r < m; ++r)
      for (int col = 0; col < n; ++col) {
        double want = 0, mag = 0;
        for (int i = 0; i < k; ++i) want += double(a[r * k + i]) * b[i * n + col], mag += std::fabs(double(a[r * k + i]) * b[i * n + col]);
        worst = std::fmax(worst, std::fabs(c[r * n + col] - want) / (k * 1.1920929e-7 * mag));
      }
    std::printf("%-48s %dx%d times %dx%d: error %.2f of its bound\n", names[v], m, k, k, n, worst);
    ok = ok && worst <= 1.0;
  }
  return ok ? 0 : 1;
}
