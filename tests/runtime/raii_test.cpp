// The RAII layer: device_buffer, managed_buffer, stream and event release what they own exactly
// once, move cleanly, and turn failed calls into cusim::cuda_error.
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#include <string>
#include <vector>

#include "test_support.hpp"

// A __device__ function, so that slow_triple can call it too (CUDA launches a __global__ one only
// with <<<>>>).
__device__ void triple_element(int* data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 3;
}
__global__ void triple(int* data, int n) { triple_element(data, n); }

TEST_CASE("device_buffer: copies in, runs a kernel, copies out, frees once") {
  cusim_test::FindingsGuard guard;
  std::vector<int> host(1000);
  for (int i = 0; i < 1000; ++i) host[i] = i;
  cusim::device_buffer<int> d(host);
  CHECK(d.size() == 1000);
  CHECK(d.bytes() == 4000);
  REQUIRE(cusim::launch(triple, dim3(4), dim3(256), d.get(), 1000) == cudaSuccess);
  const std::vector<int> back = d.to_host();  // synchronous: after the kernel
  for (int i = 0; i < 1000; ++i) CHECK(back[i] == 3 * i);
  d.fill_bytes(0);
  CHECK(d.to_host() == std::vector<int>(1000, 0));
  CHECK_THROWS_AS(d.copy_from(std::vector<int>(3)), cusim::cuda_error);
  cusim::device_buffer<int> moved = std::move(d);
  CHECK(d.get() == nullptr);  // NOLINT: the moved-from buffer is empty and frees nothing
  CHECK(moved.size() == 1000);
  cusim::device_buffer<int> assigned;
  assigned = std::move(moved);
  CHECK(assigned.size() == 1000);
#if CUSIM_SIMULATOR
  CHECK(cusim::findings().empty());  // no double free anywhere
#endif
}

#if CUSIM_SIMULATOR  // the simulator's device profiles
TEST_CASE("buffers give their memory back: many large buffers in sequence fit the device") {
  cusim_test::FindingsGuard guard;
  const std::string saved = cusim::settings().device;
  cusim::settings().device = "t4";  // 15.8 GB: two 10 GB buffers alive at once would not fit
  for (int round = 0; round < 3; ++round) {
    cusim::device_buffer<char> big(std::size_t(10) << 30);
    CHECK(big.get() != nullptr);
  }
  cusim::settings().device = saved;
}
#endif

TEST_CASE("a refused allocation throws cuda_error with CUDA's code") {
  try {
    cusim::device_buffer<char> huge(std::size_t(1) << 40);
    FAIL("no exception");
  } catch (const cusim::cuda_error& e) {
    CHECK(e.code() == cudaErrorMemoryAllocation);
    CHECK(std::string(e.what()).find("cudaMalloc: cudaErrorMemoryAllocation (out of memory)") != std::string::npos);
  }
#if CUSIM_SIMULATOR  // a GPU may oversubscribe managed memory (docs/RUNTIME.md): 4 TiB succeeds there
  CHECK_THROWS_AS(cusim::managed_buffer<int>(std::size_t(1) << 40), cusim::cuda_error);
#endif
  cudaGetLastError();
}

__global__ void slow_triple(int* data, int n) {
  [[maybe_unused]] volatile int spin = 0;  // keeps the loop: the thread works a while before its element
  for (int k = 0; k < 1000; ++k) spin = k;
  triple_element(data, n);
}

TEST_CASE("stream and event wrappers: order, timing, cross-stream wait, destroyed on scope exit") {
  cusim_test::FindingsGuard guard;
  [[maybe_unused]] cudaStream_t raw = nullptr;  // read only on the simulator, below
  {
    cusim::stream s1, s2(cudaStreamNonBlocking);
    raw = s1;
    cusim::event start, done;
    cusim::device_buffer<int> d(std::vector<int>(512, 1));
    start.record(s1);
    REQUIRE(cusim::launch(slow_triple, dim3(2), dim3(256), 0, s1, d.get(), 512) == cudaSuccess);
    done.record(s1);
    done.make_wait(s2);
    REQUIRE(cusim::launch(triple, dim3(2), dim3(256), 0, s2, d.get(), 512) == cudaSuccess);
    s2.synchronize();
    CHECK(s1.idle());  // s2 waited for s1's kernel
    CHECK(done.elapsed_since(start) >= 0.0f);
    CHECK(d.to_host() == std::vector<int>(512, 9));
    cusim::stream moved = std::move(s2);
    CHECK(s2.get() == nullptr);  // NOLINT
  }
#if CUSIM_SIMULATOR  // on a GPU, a destroyed stream's handle must not be used at all
  CHECK(cusim::findings().empty());
  CHECK(cudaStreamQuery(raw) == cudaErrorInvalidResourceHandle);  // destroyed by the wrapper
#endif
}
