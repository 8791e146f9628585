// The statistics of the blocks one OS thread runs for one launch (docs/STATS.md): counts of
// accesses by space and kind, atomics per address, and the accesses grouped into warp-level
// requests, whose sectors and bank conflicts are measured as each request closes.
//
// Grouping. The lanes of a warp run one after another (as fibers, until each blocks or exits),
// so "the same instant" does not exist. A lane's n-th execution of an access instruction (a code
// address) belongs to request (warp, instruction, n): lanes that diverge join other requests, and
// loop iterations are told apart by n. A request closes when every lane of the warp has joined
// it; requests that some lane never joins (it exited, or took another path) close when the block
// ends. At most kMaxOpenRequests stay open in one block; past that the oldest is closed early and
// counted in split_requests (its missing lanes, when they come, make a new request).
#pragma once
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "cusim/detail/launch_stats.hpp"
#include "sim/exec/observer.hpp"
#include "sim/stats/warp_request.hpp"

namespace cusim::sim::stats {

class LaunchStatsObserver;

class BlockStats : public BlockObserver {
 public:
  static constexpr std::size_t kMaxOpenRequests = 32768;

  explicit BlockStats(LaunchStatsObserver& launch);

  void begin_block(const ObservedBlock& block) override;
  void shared_variable(const char* name, const void* at, std::size_t size) override;
  void access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void* pc) override;
  void end_block(const BlockSummary& summary) override;

 private:
  enum Kind : std::uint8_t { global_load, global_store, shared_load, shared_store };
  struct Key {
    std::uintptr_t pc;
    std::uint32_t occurrence;  // the lanes' n-th execution of the instruction
    std::uint16_t warp;
    Kind kind;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = k.pc * 0x9e3779b97f4a7c15ull;
      h ^= (std::uint64_t{k.occurrence} << 20 | std::uint64_t{k.warp} << 2 | k.kind) * 0xc2b2ae3d27d4eb4full;
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  struct Open {
    WarpRequest request;
    Kind kind;
    std::uint64_t serial;  // when it opened: the oldest is closed first when too many are open
  };
  struct SharedVariable {
    std::string name;
    std::uintptr_t begin, size;
  };

  std::uint32_t next_occurrence(unsigned thread, const void* pc);
  void join(unsigned thread, std::uintptr_t address, std::size_t size, Kind kind, const void* pc);
  void close(const Open& open);
  void close_oldest();
  std::uint32_t warp_lanes(unsigned warp) const;

  LaunchStatsObserver& launch_;
  std::uintptr_t heap_begin_ = 0, heap_size_ = 0;      // the device heap
  std::uintptr_t static_begin_ = 0, static_size_ = 0;  // __device__ variables: global memory too
  std::uintptr_t shared_begin_ = 0, shared_size_ = 0;  // the running block's arena
  unsigned threads_ = 0;

  cusim::LaunchStats counts_;  // of the running block
  std::unordered_map<std::uintptr_t, std::uint64_t> global_atomics_, shared_atomics_;
  std::vector<SharedVariable> shared_vars_;
  // Per thread of the block: how often it executed each access instruction so far.
  std::vector<std::vector<std::pair<const void*, std::uint32_t>>> occurrences_;
  std::unordered_map<Key, std::uint32_t, KeyHash> open_;  // open requests, by key: their slot
  std::vector<Open> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::deque<std::pair<std::uint64_t, Key>> opened_;     // (serial, key), oldest first
  std::uint64_t serial_ = 0;
};

}  // namespace cusim::sim::stats
