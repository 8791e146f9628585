#include "sim/memory/host_registrations.hpp"

#include <iterator>
#include <map>
#include <mutex>

namespace cusim::sim {
namespace {

std::mutex mutex;
std::map<std::uintptr_t, HostRegistration>& ranges() {
  static std::map<std::uintptr_t, HostRegistration> by_begin;
  return by_begin;
}

// The registration holding a, with the mutex held.
const HostRegistration* holding(std::uintptr_t a) {
  auto it = ranges().upper_bound(a);
  if (it == ranges().begin()) return nullptr;
  const HostRegistration& r = std::prev(it)->second;
  return a - r.begin < r.size ? &r : nullptr;
}

}  // namespace

bool register_host_range(const void* p, std::size_t size, unsigned flags) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard lock(mutex);
  auto next = ranges().lower_bound(a);
  if (next != ranges().end() && next->first < a + size) return false;
  if (holding(a)) return false;
  ranges()[a] = HostRegistration{a, size, flags};
  return true;
}

std::optional<HostRegistration> unregister_host_range(const void* p) {
  std::lock_guard lock(mutex);
  auto it = ranges().find(reinterpret_cast<std::uintptr_t>(p));
  if (it == ranges().end()) return std::nullopt;
  const HostRegistration r = it->second;
  ranges().erase(it);
  return r;
}

std::optional<HostRegistration> host_registration(const void* p) {
  std::lock_guard lock(mutex);
  const HostRegistration* r = holding(reinterpret_cast<std::uintptr_t>(p));
  if (!r) return std::nullopt;
  return *r;
}

void clear_host_registrations() {
  std::lock_guard lock(mutex);
  ranges().clear();
}

}  // namespace cusim::sim
