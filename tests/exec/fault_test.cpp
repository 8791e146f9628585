// Faults inside kernels end the launch with CUDA's error code and a finding naming kernel, block
// and thread; the test binary (the host process) survives, and launches work again after reset.
// On a GPU the error codes and their stickiness are the same, but a process cannot use CUDA again
// after a sticky error: there each test case runs in a process of its own (PROCESS_PER_CASE,
// tests/CMakeLists.txt) and the recovery is the simulator's alone.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <stdexcept>
#if CUSIM_SIMULATOR
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "test_support.hpp"

__global__ void fill(int* out, int value) { out[blockIdx.x * blockDim.x + threadIdx.x] = value; }

// After a failed launch: the error is sticky (later calls fail with it, nothing runs) until
// cudaDeviceReset, and then, on the simulator, everything works again. (On a GPU, CUDA's
// documentation for these errors: "the process must be terminated and relaunched".)
void expect_sticky_then_recover(cudaError_t expected) {
  static int untouched[4] = {0, 0, 0, 0};
  void* p = nullptr;
  CHECK(cudaMalloc(&p, 16) == expected);
  CHECK(cusim::launch(fill, dim3(1), dim3(4), untouched, 7) == expected);
  CHECK(untouched[0] == 0);
  CHECK(cudaGetLastError() == expected);
  if (!CUSIM_SIMULATOR) return;
  CHECK(cudaDeviceReset() == cudaSuccess);
  cusim_test::ManagedArray<int> again(4, 0);
  CHECK(cusim::launch(fill, dim3(1), dim3(4), again.get(), 7) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(again[3] == 7);
}

#if CUSIM_SIMULATOR  // findings are the simulator's; the error codes and their stickiness are CUDA's
cusim::Finding only_finding() {
  auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  return f[0];
}
#endif

__global__ void failing_assert(int* out) {
  out[threadIdx.x] = 1;
  assert(!(blockIdx.x == 2 && threadIdx.x == 5));
}

TEST_CASE("a failed assert ends the launch with cudaErrorAssert, naming kernel, block and thread") {
  cusim_test::FindingsGuard guard;
  int* out = nullptr;
  REQUIRE(cudaMallocManaged(&out, 64 * sizeof(int)) == cudaSuccess);
  {
    cusim_test::ScopedWorkers one_worker(1);
    REQUIRE(cusim::launch(failing_assert, dim3(4), dim3(16), out) == cudaSuccess);
  }
  CHECK(cudaDeviceSynchronize() == cudaErrorAssert);
#if CUSIM_SIMULATOR
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "assertion-failed");
  CHECK(f.error == cudaErrorAssert);
  CHECK(f.kernel.find("failing_assert") != std::string::npos);
  CHECK(f.text.find("fault_test.cpp:") != std::string::npos);
  CHECK(f.text.find("block (2,0,0), thread (5,0,0)") != std::string::npos);
#endif
  expect_sticky_then_recover(cudaErrorAssert);
}

#if CUSIM_SIMULATOR  // C++ exceptions exist in kernels only on the simulator
__global__ void throwing_kernel() {
  if (threadIdx.x == 3) throw std::runtime_error("boom");
}

TEST_CASE("an exception escaping kernel code ends the launch with cudaErrorLaunchFailure") {
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(throwing_kernel, dim3(1), dim3(8)) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "kernel-exception");
  CHECK(f.text.find("boom") != std::string::npos);
  CHECK(f.text.find("thread (3,0,0)") != std::string::npos);
  expect_sticky_then_recover(cudaErrorLaunchFailure);
}
#endif

#if CUSIM_SIMULATOR  // the simulator's own fault report; a GPU reports stack overflow differently
__device__ int recurse(int depth) {
  volatile char frame[512];
  frame[0] = static_cast<char>(depth);
  return depth > 100000000 ? frame[0] : recurse(depth + 1) + frame[0];
}
__global__ void overflowing_kernel(int* out) { out[threadIdx.x] = recurse(0); }

TEST_CASE("a stack overflow is a finding, not a crash") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> out(4, 0);
  REQUIRE(cusim::launch(overflowing_kernel, dim3(1), dim3(4), out.get()) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "stack-overflow");
  CHECK(f.text.find("thread (0,0,0)") != std::string::npos);
  expect_sticky_then_recover(cudaErrorLaunchFailure);
}

// Locals larger than the stack's guard region: without probing, the frame's first store would
// land below the guard, in another simulated thread's stack (silently changing its locals) or in
// memory mapped nowhere (an illegal-address finding). Kernel code is compiled with
// -fstack-clash-protection, which touches each page of a large frame in turn, from the top.
__device__ int touch_lowest(volatile char* p, std::size_t n) {
  p[0] = 1;
  p[n - 1] = 2;
  return p[0] + p[n - 1];
}
__global__ void large_local_array(int* out) {
  volatile char big[4 << 20];  // 4 MiB: far more than any thread's stack and its guard
  out[threadIdx.x] = touch_lowest(big, sizeof big);
}
__global__ void large_alloca(int* out, std::size_t n) {
  volatile char* p = static_cast<volatile char*>(__builtin_alloca(n));
  out[threadIdx.x] = touch_lowest(p, n);
}

// Also under AddressSanitizer: run before the exception case below, a failure that fail() ends
// used to leak the message of this case's finding (fail() in block_findings.cpp says how).
TEST_CASE("a local array larger than the stack is a stack-overflow finding, whatever its size") {
  for (int kind = 0; kind < 2; ++kind) {
    CAPTURE(kind);
    cusim_test::FindingsGuard guard;
    cusim_test::ManagedArray<int> out(64, 0);
    const cudaError_t launched = kind == 0 ? cusim::launch(large_local_array, dim3(2), dim3(32), out.get())
                                           : cusim::launch(large_alloca, dim3(2), dim3(32), out.get(), std::size_t(3) << 20);
    REQUIRE(launched == cudaSuccess);
    CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    const cusim::Finding f = only_finding();
    CHECK(f.kind == "stack-overflow");
    expect_sticky_then_recover(cudaErrorLaunchFailure);
  }
}
#endif

__global__ void wild_store(int* base) {
  if (threadIdx.x == 1) base[0] = 42;  // base points at memory mapped nowhere
}

TEST_CASE("a store to an address mapped nowhere ends the launch with cudaErrorIllegalAddress") {
  cusim_test::FindingsGuard guard;
  int* nowhere = reinterpret_cast<int*>(0x10);
  REQUIRE(cusim::launch(wild_store, dim3(1), dim3(2), nowhere) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
#if CUSIM_SIMULATOR
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "illegal-address");
  CHECK(f.text.find("0x10") != std::string::npos);
  CHECK(f.text.find("thread (1,0,0)") != std::string::npos);
#endif
  expect_sticky_then_recover(cudaErrorIllegalAddress);
}

__global__ void trapping_kernel() {
  if (blockIdx.x == 1) __trap();
}

TEST_CASE("__trap() ends the launch with cudaErrorLaunchFailure") {
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(trapping_kernel, dim3(2), dim3(1)) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
#if CUSIM_SIMULATOR
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "trap");
  CHECK(f.text.find("block (1,0,0)") != std::string::npos);
#endif
  expect_sticky_then_recover(cudaErrorLaunchFailure);
}

__global__ void divide(int* out, int d) { out[threadIdx.x] = 100 / d; }

#if CUSIM_SIMULATOR  // a GPU does not trap on integer division by zero
TEST_CASE("an integer division by zero is reported instead of killing the process") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> out(1, 0);
  REQUIRE(cusim::launch(divide, dim3(1), dim3(1), out.get(), 0) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  CHECK(only_finding().kind == "arithmetic-fault");
  expect_sticky_then_recover(cudaErrorLaunchFailure);
}
#endif

#if CUSIM_SIMULATOR  // the simulator's workers and findings
TEST_CASE("faults on several workers at once still end in one finding") {
  cusim_test::FindingsGuard guard;
  cusim_test::ScopedSchedule two(cusim::Schedule::in_order, 1, 2);
  int* out = nullptr;
  REQUIRE(cudaMallocManaged(&out, 64 * 64 * sizeof(int)) == cudaSuccess);
  REQUIRE(cusim::launch(failing_assert, dim3(64), dim3(64), out) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorAssert);
  CHECK(only_finding().text.find("block (2,0,0), thread (5,0,0)") != std::string::npos);
}
#endif

#if CUSIM_SIMULATOR  // C++ exceptions exist in kernels only on the simulator
__global__ void throw_after_barrier() {
  __syncthreads();
  if (threadIdx.x == 5) throw std::runtime_error("after the barrier");
}

TEST_CASE("an exception thrown after a barrier names the thread that threw") {
  cusim_test::FindingsGuard guard;
  REQUIRE(cusim::launch(throw_after_barrier, dim3(2), dim3(16)) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
  const cusim::Finding f = only_finding();
  CHECK(f.kind == "kernel-exception");
  CHECK(f.text.find("after the barrier") != std::string::npos);
  CHECK(f.text.find("thread (5,0,0)") != std::string::npos);
  expect_sticky_then_recover(cudaErrorLaunchFailure);
}
#endif

// The simulator's fault handlers, outside kernels. (Under ASan its own handler takes the signal,
// reports it and exits with status 1.)
#if CUSIM_SIMULATOR && !defined(__SANITIZE_ADDRESS__)
TEST_CASE("a SIGSEGV that host code raises after a launch still ends the process by that signal") {
  cusim_test::ManagedArray<int> out(4, 0);
  REQUIRE(cusim::launch(fill, dim3(1), dim3(4), out.get(), 7) == cudaSuccess);  // installs the handlers
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::fflush(nullptr);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    raise(SIGSEGV);  // not a fault of kernel code: the handler must let it kill the process
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
}
#endif
