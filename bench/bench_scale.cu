// Scale: what thousands of streams, huge allocations and long malloc/free loops cost the checked
// build (issue F4 item 7), each in a process of its own so that the resident set is the case's:
//
//   bench_scale streams N         N streams, a one-block launch on each three times, then a sync
//   bench_scale alloc GIB [managed]   cudaMalloc (or cudaMallocManaged) of GIB GiB, a kernel
//                                 touching its two ends, cudaFree
//   bench_scale cycles N BYTES    N cudaMalloc/cudaFree pairs of BYTES each
//
// Each prints one line: the case, seconds, and the largest growth of the resident set in MiB (with
// the streams alive, the allocation held, or at the end of the loop).
// bench/run-scale runs the table of docs/PERFORMANCE.md.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

long resident_kib() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  long kib = -1;
  char line[256];
  while (f && std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
  if (f) std::fclose(f);
  return kib;
}

long peak_kib = 0;
void sample() {
  const long kib = resident_kib();
  if (kib > peak_kib) peak_kib = kib;
}

__global__ void add_one(int* p) { p[threadIdx.x] += 1; }
__global__ void touch_ends(char* p, size_t n) {
  p[0] = 1;
  p[n - 1] = 2;
}

bool ok(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  std::fprintf(stderr, "bench_scale: %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

int streams(int n) {
  int* d = nullptr;
  if (!ok(cudaMalloc(&d, size_t(n) * 32 * sizeof(int)), "cudaMalloc") ||
      !ok(cudaMemset(d, 0, size_t(n) * 32 * sizeof(int)), "cudaMemset"))
    return 1;
  std::vector<cudaStream_t> s(n);
  for (cudaStream_t& one : s)
    if (!ok(cudaStreamCreate(&one), "cudaStreamCreate")) return 1;
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < n; ++i) add_one<<<1, 32, 0, s[i]>>>(d + 32 * i);
  if (!ok(cudaDeviceSynchronize(), "cudaDeviceSynchronize")) return 1;
  sample();
  std::vector<int> back(size_t(n) * 32);
  if (!ok(cudaMemcpy(back.data(), d, back.size() * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy")) return 1;
  for (int v : back)
    if (v != 3) return std::fprintf(stderr, "bench_scale: wrong result %d\n", v), 1;
  for (cudaStream_t one : s) cudaStreamDestroy(one);
  cudaFree(d);
  return 0;
}

int alloc(size_t gib, bool managed) {
  char* p = nullptr;
  const size_t n = gib << 30;
  if (!ok(managed ? cudaMallocManaged(&p, n) : cudaMalloc(&p, n), "allocation")) return 1;
  touch_ends<<<1, 1>>>(p, n);
  if (!ok(cudaDeviceSynchronize(), "kernel")) return 1;
  sample();
  return ok(cudaFree(p), "cudaFree") ? 0 : 1;
}

int cycles(long n, size_t bytes) {
  for (long i = 0; i < n; ++i) {
    void* p = nullptr;
    if (!ok(cudaMalloc(&p, bytes), "cudaMalloc") || !ok(cudaFree(p), "cudaFree")) return 1;
  }
  sample();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* what = argc > 1 ? argv[1] : "";
  const long before = resident_kib();
  peak_kib = before;
  const auto start = std::chrono::steady_clock::now();
  int rc = 2;
  if (!std::strcmp(what, "streams") && argc == 3) rc = streams(std::atoi(argv[2]));
  else if (!std::strcmp(what, "alloc") && argc >= 3) rc = alloc(std::strtoull(argv[2], nullptr, 10), argc > 3 && !std::strcmp(argv[3], "managed"));
  else if (!std::strcmp(what, "cycles") && argc == 4) rc = cycles(std::atol(argv[2]), std::strtoull(argv[3], nullptr, 10));
  else std::fprintf(stderr, "usage: bench_scale streams N | alloc GIB [managed] | cycles N BYTES\n");
  if (rc) return rc;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s", what);
  for (int i = 2; i < argc; ++i) std::printf(" %s", argv[i]);
  std::printf("\t%.3f s\t%ld MiB\n", seconds, (peak_kib - before) / 1024);
  return 0;
}
