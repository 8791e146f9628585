#include "sim/memory/device_heap.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <iterator>
#include <map>
#include <mutex>

namespace cusim::sim {
namespace {

// Address space is cheap and physical memory is only used where allocations are, so reserve
// generously: more than the largest device profile's memory (80 GB), so that every allocation the
// profile allows has room. Smaller reservations are tried where the address space is limited
// (e.g. valgrind).
constexpr std::size_t kWantReserved = std::size_t(128) << 30;
constexpr std::size_t kMinReserved = std::size_t(256) << 20;
// Freed spans stay quarantined (their addresses not reused, a late access or free still named)
// until they add up to this, as AddressSanitizer's quarantine does; then the oldest are reused, so
// that a program that allocates and frees in a loop keeps a bounded range of the heap and of its
// shadow in use. The latest freed span stays whatever its size.
constexpr std::size_t kQuarantineBytes = std::size_t(256) << 20;

std::size_t page_size() {
  static const std::size_t p = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return p;
}
std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

struct Span {
  std::size_t bytes;  // guard page included
  HeapAllocation a;
};

}  // namespace

struct DeviceHeap::State {
  std::mutex m;
  std::map<std::uintptr_t, Span> spans;             // live and quarantined, by span start
  std::deque<std::uintptr_t> quarantine;            // freed spans, oldest first
  std::size_t quarantined_bytes = 0;
  std::map<std::uintptr_t, std::size_t> free_list;  // recycled ranges, coalesced
  std::uintptr_t bump = 0;                          // start of never-used address space
  std::uint64_t serial = 0;
};

DeviceHeap& DeviceHeap::instance() {
  static DeviceHeap heap;
  return heap;
}

DeviceHeap::DeviceHeap() : state_(new State) {
  for (std::size_t want = kWantReserved; want >= kMinReserved; want /= 2) {
    void* p = mmap(nullptr, want, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
      base_ = reinterpret_cast<std::uintptr_t>(p);
      reserved_ = want;
      break;
    }
  }
  state_->bump = base_;
}

bool DeviceHeap::limit_reservation(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(state_->m);
  if (bytes > reserved_ || state_->bump - base_ > bytes) return bytes >= reserved_;
  reserved_ = bytes;  // the rest stays reserved and inaccessible: nothing else lands there
  return true;
}

// The oldest quarantined span joins the free list, coalesced with its neighbours (state_->m held).
void DeviceHeap::recycle_oldest_locked() {
  State& s = *state_;
  const std::uintptr_t old = s.quarantine.front();
  s.quarantine.pop_front();
  auto it = s.spans.find(old);
  const std::size_t bytes = it->second.bytes;
  s.quarantined_bytes -= bytes;
  s.spans.erase(it);
  auto [pos, inserted] = s.free_list.emplace(old, bytes);
  (void)inserted;
  if (auto next = std::next(pos); next != s.free_list.end() && pos->first + pos->second == next->first) {
    pos->second += next->second;
    s.free_list.erase(next);
  }
  if (pos != s.free_list.begin()) {
    auto prev = std::prev(pos);
    if (prev->first + prev->second == pos->first) {
      prev->second += pos->second;
      s.free_list.erase(pos);
    }
  }
}

void* DeviceHeap::allocate(std::size_t size, unsigned tag, const void* site) {
  if (size == 0 || size > reserved_) return nullptr;
  const std::size_t page = page_size();
  const std::size_t user_bytes = round_up(size, kAlignment);
  const std::size_t data_bytes = round_up(user_bytes + kRedzone, page);
  const std::size_t span_bytes = page + data_bytes;

  std::lock_guard<std::mutex> lock(state_->m);
  State& s = *state_;
  auto take_free = [&]() -> std::uintptr_t {
    for (auto it = s.free_list.begin(); it != s.free_list.end(); ++it) {
      if (it->second < span_bytes) continue;
      const std::uintptr_t at = it->first;
      const std::size_t rest = it->second - span_bytes;
      s.free_list.erase(it);
      if (rest) s.free_list.emplace(at + span_bytes, rest);
      return at;
    }
    if (s.bump + span_bytes <= base_ + reserved_) {
      const std::uintptr_t at = s.bump;
      s.bump += span_bytes;
      return at;
    }
    return 0;
  };
  std::uintptr_t at = take_free();
  while (!at && !s.quarantine.empty()) {  // out of room: give up quarantine, oldest first
    recycle_oldest_locked();
    at = take_free();
  }
  if (!at) return nullptr;
  if (mprotect(reinterpret_cast<void*>(at + page), data_bytes, PROT_READ | PROT_WRITE) != 0) {
    s.free_list.emplace(at, span_bytes);  // e.g. too many mappings: the span stays unused
    return nullptr;
  }
  HeapAllocation a;
  a.begin = at + span_bytes - user_bytes;
  a.size = size;
  a.tag = tag;
  a.alloc_site = site;
  a.serial = ++s.serial;
  s.spans.emplace(at, Span{span_bytes, a});
  return reinterpret_cast<void*>(a.begin);
}

DeviceHeap::FreeOutcome DeviceHeap::release(const void* p, unsigned accepted_tags, const void* site,
                                            HeapAllocation* found) {
  if (!in_range(p)) return FreeOutcome::not_in_heap;
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard<std::mutex> lock(state_->m);
  State& s = *state_;
  auto it = s.spans.upper_bound(addr);
  if (it == s.spans.begin()) return FreeOutcome::not_allocated;
  --it;
  Span& span = it->second;
  if (addr >= it->first + span.bytes) return FreeOutcome::not_allocated;
  if (found) *found = span.a;
  if (span.a.freed) return FreeOutcome::already_freed;
  if (addr != span.a.begin) return span.a.contains(addr) ? FreeOutcome::interior : FreeOutcome::in_redzone;
  if (!(accepted_tags & (1u << span.a.tag))) return FreeOutcome::wrong_tag;

  const std::size_t page = page_size();
  void* data = reinterpret_cast<void*>(it->first + page);
  madvise(data, span.bytes - page, MADV_DONTNEED);  // physical pages go back now
  mprotect(data, span.bytes - page, PROT_NONE);     // a late host access faults
  span.a.freed = true;
  span.a.free_site = site;
  s.quarantine.push_back(it->first);
  s.quarantined_bytes += span.bytes;
  while (s.quarantined_bytes > kQuarantineBytes && s.quarantine.size() > 1) recycle_oldest_locked();
  return FreeOutcome::freed;
}

std::optional<HeapAllocation> DeviceHeap::lookup(const void* p) const {
  if (!in_range(p)) return std::nullopt;
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard<std::mutex> lock(state_->m);
  auto it = state_->spans.upper_bound(addr);
  if (it == state_->spans.begin()) return std::nullopt;
  --it;
  if (addr >= it->first + it->second.bytes) return std::nullopt;
  return it->second.a;
}

std::optional<HeapAllocation> DeviceHeap::preceding(const void* p) const {
  if (!in_range(p)) return std::nullopt;
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard<std::mutex> lock(state_->m);
  auto it = state_->spans.upper_bound(addr);  // first span above p
  if (it == state_->spans.begin()) return std::nullopt;
  --it;  // the span holding p, or the last one below it
  if (addr < it->first + it->second.bytes) {
    if (it == state_->spans.begin()) return std::nullopt;
    --it;
  }
  return it->second.a;
}

std::vector<HeapAllocation> DeviceHeap::live() const {
  std::vector<HeapAllocation> out;
  std::lock_guard<std::mutex> lock(state_->m);
  for (const auto& [start, span] : state_->spans)
    if (!span.a.freed) out.push_back(span.a);
  std::sort(out.begin(), out.end(), [](const HeapAllocation& x, const HeapAllocation& y) { return x.serial < y.serial; });
  return out;
}

void DeviceHeap::release_all() {
  std::lock_guard<std::mutex> lock(state_->m);
  State& s = *state_;
  if (s.bump > base_) {
    // One fresh inaccessible mapping over everything used: drops every page at once.
    mmap(reinterpret_cast<void*>(base_), s.bump - base_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
         -1, 0);
  }
  for (auto& [start, span] : s.spans) {
    if (span.a.freed) continue;
    span.a.freed = span.a.freed_by_reset = true;
    s.quarantine.push_back(start);
    s.quarantined_bytes += span.bytes;
  }
  s.serial = 0;  // allocation numbers count from the last reset
}

}  // namespace cusim::sim
