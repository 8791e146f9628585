// What each launch past the device's limits returns: the error the launch leaves
// (cudaPeekAtLastError), the last error it leaves (cudaGetLastError, which clears it), and
// whether it ran. The same program on the simulator and on a GPU
// (tools/differential compares the two outputs line by line), so the simulator's error codes are
// checked against CUDA's own.
//
// Limits (H100 and every device since compute capability 2.0): at most 1024 threads per block,
// block dimensions up to (1024, 1024, 64), grid dimensions up to (2^31-1, 65535, 65535), and
// 48 KiB of shared memory per block unless the kernel opts in to more
// (cudaFuncAttributeMaxDynamicSharedMemorySize).
#include <cuda_runtime.h>
#include <cstdio>

#include "cuda_check.hpp"

__global__ void mark(int* ran) {
  if (threadIdx.x + threadIdx.y + threadIdx.z + blockIdx.x + blockIdx.y + blockIdx.z == 0) *ran = 1;
}

// Launches `mark` once with this geometry and prints what happened.
void try_launch(const char* what, dim3 grid, dim3 block, std::size_t shared_bytes, int* ran) {
  CUDA_CHECK(cudaMemset(ran, 0, sizeof(int)));
  mark<<<grid, block, shared_bytes>>>(ran);
  const cudaError_t launched = cudaPeekAtLastError();
  const cudaError_t last = cudaGetLastError();
  const cudaError_t after = cudaGetLastError();
  const cudaError_t synced = cudaDeviceSynchronize();
  int host = -1;
  CUDA_CHECK(cudaMemcpy(&host, ran, sizeof host, cudaMemcpyDeviceToHost));
  std::printf("%-36s launch %-30s last error %-30s then %s, sync %s, %s\n", what, cudaGetErrorName(launched),
              cudaGetErrorName(last), cudaGetErrorName(after), cudaGetErrorName(synced),
              host == 1 ? "ran" : "did not run");
#if CUSIM_SIMULATOR
  cusim::take_findings();  // the simulator also explains each refusal; expected here
#endif
}

int main() {
  int* ran = nullptr;
  CUDA_CHECK(cudaMalloc(&ran, sizeof(int)));
  try_launch("block (1024,1,1)", dim3(1), dim3(1024), 0, ran);
  try_launch("block (0,1,1)", dim3(1), dim3(0), 0, ran);
  try_launch("block (1025,1,1)", dim3(1), dim3(1025), 0, ran);
  try_launch("block (2048,1,1)", dim3(1), dim3(2048), 0, ran);
  try_launch("block (32,33,1) = 1056 threads", dim3(1), dim3(32, 33), 0, ran);
  try_launch("block (1,1,65)", dim3(1), dim3(1, 1, 65), 0, ran);
  try_launch("block (1,1025,1)", dim3(1), dim3(1, 1025), 0, ran);
  try_launch("grid (0,1,1)", dim3(0), dim3(1), 0, ran);
  try_launch("grid (2147483648,1,1)", dim3(2147483648u), dim3(1), 0, ran);
  try_launch("grid (1,65536,1)", dim3(1, 65536), dim3(1), 0, ran);
  try_launch("grid (1,1,65536)", dim3(1, 1, 65536), dim3(1), 0, ran);
  try_launch("48 KiB dynamic shared", dim3(1), dim3(1), 48 * 1024, ran);
  try_launch("48 KiB + 1 dynamic shared", dim3(1), dim3(1), 48 * 1024 + 1, ran);
  CUDA_CHECK(cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
  try_launch("100 KiB dynamic shared, opted in", dim3(1), dim3(1), 100 * 1024, ran);
  try_launch("100 KiB + 1, opted in to 100 KiB", dim3(1), dim3(1), 100 * 1024 + 1, ran);
  const cudaError_t too_far = cudaFuncSetAttribute(mark, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024 + 1);
  std::printf("%-36s %s\n", "opt in to 227 KiB + 1", cudaGetErrorName(too_far));
  cudaGetLastError();
#if CUSIM_SIMULATOR
  cusim::take_findings();
#endif
  // Does the opt-in outlive cudaDeviceReset (which frees every allocation)?
  CUDA_CHECK(cudaDeviceReset());
  CUDA_CHECK(cudaMalloc(&ran, sizeof(int)));
  try_launch("100 KiB after cudaDeviceReset", dim3(1), dim3(1), 100 * 1024, ran);
  CUDA_CHECK(cudaFree(ran));
  return 0;
}
