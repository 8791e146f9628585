// cusim's <curand_mtgp32_host.h>: the host-side set-up of cuRAND's MTGP32 generator.
// curandMakeMTGP32Constants copies parameter sets into the device tables that the kernels read;
// curandMakeMTGP32KernelState seeds n block states, state i with parameter set i and seed
// (seed ^ seed >> 32) + i + 1, by MTGP's initialisation (a linear congruential fill, Knuth's
// multiplier 1812433253, over a start made from the parameter set's own "hidden seed"), and copies
// them to the device. Both work as cuRAND's do, so a program gets the GPU's sequences.
// The 200 parameter sets (<curand_mtgp32dc_p_11213.h>) are NVIDIA's data, taken from an installed
// CUDA Toolkit.
#pragma once
// cuRAND's include guard, which programs test to see whether the header is in (helper_cuda.h).
#ifndef CURAND_MTGP32_HOST_H
#define CURAND_MTGP32_HOST_H
#endif
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_mtgp32.h>
#include <curand_mtgp32dc_p_11213.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace cusim::curand_detail {

// MTGP's initialisation of one state from a 32-bit seed.
inline void mtgp32_init_state(unsigned int state[], const mtgp32_params_fast_t* para, unsigned int seed) {
  const int size = para->mexp / 32 + 1;
  const unsigned int hidden_seed = para->tbl[4] ^ (para->tbl[8] << 16);
  unsigned int fill = hidden_seed;
  fill += fill >> 16;
  fill += fill >> 8;
  std::memset(state, static_cast<int>(fill & 0xff), sizeof(unsigned int) * static_cast<std::size_t>(size));
  state[0] = seed;
  state[1] = hidden_seed;
  for (int i = 1; i < size; ++i)
    state[i] ^= 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + static_cast<unsigned int>(i);
}

// The parameter sets as the kernels' tables.
inline void mtgp32_tables(const mtgp32_params_fast_t params[], mtgp32_kernel_params_t& tables) {
  tables.mask[0] = params[0].mask;
  for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; ++i) {
    tables.pos_tbl[i] = static_cast<unsigned int>(params[i].pos);
    tables.sh1_tbl[i] = static_cast<unsigned int>(params[i].sh1);
    tables.sh2_tbl[i] = static_cast<unsigned int>(params[i].sh2);
    for (int j = 0; j < TBL_SIZE; ++j) {
      tables.param_tbl[i][j] = params[i].tbl[j];
      tables.temper_tbl[i][j] = params[i].tmp_tbl[j];
      tables.single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
    }
  }
}

inline curandStatus_t mtgp32_copy_to_device(void* to, const void* from, std::size_t bytes) {
  return cudaMemcpy(to, from, bytes, cudaMemcpyHostToDevice) == cudaSuccess ? CURAND_STATUS_SUCCESS
                                                                            : CURAND_STATUS_INITIALIZATION_FAILED;
}

}  // namespace cusim::curand_detail

// All CURAND_NUM_MTGP32_PARAMS sets of params[] into the device tables at p.
inline curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[], mtgp32_kernel_params_t* p) {
  mtgp32_kernel_params_t tables;
  cusim::curand_detail::mtgp32_tables(params, tables);
  return cusim::curand_detail::mtgp32_copy_to_device(p, &tables, sizeof tables);
}

// n block states at s, state i seeded with parameter set i, reading its tables from k. There are
// CURAND_NUM_MTGP32_PARAMS parameter sets: more states would run past the tables (cuRAND does not
// check; cusim says so and makes none).
inline curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t* s, mtgp32_params_fast_t params[],
                                                  mtgp32_kernel_params_t* k, int n, unsigned long long seed) {
  if (n < 0 || n > CURAND_NUM_MTGP32_PARAMS) {
    std::fprintf(stderr,
                 "cusim: curandMakeMTGP32KernelState: %d states asked for; MTGP32 has %d parameter sets "
                 "(CURAND_NUM_MTGP32_PARAMS), one per state: CURAND_STATUS_OUT_OF_RANGE\n",
                 n, CURAND_NUM_MTGP32_PARAMS);
    return CURAND_STATUS_OUT_OF_RANGE;
  }
  std::vector<curandStateMtgp32_t> states(static_cast<std::size_t>(n));
  seed ^= seed >> 32;
  for (int i = 0; i < n; ++i) {
    curandStateMtgp32_t& state = states[static_cast<std::size_t>(i)];
    std::memset(&state, 0, sizeof state);
    cusim::curand_detail::mtgp32_init_state(state.s, &params[i], static_cast<unsigned int>(seed) + i + 1);
    state.offset = 0;
    state.pIdx = i;
    state.k = k;
  }
  return cusim::curand_detail::mtgp32_copy_to_device(s, states.data(), sizeof(curandStateMtgp32_t) * states.size());
}
