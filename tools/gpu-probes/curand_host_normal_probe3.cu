// cuRAND host API probe: curandGenerateNormalDouble's layout past the first round of threads when
// the generator starts elsewhere than at 0: offsets 7 and 100003, three uniform results first.
// Writes normal3_<generator>.bin under argv[1]: three runs of 20,000 doubles each.
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 20000;
  double* d; cudaMalloc(&d, n * 8);
  std::vector<double> h(n);
  curandRngType_t types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A};
  const char* names[] = {"xorwow", "mrg"};
  for (int k = 0; k < 2; ++k) {
    FILE* f = fopen((dir + "/normal3_" + names[k] + ".bin").c_str(), "wb");
    for (int c = 0; c < 3; ++c) {
      curandGenerator_t g; curandCreateGenerator(&g, types[k]); curandSetPseudoRandomGeneratorSeed(g, 1234);
      if (c == 0) curandSetGeneratorOffset(g, 7);
      if (c == 1) curandSetGeneratorOffset(g, 100003);
      if (c == 2) curandGenerateUniform(g, (float*)d, 3);
      curandGenerateNormalDouble(g, d, n, 0.0, 1.0);
      cudaMemcpy(h.data(), d, n * 8, cudaMemcpyDeviceToHost);
      fwrite(h.data(), 8, n, f);
      curandDestroyGenerator(g);
    }
    fclose(f);
  }
  printf("done\n");
}
