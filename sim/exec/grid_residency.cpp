#include "sim/exec/grid_residency.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <utility>

namespace cusim::sim {
namespace {

// Blocks that may wait at once on helper OS threads: beyond this the grid counts as quiescent
// (a deadlock report then says so).
constexpr unsigned kMaxHelpers = 1024;
// Ascending order after a stall needs a bit per block: larger grids keep the schedule's order.
constexpr std::uint64_t kMaxAscendingBlocks = std::uint64_t(1) << 27;

// The grids running in the process, those of them whose blocks all wait (quiescent), and the host
// threads waiting for the device.
std::atomic<int> g_running_grids{0}, g_quiescent_grids{0}, g_host_waits{0};

// Nothing but the grid's own spinners can change device memory any more.
bool device_quiescent() { return g_quiescent_grids.load() == g_running_grids.load() && g_host_waits.load() > 0; }

}  // namespace

HostWaitsForDevice::HostWaitsForDevice() { g_host_waits.fetch_add(1); }
HostWaitsForDevice::~HostWaitsForDevice() { g_host_waits.fetch_sub(1); }

GridResidency::GridResidency(const LaunchPlan& plan, std::function<void()> worker)
    : plan_(plan), worker_(std::move(worker)) {
  g_running_grids.fetch_add(1);
  const std::uint64_t n = plan.blocks;
  // Several workers take blocks in ascending order; one takes them in the schedule's order.
  if (plan.workers > 1 || n < 2) return;
  if (plan.schedule == ScheduleKind::reverse) reverse_ = permuted_ = true;
  if (plan.schedule == ScheduleKind::random) {
    std::uint64_t s = plan.seed * 0x9e3779b97f4a7c15ull;
    step_ = s % n | 1;
    while (std::gcd(step_, n) != 1) step_ += 2;
    offset_ = (s >> 17) % n;
    permuted_ = true;
  }
}

GridResidency::~GridResidency() {
  join_helpers();
  std::lock_guard<std::mutex> lock(m_);
  set_quiescent(false);
  g_running_grids.fetch_sub(1);
}

void GridResidency::set_quiescent(bool q) {
  if (q == quiescent_) return;
  quiescent_ = q;
  g_quiescent_grids.fetch_add(q ? 1 : -1);
}

std::uint64_t GridResidency::order(std::uint64_t i) const {
  const std::uint64_t n = plan_.blocks;
  if (reverse_) return n - 1 - i;
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(i) * step_ + offset_) % n);
}

bool GridResidency::take(std::uint64_t* block) {
  if (!stalling_.load(std::memory_order_acquire)) {
    // No block has stalled: nothing waits on another block, so residency cannot be observed and
    // blocks start as fast as the workers take them.
    if (plan_.cancelled.load(std::memory_order_relaxed)) return false;
    const std::uint64_t i = next_.fetch_add(1);
    if (i < plan_.blocks) {
      *block = permuted_ ? order(i) : i;
      return true;
    }
    next_.fetch_sub(1);  // keeps next_ the count of started blocks
    if (!stalling_.load(std::memory_order_acquire)) return false;
  }
  std::lock_guard<std::mutex> lock(m_);
  if (plan_.cancelled.load(std::memory_order_relaxed) || !startable()) return false;
  // A worker that saw no stall yet may take a block by the path above meanwhile: the index is
  // claimed atomically here too.
  const std::uint64_t i = next_.fetch_add(1);
  if (i >= plan_.blocks) {
    next_.fetch_sub(1);
    return false;
  }
  if (ascending_) {
    while (started_[low_ >> 6] >> (low_ & 63) & 1) ++low_;
    started_[low_ >> 6] |= std::uint64_t(1) << (low_ & 63);
    *block = low_;
  } else {
    *block = permuted_ ? order(i) : i;
  }
  return true;
}

void GridResidency::finished(std::uint64_t block) {
  finished_.fetch_add(1);
  // A cooperative grid's blocks may wait in grid.sync(), for which a block that finished never arrives.
  if (stalled_count_.load() == 0 && !plan_.cooperative) return;
  std::lock_guard<std::mutex> lock(m_);
  ++finished_blocks_;
  lowest_finished_ = std::min(lowest_finished_, block);
  ++epoch_;
  cv_.notify_all();
}

// A cooperative grid's blocks are all resident at once: as many helpers as it has blocks.
unsigned GridResidency::max_helpers() const {
  return plan_.cooperative ? static_cast<unsigned>(std::min<std::uint64_t>(plan_.blocks, ~0u)) : kMaxHelpers;
}

bool GridResidency::startable() const {
  const std::uint64_t live_now = live();
  return next_.load() < plan_.blocks && (plan_.resident_blocks == 0 || live_now < plan_.resident_blocks);
}

// Every started block that has not finished waits, and no thread will start another: none may
// start, or every worker waits and no helper may be added.
bool GridResidency::quiescent() const {
  return live() == waiting() && (!startable() || helper_count_ >= max_helpers());
}

void GridResidency::maybe_spawn_helper() {
  // The stalled block gave up its worker: another OS thread takes the blocks it would have run.
  if (live() - waiting() >= plan_.workers || !startable() || helper_count_ >= max_helpers()) return;
  ++helper_count_;
  helpers_.emplace_back([this] {
    worker_();
    std::lock_guard<std::mutex> lock(m_);
    --helper_count_;
  });
}

void GridResidency::start_ascending() {
  stalling_.store(true, std::memory_order_release);
  // Permuted only with one worker, which is the thread stalling here: no block is being taken by
  // the lock-free path of take() meanwhile, so the started set is exact.
  if (!permuted_ || plan_.blocks > kMaxAscendingBlocks) return;
  started_.assign((plan_.blocks + 63) / 64, 0);
  for (std::uint64_t i = 0, n = next_.load(); i < n; ++i) {
    const std::uint64_t b = order(i);
    started_[b >> 6] |= std::uint64_t(1) << (b & 63);
  }
  ascending_ = true;
}

GridResidency::Wake GridResidency::stall(std::uint64_t block, bool ran) {
  std::unique_lock<std::mutex> lock(m_);
  if (!stalling_.load(std::memory_order_relaxed)) start_ascending();
  if (ran) {
    ++epoch_;
    cv_.notify_all();
  }
  const std::uint64_t seen = epoch_;
  stalled_blocks_.insert(block);
  stalled_count_.store(static_cast<unsigned>(waiting()));
  maybe_spawn_helper();
  Wake wake;
  bool looked = false;
  for (;;) {
    if (plan_.cancelled.load(std::memory_order_relaxed)) {
      wake = Wake::cancelled;
      break;
    }
    if (epoch_ != seen) {
      wake = Wake::progress;
      break;
    }
    set_quiescent(last_word_ == kNone && quiescent());
    if (quiescent_ && device_quiescent()) {
      last_word_ = *stalled_blocks_.begin();
      cv_.notify_all();
    }
    if (last_word_ == block) {
      last_word_ = kNone;
      wake = Wake::last_word;
      break;
    }
    if (looked) {
      wake = Wake::look_again;
      break;
    }
    looked = cv_.wait_for(lock, std::chrono::milliseconds(50)) == std::cv_status::timeout;
  }
  set_quiescent(false);
  stalled_blocks_.erase(block);
  stalled_count_.store(static_cast<unsigned>(waiting()));
  return wake;
}

GridResidency::GridSync GridResidency::grid_sync(std::uint64_t block, const std::function<void()>& on_release) {
  std::unique_lock<std::mutex> lock(m_);
  if (!stalling_.load(std::memory_order_relaxed)) start_ascending();
  if (++grid_arrived_ == plan_.blocks) {
    on_release();  // every other block waits below: nothing of the grid runs
    grid_arrived_ = 0;
    ++grid_generation_;
    ++epoch_;
    cv_.notify_all();
    return GridSync::released;
  }
  const std::uint64_t generation = grid_generation_;
  grid_waiters_.insert(block);
  stalled_count_.store(static_cast<unsigned>(waiting()));
  maybe_spawn_helper();
  GridSync result = GridSync::released;
  for (;;) {
    if (grid_generation_ != generation) break;
    if (plan_.cancelled.load(std::memory_order_relaxed)) {
      result = GridSync::cancelled;
      break;
    }
    if (grid_deadlocked() && block == *grid_waiters_.begin()) {
      result = GridSync::deadlock;
      break;
    }
    cv_.wait_for(lock, std::chrono::milliseconds(50));
  }
  grid_waiters_.erase(block);
  stalled_count_.store(static_cast<unsigned>(waiting()));
  return result;
}

// Every block that has not finished waits in grid.sync(), none may start, and some finished: that
// one never arrives. (A block that spins instead is given the last word by stall(), and a block
// stuck at its own barrier reports itself, which cancels the launch.)
bool GridResidency::grid_deadlocked() const {
  return finished_blocks_ > 0 && stalled_blocks_.empty() && live() == grid_waiters_.size() && !startable();
}

std::string GridResidency::describe_grid_deadlock() const {
  std::lock_guard<std::mutex> lock(m_);
  const std::uint64_t b = lowest_finished_;
  const std::uint64_t x = b % plan_.grid.x, y = b / plan_.grid.x % plan_.grid.y,
                      z = b / (std::uint64_t(plan_.grid.x) * plan_.grid.y);
  return std::to_string(finished_blocks_) + (finished_blocks_ == 1 ? " block" : " blocks") +
         " of the grid exited without reaching it (the first: block (" + std::to_string(x) + "," + std::to_string(y) +
         "," + std::to_string(z) + ")), and grid.sync() waits for every block";
}

void GridResidency::join_helpers() {
  for (;;) {
    std::thread t;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (helpers_.empty()) return;
      t = std::move(helpers_.back());
      helpers_.pop_back();
    }
    t.join();
  }
}

std::string GridResidency::describe_others() const {
  std::lock_guard<std::mutex> lock(m_);
  // Every other started block waited when this one got the last word (some may be polling again
  // for a moment, out of the stalled set): count them all, the same in every schedule.
  const std::uint64_t in_grid_sync = grid_waiters_.size();
  const std::uint64_t spinning = live() - 1 - in_grid_sync;
  const std::uint64_t unstarted = plan_.blocks - next_.load();
  std::string s;
  if (spinning) s += std::to_string(spinning) + (spinning == 1 ? " other block of the grid spins" : " other blocks of the grid spin") + " as well";
  if (in_grid_sync) {
    if (!s.empty()) s += "; ";
    s += std::to_string(in_grid_sync) + (in_grid_sync == 1 ? " block waits" : " blocks wait") + " in grid.sync()";
  }
  if (unstarted) {
    if (!s.empty()) s += "; ";
    s += std::to_string(unstarted) + (unstarted == 1 ? " block has" : " blocks have") + " not started";
    if (plan_.resident_blocks && live() >= plan_.resident_blocks)
      s += ": at most " + std::to_string(plan_.resident_blocks) +
           " blocks of this launch are resident at once on the simulated device, and those wait";
    else if (helper_count_ >= max_helpers())
      s += ": cusim keeps at most " + std::to_string(max_helpers()) + " spinning blocks waiting at once";
  }
  return s;
}

}  // namespace cusim::sim
