// The host's side of device printf (cusim/detail/device_printf.hpp): where the kernels' buffered
// output reaches stdout.
#pragma once

namespace cusim::backend {

// Writes what kernels have printed since the last flush to stdout, on the calling host thread:
// at CUDA's flush points (the synchronising calls, the start of a launch, cudaDeviceReset) and
// at exit.
void flush_device_printf();

}  // namespace cusim::backend
