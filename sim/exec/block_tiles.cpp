// Tiles of more than one warp (thread_block_tile<64> to <512> of cooperative groups): their
// barrier, and the exchange through which their collectives (shfl, any, all, reduce, scans) see
// each other's values.
//
// A tile is `size` threads of consecutive linear ids, aligned to its size, so each tile of each
// size has a barrier of its own (tiles_, numbered by tile_index()), as CUDA's implementation keeps
// one per tile. A barrier releases when every live thread of its tile has arrived: threads that
// exited are not waited for (synccheck reports them, as for __syncthreads()). Only sync() is an
// ordering point for the checkers (tile_synced); a collective's release is not, since CUDA
// promises no memory ordering for it.
#include <algorithm>
#include <cstring>
#include <string>

#include "sim/exec/block_run_internal.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {
namespace {
// Where each size's barriers start in tiles_ (sizes 64, 128, 256, 512).
constexpr unsigned kTileFirstIndex[4] = {0, 16, 24, 28};
unsigned tile_level(unsigned size) { return static_cast<unsigned>(__builtin_ctz(size)) - 6; }
}  // namespace

unsigned BlockRun::tile_index(std::uint32_t linear, unsigned size) {
  const unsigned level = tile_level(size);
  return kTileFirstIndex[level] + (linear >> (6 + level));
}

unsigned BlockRun::tile_size_of(unsigned index) {
  unsigned level = 3;
  while (index < kTileFirstIndex[level]) --level;
  return 64u << level;
}

// Live threads of the tile [first, first + size): those the block has, less those that exited.
std::uint32_t BlockRun::tile_live(std::uint32_t first, unsigned size) const {
  const std::uint32_t end = std::min<std::uint32_t>(first + size, n_);
  std::uint32_t exited = 0;
  for (std::uint32_t w = first / 32; w * 32 < end; ++w) exited += static_cast<std::uint32_t>(__builtin_popcount(warps_[w].exited));
  return end - first - exited;
}

void BlockRun::tile_barrier(detail::TileCall call, unsigned size, std::source_location site) {
  // The engine's own accesses are not the kernel's (PauseChecks, inline).
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  if (straight_run_) settle_straight_run(true);
  SimThread& t = *running::thread;
  const unsigned index = tile_index(t.linear, size);
  TileBarrier& b = tiles_[index];
  tiles_dirty_ = true;
  t.state = ThreadState::at_tile;
  t.site = site;
  t.tile_barrier = index & 31u;
  t.tile_call = static_cast<std::uint8_t>(call) & 7u;
  if (b.arrived++ == 0) {
    b.site = site;
    b.call = call;
    b.divergent = false;
  } else if (plan_->strict_barrier_sites && (call != b.call || !same_site(site, b.site))) {
    b.divergent = true;
  }
  ++tile_waiters_;
  try_release_tile(index, t.linear & ~(size - 1), size);
  suspend(t, ThreadStop::tile);
  running::gate = gate;
}

void BlockRun::try_release_tile(unsigned index, std::uint32_t first, unsigned size) {
  if (tiles_[index].arrived != 0 && tiles_[index].arrived == tile_live(first, size)) release_tile(index, first, size);
}

void BlockRun::release_tile(unsigned index, std::uint32_t first, unsigned size) {
  TileBarrier& b = tiles_[index];
  const std::uint32_t end = std::min<std::uint32_t>(first + size, n_);
  if (b.divergent) {
    // No local of this frame may own memory: fail() does not return, and it would leak.
    Diagnostic d;
    d.kind = DiagnosticKind::barrier_divergence;
    d.message = "threads of one thread_block_tile<" + std::to_string(size) + "> (threads " + std::to_string(first) +
                ".." + std::to_string(end - 1) +
                " of block " + coordinates(block_idx_.x, block_idx_.y, block_idx_.z) +
                ") wait at different group calls or call sites: every thread of a tile must make the same calls";
    d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
    describe_waiters(d, [&](const SimThread& w) {
      return w.state == ThreadState::at_tile && w.tile_barrier == index;
    });
    d.site = d.groups.empty() ? site_of(b.site) : d.groups.front().site;
    fail(std::move(d));
  }
  const std::uint32_t exited = end - first - tile_live(first, size);
  if (exited && !plan_->observers.empty()) {
    ReleasedBarrier r;
    r.site = b.site;
    r.arrived = b.arrived;
    r.exited = exited;
    r.tile = size;
    r.tile_first = first;
    r.first_exited = first;
    while (threads_[r.first_exited].state != ThreadState::exited) ++r.first_exited;
    for (const auto& o : plan_->observers) o->exited_at_barrier(block_linear_, r);
  }
  if (b.call == detail::TileCall::sync) {
    if (observers_.any())
      for (BlockObserver* o : observers_) o->tile_synced(first, end - first, size);
  } else {
    std::uint64_t* const values = tile_values_.data();
    std::memcpy(values + n_ * (1 + tile_level(size)) + first, values + first, (end - first) * sizeof(std::uint64_t));
  }
  scratch_ids_.clear();
  for (std::uint32_t i = first; i < end; ++i)
    if (threads_[i].state == ThreadState::at_tile && threads_[i].tile_barrier == index) scratch_ids_.push_back(i);
  tile_waiters_ -= b.arrived;
  b.arrived = 0;
  make_ready_scheduled(scratch_ids_.data(), static_cast<std::uint32_t>(scratch_ids_.size()));
}

void BlockRun::tile_exchange(detail::TileCall call, unsigned size, const void* value, unsigned bytes, void* out,
                             unsigned first, unsigned stride, unsigned count, std::source_location site) {
  if (tile_values_.size() < std::size_t{n_} * 5) tile_values_.assign(std::size_t{n_} * 5, 0);
  const std::uint32_t self = running::thread->linear;
  std::uint64_t deposit = 0;
  std::memcpy(&deposit, value, std::min(bytes, 8u));
  tile_values_[self] = deposit;
  tile_barrier(call, size, site);
  // Resumed after the release, which copied the members' deposits for this size.
  const std::uint64_t* const released = tile_values_.data() + n_ * (1 + tile_level(size));
  const std::uint32_t base = self & ~(size - 1);
  auto* to = static_cast<unsigned char*>(out);
  for (unsigned i = 0; i < count; ++i, to += bytes) {
    const std::uint32_t member = base + (first + i * stride) % size;
    const std::uint64_t v = member < n_ ? released[member] : 0;
    std::memcpy(to, &v, std::min(bytes, 8u));
  }
}

// A thread exited: a tile barrier that waited only for it may now be complete.
void BlockRun::exit_from_tiles(const SimThread& t) {
  for (unsigned size = 64; size <= 512; size <<= 1) try_release_tile(tile_index(t.linear, size), t.linear & ~(size - 1), size);
}

void BlockRun::reset_tiles() {
  if (!tiles_dirty_) return;
  for (TileBarrier& b : tiles_) b = TileBarrier{};
  tile_waiters_ = 0;
  tiles_dirty_ = false;
}

}  // namespace cusim::sim
