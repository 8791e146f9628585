// Textures and surfaces, host side: CUDA's channel, resource and texture descriptors, CUDA arrays,
// texture and surface objects, and the runtime calls that make and copy them. Kernels read
// through the objects with tex1Dfetch, tex1D, tex2D, tex3D, the layered forms and
// surf1D/surf2D read and write (texture_fetch.hpp). Legacy texture references, removed in CUDA 12,
// are a compile error that names the replacement.
#pragma once
#include <cstddef>

#include "cusim/detail/driver_types.hpp"

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3,
};
struct cudaChannelFormatDesc {
  int x;
  int y;
  int z;
  int w;
  cudaChannelFormatKind f;
};

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3,
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaResourceType {
  cudaResourceTypeArray = 0x00,
  cudaResourceTypeMipmappedArray = 0x01,
  cudaResourceTypeLinear = 0x02,
  cudaResourceTypePitch2D = 0x03,
};
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08

struct cudaMipmappedArray;  // not simulated: a resource of this type is refused
using cudaMipmappedArray_t = cudaMipmappedArray*;
using cudaMipmappedArray_const_t = const cudaMipmappedArray*;

struct cudaResourceDesc {
  cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void* devPtr;
      cudaChannelFormatDesc desc;
      std::size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      cudaChannelFormatDesc desc;
      std::size_t width;
      std::size_t height;
      std::size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
};

struct cudaTextureDesc {
  cudaTextureAddressMode addressMode[3];
  cudaTextureFilterMode filterMode;
  cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
struct cudaResourceViewDesc;  // views are not simulated: pass nullptr

using cudaTextureObject_t = unsigned long long;
using cudaSurfaceObject_t = unsigned long long;

inline cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}
namespace cusim::detail {
template <class S>
constexpr cudaChannelFormatKind channel_kind() {
  if constexpr (static_cast<S>(0.5) != 0) return cudaChannelFormatKindFloat;
  else if constexpr (static_cast<S>(-1) < 0) return cudaChannelFormatKindSigned;
  else return cudaChannelFormatKindUnsigned;
}
template <class S>
constexpr cudaChannelFormatDesc channel_desc(int n) {
  const int b = 8 * static_cast<int>(sizeof(S));
  return cudaChannelFormatDesc{b, n > 1 ? b : 0, n > 2 ? b : 0, n > 3 ? b : 0, channel_kind<S>()};
}
}  // namespace cusim::detail
// cudaCreateChannelDesc<T>() for the scalar and vector types CUDA lists (char is signed here, as
// CUDA's own header makes it; 3-component vectors describe formats arrays cannot hold).
template <class T>
cudaChannelFormatDesc cudaCreateChannelDesc() {
  return cudaChannelFormatDesc{0, 0, 0, 0, cudaChannelFormatKindNone};
}
#define CUSIM_CHANNEL_DESC(T, S, N) \
  template <>                       \
  inline cudaChannelFormatDesc cudaCreateChannelDesc<T>() { return cusim::detail::channel_desc<S>(N); }
#define CUSIM_CHANNEL_DESCS(NAME, S)  \
  CUSIM_CHANNEL_DESC(S, S, 1)         \
  CUSIM_CHANNEL_DESC(NAME##1, S, 1)   \
  CUSIM_CHANNEL_DESC(NAME##2, S, 2)   \
  CUSIM_CHANNEL_DESC(NAME##3, S, 3)   \
  CUSIM_CHANNEL_DESC(NAME##4, S, 4)
CUSIM_CHANNEL_DESCS(char, signed char)
CUSIM_CHANNEL_DESCS(uchar, unsigned char)
CUSIM_CHANNEL_DESCS(short, short)
CUSIM_CHANNEL_DESCS(ushort, unsigned short)
CUSIM_CHANNEL_DESCS(int, int)
CUSIM_CHANNEL_DESCS(uint, unsigned int)
CUSIM_CHANNEL_DESCS(float, float)
CUSIM_CHANNEL_DESC(char, signed char, 1)
#undef CUSIM_CHANNEL_DESCS
#undef CUSIM_CHANNEL_DESC

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, std::size_t width,
                            std::size_t height = 0, unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                                std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t wOffset,
                                  std::size_t hOffset, std::size_t width, std::size_t height, cudaMemcpyKind kind);
// The 1D array copies, deprecated in CUDA as here (cudaMemcpy2DToArray and cudaMemcpy2DFromArray replace them).
[[deprecated]] cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t wOffset, std::size_t hOffset, const void* src,
                              std::size_t count, cudaMemcpyKind kind);
[[deprecated]] cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, std::size_t wOffset, std::size_t hOffset,
                                std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texObject, const cudaResourceDesc* resDesc,
                                    const cudaTextureDesc* texDesc, const cudaResourceViewDesc* resViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resDesc, cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* texDesc, cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surfObject, const cudaResourceDesc* resDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);

namespace cusim::detail {
// cudaMemcpy3D's side that is a CUDA array, as the pitched pointer of its storage (texture_api.cpp).
cudaPitchedPtr array_as_pitched(cudaArray_const_t array);
}  // namespace cusim::detail

// Texture references (texture<T, dim, mode> bound with cudaBindTexture) were removed in CUDA 12:
// naming the type is an error at the user's line that names the replacement.
template <class T, int dim = 1, cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((unavailable(
    "texture references were removed in CUDA 12: make a texture object (cudaCreateTextureObject) and read it with "
    "tex1Dfetch<T>(obj, i), tex1D<T>, tex2D<T> or tex3D<T>"))) texture {};
