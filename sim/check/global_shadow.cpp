#include "sim/check/global_shadow.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "sim/memory/device_heap.hpp"

namespace cusim::sim::check {
namespace {

void* reserve(std::size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

// Gives back the whole pages of [p, p + n) (they read as zero again) and zeroes the rest.
void zero(void* p, std::size_t n) {
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p), e = a + n;
  const std::uintptr_t inner_a = (a + page - 1) & ~(page - 1), inner_e = e & ~(page - 1);
  if (inner_e <= inner_a) {
    std::memset(p, 0, n);
    return;
  }
  std::memset(p, 0, inner_a - a);
  madvise(reinterpret_cast<void*>(inner_a), inner_e - inner_a, MADV_DONTNEED);
  std::memset(reinterpret_cast<void*>(inner_e), 0, e - inner_e);
}

}  // namespace

GlobalShadow* GlobalShadow::instance() {
  static GlobalShadow* shadow = [] () -> GlobalShadow* {
    DeviceHeap& heap = DeviceHeap::instance();
    // The shadow takes 21 bytes of address space per 4 bytes of heap. Where that much is not to
    // be had (valgrind limits the address space), the heap's usable range shrinks to what can be
    // shadowed, rather than leaving device memory unchecked.
    for (std::size_t size = heap.reserved_bytes(); size >= (std::size_t(64) << 20); size /= 2) {
      const std::size_t granules = size >> kGranuleShift;
      void* status = reserve(granules);
      void* cells = status ? reserve(granules * sizeof(RaceCell)) : nullptr;
      if (cells && heap.limit_reservation(size)) {
        auto* s = new GlobalShadow;  // lives as long as the heap: the whole process
        s->base_ = heap.base();
        s->size_ = size;
        s->status_ = static_cast<std::uint8_t*>(status);
        s->cells_ = static_cast<RaceCell*>(cells);
        return s;
      }
      if (status) munmap(status, granules);
      if (cells) munmap(cells, granules * sizeof(RaceCell));
    }
    std::fprintf(stderr, "cusim: warning: no address space for the checkers' shadow of device memory; "
                         "global memory is not checked\n");
    return nullptr;
  }();
  return shadow;
}

void GlobalShadow::set_bits(std::uintptr_t a, std::size_t n, std::uint8_t bits, bool on) {
  if (n == 0) return;
  // Clip to the heap: copies may involve host memory.
  const std::uintptr_t lo = std::max(a, base_), hi = std::min(a + n, base_ + size_);
  if (lo >= hi) return;
  std::uintptr_t g = lo >> kGranuleShift, last = (hi - 1) >> kGranuleShift;
  auto apply = [&](std::uintptr_t granule, std::uint8_t mask) {
    std::uint8_t& st = *status(granule << kGranuleShift);
    const std::uint8_t m = static_cast<std::uint8_t>((bits & kAddressableBits ? mask : 0) | (bits & kInitialisedBits ? mask << 4 : 0));
    st = on ? (st | m) : (st & ~m);
  };
  const unsigned head = lo & 3u;
  if (g == last) {
    apply(g, byte_mask(head, static_cast<unsigned>(hi - lo)));
    return;
  }
  apply(g, byte_mask(head, 4 - head));
  const unsigned tail = static_cast<unsigned>(hi - (last << kGranuleShift));
  apply(last, byte_mask(0, tail));
  if (last > g + 1) {
    std::uint8_t* from = status((g + 1) << kGranuleShift);
    const std::size_t count = last - g - 1;
    if (on && bits == (kAddressableBits | kInitialisedBits)) std::memset(from, 0xff, count);
    else if (!on && bits == (kAddressableBits | kInitialisedBits)) zero(from, count);
    else
      for (std::size_t i = 0; i < count; ++i) from[i] = on ? (from[i] | bits) : (from[i] & ~bits);
  }
}

void GlobalShadow::on_allocate(const void* p, std::size_t n, bool initialised) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  set_bits(a, n, kAddressableBits | kInitialisedBits, false);  // a recycled range starts clean
  set_bits(a, n, initialised ? kAddressableBits | kInitialisedBits : kAddressableBits, true);
}

void GlobalShadow::on_free(const void* p, std::size_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  set_bits(a, n, kAddressableBits | kInitialisedBits, false);
  // The race cells of the range go back too (they are empty for any later launch anyway).
  const std::uintptr_t lo = a & ~std::uintptr_t(3);
  zero(cell(lo), ((a + n - lo + 3) >> kGranuleShift) * sizeof(RaceCell));
}

void GlobalShadow::reset() {
  madvise(status_, size_ >> kGranuleShift, MADV_DONTNEED);
  madvise(cells_, (size_ >> kGranuleShift) * sizeof(RaceCell), MADV_DONTNEED);
}

void GlobalShadow::mark_initialised(const void* p, std::size_t n) {
  set_bits(reinterpret_cast<std::uintptr_t>(p), n, kInitialisedBits, true);
}

void GlobalShadow::copy_initialised(void* dst, const void* src, std::size_t n) {
  const auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  if (!contains(s)) return mark_initialised(dst, n);  // from the host: all written
  for (std::size_t i = 0; i < n; ++i) {
    if (!contains(d + i)) continue;
    const bool written = (*status(s + i) >> (4 + ((s + i) & 3u))) & 1u;
    std::uint8_t& st = *status(d + i);
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << (4 + ((d + i) & 3u)));
    st = written ? (st | bit) : (st & ~bit);
  }
}

}  // namespace cusim::sim::check
