// Planted misuse: peer copies of memory the device cannot reach or does not have, each refused
// with cudaErrorInvalidValue before anything is copied (an H200 printed the same four lines,
// .carry/probes/peer) and named by cusim at its call.
// EXPECT: peer_copy_host_source: cudaErrorInvalidValue
// EXPECT: peer_copy_host_destination: cudaErrorInvalidValue
// EXPECT: peer_copy_past_end: cudaErrorInvalidValue
// EXPECT: peer_copy_null: cudaErrorInvalidValue
// EXPECT-FINDING: invalid-memory-range 23
// EXPECT-FINDING: invalid-memory-range 24
// EXPECT-FINDING: invalid-memory-range 25
// EXPECT-FINDING: invalid-memory-range 26
#include <vector>

#include "check.cuh"

int main() {
  const int n = 1000;
  const std::size_t bytes = n * sizeof(int);
  int *a, *b;
  CHECK_CUDA(cudaMalloc(&a, bytes));
  CHECK_CUDA(cudaMalloc(&b, bytes));
  std::vector<int> host(n, 3);
  std::printf("peer_copy_host_source: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, host.data(), 0, bytes)));
  std::printf("peer_copy_host_destination: %s\n", cudaGetErrorName(cudaMemcpyPeer(host.data(), 0, a, 0, bytes)));
  std::printf("peer_copy_past_end: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, a, 0, 2 * bytes)));
  std::printf("peer_copy_null: %s\n", cudaGetErrorName(cudaMemcpyPeer(nullptr, 0, a, 0, bytes)));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  return 0;
}
