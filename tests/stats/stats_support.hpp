// Helpers of the statistics suites (tests/stats/): statistics on for one scope, a launch that
// returns its statistics, a strict little JSON parser, and stderr captured.
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

// A JSON value, parsed strictly enough to tell a valid document from a broken one.
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
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : t_(text) {}
  // The document, or false if it is not exactly one valid JSON value.
  bool parse(Json* out) {
    if (!value(out)) return false;
    space();
    return i_ == t_.size();
  }

 private:
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t')) ++i_;
  }
  bool literal(const char* word) {
    const std::string w = word;
    if (t_.compare(i_, w.size(), w) != 0) return false;
    i_ += w.size();
    return true;
  }
  bool str(std::string* out) {
    if (i_ >= t_.size() || t_[i_] != '"') return false;
    for (++i_; i_ < t_.size(); ++i_) {
      const char c = t_[i_];
      if (c == '"') {
        ++i_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c == '\\') {
        if (++i_ >= t_.size()) return false;
        const char e = t_[i_];
        if (e == 'u') {
          if (i_ + 4 >= t_.size()) return false;
          i_ += 4;
          *out += '?';
        } else if (std::string("\"\\/bfnrt").find(e) != std::string::npos) {
          *out += e == 'n' ? '\n' : e;
        } else {
          return false;
        }
      } else {
        *out += c;
      }
    }
    return false;
  }
  bool value(Json* v) {
    space();
    if (i_ >= t_.size()) return false;
    const char c = t_[i_];
    if (c == '{') {
      v->type = Json::object;
      ++i_;
      space();
      if (i_ < t_.size() && t_[i_] == '}') return ++i_, true;
      for (;;) {
        space();
        std::string key;
        if (!str(&key)) return false;
        space();
        if (i_ >= t_.size() || t_[i_++] != ':') return false;
        Json member;
        if (!value(&member)) return false;
        v->members.emplace_back(std::move(key), std::move(member));
        space();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        return i_ < t_.size() && t_[i_++] == '}';
      }
    }
    if (c == '[') {
      v->type = Json::array;
      ++i_;
      space();
      if (i_ < t_.size() && t_[i_] == ']') return ++i_, true;
      for (;;) {
        Json item;
        if (!value(&item)) return false;
        v->items.push_back(std::move(item));
        space();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        return i_ < t_.size() && t_[i_++] == ']';
      }
    }
    if (c == '"') {
      v->type = Json::string;
      return str(&v->s);
    }
    if (literal("true")) return v->type = Json::boolean, v->b = true, true;
    if (literal("false")) return v->type = Json::boolean, true;
    if (literal("null")) return true;
    const char* begin = t_.c_str() + i_;
    char* end = nullptr;
    if (c != '-' && (c < '0' || c > '9')) return false;
    v->n = std::strtod(begin, &end);
    if (end == begin) return false;
    v->type = Json::number;
    i_ += static_cast<std::size_t>(end - begin);
    return true;
  }

  const std::string& t_;
  std::size_t i_ = 0;
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
