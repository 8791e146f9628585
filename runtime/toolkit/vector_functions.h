// cusim's <vector_functions.h>: part of the runtime, which cusim declares in one header.
#pragma once
#include <cuda_runtime.h>
