// A header holding kernels and their launch (tests/plain_cuda/19_header_kernels.cu includes it):
// __shared__ and <<< >>> in a header are translated like those in the .cu file.
#pragma once

constexpr int kRadius = 2;

__global__ void stencil_1d(const int* in, int* out, int n) {
  __shared__ int window[64 + 2 * kRadius];
  const int g = blockIdx.x * blockDim.x + threadIdx.x, l = threadIdx.x + kRadius, size = blockDim.x;
  window[l] = g < n ? in[g] : 0;
  if (threadIdx.x < kRadius) {
    window[l - kRadius] = g >= kRadius ? in[g - kRadius] : 0;
    window[l + size] = g + size < n ? in[g + size] : 0;
  }
  __syncthreads();
  int sum = 0;
  for (int o = -kRadius; o <= kRadius; ++o) sum += window[l + o];
  if (g < n) out[g] = sum;
}

inline void run_stencil(const int* in, int* out, int n) { stencil_1d<<<(n + 63) / 64, 64>>>(in, out, n); }
