#include "backends/sim/kernel_registry.hpp"

#include <mutex>
#include <unordered_map>

namespace cusim::backend {
namespace {
std::mutex m;
std::unordered_map<const void*, KernelInfo>& table() {
  static auto* t = new std::unordered_map<const void*, KernelInfo>;  // never destroyed: see work_queues.cpp
  return *t;
}
std::unordered_map<const void*, detail::KernelEntry>& entries() {
  static auto* t = new std::unordered_map<const void*, detail::KernelEntry>;
  return *t;
}
}  // namespace

KernelInfo kernel_info(const void* kernel) {
  std::lock_guard<std::mutex> lock(m);
  auto it = table().find(kernel);
  return it == table().end() ? KernelInfo{} : it->second;
}
void set_max_dynamic_shared(const void* kernel, int bytes) {
  std::lock_guard<std::mutex> lock(m);
  table()[kernel].max_dynamic_shared = bytes;
}
void note_static_shared(const void* kernel, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(m);
  KernelInfo& k = table()[kernel];
  if (bytes > k.static_shared) k.static_shared = bytes;
}

std::optional<detail::KernelEntry> kernel_entry(const void* kernel) {
  std::lock_guard<std::mutex> lock(m);
  auto it = entries().find(kernel);
  if (it == entries().end()) return std::nullopt;
  return it->second;
}

}  // namespace cusim::backend

void cusim::detail::register_kernel_entry(const void* kernel, const KernelEntry& entry) {
  std::lock_guard<std::mutex> lock(cusim::backend::m);
  cusim::backend::entries()[kernel] = entry;
}
