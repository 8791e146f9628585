// cuRAND host API probe: how normal generation meets offsets, odd lengths, earlier calls, host
// generators and a mean and standard deviation. Prints each case's status and first 16 doubles.
#include <cuda_runtime.h>
#include <curand.h>
#include <cstdio>
#include <cstring>
void show(const char* what, curandStatus_t st, const double* h, int n) {
  printf("%s status %d:", what, (int)st);
  for (int i = 0; i < n; ++i) { unsigned long long u; memcpy(&u, &h[i], 8); printf(" %016llx", u); }
  printf("\n");
}
int main() {
  double* d; cudaMalloc(&d, 1 << 20);
  double h[64];
  curandRngType_t types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_MRG32K3A};
  const char* names[] = {"xorwow", "philox", "mrg"};
  for (int k = 0; k < 3; ++k) {
    char what[128];
    for (int c = 0; c < 6; ++c) {
      curandGenerator_t g; curandStatus_t st = CURAND_STATUS_SUCCESS;
      if (c == 1) { curandCreateGeneratorHost(&g, types[k]); } else curandCreateGenerator(&g, types[k]);
      curandSetPseudoRandomGeneratorSeed(g, 1234);
      double* out = c == 1 ? h : d;
      switch (c) {
        case 0: st = curandGenerateNormalDouble(g, out, 16, 0.0, 1.0); snprintf(what, sizeof what, "%s device n16", names[k]); break;
        case 1: st = curandGenerateNormalDouble(g, out, 16, 0.0, 1.0); snprintf(what, sizeof what, "%s host n16", names[k]); break;
        case 2: curandSetGeneratorOffset(g, 3); st = curandGenerateNormalDouble(g, out, 16, 0.0, 1.0); snprintf(what, sizeof what, "%s offset3 n16", names[k]); break;
        case 3: curandGenerateUniformDouble(g, out, 3); st = curandGenerateNormalDouble(g, out, 16, 0.0, 1.0); snprintf(what, sizeof what, "%s after3uniform n16", names[k]); break;
        case 4: st = curandGenerateNormalDouble(g, out, 7, 0.0, 1.0); snprintf(what, sizeof what, "%s n7", names[k]); break;
        case 5: st = curandGenerateNormalDouble(g, out, 16, 2.5, 0.3); snprintf(what, sizeof what, "%s mean2.5 sd0.3 n16", names[k]); break;
      }
      if (c != 1) cudaMemcpy(h, d, 16 * 8, cudaMemcpyDeviceToHost);
      show(what, st, h, 16);
      if (c == 0) {  // a second call continues the first
        st = curandGenerateNormalDouble(g, d, 16, 0.0, 1.0); cudaMemcpy(h, d, 16 * 8, cudaMemcpyDeviceToHost);
        snprintf(what, sizeof what, "%s second n16", names[k]); show(what, st, h, 16);
      }
      curandDestroyGenerator(g);
    }
    float f[4]; curandGenerator_t g; curandCreateGenerator(&g, types[k]);
    printf("%s float n3 status %d\n", names[k], (int)curandGenerateNormal(g, (float*)d, 3, 0.f, 1.f));
    printf("%s poisson lambda 0 status %d\n", names[k], (int)curandGeneratePoisson(g, (unsigned*)d, 4, 0.0));
    (void)f; curandDestroyGenerator(g);
  }
}
