// cusim's <cuda_fp16.h>: __half and __half2 (crt/cusim_fp16.hpp, which defines __nv_bfloat16 too).
#pragma once
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#endif
#ifndef __CUDA_FP16_TYPES_EXIST__
#define __CUDA_FP16_TYPES_EXIST__
#endif
#include <crt/cusim_fp16.hpp>
