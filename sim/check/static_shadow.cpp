#include "sim/check/static_shadow.hpp"

#include <sys/mman.h>

#include <cstdio>

#include "sim/memory/static_data.hpp"

namespace cusim::sim::check {

StaticShadow* StaticShadow::instance() {
  static StaticShadow* shadow = []() -> StaticShadow* {
    const StaticDataRange& data = static_data();
    if (data.size == 0) return nullptr;
    void* p = mmap(nullptr, (data.size >> kGranuleShift) * sizeof(RaceCell) + sizeof(RaceCell), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      std::fprintf(stderr, "cusim: warning: no address space for the checkers' shadow of __device__ variables; "
                           "they are not checked\n");
      return nullptr;
    }
    auto* s = new StaticShadow;  // lives as long as the program's data: the whole process
    s->base_ = data.begin;
    s->size_ = data.size;
    s->cells_ = static_cast<RaceCell*>(p);
    return s;
  }();
  return shadow;
}

}  // namespace cusim::sim::check
