// cusim's <cuda_bf16.h>: __nv_bfloat16 and __nv_bfloat162 (crt/cusim_fp16.hpp, which defines __half too).
#pragma once
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#endif
#ifndef __CUDA_BF16_TYPES_EXIST__
#define __CUDA_BF16_TYPES_EXIST__
#endif
#include <crt/cusim_fp16.hpp>
