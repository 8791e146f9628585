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

void LaunchState::grid_synced() { tag = next_tag.fetch_add(1, std::memory_order_relaxed); }

void LaunchState::note(RawFinding f) {
  // Findings at a source line (not an access) are keyed by the line.
  const std::uint32_t where = f.site ? f.site : (static_cast<std::uint32_t>(std::hash<const void*>{}(f.source.file)) * 31u + f.source.line) | 1u;
  const auto key = std::make_tuple(static_cast<int>(f.kind), where, f.other_site);
  std::lock_guard<std::mutex> lock(m_);
  const unsigned relation = static_cast<unsigned>(f.relation);
  auto [it, added] = findings_.try_emplace(key, Noted{std::move(f)});
  if (added) order_.push_back(key);
  ++it->second.count;
  ++it->second.per_relation[relation];
}

namespace {

// The end of a race's sentence: who the other thread is, for the widest relation among the
// race's instances (a barrier does not order two blocks; a __syncwarp() does not order two warps),
// so that the fix it names covers them all; then, when they differ, how many of each.
std::string race_relation_words(const unsigned (&per_relation)[kRaceRelations]) {
  static const char* const scope[kRaceRelations] = {
      "",
      "another lane of the same warp, with no __syncwarp() or __syncthreads() between them",
      "another thread of the same block, with no __syncthreads() between them",
      "a thread of another block (blocks are unordered unless a __threadfence() and an atomic, or a grid.sync() of a cooperative launch, order them)"};
  static const char* const instances[kRaceRelations] = {"", "within a warp", "between warps of a block",
                                                        "between blocks"};
  unsigned widest = 0, kinds = 0;
  for (unsigned r = 1; r < kRaceRelations; ++r)
    if (per_relation[r]) widest = r, ++kinds;
  std::string out = scope[widest];
  if (kinds > 1) {
    out += " (";
    bool first = true;
    for (unsigned r = kRaceRelations - 1; r >= 1; --r)
      if (per_relation[r]) {
        out += std::string(first ? "" : ", ") + std::to_string(per_relation[r]) + " " + instances[r];
        first = false;
      }
    out += ")";
  }
  return out;
}

const char* relation_name(unsigned widest) {
  static const char* const names[kRaceRelations] = {"", "same-warp", "different-warps", "different-blocks"};
  return names[widest];
}

}  // namespace

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
    const Noted& noted = findings_.at(key);
    const RawFinding& f = noted.first;
    Diagnostic d;
    d.kind = f.kind;
    d.has_thread = true;
    d.block = block_dim(f.block);
    d.thread = thread_dim(f.thread);
    d.site = f.site ? call_site(site_pc(f.site)) : f.source;
    d.message = f.message;
    if (f.relation != RaceRelation::none) {
      unsigned widest = 0;
      for (unsigned r = 1; r < kRaceRelations; ++r)
        if (noted.per_relation[r]) widest = r;
      d.message += race_relation_words(noted.per_relation);
      d.relation = relation_name(widest);
    }
    d.address = f.address;
    d.space = f.space;
    d.count = noted.count;
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
