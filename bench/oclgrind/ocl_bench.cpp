// ocl_bench — bench_engine's workloads written in OpenCL (kernels.cl), to time them under
// Oclgrind, the OpenCL simulator with race and uninitialised-value checks, against cusim's
// checked build (issue E3; bench/run-checker-overhead runs both).
//
//   oclgrind --data-races --uninitialized ./ocl_bench [--kernels FILE] [--only NAMES] [--n N]
//            [--runs R] [--warmups W] [--blocks B]
//
// For each workload: build kernels.cl (untimed), fill the inputs as bench_engine does (same
// generator, same seeds), W warm-up runs (default 1), then R timed runs; each timed run is the
// kernel's enqueue and clFinish, nothing else (resetting outputs and reading results back are
// outside it, as in bench_engine). Every run's result is checked against a serial loop, exactly
// for integers and element-wise float results, to a relative 1e-4 for matmul, exactly for the
// sum (whose inputs make every order of addition exact). It prints one line per workload on
// stdout:
//
//   ocl <name> n=<N> median_ms=<x> min_ms=<x> max_ms=<x> runs=<R>
//
// or `ocl <name> n=<N> WRONG RESULT: ...` and exits 1. N is the element count, or the matrix
// edge for matmul. The program uses the first OpenCL platform it finds: under `oclgrind`, that
// is Oclgrind's (it is preloaded); without it, whatever ICD the machine has.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "../random.hpp"
#include <vector>

#include <unistd.h>

namespace {

// ---- options ---------------------------------------------------------------------------------

constexpr const char* kNames[] = {"vector_add", "grid_stride", "histogram", "matmul", "tree_reduce"};

struct Options {
  std::string kernels;  // path of kernels.cl; empty: next to the executable
  std::string only;     // comma-separated workload names; empty: all
  long n = 0;           // 0: each workload's default size
  int runs = 5;
  int warmups = 1;
  unsigned blocks = 0;  // work-groups of grid_stride and histogram; 0: bench_engine's (32, 512)
};

[[noreturn]] void usage(const std::string& why, int status = 2) {
  std::fprintf(status ? stderr : stdout,
               "ocl_bench: %s\n"
               "usage: ocl_bench [--kernels FILE] [--only NAMES] [--n N] [--runs R] [--warmups W] [--blocks B]\n"
               "  --kernels FILE  the OpenCL source (default: kernels.cl next to this program)\n"
               "  --only NAMES    comma-separated: vector_add grid_stride histogram matmul tree_reduce\n"
               "  --n N           size of every chosen workload: elements, or the matrix edge for matmul\n"
               "                  (default per workload: 2^16, 2^16, 2^18, 64, 2^16)\n"
               "  --runs R        timed runs after the warm-ups (default 5); the median is reported\n"
               "  --warmups W     untimed (but checked) runs before them (default 1; 0 allowed)\n"
               "  --blocks B      work-groups of grid_stride and histogram (default 32 and 512, as bench_engine)\n",
               why.c_str());
  std::exit(status);
}

long number(const char* what, const char* text, long least) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 0);
  if (end == text || *end || v < least) usage(std::string(what) + " needs a number >= " + std::to_string(least));
  return v;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--kernels" && has_value) o.kernels = argv[++i];
    else if (a == "--only" && has_value) o.only = argv[++i];
    else if (a == "--n" && has_value) o.n = number("--n", argv[++i], 1);
    else if (a == "--runs" && has_value) o.runs = int(number("--runs", argv[++i], 1));
    else if (a == "--warmups" && has_value) o.warmups = int(number("--warmups", argv[++i], 0));
    else if (a == "--blocks" && has_value) o.blocks = unsigned(number("--blocks", argv[++i], 1));
    else if (a == "--help" || a == "-h") usage("bench_engine's workloads in OpenCL, for Oclgrind", 0);
    else usage("unknown argument '" + a + "'");
  }
  return o;
}

bool selected(const std::string& name, const std::string& only) {
  if (only.empty()) return true;
  std::stringstream list(only);
  for (std::string item; std::getline(list, item, ',');)
    if (item == name) return true;
  return false;
}

// ---- OpenCL plumbing -------------------------------------------------------------------------

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "ocl_bench: %s\n", what.c_str());
  std::exit(1);
}

void check(cl_int status, const char* call) {
  if (status != CL_SUCCESS) die(std::string(call) + " failed with OpenCL error " + std::to_string(status));
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) die("cannot read " + path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// kernels.cl next to the executable, where CMake copies it.
std::string default_kernels_path() {
  std::vector<char> buf(4096);
  const ssize_t len = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (len <= 0) return "kernels.cl";
  std::string exe(buf.data(), std::size_t(len));
  return exe.substr(0, exe.rfind('/') + 1) + "kernels.cl";
}

struct Cl {
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  cl_program program = nullptr;
};

Cl open_cl(const std::string& source_path) {
  cl_uint count = 0;
  // -1001 (CL_PLATFORM_NOT_FOUND_KHR) is the ICD loader's answer when no platform is installed.
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0)
    die("no OpenCL platform; run this program under oclgrind (oclgrind --data-races --uninitialized ./ocl_bench)");
  std::vector<cl_platform_id> platforms(count);
  check(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");
  cl_device_id device = nullptr;
  check(clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
  char platform_name[256] = "?", device_name[256] = "?";
  clGetPlatformInfo(platforms[0], CL_PLATFORM_NAME, sizeof platform_name, platform_name, nullptr);
  clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof device_name, device_name, nullptr);
  std::fprintf(stderr, "ocl_bench: platform '%s', device '%s'\n", platform_name, device_name);

  Cl cl;
  cl_int status = CL_SUCCESS;
  cl.context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
  check(status, "clCreateContext");
  cl.queue = clCreateCommandQueue(cl.context, device, 0, &status);
  check(status, "clCreateCommandQueue");
  const std::string source = read_text(source_path);
  const char* text = source.c_str();
  cl.program = clCreateProgramWithSource(cl.context, 1, &text, nullptr, &status);
  check(status, "clCreateProgramWithSource");
  if (clBuildProgram(cl.program, 1, &device, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
    std::size_t size = 0;
    clGetProgramBuildInfo(cl.program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(cl.program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    die("building " + source_path + " failed:\n" + log);
  }
  return cl;
}

// A device buffer holding `count` values of T, filled from `init` when given.
template <class T>
struct Buffer {
  Buffer(const Cl& cl, std::size_t count, const T* init = nullptr) : cl(cl), count(count) {
    cl_int status = CL_SUCCESS;
    mem = clCreateBuffer(cl.context, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), count * sizeof(T),
                         const_cast<T*>(init), &status);
    check(status, "clCreateBuffer");
  }
  ~Buffer() { clReleaseMemObject(mem); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  void write(const T* from) const {
    check(clEnqueueWriteBuffer(cl.queue, mem, CL_TRUE, 0, count * sizeof(T), from, 0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
  }
  std::vector<T> read() const {
    std::vector<T> out(count);
    check(clEnqueueReadBuffer(cl.queue, mem, CL_TRUE, 0, count * sizeof(T), out.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
    return out;
  }
  const Cl& cl;
  std::size_t count;
  cl_mem mem = nullptr;
};

struct Kernel {
  Kernel(const Cl& cl, const char* name) {
    cl_int status = CL_SUCCESS;
    k = clCreateKernel(cl.program, name, &status);
    check(status, "clCreateKernel");
  }
  ~Kernel() { clReleaseKernel(k); }
  Kernel(const Kernel&) = delete;
  Kernel& operator=(const Kernel&) = delete;
  template <class... Args>
  void set(const Args&... args) {
    cl_uint index = 0;
    (check(clSetKernelArg(k, index++, sizeof(Args), &args), "clSetKernelArg"), ...);
  }
  cl_kernel k = nullptr;
};

// ---- data, as bench_engine makes it ------------------------------------------------------------

using bench::Random;

// ---- measuring -------------------------------------------------------------------------------

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// The steps of one workload: `reset` (untimed) before each run, `verify` after it (untimed,
// "" when the result is right).
struct Steps {
  std::function<void()> reset = [] {};
  std::function<std::string()> verify;
};

int g_warmups = 1;  // --warmups

// g_warmups untimed runs, then `runs` timed runs of `kernel` over `global` work-items in
// work-groups of `local`; prints the workload's line and returns whether every result was right.
bool measure(const Cl& cl, const char* name, long n, int runs, const Kernel& kernel, cl_uint dims,
             const std::size_t* global, const std::size_t* local, const Steps& s) {
  std::vector<double> times;
  for (int r = -g_warmups; r < runs; ++r) {
    s.reset();
    check(clFinish(cl.queue), "clFinish");
    const auto start = std::chrono::steady_clock::now();
    check(clEnqueueNDRangeKernel(cl.queue, kernel.k, dims, nullptr, global, local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(cl.queue), "clFinish");
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (std::string diff = s.verify(); !diff.empty()) {
      std::printf("ocl %s n=%ld WRONG RESULT: %s\n", name, n, diff.c_str());
      std::fflush(stdout);
      return false;
    }
    if (r >= 0) times.push_back(ms);
  }
  std::printf("ocl %s n=%ld median_ms=%.3f min_ms=%.3f max_ms=%.3f runs=%d\n", name, n, median(times),
              *std::min_element(times.begin(), times.end()), *std::max_element(times.begin(), times.end()), runs);
  std::fflush(stdout);
  return true;
}

template <class T>
std::string compare_exact(const char* what, const std::vector<T>& expected, const std::vector<T>& actual) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (std::memcmp(&expected[i], &actual[i], sizeof(T)) != 0)
      return std::string(what) + "[" + std::to_string(i) + "]: expected " + std::to_string(expected[i]) + ", got " +
             std::to_string(actual[i]);
  return "";
}

bool close(double expected, double actual, double rel = 1e-4) {
  return std::fabs(actual - expected) <= rel * std::max(std::fabs(expected), 1e-30);
}

std::size_t groups_for(long n) { return (std::size_t(n) + 255) / 256; }  // ceil(n / 256), as kernels.cu

// ---- workloads (the same inputs and seeds as bench_engine) ------------------------------------

bool vector_add(const Cl& cl, long n, int runs) {
  std::vector<float> a(n), b(n), expected(n), zero(n, 0.0f);
  Random rng{1};
  for (long i = 0; i < n; ++i) a[i] = rng.unit(), b[i] = rng.unit();
  for (long i = 0; i < n; ++i) expected[i] = a[i] + b[i];
  Buffer<float> da(cl, n, a.data()), db(cl, n, b.data()), dc(cl, n, zero.data());
  Kernel k(cl, "vector_add");
  k.set(da.mem, db.mem, dc.mem, cl_int(n));
  const std::size_t local = 256, global = groups_for(n) * local;
  return measure(cl, "vector_add", n, runs, k, 1, &global, &local,
                 {.reset = [&] { dc.write(zero.data()); },
                  .verify = [&] { return compare_exact("c", expected, dc.read()); }});
}

bool grid_stride(const Cl& cl, long n, int runs, unsigned blocks) {
  std::vector<float> in(n), expected(n), zero(n, 0.0f);
  Random rng{2};
  for (long i = 0; i < n; ++i) in[i] = rng.unit() * 4.0f - 2.0f;
  for (long i = 0; i < n; ++i) expected[i] = in[i] * in[i];
  Buffer<float> din(cl, n, in.data()), dout(cl, n, zero.data());
  Kernel k(cl, "grid_stride_square");
  k.set(din.mem, dout.mem, cl_int(n));
  const std::size_t local = 256, global = std::size_t(blocks) * local;
  return measure(cl, "grid_stride", n, runs, k, 1, &global, &local,
                 {.reset = [&] { dout.write(zero.data()); },
                  .verify = [&] { return compare_exact("out", expected, dout.read()); }});
}

bool histogram(const Cl& cl, long n, int runs, unsigned blocks) {
  std::vector<unsigned char> in(n);
  std::vector<cl_uint> expected(256, 0), zero(256, 0);
  Random rng{3};
  for (long i = 0; i < n; ++i) in[i] = static_cast<unsigned char>(rng.next() >> 56);
  for (long i = 0; i < n; ++i) ++expected[in[i]];
  Buffer<unsigned char> din(cl, n, in.data());
  Buffer<cl_uint> dbins(cl, 256, zero.data());
  Kernel k(cl, "shared_histogram");
  k.set(din.mem, dbins.mem, cl_int(n));
  const std::size_t local = 256, global = std::size_t(blocks) * local;
  return measure(cl, "histogram", n, runs, k, 1, &global, &local,
                 {.reset = [&] { dbins.write(zero.data()); },
                  .verify = [&] { return compare_exact("bins", expected, dbins.read()); }});
}

bool matmul(const Cl& cl, long n, int runs) {
  const std::size_t nn = std::size_t(n) * n;
  std::vector<float> a(nn), b(nn), expected(nn, 0.0f), zero(nn, 0.0f);
  Random rng{4 + std::uint64_t(n)};
  for (std::size_t i = 0; i < nn; ++i) a[i] = rng.unit(), b[i] = rng.unit();  // positive: no cancellation
  for (long i = 0; i < n; ++i)  // i-k-j, as bench_engine's serial loop
    for (long k = 0; k < n; ++k)
      for (long j = 0; j < n; ++j) expected[i * n + j] += a[i * n + k] * b[k * n + j];
  Buffer<float> da(cl, nn, a.data()), db(cl, nn, b.data()), dc(cl, nn, zero.data());
  Kernel k(cl, "tiled_matmul");
  k.set(da.mem, db.mem, dc.mem, cl_int(n));
  const std::size_t local[2] = {16, 16}, global[2] = {std::size_t(n), std::size_t(n)};
  return measure(cl, "matmul", n, runs, k, 2, global, local,
                 {.reset = [&] { dc.write(zero.data()); },
                  .verify = [&]() -> std::string {
                    const std::vector<float> c = dc.read();
                    for (std::size_t i = 0; i < nn; ++i)
                      if (!close(expected[i], c[i]))
                        return "c[" + std::to_string(i) + "]: expected " + std::to_string(expected[i]) + ", got " +
                               std::to_string(c[i]) + " (relative tolerance 1e-4)";
                    return "";
                  }});
}

// Inputs are multiples of 1/4 in [0, 1), as bench_engine's: every partial sum is exact in float,
// so the total must equal the serial one exactly.
bool tree_reduce(const Cl& cl, long n, int runs) {
  std::vector<float> in(n);
  Random rng{5};
  for (long i = 0; i < n; ++i) in[i] = static_cast<float>(rng.next() >> 62) * 0.25f;
  float expected = 0.0f;
  for (long i = 0; i < n; ++i) expected += in[i];
  const float zero = 0.0f;
  Buffer<float> din(cl, n, in.data()), dtotal(cl, 1, &zero);
  Kernel k(cl, "tree_reduce");
  k.set(din.mem, dtotal.mem, cl_int(n));
  const std::size_t local = 256, global = groups_for(n) * local;
  return measure(cl, "tree_reduce", n, runs, k, 1, &global, &local,
                 {.reset = [&] { dtotal.write(&zero); },
                  .verify = [&]() -> std::string {
                    const float total = dtotal.read()[0];
                    if (total == expected) return "";
                    return "total: expected " + std::to_string(expected) + ", got " + std::to_string(total);
                  }});
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  g_warmups = o.warmups;
  for (std::stringstream list(o.only); !o.only.empty();) {  // reject unknown names up front
    std::string item;
    if (!std::getline(list, item, ',')) break;
    const auto known = [&](const char* name) { return item == name; };
    if (std::find_if(std::begin(kNames), std::end(kNames), known) == std::end(kNames))
      usage("unknown workload '" + item + "'");
  }
  if (selected("matmul", o.only) && o.n % 16) usage("matmul needs --n a multiple of 16");
  const Cl cl = open_cl(o.kernels.empty() ? default_kernels_path() : o.kernels);
  const auto size = [&](long fallback) { return o.n ? o.n : fallback; };
  bool ok = true;
  // Default sizes keep each workload within seconds under `oclgrind --data-races --uninitialized`.
  if (selected("vector_add", o.only)) ok &= vector_add(cl, size(1 << 16), o.runs);
  if (selected("grid_stride", o.only)) ok &= grid_stride(cl, size(1 << 16), o.runs, o.blocks ? o.blocks : 32);
  if (selected("histogram", o.only)) ok &= histogram(cl, size(1 << 18), o.runs, o.blocks ? o.blocks : 512);
  if (selected("matmul", o.only)) ok &= matmul(cl, size(64), o.runs);
  if (selected("tree_reduce", o.only)) ok &= tree_reduce(cl, size(1 << 16), o.runs);
  clReleaseProgram(cl.program);
  clReleaseCommandQueue(cl.queue);
  clReleaseContext(cl.context);
  return ok ? 0 : 1;
}
