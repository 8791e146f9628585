// cusim's <cuda_profiler_api.h>: cudaProfilerStart and cudaProfilerStop, declared with the
// runtime (they mark nothing on the simulator, whose statistics cover every launch).
#pragma once
#include <cuda_runtime.h>
