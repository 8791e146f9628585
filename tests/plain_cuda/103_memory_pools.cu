// Stream-ordered memory pools, as cuda-samples' streamOrderedAllocation uses them: the device's
// default pool and its attributes, a release threshold, cudaMallocAsync from the current pool, a
// pool of the program's own (cudaMallocFromPoolAsync and cudaMallocAsync's pool overload), and
// CUDA's answers to wrong calls.
// EXPECT: pools_supported: 1
// EXPECT: default_is_current: ok
// EXPECT: default_attributes: threshold 0 reuse 1 1 1
// EXPECT: threshold_kept: ok
// EXPECT: reuse_flag_set: 0
// EXPECT: used_while_allocated: ok
// EXPECT: pool_results: ok
// EXPECT: used_after_free: 0
// EXPECT: reserved_kept_below_threshold: ok
// EXPECT: reserved_after_trim: 0
// EXPECT: own_pool_results: ok
// EXPECT: own_pool_used_high: ok
// EXPECT: current_pool_used: ok
// EXPECT: access: 3
// EXPECT: destroy_default: cudaErrorInvalidValue
// EXPECT: set_used_current: cudaErrorInvalidValue
// EXPECT: set_high_nonzero: cudaErrorInvalidValue
// EXPECT: default_of_device_7: cudaErrorInvalidDevice
// EXPECT: create_on_device_7: cudaErrorInvalidValue
#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void fill(int* v, int n, int base) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = base + i;
}

unsigned long long pool_bytes(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  unsigned long long v = 0;
  CHECK_CUDA(cudaMemPoolGetAttribute(pool, attr, &v));
  return v;
}

int main() {
  const int n = 1 << 18;
  const std::size_t bytes = n * sizeof(int);
  std::vector<int> host(n);
  int supported = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
  std::printf("pools_supported: %d\n", supported);

  cudaMemPool_t pool, current;
  CHECK_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
  CHECK_CUDA(cudaDeviceGetMemPool(&current, 0));
  report("default_is_current", pool == current, 1);
  int follow = -1, opportunistic = -1, internal = -1;
  CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseFollowEventDependencies, &follow));
  CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &opportunistic));
  CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowInternalDependencies, &internal));
  std::printf("default_attributes: threshold %llu reuse %d %d %d\n", pool_bytes(pool, cudaMemPoolAttrReleaseThreshold),
              follow, opportunistic, internal);

  // As streamOrderedAllocation: keep freed memory in the pool, whatever its size.
  unsigned long long threshold = ~0ull;
  CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  report("threshold_kept", pool_bytes(pool, cudaMemPoolAttrReleaseThreshold) == ~0ull, 1);
  int reuse = 0;  // the reuse flags are ints
  CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
  reuse = -1;
  CHECK_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
  std::printf("reuse_flag_set: %d\n", reuse);
  reuse = 1;
  CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));

  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int* d = nullptr;
  CHECK_CUDA(cudaMallocAsync(&d, bytes, s));
  fill<<<(n + 255) / 256, 256, 0, s>>>(d, n, 7);
  CHECK_CUDA(cudaMemcpyAsync(host.data(), d, bytes, cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  report("used_while_allocated", pool_bytes(pool, cudaMemPoolAttrUsedMemCurrent) >= bytes &&
                                     pool_bytes(pool, cudaMemPoolAttrReservedMemCurrent) >=
                                         pool_bytes(pool, cudaMemPoolAttrUsedMemCurrent),
         1);
  CHECK_CUDA(cudaFreeAsync(d, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 7 + i;
  report("pool_results", wrong, 0);
  std::printf("used_after_free: %llu\n", pool_bytes(pool, cudaMemPoolAttrUsedMemCurrent));
  report("reserved_kept_below_threshold", pool_bytes(pool, cudaMemPoolAttrReservedMemCurrent) >= bytes, 1);
  CHECK_CUDA(cudaMemPoolTrimTo(pool, 0));
  std::printf("reserved_after_trim: %llu\n", pool_bytes(pool, cudaMemPoolAttrReservedMemCurrent));

  // A pool of the program's own: both spellings of an allocation from it, then as the current pool.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t own;
  CHECK_CUDA(cudaMemPoolCreate(&own, &props));
  int *a = nullptr, *b = nullptr;
  CHECK_CUDA(cudaMallocFromPoolAsync(&a, bytes, own, s));
  CHECK_CUDA(cudaMallocAsync(&b, bytes, own, s));
  fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 1);
  fill<<<(n + 255) / 256, 256, 0, s>>>(b, n, 2);
  std::vector<int> host_b(n);
  CHECK_CUDA(cudaMemcpyAsync(host.data(), a, bytes, cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaMemcpyAsync(host_b.data(), b, bytes, cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaFreeAsync(a, s));
  CHECK_CUDA(cudaFreeAsync(b, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += (host[i] != 1 + i) + (host_b[i] != 2 + i);
  report("own_pool_results", wrong, 0);
  report("own_pool_used_high", pool_bytes(own, cudaMemPoolAttrUsedMemHigh) >= 2 * bytes, 1);
  CHECK_CUDA(cudaDeviceSetMemPool(0, own));
  CHECK_CUDA(cudaMallocAsync(&a, bytes, s));
  report("current_pool_used", pool_bytes(own, cudaMemPoolAttrUsedMemCurrent) >= bytes, 1);
  CHECK_CUDA(cudaFreeAsync(a, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  CHECK_CUDA(cudaDeviceSetMemPool(0, pool));
  cudaMemLocation here = {cudaMemLocationTypeDevice, 0};
  cudaMemAccessFlags access = cudaMemAccessFlagsProtNone;
  CHECK_CUDA(cudaMemPoolGetAccess(&access, own, &here));
  std::printf("access: %d\n", int(access));

  // Wrong calls, and CUDA's answers.
  std::printf("destroy_default: %s\n", cudaGetErrorName(cudaMemPoolDestroy(pool)));
  unsigned long long value = 5;
  std::printf("set_used_current: %s\n",
              cudaGetErrorName(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &value)));
  std::printf("set_high_nonzero: %s\n",
              cudaGetErrorName(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &value)));
  cudaMemPool_t other;
  std::printf("default_of_device_7: %s\n", cudaGetErrorName(cudaDeviceGetDefaultMemPool(&other, 7)));
  props.location.id = 7;
  std::printf("create_on_device_7: %s\n", cudaGetErrorName(cudaMemPoolCreate(&other, &props)));
  CHECK_CUDA(cudaMemPoolDestroy(own));
  cudaGetLastError();
  CHECK_CUDA(cudaStreamDestroy(s));
  return 0;
}
