// JSON in the tests (reports, traces, statistics): nlohmann-json, with a lookup that answers
// nullptr for a member that is absent or a value that is no object.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace cusim_test {

using Json = nlohmann::json;

inline const Json* find(const Json& v, const std::string& key) {
  if (!v.is_object()) return nullptr;
  const auto it = v.find(key);
  return it == v.end() ? nullptr : &*it;
}

}  // namespace cusim_test
