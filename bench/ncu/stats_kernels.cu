// The kernels of tests/stats/launch_stats_test.cpp as plain CUDA, for Nsight Compute: the GPU's own
// counts of requests, sectors, wavefronts and bank conflicts, to compare with cusim's CUSIM_STATS
// (docs/STATS.md, "Checked against Nsight Compute"). Loops are kept rolled (#pragma unroll 1) so
// that nvcc emits one 4-byte shared access per iteration, as the simulator's build does, rather
// than vectorising them.
//
//   nvcc -O2 -arch=sm_90 bench/ncu/stats_kernels.cu -o stats_kernels
//   ncu --csv --metrics l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
//   l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
//   l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__inst_executed_op_shared_ld.sum,\
//   l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\
//   smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
//   l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum ./stats_kernels
__global__ void copy_floats(const float* in, float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void gather_stride_32(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x * 32]; }
__global__ void copy_shifted_by_one(const float* in, float* out) { out[threadIdx.x] = in[threadIdx.x + 1]; }
__global__ void copy_doubles(const double* in, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void column_sums(float* out) {
  __shared__ float tile[32][32];
  const int lane = threadIdx.x;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) tile[k][lane] = float(k * 32 + lane);
  __syncthreads();
  float sum = 0;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) sum += tile[lane][k];
  out[lane] = sum;
}
__global__ void column_sums_padded(float* out) {
  __shared__ float tile[32][33];
  const int lane = threadIdx.x;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) tile[k][lane] = float(k * 32 + lane);
  __syncthreads();
  float sum = 0;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) sum += tile[lane][k];
  out[lane] = sum;
}
__global__ void broadcasts(const float* in, float* out) {
  __shared__ float v[32];
  v[threadIdx.x] = in[0];
  __syncthreads();
  out[threadIdx.x] = v[0];
}
__global__ void shared_doubles(double* out) {
  __shared__ double d[64];
  const int lane = threadIdx.x;
  d[lane] = lane;
  d[lane + 32] = lane;
  __syncthreads();
  out[lane] = d[lane] + d[2 * lane];
}

int main() {
  float *a, *b;
  double *c, *d;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&b, 1 << 20);
  cudaMalloc(&c, 4096);
  cudaMalloc(&d, 4096);
  copy_floats<<<4, 64>>>(a, b);
  copy_floats<<<4, 16>>>(a, b);
  gather_stride_32<<<1, 32>>>(a, b);
  copy_shifted_by_one<<<1, 32>>>(a, b);
  copy_doubles<<<2, 32>>>(c, d);
  column_sums<<<1, 32>>>(b);
  column_sums_padded<<<1, 32>>>(b);
  broadcasts<<<1, 32>>>(a, b);
  shared_doubles<<<1, 32>>>(d);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
