// A device function with a __shared__ array, in a header (tests/plain_cuda/20_header_shared.cu).
#pragma once

// Inclusive scan of one value per thread across a block of at most 256 threads.
__device__ inline int block_inclusive_scan(int value) {
  __shared__ int scan[256];
  scan[threadIdx.x] = value;
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    const int add = threadIdx.x >= offset ? scan[threadIdx.x - offset] : 0;
    __syncthreads();
    scan[threadIdx.x] += add;
    __syncthreads();
  }
  return scan[threadIdx.x];
}
