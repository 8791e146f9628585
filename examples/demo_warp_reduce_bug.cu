// The demo: a real bug that runs "fine" on a GPU and gives wrong sums there, found by cusim.
//
// Threads past the end of the input return early, then the rest reduce with a full-mask warp
// shuffle. On a GPU, shuffling with lanes that have exited is undefined behaviour: the sum is
// silently wrong (or the kernel hangs). cusim stops at the shuffle and names the line, the block,
// the thread and the missing lanes. The fixed kernel keeps every lane alive and passes a zero.
#include <cstdio>

__global__ void sum_buggy(const int* in, int* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // BUG: these lanes are still named in the mask below
  int v = in[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

__global__ void sum_fixed(const int* in, int* total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;  // every lane takes part
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0) atomicAdd(total, v);
}

int run(void (*kernel)(const int*, int*, int), const char* name, const int* in, int* total, int n) {
  *total = 0;
  kernel<<<(n + 255) / 256, 256>>>(in, total, n);
  const cudaError_t err = cudaDeviceSynchronize();
  printf("%-10s -> %s, total = %d (expected %d)\n", name, cudaGetErrorName(err), *total, n);
  return err == cudaSuccess && *total == n ? 0 : 1;
}

int main() {
  const int n = 1000;  // not a multiple of 32: the last warp is partly past the end
  int *in, *total;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&total, sizeof(int));
  for (int i = 0; i < n; ++i) in[i] = 1;
  const int buggy_ok = run(sum_buggy, "sum_buggy", in, total, n) == 0;
#if CUSIM_SIMULATOR
  // The demo expects this finding: it takes it, so that it does not set the exit status (an
  // untaken finding makes the program exit with CUSIM_ERROR_EXITCODE, 1 by default).
  for (const cusim::Finding& f : cusim::take_findings()) std::printf("expected finding: %s\n", f.kind.c_str());
#endif
  cudaDeviceReset();  // the failed launch left a sticky error, as it would on a GPU
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&total, sizeof(int));
  for (int i = 0; i < n; ++i) in[i] = 1;
  const int fixed_ok = run(sum_fixed, "sum_fixed", in, total, n) == 0;
  cudaFree(in);
  cudaFree(total);
  // The demo succeeds when cusim caught the bug and the fixed kernel is right.
  return !buggy_ok && fixed_ok ? 0 : 1;
}
