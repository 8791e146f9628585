// cusim's <curand_mtgp32_kernel.h>: cuRAND's MTGP32 generator on the device, included by
// <curand_kernel.h>. A state belongs to a block: each call of curand(&state[blockIdx.x]) by all of
// its threads (at most 256) makes one value per thread, thread t's from the ring at offset + t, and
// moves the offset on by the block's size between two barriers, as cuRAND does; so every thread of
// the block must make the call, as on the GPU. Integer work only: the values are the GPU's bit for
// bit (tests/plain_cuda/90_curand_mtgp32.cu). The thread index is cuRAND's own
// (blockDim.z * blockDim.y * threadIdx.z + blockDim.x * threadIdx.y + threadIdx.x), and so is
// curand_mtgp32_single's (blockDim.z * blockDim.y + threadIdx.x, its new word stored at that index
// rather than in the ring), so that a program gets the GPU's numbers whatever its block's shape.
#pragma once
// cuRAND's include guard, which programs test to see whether the header is in (helper_cuda.h).
#ifndef CURAND_MTGP32_KERNEL_H
#define CURAND_MTGP32_KERNEL_H
#endif
#include <cuda_runtime.h>
#include <curand_mtgp32.h>

#include <cstring>
#include <source_location>

namespace cusim::curand_detail {

// The recursion: the next word from three of the ring (X1, X2 one apart, Y pos further on).
__device__ inline unsigned int mtgp32_recursion(const mtgp32_kernel_params_t* k, unsigned int x1, unsigned int x2,
                                                unsigned int y, int id) {
  unsigned int x = (x1 & k->mask[0]) ^ x2;
  x ^= x << k->sh1_tbl[id];
  y = x ^ (y >> k->sh2_tbl[id]);
  return y ^ k->param_tbl[id][y & 0x0f];
}

// Tempering by the word pos - 1 along: its folded low four bits pick a row of the table.
__device__ inline unsigned int mtgp32_temper_row(unsigned int t) {
  t ^= t >> 16;
  t ^= t >> 8;
  return t & 0x0f;
}

inline constexpr unsigned int mtgp32_in_ring = ~0u;

// The value of the thread at index t: its new word, kept in the ring (or at index keep_at), tempered
// by `temper`.
template <class Temper>
__device__ inline unsigned int mtgp32_value(curandStateMtgp32_t* state, unsigned int t, unsigned int keep_at,
                                            Temper temper) {
  const mtgp32_kernel_params_t* k = state->k;
  const int id = state->pIdx;
  const int pos = static_cast<int>(k->pos_tbl[id]);
  const unsigned int base = t + static_cast<unsigned int>(state->offset);
  const unsigned int r = mtgp32_recursion(k, state->s[base & MTGP32_STATE_MASK], state->s[(base + 1) & MTGP32_STATE_MASK],
                                          state->s[(base + pos) & MTGP32_STATE_MASK], id);
  state->s[keep_at == mtgp32_in_ring ? (base + MTGPDC_N) & MTGP32_STATE_MASK : keep_at] = r;
  return temper(k, id, r, mtgp32_temper_row(state->s[(base + pos - 1) & MTGP32_STATE_MASK]));
}

__device__ inline void mtgp32_advance(curandStateMtgp32_t* state, unsigned int n) {
  state->offset = static_cast<int>((static_cast<unsigned int>(state->offset) + n) & MTGP32_STATE_MASK);
}

// One step of a block's n threads: each thread's value, then, between two barriers, the thread that
// is `mover` moves the offset on by n. The barriers name the program's call (site): a call that not
// every thread of the block makes is a barrier-divergence finding there.
template <class Temper>
__device__ inline unsigned int mtgp32_step(curandStateMtgp32_t* state, unsigned int t, unsigned int n, bool mover,
                                           unsigned int keep_at, Temper temper, std::source_location site) {
  const unsigned int out = mtgp32_value(state, t, keep_at, temper);
  __syncthreads(site);
  if (mover) mtgp32_advance(state, n);
  __syncthreads(site);
  return out;
}

__device__ inline unsigned int mtgp32_temper(const mtgp32_kernel_params_t* k, int id, unsigned int r, unsigned int row) {
  return r ^ k->temper_tbl[id][row];
}
// A float in [1, 2): the word's top 23 bits under the float tempering table's exponent.
__device__ inline unsigned int mtgp32_temper_single(const mtgp32_kernel_params_t* k, int id, unsigned int r,
                                                    unsigned int row) {
  return (r >> 9) ^ k->single_temper_tbl[id][row];
}
__device__ inline float mtgp32_float(unsigned int bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

}  // namespace cusim::curand_detail

__device__ inline unsigned int curand(curandStateMtgp32_t* state,
                                     std::source_location site = std::source_location::current()) {
  const dim3 block = ::cusim::detail::block_dim();
  const uint3 thread = ::cusim::detail::thread_idx();
  const unsigned int t = block.z * block.y * thread.z + block.x * thread.y + thread.x;
  return cusim::curand_detail::mtgp32_step(state, t, block.z * block.y * block.x, t == 0,
                                           cusim::curand_detail::mtgp32_in_ring, cusim::curand_detail::mtgp32_temper, site);
}

// The value of thread `index` among n threads that make one together (a block's first n, say).
__device__ inline unsigned int curand_mtgp32_specific(curandStateMtgp32_t* state, unsigned char index, unsigned char n,
                                                      std::source_location site = std::source_location::current()) {
  return cusim::curand_detail::mtgp32_step(state, index, n, index == 0, cusim::curand_detail::mtgp32_in_ring,
                                           cusim::curand_detail::mtgp32_temper, site);
}

// A float in [1, 2) by the float tempering table.
__device__ inline float curand_mtgp32_single(curandStateMtgp32_t* state,
                                             std::source_location site = std::source_location::current()) {
  const dim3 block = ::cusim::detail::block_dim();
  const unsigned int yz = block.z * block.y;
  const unsigned int t = yz + ::cusim::detail::thread_idx().x;
  return cusim::curand_detail::mtgp32_float(cusim::curand_detail::mtgp32_step(
      state, t, yz * block.x, ::cusim::detail::thread_idx().x == 0, t, cusim::curand_detail::mtgp32_temper_single, site));
}
__device__ inline float curand_mtgp32_single_specific(curandStateMtgp32_t* state, unsigned char index, unsigned char n,
                                                      std::source_location site = std::source_location::current()) {
  return cusim::curand_detail::mtgp32_float(cusim::curand_detail::mtgp32_step(
      state, index, n, ::cusim::detail::thread_idx().x == 0, index, cusim::curand_detail::mtgp32_temper_single, site));
}
