#include "sim/stats/launch_stats_observer.hpp"

#include "sim/memory/allocation_names.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/static_data.hpp"
#include "sim/stats/block_stats.hpp"

namespace cusim::sim::stats {
namespace {

void add(cusim::AccessCount& into, const cusim::AccessCount& from) {
  into.accesses += from.accesses;
  into.bytes += from.bytes;
}
void add(cusim::SectorMetric& into, const cusim::SectorMetric& from) {
  into.requests += from.requests;
  into.sectors += from.sectors;
}
void add(cusim::BankMetric& into, const cusim::BankMetric& from) {
  into.requests += from.requests;
  into.wavefronts += from.wavefronts;
  into.conflicts += from.conflicts;
}

// Names a global address as findings do: the allocation (by the program's name for it, if it
// gave one) or the __device__ variable, and the offset in it.
cusim::AtomicContention describe_global(std::uintptr_t address, std::uint64_t atomics) {
  cusim::AtomicContention c{atomics, "global", "global memory", address};
  if (const auto a = DeviceHeap::instance().lookup(reinterpret_cast<const void*>(address)); a && a->contains(address)) {
    const std::string name = allocation_name(a->begin);
    const std::string number = "allocation #" + std::to_string(a->serial);
    c.variable = name.empty() ? number : "`" + name + "` (" + number + ")";
    c.offset = address - a->begin;
    return c;
  }
  std::string name;
  std::uintptr_t begin = 0;
  std::size_t size = 0;
  if (static_variable_at(address, &name, &begin, &size)) {
    c.variable = "`" + name + "`";
    c.offset = address - begin;
  }
  return c;
}

}  // namespace

void add_counts(cusim::LaunchStats& into, const cusim::LaunchStats& from) {
  into.blocks += from.blocks;
  into.threads += from.threads;
  into.barriers += from.barriers;
  into.barrier_waits += from.barrier_waits;
  add(into.global_loads, from.global_loads);
  add(into.global_stores, from.global_stores);
  add(into.shared_loads, from.shared_loads);
  add(into.shared_stores, from.shared_stores);
  into.global_atomics += from.global_atomics;
  into.shared_atomics += from.shared_atomics;
  add(into.global_load_sectors, from.global_load_sectors);
  add(into.global_store_sectors, from.global_store_sectors);
  add(into.shared_load_banks, from.shared_load_banks);
  add(into.shared_store_banks, from.shared_store_banks);
  into.split_requests += from.split_requests;
}

std::unique_ptr<BlockObserver> LaunchStatsObserver::make_block_observer() { return std::make_unique<BlockStats>(*this); }

void LaunchStatsObserver::add_block(const cusim::LaunchStats& counts,
                                    const std::unordered_map<std::uintptr_t, std::uint64_t>& global_atomics,
                                    const cusim::AtomicContention& shared_worst) {
  std::lock_guard<std::mutex> lock(m_);
  add_counts(totals_, counts);
  for (const auto& [address, n] : global_atomics) global_atomics_[address] += n;
  const cusim::AtomicContention& w = shared_worst;
  if (w.atomics > shared_worst_.atomics ||
      (w.atomics == shared_worst_.atomics && w.atomics &&
       (w.offset < shared_worst_.offset || (w.offset == shared_worst_.offset && w.variable < shared_worst_.variable))))
    shared_worst_ = w;
}

cusim::LaunchStats LaunchStatsObserver::result(cusim::LaunchStats head) const {
  std::lock_guard<std::mutex> lock(m_);
  add_counts(head, totals_);
  head.memory_measured = measured_;
  std::uintptr_t worst = 0;
  std::uint64_t most = 0;
  for (const auto& [address, n] : global_atomics_)
    if (n > most || (n == most && address < worst)) {
      worst = address;
      most = n;
    }
  // The global address wins a tie: it is contended by the whole grid, a shared one by one block.
  if (most && most >= shared_worst_.atomics) head.contention = describe_global(worst, most);
  else head.contention = shared_worst_;
  return head;
}

}  // namespace cusim::sim::stats
