#include "sim/check/global_shadow.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "sim/memory/device_heap.hpp"

namespace cusim::sim::check {
namespace {

void* reserve(std::size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

std::uintptr_t page_size() {
  static const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  return page;
}

// Below this many bytes a range of the shadow is written in place; from it on, its whole pages are
// mapped (filled or zeroed lazily), so that a huge allocation's shadow costs memory only where it
// is later written. The bound keeps the process's count of mappings small.
constexpr std::size_t kLazyBytes = std::size_t(4) << 20;

// A file of kPatternBytes bytes of one value, mapped private (copy on write) over whole pages of
// the shadow: they read as that value, share the file's pages, and become the process's own only
// where written. -1 where no such file could be made (the range is then written in place).
constexpr std::size_t kPatternBytes = std::size_t(8) << 20;
int pattern_file(std::uint8_t value) {
  static int files[256];
  static std::once_flag made[256];
  std::call_once(made[value], [value] {
    files[value] = -1;
    const int fd = memfd_create("cusim-shadow-pattern", MFD_CLOEXEC);
    if (fd < 0) return;
    void* p = ftruncate(fd, kPatternBytes) == 0
                  ? mmap(nullptr, kPatternBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                  : MAP_FAILED;
    if (p == MAP_FAILED) {
      close(fd);
      return;
    }
    std::memset(p, value, kPatternBytes);
    munmap(p, kPatternBytes);
    files[value] = fd;
  });
  return files[value];
}

// Maps [a, e) (whole pages) anew: anonymous (zero) pages for 0, else the pattern file of `value`.
// False if a mapping failed; the range's pages may then be gone (mmap's MAP_FIXED), so the caller
// maps them anew as zero pages before it writes them.
bool remap(std::uintptr_t a, std::uintptr_t e, std::uint8_t value) {
  const int fd = value ? pattern_file(value) : -1;
  if (value && fd < 0) return false;
  for (std::uintptr_t at = a; at < e; at += kPatternBytes) {
    const std::size_t len = value ? std::min<std::size_t>(kPatternBytes, e - at) : e - a;
    void* p = value ? mmap(reinterpret_cast<void*>(at), len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0)
                    : mmap(reinterpret_cast<void*>(at), len, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return false;
    if (!value) break;
  }
  return true;
}

// Sets [p, p + n) to `value`. Zero gives whole pages back (they read as zero again); a large range
// of another value is mapped from its pattern file; the rest is written.
void fill(void* p, std::size_t n, std::uint8_t value) {
  const std::uintptr_t page = page_size();
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p), e = a + n;
  const std::uintptr_t inner_a = (a + page - 1) & ~(page - 1), inner_e = e & ~(page - 1);
  if (inner_e <= inner_a || (value && n < kLazyBytes)) {
    std::memset(p, value, n);
    return;
  }
  std::memset(p, value, inner_a - a);
  std::memset(reinterpret_cast<void*>(inner_e), value, e - inner_e);
  // Pages a pattern file may lie under must be mapped anew to read as zero: MADV_DONTNEED would
  // bring the file's bytes back.
  if (n >= kLazyBytes) {
    if ((!value || pattern_file(value) >= 0) && remap(inner_a, inner_e, value)) return;
    // No file or no mapping to be had (the process's count of mappings, say): the pages become
    // anonymous again, in one mapping, and are written.
    if (!remap(inner_a, inner_e, 0)) {
      std::fprintf(stderr, "cusim: error: could not map the shadow of device memory again (%s); stopping\n",
                   std::strerror(errno));
      std::abort();
    }
    std::memset(reinterpret_cast<void*>(inner_a), value, inner_e - inner_a);
    return;
  }
  madvise(reinterpret_cast<void*>(inner_a), inner_e - inner_a, MADV_DONTNEED);
}

void zero(void* p, std::size_t n) { fill(p, n, 0); }

// Empties race cells: whole pages go back; in a page shared with other cells only those of
// [p, p + n) are cleared, and only where the page is resident: one never written reads as zero,
// and clearing it would make it resident (a small allocation's cells, 20 times its size, would
// then cost two pages at every free). A page swapped out keeps its records, which carry an earlier
// launch's tag and so are empty for any later launch.
void empty_cells(void* p, std::size_t n) {
  const std::uintptr_t page = page_size();
  const std::uintptr_t a = reinterpret_cast<std::uintptr_t>(p), e = a + n;
  const std::uintptr_t inner_a = (a + page - 1) & ~(page - 1), inner_e = e & ~(page - 1);
  auto clear_if_resident = [page](std::uintptr_t from, std::uintptr_t to) {
    if (from >= to) return;
    unsigned char resident = 1;
    if (mincore(reinterpret_cast<void*>(from & ~(page - 1)), 1, &resident) != 0 || (resident & 1))
      std::memset(reinterpret_cast<void*>(from), 0, to - from);
  };
  if (inner_e <= inner_a) {  // within one page, or across one page boundary
    const std::uintptr_t mid = std::min(e, (a & ~(page - 1)) + page);
    clear_if_resident(a, mid);
    clear_if_resident(mid, e);
    return;
  }
  clear_if_resident(a, inner_a);
  clear_if_resident(inner_e, e);
  zero(reinterpret_cast<void*>(inner_a), inner_e - inner_a);
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

// Calls edge(granule, mask) for the granules [a, a + n) covers in part and whole(status, count)
// for the run of those it covers whole, clipped to the heap (copies may involve host memory).
template <class Edge, class Whole>
void GlobalShadow::for_granules(std::uintptr_t a, std::size_t n, Edge edge, Whole whole) {
  if (n == 0) return;
  const std::uintptr_t lo = std::max(a, base_), hi = std::min(a + n, base_ + size_);
  if (lo >= hi) return;
  const std::uintptr_t g = lo >> kGranuleShift, last = (hi - 1) >> kGranuleShift;
  const unsigned head = lo & 3u, tail = static_cast<unsigned>(hi - (last << kGranuleShift));
  if (g == last) return edge(g, byte_mask(head, static_cast<unsigned>(hi - lo)));
  std::uintptr_t first_whole = g, end_whole = last + 1;
  if (head) edge(g, byte_mask(head, 4 - head)), ++first_whole;
  if (tail != 4) edge(last, byte_mask(0, tail)), --end_whole;
  if (end_whole > first_whole) whole(status(first_whole << kGranuleShift), end_whole - first_whole);
}

void GlobalShadow::set_bits(std::uintptr_t a, std::size_t n, std::uint8_t bits, bool on) {
  auto bits_of = [bits](std::uint8_t mask) {
    return static_cast<std::uint8_t>((bits & kAddressableBits ? mask : 0) | (bits & kInitialisedBits ? mask << 4 : 0));
  };
  for_granules(
      a, n,
      [&](std::uintptr_t granule, std::uint8_t mask) {
        std::uint8_t& st = *status(granule << kGranuleShift);
        st = on ? (st | bits_of(mask)) : (st & ~bits_of(mask));
      },
      [&](std::uint8_t* from, std::size_t count) {
        if (!on && bits == (kAddressableBits | kInitialisedBits)) return zero(from, count);
        if (on && bits == (kAddressableBits | kInitialisedBits)) return fill(from, count, 0xff);
        for (std::size_t i = 0; i < count; ++i) from[i] = on ? (from[i] | bits) : (from[i] & ~bits);
      });
}

void GlobalShadow::on_allocate(const void* p, std::size_t n, bool initialised) {
  // Exactly these bits, whatever a recycled range held before.
  const std::uint8_t bits = initialised ? kAddressableBits | kInitialisedBits : kAddressableBits;
  for_granules(
      reinterpret_cast<std::uintptr_t>(p), n,
      [&](std::uintptr_t granule, std::uint8_t mask) {
        std::uint8_t& st = *status(granule << kGranuleShift);
        const std::uint8_t both = static_cast<std::uint8_t>(mask | mask << 4);
        st = static_cast<std::uint8_t>((st & ~both) | (bits & both));
      },
      [&](std::uint8_t* from, std::size_t count) { fill(from, count, bits); });
}

void GlobalShadow::on_free(const void* p, std::size_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  set_bits(a, n, kAddressableBits | kInitialisedBits, false);
  // The race cells of the range go back too (they are empty for any later launch anyway).
  const std::uintptr_t lo = a & ~std::uintptr_t(3);
  empty_cells(cell(lo), ((a + n - lo + 3) >> kGranuleShift) * sizeof(RaceCell));
}

void GlobalShadow::reset() {
  zero(status_, size_ >> kGranuleShift);
  zero(cells_, (size_ >> kGranuleShift) * sizeof(RaceCell));
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
