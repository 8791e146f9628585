// Streams and events: asynchrony with the host, order within a stream, concurrency across
// streams, and the orderings CUDA imposes (events, the legacy default stream). Concurrency is
// made observable with kernels that wait, for a bounded time, for a flag another party sets.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cusim/cusim.hpp>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

// Host side of a flag a kernel waits for.
void raise_flag(int* flag) { __atomic_store_n(flag, 1, __ATOMIC_SEQ_CST); }

}  // namespace

// What the waiting kernels need: a clock, and flag accesses that other streams' kernels and the
// host see. On the simulator, std::chrono and the compiler's atomics (which the checked build
// sees as atomics); on a GPU, the global nanosecond timer and volatile accesses with
// system-scope fences.
#if CUSIM_SIMULATOR
__device__ long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
__device__ int load_flag(const int* p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
__device__ void store_flag(int* p) { __atomic_store_n(p, 1, __ATOMIC_SEQ_CST); }
#else
__device__ long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return static_cast<long long>(t);
}
__device__ int load_flag(const int* p) {
  const int v = *static_cast<const volatile int*>(p);
  __threadfence_system();
  return v;
}
__device__ void store_flag(int* p) {
  __threadfence_system();
  *static_cast<volatile int*>(p) = 1;
  __threadfence_system();
}
#endif

// Waits up to `ms` for *flag; out[0] = 1 if it was seen, 0 if the wait timed out. Then marks
// *done (other kernels check it to see whether this one had finished).
__global__ void wait_for_flag(const int* flag, int ms, int* out, int* done) {
  const long long until = now_ns() + 1000000ll * ms;
  int seen = 0;
  while (!(seen = load_flag(flag)) && now_ns() < until) {
  }
  out[0] = seen;
  store_flag(done);
}

// Records whether *other_done was already set, then sets *flag.
__global__ void set_flag(int* flag, const int* other_done, int* saw_other_done) {
  saw_other_done[0] = load_flag(other_done);
  store_flag(flag);
}

__global__ void add_one(int* data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

// The state the ordering tests share: flags and results in managed memory.
struct Handshake {
  cusim_test::ManagedArray<int> flag{1, 0}, a_saw_flag{1, -1}, a_done{1, 0}, b_saw_a_done{1, -1};
  Handshake() {
#if !CUSIM_SIMULATOR
    // CUDA loads a kernel's code at its first launch (lazy loading, the default since CUDA 12.2),
    // and loading waits for the kernels already running: B's first launch would wait for A.
    // Asking for the kernels' attributes loads them now.
    cudaFuncAttributes attributes;
    REQUIRE(cudaFuncGetAttributes(&attributes, wait_for_flag) == cudaSuccess);
    REQUIRE(cudaFuncGetAttributes(&attributes, set_flag) == cudaSuccess);
#endif
  }
  // Kernel A waits (up to `ms`) for B's flag; B records whether A had finished.
  void launch_a(cudaStream_t s, int ms) {
    REQUIRE(cusim::launch(wait_for_flag, dim3(1), dim3(1), 0, s, flag.get(), ms, a_saw_flag.get(), a_done.get()) ==
            cudaSuccess);
  }
  void launch_b(cudaStream_t s) {
    REQUIRE(cusim::launch(set_flag, dim3(1), dim3(1), 0, s, flag.get(), a_done.get(), b_saw_a_done.get()) ==
            cudaSuccess);
  }
};

// A on stream `first` waits (up to 10 s) for B's flag; B goes on stream `second`. Without an
// ordering between the streams B runs while A waits.
void expect_concurrent(cudaStream_t first, cudaStream_t second) {
  Handshake h;
  h.launch_a(first, 10000);
  h.launch_b(second);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(h.a_saw_flag[0] == 1);    // B ran while A was running
  CHECK(h.b_saw_a_done[0] == 0);  // ... and before A finished
}
// The same with a 300 ms wait where `second` must wait for `first`: A times out, then B runs.
void expect_serialised(cudaStream_t first, cudaStream_t second) {
  Handshake h;
  h.launch_a(first, 300);
  h.launch_b(second);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(h.a_saw_flag[0] == 0);    // A timed out: B could not run before it
  CHECK(h.b_saw_a_done[0] == 1);  // B ran after A finished
}

TEST_CASE("a launch returns before the kernel has run: work is asynchronous with the host") {
  cusim_test::ManagedArray<int> flag(1, 0), seen(1, -1), done(1, 0);
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  REQUIRE(cusim::launch(wait_for_flag, dim3(1), dim3(1), 0, s, flag.get(), 10000, seen.get(), done.get()) ==
          cudaSuccess);
  CHECK(cudaStreamQuery(s) == cudaErrorNotReady);  // the kernel is waiting for the host
  CHECK(cudaGetLastError() == cudaSuccess);        // not-ready is not an error
  raise_flag(flag.get());
  REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(seen[0] == 1);
  CHECK(cudaStreamQuery(s) == cudaSuccess);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

TEST_CASE("work on one stream runs in order") {
  const int n = 1000;
  cusim_test::ManagedArray<int> data(n, 0);
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  std::vector<int> host(n, 5), back(n, 0);
  int* dev = nullptr;
  REQUIRE(cudaMalloc(&dev, n * sizeof(int)) == cudaSuccess);
  REQUIRE(cudaMemcpyAsync(dev, host.data(), n * sizeof(int), cudaMemcpyHostToDevice, s) == cudaSuccess);
  for (int k = 0; k < 10; ++k) REQUIRE(cusim::launch(add_one, dim3((n + 255) / 256), dim3(256), 0, s, dev, n) == cudaSuccess);
  REQUIRE(cudaMemcpyAsync(back.data(), dev, n * sizeof(int), cudaMemcpyDeviceToHost, s) == cudaSuccess);
  REQUIRE(cudaMemsetAsync(dev, 0, n * sizeof(int), s) == cudaSuccess);
  REQUIRE(cudaMemcpyAsync(data.get(), dev, n * sizeof(int), cudaMemcpyDeviceToDevice, s) == cudaSuccess);
  REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
  for (int i = 0; i < n; ++i) {
    CHECK(back[i] == 15);
    CHECK(data[i] == 0);
  }
  CHECK(cudaFree(dev) == cudaSuccess);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

#if CUSIM_SIMULATOR
// Each stream's worker thread runs blocks of its launches and keeps the checkers' shadow of a
// block's shared memory, sized for the largest block (512 KiB): mapped, it costs memory only where
// kernels use shared memory. Made and zeroed eagerly it was 10 MiB per stream (400 streams: 4 GiB).
TEST_CASE("streams that have run work cost memory in proportion to what their kernels use") {
  constexpr int streams = 200, n = 64;
  int* dev = nullptr;
  REQUIRE(cudaMalloc(&dev, streams * n * sizeof(int)) == cudaSuccess);
  REQUIRE(cudaMemset(dev, 0, streams * n * sizeof(int)) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  const long before = cusim_test::resident_kib();
  std::vector<cudaStream_t> s(streams);
  for (cudaStream_t& one : s) REQUIRE(cudaStreamCreate(&one) == cudaSuccess);
  for (int i = 0; i < streams; ++i)
    REQUIRE(cusim::launch(add_one, dim3(1), dim3(n), 0, s[i], dev + i * n, n) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  const long growth = cusim_test::resident_kib() - before;
  std::vector<int> back(streams * n);
  REQUIRE(cudaMemcpy(back.data(), dev, back.size() * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(std::count(back.begin(), back.end(), 1) == streams * n);
  for (cudaStream_t one : s) CHECK(cudaStreamDestroy(one) == cudaSuccess);
  CHECK(cudaFree(dev) == cudaSuccess);
  INFO("the resident set grew by " << growth << " KiB for " << streams << " streams");
#if !defined(__SANITIZE_ADDRESS__)  // the sanitizer's own memory per thread is not cusim's to bound
  CHECK(growth < 100 * 1024);
#endif
}
#endif

TEST_CASE("two streams with no dependency run concurrently") {
  cusim_test::ScopedWorkers one_worker(1);
  cudaStream_t s1, s2;
  REQUIRE(cudaStreamCreate(&s1) == cudaSuccess);
  REQUIRE(cudaStreamCreate(&s2) == cudaSuccess);
  expect_concurrent(s1, s2);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

// Every block of the grid waits (up to `ms`) for *flag; out[block] = 1 if it saw it.
__global__ void every_block_waits_for_flag(const int* flag, int ms, int* out) {
  const long long until = now_ns() + 1000000ll * ms;
  int seen = 0;
  while (!(seen = load_flag(flag)) && now_ns() < until) {
  }
  out[blockIdx.x] = seen;
}

__global__ void raise_flag_in_last_block(int* flag) {
  if (blockIdx.x == gridDim.x - 1) store_flag(flag);
}

// With several workers, a grid whose blocks all wait for another stream's grid: on the simulator
// they stall, off their workers (sim/exec/grid_residency.hpp), and must neither keep the other
// grid from running nor be judged stuck while it runs (the spin detector's last word waits for
// every running grid).
TEST_CASE("two streams' multi-block grids, with two workers each, run concurrently") {
  cusim_test::ScopedWorkers two_workers(2);
  cusim_test::ManagedArray<int> flag{1, 0}, seen{64, -1};
#if !CUSIM_SIMULATOR
  // Loaded now, not at their first launch (lazy loading waits for the running kernels: Handshake).
  cudaFuncAttributes attributes;
  REQUIRE(cudaFuncGetAttributes(&attributes, every_block_waits_for_flag) == cudaSuccess);
  REQUIRE(cudaFuncGetAttributes(&attributes, raise_flag_in_last_block) == cudaSuccess);
#endif
  cudaStream_t s1, s2;
  REQUIRE(cudaStreamCreate(&s1) == cudaSuccess);
  REQUIRE(cudaStreamCreate(&s2) == cudaSuccess);
  REQUIRE(cusim::launch(every_block_waits_for_flag, dim3(64), dim3(1), 0, s1, flag.get(), 3000, seen.get()) == cudaSuccess);
  REQUIRE(cusim::launch(raise_flag_in_last_block, dim3(2), dim3(1), 0, s2, flag.get()) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (int b = 0; b < 64; ++b) CHECK(seen[b] == 1);  // B ran while A's blocks waited
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

TEST_CASE("an event dependency orders work across streams") {
  cusim_test::ScopedWorkers one_worker(1);
  Handshake h;
  cudaStream_t s1, s2;
  cudaEvent_t a_finished;
  REQUIRE(cudaStreamCreate(&s1) == cudaSuccess);
  REQUIRE(cudaStreamCreate(&s2) == cudaSuccess);
  REQUIRE(cudaEventCreate(&a_finished) == cudaSuccess);
  h.launch_a(s1, 300);
  REQUIRE(cudaEventRecord(a_finished, s1) == cudaSuccess);
  REQUIRE(cudaStreamWaitEvent(s2, a_finished, 0) == cudaSuccess);
  h.launch_b(s2);
  REQUIRE(cudaStreamSynchronize(s2) == cudaSuccess);
  CHECK(h.a_saw_flag[0] == 0);    // A timed out: B could not run before it
  CHECK(h.b_saw_a_done[0] == 1);  // B ran after A finished
  cudaEventDestroy(a_finished);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

TEST_CASE("the legacy default stream serialises with blocking streams, not with non-blocking ones") {
  cusim_test::ScopedWorkers one_worker(1);
  cudaStream_t blocking, non_blocking;
  REQUIRE(cudaStreamCreate(&blocking) == cudaSuccess);
  REQUIRE(cudaStreamCreateWithFlags(&non_blocking, cudaStreamNonBlocking) == cudaSuccess);
  SUBCASE("default-stream work waits for earlier work of a blocking stream") { expect_serialised(blocking, 0); }
  SUBCASE("blocking-stream work waits for earlier default-stream work") { expect_serialised(cudaStreamLegacy, blocking); }
  SUBCASE("a non-blocking stream runs beside the default stream") { expect_concurrent(non_blocking, 0); }
  SUBCASE("the per-thread default stream is a blocking stream") { expect_serialised(cudaStreamPerThread, 0); }
  cudaStreamDestroy(blocking);
  cudaStreamDestroy(non_blocking);
}

TEST_CASE("a synchronous cudaMemcpy waits for earlier default-stream work") {
  const int n = 300;
  cusim_test::ManagedArray<int> data(n, 1);
  std::vector<int> host(n, 0);
  for (int k = 0; k < 3; ++k) REQUIRE(cusim::launch(add_one, dim3(2), dim3(256), data.get(), n) == cudaSuccess);
  REQUIRE(cudaMemcpy(host.data(), data.get(), n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  for (int i = 0; i < n; ++i) CHECK(host[i] == 4);
}

__global__ void busy_for(int ms) {
  const long long until = now_ns() + 1000000ll * ms;
  while (now_ns() < until) {
  }
}

TEST_CASE("events time the simulated work between them") {
  cudaEvent_t start, stop;
  REQUIRE(cudaEventCreate(&start) == cudaSuccess);
  REQUIRE(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync) == cudaSuccess);
  REQUIRE(cudaEventRecord(start) == cudaSuccess);
  REQUIRE(cusim::launch(busy_for, dim3(1), dim3(1), 50) == cudaSuccess);
  REQUIRE(cudaEventRecord(stop, 0) == cudaSuccess);
  REQUIRE(cudaEventSynchronize(stop) == cudaSuccess);
  CHECK(cudaEventQuery(stop) == cudaSuccess);
  float ms = -1;
  REQUIRE(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
  CHECK(ms >= 45.0f);
  CHECK(ms < 5000.0f);
  CHECK(cudaEventElapsedTime(nullptr, start, stop) == cudaErrorInvalidValue);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

TEST_CASE("event queries and elapsed time before the work has run, untimed and unrecorded events") {
  cusim_test::ManagedArray<int> flag(1, 0), seen(1, -1), done(1, 0);
  cudaEvent_t start, stop, untimed, never;
  REQUIRE(cudaEventCreate(&start) == cudaSuccess);
  REQUIRE(cudaEventCreate(&stop) == cudaSuccess);
  REQUIRE(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming) == cudaSuccess);
  REQUIRE(cudaEventCreate(&never) == cudaSuccess);
  CHECK(cudaEventQuery(never) == cudaSuccess);        // nothing recorded: nothing to wait for
  CHECK(cudaEventSynchronize(never) == cudaSuccess);
  REQUIRE(cudaEventRecord(start) == cudaSuccess);
  REQUIRE(cusim::launch(wait_for_flag, dim3(1), dim3(1), flag.get(), 10000, seen.get(), done.get()) == cudaSuccess);
  REQUIRE(cudaEventRecord(stop) == cudaSuccess);
  REQUIRE(cudaEventRecord(untimed) == cudaSuccess);
  CHECK(cudaEventQuery(stop) == cudaErrorNotReady);
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaErrorNotReady);
  raise_flag(flag.get());
  REQUIRE(cudaEventSynchronize(stop) == cudaSuccess);
  CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
  CHECK(cudaEventElapsedTime(&ms, start, untimed) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventElapsedTime(&ms, start, never) == cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  for (cudaEvent_t e : {start, stop, untimed, never}) CHECK(cudaEventDestroy(e) == cudaSuccess);
}

TEST_CASE("bad flags and null out-pointers are invalid values") {
  cudaStream_t s;
  cudaEvent_t e;
  CHECK(cudaStreamCreate(nullptr) == cudaErrorInvalidValue);
  CHECK(cudaStreamCreateWithFlags(&s, 0x10) == cudaErrorInvalidValue);
  CHECK(cudaEventCreate(nullptr) == cudaErrorInvalidValue);
  CHECK(cudaEventCreateWithFlags(&e, 0x40) == cudaErrorInvalidValue);
  CHECK(cudaEventCreateWithFlags(&e, cudaEventInterprocess) == cudaErrorInvalidValue);  // needs DisableTiming
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  REQUIRE(cudaEventCreate(&e) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(0, e, 0x4) == cudaErrorInvalidValue);
  CHECK(cudaStreamWaitEvent(0, e, cudaEventWaitExternal) == cudaErrorIllegalState);  // outside a stream capture
  CHECK(cudaEventDestroy(e) == cudaSuccess);
  cudaGetLastError();
}

#if CUSIM_SIMULATOR  // on a GPU, a destroyed handle must not be used at all: the simulator's findings
TEST_CASE("a destroyed stream used again is an invalid handle, with a finding naming the call") {
  cusim_test::FindingsGuard guard;
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  REQUIRE(cudaStreamDestroy(s) == cudaSuccess);
  cusim_test::ManagedArray<int> data(4, 0);
  CHECK(cusim::launch(add_one, dim3(1), dim3(4), 0, s, data.get(), 4) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamSynchronize(s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamQuery(s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaMemsetAsync(data.get(), 0, 4, s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaMemcpyAsync(data.get(), data.get(), 4, cudaMemcpyDefault, s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamDestroy(s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamDestroy(0) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamSynchronize(reinterpret_cast<cudaStream_t>(0x1234)) == cudaErrorInvalidResourceHandle);
  CHECK(cudaGetLastError() == cudaErrorInvalidResourceHandle);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);  // not sticky
  const auto f = cusim::findings();
  REQUIRE(f.size() == 8);
  for (const auto& finding : f) CHECK(finding.kind == "invalid-handle");
  CHECK(f[0].text.find("cusim::launch: stream") != std::string::npos);
  CHECK(f[0].text.find("was destroyed (cudaStreamDestroy)") != std::string::npos);
  CHECK(f[0].text.find("stream_test.cpp:") != std::string::npos);
  CHECK(f[1].text.find("cudaStreamSynchronize") != std::string::npos);
  CHECK(f[1].text.find("stream_test.cpp:") != std::string::npos);
  CHECK(f[6].text.find("the default stream cannot be destroyed") != std::string::npos);
  CHECK(f[7].text.find("is not a stream handle cudaStreamCreate returned") != std::string::npos);
  for (int i = 0; i < 4; ++i) CHECK(data[i] == 0);  // nothing ran
}
#endif

#if CUSIM_SIMULATOR  // on a GPU, a destroyed handle must not be used at all: the simulator's findings
TEST_CASE("a destroyed event used again is an invalid handle") {
  cusim_test::FindingsGuard guard;
  cudaEvent_t e, other;
  REQUIRE(cudaEventCreate(&e) == cudaSuccess);
  REQUIRE(cudaEventCreate(&other) == cudaSuccess);
  REQUIRE(cudaEventDestroy(e) == cudaSuccess);
  float ms;
  CHECK(cudaEventRecord(e) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventSynchronize(e) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventQuery(e) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventElapsedTime(&ms, other, e) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamWaitEvent(0, e, 0) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventDestroy(e) == cudaErrorInvalidResourceHandle);
  const auto f = cusim::findings();
  REQUIRE(f.size() == 6);
  CHECK(f[0].text.find("cudaEventRecord: event") != std::string::npos);
  CHECK(f[0].text.find("was destroyed (cudaEventDestroy)") != std::string::npos);
  CHECK(cudaEventDestroy(other) == cudaSuccess);
}
#endif

__global__ void failing(int* p) { assert(p[0] == 12345); }

// An error inside a launch surfaces at the next synchronising call of any kind. One test case
// per call: the error is sticky, and on a GPU a process cannot use CUDA again after it (each test
// case of this suite runs in a process of its own there: PROCESS_PER_CASE, tests/CMakeLists.txt).
TEST_CASE("an error inside a launch surfaces at cudaStreamSynchronize") {
  cusim_test::FindingsGuard guard;  // first, so that the reset comes after the buffer is freed
  cusim_test::ManagedArray<int> zero(1, 0);
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  REQUIRE(cusim::launch(failing, dim3(1), dim3(1), 0, s, zero.get()) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaErrorAssert);
}

TEST_CASE("an error inside a launch surfaces at cudaEventSynchronize") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> zero(1, 0);
  cudaEvent_t e;
  REQUIRE(cudaEventCreate(&e) == cudaSuccess);
  REQUIRE(cusim::launch(failing, dim3(1), dim3(1), zero.get()) == cudaSuccess);
  REQUIRE(cudaEventRecord(e) == cudaSuccess);
  CHECK(cudaEventSynchronize(e) == cudaErrorAssert);
}

TEST_CASE("an error inside a launch surfaces at cudaMemcpy, and later work does not run") {
  cusim_test::FindingsGuard guard;
  cusim_test::ManagedArray<int> zero(1, 0);
  int host = 7;
  REQUIRE(cusim::launch(failing, dim3(1), dim3(1), zero.get()) == cudaSuccess);
  CHECK(cudaMemcpy(&host, zero.get(), sizeof host, cudaMemcpyDeviceToHost) == cudaErrorAssert);
  CHECK(host == 7);
  CHECK(cusim::launch(add_one, dim3(1), dim3(1), zero.get(), 1) == cudaErrorAssert);  // sticky
}

#if CUSIM_SIMULATOR  // on a GPU, a destroyed handle must not be used at all: the simulator's findings
TEST_CASE("cudaDeviceReset waits for the work and destroys every stream and event") {
  cusim_test::FindingsGuard guard;
  cudaStream_t s;
  cudaEvent_t e;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  REQUIRE(cudaEventCreate(&e) == cudaSuccess);
  int* data = nullptr;
  REQUIRE(cudaMallocManaged(&data, sizeof(int)) == cudaSuccess);
  *data = 0;
  REQUIRE(cusim::launch(busy_for, dim3(1), dim3(1), 0, s, 200) == cudaSuccess);
  REQUIRE(cusim::launch(add_one, dim3(1), dim3(1), 0, s, data, 1) == cudaSuccess);
  const int seen_before_reset = *data;  // not yet: the stream is busy
  REQUIRE(cudaDeviceReset() == cudaSuccess);
  CHECK(seen_before_reset == 0);
  CHECK(cudaStreamSynchronize(s) == cudaErrorInvalidResourceHandle);
  CHECK(cudaEventQuery(e) == cudaErrorInvalidResourceHandle);
  CHECK(cudaFree(data) == cudaErrorInvalidValue);  // released by the reset
}
#endif
