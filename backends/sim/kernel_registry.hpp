// What the simulator knows of each kernel across launches: its raised dynamic shared-memory
// limit (cudaFuncSetAttribute), the static shared memory it was seen to declare, and its entry
// for launches by address (cusim/detail/kernel_entry.hpp).
#pragma once
#include <cstddef>
#include <optional>

#include "cusim/detail/kernel_entry.hpp"

namespace cusim::backend {

struct KernelInfo {
  int max_dynamic_shared = -1;    // -1: not raised
  std::size_t static_shared = 0;  // largest seen so far (known after its first launch)
};

KernelInfo kernel_info(const void* kernel);
void set_max_dynamic_shared(const void* kernel, int bytes);
void note_static_shared(const void* kernel, std::size_t bytes);
// The entry recorded for the kernel at `kernel`, if any.
std::optional<detail::KernelEntry> kernel_entry(const void* kernel);

}  // namespace cusim::backend
