// cusim::launch itself: which form is meant, and the compile-time check of the arguments against
// the kernel's parameters. Shared by both backends; each defines, before including this file,
// detail::GridArg (what the grid argument converts to) and detail::launch_with (how it launches:
// the simulator's launch request, or kernel<<<...>>> under nvcc).
#pragma once
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cusim::detail {

// The stream argument: a cudaStream_t, or a literal 0 / nullptr for the default stream.
template <class S>
cudaStream_t as_stream(S&& s) {
  if constexpr (std::is_convertible_v<S, cudaStream_t>) return s;
  else {
    static_assert(std::is_integral_v<std::decay_t<S>>, "cusim::launch: the stream must be a cudaStream_t or 0");
    return nullptr;
  }
}

// The kernel's arguments are all[Skip..]; each must convert to its parameter's type.
template <std::size_t Skip, class Tuple, class... Params, std::size_t... I>
constexpr void check_arguments(void (*)(Params...), std::index_sequence<I...>) {
  static_assert((!std::is_reference_v<Params> && ...), "__global__ functions take their parameters by value");
  static_assert((std::is_convertible_v<std::tuple_element_t<Skip + I, std::decay_t<Tuple>>, Params> && ...),
                "cusim::launch: an argument does not convert to the kernel's parameter type");
}

}  // namespace cusim::detail

namespace cusim {

// launch(kernel, grid, block, args...)
// launch(kernel, grid, block, shared_bytes, args...)
// launch(kernel, grid, block, shared_bytes, stream, args...)
// Which form is meant follows from the kernel's parameter count; arguments are checked against
// the parameter types at compile time. Returns the launch error (bad configuration), as
// cudaLaunchKernel does; errors during execution surface at the next synchronising call.
template <class... Params, class... Args>
cudaError_t launch(void (*kernel)(Params...), detail::GridArg grid, dim3 block, Args&&... args) {
  constexpr std::size_t P = sizeof...(Params), A = sizeof...(Args);
  static_assert(A == P || A == P + 1 || A == P + 2,
                "cusim::launch: pass the kernel's arguments, optionally preceded by shared bytes and a stream");
  auto all = std::forward_as_tuple(std::forward<Args>(args)...);
  using All = decltype(all);
  if constexpr (A == P) {
    detail::check_arguments<0, All>(kernel, std::make_index_sequence<P>{});
    return detail::launch_with<0>(kernel, grid, block, 0, nullptr, all, std::make_index_sequence<P>{});
  } else if constexpr (A == P + 1) {
    detail::check_arguments<1, All>(kernel, std::make_index_sequence<P>{});
    static_assert(std::is_integral_v<std::decay_t<std::tuple_element_t<0, decltype(all)>>>,
                  "cusim::launch: the argument before the kernel's arguments is the dynamic shared bytes");
    return detail::launch_with<1>(kernel, grid, block, std::get<0>(all), nullptr, all, std::make_index_sequence<P>{});
  } else if constexpr (A == P + 2) {
    detail::check_arguments<2, All>(kernel, std::make_index_sequence<P>{});
    static_assert(std::is_integral_v<std::decay_t<std::tuple_element_t<0, decltype(all)>>>,
                  "cusim::launch: shared bytes come before the stream");
    return detail::launch_with<2>(kernel, grid, block, std::get<0>(all), detail::as_stream(std::get<1>(all)), all,
                                  std::make_index_sequence<P>{});
  } else {
    return cudaErrorInvalidValue;  // unreachable: the static_assert above has failed
  }
}

}  // namespace cusim
