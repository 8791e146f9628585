#include "sim/exec/grid_residency.hpp"

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

void GridResidency::finished() {
  finished_.fetch_add(1);
  if (stalled_count_.load() == 0) return;
  std::lock_guard<std::mutex> lock(m_);
  ++epoch_;
  cv_.notify_all();
}

bool GridResidency::startable() const {
  const std::uint64_t live_now = live();
  return next_.load() < plan_.blocks && (plan_.resident_blocks == 0 || live_now < plan_.resident_blocks);
}

// Every started block that has not finished waits, and no thread will start another: none may
// start, or every worker waits and no helper may be added.
bool GridResidency::quiescent() const {
  return live() == stalled_blocks_.size() && (!startable() || helper_count_ >= kMaxHelpers);
}

void GridResidency::maybe_spawn_helper() {
  // The stalled block gave up its worker: another OS thread takes the blocks it would have run.
  if (live() - stalled_blocks_.size() >= plan_.workers || !startable() || helper_count_ >= kMaxHelpers) return;
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
  stalled_count_.store(static_cast<unsigned>(stalled_blocks_.size()));
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
  stalled_count_.store(static_cast<unsigned>(stalled_blocks_.size()));
  return wake;
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
  const std::uint64_t waiting = live() - 1;
  const std::uint64_t unstarted = plan_.blocks - next_.load();
  std::string s;
  if (waiting) s += std::to_string(waiting) + (waiting == 1 ? " other block of the grid spins" : " other blocks of the grid spin") + " as well";
  if (unstarted) {
    if (!s.empty()) s += "; ";
    s += std::to_string(unstarted) + (unstarted == 1 ? " block has" : " blocks have") + " not started";
    if (plan_.resident_blocks && live() >= plan_.resident_blocks)
      s += ": at most " + std::to_string(plan_.resident_blocks) +
           " blocks of this launch are resident at once on the simulated device, and those wait";
    else if (helper_count_ >= kMaxHelpers)
      s += ": cusim keeps at most " + std::to_string(kMaxHelpers) + " spinning blocks waiting at once";
  }
  return s;
}

}  // namespace cusim::sim
