// The checkers' shadow of the device heap (DESIGN §5): a status byte and a race cell for every
// 4-byte granule of the reserved range, in two ranges reserved beside it. Pages are backed only
// where the heap is used; freed allocations give theirs back.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sim/check/access.hpp"
#include "sim/memory/heap_observer.hpp"

namespace cusim::sim::check {

class GlobalShadow final : public HeapObserver {
 public:
  // The shadow, mapped on first use; nullptr if the address space could not be reserved (the
  // checkers of global memory are then off, with a warning).
  static GlobalShadow* instance();

  std::uintptr_t base() const { return base_; }
  std::size_t size() const { return size_; }
  bool contains(std::uintptr_t a) const { return a - base_ < size_; }
  std::uint8_t* status(std::uintptr_t a) const { return status_ + ((a - base_) >> kGranuleShift); }
  RaceCell* cell(std::uintptr_t a) const { return cells_ + ((a - base_) >> kGranuleShift); }

  // A new allocation's bytes become addressable; written already when `initialised` (managed and
  // host memory, which the host may fill by any means).
  void on_allocate(const void* p, std::size_t n, bool initialised);
  // Freed bytes are no longer addressable (accesses are then use after free).
  void on_free(const void* p, std::size_t n);
  // [p, p + n) was written by the host or a copy (whatever part lies in the heap).
  void mark_initialised(const void* p, std::size_t n);
  // Everything is freed (cudaDeviceReset): the status of the whole range goes back to zero.
  void reset();
  // A device-to-device copy: dst's bytes are written where src's were.
  void copy_initialised(void* dst, const void* src, std::size_t n);

  // The heap's events (heap_observer.hpp).
  void allocated(const void* p, std::size_t n, bool initialised) override { on_allocate(p, n, initialised); }
  void freed(const void* p, std::size_t n) override { on_free(p, n); }
  void written(void* dst, const void* src, std::size_t n) override {
    if (src) copy_initialised(dst, src, n);
    else mark_initialised(dst, n);
  }
  void all_freed() override { reset(); }

 private:
  GlobalShadow() = default;
  ~GlobalShadow() = default;
  template <class Edge, class Whole>
  void for_granules(std::uintptr_t a, std::size_t n, Edge edge, Whole whole);
  void set_bits(std::uintptr_t a, std::size_t n, std::uint8_t bits, bool on);
  std::uintptr_t base_ = 0;
  std::size_t size_ = 0;
  std::uint8_t* status_ = nullptr;
  RaceCell* cells_ = nullptr;
};

}  // namespace cusim::sim::check
