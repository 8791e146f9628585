// Pinned, mapped and registered host memory, pointer attributes, pitched and 3D copies and
// stream-ordered allocation: the calls real programs make (cuda-samples' simpleZeroCopy,
// simpleStreams), with their error paths. The same expectations hold on a GPU.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <cusim/cusim.hpp>
#include <thread>
#include <vector>

#include "test_support.hpp"

namespace {
__global__ void add_one(int* p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}
}  // namespace

TEST_CASE("mapped pinned memory: a kernel writes the host's buffer through its device pointer") {
  cusim_test::FindingsGuard guard;
  CHECK(cudaSetDeviceFlags(cudaDeviceMapHost) == cudaSuccess);
  int* host = nullptr;
  REQUIRE(cudaHostAlloc(&host, 256 * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable) == cudaSuccess);
  for (int i = 0; i < 256; ++i) host[i] = i;
  int* device = nullptr;
  REQUIRE(cudaHostGetDevicePointer(&device, host, 0) == cudaSuccess);
  REQUIRE(device != nullptr);
  CHECK(cusim::launch(add_one, 2, 128, device, 256) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(host[0] == 1);
  CHECK(host[255] == 256);
  unsigned flags = 0;
  CHECK(cudaHostGetFlags(&flags, host) == cudaSuccess);
  CHECK((flags & cudaHostAllocMapped) != 0);
  cudaPointerAttributes attr;
  CHECK(cudaPointerGetAttributes(&attr, host) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeHost);
  CHECK(attr.hostPointer == host);
  CHECK(cudaHostGetDevicePointer(&device, host, 1) == cudaErrorInvalidValue);  // flags must be 0
  CHECK(cudaHostAlloc(&host, 16, 0x10) == cudaErrorInvalidValue);               // no such flag
  CHECK(cudaFreeHost(host) == cudaSuccess);
  cudaGetLastError();
}

TEST_CASE("registered host memory: kernels use it; registering twice or unregistering what is not registered fail") {
  cusim_test::FindingsGuard guard;
  std::vector<int> data(1000, 41);
  REQUIRE(cudaHostRegister(data.data(), data.size() * sizeof(int), cudaHostRegisterMapped) == cudaSuccess);
  int* device = nullptr;
  REQUIRE(cudaHostGetDevicePointer(&device, data.data(), 0) == cudaSuccess);
  CHECK(cusim::launch(add_one, 8, 128, device, 1000) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(data[0] == 42);
  CHECK(data[999] == 42);
  CHECK(cudaHostRegister(data.data(), 64, 0) == cudaErrorHostMemoryAlreadyRegistered);
  CHECK(cudaHostUnregister(data.data()) == cudaSuccess);
  CHECK(cudaHostUnregister(data.data()) == cudaErrorHostMemoryNotRegistered);
  cudaGetLastError();
#if CUSIM_SIMULATOR
  CHECK(cusim::findings().empty());
#endif
}

TEST_CASE("pointer attributes name the kind of memory") {
  int* d = nullptr;
  int* m = nullptr;
  REQUIRE(cudaMalloc(&d, 64) == cudaSuccess);
  REQUIRE(cudaMallocManaged(&m, 64) == cudaSuccess);
  cudaPointerAttributes a;
  CHECK(cudaPointerGetAttributes(&a, d) == cudaSuccess);
  CHECK(a.type == cudaMemoryTypeDevice);
  CHECK(a.devicePointer == d);
  CHECK(a.device == 0);
  CHECK(cudaPointerGetAttributes(&a, m) == cudaSuccess);
  CHECK(a.type == cudaMemoryTypeManaged);
  int local = 0;
  CHECK(cudaPointerGetAttributes(&a, &local) == cudaSuccess);
  CHECK(a.type == cudaMemoryTypeUnregistered);
  CHECK(cudaFree(d) == cudaSuccess);
  CHECK(cudaFree(m) == cudaSuccess);
}

TEST_CASE("pitched 2D memory: rows padded, copies and fills by rows, pitch errors") {
  cusim_test::FindingsGuard guard;
  const std::size_t width = 100, height = 7;
  char* d = nullptr;
  std::size_t pitch = 0;
  REQUIRE(cudaMallocPitch(&d, &pitch, width, height) == cudaSuccess);
  CHECK(pitch >= width);
  CHECK(pitch % 256 == 0);
  std::vector<char> src(width * height), back(width * height, 0);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<char>(i * 7);
  CHECK(cudaMemset2D(d, pitch, 0, width, height) == cudaSuccess);
  CHECK(cudaMemcpy2D(d, pitch, src.data(), width, width, height, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy2D(back.data(), width, d, pitch, width, height, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(back == src);
  CHECK(cudaMemcpy2D(d, pitch, src.data(), width, pitch + 1, 2, cudaMemcpyHostToDevice) == cudaErrorInvalidPitchValue);
  CHECK(cudaMemset2D(d, pitch, 1, width, height) == cudaSuccess);
  CHECK(cudaMemcpy2D(back.data(), width, d, pitch, width, height, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(back == std::vector<char>(width * height, 1));
  CHECK(cudaFree(d) == cudaSuccess);
  cudaGetLastError();
}

TEST_CASE("3D pitched memory: a sub-box copied in and out") {
  const cudaExtent extent = make_cudaExtent(40, 5, 3);
  cudaPitchedPtr d;
  REQUIRE(cudaMalloc3D(&d, extent) == cudaSuccess);
  CHECK(d.pitch >= 40);
  CHECK(d.xsize == 40);
  CHECK(d.ysize == 5);
  CHECK(cudaMemset3D(d, 0, extent) == cudaSuccess);
  std::vector<unsigned char> host(40 * 5 * 3);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i);
  cudaMemcpy3DParms p{};
  p.srcPtr = make_cudaPitchedPtr(host.data(), 40, 40, 5);
  p.dstPtr = d;
  p.extent = extent;
  p.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&p) == cudaSuccess);
  std::vector<unsigned char> back(host.size(), 0);
  cudaMemcpy3DParms q{};
  q.srcPtr = d;
  q.dstPtr = make_cudaPitchedPtr(back.data(), 40, 40, 5);
  q.extent = extent;
  q.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&q) == cudaSuccess);
  CHECK(back == host);
  CHECK(cudaFree(d.ptr) == cudaSuccess);
}

TEST_CASE("stream-ordered allocation: allocate, use and free on a stream") {
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  int* p = nullptr;
  REQUIRE(cudaMallocAsync(&p, 128 * sizeof(int), s) == cudaSuccess);
  CHECK(cudaMemsetAsync(p, 0, 128 * sizeof(int), s) == cudaSuccess);
  CHECK(cusim::launch(add_one, 1, 128, 0, s, p, 128) == cudaSuccess);
  std::vector<int> back(128);
  CHECK(cudaMemcpyAsync(back.data(), p, 128 * sizeof(int), cudaMemcpyDeviceToHost, s) == cudaSuccess);
  CHECK(cudaFreeAsync(p, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(back == std::vector<int>(128, 1));
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

namespace {
std::atomic<bool> free_returned{false};
std::atomic<bool> saw_free_return{false};
// Stream work that waits (at most 10 s) for the host to come back from cudaFreeAsync.
void wait_for_free(void*) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!free_returned && std::chrono::steady_clock::now() < until) std::this_thread::yield();
  saw_free_return = free_returned.load();
}
}  // namespace

TEST_CASE("cudaFreeAsync returns at once; the memory is freed when the stream gets there") {
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  int* p = nullptr;
  REQUIRE(cudaMallocAsync(&p, 64 * sizeof(int), s) == cudaSuccess);
  REQUIRE(cudaLaunchHostFunc(s, wait_for_free, nullptr) == cudaSuccess);
  CHECK(cudaFreeAsync(p, s) == cudaSuccess);
  free_returned = true;
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(saw_free_return);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

#if CUSIM_SIMULATOR  // findings are the simulator's
TEST_CASE("a second cudaFreeAsync before the stream has run the first is a double free") {
  cusim_test::FindingsGuard guard;
  cudaStream_t s;
  REQUIRE(cudaStreamCreate(&s) == cudaSuccess);
  free_returned = false;
  int* p = nullptr;
  REQUIRE(cudaMallocAsync(&p, 64 * sizeof(int), s) == cudaSuccess);
  REQUIRE(cudaLaunchHostFunc(s, wait_for_free, nullptr) == cudaSuccess);
  CHECK(cudaFreeAsync(p, s) == cudaSuccess);
  CHECK(cudaFreeAsync(p, s) == cudaErrorInvalidValue);
  free_returned = true;
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  const auto f = cusim::findings();
  REQUIRE(f.size() == 1);
  CHECK(f[0].kind == "invalid-free");
  CHECK(f[0].text.find("double free") != std::string::npos);
  CHECK(cudaFree(p) == cudaErrorInvalidValue);  // freed by the first: a double free too
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}
#endif

TEST_CASE("free memory goes down by what cudaMalloc takes") {
  std::size_t free_before = 0, total = 0, free_after = 0;
  REQUIRE(cudaMemGetInfo(&free_before, &total) == cudaSuccess);
  CHECK(free_before <= total);
  void* p = nullptr;
  REQUIRE(cudaMalloc(&p, 64 << 20) == cudaSuccess);
  REQUIRE(cudaMemGetInfo(&free_after, &total) == cudaSuccess);
  CHECK(free_before - free_after >= (64u << 20));
  CHECK(cudaFree(p) == cudaSuccess);
}
