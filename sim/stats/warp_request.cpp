#include "sim/stats/warp_request.hpp"

#include <algorithm>
#include <vector>

namespace cusim::sim::stats {
namespace {

// Collects the units [first, last] of every lane into `out` (a fixed buffer for the usual sizes,
// a vector for range accesses of kernels that copy large objects) and counts the distinct ones.
class DistinctUnits {
 public:
  void add(std::uintptr_t first, std::uintptr_t last) {
    for (std::uintptr_t u = first; u <= last; ++u) {
      if (n_ < kFixed) fixed_[n_++] = u;
      else spill_.push_back(u);
    }
  }
  // Sorts the units; returns them as [begin, end) with duplicates removed.
  std::pair<const std::uintptr_t*, const std::uintptr_t*> unique() {
    if (!spill_.empty()) {
      spill_.insert(spill_.end(), fixed_, fixed_ + n_);
      std::sort(spill_.begin(), spill_.end());
      spill_.erase(std::unique(spill_.begin(), spill_.end()), spill_.end());
      return {spill_.data(), spill_.data() + spill_.size()};
    }
    std::sort(fixed_, fixed_ + n_);
    return {fixed_, std::unique(fixed_, fixed_ + n_)};
  }

 private:
  static constexpr unsigned kFixed = 128;
  std::uintptr_t fixed_[kFixed];
  unsigned n_ = 0;
  std::vector<std::uintptr_t> spill_;
};

unsigned lanes_per_phase(std::uint32_t size) {
  if (size <= 4) return 32;
  if (size <= 8) return 16;
  if (size <= 16) return 8;
  return 1;
}

}  // namespace

unsigned sectors(const WarpRequest& r) {
  if (!r.lanes || !r.size) return 0;
  DistinctUnits units;
  for (std::uint32_t rest = r.lanes; rest; rest &= rest - 1) {
    const std::uintptr_t a = r.address[__builtin_ctz(rest)];
    units.add(a / kSectorBytes, (a + r.size - 1) / kSectorBytes);
  }
  const auto [begin, end] = units.unique();
  return static_cast<unsigned>(end - begin);
}

BankUse bank_use(const WarpRequest& r, std::uintptr_t bank_base) {
  BankUse use;
  if (!r.lanes || !r.size) return use;
  const unsigned per_phase = lanes_per_phase(r.size);
  for (unsigned first = 0; first < 32; first += per_phase) {
    const std::uint32_t phase_mask = per_phase == 32 ? ~0u : ((1u << per_phase) - 1u) << first;
    const std::uint32_t lanes = r.lanes & phase_mask;
    if (!lanes) continue;
    DistinctUnits words;
    for (std::uint32_t rest = lanes; rest; rest &= rest - 1) {
      const std::uintptr_t offset = r.address[__builtin_ctz(rest)] - bank_base;
      words.add(offset / kBankBytes, (offset + r.size - 1) / kBankBytes);
    }
    unsigned per_bank[kBanks] = {};
    unsigned most = 0;
    const auto [begin, end] = words.unique();
    for (const std::uintptr_t* w = begin; w != end; ++w) most = std::max(most, ++per_bank[*w % kBanks]);
    use.wavefronts += most;
    ++use.phases;
  }
  return use;
}

}  // namespace cusim::sim::stats
