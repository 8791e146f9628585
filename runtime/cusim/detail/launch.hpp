// cusim::launch — the portable spelling of kernel<<<grid, block, shared_bytes, stream>>>(args...).
#pragma once
#include <cstddef>
#include <memory>
#include <source_location>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cusim/detail/types.hpp"

namespace cusim::detail {

// The grid argument of cusim::launch. Converting to it records where the launch was written (a
// default argument of a converting constructor is evaluated at the caller), so findings about
// the launch itself can name the line.
struct GridArg {
  dim3 dims;
  std::source_location site;
  GridArg(dim3 d, std::source_location s = std::source_location::current()) : dims(d), site(s) {}
  GridArg(unsigned int x, std::source_location s = std::source_location::current()) : dims(x), site(s) {}
};

// A launch as the simulator receives it: geometry plus a type-erased call of the kernel.
struct LaunchRequest {
  const void* kernel;                 // identity of the kernel (its address), for names and attributes
  void (*invoke)(const void* packet);  // calls the kernel with its arguments, once per thread
  std::shared_ptr<const void> packet;  // owned: the launch may run after cusim::launch returns
  dim3 grid;
  dim3 block;
  std::size_t shared_bytes;
  cudaStream_t stream;
  std::source_location site;  // where cusim::launch was called
  std::size_t packet_bytes;   // size of *packet, which kernel code reads (the checkers allow it)
};
cudaError_t launch_kernel(const LaunchRequest& request);

// The kernel and a copy of its arguments, taken at launch as CUDA copies them.
template <class... Params>
struct Packet {
  void (*kernel)(Params...);
  std::tuple<std::decay_t<Params>...> args;
  static void invoke(const void* p) {
    const Packet& packet = *static_cast<const Packet*>(p);
    std::apply(packet.kernel, packet.args);
  }
};

// The stream argument: a cudaStream_t, or a literal 0 / nullptr for the default stream.
template <class S>
cudaStream_t as_stream(S&& s) {
  if constexpr (std::is_convertible_v<S, cudaStream_t>) return s;
  else {
    static_assert(std::is_integral_v<std::decay_t<S>>, "cusim::launch: the stream must be a cudaStream_t or 0");
    return nullptr;
  }
}

template <std::size_t Skip, class... Params, class Tuple, std::size_t... I>
cudaError_t launch_with(void (*kernel)(Params...), const GridArg& grid, dim3 block, std::size_t shared_bytes,
                        cudaStream_t stream, Tuple&& all, std::index_sequence<I...>) {
  static_assert((!std::is_reference_v<Params> && ...), "__global__ functions take their parameters by value");
  static_assert((std::is_convertible_v<std::tuple_element_t<Skip + I, std::decay_t<Tuple>>, Params> && ...),
                "cusim::launch: an argument does not convert to the kernel's parameter type");
  auto packet = std::make_shared<const Packet<Params...>>(
      Packet<Params...>{kernel, {static_cast<std::decay_t<Params>>(std::get<Skip + I>(all))...}});
  return launch_kernel(LaunchRequest{reinterpret_cast<const void*>(kernel), &Packet<Params...>::invoke,
                                     std::move(packet), grid.dims, block, shared_bytes, stream, grid.site,
                                     sizeof(Packet<Params...>)});
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
  if constexpr (A == P) {
    return detail::launch_with<0>(kernel, grid, block, 0, nullptr, all, std::make_index_sequence<P>{});
  } else if constexpr (A == P + 1) {
    static_assert(std::is_integral_v<std::decay_t<std::tuple_element_t<0, decltype(all)>>>,
                  "cusim::launch: the argument before the kernel's arguments is the dynamic shared bytes");
    return detail::launch_with<1>(kernel, grid, block, std::get<0>(all), nullptr, all, std::make_index_sequence<P>{});
  } else {
    static_assert(std::is_integral_v<std::decay_t<std::tuple_element_t<0, decltype(all)>>>,
                  "cusim::launch: shared bytes come before the stream");
    return detail::launch_with<2>(kernel, grid, block, std::get<0>(all), detail::as_stream(std::get<1>(all)), all,
                                  std::make_index_sequence<P>{});
  }
}

}  // namespace cusim
