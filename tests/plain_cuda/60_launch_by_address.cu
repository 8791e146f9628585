// cudaLaunchKernel as CUDA's C interface has it: the kernel as a void* (or itself) and its
// arguments as an array of pointers, one per parameter, copied at the launch. A template's
// instantiation and a cast inside a macro's argument launch too; an address that is no kernel's
// is refused with cudaErrorInvalidResourceHandle (and, on the simulator, a finding at its line).
// EXPECT: by_void_pointer: ok
// EXPECT: by_kernel: ok
// EXPECT: template_instance: ok
// EXPECT: not_a_kernel: cudaErrorInvalidResourceHandle
// EXPECT-FINDING: invalid-launch 60
#include "check.cuh"

__global__ void axpy(float a, const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

template <class T>
__global__ void fill(T* out, T value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + T(i);
}

void host_function(int*) {}

int main() {
  const int n = 1000;
  float *x, *y;
  int* ints;
  CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&ints, n * sizeof(int)));
  for (int i = 0; i < n; ++i) x[i] = float(i), y[i] = 1.0f;

  float a = 2.0f;
  int count = n;
  void* args[] = {&a, &x, &y, &count};
  CHECK_CUDA(cudaLaunchKernel((void*)axpy, dim3((n + 127) / 128), dim3(128), args, 0, 0));
  a = 100.0f;  // the launch copied its arguments
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 1.0f + 2.0f * i;
  report("by_void_pointer", wrong, 0);

  a = 1.0f;
  CHECK_CUDA(cudaLaunchKernel(axpy, dim3(8), dim3(128), args));
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 1.0f + 3.0f * i;
  report("by_kernel", wrong, 0);

  int value = 5;
  void* fill_args[] = {&ints, &value, &count};
  CHECK_CUDA(cudaLaunchKernel(reinterpret_cast<const void*>(&fill<int>), dim3(4), dim3(256), fill_args, 0, nullptr));
  CHECK_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += ints[i] != 5 + i;
  report("template_instance", wrong, 0);

  std::printf("not_a_kernel: %s\n",
              cudaGetErrorName(cudaLaunchKernel((const void*)host_function, dim3(1), dim3(1), fill_args, 0, 0)));
  cudaGetLastError();
  CHECK_CUDA(cudaFree(x));
  CHECK_CUDA(cudaFree(y));
  CHECK_CUDA(cudaFree(ints));
  return 0;
}
