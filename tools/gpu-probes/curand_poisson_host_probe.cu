// cuRAND's host API Poisson (curandGeneratePoisson) and the tables of curandCreatePoissonDistribution,
// to find how the library draws: for XORWOW seed 1234, 65,536 results of curandGeneratePoisson at
// lambda 3.5, 20, 100, 1000, 5000 and of curandGenerateNormalDouble, UniformDouble, Uniform and
// Generate (poisson<i>.bin, normal_double.bin...), and each distribution's method, mean, standard
// deviation, shift and square-histogram tables V (double) and K (unsigned) (dist<i>_V.bin,
// dist<i>_K.bin), written under argv[1] with a log on stdout. Measured on an H200 (2026-11-28): up
// to lambda 1000 (method CURAND_M2) result i is the table's draw for curandGenerateUniform's
// result i, u < V[j] ? shift + j : shift + K[j] with j = floor(length u), for all 4 x 65,536; at
// 5000 the method is CURAND_DISCRETE_GAUSS (mean 5000, stddev sqrt(5000)), whose normals are not
// curandGenerateNormalDouble's in order (0.4 % equal) nor the inverse CDF of curandGenerate's bits.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cstdio>
#include <string>
#include <vector>
static void dump(const std::string& path, const void* p, size_t bytes) { FILE* f = fopen(path.c_str(), "wb"); fwrite(p, 1, bytes, f); fclose(f); }
static bool on_device(const void* p) { cudaPointerAttributes a; if (cudaPointerGetAttributes(&a, p) != cudaSuccess) { cudaGetLastError(); return false; } return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged; }
template <class T> static T fetch(const T* p) { T v; if (on_device(p)) cudaMemcpy(&v, p, sizeof(T), cudaMemcpyDeviceToHost); else v = *p; return v; }
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const size_t n = 65536;
  void* d; cudaMalloc(&d, n * 8);
  std::vector<char> h(n * 8);
  const double lambdas[] = {3.5, 20, 100, 1000, 5000};
  for (int w = 0; w < 9; ++w) {
    curandGenerator_t g; curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW); curandSetPseudoRandomGeneratorSeed(g, 1234);
    size_t bytes = n * 4; curandStatus_t st;
    std::string name;
    if (w < 5) { st = curandGeneratePoisson(g, (unsigned*)d, n, lambdas[w]); name = "poisson" + std::to_string(w); }
    else if (w == 5) { st = curandGenerateNormalDouble(g, (double*)d, n, 0.0, 1.0); bytes = n * 8; name = "normal_double"; }
    else if (w == 6) { st = curandGenerateUniformDouble(g, (double*)d, n); bytes = n * 8; name = "uniform_double"; }
    else if (w == 7) { st = curandGenerateUniform(g, (float*)d, n); name = "uniform"; }
    else { st = curandGenerate(g, (unsigned*)d, n); name = "bits"; }
    cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
    dump(dir + "/" + name + ".bin", h.data(), bytes);
    printf("%s status %d\n", name.c_str(), (int)st);
    curandDestroyGenerator(g);
  }
  for (int w = 0; w < 5; ++w) {
    curandDiscreteDistribution_t dist;
    curandStatus_t st = curandCreatePoissonDistribution(lambdas[w], &dist);
    printf("dist %g status %d ptr %p on_device %d\n", lambdas[w], (int)st, (void*)dist, (int)on_device(dist));
    if (st) continue;
    curandDiscreteDistribution_st s = fetch(dist);
    printf("  method %d mean %.17g stddev %.17g M2 %p host_M2 %p self_host %p\n", (int)s.method, s.mean, s.stddev, (void*)s.M2, (void*)s.host_M2, (void*)s.self_host_ptr);
    if (s.method != CURAND_M2 || !s.M2) {
      curandDestroyDistribution(dist);
      continue;
    }
    curandDistributionM2Shift_st m2 = fetch(s.M2);
    printf("  shift %u length %u histogram %p host_histogram %p m2 on_device %d\n", m2.shift, m2.length, (void*)m2.histogram, (void*)m2.host_histogram, (int)on_device(s.M2));
    curandHistogramM2_st hist = fetch(m2.histogram);
    printf("  V %p K %p host_V %p host_K %p hist on_device %d V on_device %d\n", (void*)hist.V, (void*)hist.K, (void*)hist.host_V, (void*)hist.host_K, (int)on_device(m2.histogram), (int)on_device(hist.V));
    std::vector<double> V(m2.length); std::vector<unsigned> K(m2.length);
    if (on_device(hist.V)) { cudaMemcpy(V.data(), hist.V, m2.length * 8, cudaMemcpyDeviceToHost); cudaMemcpy(K.data(), hist.K, m2.length * 4, cudaMemcpyDeviceToHost); }
    else { for (unsigned i = 0; i < m2.length; ++i) { V[i] = hist.V[i]; K[i] = hist.K[i]; } }
    dump(dir + "/dist" + std::to_string(w) + "_V.bin", V.data(), V.size() * 8);
    dump(dir + "/dist" + std::to_string(w) + "_K.bin", K.data(), K.size() * 4);
    printf("  V[0..3] %.17g %.17g %.17g K[0..3] %u %u %u\n", V[0], V[1], V[2], K[0], K[1], K[2]);
    curandDestroyDistribution(dist);
  }
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
