// cusim's <cuda_fp16.h>: not simulated yet.
#pragma once
#error "cusim does not simulate <cuda_fp16.h> yet (__half, __half2, __nv_bfloat16: issue F2a); the program needs a GPU for now"
