// Peer access and peer copies on a machine of one device, as cuda-samples' p2pBandwidthLatencyTest
// and multi-GPU programs call them: asking whether device 0 is its own peer, enabling and
// disabling peer access (to itself and to a device that is not there), and copying between
// device 0 and device 0 with cudaMemcpyPeer and cudaMemcpyPeerAsync, synchronously and on a
// stream, with CUDA's refusals (a peer copy in a stream capture: 111_capture_invalidation.cu;
// copies of memory the device cannot reach: 113_planted_peer_copy_ranges.cu).
// Every line is what an H200 printed with CUDA_VISIBLE_DEVICES=0.
// EXPECT: can_access_self: cudaSuccess 0
// EXPECT: can_access_missing: cudaErrorInvalidDevice
// EXPECT: enable_self: cudaErrorPeerAccessUnsupported
// EXPECT: enable_missing: cudaErrorInvalidDevice
// EXPECT: enable_flags: cudaErrorInvalidValue
// EXPECT: enable_flags_missing: cudaErrorInvalidDevice
// EXPECT: disable_self: cudaErrorPeerAccessNotEnabled
// EXPECT: disable_missing: cudaErrorInvalidDevice
// EXPECT: last_error: cudaErrorInvalidDevice
// EXPECT: peer_copy: cudaSuccess
// EXPECT: peer_copy_values: ok
// EXPECT: peer_copy_zero: cudaSuccess
// EXPECT: peer_copy_bad_destination_device: cudaErrorInvalidDevice
// EXPECT: peer_copy_bad_source_device: cudaErrorInvalidDevice
// EXPECT: peer_copy_pinned_source: cudaSuccess
// EXPECT: peer_copy_pinned_values: ok
// EXPECT: peer_copy_async: cudaSuccess
// EXPECT: peer_copy_async_values: ok
// EXPECT: peer_copy_async_bad_device: cudaErrorInvalidDevice
#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void fill(int* v, int n, int base) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = base + i;
}

static bool holds(const int* device, int n, int base) {
  std::vector<int> host(n);
  CHECK_CUDA(cudaMemcpy(host.data(), device, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (host[i] != base + i) return false;
  return true;
}

int main() {
  int can = -1;
  cudaError_t e = cudaDeviceCanAccessPeer(&can, 0, 0);
  std::printf("can_access_self: %s %d\n", cudaGetErrorName(e), can);
  std::printf("can_access_missing: %s\n", cudaGetErrorName(cudaDeviceCanAccessPeer(&can, 0, 1)));
  CHECK_CUDA(cudaSetDevice(0));
  std::printf("enable_self: %s\n", cudaGetErrorName(cudaDeviceEnablePeerAccess(0, 0)));
  std::printf("enable_missing: %s\n", cudaGetErrorName(cudaDeviceEnablePeerAccess(1, 0)));
  std::printf("enable_flags: %s\n", cudaGetErrorName(cudaDeviceEnablePeerAccess(0, 1)));
  std::printf("enable_flags_missing: %s\n", cudaGetErrorName(cudaDeviceEnablePeerAccess(1, 1)));
  std::printf("disable_self: %s\n", cudaGetErrorName(cudaDeviceDisablePeerAccess(0)));
  std::printf("disable_missing: %s\n", cudaGetErrorName(cudaDeviceDisablePeerAccess(1)));
  std::printf("last_error: %s\n", cudaGetErrorName(cudaGetLastError()));

  const int n = 1000;
  const std::size_t bytes = n * sizeof(int);
  int *a, *b;
  CHECK_CUDA(cudaMalloc(&a, bytes));
  CHECK_CUDA(cudaMalloc(&b, bytes));
  fill<<<(n + 255) / 256, 256>>>(a, n, 7);
  std::printf("peer_copy: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, a, 0, bytes)));
  report("peer_copy_values", holds(b, n, 7), 1);
  std::printf("peer_copy_zero: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, a, 0, 0)));
  std::printf("peer_copy_bad_destination_device: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 1, a, 0, bytes)));
  std::printf("peer_copy_bad_source_device: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, a, -1, bytes)));
  int* pinned;
  CHECK_CUDA(cudaMallocHost(&pinned, bytes));
  for (int i = 0; i < n; ++i) pinned[i] = 9 + i;
  std::printf("peer_copy_pinned_source: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 0, pinned, 0, bytes)));
  report("peer_copy_pinned_values", holds(b, n, 9), 1);
  cudaGetLastError();

  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 100);
  std::printf("peer_copy_async: %s\n", cudaGetErrorName(cudaMemcpyPeerAsync(b, 0, a, 0, bytes, s)));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("peer_copy_async_values", holds(b, n, 100), 1);
  std::printf("peer_copy_async_bad_device: %s\n", cudaGetErrorName(cudaMemcpyPeerAsync(b, 2, a, 0, bytes, s)));
  cudaGetLastError();

  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  CHECK_CUDA(cudaFreeHost(pinned));
  return 0;
}
