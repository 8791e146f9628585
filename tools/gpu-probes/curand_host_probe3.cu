#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <vector>
int main() {
  const size_t n = size_t(1) << 24;
  unsigned* d; cudaMalloc(&d, n * 4);
  std::vector<unsigned> h(n);
  curandGenerator_t g; curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MRG32K3A); curandSetPseudoRandomGeneratorSeed(g, 42);
  curandGenerate(g, d, n);
  cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost);
  const unsigned want[] = {0xf79d7569u, 0xe33e8ecdu, 0x1373f063u, 0x7e79c822u, 0xa6ac05c0u, 0xfff5e754u};
  for (unsigned w : want) { printf("%08x at", w); for (size_t i = 0; i < n; ++i) if (h[i] == w) printf(" %zu", i); printf("\n"); }
  printf("131070..131075:"); for (size_t i = 131070; i < 131076; ++i) printf(" %08x", h[i]); printf("\n");
}
