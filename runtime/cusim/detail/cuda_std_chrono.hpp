// cuda::std::chrono (libcu++'s <cuda/std/chrono>), whose durations and time points the timed
// waits of cuda::barrier and cuda::pipeline take: on the simulator, the host's std::chrono.
#pragma once
#include <chrono>

namespace cuda::std {
namespace chrono = ::std::chrono;
}  // namespace cuda::std
