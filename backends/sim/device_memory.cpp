#include "backends/sim/device_memory.hpp"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>

#include "backends/sim/device_profile.hpp"

namespace cusim::backend {
namespace {
struct Allocation {
  std::size_t size;
  AllocKind kind;
};
std::mutex m;
std::map<std::uintptr_t, Allocation>& table() {
  static std::map<std::uintptr_t, Allocation> t;
  return t;
}
std::size_t in_use = 0;
}  // namespace

cudaError_t allocate(void** out, std::size_t size, AllocKind kind) {
  if (!out) return cudaErrorInvalidValue;
  *out = nullptr;
  if (size == 0) return cudaSuccess;
  std::lock_guard<std::mutex> lock(m);
  if (kind != AllocKind::host && size > device_profile().totalGlobalMem - in_use) return cudaErrorMemoryAllocation;
  void* p = nullptr;
  if (posix_memalign(&p, 256, (size + 255) / 256 * 256) != 0) return cudaErrorMemoryAllocation;
  table()[reinterpret_cast<std::uintptr_t>(p)] = Allocation{size, kind};
  if (kind != AllocKind::host) in_use += size;
  *out = p;
  return cudaSuccess;
}

cudaError_t release(void* p, AllocKind kind) {
  if (!p) return cudaSuccess;
  std::lock_guard<std::mutex> lock(m);
  auto it = table().find(reinterpret_cast<std::uintptr_t>(p));
  if (it == table().end() || (it->second.kind == AllocKind::host) != (kind == AllocKind::host))
    return cudaErrorInvalidValue;
  if (it->second.kind != AllocKind::host) in_use -= it->second.size;
  std::free(p);
  table().erase(it);
  return cudaSuccess;
}

bool within_allocation(const void* p, std::size_t n, bool* known) {
  std::lock_guard<std::mutex> lock(m);
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  auto it = table().upper_bound(a);
  if (it == table().begin()) {
    *known = false;
    return false;
  }
  --it;
  *known = a < it->first + it->second.size;
  return *known && a + n <= it->first + it->second.size;
}

void free_all_device_memory() {
  std::lock_guard<std::mutex> lock(m);
  for (auto& [address, a] : table()) std::free(reinterpret_cast<void*>(address));
  table().clear();
  in_use = 0;
}

}  // namespace cusim::backend
