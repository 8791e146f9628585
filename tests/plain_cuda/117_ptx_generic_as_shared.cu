// A generic pointer to a shared variable given to ld.shared and st.shared, which want its offset
// in the .shared window (__cvta_generic_to_shared). A GPU takes the offset from the address's low
// 32 bits, which in a generic address of shared memory are that offset, so the program reads and
// writes the variable it names (an H200: 0x7f2000000400 for offset 0x400), with no memcheck
// error; the simulator does the same. Every line is what an H200 printed.
// EXPECT: synchronize: cudaSuccess
// EXPECT: generic_as_shared: ok
#include "check.cuh"

__global__ void reverse(unsigned* out) {
  __shared__ unsigned slots[64];
  const unsigned t = threadIdx.x;
  asm volatile("st.shared.u32 [%0], %1;" ::"l"(&slots[t]), "r"(t) : "memory");
  __syncthreads();
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "l"(&slots[63 - t]) : "memory");
  out[t] = v;
}

int main() {
  unsigned* out;
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(unsigned)));
  reverse<<<1, 64>>>(out);
  std::printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  bool same = true;
  for (unsigned i = 0; i < 64; ++i) same = same && out[i] == 63 - i;
  report("generic_as_shared", same, 1);
  CHECK_CUDA(cudaFree(out));
  return 0;
}
