// A cubemap of which only five faces were written: a seamless linear fetch beside the edge of
// face +x reads, across that edge, texels of face -z, which nothing wrote (uninitialized-read at
// the fetch's line). The same fetch without seamlessCubemap stays on face +x and reads nothing
// unwritten.
// EXPECT-FINDING: uninitialized-read 15
// EXPECT: host: on the face: cudaSuccess
// EXPECT: host: across the edge: cudaSuccess
#include <cstring>
#include <vector>

#include "check.cuh"

// Face +x at s = 0.99: its last column of texels, and (seamless) the first of face -z beyond it.
__global__ void on_the_face(cudaTextureObject_t t, float* out) { out[0] = texCubemap<float>(t, 1.0f, 0.1f, -0.99f); }
__global__ void across_the_edge(cudaTextureObject_t t, float* out) { out[0] = texCubemap<float>(t, 1.0f, 0.1f, -0.99f); }

cudaTextureObject_t cubemap_texture(cudaArray_t a, bool seamless) {
  cudaResourceDesc r;
  std::memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.filterMode = cudaFilterModeLinear;
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.normalizedCoords = 1;
  td.seamlessCubemap = seamless;
  cudaTextureObject_t t = 0;
  CHECK_CUDA(cudaCreateTextureObject(&t, &r, &td, nullptr));
  return t;
}

int main() {
  const int width = 4;
  const cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK_CUDA(cudaMalloc3DArray(&a, &d, make_cudaExtent(width, width, 6), cudaArrayCubemap));
  std::vector<float> faces(width * width * 5, 1.0f);
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(faces.data(), width * 4, width, width);
  p.dstArray = a;
  p.extent = make_cudaExtent(width, width, 5);  // faces +x, -x, +y, -y and +z; not -z
  p.kind = cudaMemcpyHostToDevice;
  CHECK_CUDA(cudaMemcpy3D(&p));
  float* out;
  CHECK_CUDA(cudaMalloc(&out, sizeof(float)));
  const cudaTextureObject_t plain = cubemap_texture(a, false), seamless = cubemap_texture(a, true);
  on_the_face<<<1, 1>>>(plain, out);
  std::printf("host: on the face: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  across_the_edge<<<1, 1>>>(seamless, out);
  std::printf("host: across the edge: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  CHECK_CUDA(cudaDestroyTextureObject(plain));
  CHECK_CUDA(cudaDestroyTextureObject(seamless));
  CHECK_CUDA(cudaFreeArray(a));
  CHECK_CUDA(cudaFree(out));
  return 0;
}
