// A clean program: each thread adds 1 to its own element. Exits 0 when the sums are right.
#include <cstdio>

__global__ void add_one(int* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1;
}

int main() {
  constexpr int n = 64;
  int* a;
  cudaMalloc(&a, n * sizeof(int));
  cudaMemset(a, 0, n * sizeof(int));
  add_one<<<2, 32>>>(a, n);
  int h[n];
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(a);
  for (int v : h)
    if (v != 1) return 3;
  std::printf("clean: all %d elements are 1\n", n);
  return 0;
}
