#include "sim/check/block_checker.hpp"

#include "sim/report/wording.hpp"

#include <link.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "sim/check/global_shadow.hpp"
#include "sim/check/sites.hpp"
#include "sim/check/static_shadow.hpp"
#include "sim/memory/static_data.hpp"
#include "sim/memory/static_variables.hpp"
#include "sim/config/config.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/host_registrations.hpp"

namespace cusim::sim::check {

// The program's static data and code, and the extent of static thread-local storage: memory
// kernel code may touch that is not device memory (__device__ and __constant__ variables,
// string literals, threadIdx and friends). Taken again when an address is in none of them and
// the process has loaded or unloaded a shared object since (a module of kernels that a program
// loads with dlopen, as the Python package's kernel host does), which the loader's counters tell.
struct ProgramRanges {
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>> segments;  // sorted [lo, hi)
  std::uintptr_t tls_bytes = 0;
  unsigned long long loads = 0, unloads = 0;  // the loader's counters when they were taken
};
namespace {

// The latest snapshot of the program's ranges; with `refresh`, taken again first if the loader's
// counters moved. Snapshots are never freed (a block may still read one; loads are rare).
const ProgramRanges* program_ranges(bool refresh) {
  static std::atomic<const ProgramRanges*> latest{nullptr};
  const ProgramRanges* known = latest.load(std::memory_order_acquire);
  if (known && !refresh) return known;
  std::pair<unsigned long long, unsigned long long> counters{0, 0};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t size, void* data) {
        if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
          *static_cast<std::pair<unsigned long long, unsigned long long>*>(data) = {info->dlpi_adds, info->dlpi_subs};
        return 1;  // the counters are the same in every entry: the first one is enough
      },
      &counters);
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  known = latest.load(std::memory_order_acquire);
  if (known && known->loads == counters.first && known->unloads == counters.second) return known;
  auto* out = new ProgramRanges;
  out->loads = counters.first;
  out->unloads = counters.second;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& o = *static_cast<ProgramRanges*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type == PT_LOAD)
            o.segments.emplace_back(info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
          if (ph.p_type == PT_TLS) o.tls_bytes += ph.p_memsz + ph.p_align;
        }
        return 0;
      },
      out);
  std::sort(out->segments.begin(), out->segments.end());
  out->tls_bytes += 4096;  // the thread control block and glibc's own variables
  latest.store(out, std::memory_order_release);
  return out;
}

bool in_segments(const ProgramRanges& r, std::uintptr_t a) {
  auto it = std::upper_bound(r.segments.begin(), r.segments.end(), std::make_pair(a, ~std::uintptr_t(0)));
  return it != r.segments.begin() && a < std::prev(it)->second;
}

std::uint32_t next_block_tag() {
  static std::atomic<std::uint32_t> tag{1};
  return tag.fetch_add(1, std::memory_order_relaxed);
}

const char* access_word(unsigned flags) {
  if (flags & kAtomic) return "atomic";
  return flags & kWrite ? "write" : "read";
}

// The bytes of granule g that an access of `size` bytes at `a` touches.
std::uint8_t touched_bytes(std::uintptr_t a, std::size_t size, std::uintptr_t g) {
  const std::uintptr_t first = a >> kGranuleShift, last = (a + size - 1) >> kGranuleShift;
  const unsigned from = g == first ? unsigned(a & 3u) : 0u;
  const unsigned to = g == last ? unsigned((a + size - 1) & 3u) + 1 : 4u;
  return byte_mask(from, to - from);
}

// The race cell's lock, also a sequence count: odd while held, raised by two at each holding, so
// that a reader who finds it even and unchanged around a copy of the cell has read a consistent
// cell (atomic_changes_nothing).
class CellLock {
 public:
  CellLock(RaceCell& c, bool take) : c_(take ? &c : nullptr) {
    // Waiters spin on a read of the shared line, not on read-modify-writes that take it from the
    // holder (16 workers checking atomics on one total).
    if (c_)
      for (;;) {
        seq_ = __atomic_load_n(&c_->lock, __ATOMIC_RELAXED);
        if (!(seq_ & 1) && __atomic_compare_exchange_n(&c_->lock, &seq_, seq_ + 1, true, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
          break;
        __builtin_ia32_pause();
      }
    __atomic_thread_fence(__ATOMIC_RELEASE);  // the cell's new contents come after the odd count
  }
  ~CellLock() {
    if (c_) __atomic_store_n(&c_->lock, seq_ + 2, __ATOMIC_RELEASE);
  }

 private:
  RaceCell* c_;
  std::uint32_t seq_ = 0;
};

}  // namespace

BlockChecker::BlockChecker() = default;
BlockChecker::~BlockChecker() = default;

void BlockChecker::begin_block(LaunchState& launch, const BlockSetup& s) {
  launch_ = &launch;
  checks_ = launch.checks;
  global_ = (launch.checks & (check_memcheck | check_racecheck | check_initcheck)) ? GlobalShadow::instance() : nullptr;
  heap_base_ = global_ ? global_->base() : 0;
  heap_size_ = global_ ? global_->size() : 0;
  StaticShadow* statics = (launch.checks & (check_racecheck | check_memcheck)) ? StaticShadow::instance() : nullptr;
  static_base_ = statics ? statics->base() : 0;
  static_size_ = statics ? statics->size() : 0;
  static_cells_ = statics ? statics->cell(static_base_) : nullptr;
  shared_base_ = reinterpret_cast<std::uintptr_t>(s.shared_base);
  // Without memcheck, racecheck and initcheck (a launch that is only observed, for statistics)
  // shared accesses are not checked either: every range is empty, and each access is let through.
  shared_size_ = (launch.checks & (check_memcheck | check_racecheck | check_initcheck)) ? s.shared_capacity : 0;
  packet_ = reinterpret_cast<std::uintptr_t>(s.packet);
  packet_bytes_ = s.packet_bytes;
  stack_bytes_ = s.stack_bytes;
  tls_bytes_ = program_ranges(false)->tls_bytes;
  block_ = s.block;
  epoch_ = 0;
  shared_tag_ = next_block_tag();
  threads_ = s.threads;

  const std::size_t granules = s.shared_capacity >> kGranuleShift;
  if (!shared_status_) {
    shared_status_ = ZeroPages<std::uint8_t>(granules);
    shared_cells_ = ZeroPages<RaceCell>(granules);
  }
  // Nothing of the arena is addressable but the dynamic region and, as they are declared, the
  // static variables.
  std::memset(shared_status_.get(), 0, (shared_high_ + 3) >> kGranuleShift);
  shared_high_ = s.dynamic_bytes;
  shared_vars_.clear();
  if (s.dynamic_bytes) on_shared_variable("extern __shared__ (dynamic)", s.shared_base, s.dynamic_bytes);

  if (warp_clock_.size() != threads_ || clocks_dirty_) {
    warp_clock_.assign(threads_, std::array<std::uint32_t, 32>{});
    fence_.assign(threads_, Fence{});
    if (tiles_synced_)
      for (auto& clocks : tile_clock_) clocks.clear();
    tiles_synced_ = false;
    clocks_dirty_ = false;
  }
  ordinal_.assign(threads_, 0);
  if (acquired_.size() != threads_) acquired_.assign(threads_, {});
  for (unsigned t : acquiring_) acquired_[t].clear();
  acquiring_.clear();
  block_acquired_.clear();
  any_acquired_ = false;
  arrive_waits_used_ = 0;
  known_used_ = false;
}

void BlockChecker::on_shared_variable(const char* name, const void* at, std::size_t size) {
  const auto a = reinterpret_cast<std::uintptr_t>(at);
  shared_vars_.push_back(SharedVariable{name, a, size});
  const std::uintptr_t off = a - shared_base_;
  shared_high_ = std::max<std::size_t>(shared_high_, off + size);
  // Addressable, not written (bit by bit at the edges: variables are 16-byte aligned, sizes any).
  for (std::uintptr_t b = 0; b < size; ++b) {
    if (((off + b) & 3u) == 0 && b + 4 <= size) {
      shared_status_[(off + b) >> kGranuleShift] = kAddressableBits;
      b += 3;
      continue;
    }
    shared_status_[(off + b) >> kGranuleShift] |= static_cast<std::uint8_t>(1u << ((off + b) & 3u));
  }
}

void BlockChecker::on_barrier() {
  ++epoch_;
  for (unsigned t : acquiring_) {
    for (const Acquired& e : acquired_[t]) join(block_acquired_, e);
    acquired_[t].clear();
  }
  acquiring_.clear();
  any_acquired_ = !block_acquired_.empty();
}

void BlockChecker::on_warp_sync(unsigned warp, unsigned mask) {
  clocks_dirty_ = true;
  std::array<std::uint32_t, 32> joined{};
  const unsigned first = warp * 32;
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    const unsigned lane = static_cast<unsigned>(__builtin_ctz(rest));
    auto& vc = warp_clock_[first + lane];
    ++vc[lane];  // the sync is a new step of each participant
    for (unsigned l = 0; l < 32; ++l) joined[l] = std::max(joined[l], vc[l]);
  }
  for (unsigned rest = mask; rest; rest &= rest - 1) warp_clock_[first + static_cast<unsigned>(__builtin_ctz(rest))] = joined;
  if (known_used_) join_known(first, 32, mask);
}

void BlockChecker::on_tile_sync(unsigned first, unsigned count, unsigned size) {
  clocks_dirty_ = true;
  tiles_synced_ = true;
  auto& clocks = tile_clock_[static_cast<unsigned>(__builtin_ctz(size)) - 6];
  if (clocks.size() != threads_) clocks.assign(threads_, 0);
  for (unsigned t = first; t < first + count; ++t) clocks[t] = ++warp_clock_[t][t & 31];  // a new step of each
  if (known_used_) join_known(first, count);
}

void BlockChecker::on_fence(unsigned thread) {
  clocks_dirty_ = true;
  Fence& f = fence_[thread];
  f.done = true;
  f.epoch = epoch_;
  f.clock = ++warp_clock_[thread][thread & 31];
}

BlockChecker::Current BlockChecker::current(unsigned thread, std::uintptr_t a, unsigned flags, const void* pc,
                                             MemorySpace space) const {
  return Current{thread, a, flags & ~unsigned{kUnaligned}, site_id(pc), space, block_, epoch_, warp_clock_[thread].data(),
                 ordinal_[thread], any_acquired_ || tiles_synced_ || known_used_};
}

inline void BlockChecker::fill(AccessRecord& r, const Current& c, std::uint8_t mask) {
  // Field by field, straight into the cell: a record built aside and copied in stalls the copy.
  r.site = c.site;
  r.block = c.block;
  r.thread = static_cast<std::uint16_t>(c.thread);
  r.flags = static_cast<std::uint8_t>(c.flags | kValid | (mask != 0xf ? kPartial : 0));
  r.bytes = mask;
  r.epoch = c.epoch;
  r.clock = c.clocks[c.thread & 31];
  r.ordinal = c.ordinal;
}

bool BlockChecker::ordered_rarely(const AccessRecord& e, unsigned thread) const {
  return (tiles_synced_ && ordered_by_tiles(e, thread)) || (any_acquired_ && ordered_by_atomics(e, thread)) ||
         (known_used_ && ordered_by_arrive_wait(e, thread));
}

bool BlockChecker::ordered_by_tiles(const AccessRecord& e, unsigned thread) const {
  if (e.block != block_) return false;
  for (unsigned level = 0; level < tile_clock_.size(); ++level) {
    const auto& clocks = tile_clock_[level];
    if (!clocks.empty() && (unsigned{e.thread} >> (6 + level)) == (thread >> (6 + level)) && e.clock < clocks[e.thread])
      return true;
  }
  return false;
}

bool BlockChecker::ordered_by_atomics(const AccessRecord& e, unsigned thread) const {
  auto covers = [&](const std::vector<Acquired>& known) {
    for (const Acquired& k : known)
      if (k.block == e.block && (e.epoch < k.epoch || (k.thread == e.thread && e.clock < k.clock))) return true;
    return false;
  };
  return covers(acquired_[thread]) || covers(block_acquired_);
}

// ---- the accesses ----------------------------------------------------------------------------

template <unsigned Flags>
BlockChecker::Verdict BlockChecker::global_access(unsigned thread, std::uintptr_t a, std::size_t size, const void* pc) {
  const Current c = current(thread, a, Flags, pc, MemorySpace::global);
  const Verdict v = check_granules<Flags>(c, size, global_->status(a), global_->cell(a), launch_->tag, launch_->concurrent);
  if ((Flags & kAtomic) && v == Verdict::device && (checks_ & check_racecheck)) release_at_atomic(thread, a);
  return v;
}

BlockChecker::Verdict BlockChecker::static_access(unsigned thread, std::uintptr_t a, std::size_t size, unsigned flags, const void* pc) {
  // Alignment and races: static data is always addressable and initialised.
  const Current c = current(thread, a, flags, pc, MemorySpace::global);
  if ((checks_ & check_memcheck) && !(flags & kUnaligned) && (size == 2 || size == 4 || size == 8 || size == 16) &&
      (a & (size - 1)))
    return misaligned(c, size);
  if (checks_ & check_memcheck)
    if (const StaticVariable* v = static_variable_holding(a)) {
      if (a + size > v->end()) return past_static_variable(c, size, *v);
      if ((flags & kWrite) && v->kind == detail::StaticVariableKind::constant) return constant_write(c, size, *v);
    }
  if (!(checks_ & check_racecheck)) return Verdict::device;
  const std::uintptr_t first = a >> kGranuleShift, last = (a + size - 1) >> kGranuleShift;
  for (std::uintptr_t g = first; g <= last; ++g) {
    RaceCell& cell = static_cells_[g - (static_base_ >> kGranuleShift)];
    const std::uint8_t mask = touched_bytes(a, size, g);
    const bool lock = launch_->concurrent;
    switch (c.flags) {
      case kRead: check_cell<kRead>(c, cell, mask, launch_->tag, lock); break;
      case kWrite: check_cell<kWrite>(c, cell, mask, launch_->tag, lock); break;
      case kRead | kAtomic: check_cell<kRead | kAtomic>(c, cell, mask, launch_->tag, lock); break;
      case kWrite | kAtomic: check_cell<kWrite | kAtomic>(c, cell, mask, launch_->tag, lock); break;
    }
  }
  ++ordinal_[thread];
  if (flags & kAtomic) release_at_atomic(thread, a);
  return Verdict::device;
}

template <unsigned Flags>
BlockChecker::Verdict BlockChecker::shared_access(unsigned thread, std::uintptr_t a, std::size_t size, const void* pc) {
  const std::uintptr_t off = a - shared_base_;
  if (off + size > shared_size_) {
    fatal_ = memory_fault(DiagnosticKind::out_of_bounds, MemorySpace::shared, a, "access past the end of shared memory");
    return Verdict::fatal;
  }
  return check_granules<Flags>(current(thread, a, Flags, pc, MemorySpace::shared), size, &shared_status_[off >> kGranuleShift],
                               &shared_cells_[off >> kGranuleShift], shared_tag_, false);
}

// The rare outcomes of check_granules, out of line so that its common path stays small.
BlockChecker::Verdict BlockChecker::not_addressable(const Current& c, std::size_t size, std::uintptr_t g,
                                                    std::uint8_t missing) {
  const std::uintptr_t bad = (g << kGranuleShift) + static_cast<unsigned>(__builtin_ctz(missing));
  DiagnosticKind kind = DiagnosticKind::out_of_bounds;
  if (c.space == MemorySpace::global) {
    auto alloc = DeviceHeap::instance().lookup(reinterpret_cast<const void*>(bad));
    if (alloc && alloc->freed && alloc->contains(bad)) kind = DiagnosticKind::use_after_free;
  }
  fatal_ = memory_fault(kind, c.space, bad,
                        std::string(access_word(c.flags)) + " of " + std::to_string(size) + " bytes of " + describe(c));
  return Verdict::fatal;
}

// An access that runs past a registered variable's end, into the guard after it.
BlockChecker::Verdict BlockChecker::past_static_variable(const Current& c, std::size_t size, const StaticVariable& v) {
  const std::uintptr_t bad = std::max(c.address, v.end());
  fatal_ = memory_fault(DiagnosticKind::out_of_bounds, c.space, bad,
                        std::string(access_word(c.flags)) + " of " + std::to_string(size) + " bytes of global memory (" +
                            std::to_string(bad - v.end()) + " bytes past the end of the " + std::to_string(v.size) +
                            "-byte " + static_variable_keyword(v.kind) + " variable `" + v.name + "`)");
  fatal_.groups.push_back(ThreadGroup::note("`" + std::string(v.name) + "` is defined here", SourceSite{v.file, v.line}));
  return Verdict::fatal;
}

BlockChecker::Verdict BlockChecker::constant_write(const Current& c, std::size_t size, const StaticVariable& v) {
  fatal_ = memory_fault(DiagnosticKind::constant_memory_write, c.space, c.address,
                        std::string(access_word(c.flags)) + " of " + std::to_string(size) + " bytes of " + describe(c) +
                            ": constant memory is read-only in kernels (a GPU traps; cudaMemcpyToSymbol writes it)");
  fatal_.groups.push_back(ThreadGroup::note("`" + std::string(v.name) + "` is defined here", SourceSite{v.file, v.line}));
  return Verdict::fatal;
}

BlockChecker::Verdict BlockChecker::misaligned(const Current& c, std::size_t size) {
  return misaligned(c, std::to_string(size) + " bytes of " + describe(c), size);
}

BlockChecker::Verdict BlockChecker::misaligned(const Current& c, const std::string& what, std::size_t align) {
  fatal_ = memory_fault(DiagnosticKind::misaligned_access, c.space, c.address,
                        std::string(access_word(c.flags)) + " of " + what + " is not aligned to " +
                            std::to_string(align) + " bytes");
  return Verdict::fatal;
}

BlockChecker::Verdict BlockChecker::misaligned_typed(unsigned thread, std::uintptr_t a, unsigned flags,
                                                     const std::string& type, std::size_t align, const void* pc) {
  if (!(checks_ & check_memcheck) || !(a & (align - 1))) return Verdict::other;
  MemorySpace space = MemorySpace::none;
  if (a - heap_base_ < heap_size_ || a - static_base_ < static_size_) space = MemorySpace::global;
  else if (a - shared_base_ < shared_size_) space = MemorySpace::shared;
  if (space == MemorySpace::none) return Verdict::other;
  // "an 'int'", "a 'float4'": the type as the compiler names it ("'const struct float4'"), without
  // the qualifiers and keywords that say nothing about the access.
  std::string name = type;
  for (const char* word : {"const ", "volatile ", "struct ", "class ", "union "})
    for (std::size_t at; (at = name.find(word)) != std::string::npos;) name.erase(at, std::strlen(word));
  const bool vowel = name.size() > 1 && std::strchr("aeiou", name[1]);
  const Current c = current(thread, a, flags, pc, space);
  return misaligned(c, (vowel ? "an " : "a ") + name + " in " + describe(c), align);
}

void BlockChecker::uninitialized_read(const Current& c) {
  RawFinding f;
  f.kind = DiagnosticKind::uninitialized_read;
  f.space = c.space;
  f.site = c.site;
  f.block = block_;
  f.thread = static_cast<std::uint16_t>(c.thread);
  f.address = c.address;
  f.message = std::string(access_word(c.flags)) + " of " + describe(c) + ", which nothing has written";
  launch_->note(std::move(f));
}

template <unsigned Flags>
inline BlockChecker::Verdict BlockChecker::check_granules(const Current& c, std::size_t size, std::uint8_t* status,
                                                          RaceCell* cells, std::uint32_t tag, bool lock) {
  const std::uintptr_t a = c.address;
  if ((a & 3u) + size > 4) [[unlikely]] return check_spanning<Flags>(c, size, status, cells, tag, lock);
  const std::uint8_t mask = byte_mask(unsigned(a & 3u), unsigned(size));
  if (checks_ & check_memcheck) {
    if ((*status & mask) != mask) return not_addressable(c, size, a >> kGranuleShift, mask & ~*status);
    if (!(Flags & kUnaligned) && (size == 2 || size == 4) && (a & (size - 1))) return misaligned(c, size);
  }
  check_granule<Flags>(c, mask, *status, *cells, tag, lock);
  ++ordinal_[c.thread];
  return Verdict::device;
}

template <unsigned Flags>
BlockChecker::Verdict BlockChecker::check_spanning(const Current& c, std::size_t size, std::uint8_t* status,
                                                   RaceCell* cells, std::uint32_t tag, bool lock) {
  const std::uintptr_t a = c.address;
  const std::uintptr_t first = a >> kGranuleShift, last = (a + size - 1) >> kGranuleShift;
  if (checks_ & check_memcheck) {
    for (std::uintptr_t g = first; g <= last; ++g) {
      const std::uint8_t mask = touched_bytes(a, size, g);
      if ((status[g - first] & mask) != mask) return not_addressable(c, size, g, mask & ~status[g - first]);
    }
    if (!(Flags & kUnaligned) && (size == 2 || size == 4 || size == 8 || size == 16) && (a & (size - 1)))
      return misaligned(c, size);
  }
  for (std::uintptr_t g = first; g <= last; ++g)
    check_granule<Flags>(c, touched_bytes(a, size, g), status[g - first], cells[g - first], tag, lock);
  ++ordinal_[c.thread];
  return Verdict::device;
}

template <unsigned Flags>
inline void BlockChecker::check_granule(const Current& c, std::uint8_t mask, std::uint8_t& st, RaceCell& cell,
                                        std::uint32_t tag, bool lock) {
  const unsigned checks = checks_;
  if (!(Flags & kWrite) || (Flags & kAtomic)) {
    if ((checks & check_initcheck) && ((st >> 4) & mask) != mask) {
      uninitialized_read(c);
      st |= static_cast<std::uint8_t>(mask << 4);  // reported once per place, not per read
    }
  }
  if ((Flags & kWrite) && ((st >> 4) & mask) != mask) {
    // Blocks on other workers may write the other bytes of this granule at the same time.
    if (lock) __atomic_fetch_or(&st, static_cast<std::uint8_t>(mask << 4), __ATOMIC_RELAXED);
    else st |= static_cast<std::uint8_t>(mask << 4);
  }
  if (checks & check_racecheck) check_cell<Flags>(c, cell, mask, tag, lock);
}

template <unsigned Flags>
inline void BlockChecker::check_cell(const Current& c, RaceCell& cell, std::uint8_t mask, std::uint32_t tag, bool lock) {
  // Atomics on one total or counter from every worker mostly change nothing in its cell (it
  // keeps atomics of other warps already): those are told apart without the lock, so that the
  // cell's line stays shared among the cores instead of passing from one to the next.
  if constexpr ((Flags & kAtomic) != 0)
    if (lock && atomic_changes_nothing<Flags>(c, cell, mask, tag)) return;
  CellLock guard(cell, lock);
  check_race<Flags>(c, cell, mask, tag);
}

template <unsigned Flags>
bool BlockChecker::atomic_changes_nothing(const Current& c, const RaceCell& cell, std::uint8_t mask, std::uint32_t tag) {
  const std::uint32_t seq = __atomic_load_n(&cell.lock, __ATOMIC_ACQUIRE);
  if (seq & 1) return false;
  RaceCell seen;
  __builtin_memcpy(&seen, &cell, sizeof seen);  // may be torn: then the count has moved
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  if (__atomic_load_n(&cell.lock, __ATOMIC_RELAXED) != seq) return false;
  RaceCell after = seen;
  return check_race<Flags, true>(c, after, mask, tag) && __builtin_memcmp(&after, &seen, sizeof seen) == 0;
}

template <unsigned Flags, bool Dry>
inline bool BlockChecker::check_race(const Current& c, RaceCell& cell, std::uint8_t mask, std::uint32_t tag) {
  if (cell.tag != tag) {
    cell.write.flags = cell.read1.flags = cell.read2.flags = 0;
    cell.tag = tag;
  }
  constexpr bool write = Flags & kWrite, atomic = Flags & kAtomic;
  // A pair conflicts when one of the two writes and not both are atomic.
  auto conflicts = [&](const AccessRecord& e) __attribute__((always_inline)) {
    return e.valid() && (e.bytes & mask) && (write || e.write()) && !(atomic && e.atomic()) && !ordered(e, c);
  };
  // Reports a race with `e`, if it is one; false instead in a dry run.
  auto meet = [&](const AccessRecord& e) __attribute__((always_inline)) {
    if (!conflicts(e)) return true;
    if constexpr (Dry) return false;
    report_race(c, e);
    return true;
  };
  if (!meet(cell.write) || !meet(cell.read1) || !meet(cell.read2)) return false;
  if (write && !atomic) {
    // Every kept access that this write is not ordered after was reported just now; whatever is
    // ordered after this write is ordered after them too: the write alone stands for them, on
    // the bytes it wrote. What they did to the granule's other bytes stays.
    if (mask != 0xf && ((cell.write.valid() && (cell.write.bytes & ~mask)) || (cell.read1.valid() && (cell.read1.bytes & ~mask)) ||
                        (cell.read2.valid() && (cell.read2.bytes & ~mask)))) [[unlikely]]
      return keep_other_bytes(c, cell, mask), true;
    fill(cell.write, c, mask);
    cell.read1.flags = cell.read2.flags = 0;
    return true;
  }
  // A later access stands for an earlier one it is ordered after only on the bytes it covers, and
  // a read or an atomic never stands for a plain write (a later read would race with the write,
  // not with it).
  // Unless it is forgotten anyway (dead: shared memory before the last barrier).
  auto replaceable = [&](const AccessRecord& e) __attribute__((always_inline)) {
    const unsigned state = e.flags & (kValid | kPartial);
    if (state == 0) return true;
    if (__builtin_expect(state != kValid, 0)) {
      if (dead(e, c)) return true;
      if ((e.bytes & ~mask) || (e.flags & (kWrite | kAtomic)) == kWrite) return false;
    }
    return (e.block == c.block && e.thread == c.thread) || ordered(e, c);
  };
  // An atomic write takes the write slot only from another atomic it is ordered after. A plain
  // write stays there even after its own thread's atomic: the atomics of other threads must still
  // meet it (a counter reset by a plain store while others add to it). An atomic read (the load
  // that starts a compare-and-swap loop) is a read: in the write slot it would meet no later read,
  // and the atomic writes that came after it unordered would be left to the read slots, where
  // reads push them out.
  if (atomic && write && (!cell.write.valid() || (cell.write.atomic() && replaceable(cell.write)))) {
    fill(cell.write, c, mask);
    return true;
  }
  // Reads, and atomics that did not take the write slot, share two slots. Which to keep decides
  // what a later write is checked against, so the choice must not hang on the schedule: an
  // access ordered before this one gives way to it; otherwise the two slots are kept for two
  // different warps (or blocks), because accesses of one warp tend to be ordered alike (one
  // __syncwarp() or barrier orders them all) and a racing access of another warp must not be
  // pushed out by its neighbours'.
  auto warp_of = [](const AccessRecord& e) { return (std::uint64_t{e.block} << 32) | (e.thread >> 5u); };
  const std::uint64_t my_warp = (std::uint64_t{c.block} << 32) | (c.thread >> 5u);
  if (replaceable(cell.read1)) fill(cell.read1, c, mask);
  else if (replaceable(cell.read2) || (!((cell.read2.flags & kPartial) && (cell.read2.flags & (kWrite | kAtomic)) == kWrite) &&
                                       (warp_of(cell.read2) == my_warp || warp_of(cell.read1) == warp_of(cell.read2))))
    fill(cell.read2, c, mask);
  // else: both kept accesses are unordered with this one and come from two other warps; a write
  // that races with this access races with at least one of them unless it is ordered after them.
  return true;
}

void BlockChecker::keep_other_bytes(const Current& c, RaceCell& cell, std::uint8_t mask) {
  // The kept accesses that touched bytes outside `mask` keep those bytes; the plain write that
  // they give the write slot to goes first (it conflicts with every later access), then the
  // others in the threads' program order, so that which two are kept does not hang on the
  // schedule more than it must.
  AccessRecord kept[3];
  unsigned n = 0;
  for (const AccessRecord* e : {&cell.write, &cell.read1, &cell.read2})
    if (e->valid() && (e->bytes & ~mask) && !dead(*e, c)) {
      kept[n] = *e;
      kept[n].flags |= kPartial;  // a remnant: it stands only for its own bytes
      kept[n++].bytes = static_cast<std::uint8_t>(e->bytes & ~mask);
    }
  auto rank = [](const AccessRecord& r) {
    return std::make_tuple(r.write() && !r.atomic() ? 0 : 1, r.epoch, r.ordinal, r.block, r.thread);
  };
  for (unsigned i = 1; i < n; ++i)  // at most three: an insertion sort
    for (unsigned j = i; j > 0 && rank(kept[j]) < rank(kept[j - 1]); --j) std::swap(kept[j], kept[j - 1]);
  fill(cell.write, c, mask);
  cell.read1.flags = cell.read2.flags = 0;
  if (n > 0) cell.read1 = kept[0];
  if (n > 1) cell.read2 = kept[1];
}

void BlockChecker::report_race(const Current& c, const AccessRecord& other) {
  // Which came first in the threads' programs (not in this schedule): the earlier epoch (barriers
  // its block had completed; for two blocks, each its own), then the fewer accesses made before
  // it; a tie puts the write first. Both accesses are ranked alike, so the name is the same
  // whichever thread or block ran first.
  AccessRecord self;
  fill(self, c, 0);
  auto key = [&](const AccessRecord& r) {
    return std::make_tuple(r.epoch, r.ordinal, r.write() ? 0 : 1);
  };
  const bool other_first = key(other) <= key(self);
  const AccessRecord& first = other_first ? other : self;
  const AccessRecord& second = other_first ? self : other;
  DiagnosticKind kind;
  if (first.atomic() != second.atomic()) kind = DiagnosticKind::race_atomic;
  else if (first.write() && second.write()) kind = DiagnosticKind::race_waw;
  else if (first.write()) kind = DiagnosticKind::race_raw;
  else kind = DiagnosticKind::race_war;


  RawFinding f;
  f.kind = kind;
  f.space = c.space;
  f.site = second.site;
  f.other_site = first.site;
  f.block = second.block;
  f.thread = second.thread;
  f.other_block = first.block;
  f.other_thread = first.thread;
  f.address = c.address;
  const char* words[] = {"read", "write"};
  auto word = [&](const AccessRecord& r) { return r.atomic() ? "atomic" : words[r.write()]; };
  // The relation of the two threads: the report of all instances of this race names the widest,
  // and the fix that covers it (LaunchState::diagnostics).
  f.relation = other.block != block_                  ? RaceRelation::different_blocks
               : (other.thread >> 5) == (c.thread >> 5) ? RaceRelation::same_warp
                                                        : RaceRelation::different_warps;
  f.message = std::string(space_name(c.space)) + "-memory race: " + word(second) + " of " + describe(c) + " and " +
              (first.atomic() ? "an " : "a ") + word(first) + " by ";
  f.other_state = std::string("the conflicting ") + (first.atomic() ? "atomic" : word(first));
  launch_->note(std::move(f));
}

void BlockChecker::release_at_atomic(unsigned thread, std::uintptr_t address) {
  std::vector<Acquired>& mine = acquired_[thread];
  const Fence& f = fence_[thread];
  if (!f.done && mine.empty() && block_acquired_.empty()) return;
  std::vector<Acquired> entries = block_acquired_;
  for (const Acquired& e : mine) join(entries, e);
  if (f.done) {
    // A fence followed by an atomic releases what the thread did before it, this atomic included
    // (the last block may then reset the counter with a plain store): a new clock step marks the
    // end of what is released.
    clocks_dirty_ = true;
    const std::uint32_t after = ++warp_clock_[thread][thread & 31];
    join(entries, Acquired{block_, static_cast<std::uint16_t>(thread), f.epoch, after});
  }
  launch_->release(address, entries);
}

void BlockChecker::after_atomic(unsigned thread, std::uintptr_t address) {
  // After the operation, not before: an atomic that read the value another atomic wrote then
  // also finds that atomic's release, which was made before it wrote.
  if (!(launch_->checks & check_racecheck) || !launch_->any_release() || address - shared_base_ < shared_size_) return;
  std::vector<Acquired>& mine = acquired_[thread];
  const std::size_t before = mine.size();
  launch_->acquire(address, mine);
  if (before == 0 && !mine.empty()) {
    acquiring_.push_back(thread);
    any_acquired_ = true;
  }
}

// ---- reports ---------------------------------------------------------------------------------

std::string BlockChecker::describe(const Current& c) const {
  if (c.space == MemorySpace::shared) {
    for (const SharedVariable& v : shared_vars_)
      if (c.address >= v.begin && c.address < v.begin + v.size)
        return "`" + v.name + "` [byte " + std::to_string(c.address - v.begin) + " of " + std::to_string(v.size) + "]";
    // Outside every variable: name the nearest one below.
    const SharedVariable* below = nullptr;
    for (const SharedVariable& v : shared_vars_)
      if (v.begin <= c.address && (!below || v.begin > below->begin)) below = &v;
    if (below)
      return "shared memory " + std::to_string(c.address - (below->begin + below->size)) + " bytes past the end of `" +
             below->name + "` (" + std::to_string(below->size) + " bytes)";
    return "shared memory offset " + std::to_string(c.address - shared_base_) + ", before every shared variable";
  }
  if (c.address - static_base_ < static_size_) {
    const StaticVariable* v = static_variable_holding(c.address);
    if (v && c.address < v->end())
      return std::string(static_variable_keyword(v->kind)) + " variable `" + v->name + "` [byte " +
             std::to_string(c.address - v->begin) + " of " + std::to_string(v->size) + "]";
    return "__device__ variable " + describe_static_address(c.address);
  }
  return "global memory";  // the backend names the allocation and the offset (explain_fault_address)
}

Diagnostic BlockChecker::memory_fault(DiagnosticKind kind, MemorySpace space, std::uintptr_t a, std::string message) const {
  Diagnostic d;
  d.kind = kind;
  d.space = space;
  d.address = a;
  d.message = std::move(message);
  return d;
}

bool BlockChecker::stack_or_static(std::uintptr_t a) const {
  const auto sp = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  if (a + 4096 >= sp && a < sp + stack_bytes_) return true;  // this thread's stack
  if (a - packet_ < packet_bytes_) return true;               // the kernel's arguments
  // Device memory left unchecked because its shadow could not be mapped (warned about once).
  if (!global_ && DeviceHeap::instance().in_range(reinterpret_cast<const void*>(a))) return true;
  if (host_registration(reinterpret_cast<const void*>(a))) return true;  // cudaHostRegister'd memory
  const ProgramRanges& r = *program_ranges(false);
  const auto tp = reinterpret_cast<std::uintptr_t>(__builtin_thread_pointer());
  if (tp - a < r.tls_bytes || a - tp < 4096) return true;     // static thread-local storage
  // Not in the program as last seen: perhaps in a shared object loaded since.
  return in_segments(r, a) || in_segments(*program_ranges(true), a);
}

BlockChecker::Verdict BlockChecker::other_access(std::uintptr_t a, std::size_t size, unsigned flags, const void*) {
  if (!(launch_->checks & check_memcheck) || stack_or_static(a)) return Verdict::other;
  fatal_ = memory_fault(DiagnosticKind::wild_access, MemorySpace::none, a,
                        std::string(access_word(flags)) + " of " + std::to_string(size) + " bytes at " + hex_address(a) +
                            ", which is no device allocation, shared memory, stack or static variable "
                            "(a host pointer passed to a kernel?)");
  return Verdict::fatal;
}

// The hooks' four kinds of access.
#define CUSIM_ACCESS_KIND(F)                                                                                    \
  template BlockChecker::Verdict BlockChecker::global_access<F>(unsigned, std::uintptr_t, std::size_t, const void*); \
  template BlockChecker::Verdict BlockChecker::shared_access<F>(unsigned, std::uintptr_t, std::size_t, const void*);
CUSIM_ACCESS_KIND(kRead)
CUSIM_ACCESS_KIND(kWrite)
CUSIM_ACCESS_KIND(kRead | kAtomic)
CUSIM_ACCESS_KIND(kWrite | kAtomic)
CUSIM_ACCESS_KIND(kRead | kUnaligned)
CUSIM_ACCESS_KIND(kWrite | kUnaligned)
#undef CUSIM_ACCESS_KIND

}  // namespace cusim::sim::check
