// Host code that kernel code must not call: the CUDA runtime's host API. A call from a simulated
// thread would wait for the launch it runs in (cudaDeviceSynchronize, cudaFree, cudaMemcpy,
// cudaDeviceReset deadlock) or change the device under it; it ends the launch with a
// host-call-in-kernel finding at the caller's line instead. exit() and abort() are interposed in
// host_only.cpp for the same reason.
#pragma once
#include "backends/sim/findings.hpp"
#include "backends/sim/process_state.hpp"
#include "cusim/detail/sim_abi.hpp"

namespace cusim::backend {

// In kernel code, ends the running thread's launch with a host-call-in-kernel finding naming
// `call` at the line of `return_address` (never returns); elsewhere does nothing.
[[noreturn, gnu::cold]] void refuse_in_kernel(const char* call, const void* return_address);

}  // namespace cusim::backend

// The first statement of every host API function that uses the device: in kernel code, a
// finding; in a child forked after the device's use, cudaErrorInitializationError
// (process_state.hpp). Elsewhere, two loads.
#define CUSIM_HOST_API(call)                                                                  \
  do {                                                                                         \
    if (__builtin_expect(::cusim::detail::in_simulated_thread(), 0))                           \
      ::cusim::backend::refuse_in_kernel(call, CUSIM_CALLER);                                  \
    if (__builtin_expect(::cusim::backend::process_state.load(std::memory_order_relaxed) !=    \
                             ::cusim::backend::ProcessState::in_use,                           \
                         0))                                                                   \
      if (const cudaError_t refused_ = ::cusim::backend::enter_host_api(call)) return refused_; \
  } while (0)
