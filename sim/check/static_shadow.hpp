// The race cells of the program's writable static data (DESIGN §5, sim/memory/static_data): where __device__ variables
// live on the simulator. Kernel code that writes static data writes __device__ variables (CUDA
// rejects device code that touches host globals), so the racecheck treats that data as global
// memory. It is always addressable and initialised (zero or its initial value), so memcheck and
// initcheck have nothing to say about it; read-only data (__constant__ variables, literals) needs
// no cells: reads do not race.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/check/access.hpp"

namespace cusim::sim::check {

class StaticShadow {
 public:
  // The shadow of the main program's writable segment, reserved on first use; nullptr if there is
  // none or no address space for it (its accesses are then not checked).
  static StaticShadow* instance();

  std::uintptr_t base() const { return base_; }
  std::size_t size() const { return size_; }
  RaceCell* cell(std::uintptr_t a) const { return cells_ + ((a - base_) >> kGranuleShift); }


 private:
  StaticShadow() = default;
  std::uintptr_t base_ = 0;
  std::size_t size_ = 0;
  RaceCell* cells_ = nullptr;
};

}  // namespace cusim::sim::check
