#include "sim/memory/allocation_names.hpp"

#include <map>
#include <mutex>

namespace cusim::sim {
namespace {
struct Name {
  std::string text;
  std::uint64_t given;  // when: the latest of two allocations with one name wins
};
std::mutex m;
std::uint64_t names_given = 0;
// Never destroyed: the exit handler that writes access maps may read it.
std::map<std::uintptr_t, Name>& names() {
  static auto* n = new std::map<std::uintptr_t, Name>;
  return *n;
}
}  // namespace

void name_allocation(std::uintptr_t begin, std::string name) {
  std::lock_guard<std::mutex> lock(m);
  names()[begin] = Name{std::move(name), ++names_given};
}

std::string allocation_name(std::uintptr_t begin) {
  std::lock_guard<std::mutex> lock(m);
  const auto it = names().find(begin);
  return it == names().end() ? std::string() : it->second.text;
}

std::optional<std::uintptr_t> allocation_named(const std::string& name) {
  std::lock_guard<std::mutex> lock(m);
  std::optional<std::uintptr_t> found;
  std::uint64_t latest = 0;
  for (const auto& [begin, n] : names())
    if (n.text == name && n.given > latest) {
      found = begin;
      latest = n.given;
    }
  return found;
}

void forget_allocation_name(std::uintptr_t begin) {
  std::lock_guard<std::mutex> lock(m);
  names().erase(begin);
}

void forget_all_allocation_names() {
  std::lock_guard<std::mutex> lock(m);
  names().clear();
}

}  // namespace cusim::sim
