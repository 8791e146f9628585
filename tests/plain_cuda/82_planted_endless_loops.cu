// Kernels that never end, stopped by the watchdog (CUSIM_TIMEOUT): each launch ends with a
// launch-timeout finding at the line where its threads loop, and cudaErrorLaunchTimeout, sticky
// as on a GPU whose watchdog fires; after cudaDeviceReset the device works again.
// ENV: CUSIM_TIMEOUT=0.5
// EXPECT-FINDING: launch-timeout 17
// EXPECT-FINDING: launch-timeout 26
// EXPECT: host: the register loop ended with cudaErrorLaunchTimeout
// EXPECT: host: the search ended with cudaErrorLaunchTimeout
// EXPECT: host: after cudaDeviceReset: 256 of 256 found
#include "check.cuh"

// Counts Collatz steps until x is 0, which never comes: from 1 the sequence is 4, 2, 1 again. No
// memory access and no call of the simulator inside the loop, ever.
__global__ void collatz_steps(unsigned* out) {
  unsigned x = threadIdx.x + 1, steps = 0;
  // (one line: the finding names the line where the thread was stopped)
  while (x != 0) { x = (x & 1) ? 3 * x + 1 : x / 2; ++steps; }
  out[threadIdx.x] = steps;
}

// The lower bound of each key in `sorted`: `lo = mid` should be `lo = mid + 1`, so once hi is lo
// + 1 with sorted[lo] < key, mid is lo again and the bounds never meet. The loop reads memory.
__global__ void lower_bound(const int* sorted, int n, const int* keys, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo = 0, hi = n;
  while (lo < hi) { const int mid = (lo + hi) / 2; if (sorted[mid] < keys[i]) lo = mid; else hi = mid; }
  out[i] = lo;
}

// The same search, right.
__global__ void lower_bound_fixed(const int* sorted, int n, const int* keys, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo = 0, hi = n;
  while (lo < hi) { const int mid = (lo + hi) / 2; if (sorted[mid] < keys[i]) lo = mid + 1; else hi = mid; }
  out[i] = lo;
}

int main() {
  unsigned* steps = nullptr;
  CHECK_CUDA(cudaMalloc(&steps, 64 * sizeof(unsigned)));
  collatz_steps<<<1, 64>>>(steps);
  std::printf("host: the register loop ended with %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  CHECK_CUDA(cudaDeviceReset());

  const int n = 256;
  int host_sorted[n], host_keys[n], host_out[n];
  for (int k = 0; k < n; ++k) {
    host_sorted[k] = 2 * k;      // even numbers
    host_keys[k] = 2 * k + 1;    // each between two of them: found at k + 1
  }
  int *sorted = nullptr, *keys = nullptr, *out = nullptr;
  // The device memory of a search (again after cudaDeviceReset, which frees it).
  auto upload = [&] {
    CHECK_CUDA(cudaMalloc(&sorted, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&keys, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&out, n * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(sorted, host_sorted, sizeof host_sorted, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(keys, host_keys, sizeof host_keys, cudaMemcpyHostToDevice));
  };
  upload();
  lower_bound<<<n / 64, 64>>>(sorted, n, keys, out);
  std::printf("host: the search ended with %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  CHECK_CUDA(cudaDeviceReset());

  upload();
  lower_bound_fixed<<<n / 64, 64>>>(sorted, n, keys, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost));
  int found = 0;
  for (int k = 0; k < n; ++k) found += host_out[k] == k + 1;
  std::printf("host: after cudaDeviceReset: %d of %d found\n", found, n);
  CHECK_CUDA(cudaFree(sorted));
  CHECK_CUDA(cudaFree(keys));
  CHECK_CUDA(cudaFree(out));
  return 0;
}
