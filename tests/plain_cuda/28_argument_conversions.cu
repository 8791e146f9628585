// Arguments converted to the kernel's parameter types as in a call: int to float, double to
// int, a pointer to a derived struct to a pointer to its base, a non-const pointer to const.
// EXPECT: conversions: ok
#include "check.cuh"

struct Base {
  int value;
};
struct Derived : Base {
  int extra;
};

__global__ void convert(float f, int i, const Base* b, const int* c, float* out) {
  out[0] = f;
  out[1] = static_cast<float>(i);
  out[2] = static_cast<float>(b->value);
  out[3] = static_cast<float>(c[1]);
}

int main() {
  float* out;
  Derived* d;
  int* c;
  CHECK_CUDA(cudaMallocManaged(&out, 4 * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&d, sizeof(Derived)));
  CHECK_CUDA(cudaMallocManaged(&c, 2 * sizeof(int)));
  d->value = 11, d->extra = 0, c[0] = 0, c[1] = 13;
  const int seven = 7;
  const double nine_and_a_half = 9.5;
  convert<<<1, 1>>>(seven, nine_and_a_half, d, c, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  const long long wrong = (out[0] != 7.0f) + (out[1] != 9.0f) + (out[2] != 11.0f) + (out[3] != 13.0f);
  report("conversions", wrong, 0);
  return 0;
}
