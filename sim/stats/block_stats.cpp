#include "sim/stats/block_stats.hpp"

#include <algorithm>

#include "sim/exec/access_flags.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/static_data.hpp"
#include "sim/stats/launch_stats_observer.hpp"

namespace cusim::sim::stats {

BlockStats::BlockStats(LaunchStatsObserver& launch) : launch_(launch) {
  const DeviceHeap& heap = DeviceHeap::instance();
  heap_begin_ = heap.base();
  heap_size_ = heap.reserved_bytes();
  static_begin_ = static_data().begin;
  static_size_ = static_data().size;
}

void BlockStats::begin_block(const ObservedBlock& block) {
  shared_begin_ = block.shared_begin;
  shared_size_ = block.shared_end - block.shared_begin;
  threads_ = block.threads;
  counts_ = cusim::LaunchStats{};
  counts_.blocks = 1;
  counts_.threads = block.threads;
  global_atomics_.clear();
  shared_atomics_.clear();
  shared_vars_.clear();
  if (occurrences_.size() < threads_) occurrences_.resize(threads_);
  for (unsigned t = 0; t < threads_; ++t) occurrences_[t].clear();
}

void BlockStats::shared_variable(const char* name, const void* at, std::size_t size) {
  shared_vars_.push_back(SharedVariable{name, reinterpret_cast<std::uintptr_t>(at), size});
}

void BlockStats::access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void* pc) {
  bool global;
  if (address - heap_begin_ < heap_size_ || address - static_begin_ < static_size_) global = true;
  else if (address - shared_begin_ < shared_size_) global = false;
  else return;  // the thread's stack, thread-locals, the arguments: not GPU memory
  if (flags & kAtomic) {
    // A read-modify-write; an atomic load alone is the first half of a compare-and-swap loop
    // (atomicMax, float atomicAdd), whose exchange counts.
    if (!(flags & kWrite)) return;
    ++(global ? counts_.global_atomics : counts_.shared_atomics);
    ++(global ? global_atomics_ : shared_atomics_)[address];
    return;
  }
  const bool write = flags & kWrite;
  AccessCount& count = global ? (write ? counts_.global_stores : counts_.global_loads)
                              : (write ? counts_.shared_stores : counts_.shared_loads);
  ++count.accesses;
  count.bytes += size;
  join(thread, address, size, static_cast<Kind>((global ? 0 : 2) + (write ? 1 : 0)), pc);
}

std::uint32_t BlockStats::next_occurrence(unsigned thread, const void* pc) {
  auto& seen = occurrences_[thread];
  for (auto& [site, count] : seen)
    if (site == pc) return count++;
  seen.emplace_back(pc, 1);
  return 0;
}

std::uint32_t BlockStats::warp_lanes(unsigned warp) const {
  return (warp + 1) * 32 <= threads_ ? ~0u : (1u << (threads_ - warp * 32)) - 1u;
}

void BlockStats::join(unsigned thread, std::uintptr_t address, std::size_t size, Kind kind, const void* pc) {
  const unsigned warp = thread >> 5, lane = thread & 31;
  const Key key{reinterpret_cast<std::uintptr_t>(pc), next_occurrence(thread, pc), static_cast<std::uint16_t>(warp), kind};
  auto it = open_.find(key);
  if (it == open_.end()) {
    if (open_.size() >= kMaxOpenRequests) close_oldest();
    std::uint32_t slot;
    if (!free_slots_.empty()) {
      slot = free_slots_.back();
      free_slots_.pop_back();
    } else {
      slot = static_cast<std::uint32_t>(slots_.size());
      slots_.emplace_back();
    }
    Open& o = slots_[slot];
    o.request.lanes = 0;
    o.request.size = static_cast<std::uint32_t>(size);
    o.kind = kind;
    o.serial = ++serial_;
    it = open_.emplace(key, slot).first;
    opened_.emplace_back(o.serial, key);
  }
  Open& o = slots_[it->second];
  o.request.lanes |= 1u << lane;
  o.request.address[lane] = address;
  if (o.request.lanes == warp_lanes(warp)) {
    close(o);
    free_slots_.push_back(it->second);
    open_.erase(it);
    // Requests mostly close oldest first: drop the records of closed ones from the front, and
    // now and then from everywhere, so that the queue stays as short as the open set.
    auto stale = [&](const std::pair<std::uint64_t, Key>& e) {
      const auto found = open_.find(e.second);
      return found == open_.end() || slots_[found->second].serial != e.first;
    };
    while (!opened_.empty() && stale(opened_.front())) opened_.pop_front();
    if (opened_.size() > 2 * kMaxOpenRequests)
      opened_.erase(std::remove_if(opened_.begin(), opened_.end(), stale), opened_.end());
  }
}

void BlockStats::close_oldest() {
  while (!opened_.empty()) {
    const auto [serial, key] = opened_.front();
    opened_.pop_front();
    const auto it = open_.find(key);
    if (it == open_.end() || slots_[it->second].serial != serial) continue;
    close(slots_[it->second]);
    ++counts_.split_requests;
    free_slots_.push_back(it->second);
    open_.erase(it);
    return;
  }
}

void BlockStats::close(const Open& o) {
  switch (o.kind) {
    case global_load:
    case global_store: {
      SectorMetric& m = o.kind == global_load ? counts_.global_load_sectors : counts_.global_store_sectors;
      ++m.requests;
      m.sectors += sectors(o.request);
      break;
    }
    case shared_load:
    case shared_store: {
      BankMetric& m = o.kind == shared_load ? counts_.shared_load_banks : counts_.shared_store_banks;
      const BankUse use = bank_use(o.request, shared_begin_);
      ++m.requests;
      m.wavefronts += use.wavefronts;
      m.conflicts += use.conflicts();
      break;
    }
  }
}

void BlockStats::end_block(const BlockSummary& summary) {
  for (const auto& [key, slot] : open_) close(slots_[slot]);
  open_.clear();
  opened_.clear();
  slots_.clear();
  free_slots_.clear();
  counts_.barriers = summary.barriers;
  counts_.barrier_waits = summary.barrier_waits;

  cusim::AtomicContention shared_worst;
  for (const auto& [address, n] : shared_atomics_) {
    const SharedVariable* var = nullptr;
    for (const SharedVariable& v : shared_vars_)
      if (address - v.begin < v.size) var = &v;
    const std::string name = var ? "`" + var->name + "`" : "shared memory";
    const std::uint64_t offset = address - (var ? var->begin : shared_begin_);
    // Ties go to the lowest offset: the same verdict whichever order the blocks ran in.
    if (n > shared_worst.atomics || (n == shared_worst.atomics && offset < shared_worst.offset))
      shared_worst = cusim::AtomicContention{n, "shared", name, offset};
  }
  launch_.add_block(counts_, global_atomics_, shared_worst);
}

}  // namespace cusim::sim::stats
