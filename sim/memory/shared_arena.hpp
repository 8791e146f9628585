// One block's shared memory: the dynamic region first, then each static variable as its
// declaration first executes, separated by redzones (for the checkers) and poisoned, since CUDA
// leaves shared memory uninitialised.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "cusim/detail/sim_abi.hpp"

namespace cusim::sim {

class SharedArena {
 public:
  static constexpr std::size_t kCapacity = 512 * 1024;  // above every device's opt-in maximum
  static constexpr std::size_t kRedzone = 64;
  static constexpr unsigned char kPoison = 0xff;        // NaN as float, -1 as int

  SharedArena();
  // Starts a new block with `dynamic_bytes` of dynamic shared memory.
  void reset(std::size_t dynamic_bytes);
  void* dynamic_base() { return base_; }
  // The whole arena, redzones included: every shared variable of the block lies inside.
  void* begin() { return base_; }
  void* end() { return base_ + kCapacity; }
  // The variable of `decl` in this block, or nullptr when it would take the block's shared memory
  // over `limit` bytes (static plus dynamic) or its static memory over `static_limit`.
  void* static_slot(const detail::SharedDecl& decl, std::size_t limit, std::size_t static_limit);
  std::size_t static_bytes() const { return static_bytes_; }
  std::size_t dynamic_bytes() const { return dynamic_bytes_; }
  // "`tile` [byte 4 of 256]", "dynamic shared memory [byte 8 of 1024]", or "shared memory": what
  // the block keeps at `p`, as findings name it.
  std::string describe(const void* p) const;

 private:
  struct Slot {
    const detail::SharedDecl* decl;
    void* address;
  };
  std::unique_ptr<unsigned char[]> storage_;
  unsigned char* base_;
  std::vector<Slot> slots_;
  std::size_t dynamic_bytes_ = 0;
  std::size_t static_bytes_ = 0;
  std::size_t cursor_ = 0;
};

}  // namespace cusim::sim
