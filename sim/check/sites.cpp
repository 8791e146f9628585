#include "sim/check/sites.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace cusim::sim::check {
namespace {
constexpr std::uint32_t kInterned = kInternedSite;
std::mutex m;
// Code outside the executable (a shared library's kernels): never freed, ids stay valid.
std::vector<const void*>& table() {
  static auto* t = new std::vector<const void*>;
  return *t;
}
std::unordered_map<const void*, std::uint32_t>& index() {
  static auto* i = new std::unordered_map<const void*, std::uint32_t>;
  return *i;
}
}  // namespace

std::uint32_t interned_site_id(const void* pc) {
  std::lock_guard<std::mutex> lock(m);
  auto [it, added] = index().emplace(pc, 0);
  if (added) {
    it->second = kInterned | static_cast<std::uint32_t>(table().size());
    table().push_back(pc);
  }
  return it->second;
}

const void* site_pc(std::uint32_t id) {
  if (id == 0) return nullptr;
  if (!(id & kInterned)) return __executable_start + (id - 1);
  std::lock_guard<std::mutex> lock(m);
  return table()[id & ~kInterned];
}

}  // namespace cusim::sim::check
