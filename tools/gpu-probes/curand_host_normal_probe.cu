// cuRAND host API probe: the raw output of curandGenerateNormal(Double), LogNormal(Double) and
// Poisson for XORWOW, Philox4_32_10 and MRG32k3a, seed 1234, n = 262144 each, written as one
// binary file per generator (the calls' outputs one after another) under the directory argv[1].
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  const size_t n = 262144;
  const std::string dir = argc > 1 ? argv[1] : ".";
  void* d; cudaMalloc(&d, n * 8);
  std::vector<char> h(n * 8);
  struct G { curandRngType_t t; const char* name; } gens[] = {
      {CURAND_RNG_PSEUDO_XORWOW, "xorwow"}, {CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox"}, {CURAND_RNG_PSEUDO_MRG32K3A, "mrg"}};
  for (auto g : gens) {
    FILE* f = fopen((dir + "/host_" + g.name + ".bin").c_str(), "wb");
    for (int what = 0; what < 7; ++what) {
      curandGenerator_t gen; curandCreateGenerator(&gen, g.t); curandSetPseudoRandomGeneratorSeed(gen, 1234);
      curandStatus_t st; size_t bytes = n * 4;
      switch (what) {
        case 0: st = curandGenerateNormal(gen, (float*)d, n, 0.0f, 1.0f); break;
        case 1: st = curandGenerateNormalDouble(gen, (double*)d, n, 0.0, 1.0); bytes = n * 8; break;
        case 2: st = curandGenerateLogNormal(gen, (float*)d, n, 0.5f, 1.5f); break;
        case 3: st = curandGenerateLogNormalDouble(gen, (double*)d, n, 0.5, 1.5); bytes = n * 8; break;
        case 4: st = curandGeneratePoisson(gen, (unsigned*)d, n, 3.5); break;
        case 5: st = curandGeneratePoisson(gen, (unsigned*)d, n, 1000.0); break;
        default: st = curandGeneratePoisson(gen, (unsigned*)d, n, 5000.0); break;
      }
      cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
      fwrite(h.data(), 1, bytes, f);
      printf("%s call %d status %d\n", g.name, what, (int)st);
      curandDestroyGenerator(gen);
    }
    fclose(f);
  }
}
