// cusim's <device_launch_parameters.h>: threadIdx, blockIdx, blockDim, gridDim and warpSize,
// which cusim declares with the rest of the kernel API.
#pragma once
#include <cuda_runtime.h>
