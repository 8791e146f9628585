// cuRAND's host-API MT19937 (CURAND_RNG_PSEUDO_MT19937), recorded to find how the library lays out
// the generator's sequence: raw bits for several seeds (device and host generators), at offsets,
// in split calls and short calls, and each distribution, written as <name>.bin under argv[1]
// (unsigned 32-bit words, floats or doubles as the call makes them), with a log on stdout giving
// each call's status and time.
#include <cuda_runtime.h>
#include <curand.h>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

static std::string dir;
static void dump(const std::string& name, const void* p, size_t bytes) {
  FILE* f = fopen((dir + "/" + name + ".bin").c_str(), "wb");
  fwrite(p, 1, bytes, f);
  fclose(f);
}
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

enum Kind { kBits, kUniform, kUniformDouble, kNormal, kNormalDouble, kLogNormal, kLogNormalDouble };

// One generator: seed, offset, then calls of the given sizes; all results concatenated.
static void record(const std::string& name, bool host, unsigned long long seed, unsigned long long offset,
                   std::vector<size_t> sizes, Kind kind = kBits) {
  curandGenerator_t g;
  curandStatus_t st = host ? curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_MT19937)
                           : curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MT19937);
  if (st) { printf("%s create status %d\n", name.c_str(), (int)st); return; }
  double t0 = now();
  st = curandSetPseudoRandomGeneratorSeed(g, seed);
  curandStatus_t st2 = curandSetGeneratorOffset(g, offset);
  size_t total = 0;
  for (size_t s : sizes) total += s;
  const size_t width = (kind == kUniformDouble || kind == kNormalDouble || kind == kLogNormalDouble) ? 8 : 4;
  std::vector<char> out(total * width);
  void* d = nullptr;
  if (!host) cudaMalloc(&d, total * width);
  size_t at = 0;
  std::string statuses;
  double t1 = 0;
  for (size_t s : sizes) {
    char* p = host ? out.data() + at * width : (char*)d + at * width;
    switch (kind) {
      case kBits: st = curandGenerate(g, (unsigned*)p, s); break;
      case kUniform: st = curandGenerateUniform(g, (float*)p, s); break;
      case kUniformDouble: st = curandGenerateUniformDouble(g, (double*)p, s); break;
      case kNormal: st = curandGenerateNormal(g, (float*)p, s, 0.0f, 1.0f); break;
      case kNormalDouble: st = curandGenerateNormalDouble(g, (double*)p, s, 0.0, 1.0); break;
      case kLogNormal: st = curandGenerateLogNormal(g, (float*)p, s, 0.0f, 1.0f); break;
      case kLogNormalDouble: st = curandGenerateLogNormalDouble(g, (double*)p, s, 0.0, 1.0); break;
    }
    if (!t1) { cudaDeviceSynchronize(); t1 = now(); }
    statuses += " " + std::to_string((int)st);
    at += s;
  }
  cudaDeviceSynchronize();
  double t2 = now();
  if (!host) { cudaMemcpy(out.data(), d, total * width, cudaMemcpyDeviceToHost); cudaFree(d); }
  dump(name, out.data(), out.size());
  printf("%-22s host %d seed %llu offset %llu seed/offset status %d %d calls%s first call %.3f s all %.3f s first words %08x %08x %08x %08x\n",
         name.c_str(), (int)host, seed, offset, (int)st, (int)st2, statuses.c_str(), t1 - t0, t2 - t0,
         ((unsigned*)out.data())[0], ((unsigned*)out.data())[1], ((unsigned*)out.data())[2], ((unsigned*)out.data())[3]);
  curandDestroyGenerator(g);
}

// The first `columns` results of each block of 65,536 for `blocks` blocks (the 8-thread groups'
// first rounds whole), seed 1234 and 0: columns_s<seed>.bin, blocks x columns words.
static void columns(unsigned long long seed, size_t blocks, size_t width) {
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MT19937);
  curandSetPseudoRandomGeneratorSeed(g, seed);
  const size_t n = blocks * 65536;
  unsigned* d;
  cudaMalloc(&d, n * 4);
  curandStatus_t st = curandGenerate(g, d, n);
  std::vector<unsigned> all(n), kept;
  cudaMemcpy(all.data(), d, n * 4, cudaMemcpyDeviceToHost);
  for (size_t b = 0; b < blocks; ++b) kept.insert(kept.end(), all.begin() + b * 65536, all.begin() + b * 65536 + width);
  dump("columns_s" + std::to_string(seed), kept.data(), kept.size() * 4);
  printf("columns seed %llu status %d\n", seed, (int)st);
  cudaFree(d);
  curandDestroyGenerator(g);
}

int main(int argc, char** argv) {
  dir = argc > 1 ? argv[1] : ".";
  if (argc > 2 && std::string(argv[2]) == "columns") {
    columns(1234, 160, 256);
    columns(0, 160, 256);
    return 0;
  }
  const size_t big = size_t(1) << 21, mid = size_t(1) << 18, small = size_t(1) << 16;
  record("dev_s1234", false, 1234, 0, {big});
  record("host_s1234", true, 1234, 0, {mid});
  record("dev_s0", false, 0, 0, {mid});
  record("dev_sbig", false, 0x123456789abcdef0ull, 0, {mid});
  record("dev_s1234_o1", false, 1234, 1, {small});
  record("dev_s1234_o7", false, 1234, 7, {small});
  record("dev_s1234_o624", false, 1234, 624, {small});
  record("dev_s1234_o100003", false, 1234, 100003, {small});
  record("dev_s1234_split", false, 1234, 0, {1000, 100, small});
  record("dev_s1234_n100", false, 1234, 0, {100});
  record("dev_s1234_n5000", false, 1234, 0, {5000});
  record("dev_uniform", false, 1234, 0, {small}, kUniform);
  record("dev_uniform_double", false, 1234, 0, {small}, kUniformDouble);
  record("dev_normal", false, 1234, 0, {small}, kNormal);
  record("dev_normal_double", false, 1234, 0, {small}, kNormalDouble);
  record("dev_lognormal_double", false, 1234, 0, {small}, kLogNormalDouble);
  record("host_normal_double", true, 1234, 0, {small}, kNormalDouble);
  record("dev_normal_odd", false, 1234, 0, {1001}, kNormal);
  return 0;
}
