#include "sim/access_map/access_map.hpp"

#include <algorithm>

#include "sim/exec/access_flags.hpp"

namespace cusim::sim {
namespace {

// An element's first access, packed so that the earliest launch, then the lowest block, then
// the lowest thread compares smallest: launch index (16 bits), block (38), thread (10: blocks
// have at most 1024 threads). All ones: not accessed.
constexpr std::uint64_t kNone = ~0ull;
constexpr unsigned kThreadBits = 10, kBlockBits = 38;
constexpr std::uint32_t kMaxLaunches = 0xffff;
std::uint64_t pack(std::uint32_t launch, std::uint64_t block, unsigned thread) {
  return std::uint64_t{launch} << (kBlockBits + kThreadBits) | block << kThreadBits | thread;
}

// Records the accesses of one launch's blocks on one OS thread.
class Recorder : public BlockObserver {
 public:
  Recorder(AccessMap& map, std::uint32_t launch) : map_(map), launch_(launch) {}
  // Blocks past 2^38 cannot be packed (a grid that large would not finish on a CPU anyway).
  void begin_block(const ObservedBlock& b) override { block_ = b.linear < (1ull << kBlockBits) ? b.linear : ~0ull; }
  void access(unsigned thread, std::uintptr_t address, std::size_t size, unsigned flags, const void*) override {
    if (address + size > map_.begin() && address < map_.begin() + map_.bytes() && block_ != ~0ull)
      map_.record(launch_, block_, thread, address, size, flags);
  }

 private:
  AccessMap& map_;
  const std::uint32_t launch_;
  std::uint64_t block_ = 0;
};

class LaunchRecorder : public PerThreadObserver {
 public:
  LaunchRecorder(std::shared_ptr<AccessMap> map, std::uint32_t launch)
      : PerThreadObserver(Wants{.accesses = true}), map_(std::move(map)), launch_(launch) {}

 protected:
  std::unique_ptr<BlockObserver> make_block_observer() override { return std::make_unique<Recorder>(*map_, launch_); }

 private:
  const std::shared_ptr<AccessMap> map_;  // kept as long as the launch is
  const std::uint32_t launch_;
};

}  // namespace

AccessMap::AccessMap(std::uintptr_t begin, std::size_t bytes, AccessMapSpec spec, std::string what)
    : begin_(begin),
      bytes_(bytes),
      elements_((bytes + spec.element_bytes - 1) / spec.element_bytes),
      spec_(std::move(spec)),
      what_(std::move(what)),
      first_(new std::atomic<std::uint64_t>[elements_]),
      count_(new std::atomic<std::uint64_t>[elements_]) {
  for (std::size_t e = 0; e < elements_; ++e) {
    first_[e].store(kNone, std::memory_order_relaxed);
    count_[e].store(0, std::memory_order_relaxed);
  }
}

std::shared_ptr<LaunchObserver> AccessMap::observe_launch(std::uint64_t launch, dim3 grid, dim3 block) {
  std::lock_guard<std::mutex> lock(m_);
  if (launches_.size() >= kMaxLaunches) return nullptr;
  launches_.push_back(Launch{launch, grid, block});
  return std::make_shared<LaunchRecorder>(shared_from_this(), static_cast<std::uint32_t>(launches_.size() - 1));
}

void AccessMap::record(std::uint32_t launch_index, std::uint64_t block, unsigned thread, std::uintptr_t address,
                       std::size_t size, unsigned flags) {
  // An atomic read-modify-write both reads and writes; an atomic load only reads.
  const bool write = flags & kWrite, read = !(flags & kWrite) || (flags & kAtomic);
  if ((spec_.mode == AccessMapSpec::Mode::write && !write) || (spec_.mode == AccessMapSpec::Mode::read && !read)) return;
  const std::uintptr_t from = address < begin_ ? 0 : address - begin_;
  const std::uintptr_t to = std::min<std::uintptr_t>(address + size - begin_, bytes_);  // exclusive
  const std::uint64_t key = pack(launch_index, block, thread);
  for (std::size_t e = from / spec_.element_bytes; e * spec_.element_bytes < to; ++e) {
    count_[e].fetch_add(1, std::memory_order_relaxed);
    std::uint64_t seen = first_[e].load(std::memory_order_relaxed);
    while (key < seen && !first_[e].compare_exchange_weak(seen, key, std::memory_order_relaxed)) {
    }
  }
}

AccessMap::Element AccessMap::element(std::size_t index) const {
  Element e;
  e.accesses = count_[index].load(std::memory_order_relaxed);
  const std::uint64_t first = first_[index].load(std::memory_order_relaxed);
  if (first == kNone) return e;
  const std::uint32_t launch_index = static_cast<std::uint32_t>(first >> (kBlockBits + kThreadBits));
  const std::uint64_t block = (first >> kThreadBits) & ((1ull << kBlockBits) - 1);
  const unsigned thread = static_cast<unsigned>(first & ((1u << kThreadBits) - 1));
  Launch l;
  {
    std::lock_guard<std::mutex> lock(m_);
    l = launches_[launch_index];
  }
  e.accessed = true;
  e.launch = l.ordinal;
  e.block_linear = block;
  e.block = uint3{static_cast<unsigned>(block % l.grid.x), static_cast<unsigned>(block / l.grid.x % l.grid.y),
                  static_cast<unsigned>(block / (std::uint64_t{l.grid.x} * l.grid.y))};
  e.thread = uint3{thread % l.block.x, thread / l.block.x % l.block.y, thread / (l.block.x * l.block.y)};
  e.global_thread = block * (std::uint64_t{l.block.x} * l.block.y * l.block.z) + thread;
  return e;
}

}  // namespace cusim::sim
