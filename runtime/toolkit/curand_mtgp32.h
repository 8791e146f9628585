// cusim's <curand_mtgp32.h>: the types and sizes of cuRAND's MTGP32 generator (Saito and
// Matsumoto's Mersenne Twister for Graphic Processors, period 2^11213 - 1), laid out as cuRAND lays
// them out: a parameter set (mtgp32_params_fast_t, 200 of them in <curand_mtgp32dc_p_11213.h>),
// the device copy of all 200 as tables (mtgp32_kernel_params_t), and a block's state
// (curandStateMtgp32_t), shared by up to 256 threads of one block. The include guard is cuRAND's,
// so that NVIDIA's parameter header, which includes "curand_mtgp32.h" beside itself, takes these
// definitions.
#ifndef CURAND_MTGP32_H
#define CURAND_MTGP32_H

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define TBL_SIZE 16

// One generator's parameters: the recursion's position and shifts, its 16-entry matrix, the tempering
// matrices for 32-bit and float output, the state mask and the characteristic polynomial's SHA-1.
struct mtgp32_params_fast {
  int mexp;
  int pos;
  int sh1;
  int sh2;
  unsigned int tbl[16];
  unsigned int tmp_tbl[16];
  unsigned int flt_tmp_tbl[16];
  unsigned int mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

// The 200 parameter sets as the kernels read them (curandMakeMTGP32Constants fills it).
struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

// A block's generator: a ring of 1024 words (351 in use), where the next value starts, and which
// parameter set it runs.
struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t* k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

#endif  // CURAND_MTGP32_H
