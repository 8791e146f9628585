// Stream-ordered memory pools (cudaMemPool_t): the device's default pool, pools a program makes,
// and the pool cudaMallocAsync takes from. A pool's allocation is an ordinary device allocation on
// the simulator's heap (every check applies to it); the pool keeps its attributes and counts its
// bytes in use and reserved:
//  - used: the bytes of its allocations not yet freed (a cudaFreeAsync counts when its stream
//    reaches it);
//  - reserved: at least used, rounded up to CUDA's 32 MiB steps, and what was freed stays reserved
//    up to the pool's release threshold (cudaMemPoolAttrReleaseThreshold, 0 by default) or until
//    cudaMemPoolTrimTo. CUDA gives memory back above the threshold at the next synchronisation;
//    here, when it is freed.
// A pool of managed memory gives cudaMallocManaged's allocations; pools of pinned host memory are
// not simulated (cudaMemPoolCreate answers cudaErrorNotSupported).
#pragma once
#include <cstddef>

#include "backends/sim/findings.hpp"

namespace cusim::backend {

// An allocation of `size` bytes from `pool` (nullptr: the device's current pool).
cudaError_t allocate_from_pool(void** out, std::size_t size, cudaMemPool_t pool, const ApiCaller& caller);
// p, which is being freed, leaves its pool's count (nothing if it is no pool's).
void note_pool_free(const void* p);
// cudaDeviceReset: the pools a program made are destroyed, the default pool is as at the start.
void reset_memory_pools();

}  // namespace cusim::backend
