// The differential harness (issue E4, tools/differential): runs every kernel of the kernel library
// once on inputs generated on the host from a seed, and writes what each produced next to a CPU
// reference, for tools/differential to compare across the two backends.
//
// Usage: diff_harness --seed S --out DIR
//
// The inputs come from std::mt19937_64 and the <random> distributions in host code, so the same
// seed gives the same inputs on the simulator and on the GPU (both builds use the same host C++
// library). Outputs are poisoned before each launch (floats 0xff bytes: NaN; integers 0xab), so an
// element never written cannot match. For each kernel, DIR holds:
//   <name>.bin     the output's raw bytes, as copied back from the device
//   <name>.ref     the reference: doubles (float64) for float kernels, int64 for integer kernels
//   <name>.scale   scaled float kernels only: the magnitude each element's error is measured
//                  against (doubles; see "checks" below)
// and DIR/manifest.txt one line per kernel:
//   <name> <dtype f32|i32|u32> <count> <check> <allowed> <status>
// checks: exact   integers, bit-equal with the reference (allowed: how many elements may differ,
//                 0 except for mandelbrot, see there)
//         rel     |got - ref| <= tol * |ref|
//         scaled  |got - ref| <= tol * scale, scale = the sum of the magnitudes of the terms that
//                 make the element (sums, dot products, convolutions, saxpy): float32 arithmetic is
//                 accurate relative to that, not to a result that cancels.
// status: ok, or the CUDA error of the launch or of the synchronisation after it.
#include <kernels/elementwise.hpp>
#include <kernels/histogram.hpp>
#include <kernels/mandelbrot.hpp>
#include <kernels/map.hpp>
#include <kernels/matmul.hpp>
#include <kernels/reduce.hpp>
#include <kernels/scan.hpp>
#include <kernels/softmax.hpp>
#include <kernels/stencil.hpp>
#include <kernels/transpose.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cusim/cusim.hpp>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace k = cusim::kernels;

namespace {

std::string g_out;
std::uint64_t g_seed = 0;
FILE* g_manifest = nullptr;
int g_failed = 0;

// One generator per kernel, from the seed and the kernel's name (adding a kernel changes no other's inputs).
std::mt19937_64 rng(const std::string& name) {
  std::uint64_t h = g_seed ^ 0xcbf29ce484222325ull;
  for (unsigned char ch : name) h = (h ^ ch) * 0x100000001b3ull;
  return std::mt19937_64(h);
}

std::vector<float> uniform(std::mt19937_64& g, std::size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = d(g);
  return v;
}

std::vector<int> integers(std::mt19937_64& g, std::size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int> v(n);
  for (int& x : v) x = d(g);
  return v;
}

// Device memory: from a host vector, or poisoned.
template <class T>
struct Dev {
  T* p = nullptr;
  std::size_t n;
  explicit Dev(std::size_t count) : n(count) {
    if (cudaMalloc(&p, bytes()) != cudaSuccess) fail("cudaMalloc");
    if (cudaMemset(p, std::is_floating_point_v<T> ? 0xff : 0xab, bytes()) != cudaSuccess) fail("cudaMemset");
  }
  explicit Dev(const std::vector<T>& host) : n(host.size()) {
    if (cudaMalloc(&p, bytes()) != cudaSuccess) fail("cudaMalloc");
    if (cudaMemcpy(p, host.data(), bytes(), cudaMemcpyHostToDevice) != cudaSuccess) fail("cudaMemcpy to device");
  }
  ~Dev() { cudaFree(p); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
  std::vector<T> get() const {
    std::vector<T> h(n);
    if (cudaMemcpy(h.data(), p, bytes(), cudaMemcpyDeviceToHost) != cudaSuccess) fail("cudaMemcpy to host");
    return h;
  }
  std::size_t bytes() const { return (n ? n : 1) * sizeof(T); }
  static void fail(const char* what) {
    std::fprintf(stderr, "diff_harness: %s failed: %s\n", what, cudaGetErrorString(cudaGetLastError()));
    std::exit(2);
  }
};

void write_file(const std::string& name, const void* data, std::size_t bytes) {
  const std::string path = g_out + "/" + name;
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(data, 1, bytes, f) != bytes || std::fclose(f) != 0) {
    std::fprintf(stderr, "diff_harness: cannot write %s\n", path.c_str());
    std::exit(2);
  }
}

cudaError_t synced(cudaError_t launch) { return launch != cudaSuccess ? launch : cudaDeviceSynchronize(); }

const char* dtype_of(float*) { return "f32"; }
const char* dtype_of(int*) { return "i32"; }
const char* dtype_of(unsigned*) { return "u32"; }

// Records one kernel: its output, its reference (and scale), its manifest line.
template <class T, class R>
void record(const std::string& name, cudaError_t status, const std::vector<T>& got, const std::vector<R>& ref,
            const char* check, const std::vector<double>& scale = {}, long allowed = 0) {
  write_file(name + ".bin", got.data(), got.size() * sizeof(T));
  write_file(name + ".ref", ref.data(), ref.size() * sizeof(R));
  if (!scale.empty()) write_file(name + ".scale", scale.data(), scale.size() * sizeof(double));
  std::fprintf(g_manifest, "%s %s %zu %s %ld %s\n", name.c_str(), dtype_of(static_cast<T*>(nullptr)), got.size(),
               check, allowed, status == cudaSuccess ? "ok" : cudaGetErrorName(status));
  if (status != cudaSuccess) {
    ++g_failed;
    cudaGetLastError();  // clear a non-sticky error, so that the next kernels still run
  }
}

// Sizes: primes, none a multiple of any block size used (32, 256, 512, 16 x 16, 32 x 8).
constexpr int kN = 30011;

void elementwise() {
  {
    auto g = rng("vector_add");
    const auto a = uniform(g, kN, -100.f, 100.f), b = uniform(g, kN, -100.f, 100.f);
    Dev<float> da(a), db(b), dc(kN);
    const cudaError_t e = synced(k::vector_add(da.p, db.p, dc.p, kN));
    std::vector<double> ref(kN);
    for (int i = 0; i < kN; ++i) ref[i] = double(a[i]) + double(b[i]);
    record("vector_add", e, dc.get(), ref, "rel");
  }
  {
    auto g = rng("saxpy");
    const float alpha = uniform(g, 1, -3.f, 3.f)[0];
    const auto x = uniform(g, kN, -100.f, 100.f), y = uniform(g, kN, -100.f, 100.f);
    Dev<float> dx(x), dy(y);
    const cudaError_t e = synced(k::saxpy(alpha, dx.p, dy.p, kN));
    std::vector<double> ref(kN), scale(kN);
    for (int i = 0; i < kN; ++i) {
      ref[i] = double(alpha) * x[i] + y[i];
      scale[i] = std::fabs(double(alpha) * x[i]) + std::fabs(double(y[i]));
    }
    record("saxpy", e, dy.get(), ref, "scaled", scale);
  }
  {
    auto g = rng("square");
    const auto in = uniform(g, kN, -100.f, 100.f);
    Dev<float> din(in), dout(kN);
    const cudaError_t e = synced(k::square(din.p, dout.p, kN));
    std::vector<double> ref(kN);
    for (int i = 0; i < kN; ++i) ref[i] = double(in[i]) * in[i];
    record("square", e, dout.get(), ref, "rel");
  }
}

struct AffineInt {
  __host__ __device__ int operator()(int x) const { return 7 * x - 3; }
};

void grid_stride_map() {
  // A forced grid of 5 blocks: 1280 threads for 30011 elements, each thread doing 23 or 24.
  auto g = rng("map_grid_stride");
  const auto in = integers(g, kN, -100000, 100000);
  Dev<int> din(in), dout(kN);
  const cudaError_t e = synced(k::map(din.p, dout.p, kN, AffineInt{}, 5));
  std::vector<std::int64_t> ref(kN);
  for (int i = 0; i < kN; ++i) ref[i] = 7ll * in[i] - 3;
  record("map_grid_stride", e, dout.get(), ref, "exact");
}

void histograms() {
  const struct {
    const char* name;
    int bins;
    cudaError_t (*run)(const int*, int, unsigned*, int, cudaStream_t);
  } cases[] = {{"histogram_global", 100, k::histogram_global}, {"histogram_shared", 1000, k::histogram_shared}};
  for (const auto& c : cases) {
    auto g = rng(c.name);
    const auto values = integers(g, kN, 0, c.bins - 1);
    Dev<int> dv(values);
    Dev<unsigned> hist(c.bins);
    const cudaError_t e = synced(c.run(dv.p, kN, hist.p, c.bins, 0));
    std::vector<std::int64_t> ref(c.bins, 0);
    for (int v : values) ++ref[v];
    record(c.name, e, hist.get(), ref, "exact");
  }
}

void reductions() {
  const struct {
    const char* name;
    cudaError_t (*run)(const float*, int, float*, cudaStream_t);
  } cases[] = {{"reduce_sum_tree", k::reduce_sum_tree},
               {"reduce_sum_warp", k::reduce_sum_warp},
               {"reduce_sum_atomic", k::reduce_sum_atomic}};
  for (const auto& c : cases) {
    auto g = rng(c.name);
    // More elements than threads (every thread's grid-stride loop runs). Non-negative terms, so
    // that the scaled check (against sum|x|) is the relative error of the sum itself.
    const int n = 100003;
    const auto in = uniform(g, n, 0.f, 1.f);
    Dev<float> din(in), dout(1);
    const cudaError_t e = synced(c.run(din.p, n, dout.p, 0));
    double sum = 0, sum_abs = 0;
    for (float x : in) sum += x, sum_abs += std::fabs(x);
    record(c.name, e, dout.get(), std::vector<double>{sum}, "scaled", std::vector<double>{sum_abs});
  }
}

void scans() {
  const struct {
    const char* name;
    int n;
    k::ScanKind kind;
    bool block;
  } cases[] = {{"block_scan_inclusive", 1000, k::ScanKind::inclusive, true},
               {"block_scan_exclusive", 1000, k::ScanKind::exclusive, true},
               {"scan_inclusive", kN, k::ScanKind::inclusive, false},
               {"scan_exclusive", kN, k::ScanKind::exclusive, false}};
  for (const auto& c : cases) {
    auto g = rng(c.name);
    const auto in = integers(g, c.n, -1000, 1000);
    Dev<int> din(in), dout(c.n);
    const cudaError_t e = synced(c.block ? k::block_scan(din.p, dout.p, c.n, c.kind) : k::scan(din.p, dout.p, c.n, c.kind));
    std::vector<std::int64_t> ref(c.n);
    std::int64_t run = 0;
    for (int i = 0; i < c.n; ++i) {
      if (c.kind == k::ScanKind::exclusive) ref[i] = run;
      run += in[i];
      if (c.kind == k::ScanKind::inclusive) ref[i] = run;
    }
    record(c.name, e, dout.get(), ref, "exact");
  }
}

void matmuls() {
  const int m = 67, kk = 93, n = 45;
  const struct {
    const char* name;
    cudaError_t (*run)(const float*, const float*, float*, int, int, int, cudaStream_t);
  } cases[] = {{"matmul_naive", k::matmul_naive}, {"matmul_tiled", k::matmul_tiled}};
  for (const auto& c : cases) {
    auto g = rng(c.name);
    const auto a = uniform(g, m * kk, -1.f, 1.f), b = uniform(g, kk * n, -1.f, 1.f);
    Dev<float> da(a), db(b), dc(m * n);
    const cudaError_t e = synced(c.run(da.p, db.p, dc.p, m, kk, n, 0));
    std::vector<double> ref(m * n, 0.0), scale(m * n, 0.0);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        for (int t = 0; t < kk; ++t) {
          const double p = double(a[i * kk + t]) * b[t * n + j];
          ref[i * n + j] += p;
          scale[i * n + j] += std::fabs(p);
        }
    record(c.name, e, dc.get(), ref, "scaled", scale);
  }
}

void transposes() {
  const int rows = 131, cols = 77;
  const struct {
    const char* name;
    cudaError_t (*run)(const float*, float*, int, int, cudaStream_t);
  } cases[] = {{"transpose_naive", k::transpose_naive}, {"transpose_tiled", k::transpose_tiled}};
  for (const auto& c : cases) {
    auto g = rng(c.name);
    const auto in = uniform(g, rows * cols, -100.f, 100.f);
    Dev<float> din(in), dout(rows * cols);
    const cudaError_t e = synced(c.run(din.p, dout.p, rows, cols, 0));
    std::vector<double> ref(rows * cols);
    for (int r = 0; r < rows; ++r)
      for (int col = 0; col < cols; ++col) ref[col * rows + r] = in[r * cols + col];
    record(c.name, e, dout.get(), ref, "rel");
  }
}

void mandelbrot() {
  // A jittered view of the whole set. Points near its boundary are chaotic: nvcc contracts the
  // iteration into FMAs, one rounding apart from the CPU's, and the escape count of a few such
  // points may differ on a GPU (tests/kernels/mandelbrot_test.cpp). Allowed: 1 pixel in 500.
  auto g = rng("mandelbrot");
  const double jitter = uniform(g, 1, -0.01f, 0.01f)[0];
  const k::MandelbrotView v{-2.0 + jitter, 1.0 + jitter, -1.2 - jitter, 1.2 + jitter, 253, 199, 200};
  const int count = v.width * v.height;
  Dev<int> dout(count);
  const cudaError_t e = synced(k::mandelbrot(v, dout.p));
  std::vector<std::int64_t> ref(count);
  for (int row = 0; row < v.height; ++row)
    for (int col = 0; col < v.width; ++col) {
      const double cr = v.min_x + (v.max_x - v.min_x) * col / v.width;
      const double ci = v.min_y + (v.max_y - v.min_y) * row / v.height;
      double x = 0, y = 0;
      int i = 0;
      for (; i < v.max_iters && x * x + y * y <= 4.0; ++i) {
        const double xn = x * x - y * y + cr;
        y = 2.0 * x * y + ci;
        x = xn;
      }
      ref[row * v.width + col] = i;
    }
  record("mandelbrot", e, dout.get(), ref, "exact", {}, count / 500);
}

void softmax() {
  const int rows = 37, cols = 301;
  auto g = rng("softmax_rows");
  const auto in = uniform(g, rows * cols, -5.f, 5.f);
  Dev<float> din(in), dout(rows * cols);
  const cudaError_t e = synced(k::softmax_rows(din.p, dout.p, rows, cols));
  std::vector<double> ref(rows * cols);
  for (int r = 0; r < rows; ++r) {
    double mx = in[r * cols];
    for (int c = 0; c < cols; ++c) mx = std::max(mx, double(in[r * cols + c]));
    double sum = 0;
    for (int c = 0; c < cols; ++c) sum += std::exp(double(in[r * cols + c]) - mx);
    for (int c = 0; c < cols; ++c) ref[r * cols + c] = std::exp(double(in[r * cols + c]) - mx) / sum;
  }
  record("softmax_rows", e, dout.get(), ref, "rel");
}

void conv3x3() {
  const int h = 67, w = 131;
  auto g = rng("conv3x3");
  const auto in = uniform(g, h * w, -10.f, 10.f);
  const auto wv = uniform(g, 9, -1.f, 1.f);
  k::Filter3x3 f;
  for (int i = 0; i < 9; ++i) f.w[i / 3][i % 3] = wv[i];
  Dev<float> din(in), dout(h * w);
  const cudaError_t e = synced(k::conv3x3(din.p, dout.p, h, w, f));
  std::vector<double> ref(h * w, 0.0), scale(h * w, 0.0);
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j) {
          if (r + i < 0 || r + i >= h || c + j < 0 || c + j >= w) continue;
          const double p = double(f.w[i + 1][j + 1]) * in[(r + i) * w + c + j];
          ref[r * w + c] += p;
          scale[r * w + c] += std::fabs(p);
        }
  record("conv3x3", e, dout.get(), ref, "scaled", scale);
}

}  // namespace

int main(int argc, char** argv) {
  bool have_seed = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--seed") == 0) {
      g_seed = std::strtoull(argv[i + 1], nullptr, 0);
      have_seed = true;
    } else if (std::strcmp(argv[i], "--out") == 0) {
      g_out = argv[i + 1];
    }
  }
  if (!have_seed || g_out.empty() || argc != 5) {
    std::fprintf(stderr, "usage: diff_harness --seed S --out DIR\n");
    return 2;
  }
  g_manifest = std::fopen((g_out + "/manifest.txt").c_str(), "w");
  if (!g_manifest) {
    std::fprintf(stderr, "diff_harness: cannot write %s/manifest.txt (does the directory exist?)\n", g_out.c_str());
    return 2;
  }
  std::fprintf(g_manifest, "# seed %llu backend %s\n", static_cast<unsigned long long>(g_seed),
               CUSIM_SIMULATOR ? "sim" : "cuda");
  elementwise();
  grid_stride_map();
  histograms();
  reductions();
  scans();
  matmuls();
  transposes();
  mandelbrot();
  softmax();
  conv3x3();
  std::fclose(g_manifest);
  std::printf("diff_harness: seed %llu, outputs in %s%s\n", static_cast<unsigned long long>(g_seed), g_out.c_str(),
              g_failed ? " (some kernels failed to run: see manifest.txt)" : "");
  return 0;
}
