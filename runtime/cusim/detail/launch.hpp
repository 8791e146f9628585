// cusim::launch on the simulator: the launch becomes a request to the engine (launch_front.hpp has
// the function itself, shared with the CUDA backend).
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
  bool cooperative = false;   // cudaLaunchCooperativeKernel: the grid must fit on the device at once
};
cudaError_t launch_kernel(const LaunchRequest& request);
// In kernel code, ends the launch with a device-side-launch finding at `site` (cusim does not
// simulate dynamic parallelism); elsewhere does nothing. Called before the launch allocates
// anything, so that the checked build sees no host memory written from a kernel.
void refuse_device_side_launch(const std::source_location& site);

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

template <std::size_t Skip, class... Params, class Tuple, std::size_t... I>
cudaError_t launch_with(void (*kernel)(Params...), const GridArg& grid, dim3 block, std::size_t shared_bytes,
                        cudaStream_t stream, Tuple&& all, std::index_sequence<I...>) {
  refuse_device_side_launch(grid.site);
  auto packet = std::make_shared<const Packet<Params...>>(
      Packet<Params...>{kernel, {static_cast<std::decay_t<Params>>(std::get<Skip + I>(all))...}});
  return launch_kernel(LaunchRequest{reinterpret_cast<const void*>(kernel), &Packet<Params...>::invoke,
                                     std::move(packet), grid.dims, block, shared_bytes, stream, grid.site,
                                     sizeof(Packet<Params...>)});
}

}  // namespace cusim::detail

#include "cusim/detail/launch_front.hpp"
