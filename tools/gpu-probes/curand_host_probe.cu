// cuRAND's host API: the raw output of each pseudo-random generator, to find how the library lays
// out the device generators' sequences (build: nvcc -arch=sm_90 curand_host_probe.cu -lcurand).
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static void dump(const char* name, curandRngType_t type, unsigned long long seed, unsigned long long offset, int n,
                 int calls, int what) {
  curandGenerator_t g;
  curandStatus_t st = curandCreateGenerator(&g, type);
  if (st != CURAND_STATUS_SUCCESS) { printf("%s create %d\n", name, st); return; }
  curandSetPseudoRandomGeneratorSeed(g, seed);
  if (offset) curandSetGeneratorOffset(g, offset);
  void* d; cudaMalloc(&d, n * 8);
  std::vector<uint64_t> out;
  for (int c = 0; c < calls; ++c) {
    if (what == 0) st = curandGenerate(g, (unsigned*)d, n);
    else if (what == 1) st = curandGenerateUniform(g, (float*)d, n);
    else st = curandGenerateUniformDouble(g, (double*)d, n);
    if (st != CURAND_STATUS_SUCCESS) { printf("%s generate %d\n", name, st); return; }
    if (what == 2) { std::vector<uint64_t> h(n); cudaMemcpy(h.data(), d, n * 8, cudaMemcpyDeviceToHost); out.insert(out.end(), h.begin(), h.end()); }
    else { std::vector<uint32_t> h(n); cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost); out.insert(out.end(), h.begin(), h.end()); }
  }
  printf("%s seed %llu offset %llu n %d calls %d what %d :", name, seed, offset, n, calls, what);
  for (uint64_t v : out) printf(what == 2 ? " %016llx" : " %08llx", (unsigned long long)v);
  printf("\n");
  cudaFree(d);
  curandDestroyGenerator(g);
}
int main() {
  struct { const char* n; curandRngType_t t; } gens[] = {{"xorwow", CURAND_RNG_PSEUDO_XORWOW}, {"philox", CURAND_RNG_PSEUDO_PHILOX4_32_10},
                                                         {"mrg", CURAND_RNG_PSEUDO_MRG32K3A}, {"default", CURAND_RNG_PSEUDO_DEFAULT}};
  for (auto& g : gens) {
    dump(g.n, g.t, 1234, 0, 4096, 1, 0);
    dump(g.n, g.t, 1234, 0, 2048, 2, 0);
    dump(g.n, g.t, 1234, 0, 100, 1, 0);
    dump(g.n, g.t, 1234, 5, 4096, 1, 0);
    dump(g.n, g.t, 42, 0, 70000, 1, 0);
    dump(g.n, g.t, 1234, 0, 4096, 1, 1);
    dump(g.n, g.t, 1234, 0, 4096, 1, 2);
  }
  printf("done\n");
}
