// cusim's <cuda.h>: CUDA's driver API (cuInit, cuModuleLoad, cuLaunchKernel...) is not simulated.
#error "cusim does not simulate CUDA's driver API (<cuda.h>: cuInit, cuLaunchKernel...); use the runtime API (<cuda_runtime.h>: cudaMalloc, kernel<<<...>>>) instead"
