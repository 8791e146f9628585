// A device generator of cuRAND's host API given host memory for its output: a finding at the
// call, and CURAND_STATUS_LAUNCH_FAILURE (on a GPU its kernel would fault on the pointer).
// EXPECT-FINDING: invalid-memory-range 13
// EXPECT: host: into host memory: status 201
// EXPECT: host: into device memory: status 0
#include <curand.h>

#include "check.cuh"

int main() {
  curandGenerator_t g;
  static float host[100];
  const int wrong = int(curandGenerateUniform((curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT), g), host, 100));
  std::printf("host: into host memory: status %d\n", wrong);
  float* device;
  CHECK_CUDA(cudaMalloc(&device, 100 * sizeof(float)));
  std::printf("host: into device memory: status %d\n", int(curandGenerateUniform(g, device, 100)));
  curandDestroyGenerator(g);
  CHECK_CUDA(cudaFree(device));
  return 0;
}
