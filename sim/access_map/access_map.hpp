// An access map (CUSIM_ACCESS_MAP, docs/STATS.md): for every element of one allocation, which
// block and thread accessed it first, and how often it was accessed, over the launches that ran
// while the map was recording.
//
// "First" is by launch; inside one launch, where the order of blocks and threads is the
// schedule's, it is the lowest-numbered thread (by linear block id, then linear thread id): the
// map is the same under every schedule and worker count. Blocks record concurrently: each element
// is one atomic word (launch | block | thread, kept at its minimum) and one atomic counter.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cusim/detail/types.hpp"
#include "sim/access_map/access_map_spec.hpp"
#include "sim/exec/observer.hpp"

namespace cusim::sim {

// Made by std::make_shared: each launch that records into it keeps it alive.
class AccessMap : public std::enable_shared_from_this<AccessMap> {
 public:
  // The map of the `bytes` bytes at `begin`; `what` names the allocation in the pictures.
  AccessMap(std::uintptr_t begin, std::size_t bytes, AccessMapSpec spec, std::string what);

  const AccessMapSpec& spec() const { return spec_; }
  const std::string& what() const { return what_; }
  std::uintptr_t begin() const { return begin_; }
  std::size_t bytes() const { return bytes_; }
  std::size_t elements() const { return elements_; }

  // A launch of `grid` x `block` records into the map: the observer that records it, or nullptr
  // when the map has recorded the most launches it can tell apart (65535).
  std::shared_ptr<LaunchObserver> observe_launch(std::uint64_t launch, dim3 grid, dim3 block);

  // One element as the map saw it.
  struct Element {
    bool accessed = false;
    std::uint64_t launch = 0;        // ordinal of the launch of the first access
    uint3 block{}, thread{};         // blockIdx and threadIdx of the thread that made it
    std::uint64_t block_linear = 0;
    std::uint64_t global_thread = 0; // linear block id * threads per block + linear thread id
    std::uint64_t accesses = 0;      // every access of the map's mode, in every launch recorded
  };
  Element element(std::size_t index) const;

  // Records an access by thread `thread` (linear id) of block `block` (linear id) of the launch
  // with index `launch_index` in this map, if `flags` (AccessFlags) match the map's mode.
  void record(std::uint32_t launch_index, std::uint64_t block, unsigned thread, std::uintptr_t address, std::size_t size,
              unsigned flags);

 private:
  struct Launch {
    std::uint64_t ordinal;
    dim3 grid, block;
  };
  std::uintptr_t begin_;
  std::size_t bytes_, elements_;
  AccessMapSpec spec_;
  std::string what_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> first_;  // per element: (launch, block, thread), packed
  std::unique_ptr<std::atomic<std::uint64_t>[]> count_;
  mutable std::mutex m_;
  std::vector<Launch> launches_;
};

}  // namespace cusim::sim
