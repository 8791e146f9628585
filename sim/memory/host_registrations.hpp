// Host memory the program registered with cudaHostRegister: ranges of its own memory (malloc,
// mmap) that kernels may read and write through the pointer itself (one address space). The
// checkers accept accesses to them as they do stack and static data: unchecked.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

namespace cusim::sim {

struct HostRegistration {
  std::uintptr_t begin = 0;
  std::size_t size = 0;
  unsigned flags = 0;
};

// False when [p, p+size) overlaps a registered range (CUDA: cudaErrorHostMemoryAlreadyRegistered).
bool register_host_range(const void* p, std::size_t size, unsigned flags);
// The registration that starts at p, removed; nullopt if none does.
std::optional<HostRegistration> unregister_host_range(const void* p);
// The registration whose range holds p.
std::optional<HostRegistration> host_registration(const void* p);
// cudaDeviceReset: registrations end with the context.
void clear_host_registrations();

}  // namespace cusim::sim
