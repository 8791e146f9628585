// The simulated device's global memory: one virtual range reserved once, carved into
// allocations with redzones, freed ranges quarantined (DESIGN §5).
//
// Layout of one allocation's span (page granular):
//
//   [guard page, never mapped][slack ... left redzone][user bytes][tail to 256 B]  (next span)
//
// The user block is placed at the END of the span, so running past it by more than its 256-byte
// rounding touches the next span's guard page and faults even in fast mode; the bytes before it
// (at least kRedzone) are the left redzone. A freed span is made inaccessible and its physical
// pages are returned at once; its address range is not reused until the quarantine is full (256 MiB
// of freed spans, or the reserved range), so a late access or a second free still finds the record
// of what was freed, where.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace cusim::sim {

struct HeapAllocation {
  std::uintptr_t begin = 0;           // first user byte (256-byte aligned)
  std::size_t size = 0;               // bytes asked for
  unsigned tag = 0;                   // the caller's kind of allocation (the backend's AllocKind)
  const void* alloc_site = nullptr;   // return address of the allocating call
  std::uint64_t serial = 0;           // allocation number since start or reset (1, 2, ...)
  bool freed = false;
  bool freed_by_reset = false;        // freed by release_all() (cudaDeviceReset), not by a call of its own
  const void* free_site = nullptr;    // return address of the freeing call
  std::uintptr_t end() const { return begin + size; }
  bool contains(std::uintptr_t a) const { return a >= begin && a < end(); }
};

class DeviceHeap {
 public:
  static constexpr std::size_t kAlignment = 256;  // what cudaMalloc guarantees
  static constexpr std::size_t kRedzone = 256;    // at least this many bytes before each block

  static DeviceHeap& instance();

  // Whether p lies in the reserved range at all: the cheap filter for checkers.
  bool in_range(const void* p) const noexcept {
    return reinterpret_cast<std::uintptr_t>(p) - base_ < reserved_;
  }
  std::size_t reserved_bytes() const noexcept { return reserved_; }
  // Lowers the usable range to its first `bytes` (for a checker whose shadow of the whole range
  // does not fit in the address space, e.g. under valgrind); false, and nothing changes, when
  // allocations were already made beyond it. Call before kernels run.
  bool limit_reservation(std::size_t bytes);
  std::uintptr_t base() const noexcept { return base_; }

  // A new zero-filled allocation of `size` (> 0) bytes, or nullptr if the reserved range has no
  // room left. Thread-safe.
  void* allocate(std::size_t size, unsigned tag, const void* site);

  // not_allocated: in the range but in no allocation (never allocated, recycled or reset);
  // in_redzone: in an allocation's redzone.
  enum class FreeOutcome { freed, not_in_heap, not_allocated, in_redzone, interior, already_freed, wrong_tag };
  // Frees the live allocation that starts at p if its tag is in `accepted_tags` (a bit mask of
  // 1 << tag); otherwise frees nothing. `found` receives the allocation p lies in, if any.
  FreeOutcome release(const void* p, unsigned accepted_tags, const void* site, HeapAllocation* found);

  // The allocation (live or quarantined) whose span holds p: its user bytes or its redzones.
  std::optional<HeapAllocation> lookup(const void* p) const;

  // The allocation of the span just below the one holding p (for p in a guard page or redzone:
  // the allocation an overrun came from).
  std::optional<HeapAllocation> preceding(const void* p) const;

  // Every allocation not freed, in allocation order.
  std::vector<HeapAllocation> live() const;

  // Frees every live allocation (cudaDeviceReset): its pages go back and its record joins the
  // quarantine, so that a pointer kept from before the reset is still known as freed (a stale
  // cudaFree is an invalid free, not the free of a new allocation at the same address).
  // Allocation numbers count from 1 again.
  void release_all();

  DeviceHeap(const DeviceHeap&) = delete;
  DeviceHeap& operator=(const DeviceHeap&) = delete;

 private:
  DeviceHeap();
  struct State;
  void recycle_oldest_locked();
  std::uintptr_t base_ = 0;
  std::size_t reserved_ = 0;
  State* state_;
};

}  // namespace cusim::sim
