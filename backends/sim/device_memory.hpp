// Device allocations of the simulator. Every allocation is recorded, so frees and copies are
// checked against what was really allocated.
// (Issue E2 replaces the allocator with one reserved range, redzones and quarantine.)
#pragma once
#include <cstddef>

#include "cusim/detail/types.hpp"

namespace cusim::backend {

enum class AllocKind { device, managed, host };

cudaError_t allocate(void** out, std::size_t size, AllocKind kind);
cudaError_t release(void* p, AllocKind kind);
// Whether [p, p+n) lies inside one allocation; `known` says whether p is in any allocation.
bool within_allocation(const void* p, std::size_t n, bool* known);
void free_all_device_memory();

}  // namespace cusim::backend
