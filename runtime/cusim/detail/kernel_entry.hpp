// A kernel named by its address alone, as CUDA's C interface names it: cudaLaunchKernel with a
// `void*` and an argument array (one pointer per parameter), a graph's kernel node. On the
// simulator a kernel is a C++ function, and its parameter types are what unpacks that array; they
// are recorded, per address, wherever the types are still known:
//  - cudaLaunchKernel(kernel, ...) with the kernel itself (its template takes the type), and
//  - every conversion of a kernel to a `void*` in a CUDA source, which the translator writes as
//    (void*)::cusim::detail::registered_kernel(kernel) (tools/cusim-translate/kernel_addresses.hpp).
#pragma once
#include <cstddef>
#include <memory>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cusim/detail/host_api.hpp"
#include "cusim/detail/launch.hpp"

namespace cusim::detail {

struct KernelEntry {
  // The launch packet of the kernel at `kernel`, its arguments copied from *args[i], as CUDA copies them.
  std::shared_ptr<const void> (*pack)(const void* kernel, void* const* args);
  void (*invoke)(const void* packet);
  // The addresses of a packet's copies of the arguments, one for each parameter (a graph's kernel
  // node gives them as its kernelParams).
  void (*arguments)(const void* packet, void** out);
  std::size_t packet_bytes;
  std::size_t parameters;
};
void register_kernel_entry(const void* kernel, const KernelEntry& entry);
// The launch of the kernel at `kernel` with CUDA's argument array (backends/sim/launch_api.cpp).
cudaError_t launch_by_address(const char* call, const void* kernel, dim3 grid, dim3 block, void** args,
                              std::size_t shared_bytes, cudaStream_t stream, std::source_location site,
                              bool cooperative = false);

template <class... Params>
struct EntryOf {
  template <std::size_t... I>
  static std::shared_ptr<const void> pack(const void* kernel, void* const* args, std::index_sequence<I...>) {
    using K = void (*)(Params...);
    return std::make_shared<const Packet<Params...>>(Packet<Params...>{
        reinterpret_cast<K>(const_cast<void*>(kernel)), {*static_cast<const std::decay_t<Params>*>(args[I])...}});
  }
  static std::shared_ptr<const void> pack(const void* kernel, void* const* args) {
    return pack(kernel, args, std::index_sequence_for<Params...>{});
  }
  static void arguments(const void* packet, void** out) {
    std::apply(
        [out](const auto&... a) {
          std::size_t i = 0;
          ((out[i++] = const_cast<void*>(static_cast<const void*>(&a))), ...);
          (void)i, (void)out;
        },
        static_cast<const Packet<Params...>*>(packet)->args);
  }
};

// Records the kernel's entry and gives the kernel back.
template <class... Params>
auto registered_kernel(void (*kernel)(Params...)) -> void (*)(Params...) {
  register_kernel_entry(reinterpret_cast<const void*>(kernel),
                        KernelEntry{&EntryOf<Params...>::pack, &Packet<Params...>::invoke, &EntryOf<Params...>::arguments,
                                    sizeof(Packet<Params...>),
                                    sizeof...(Params)});
  return kernel;
}
// An address that is not a kernel's (a void* already, a host function) passes unchanged.
template <class T>
T* registered_kernel(T* address) {
  return address;
}

}  // namespace cusim::detail

// cudaLaunchKernel(kernel or (void*)kernel, grid, block, args, sharedMem, stream). CUDA's template
// overload takes the kernel itself; a void* finds the entry its conversion recorded.
template <class T>
cudaError_t cudaLaunchKernel(T* func, dim3 grid, dim3 block, void** args, std::size_t sharedMem = 0,
                             cudaStream_t stream = 0, std::source_location site = std::source_location::current()) {
  if constexpr (std::is_function_v<T>) ::cusim::detail::registered_kernel(func);
  return ::cusim::detail::launch_by_address("cudaLaunchKernel", (const void*)func, grid, block, args, sharedMem,
                                            stream, site);
}

// cudaLaunchCooperativeKernel(kernel or (void*)kernel, grid, block, args, sharedMem, stream): a
// launch whose blocks are all resident at once, so that grid.sync() of cooperative groups can wait
// for every block. A grid larger than the device holds at once (the occupancy API's count times the
// multiprocessors) is refused with cudaErrorCooperativeLaunchTooLarge.
template <class T>
cudaError_t cudaLaunchCooperativeKernel(T* func, dim3 grid, dim3 block, void** args, std::size_t sharedMem = 0,
                                        cudaStream_t stream = 0,
                                        std::source_location site = std::source_location::current()) {
  if constexpr (std::is_function_v<T>) ::cusim::detail::registered_kernel(func);
  return ::cusim::detail::launch_by_address("cudaLaunchCooperativeKernel", (const void*)func, grid, block, args,
                                            sharedMem, stream, site, true);
}

// cudaLaunchKernelEx(&config, kernel, args...): a launch of the configuration's grid, block,
// dynamic shared memory and stream, with its attributes (cooperative, cluster dimensions, cache
// and scheduling hints: backends/sim/launch_attributes.cpp). The arguments convert to the
// kernel's parameter types as CUDA's template converts them. LaunchConfigAt keeps the caller's
// line, which a default argument after the parameter pack could not.
namespace cusim::detail {
struct LaunchConfigAt {
  const cudaLaunchConfig_t* config;
  std::source_location site;
  LaunchConfigAt(const cudaLaunchConfig_t* c, std::source_location s = std::source_location::current())
      : config(c), site(s) {}
};
}  // namespace cusim::detail
template <class... ExpTypes, class... ActTypes>
cudaError_t cudaLaunchKernelEx(::cusim::detail::LaunchConfigAt config, void (*kernel)(ExpTypes...),
                               ActTypes&&... args) {
  ::cusim::detail::registered_kernel(kernel);
  return [&](ExpTypes... coerced) {
    void* pArgs[] = {&coerced..., nullptr};
    return ::cudaLaunchKernelExC(config.config, (const void*)kernel, pArgs, config.site);
  }(std::forward<ActTypes>(args)...);
}
