// Stream-ordered memory pools (memory_pools.hpp) and their API.
#include "backends/sim/memory_pools.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>

#include "backends/sim/device_memory.hpp"
#include "backends/sim/error_state.hpp"
#include "backends/sim/graph_memory.hpp"
#include "backends/sim/host_only.hpp"
#include "backends/sim/stream_capture.hpp"
#include "backends/sim/work_queues.hpp"
#include "cusim/detail/host_api.hpp"
#include "sim/trace/tracer.hpp"

using cusim::backend::record;

namespace {
cudaMemPoolProps default_props() {
  cudaMemPoolProps p{};
  p.allocType = cudaMemAllocationTypePinned;
  p.location = {cudaMemLocationTypeDevice, 0};
  return p;
}
}  // namespace

struct CUmemPoolHandle_st {
  cudaMemPoolProps props = default_props();
  int follow_event_dependencies = 1, allow_opportunistic = 1, allow_internal_dependencies = 1;
  unsigned long long release_threshold = 0;
  std::size_t used = 0, used_high = 0, reserved = 0, reserved_high = 0;
  cudaMemAccessFlags access = cudaMemAccessFlagsProtReadWrite;  // the owning device's
  std::size_t allocations = 0;  // not yet freed (a destroyed pool lives until they are)

  void note_high() {
    used_high = std::max(used_high, used);
    reserved_high = std::max(reserved_high, reserved);
  }
  // What is freed stays reserved up to the release threshold; memory is reserved in whole steps.
  void keep_at_most(unsigned long long bytes) {
    reserved = std::max<std::size_t>(in_steps(used), std::min<unsigned long long>(reserved, bytes));
  }
  // CUDA 13 reserves a device pool's memory 32 MiB at a time (measured on an H200).
  static std::size_t in_steps(std::size_t bytes) {
    constexpr std::size_t step = std::size_t(32) << 20;
    return (bytes + step - 1) / step * step;
  }
};

namespace {

std::mutex pools_mutex;
CUmemPoolHandle_st default_pool;
cudaMemPool_t current_pool = &default_pool;
std::set<cudaMemPool_t> created_pools;                                     // made and not destroyed
std::set<cudaMemPool_t> destroyed_pools;  // destroyed with allocations not yet freed
std::map<const void*, std::pair<cudaMemPool_t, std::size_t>> pool_blocks;  // each pool allocation's pool and size

bool live_pool(cudaMemPool_t pool) { return pool == &default_pool || (pool && created_pools.count(pool)); }

}  // namespace

namespace cusim::backend {

cudaError_t allocate_from_pool(void** out, std::size_t size, cudaMemPool_t pool, const ApiCaller& caller) {
  if (!out) return record(cudaErrorInvalidValue);
  if (cudaError_t s = sticky_error()) return record(s);
  {
    std::lock_guard lock(pools_mutex);
    if (!pool) pool = current_pool;
    if (!live_pool(pool)) return record(cudaErrorInvalidValue);
    if (pool->props.maxSize && size > pool->props.maxSize - std::min(pool->props.maxSize, pool->used))
      return record(cudaErrorMemoryAllocation);
  }
  const AllocKind kind = pool->props.allocType == cudaMemAllocationTypeManaged ? AllocKind::managed : AllocKind::device;
  if (cudaError_t e = allocate(out, size, kind, caller)) return record(e);
  if (!*out) return cudaSuccess;  // (a size of 0)
  std::lock_guard lock(pools_mutex);
  pool_blocks[*out] = {pool, size};
  ++pool->allocations;
  pool->used += size;
  pool->reserved = std::max(pool->reserved, CUmemPoolHandle_st::in_steps(pool->used));
  pool->note_high();
  return cudaSuccess;
}

void note_pool_free(const void* p) {
  std::lock_guard lock(pools_mutex);
  auto it = pool_blocks.find(p);
  if (it == pool_blocks.end()) return;
  auto [pool, size] = it->second;
  pool_blocks.erase(it);
  if (--pool->allocations == 0 && destroyed_pools.erase(pool)) {
    delete pool;
    return;
  }
  pool->used -= size;
  pool->keep_at_most(pool->release_threshold);
}

void reset_memory_pools() {
  std::lock_guard lock(pools_mutex);
  pool_blocks.clear();
  for (const std::set<cudaMemPool_t>* pools : {&created_pools, &destroyed_pools})
    for (cudaMemPool_t pool : *pools) delete pool;  // (their handles are refused from now on)
  created_pools.clear();
  destroyed_pools.clear();
  default_pool = CUmemPoolHandle_st{};
  current_pool = &default_pool;
}

}  // namespace cusim::backend

// ---- the API -----------------------------------------------------------------------------------

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* memPool, int device) {
  CUSIM_HOST_API("cudaDeviceGetDefaultMemPool");
  if (!memPool) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  *memPool = &default_pool;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* memPool, int device) {
  CUSIM_HOST_API("cudaDeviceGetMemPool");
  if (!memPool) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  std::lock_guard lock(pools_mutex);
  *memPool = current_pool;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  CUSIM_HOST_API("cudaDeviceSetMemPool");
  if (device != 0) return record(cudaErrorInvalidDevice);
  std::lock_guard lock(pools_mutex);
  if (!live_pool(memPool)) return record(cudaErrorInvalidValue);
  current_pool = memPool;
  return cudaSuccess;
}

// Pools of device memory and of managed memory (whose allocations are cudaMallocManaged's, wherever
// the pool's location says they prefer to be); pools of pinned host memory are not simulated
// (cudaErrorNotSupported).
cudaError_t cudaMemPoolCreate(cudaMemPool_t* memPool, const cudaMemPoolProps* poolProps) {
  CUSIM_HOST_API("cudaMemPoolCreate");
  if (!memPool || !poolProps) return record(cudaErrorInvalidValue);
  const cudaMemPoolProps& p = *poolProps;
  const bool managed = p.allocType == cudaMemAllocationTypeManaged;
  if (p.allocType != cudaMemAllocationTypePinned && !managed) return record(cudaErrorInvalidValue);
  const cudaMemLocationType where = p.location.type;
  const bool host = where == cudaMemLocationTypeHost || where == cudaMemLocationTypeHostNuma ||
                    where == cudaMemLocationTypeHostNumaCurrent;
  if (host && !managed) return record(cudaErrorNotSupported);
  if (!host && where != cudaMemLocationTypeDevice && !(managed && where == cudaMemLocationTypeNone))
    return record(cudaErrorInvalidValue);
  if (where == cudaMemLocationTypeDevice && p.location.id != 0)
    return record(cudaErrorInvalidValue);  // (CUDA 13's answer, measured on an H200)
  if (p.handleTypes & ~unsigned(cudaMemHandleTypePosixFileDescriptor | cudaMemHandleTypeFabric))
    return record(cudaErrorInvalidValue);
  auto* pool = new CUmemPoolHandle_st;
  pool->props = p;
  std::lock_guard lock(pools_mutex);
  created_pools.insert(pool);
  *memPool = pool;
  return cudaSuccess;
}

// A pool destroyed with allocations not yet freed keeps them until they are (as on CUDA), then
// goes; its handle is refused from the destroy on.
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
  CUSIM_HOST_API("cudaMemPoolDestroy");
  std::lock_guard lock(pools_mutex);
  if (memPool == &default_pool || !created_pools.erase(memPool)) return record(cudaErrorInvalidValue);
  if (current_pool == memPool) current_pool = &default_pool;
  if (memPool->allocations == 0)
    delete memPool;
  else
    destroyed_pools.insert(memPool);
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value) {
  CUSIM_HOST_API("cudaMemPoolSetAttribute");
  std::lock_guard lock(pools_mutex);
  if (!value || !live_pool(memPool)) return record(cudaErrorInvalidValue);
  CUmemPoolHandle_st& p = *memPool;
  // The reuse flags are ints, the byte counts cuuint64_t: each is read at its own width.
  const auto flag = [value] { return *static_cast<const int*>(value); };
  const auto bytes = [value] { return *static_cast<const unsigned long long*>(value); };
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: p.follow_event_dependencies = flag() != 0; break;
    case cudaMemPoolReuseAllowOpportunistic: p.allow_opportunistic = flag() != 0; break;
    case cudaMemPoolReuseAllowInternalDependencies: p.allow_internal_dependencies = flag() != 0; break;
    case cudaMemPoolAttrReleaseThreshold: p.release_threshold = bytes(); break;
    case cudaMemPoolAttrReservedMemHigh:  // only to 0, which sets the high mark to the current value
      if (bytes() != 0) return record(cudaErrorInvalidValue);
      p.reserved_high = p.reserved;
      break;
    case cudaMemPoolAttrUsedMemHigh:
      if (bytes() != 0) return record(cudaErrorInvalidValue);
      p.used_high = p.used;
      break;
    default: return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value) {
  CUSIM_HOST_API("cudaMemPoolGetAttribute");
  std::lock_guard lock(pools_mutex);
  if (!value || !live_pool(memPool)) return record(cudaErrorInvalidValue);
  const CUmemPoolHandle_st& p = *memPool;
  auto give_flag = [value](int v) { *static_cast<int*>(value) = v; };
  auto give_bytes = [value](unsigned long long v) { *static_cast<unsigned long long*>(value) = v; };
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: give_flag(p.follow_event_dependencies); break;
    case cudaMemPoolReuseAllowOpportunistic: give_flag(p.allow_opportunistic); break;
    case cudaMemPoolReuseAllowInternalDependencies: give_flag(p.allow_internal_dependencies); break;
    case cudaMemPoolAttrReleaseThreshold: give_bytes(p.release_threshold); break;
    case cudaMemPoolAttrReservedMemCurrent: give_bytes(p.reserved); break;
    case cudaMemPoolAttrReservedMemHigh: give_bytes(p.reserved_high); break;
    case cudaMemPoolAttrUsedMemCurrent: give_bytes(p.used); break;
    case cudaMemPoolAttrUsedMemHigh: give_bytes(p.used_high); break;
    default: return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, std::size_t minBytesToKeep) {
  CUSIM_HOST_API("cudaMemPoolTrimTo");
  std::lock_guard lock(pools_mutex);
  if (!live_pool(memPool)) return record(cudaErrorInvalidValue);
  memPool->keep_at_most(minBytesToKeep);
  return cudaSuccess;
}

// The owning device always reads and writes its pool's memory; the simulator has no other device.
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const cudaMemAccessDesc* descList, std::size_t count) {
  CUSIM_HOST_API("cudaMemPoolSetAccess");
  std::lock_guard lock(pools_mutex);
  if (!live_pool(memPool) || (count && !descList)) return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i) {
    const cudaMemAccessDesc& d = descList[i];
    if (d.location.type != cudaMemLocationTypeDevice) return record(cudaErrorInvalidValue);
    if (d.location.id != 0) return record(cudaErrorInvalidDevice);
    if (d.flags != cudaMemAccessFlagsProtReadWrite) return record(cudaErrorInvalidDevice);  // (as CUDA 13's)
  }
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t memPool, cudaMemLocation* location) {
  CUSIM_HOST_API("cudaMemPoolGetAccess");
  std::lock_guard lock(pools_mutex);
  if (!flags || !location || !live_pool(memPool)) return record(cudaErrorInvalidValue);
  if (location->type != cudaMemLocationTypeDevice) return record(cudaErrorInvalidValue);
  if (location->id != 0) return record(cudaErrorInvalidDevice);
  *flags = memPool->access;
  return cudaSuccess;
}

cudaError_t cudaMallocFromPoolAsync(void** ptr, std::size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  CUSIM_HOST_API("cudaMallocFromPoolAsync");
  cusim::sim::trace::HostCall traced("cudaMallocFromPoolAsync", size);
  if (!cusim::backend::find_queue(stream, "cudaMallocFromPoolAsync", CUSIM_CALLER))
    return record(cudaErrorInvalidResourceHandle);
  {
    std::lock_guard lock(pools_mutex);
    if (!live_pool(memPool)) return record(cudaErrorInvalidValue);
  }
  if (cusim::backend::capturing(stream))
    return record(cusim::backend::capture_graph_allocation(ptr, size, stream, CUSIM_CALLER));
  return cusim::backend::allocate_from_pool(ptr, size, memPool, CUSIM_CALLER);
}
