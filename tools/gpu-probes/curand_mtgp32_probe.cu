// cuRAND MTGP32 probe: the host API's layout of the MTGP32 generator's sequences and the device
// API's curand_mtgp32_single. Writes under the directory argv[1]:
//   mtgp32_host.bin: curandGenerate of 2^20 values at seed 1234; then, from new generators at seed
//     1234, 1000 values and the next 1000 (two calls), 2^16 at seed 0, curandGenerateUniform,
//     curandGenerateNormal and curandGenerateNormalDouble of 2^16 at seed 1234 (status per call on
//     stdout);
//   mtgp32_single.bin: curand_mtgp32_single by a block of 32 threads, 8 calls, seed 1234, state 0.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>
#include <cstdio>
#include <string>
#include <vector>

__global__ void single(curandStateMtgp32* s, float* out) {
  for (int c = 0; c < 8; ++c) out[c * 32 + threadIdx.x] = curand_mtgp32_single(&s[0]);
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 1 << 20;
  void* d;
  cudaMalloc(&d, n * 8);
  std::vector<char> h(n * 8);
  FILE* f = fopen((dir + "/mtgp32_host.bin").c_str(), "wb");
  auto dump = [&](size_t bytes) {
    cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
    fwrite(h.data(), 1, bytes, f);
  };
  curandGenerator_t g;
  curandStatus_t st;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32);
  curandSetPseudoRandomGeneratorSeed(g, 1234);
  st = curandGenerate(g, (unsigned*)d, n);
  printf("generate 2^20: %d\n", (int)st);
  dump(n * 4);
  curandDestroyGenerator(g);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32);
  curandSetPseudoRandomGeneratorSeed(g, 1234);
  st = curandGenerate(g, (unsigned*)d, 1000);
  printf("generate 1000: %d\n", (int)st);
  dump(4000);
  st = curandGenerate(g, (unsigned*)d, 1000);
  printf("generate next 1000: %d\n", (int)st);
  dump(4000);
  printf("set offset 5: %d\n", (int)curandSetGeneratorOffset(g, 5));
  curandDestroyGenerator(g);
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32);
  curandSetPseudoRandomGeneratorSeed(g, 0);
  st = curandGenerate(g, (unsigned*)d, 1 << 16);
  printf("generate seed 0: %d\n", (int)st);
  dump(4 << 16);
  curandDestroyGenerator(g);
  for (int what = 0; what < 3; ++what) {
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32);
    curandSetPseudoRandomGeneratorSeed(g, 1234);
    size_t bytes = 4 << 16;
    if (what == 0) st = curandGenerateUniform(g, (float*)d, 1 << 16);
    else if (what == 1) st = curandGenerateNormal(g, (float*)d, 1 << 16, 0.0f, 1.0f);
    else {
      st = curandGenerateNormalDouble(g, (double*)d, 1 << 16, 0.0, 1.0);
      bytes *= 2;
    }
    printf("distribution %d: %d\n", what, (int)st);
    dump(bytes);
    curandDestroyGenerator(g);
  }
  fclose(f);

  mtgp32_kernel_params* k;
  curandStateMtgp32* s;
  cudaMalloc(&k, sizeof *k);
  cudaMalloc(&s, sizeof *s);
  curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, k);
  curandMakeMTGP32KernelState(s, mtgp32dc_params_fast_11213, k, 1, 1234);
  single<<<1, 32>>>(s, (float*)d);
  cudaDeviceSynchronize();
  cudaMemcpy(h.data(), d, 8 * 32 * 4, cudaMemcpyDeviceToHost);
  f = fopen((dir + "/mtgp32_single.bin").c_str(), "wb");
  fwrite(h.data(), 1, 8 * 32 * 4, f);
  fclose(f);
  printf("single: %s\n", cudaGetErrorString(cudaGetLastError()));
}
