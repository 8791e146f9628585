// Kernel templates whose arguments the launch deduces, in part or whole: some written and the
// rest deduced (cuda-samples MC_EstimatePiInlineQ: computeValue<Real><<<...>>>(results, states,
// n) with the state's type deduced), inside a class template and in a plain function; and all
// deduced inside a class template from arguments whose types differ from the parameters' in
// const only (MC_SingleAsianOptionP: computeValue<<<...>>>(values, paths, option, ...)).
// EXPECT: float, wide state: ok
// EXPECT: double, narrow state: ok
// EXPECT: plain function: ok
// EXPECT: float sums: ok
// EXPECT: double sums: ok
#include "check.cuh"

struct Narrow {
  unsigned step;
};
struct Wide {
  unsigned long long step;
};

template <typename Real, typename State>
__global__ void scale(Real* out, State* state, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Real(i) * Real(state->step);
}

template <typename Real>
struct Scaler {
  template <typename State>
  long long run(State step) {
    const unsigned n = 100;
    Real* out;
    State* state;
    CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(Real)));
    CHECK_CUDA(cudaMallocManaged(&state, sizeof(State)));
    *state = step;
    scale<Real><<<4, 32>>>(out, state, n);
    CHECK_CUDA(cudaDeviceSynchronize());
    long long wrong = 0;
    for (unsigned i = 0; i < n; ++i) wrong += out[i] != Real(i) * Real(step.step);
    CHECK_CUDA(cudaFree(out));
    CHECK_CUDA(cudaFree(state));
    return wrong;
  }
};

template <typename Real>
__global__ void pair_sums(Real* const out, const Real* const in, const unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) out[i] = in[i] + in[i + 1];
}

template <typename Real>
struct Summer {
  long long run() {
    const unsigned n = 50;
    Real *in, *out;
    CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(Real)));
    CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(Real)));
    for (unsigned i = 0; i < n; ++i) in[i] = Real(i) / Real(4);
    unsigned count = n;
    pair_sums<<<2, 32>>>(out, in, count);  // Real*, not const Real* const: deduced all the same
    CHECK_CUDA(cudaDeviceSynchronize());
    long long wrong = 0;
    for (unsigned i = 0; i + 1 < n; ++i) wrong += out[i] != in[i] + in[i + 1];
    CHECK_CUDA(cudaFree(in));
    CHECK_CUDA(cudaFree(out));
    return wrong;
  }
};

long long plain() {
  float* out;
  Narrow* state;
  CHECK_CUDA(cudaMallocManaged(&out, 10 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&state, sizeof(Narrow)));
  state->step = 3;
  scale<float><<<1, 32>>>(out, state, 10u);
  CHECK_CUDA(cudaDeviceSynchronize());
  long long wrong = 0;
  for (unsigned i = 0; i < 10; ++i) wrong += out[i] != 3.0f * i;
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(state));
  return wrong;
}

int main() {
  report("float, wide state", Scaler<float>().run(Wide{7}), 0);
  report("double, narrow state", Scaler<double>().run(Narrow{5}), 0);
  report("plain function", plain(), 0);
  report("float sums", Summer<float>().run(), 0);
  report("double sums", Summer<double>().run(), 0);
  return 0;
}
