// The grid-stride loop: a fixed grid (here 32 blocks x 256 threads) covers an array of any size,
// each thread stepping by the total number of threads. Squares 1,000,003 floats and checks them.
#include <cstdio>
#include <cmath>

__global__ void square(float* data, int n) {
  const int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) data[i] = data[i] * data[i];
}

int main() {
  const int n = 1000003;
  float* data = nullptr;
  if (cudaMallocManaged(&data, n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < n; ++i) data[i] = static_cast<float>(i % 1000) * 0.5f;
  square<<<32, 256>>>(data, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const float v = static_cast<float>(i % 1000) * 0.5f;
    if (data[i] != v * v) ++wrong;
  }
  printf("grid-stride square: %d elements, 32 blocks x 256 threads, %d wrong\n", n, wrong);
  cudaFree(data);
  return wrong == 0 ? 0 : 1;
}
