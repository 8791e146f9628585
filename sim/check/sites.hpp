// Code addresses of accesses, as 32-bit ids, so that a remembered access stays small.
#pragma once
#include <cstdint>

namespace cusim::sim::check {

// An id for the code address `pc` (never 0): its offset in the executable when it lies there,
// otherwise an entry of a process-wide table.
std::uint32_t site_id(const void* pc);
// The code address of an id.
const void* site_pc(std::uint32_t id);

}  // namespace cusim::sim::check
