// A __shared__ array of a struct type: per-block minimum and maximum with their positions.
// EXPECT: min: ok
// EXPECT: max: ok
#include "check.cuh"

struct Extremum {
  float value;
  int index;
};

__global__ void extremes(const float* in, Extremum* out) {
  __shared__ Extremum lo[64], hi[64];
  const int t = threadIdx.x;
  lo[t] = hi[t] = Extremum{in[t], t};
  __syncthreads();
  for (int s = 32; s > 0; s /= 2) {
    if (t < s) {
      if (lo[t + s].value < lo[t].value) lo[t] = lo[t + s];
      if (hi[t + s].value > hi[t].value) hi[t] = hi[t + s];
    }
    __syncthreads();
  }
  if (t == 0) out[0] = lo[0], out[1] = hi[0];
}

int main() {
  float* in;
  Extremum* out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(Extremum)));
  for (int i = 0; i < 64; ++i) in[i] = static_cast<float>((i * 29) % 64);
  extremes<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  int lo = 0, hi = 0;
  for (int i = 0; i < 64; ++i) lo = in[i] < in[lo] ? i : lo, hi = in[i] > in[hi] ? i : hi;
  report("min", out[0].index, lo);
  report("max", out[1].index, hi);
  return 0;
}
