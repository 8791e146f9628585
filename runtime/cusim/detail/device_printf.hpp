// printf in device code on the simulator. In a CUDA source the translator writes device code's
// calls to printf as calls to device_printf (tools/cusim-translate/device_heap_calls.cpp). As
// CUDA's device printf, a kernel's output goes to a buffer that the host writes to stdout at its
// synchronisation points: cudaDeviceSynchronize, a stream's or an event's synchronize, a blocking
// copy, the next launch, cudaDeviceReset, and exit (backends/sim/device_printf.cpp). Each call's
// output stays whole. A simulated thread that faults while it formats holds none of the C
// library's locks: formatting happens in the thread's own memory, with enough stack checked first.
// Outside a simulated thread (the host side of a __host__ __device__ function) it is the C
// library's printf.
#pragma once

namespace cusim::detail {

// CUDA's device printf: the number of arguments the format names, -1 for a null format.
int device_printf(const char* format, ...) noexcept __attribute__((format(printf, 1, 2)));

}  // namespace cusim::detail
