// Names that programs give device allocations (cusim::name_allocation), so that statistics and
// access maps can name them as the program does ("`out`" rather than "allocation #3").
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace cusim::sim {

// Names the allocation whose first byte is `begin` (a later name replaces an earlier one).
void name_allocation(std::uintptr_t begin, std::string name);
// The name of the allocation starting at `begin`, or "" when it has none.
std::string allocation_name(std::uintptr_t begin);
// The first byte of the allocation named `name` most recently, if it still has the name.
std::optional<std::uintptr_t> allocation_named(const std::string& name);
// The allocation starting at `begin` was freed (its name goes with it), or every one was.
void forget_allocation_name(std::uintptr_t begin);
void forget_all_allocation_names();

}  // namespace cusim::sim
