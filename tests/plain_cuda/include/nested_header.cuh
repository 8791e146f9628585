// A header in a folder of its own that includes one beside the program's source, found through
// the include path (62_nested_includes.cu): the translated build must read each header once.
#pragma once
#include "check.cuh"

__global__ void nested_fill(int* out) { out[threadIdx.x] = 2 * threadIdx.x; }
