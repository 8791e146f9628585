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
  // Every checked access of a module's kernels asks: each OS thread keeps the ids it was given last
  // (they never change), so that the table's lock is taken once per site, not once per access.
  struct Cached {
    const void* pc;
    std::uint32_t id;
  };
  static constinit thread_local Cached cache[256] = {};
  Cached& c = cache[(reinterpret_cast<std::uintptr_t>(pc) >> 1) & 255];
  if (c.pc == pc) return c.id;
  std::lock_guard<std::mutex> lock(m);
  auto [it, added] = index().emplace(pc, 0);
  if (added) {
    it->second = kInterned | static_cast<std::uint32_t>(table().size());
    table().push_back(pc);
  }
  c = Cached{pc, it->second};
  return it->second;
}

const void* site_pc(std::uint32_t id) {
  if (id == 0) return nullptr;
  if (!(id & kInterned)) return __executable_start + (id - 1);
  std::lock_guard<std::mutex> lock(m);
  return table()[id & ~kInterned];
}

}  // namespace cusim::sim::check
