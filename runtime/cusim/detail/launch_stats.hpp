// The statistics of one launch (CUSIM_STATS, docs/STATS.md), as data. Filled by the simulator's
// statistics observer (sim/stats) and handed to programs by cusim::last_launch_stats().
#pragma once
#include <cstdint>
#include <string>

#include "cusim/detail/types.hpp"

namespace cusim {

// Accesses of one kind (e.g. global loads): one per thread and access, of `bytes` in all.
struct AccessCount {
  std::uint64_t accesses = 0;
  std::uint64_t bytes = 0;
};

// Global-memory requests of one kind and the 32-byte sectors they touched. A request is one
// warp-level access: the lanes of one warp executing one access instruction for the k-th time.
struct SectorMetric {
  std::uint64_t requests = 0;
  std::uint64_t sectors = 0;  // distinct 32-byte aligned sectors, summed over requests
  double per_request() const { return requests ? double(sectors) / double(requests) : 0.0; }
};

// Shared-memory requests of one kind and their bank conflicts (32 banks of 4 bytes).
struct BankMetric {
  std::uint64_t requests = 0;
  std::uint64_t wavefronts = 0;  // summed over requests: per phase, the most distinct words in one bank
  std::uint64_t conflicts = 0;   // wavefronts beyond one per phase (a 4-byte access: wavefronts - 1)
  double per_request() const { return requests ? double(conflicts) / double(requests) : 0.0; }
};

// The address that received the most atomics in the launch.
struct AtomicContention {
  std::uint64_t atomics = 0;  // 0: the launch made no atomic
  std::string space;          // "global" or "shared"
  std::string variable;       // the allocation or variable, as findings name them
  std::uint64_t offset = 0;   // byte offset of the address in it
};

struct LaunchStats {
  std::uint64_t launch = 0;        // ordinal of the launch in the process (1, 2, ...)
  std::string kernel;              // the kernel's name, as findings name it
  dim3 grid, block;
  std::uint64_t blocks = 0;        // blocks that ran
  std::uint64_t threads = 0;       // threads of those blocks
  std::uint64_t barriers = 0;      // __syncthreads() completed, counted once per block per barrier
  std::uint64_t barrier_waits = 0; // thread arrivals at them (a block of 256 threads: 256 per barrier)

  // Everything below needs the checked build (kernel code instrumented). In a fast build it is
  // not measured: memory_measured is false and the fields are zero.
  bool memory_measured = false;
  AccessCount global_loads, global_stores, shared_loads, shared_stores;
  std::uint64_t global_atomics = 0, shared_atomics = 0;
  SectorMetric global_load_sectors, global_store_sectors;
  BankMetric shared_load_banks, shared_store_banks;
  AtomicContention contention;
  // Requests closed before every lane of their warp had joined them, because too many were open
  // in one block (docs/STATS.md, "Limits"): their lanes' later accesses made new requests.
  std::uint64_t split_requests = 0;
};

}  // namespace cusim
