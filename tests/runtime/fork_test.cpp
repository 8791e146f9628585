// A program that forks. A child made after the parent used the simulated device cannot use it
// (fork copies only the calling thread, none of those that run the device's work): as with CUDA,
// its runtime calls fail with cudaErrorInitializationError, it never hangs, and its exit leaves
// the parent's work and findings alone. A child forked before any use has a device of its own.
// Whether the device was used before a fork is the process's history: the case that forks before
// any use comes first (doctest runs cases in the order of the file).
#include <doctest/doctest.h>

#include <cusim/cusim.hpp>
#if CUSIM_SIMULATOR
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#endif

#include "test_support.hpp"

__global__ void add_one(int* data) { data[blockIdx.x * blockDim.x + threadIdx.x] += 1; }

#if CUSIM_SIMULATOR
namespace {

// Under AddressSanitizer a child ends without LeakSanitizer's check at exit, which in a child
// forked from a process with other threads is meaningless: what the parent's worker threads
// reached only from their stacks and thread-local storage looks leaked, since those threads do
// not exist in the child ("Running thread ... was not suspended. False leaks are possible."),
// and stopping the world there can hang. The child still leaves through std::exit and every exit
// handler that cusim registered: this one, registered before cusim's first use, runs after them
// (in reverse order of registration) and just before LeakSanitizer's, which it skips.
#if defined(__SANITIZE_ADDRESS__)
const pid_t parent = getpid();
int child_status = 0;
const int skip_leak_check_in_child = std::atexit([] {
  if (getpid() != parent) std::_Exit(child_status);
});
void leave_child(int status) {
  child_status = status;
  std::exit(status);
}
#else
void leave_child(int status) { std::exit(status); }
#endif

// The child's exit status, or -1 if it had not ended within 20 seconds (it is killed then).
int wait_bounded(pid_t child) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(child, SIGKILL);
  waitpid(child, &status, 0);
  return -1;
}

}  // namespace

TEST_CASE("a child forked before any use of the device has one of its own") {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    int* data = nullptr;
    int failures = 0;
    if (cudaMallocManaged(&data, 64 * sizeof(int)) != cudaSuccess) std::_Exit(1);
    for (int i = 0; i < 64; ++i) data[i] = i;
    if (cusim::launch(add_one, dim3(2), dim3(32), data) != cudaSuccess) failures |= 2;
    if (cudaDeviceSynchronize() != cudaSuccess) failures |= 4;
    if (data[0] != 1 || data[63] != 64) failures |= 8;
    if (cudaFree(data) != cudaSuccess) failures |= 16;
    leave_child(failures);
  }
  CHECK(wait_bounded(child) == 0);
}

TEST_CASE("a child forked after the device's use gets cudaErrorInitializationError, and never hangs") {
  int* data = nullptr;
  REQUIRE(cudaMalloc(&data, 64 * sizeof(int)) == cudaSuccess);
  REQUIRE(cudaMemset(data, 0, 64 * sizeof(int)) == cudaSuccess);
  REQUIRE(cusim::launch(add_one, dim3(2), dim3(32), data) == cudaSuccess);  // may still run at the fork
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Each refusal is checked by the exit status: 0 only if every call failed as CUDA's would.
    int* more = nullptr;
    int failures = 0;
    if (cudaMalloc(&more, 16) != cudaErrorInitializationError) failures |= 1;
    if (cusim::launch(add_one, dim3(1), dim3(32), data) != cudaErrorInitializationError) failures |= 2;
    if (cudaDeviceSynchronize() != cudaErrorInitializationError) failures |= 4;
    int host[64];
    if (cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost) != cudaErrorInitializationError) failures |= 8;
    if (cudaGetLastError() != cudaErrorInitializationError) failures |= 16;
    leave_child(failures);  // through the exit handlers: none may wait for the parent's work
  }
  CHECK(wait_bounded(child) == 0);
  // The parent's device is as it was.
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  int host[64];
  REQUIRE(cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(host[0] == 1);
  CHECK(host[63] == 1);
  CHECK(cudaFree(data) == cudaSuccess);
}
#endif
