// A launch inside a host class's member function, with members as arguments.
// EXPECT: vector class: ok
#include "check.cuh"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

class DeviceVectors {
 public:
  explicit DeviceVectors(int n) : n_(n) {
    CHECK_CUDA(cudaMallocManaged(&x_, n * sizeof(float)));
    CHECK_CUDA(cudaMallocManaged(&y_, n * sizeof(float)));
    for (int i = 0; i < n; ++i) x_[i] = 1.0f, y_[i] = static_cast<float>(i);
  }
  ~DeviceVectors() {
    cudaFree(x_);
    cudaFree(y_);
  }
  void saxpy(float a) {
    ::saxpy<<<(n_ + block_ - 1) / block_, block_>>>(n_, a, this->x_, y_);
    CHECK_CUDA(cudaDeviceSynchronize());
  }
  long long wrong(float a) const {
    long long w = 0;
    for (int i = 0; i < n_; ++i) w += y_[i] != a + i;
    return w;
  }

 private:
  int n_;
  int block_ = 64;
  float* x_ = nullptr;
  float* y_ = nullptr;
};

int main() {
  DeviceVectors v(500);
  v.saxpy(3.0f);
  report("vector class", v.wrong(3.0f), 0);
  return 0;
}
