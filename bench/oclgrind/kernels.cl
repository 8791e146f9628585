// The kernels of bench/kernels.cu, one for one, in OpenCL C 1.2, for the comparison with
// Oclgrind (bench/oclgrind/ocl_bench.cpp, docs/PERFORMANCE.md). Each keeps the CUDA kernel's
// structure: same indexing, same barriers, same atomics, same shared (here __local) arrays.
//
//   CUDA                                   OpenCL
//   blockIdx.x * blockDim.x + threadIdx.x  get_group_id(0) * get_local_size(0) + get_local_id(0)
//   blockDim.x * gridDim.x                 get_local_size(0) * get_num_groups(0)
//   __shared__                             __local
//   __syncthreads()                        barrier(CLK_LOCAL_MEM_FENCE)
//   atomicAdd(unsigned*, unsigned)         atomic_add
//   atomicAdd(float*, float)               atomic_add_float below (a compare-and-swap loop)
//
// The warp-shuffle reduction of kernels.cu is not here: OpenCL 1.2 has no sub-group shuffle
// (cl_khr_subgroup_shuffle is an OpenCL 2.x/3.0 extension that Oclgrind does not offer).
// Nor is the barrier-only loop, which measures a cost of cusim's engine, not a workload.

#define TILE 16         // bench::kTile: tile edge of the tiled matmul; work-groups are TILE x TILE
#define BLOCK 256       // bench::kBlockThreads: work-group size of every 1-D kernel
#define BINS 256        // histogram bins (one per byte value)

__kernel void vector_add(__global const float* a, __global const float* b, __global float* c, int n) {
  const int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
  if (i < n) c[i] = a[i] + b[i];
}

__kernel void grid_stride_square(__global const float* in, __global float* out, int n) {
  for (int i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n; i += get_local_size(0) * get_num_groups(0))
    out[i] = in[i] * in[i];
}

__kernel void shared_histogram(__global const uchar* in, __global uint* bins, int n) {
  __local uint local_bins[BINS];
  for (uint b = get_local_id(0); b < BINS; b += get_local_size(0)) local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_group_id(0) * get_local_size(0) + get_local_id(0); i < n; i += get_local_size(0) * get_num_groups(0))
    atomic_add(&local_bins[in[i]], 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = get_local_id(0); b < BINS; b += get_local_size(0)) atomic_add(&bins[b], local_bins[b]);
}

// Dimension 0 is CUDA's x (the column), dimension 1 its y (the row).
__kernel void tiled_matmul(__global const float* a, __global const float* b, __global float* c, int n) {
  __local float ta[TILE][TILE];
  __local float tb[TILE][TILE];
  const int tx = get_local_id(0), ty = get_local_id(1);
  const int row = get_group_id(1) * TILE + ty, col = get_group_id(0) * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    ta[ty][tx] = a[row * n + t * TILE + tx];
    tb[ty][tx] = b[(t * TILE + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) sum += ta[ty][k] * tb[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}

// CUDA's atomicAdd on a float, which OpenCL 1.2 lacks: compare-and-swap on the bits until no
// other work-item got in between. Every access to *p is atomic (the first guess is 0.0f rather
// than a plain load), so a race detector has nothing to report here.
void atomic_add_float(volatile __global float* p, float v) {
  volatile __global uint* bits = (volatile __global uint*)p;
  uint expected = as_uint(0.0f);
  for (;;) {
    const uint seen = atomic_cmpxchg(bits, expected, as_uint(as_float(expected) + v));
    if (seen == expected) return;
    expected = seen;
  }
}

__kernel void tree_reduce(__global const float* in, __global float* total, int n) {
  __local float sdata[BLOCK];
  const uint tid = get_local_id(0);
  const int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
  sdata[tid] = i < n ? in[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) atomic_add_float(total, sdata[0]);
}
