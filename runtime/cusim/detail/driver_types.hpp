// The host API's types of CUDA 13's driver_types.h, with CUDA's names, layouts and values:
// device properties, function attributes, pointer attributes, pitched and 3D copies, limits,
// and the flags of host allocations, devices and callbacks.
#pragma once
#include <cstddef>

#include "cusim/detail/types.hpp"

// The runtime's version: the simulator implements CUDA 13.0's runtime API.
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000
#define CUDART_CB

struct CUuuid_st {
  char bytes[16];
};
using cudaUUID_t = CUuuid_st;

// CUDA 13's layout, field for field. (CUDA 13 removed clockRate, memoryClockRate, computeMode,
// kernelExecTimeoutEnabled and deviceOverlap from the struct: cudaDeviceGetAttribute gives them.)
struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  std::size_t totalConstMem;
  int major;
  int minor;
  std::size_t textureAlignment;
  std::size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  std::size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  std::size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  std::size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  std::size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int deviceNumaConfig;
  int deviceNumaId;
  int mpsEnabled;
  int hostNumaId;
  unsigned int gpuPciDeviceID;
  unsigned int gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
};

enum cudaComputeMode {
  cudaComputeModeDefault = 0,
  cudaComputeModeExclusive = 1,
  cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3,
};

enum cudaLimit {
  cudaLimitStackSize = 0x00,
  cudaLimitPrintfFifoSize = 0x01,
  cudaLimitMallocHeapSize = 0x02,
  cudaLimitDevRuntimeSyncDepth = 0x03,
  cudaLimitDevRuntimePendingLaunchCount = 0x04,
  cudaLimitMaxL2FetchGranularity = 0x05,
  cudaLimitPersistingL2CacheSize = 0x06,
};

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3,
};

enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2,
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
  cudaFuncAttributeMax
};

struct cudaFuncAttributes {
  std::size_t sharedSizeBytes;
  std::size_t constSizeBytes;
  std::size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
  int clusterDimMustBeSet;
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
};

enum cudaMemoryType {
  cudaMemoryTypeUnregistered = 0,
  cudaMemoryTypeHost = 1,
  cudaMemoryTypeDevice = 2,
  cudaMemoryTypeManaged = 3,
};

struct cudaPointerAttributes {
  cudaMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  long reserved[8];
};

struct cudaArray;  // opaque: backends/sim/texture_api.cpp (texture_types.hpp has the calls)
using cudaArray_t = cudaArray*;
using cudaArray_const_t = const cudaArray*;

struct cudaPitchedPtr {
  void* ptr;
  std::size_t pitch;
  std::size_t xsize;
  std::size_t ysize;
};
struct cudaExtent {
  std::size_t width;
  std::size_t height;
  std::size_t depth;
};
struct cudaPos {
  std::size_t x;
  std::size_t y;
  std::size_t z;
};
struct cudaMemcpy3DParms {
  cudaArray_t srcArray;
  cudaPos srcPos;
  cudaPitchedPtr srcPtr;
  cudaArray_t dstArray;
  cudaPos dstPos;
  cudaPitchedPtr dstPtr;
  cudaExtent extent;
  cudaMemcpyKind kind;
};
inline cudaPitchedPtr make_cudaPitchedPtr(void* d, std::size_t p, std::size_t xsz, std::size_t ysz) {
  return cudaPitchedPtr{d, p, xsz, ysz};
}
inline cudaPos make_cudaPos(std::size_t x, std::size_t y, std::size_t z) { return cudaPos{x, y, z}; }
inline cudaExtent make_cudaExtent(std::size_t w, std::size_t h, std::size_t d) { return cudaExtent{w, h, d}; }

using cudaHostFn_t = void (*)(void* userData);
using cudaStreamCallback_t = void (*)(cudaStream_t stream, cudaError_t status, void* userData);

// ---- graphs ----
struct CUgraph_st;
struct CUgraphNode_st;
struct CUgraphExec_st;
using cudaGraph_t = CUgraph_st*;
using cudaGraphNode_t = CUgraphNode_st*;
using cudaGraphExec_t = CUgraphExec_st*;
enum cudaGraphNodeType {
  cudaGraphNodeTypeKernel = 0x00,
  cudaGraphNodeTypeMemcpy = 0x01,
  cudaGraphNodeTypeMemset = 0x02,
  cudaGraphNodeTypeHost = 0x03,
  cudaGraphNodeTypeGraph = 0x04,
  cudaGraphNodeTypeEmpty = 0x05,
  cudaGraphNodeTypeWaitEvent = 0x06,
  cudaGraphNodeTypeEventRecord = 0x07,
  cudaGraphNodeTypeExtSemaphoreSignal = 0x08,
  cudaGraphNodeTypeExtSemaphoreWait = 0x09,
  cudaGraphNodeTypeMemAlloc = 0x0a,
  cudaGraphNodeTypeMemFree = 0x0b,
  cudaGraphNodeTypeConditional = 0x0d,
  cudaGraphNodeTypeCount
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
enum cudaGraphInstantiateFlags {
  cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
  cudaGraphInstantiateFlagUpload = 2,
  cudaGraphInstantiateFlagDeviceLaunch = 4,
  cudaGraphInstantiateFlagUseNodePriority = 8
};
struct cudaGraphEdgeData_st {
  unsigned char from_port;
  unsigned char to_port;
  unsigned char type;
  unsigned char reserved[5];
};
using cudaGraphEdgeData = cudaGraphEdgeData_st;
struct cudaKernelNodeParams {
  void* func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void** kernelParams;
  void** extra;
};
struct cudaMemsetParams {
  void* dst;
  std::size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  std::size_t width;
  std::size_t height;
};
struct cudaHostNodeParams {
  cudaHostFn_t fn;
  void* userData;
};

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceScheduleMask 0x07
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaDeviceSyncMemops 0x80
#define cudaDeviceMask 0xff
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaInitDeviceFlagsAreValid 0x01
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
