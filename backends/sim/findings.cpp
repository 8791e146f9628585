#include "backends/sim/findings.hpp"

#include <cstdio>
#include <mutex>

#include "sim/config/config.hpp"

namespace cusim::backend {
namespace {
std::mutex m;
std::vector<cusim::Finding>& store() {
  static auto* s = new std::vector<cusim::Finding>;  // never destroyed: see work_queues.cpp
  return *s;
}
}  // namespace

void report(const sim::Diagnostic& d, cudaError_t error) {
  cusim::Finding f{sim::kind_name(d.kind), error, d.kernel, sim::render_text(d)};
  if (!sim::config().quiet) {
    std::fflush(stdout);  // keep the program's own output before the finding
    std::fputs(("cusim: " + f.text).c_str(), stderr);
  }
  std::lock_guard<std::mutex> lock(m);
  store().push_back(std::move(f));
}

}  // namespace cusim::backend

namespace cusim {
std::vector<Finding> findings() {
  std::lock_guard<std::mutex> lock(backend::m);
  return backend::store();
}
void clear_findings() {
  std::lock_guard<std::mutex> lock(backend::m);
  backend::store().clear();
}
}  // namespace cusim
