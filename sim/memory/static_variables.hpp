// The __device__, __constant__ and __managed__ variables of the program's CUDA sources, as the
// translator registers them (tools/cusim-translate/static_variables.cpp): where each lies, how
// large it is, and the guard the translator put after it, so that the checkers can tell an access
// past a variable's end (into its guard) from one inside it, and a kernel's write to __constant__
// memory from a write to a __device__ variable. Variables written in cusim's portable spelling
// (C++ sources, not translated) are not registered.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cusim/detail/sim_abi.hpp"

namespace cusim::sim {

struct StaticVariable {
  std::uintptr_t begin;
  std::size_t size;
  std::uintptr_t guard_end;  // the variable's bytes, then its guard, up to here
  detail::StaticVariableKind kind;
  const char* name;
  const char* file;  // where the variable is defined
  unsigned line;
  std::uintptr_t end() const { return begin + size; }
};

// The registered variable whose bytes or guard hold `a`; nullptr if none. Lock-free: a lookup
// reads the latest published table (registrations happen before main, or when a module loads).
const StaticVariable* static_variable_holding(std::uintptr_t a);

// "__device__", "__constant__" or "__managed__".
const char* static_variable_keyword(detail::StaticVariableKind kind);

}  // namespace cusim::sim
