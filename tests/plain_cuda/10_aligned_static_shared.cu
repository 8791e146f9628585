// A static __shared__ array with __align__, read as float4 (16-byte accesses need the alignment).
// EXPECT: float4 copy: ok
#include "check.cuh"

__global__ void copy4(const float4* in, float4* out) {
  __shared__ __align__(16) float staging[4 * 32];
  reinterpret_cast<float4*>(staging)[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<const float4*>(staging)[31 - threadIdx.x];
}

int main() {
  float4 *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 32 * sizeof(float4)));
  CHECK_CUDA(cudaMallocManaged(&out, 32 * sizeof(float4)));
  for (int i = 0; i < 32; ++i) in[i] = make_float4(i, i + 0.25f, i + 0.5f, i + 0.75f);
  copy4<<<1, 32>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += out[i].x != in[31 - i].x || out[i].w != in[31 - i].w;
  report("float4 copy", wrong, 0);
  return 0;
}
