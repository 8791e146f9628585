// cusim's <cuda_pipeline_primitives.h>: __pipeline_memcpy_async, __pipeline_commit and
// __pipeline_wait_prior, the C interface of cp.async (runtime/cusim/detail/pipeline_primitives.hpp).
#pragma once
#include <cuda_runtime.h>

#include "cusim/detail/pipeline_primitives.hpp"
