// Helpers of the statistics suites (tests/stats/): statistics on for one scope, a launch that
// returns its statistics, JSON documents read back, and stderr captured.
#pragma once
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cusim/cusim.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace stats_test {

// Sets Settings::stats (and optionally the worker count) for one scope.
class ScopedStats {
 public:
  explicit ScopedStats(std::string setting = "1", unsigned workers = 0) : saved_(cusim::settings()) {
    cusim::settings().stats = std::move(setting);
    if (workers) cusim::settings().workers = workers;
  }
  ~ScopedStats() { cusim::settings() = saved_; }
  ScopedStats(const ScopedStats&) = delete;
  ScopedStats& operator=(const ScopedStats&) = delete;

 private:
  cusim::Settings saved_;
};

// Launches, synchronises, and returns the launch's statistics (statistics must be on).
template <class... P, class... A>
cusim::LaunchStats stats_of(void (*kernel)(P...), dim3 grid, dim3 block, A&&... args) {
  const auto before = cusim::last_launch_stats();
  REQUIRE(cusim::launch(kernel, grid, block, std::forward<A>(args)...) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  const auto after = cusim::last_launch_stats();
  REQUIRE(after.has_value());
  REQUIRE((!before || after->launch > before->launch));  // this launch's, not an earlier one's
  return *after;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A JSON value as the assertions read it, from nlohmann-json's strict parser, members in order.
struct Json {
  enum Type { null, boolean, number, string, array, object } type = null;
  bool b = false;
  double n = 0;
  std::string s;
  std::vector<Json> items;                             // array
  std::vector<std::pair<std::string, Json>> members;   // object
  // The member `key` of an object (a failed check and null when there is none).
  const Json& operator[](const std::string& key) const {
    for (const auto& [k, v] : members)
      if (k == key) return v;
    FAIL_CHECK("no member " << key);
    static const Json none;
    return none;
  }
  bool has(const std::string& key) const {
    for (const auto& m : members)
      if (m.first == key) return true;
    return false;
  }
  static Json from(const nlohmann::ordered_json& v) {
    Json j;
    j.type = v.is_boolean()  ? boolean
             : v.is_number() ? number
             : v.is_string() ? string
             : v.is_array()  ? array
             : v.is_object() ? object
                             : null;
    if (v.is_boolean()) j.b = v.get<bool>();
    if (v.is_number()) j.n = v.get<double>();
    if (v.is_string()) j.s = v.get<std::string>();
    if (v.is_array())
      for (const auto& item : v) j.items.push_back(from(item));
    if (v.is_object())
      for (const auto& [key, member] : v.items()) j.members.emplace_back(key, from(member));
    return j;
  }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : t_(text) {}
  // The document, or false if it is not exactly one valid JSON value.
  bool parse(Json* out) {
    try {
      *out = Json::from(nlohmann::ordered_json::parse(t_));
      return true;
    } catch (const nlohmann::json::exception& e) {
      MESSAGE(e.what());
      return false;
    }
  }

 private:
  const std::string& t_;
};

// Everything the program writes to stderr while `fn` runs.
template <class Fn>
std::string capture_stderr(Fn&& fn) {
  std::fflush(stderr);
  char path[] = "/tmp/cusim-stderr-XXXXXX";
  const int file = mkstemp(path);
  REQUIRE(file >= 0);
  const int saved = dup(2);
  dup2(file, 2);
  fn();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(file);
  std::string text = read_text(path);
  unlink(path);
  return text;
}


// Device memory for one test, freed at its end.
template <class T>
struct Device {
  explicit Device(std::size_t n, T fill = T{}) : n(n) {
    REQUIRE(cudaMallocManaged(&p, n * sizeof(T)) == cudaSuccess);
    for (std::size_t i = 0; i < n; ++i) p[i] = fill;
  }
  ~Device() { cudaFree(p); }
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;
  T* p = nullptr;
  std::size_t n;
};

}  // namespace stats_test
