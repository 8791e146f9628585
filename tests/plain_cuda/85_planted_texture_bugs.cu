// Bugs reached through texture and surface objects, each a finding at the kernel's line: a CUDA
// array nothing wrote, a destroyed texture object, a texture over memory freed before the launch,
// and a surface write outside the surface (cudaBoundaryModeTrap, which traps on a GPU).
// EXPECT-FINDING: uninitialized-read 16
// EXPECT-FINDING: invalid-handle 16
// EXPECT-FINDING: use-after-free 19
// EXPECT-FINDING: illegal-address 23
// EXPECT: host: unwritten array: cudaSuccess
// EXPECT: host: destroyed object: cudaErrorInvalidResourceHandle
// EXPECT: host: freed memory: cudaErrorIllegalAddress
// EXPECT: host: surface write outside: cudaErrorIllegalAddress
#include <cstring>

#include "check.cuh"

__global__ void read2d(cudaTextureObject_t t, float* out) { out[threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, 0.5f); }

__global__ void fetch(cudaTextureObject_t t, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

__global__ void write_past(cudaSurfaceObject_t s) {
  surf2Dwrite(1.0f, s, int(threadIdx.x) * 4 + 4, 0);
}

cudaTextureObject_t texture_over(cudaArray_t a) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  cudaTextureObject_t t;
  CHECK_CUDA(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

int main() {
  float* out;
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(float)));
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK_CUDA(cudaMallocArray(&a, &f32, 32, 2));
  const cudaTextureObject_t t = texture_over(a);
  read2d<<<1, 32>>>(t, out);  // the array was never written
  std::printf("host: unwritten array: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

  CHECK_CUDA(cudaDestroyTextureObject(t));
  read2d<<<1, 32>>>(t, out);
  std::printf("host: destroyed object: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

  float* data;
  CHECK_CUDA(cudaMalloc(&data, 32 * sizeof(float)));
  CHECK_CUDA(cudaMemset(data, 0, 32 * sizeof(float)));
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeLinear;
  r.res.linear.devPtr = data;
  r.res.linear.desc = f32;
  r.res.linear.sizeInBytes = 32 * sizeof(float);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  cudaTextureObject_t linear;
  CHECK_CUDA(cudaCreateTextureObject(&linear, &r, &td, nullptr));
  CHECK_CUDA(cudaFree(data));
  fetch<<<1, 32>>>(linear, out);
  std::printf("host: freed memory: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

  cudaDeviceReset();  // the illegal address is sticky
  cudaArray_t s;
  CHECK_CUDA(cudaMallocArray(&s, &f32, 32, 1, cudaArraySurfaceLoadStore));
  cudaResourceDesc sr;
  std::memset(&sr, 0, sizeof sr);
  sr.resType = cudaResourceTypeArray;
  sr.res.array.array = s;
  cudaSurfaceObject_t surface;
  CHECK_CUDA(cudaCreateSurfaceObject(&surface, &sr));
  write_past<<<1, 32>>>(surface);  // thread 31 writes bytes 128..131 of a 128-byte row
  std::printf("host: surface write outside: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
