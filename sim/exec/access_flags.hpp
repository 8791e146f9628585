// What kind of access a memory access is: part of the events the engine and the checked build's
// hooks hand to observers (observer.hpp) and to the access gate (access_gate.hpp).
#pragma once
#include <cstdint>

namespace cusim::sim {

// kValid marks a remembered access (the checkers' race cells), never an event's flags.
// kUnaligned marks an access that the compiler knew may be unaligned (a packed or under-aligned
// struct's member, a memcpy's range): only the gate sees it, observers never.
enum AccessFlags : std::uint8_t { kRead = 0, kWrite = 1, kAtomic = 2, kValid = 4, kUnaligned = 8 };

}  // namespace cusim::sim
