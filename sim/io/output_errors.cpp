#include "sim/io/output_errors.hpp"

#include <cstdio>
#include <mutex>

namespace cusim::sim::io {
namespace {

std::mutex m;
// Never destroyed: outputs are written by exit handlers.
std::vector<std::string>& kept() {
  static auto* k = new std::vector<std::string>;
  return *k;
}

}  // namespace

void output_failed(const std::string& message) {
  std::lock_guard<std::mutex> lock(m);
  std::fflush(stdout);
  std::fprintf(stderr, "cusim: error: %s\n", message.c_str());
  kept().push_back(message);
}

std::vector<std::string> output_failures() {
  std::lock_guard<std::mutex> lock(m);
  return kept();
}

}  // namespace cusim::sim::io
