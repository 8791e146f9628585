// The program's writable static data: the main executable's .data and .bss, where __device__
// variables live on the simulator, and the exported variables in it. The checkers keep race
// cells for it (sim/check/static_shadow); the statistics name the variables their accesses hit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cusim::sim {

struct StaticDataRange {
  std::uintptr_t begin = 0;  // 4-byte aligned
  std::size_t size = 0;      // 0 when the program has no writable segment
  bool contains(std::uintptr_t a) const { return a - begin < size; }
};

// The main program's writable segment, found on first use.
const StaticDataRange& static_data();

// The exported variable that holds `a`: its (demangled) name, first byte and size; false when
// there is none (no symbol, or internal linkage).
bool static_variable_at(std::uintptr_t a, std::string* name, std::uintptr_t* begin, std::size_t* size);

// "`name` [byte 4 of 16]" for the variable at `a`, or "static data at 0x..." when it has no
// exported symbol.
std::string describe_static_address(std::uintptr_t a);

}  // namespace cusim::sim
