// The grid-stride exercise of seed 000: 500 elements, but a grid of only 256 threads.
//
// Each thread starts at its index in the grid and steps by the grid's size (gridDim.x *
// blockDim.x), so threads 0..243 square two elements (i and i + 256) and threads 244..255 one.
// The kernel also records which thread squared each element, and the host checks the stride
// pattern as the seed's visualisation shows it. Run with 32 blocks x 8 threads, then with the
// seed's 8 blocks x 32 threads: the same 256 threads, the same result. For the second run it writes
// the data of the seed's plots, one row per element (thread, block, thread in block, element, old
// and new value: what the seed's kernel printed and its Python parsed), to grid_stride.csv (or the
// path given), and prints the work each thread did as the seed's heat map shows it.
//   ./grid_stride_square [grid_stride.csv]
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.hpp"

__global__ void square_elements(int* a, int* owner, int n) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  const int stride = gridDim.x * blockDim.x;
  for (int i = idx; i < n; i += stride) {
    a[i] *= i;  // a[i] starts as i
    owner[i] = idx;
  }
}

// Squares 0..n-1 with the given grid; returns the number of wrong elements (values or owners).
int run(int* a, int* owner, int n, int blocks, int threads) {
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    owner[i] = -1;
  }
  square_elements<<<blocks, threads>>>(a, owner, n); CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());  // wait before the host reads `a` and `owner`

  const int grid_threads = blocks * threads;
  int wrong = 0, most = 0, fewest = n;
  for (int i = 0; i < n; ++i) {
    if (a[i] != i * i) ++wrong;
    if (owner[i] != i % grid_threads) ++wrong;  // element i belongs to thread i mod stride
  }
  for (int t = 0; t < grid_threads; ++t) {
    int count = 0;
    for (int i = t; i < n; i += grid_threads) count += owner[i] == t;
    most = count > most ? count : most;
    fewest = count < fewest ? count : fewest;
  }
  std::printf("grid-stride square: %d elements, %d blocks x %d threads = %d threads, stride %d, "
              "%d to %d elements per thread, %d wrong\n",
              n, blocks, threads, grid_threads, grid_threads, fewest, most, wrong);
  std::printf("All elements were squared? %s\n", wrong == 0 ? "TRUE" : "FALSE");
  return wrong;
}

// The visualisation's data: a CSV row per element, and the elements per thread as a table of
// blocks (rows) by thread in block (columns), the seed's heat map.
bool write_visualisation(const char* path, const int* a, const int* owner, int n, int blocks, int threads) {
  std::FILE* f = std::fopen(path, "w");
  if (!f) return false;
  std::fprintf(f, "thread,block,thread_in_block,element,old_value,new_value\n");
  std::vector<int> work(blocks * threads, 0);
  for (int i = 0; i < n; ++i) {
    std::fprintf(f, "%d,%d,%d,%d,%d,%d\n", owner[i], owner[i] / threads, owner[i] % threads, i, i, a[i]);
    if (owner[i] >= 0 && owner[i] < blocks * threads) ++work[owner[i]];
  }
  std::printf("wrote %s: %d rows; elements per thread (rows: blocks, columns: thread in block):\n", path, n);
  for (int b = 0; b < blocks; ++b) {
    std::printf("  block %d: ", b);
    for (int t = 0; t < threads; ++t) std::printf("%d", work[b * threads + t]);
    std::printf("\n");
  }
  return std::fclose(f) == 0;
}

int main(int argc, char** argv) {
  const int n = 500;
  int *a = nullptr, *owner = nullptr;
  CUDA_CHECK(cudaMallocManaged(&a, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&owner, n * sizeof(int)));
  int wrong = run(a, owner, n, 32, 8) + run(a, owner, n, 8, 32);
  if (!write_visualisation(argc > 1 ? argv[1] : "grid_stride.csv", a, owner, n, 8, 32)) ++wrong;
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(owner));
  return wrong == 0 ? 0 : 1;
}
