// Code addresses of accesses, as 32-bit ids, so that a remembered access stays small.
#pragma once
#include <cstdint>

namespace cusim::sim::check {

extern "C" char __executable_start[];  // provided by the linker

// An id for the code address `pc` (never 0): its offset in the executable when it lies there,
// otherwise an entry of a process-wide table. Inline: every checked access asks for one.
inline constexpr std::uint32_t kInternedSite = 0x80000000u;
std::uint32_t interned_site_id(const void* pc);
inline std::uint32_t site_id(const void* pc) {
  const std::uintptr_t offset = reinterpret_cast<std::uintptr_t>(pc) - reinterpret_cast<std::uintptr_t>(__executable_start);
  if (offset < kInternedSite - 1) return static_cast<std::uint32_t>(offset) + 1;
  return interned_site_id(pc);
}
// The code address of an id.
const void* site_pc(std::uint32_t id);

}  // namespace cusim::sim::check
