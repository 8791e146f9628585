// cuda::barrier and cuda::pipeline as CUDA's samples and guides use them: a reduction through a
// barrier's split arrive() and wait() (simpleAWBarrier's), a completion function that the last
// arriving thread runs, memcpy_async tied to a barrier, arrive_and_drop(), wait_parity() and
// try_wait_parity_for(), a thread-scope pipeline and a block-scope pipeline whose producer warp
// feeds the consumers through four stages. Every line is what an H200 printed.
// EXPECT: split_reduction: 8256 8256
// EXPECT: completion: 4 4 4 4
// EXPECT: memcpy_async_barrier: 2080 2080 2080 2080
// EXPECT: arrive_and_drop: 32 16 16 16
// EXPECT: parity: 10 10 10 10
// EXPECT: thread_pipeline: 8256 8256
// EXPECT: block_pipeline: 131328 131328 131328
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/chrono>

#include <cstdio>

#include "check.cuh"

namespace cg = cooperative_groups;
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

// Each thread adds its value into shared memory, arrives, and waits for the others before
// thread 0 sums what they wrote.
__global__ void split_reduction(const int* in, int* out) {
  __shared__ block_barrier bar;
  __shared__ int partial[128];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  partial[t] = in[t];
  auto token = bar.arrive();
  bar.wait(std::move(token));
  if (t == 0) {
    int sum = 0;
    for (int i = 0; i < 128; ++i) sum += partial[i];
    out[blockIdx.x] = sum;
  }
}

// The completion function counts the phases, in shared memory, before any waiter goes on.
struct CountPhases {
  int* phases;
  __device__ void operator()() noexcept { ++*phases; }
};
__global__ void completion(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block, CountPhases> bar;
  __shared__ int phases;
  if (threadIdx.x == 0) {
    phases = 0;
    init(&bar, blockDim.x, CountPhases{&phases});
  }
  __syncthreads();
  for (int i = 0; i < 4; ++i) bar.arrive_and_wait();
  out[threadIdx.x] = phases;
}

// A quarter of the threads copy four floats each into shared memory, tied to the barrier.
__global__ void copy_through_barrier(const float* in, float* out) {
  __shared__ block_barrier bar;
  __shared__ alignas(16) float tile[64];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (t < 16) cuda::memcpy_async(&tile[4 * t], &in[4 * t], cuda::aligned_size_t<16>(16), bar);
  bar.arrive_and_wait();
  float sum = 0;
  for (int i = 0; i < 64; ++i) sum += tile[i];
  out[t] = sum;
}

// After the first phase, the upper half drops out; the lower half goes on alone.
__global__ void drop_half(int* out) {
  __shared__ block_barrier bar;
  __shared__ int arrivals[4];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  if (t < 4) arrivals[t] = 0;
  __syncthreads();
  atomicAdd(&arrivals[0], 1);
  if (t >= 16) {
    bar.arrive_and_drop();
    return;
  }
  bar.arrive_and_wait();
  for (int phase = 1; phase < 4; ++phase) {
    atomicAdd(&arrivals[phase], 1);
    bar.arrive_and_wait();
  }
  if (t == 0)
    for (int i = 0; i < 4; ++i) out[i] = arrivals[i];
}

// wait_parity(): the parity of the phase in progress names it; the one before is complete.
__global__ void parity(int* out) {
  __shared__ block_barrier bar;
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  for (int phase = 0; phase < 4; ++phase) {
    (void)bar.arrive();
    bar.wait_parity(phase % 2 == 1);
    // The phase just completed has parity phase % 2; the next one is in progress.
    if (t == 0) {
      const bool done = bar.try_wait_parity_for(phase % 2 == 1, cuda::std::chrono::nanoseconds(0));
      const bool next = bar.try_wait_parity_for(phase % 2 == 0, cuda::std::chrono::nanoseconds(0));
      out[phase] = (done ? 10 : 0) + (next ? 1 : 0);
    }
    __syncthreads();
  }
}

// Each thread stages its own pairs through a thread-scope pipeline, then the block adds them.
__global__ void thread_pipeline(const int* in, int* out) {
  __shared__ int staged[64];
  auto pipe = cuda::make_pipeline();
  const int t = threadIdx.x;
  int sum = 0;
  for (int round = 0; round < 2; ++round) {
    pipe.producer_acquire();
    cuda::memcpy_async(&staged[t], &in[round * 64 + t], sizeof(int), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    __syncthreads();
    for (int i = 0; i < 64; ++i) sum += staged[i];
    pipe.consumer_release();
    __syncthreads();
  }
  if (t == 0 || t == 63) out[t == 0 ? 0 : 1] = sum;
}

// Warp 0 produces rows of 32 values into a four-stage ring; warps 1 to 3 consume each row.
constexpr int kStages = 4;
constexpr int kRows = 16;
__global__ void block_pipeline(const int* in, int* out) {
  __shared__ int ring[kStages][32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  const int t = threadIdx.x;
  const bool producer = t < 32;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  int sum = 0;
  for (int row = 0; row < kRows; ++row) {
    if (producer) {
      pipe.producer_acquire();
      cuda::memcpy_async(&ring[row % kStages][t], &in[row * 32 + t], sizeof(int), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      for (int i = 0; i < 32; ++i) sum += ring[row % kStages][i];
      pipe.consumer_release();
    }
  }
  if (t == 32 || t == 64 || t == 127) out[t == 32 ? 0 : t == 64 ? 1 : 2] = sum;
}

int main() {
  int *ints, *out;
  float *floats, *fout;
  CHECK_CUDA(cudaMallocManaged(&ints, 512 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, 128 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&floats, 64 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&fout, 64 * sizeof(float)));
  for (int i = 0; i < 512; ++i) ints[i] = i + 1;
  for (int i = 0; i < 64; ++i) floats[i] = float(i + 1);

  split_reduction<<<2, 128>>>(ints, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("split_reduction: %d %d\n", out[0], out[1]);

  completion<<<1, 96>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("completion: %d %d %d %d\n", out[0], out[31], out[32], out[95]);

  copy_through_barrier<<<1, 64>>>(floats, fout);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("memcpy_async_barrier: %.0f %.0f %.0f %.0f\n", fout[0], fout[15], fout[16], fout[63]);

  drop_half<<<1, 32>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("arrive_and_drop: %d %d %d %d\n", out[0], out[1], out[2], out[3]);

  parity<<<1, 64>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("parity: %d %d %d %d\n", out[0], out[1], out[2], out[3]);

  thread_pipeline<<<1, 64>>>(ints, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("thread_pipeline: %d %d\n", out[0], out[1]);

  block_pipeline<<<1, 128>>>(ints, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("block_pipeline: %d %d %d\n", out[0], out[1], out[2]);
  return 0;
}
