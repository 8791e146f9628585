// One warp-level memory request and the GPU profiler's metrics of it (docs/STATS.md).
//
// On a GPU the lanes of a warp execute an access instruction together, and the memory system
// serves the addresses of all active lanes as one request: in global memory, as the distinct
// 32-byte sectors they touch; in shared memory, as "wavefronts", one per set of accesses that the
// 32 banks can serve at once. The simulator runs lanes one after another, so BlockStats gathers
// each request's lanes first (sim/stats/block_stats.hpp); these functions compute its metrics.
#pragma once
#include <cstdint>

namespace cusim::sim::stats {

inline constexpr unsigned kSectorBytes = 32;
inline constexpr unsigned kBanks = 32;
inline constexpr unsigned kBankBytes = 4;

// The lanes of one warp that executed one access instruction for the same time.
struct WarpRequest {
  std::uint32_t lanes = 0;         // bit per lane that joined
  std::uint32_t size = 0;          // bytes each lane accesses
  std::uintptr_t address[32];      // each joined lane's address
};

// Global memory: the distinct 32-byte aligned sectors the request's lanes touch (Nsight Compute's
// l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st} for one request).
unsigned sectors(const WarpRequest& r);

// Shared memory. The request is served in phases: all 32 lanes at once for accesses of up to 4
// bytes, half-warps (lanes 0-15, 16-31) for 8 bytes, quarter-warps for 16 bytes, one lane at a
// time for larger ones. A phase takes as many wavefronts as the most distinct 4-byte words that
// its lanes touch in one bank (bank = word index mod 32, words counted from `bank_base`); lanes
// reading one word share it (broadcast). Conflicts are the wavefronts beyond one per phase.
struct BankUse {
  unsigned wavefronts = 0;
  unsigned phases = 0;  // phases with at least one lane
  unsigned conflicts() const { return wavefronts - phases; }
};
BankUse bank_use(const WarpRequest& r, std::uintptr_t bank_base);

}  // namespace cusim::sim::stats
