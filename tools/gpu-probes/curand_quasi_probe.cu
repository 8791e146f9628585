// cuRAND's host API for the Sobol generators: the raw output of curandGenerate (32-bit),
// curandGenerateLongLong (64-bit) and curandGenerateUniform for CURAND_RNG_QUASI_SOBOL32,
// SCRAMBLED_SOBOL32, SOBOL64 and SCRAMBLED_SOBOL64, in 3 dimensions, 3000 results, offset 0 and
// 7, and curandGenerateNormalDouble; with statuses on stdout. Writes quasi.bin under argv[1].
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 3000;
  void* d;
  cudaMalloc(&d, n * 8);
  std::vector<char> h(n * 8);
  FILE* f = fopen((dir + "/quasi.bin").c_str(), "wb");
  const curandRngType_t types[] = {CURAND_RNG_QUASI_SOBOL32, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, CURAND_RNG_QUASI_SOBOL64,
                                   CURAND_RNG_QUASI_SCRAMBLED_SOBOL64};
  for (curandRngType_t t : types)
    for (int what = 0; what < 4; ++what) {
      curandGenerator_t g;
      curandCreateGenerator(&g, t);
      printf("type %d what %d dims %d", (int)t, what, (int)curandSetQuasiRandomGeneratorDimensions(g, 3));
      if (what == 1) printf(" offset %d", (int)curandSetGeneratorOffset(g, 7));
      const bool wide = t == CURAND_RNG_QUASI_SOBOL64 || t == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
      curandStatus_t st;
      size_t bytes = n * (wide ? 8 : 4);
      if (what < 2) st = wide ? curandGenerateLongLong(g, (unsigned long long*)d, n) : curandGenerate(g, (unsigned*)d, n);
      else if (what == 2) { st = curandGenerateUniform(g, (float*)d, n); bytes = n * 4; }
      else { st = curandGenerateNormalDouble(g, (double*)d, n, 0.0, 1.0); bytes = n * 8; }
      printf(" status %d\n", (int)st);
      cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
      fwrite(h.data(), 1, bytes, f);
      curandDestroyGenerator(g);
    }
  fclose(f);
}
