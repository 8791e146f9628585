// Asynchronous copies into shared memory as kernels write them: cp.async in inline PTX (4 and 16
// bytes, .ca and .cg, a source size that zero-fills the rest, commit_group, wait_group and
// wait_all) in a double-buffered tiled matrix product, the __pipeline_memcpy_async primitives of
// <cuda_pipeline_primitives.h>, and inline PTX on .shared addresses (ld, st and atom through
// __cvta_generic_to_shared, cvta both ways). Every line is what an H200 printed.
// EXPECT: matmul_cp_async: ok
// EXPECT: zero_filled_rows: 0 0 0 44 166 150 134 118 102 86 70 54 38 22 6
// EXPECT: pipeline_primitives: ok
// EXPECT: pipeline_zero_fill: 1 2 0 0 5 6 0 0
// EXPECT: shared_window: ok
#include <cuda_pipeline_primitives.h>

#include <cstdio>
#include <vector>

#include "check.cuh"

constexpr int kTile = 16;

__device__ void copy4(void* shared, const void* global) {
  const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(shared));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(to), "l"(global) : "memory");
}

// C = A B for n x n matrices, each tile of A and B fetched one step ahead into the other buffer.
__global__ void matmul_cp_async(const float* a, const float* b, float* c, int n) {
  __shared__ float as[2][kTile][kTile];
  __shared__ float bs[2][kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  const int tiles = n / kTile;
  copy4(&as[0][ty][tx], &a[row * n + tx]);
  copy4(&bs[0][ty][tx], &b[ty * n + col]);
  asm volatile("cp.async.commit_group;" ::: "memory");
  float sum = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles) {
      copy4(&as[(t + 1) & 1][ty][tx], &a[row * n + (t + 1) * kTile + tx]);
      copy4(&bs[(t + 1) & 1][ty][tx], &b[((t + 1) * kTile + ty) * n + col]);
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    for (int k = 0; k < kTile; ++k) sum += as[t & 1][ty][k] * bs[t & 1][k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

// Rows of four floats of which only the first `valid` floats exist: a source size below 16
// zero-fills the rest of each row's copy.
__global__ void zero_filled_rows(const float* in, float* out, int valid) {
  __shared__ float4 rows[16];
  const int t = threadIdx.x;
  const unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(&rows[t]));
  const unsigned bytes = static_cast<unsigned>(min(16, max(0, (valid - 4 * t) * 4)));
  asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;" ::"r"(to), "l"(in + 4 * t), "r"(bytes)
               : "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  const float4 r = rows[15 - t];
  out[t] = r.x + r.y + r.z + r.w;
}

__global__ void pipeline_primitives(const int* in, int* out) {
  __shared__ int buffer[2][64];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&buffer[0][t], &in[t], sizeof(int));
  __pipeline_commit();
  __pipeline_memcpy_async(&buffer[1][t], &in[64 + t], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(1);
  __syncthreads();
  const int first = buffer[0][63 - t];
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = first * 1000 + buffer[1][63 - t];
}

__global__ void pipeline_zero_fill(const int* in, int* out) {
  __shared__ int4 staged[2];
  const int t = threadIdx.x;
  __pipeline_memcpy_async(&staged[t], &in[4 * t], 16, 8);  // the last 8 of the 16 bytes are zeros
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  const int4 v = staged[t];
  out[4 * t] = v.x;
  out[4 * t + 1] = v.y;
  out[4 * t + 2] = v.z;
  out[4 * t + 3] = v.w;
}

// A counter and slots in shared memory, reached only through .shared addresses.
__global__ void shared_window(unsigned* out) {
  __shared__ unsigned counter;
  __shared__ unsigned slots[64];
  const unsigned t = threadIdx.x;
  const unsigned c = static_cast<unsigned>(__cvta_generic_to_shared(&counter));
  const unsigned mine = static_cast<unsigned>(__cvta_generic_to_shared(&slots[t]));
  if (t == 0) asm volatile("st.shared.u32 [%0], %1;" ::"r"(c), "r"(0u) : "memory");
  __syncthreads();
  unsigned old;
  asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(old) : "r"(c), "r"(1u) : "memory");
  asm volatile("st.shared::cta.u32 [%0+0], %1;" ::"r"(mine), "r"(t * 3) : "memory");
  __syncthreads();
  unsigned other, total;
  const unsigned theirs = static_cast<unsigned>(__cvta_generic_to_shared(&slots[63 - t]));
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(other) : "r"(theirs) : "memory");
  asm volatile("ld.shared::cta.u32 %0, [%1];" : "=r"(total) : "r"(c) : "memory");
  unsigned long long window, generic;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(window) : "l"(&slots[t]));
  asm("cvta.shared.u64 %0, %1;" : "=l"(generic) : "l"(window));
  const bool round_trip = window == mine && reinterpret_cast<unsigned*>(generic) == &slots[t] &&
                          __cvta_shared_to_generic(mine) == &slots[t] && __isShared(&slots[t]) && !__isShared(out);
  out[t] = other + 1000 * total + (round_trip ? 1000000 : 0) + (old < 64 ? 0 : 100000000);
}

int main() {
  const int n = 64;
  std::vector<float> a(n * n), b(n * n), want(n * n, 0.0f);
  for (int i = 0; i < n * n; ++i) {
    a[i] = float(i % 7);
    b[i] = float((i / 3) % 5);
  }
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) want[i * n + j] += a[i * n + k] * b[k * n + j];
  float *da, *db, *dc;
  CHECK_CUDA(cudaMalloc(&da, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&db, n * n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dc, n * n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(da, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(db, b.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
  matmul_cp_async<<<dim3(n / kTile, n / kTile), dim3(kTile, kTile)>>>(da, db, dc, n);
  std::vector<float> c(n * n);
  CHECK_CUDA(cudaMemcpy(c.data(), dc, n * n * sizeof(float), cudaMemcpyDeviceToHost));
  report("matmul_cp_async", c == want, 1);

  std::vector<float> in(64);
  for (int i = 0; i < 64; ++i) in[i] = float(i);
  CHECK_CUDA(cudaMemcpy(da, in.data(), 64 * sizeof(float), cudaMemcpyHostToDevice));
  zero_filled_rows<<<1, 16>>>(da, db, 45);
  std::vector<float> rows(16);
  CHECK_CUDA(cudaMemcpy(rows.data(), db, 16 * sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("zero_filled_rows:");
  for (int i = 1; i < 16; ++i) std::printf(" %g", rows[i]);
  std::printf("\n");

  std::vector<int> ints(128);
  for (int i = 0; i < 128; ++i) ints[i] = i + 1;
  int *di, *dout;
  CHECK_CUDA(cudaMalloc(&di, 128 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(di, ints.data(), 128 * sizeof(int), cudaMemcpyHostToDevice));
  pipeline_primitives<<<1, 64>>>(di, dout);
  std::vector<int> got(64);
  CHECK_CUDA(cudaMemcpy(got.data(), dout, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  bool same = true;
  for (int t = 0; t < 64; ++t) same = same && got[t] == (64 - t) * 1000 + (128 - t);
  report("pipeline_primitives", same, 1);

  pipeline_zero_fill<<<1, 2>>>(di, dout);
  CHECK_CUDA(cudaMemcpy(got.data(), dout, 8 * sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("pipeline_zero_fill:");
  for (int i = 0; i < 8; ++i) std::printf(" %d", got[i]);
  std::printf("\n");

  unsigned* du;
  CHECK_CUDA(cudaMalloc(&du, 64 * sizeof(unsigned)));
  shared_window<<<1, 64>>>(du);
  std::vector<unsigned> window(64);
  CHECK_CUDA(cudaMemcpy(window.data(), du, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  same = true;
  for (unsigned t = 0; t < 64; ++t) same = same && window[t] == (63 - t) * 3 + 64000 + 1000000;
  report("shared_window", same, 1);

  CHECK_CUDA(cudaFree(da));
  CHECK_CUDA(cudaFree(db));
  CHECK_CUDA(cudaFree(dc));
  CHECK_CUDA(cudaFree(di));
  CHECK_CUDA(cudaFree(dout));
  CHECK_CUDA(cudaFree(du));
  return 0;
}
