// Planted bug: four floats loaded with one inline-PTX vector load (ld.global.v4.f32) from an
// address that is aligned to a float but not to the vector's 16 bytes. The GPU refuses it
// (cudaErrorMisalignedAddress); the translated load is one 16-byte access, so memcheck names it.
// EXPECT-FINDING: misaligned-access 12
#include "check.cuh"

__global__ void sum_quads(const float* in, float* out) {
  const int t = threadIdx.x;
  float a, b, c, d;
  // BUG: in + 4 * t + 1 is 4 bytes past a 16-byte boundary
  const float* quad = in + 4 * t + 1;
  asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(quad));
  out[t] = a + b + c + d;
}

int main() {
  float *in, *out;
  CHECK_CUDA(cudaMalloc(&in, 4 * 33 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(float)));
  CHECK_CUDA(cudaMemset(in, 0, 4 * 33 * sizeof(float)));
  sum_quads<<<1, 32>>>(in, out);
  std::printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
