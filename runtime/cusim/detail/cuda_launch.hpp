// What the translator (tools/cusim-translate, docs/FRONTEND.md) writes for plain CUDA's launch:
//   kernel<<<grid, block, shared_bytes, stream>>>(args...)
//     -> (kernel<< ::cusim::detail::launch_config(grid, block, shared_bytes, stream)(args...))
// Only the two chevrons are replaced, so the kernel and every argument stay where the user wrote
// them. launch_config(...) takes the configuration with CUDA's parameter types; calling its result
// keeps references to the arguments for the rest of the full expression; `kernel << that`
// converts each argument to its parameter's type and launches, as <<< >>> does. The translator
// appends the kernel's default arguments, so that the count always matches, and names the kernel
// meant where the name alone does not (an overloaded kernel, a template's deduced arguments):
// with a cast to its type, or, inside a template, with launch_config_deduced.
#pragma once
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cusim/detail/launch.hpp"

namespace cusim::detail {

// Deduced: the kernel is a template whose arguments the launch deduces, or an overload set, in a
// template where the translator cannot name the one meant. The kernel's parameters are then the
// arguments' decayed types, from which C++ picks the function as a call would.
template <bool Deduced>
struct LaunchConfig;

template <bool Deduced, class... Args>
struct LaunchArguments {
  const LaunchConfig<Deduced>& config;
  std::tuple<Args&&...> args;
};

template <bool Deduced>
struct LaunchConfig {
  GridArg grid;
  dim3 block;
  std::size_t shared_bytes;
  cudaStream_t stream;
  template <class... Args>
  LaunchArguments<Deduced, Args...> operator()(Args&&... args) const {
    return {*this, std::forward_as_tuple(std::forward<Args>(args)...)};
  }
};

inline LaunchConfig<false> launch_config(GridArg grid, dim3 block, std::size_t shared_bytes = 0, cudaStream_t stream = 0) {
  return {grid, block, shared_bytes, stream};
}
inline LaunchConfig<true> launch_config_deduced(GridArg grid, dim3 block, std::size_t shared_bytes = 0,
                                                cudaStream_t stream = 0) {
  return {grid, block, shared_bytes, stream};
}

template <bool Deduced, class... Params, class... Args>
void launch_arguments(void (*kernel)(Params...), LaunchArguments<Deduced, Args...>& launch) {
  static_assert(sizeof...(Params) == sizeof...(Args), "a kernel launch passes one argument per kernel parameter");
  check_arguments<0, std::tuple<Args&&...>>(kernel, std::make_index_sequence<sizeof...(Params)>{});
  const LaunchConfig<Deduced>& c = launch.config;
  launch_with<0>(kernel, c.grid, c.block, c.shared_bytes, c.stream, launch.args,
                 std::make_index_sequence<sizeof...(Params)>{});
}

template <class... Params, class... Args>
void operator<<(void (*kernel)(Params...), LaunchArguments<false, Args...>&& launch) {
  launch_arguments(kernel, launch);
}
template <class... Args>
void operator<<(void (*kernel)(std::decay_t<Args>...), LaunchArguments<true, Args...>&& launch) {
  launch_arguments(kernel, launch);
}

}  // namespace cusim::detail
