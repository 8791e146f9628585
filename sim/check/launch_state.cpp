#include "sim/check/launch_state.hpp"

#include <algorithm>

#include "sim/check/sites.hpp"
#include "sim/report/symbolize.hpp"

namespace cusim::sim::check {
namespace {
std::atomic<std::uint32_t> next_tag{1};
}

void join(std::vector<Acquired>& into, const Acquired& e) {
  for (Acquired& a : into)
    if (a.block == e.block && a.thread == e.thread) {
      a.epoch = std::max(a.epoch, e.epoch);
      a.clock = std::max(a.clock, e.clock);
      return;
    }
  into.push_back(e);
}

LaunchState::LaunchState(unsigned c, dim3 g, dim3 b, bool conc)
    : checks(c), tag(next_tag.fetch_add(1, std::memory_order_relaxed)), grid(g), block(b), concurrent(conc) {}

void LaunchState::note(RawFinding f) {
  // Findings at a source line (not an access) are keyed by the line.
  const std::uint32_t where = f.site ? f.site : (static_cast<std::uint32_t>(std::hash<const void*>{}(f.source.file)) * 31u + f.source.line) | 1u;
  const auto key = std::make_tuple(static_cast<int>(f.kind), where, f.other_site);
  std::lock_guard<std::mutex> lock(m_);
  auto [it, added] = findings_.try_emplace(key, std::move(f), 0u);
  if (added) order_.push_back(key);
  ++it->second.second;
}

Dim LaunchState::block_dim(std::uint32_t l) const {
  return Dim{l % grid.x, l / grid.x % grid.y, l / (grid.x * grid.y)};
}
Dim LaunchState::thread_dim(std::uint16_t l) const {
  return Dim{l % block.x, l / block.x % block.y, l / (block.x * block.y)};
}

std::vector<Diagnostic> LaunchState::diagnostics() const {
  std::lock_guard<std::mutex> lock(m_);
  std::vector<Diagnostic> out;
  for (const auto& key : order_) {
    const auto& [f, count] = findings_.at(key);
    Diagnostic d;
    d.kind = f.kind;
    d.has_thread = true;
    d.block = block_dim(f.block);
    d.thread = thread_dim(f.thread);
    d.site = f.site ? call_site(site_pc(f.site)) : f.source;
    d.message = f.message;
    d.address = f.address;
    d.space = f.space;
    d.count = count;
    if (f.other_site) {
      d.other_site = call_site(site_pc(f.other_site));
      const Dim ob = block_dim(f.other_block), ot = thread_dim(f.other_thread);
      ThreadGroup g;
      g.threads = {ThreadRange{ot, ot}};
      g.total = 1;
      g.has_block = true;
      g.block = ob;
      g.state = "made " + f.other_state;
      g.site = d.other_site;
      d.groups.push_back(std::move(g));
    }
    out.push_back(std::move(d));
  }
  return out;
}

void LaunchState::release(std::uintptr_t address, const std::vector<Acquired>& entries) {
  std::lock_guard<std::mutex> lock(m_);
  std::vector<Acquired>& r = released_[address];
  for (const Acquired& e : entries) join(r, e);
  any_release_.store(true, std::memory_order_relaxed);
}

void LaunchState::acquire(std::uintptr_t address, std::vector<Acquired>& into) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = released_.find(address);
  if (it == released_.end()) return;
  for (const Acquired& e : it->second) join(into, e);
}

}  // namespace cusim::sim::check
