#include "sim/memory/static_variables.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

namespace cusim::sim {
namespace {

// Tables are published whole and never freed: lookups run on every checked access to a
// variable, concurrently with a module's registrations, and there are a few hundred variables
// at most.
using Table = std::vector<StaticVariable>;
std::atomic<const Table*> published{nullptr};
std::mutex registering;
// The tables replaced by a later registration, kept reachable (a lookup may be reading one), so
// that LeakSanitizer does not count them as leaks. Made on first use: registrations run in other
// translation units' static initialisers, in any order with this one's.
std::vector<const Table*>& retired() {
  static auto* tables = new std::vector<const Table*>;
  return *tables;
}

}  // namespace

const StaticVariable* static_variable_holding(std::uintptr_t a) {
  const Table* t = published.load(std::memory_order_acquire);
  if (!t) return nullptr;
  auto it = std::upper_bound(t->begin(), t->end(), a, [](std::uintptr_t x, const StaticVariable& v) { return x < v.begin; });
  if (it == t->begin()) return nullptr;
  --it;
  return a < it->guard_end ? &*it : nullptr;
}

const char* static_variable_keyword(detail::StaticVariableKind kind) {
  switch (kind) {
    case detail::StaticVariableKind::device: return "__device__";
    case detail::StaticVariableKind::constant: return "__constant__";
    case detail::StaticVariableKind::managed: return "__managed__";
  }
  return "__device__";
}

}  // namespace cusim::sim

namespace cusim::detail {

StaticVariableRegistration::StaticVariableRegistration(const void* at, std::size_t size, const void* guard_end,
                                                       StaticVariableKind kind, const char* name, const char* file,
                                                       unsigned line) {
  const auto begin = reinterpret_cast<std::uintptr_t>(at);
  sim::StaticVariable v{begin, size, std::max(begin + size, reinterpret_cast<std::uintptr_t>(guard_end)), kind, name, file, line};
  std::lock_guard<std::mutex> lock(sim::registering);
  const sim::Table* old = sim::published.load(std::memory_order_acquire);
  auto* t = new sim::Table(old ? *old : sim::Table{});
  t->insert(std::upper_bound(t->begin(), t->end(), v, [](const sim::StaticVariable& x, const sim::StaticVariable& y) {
              return x.begin < y.begin;
            }), v);
  sim::published.store(t, std::memory_order_release);
  if (old) sim::retired().push_back(old);
}

}  // namespace cusim::detail
