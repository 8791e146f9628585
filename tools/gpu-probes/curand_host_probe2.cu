// cuRAND's host API, MRG32k3a's and Philox's layout: values at chosen positions of a long output.
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdint>
#include <cstdio>
#include <vector>
int main() {
  const size_t n = size_t(1) << 23;
  unsigned* d; cudaMalloc(&d, n * 4);
  std::vector<unsigned> h(n);
  for (auto t : {CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_XORWOW}) {
    curandGenerator_t g; curandCreateGenerator(&g, t); curandSetPseudoRandomGeneratorSeed(g, 42);
    curandGenerate(g, d, n);
    cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost);
    printf("gen %d:", int(t));
    for (int k = 12; k <= 23; ++k)
      for (long dlt : {-1L, 0L, 1L, 2L}) { size_t i = (size_t(1) << k) + dlt; if (i < n) printf(" %zu=%08x", i, h[i]); }
    printf("\n");
    curandDestroyGenerator(g);
  }
  // Philox doubles next to their integers.
  curandGenerator_t g; curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10); curandSetPseudoRandomGeneratorSeed(g, 1234);
  double* dd; cudaMalloc(&dd, 64 * 8);
  curandGenerateUniformDouble(g, dd, 64);
  double hd[64]; cudaMemcpy(hd, dd, 64 * 8, cudaMemcpyDeviceToHost);
  printf("philox doubles:"); for (int i = 0; i < 8; ++i) printf(" %016llx", *(unsigned long long*)&hd[i]); printf("\n");
  curandGenerateNormal(g, (float*)dd, 64, 0.0f, 1.0f);
  printf("done\n");
}
