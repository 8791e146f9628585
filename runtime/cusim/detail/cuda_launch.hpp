// What the translator (tools/cusim-translate, docs/FRONTEND.md) writes for plain CUDA's launch:
//   kernel<<<grid, block, shared_bytes, stream>>>(args...)
//     -> (kernel<< ::cusim::detail::launch_config(grid, block, shared_bytes, stream)(args...))
// Only the two chevrons are replaced, so the kernel and every argument stay where the user wrote
// them. launch_config(...) takes the configuration with CUDA's parameter types; calling its result
// keeps references to the arguments for the rest of the full expression; `kernel << that`
// converts each argument to its parameter's type and launches, as <<< >>> does. The translator
// appends the kernel's default arguments, so that the count always matches.
#pragma once
#include <cstddef>
#include <tuple>
#include <utility>

#include "cusim/detail/launch.hpp"

namespace cusim::detail {

struct LaunchConfig;

template <class... Args>
struct LaunchArguments {
  const LaunchConfig& config;
  std::tuple<Args&&...> args;
};

struct LaunchConfig {
  GridArg grid;
  dim3 block;
  std::size_t shared_bytes;
  cudaStream_t stream;
  template <class... Args>
  LaunchArguments<Args...> operator()(Args&&... args) const {
    return {*this, std::forward_as_tuple(std::forward<Args>(args)...)};
  }
};

inline LaunchConfig launch_config(GridArg grid, dim3 block, std::size_t shared_bytes = 0, cudaStream_t stream = 0) {
  return LaunchConfig{grid, block, shared_bytes, stream};
}

template <class... Params, class... Args>
void operator<<(void (*kernel)(Params...), LaunchArguments<Args...>&& launch) {
  static_assert(sizeof...(Params) == sizeof...(Args), "a kernel launch passes one argument per kernel parameter");
  using All = std::tuple<Args&&...>;
  check_arguments<0, All>(kernel, std::make_index_sequence<sizeof...(Params)>{});
  const LaunchConfig& c = launch.config;
  launch_with<0>(kernel, c.grid, c.block, c.shared_bytes, c.stream, launch.args,
                 std::make_index_sequence<sizeof...(Params)>{});
}

}  // namespace cusim::detail
