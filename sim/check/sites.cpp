#include "sim/check/sites.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

extern "C" char __executable_start[];  // provided by the linker

namespace cusim::sim::check {
namespace {
constexpr std::uint32_t kInterned = 0x80000000u;
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

std::uint32_t site_id(const void* pc) {
  const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(pc) - reinterpret_cast<std::uintptr_t>(__executable_start);
  if (offset < kInterned - 1) return static_cast<std::uint32_t>(offset) + 1;
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
