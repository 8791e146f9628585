// What the checkers keep for one launch: its configuration, the tag of its race cells, the
// findings that do not end it (deduplicated by kind and sites), and the release state of
// atomics (CUDA's fence-then-atomic ordering between blocks, DESIGN §5 rule e).
#pragma once
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "cusim/detail/types.hpp"
#include "sim/report/diagnostic.hpp"

namespace cusim::sim::check {

// "Everything thread `thread` of block `block` did before its fence at clock `clock`, and
// everything its block did before barrier number `epoch`, happened before": what a thread knows
// about another block once it has observed that block's release.
struct Acquired {
  std::uint32_t block;
  std::uint16_t thread;
  std::uint32_t epoch;
  std::uint32_t clock;
};
// Adds `e` to `into`, keeping one entry per (block, thread) with the larger epoch and clock.
void join(std::vector<Acquired>& into, const Acquired& e);

// How the two threads of a race are related, narrowest first: what orders them differs (a
// __syncwarp(), a __syncthreads(), a fence and an atomic).
enum class RaceRelation : std::uint8_t { none, same_warp, different_warps, different_blocks };
inline constexpr unsigned kRaceRelations = 4;

// A finding as the checkers see it: sites and threads by id, resolved when it is reported.
struct RawFinding {
  DiagnosticKind kind;
  MemorySpace space = MemorySpace::none;
  std::uint32_t site = 0;           // the access reported
  SourceSite source;                // where, when it is not an access (site == 0)
  std::uint32_t other_site = 0;     // the other access of a race
  std::uint32_t block = 0, other_block = 0;
  std::uint16_t thread = 0, other_thread = 0;
  std::uint64_t address = 0;
  RaceRelation relation = RaceRelation::none;  // of a race's two threads
  std::string message;              // built by the checker, without sites (a race's: up to "by ")
  std::string other_state;          // the note on the other access ("previous write ...")
};

class LaunchState {
 public:
  LaunchState(unsigned checks, dim3 grid, dim3 block, bool concurrent);

  const unsigned checks;   // CheckBits
  // Of this launch's race cells in global memory. A grid.sync() orders everything before it before
  // everything after it in every block: the launch then takes a new tag, which empties every cell
  // (written only while every block waits in the grid barrier).
  std::uint32_t tag;
  const dim3 grid, block;
  const bool concurrent;   // blocks may run on several OS threads at once

  void grid_synced();
  // Keeps a finding that does not end the launch; one per (kind, site, other site), counted (a
  // race's instances per relation of their threads).
  void note(RawFinding f);
  // The findings so far, as diagnostics (sites resolved, threads as coordinates).
  std::vector<Diagnostic> diagnostics() const;

  // An atomic on `address` by a thread that knows `entries` (release), or one that observes
  // the atomics before it on that address (acquire: their entries are added to `into`).
  void release(std::uintptr_t address, const std::vector<Acquired>& entries);
  void acquire(std::uintptr_t address, std::vector<Acquired>& into);
  bool any_release() const { return any_release_.load(std::memory_order_relaxed); }

  Dim block_dim(std::uint32_t linear) const;
  Dim thread_dim(std::uint16_t linear) const;

 private:
  mutable std::mutex m_;
  struct Noted {
    RawFinding first;                        // the first instance seen
    unsigned count = 0;
    unsigned per_relation[kRaceRelations] = {};
  };
  std::map<std::tuple<int, std::uint32_t, std::uint32_t>, Noted> findings_;
  std::vector<std::tuple<int, std::uint32_t, std::uint32_t>> order_;  // keys in order of first occurrence
  std::unordered_map<std::uintptr_t, std::vector<Acquired>> released_;
  std::atomic<bool> any_release_{false};
};

}  // namespace cusim::sim::check
