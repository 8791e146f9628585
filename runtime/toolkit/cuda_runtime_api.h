// cusim's <cuda_runtime_api.h>: the runtime API, which cusim declares in one header.
#pragma once
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__
#endif
#include <cuda_runtime.h>
