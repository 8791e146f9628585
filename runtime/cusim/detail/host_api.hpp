// Host-side API on the simulator: CUDA runtime calls with CUDA's names, signatures and error
// codes, plus cusim's own settings and findings.
#pragma once
#include <cstddef>
#include <optional>
#include <source_location>
#include <string>
#include <type_traits>
#include <vector>

#include "cusim/detail/launch_stats.hpp"
#include "cusim/detail/driver_types.hpp"
#include "cusim/detail/types.hpp"

// The translator's parse (tools/cusim-translate/parse_prelude.hpp) reads cusim's headers as
// __host__ __device__; these markers leave the host-only declarations between them __host__ only.
#if defined(CUSIM_TRANSLATOR_PARSE)
#define CUSIM_HOST_ONLY_BEGIN _Pragma("clang force_cuda_host_device end")
#define CUSIM_HOST_ONLY_END _Pragma("clang force_cuda_host_device begin")
#else
#define CUSIM_HOST_ONLY_BEGIN
#define CUSIM_HOST_ONLY_END
#endif

// The functions CUDA's device runtime offers to kernels as well (cuda_device_runtime_api.h);
// cusim answers the queries among them in kernel code and reports the others
// (backends/sim/host_only.hpp).
const char* cudaGetErrorName(cudaError_t error);
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaRuntimeGetVersion(int* runtimeVersion);
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit);
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* cacheConfig);
cudaError_t cudaMalloc(void** devPtr, std::size_t size);
cudaError_t cudaFree(void* devPtr);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemsetAsync(void* devPtr, int value, std::size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, std::size_t count,
                                cudaStream_t stream = 0);
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                              std::size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset2DAsync(void* devPtr, std::size_t pitch, int value, std::size_t width, std::size_t height,
                              cudaStream_t stream = 0);
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream = 0);
cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent, cudaStream_t stream = 0);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0, unsigned int flags = 0);
cudaError_t cudaEventDestroy(cudaEvent_t event);

template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMalloc(T** devPtr, std::size_t size) {
  return cudaMalloc(static_cast<void**>(static_cast<void*>(devPtr)), size);
}

// Host functions only: kernel code that calls one does not compile, as with nvcc (the functions
// above are those CUDA's device runtime offers to kernels too).
CUSIM_HOST_ONLY_BEGIN
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int* flags);
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaDriverGetVersion(int* driverVersion);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);
cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total);
cudaError_t cudaProfilerStart();
cudaError_t cudaProfilerStop();

cudaError_t cudaMallocManaged(void** devPtr, std::size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void** ptr, std::size_t size);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaHostAlloc(void** pHost, std::size_t size, unsigned int flags);
cudaError_t cudaHostRegister(void* ptr, std::size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void* ptr);
cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags);
cudaError_t cudaHostGetFlags(unsigned int* pFlags, void* pHost);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr);
cudaError_t cudaMallocPitch(void** devPtr, std::size_t* pitch, std::size_t width, std::size_t height);
cudaError_t cudaMalloc3D(cudaPitchedPtr* pitchedDevPtr, cudaExtent extent);
cudaError_t cudaMallocAsync(void** devPtr, std::size_t size, cudaStream_t hStream);
cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t hStream);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, std::size_t count);
cudaError_t cudaMemset(void* devPtr, int value, std::size_t count);
cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                         std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemset2D(void* devPtr, std::size_t pitch, int value, std::size_t width, std::size_t height);
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p);
cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent);

cudaError_t cudaStreamCreate(cudaStream_t* pStream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags, int priority);
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int* priority);
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int* flags);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* userData, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* devPtr, std::size_t length = 0,
                                     unsigned int flags = cudaMemAttachSingle);

// CUDA graphs (backends/sim/graph_api.cpp): stream capture and the explicit API.
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* pGraph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* pCaptureStatus);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* captureStatus_out,
                                     unsigned long long* id_out = nullptr, cudaGraph_t* graph_out = nullptr,
                                     const cudaGraphNode_t** dependencies_out = nullptr,
                                     const cudaGraphEdgeData** edgeData_out = nullptr,
                                     std::size_t* numDependencies_out = nullptr);
// A capture into a graph that exists (a conditional node's body, say), after `dependencies` of it;
// and the nodes a capture's next work comes after, added to or set.
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                                          cudaStreamCaptureMode mode);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                                                unsigned int flags = 0);
cudaError_t cudaGraphCreate(cudaGraph_t* pGraph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t* pGraphClone, cudaGraph_t originalGraph);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaKernelNodeParams* pNodeParams,
                                   std::source_location site = std::source_location::current());
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* pNodeParams);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaMemcpy3DParms* pCopyParams);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t* pDependencies, std::size_t numDependencies, void* dst,
                                     const void* src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                   std::size_t numDependencies, const cudaMemsetParams* pMemsetParams);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                 std::size_t numDependencies, const cudaHostNodeParams* pNodeParams);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                  std::size_t numDependencies);
// A child graph node: a copy of `childGraph`, made now, run where the node stands.
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                       std::size_t numDependencies, cudaGraph_t childGraph);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t* pGraph);
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData* edgeData, std::size_t numDependencies);
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     std::size_t numDependencies);
// Any node from its type's parameters (backends/sim/graph_add_node.cpp): kernel, memcpy, memset,
// host, empty, child graph, memory allocation and free, and conditional nodes.
cudaError_t cudaGraphAddNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                             const cudaGraphEdgeData* dependencyData, std::size_t numDependencies,
                             cudaGraphNodeParams* nodeParams, std::source_location site = std::source_location::current());
// Conditional nodes' handles (backends/sim/graph_conditional.cpp): a value a kernel sets with
// cudaGraphSetConditional, or, with cudaGraphCondAssignDefault, `defaultLaunchValue` at each launch.
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue = 0, unsigned int flags = 0);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* pType);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* numNodes);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* pRootNodes, std::size_t* pNumRootNodes);
cudaError_t cudaGraphInstantiate(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags = 0);
// CUDA 11's form, which CUDA 12 and 13 keep for C++ (cuda-samples' simpleCudaGraphs calls it); as
// there, the error node and the log are left as they are.
inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, cudaGraphNode_t* pErrorNode,
                                        char* pLogBuffer, std::size_t bufferSize) {
  (void)pErrorNode, (void)pLogBuffer, (void)bufferSize;
  return cudaGraphInstantiate(pGraphExec, graph, 0);
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* pGraphExec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
// Changing an executable graph (backends/sim/graph_api.cpp): a node's parameters, one node at a
// time or all from a graph of the same shape.
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* pNodeParams,
                                         std::source_location site = std::source_location::current());
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* pNodeParams,
                                             std::source_location site = std::source_location::current());
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaMemsetParams* pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const cudaMemcpy3DParms* pNodeParams);
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void* dst,
                                               const void* src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const cudaHostNodeParams* pNodeParams);
cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled);
cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int* isEnabled);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphExecUpdateResultInfo* resultInfo);
// CUDA 11's form, which CUDA 12 and 13 keep for C++ (cuda-samples' jacobiCudaGraphs calls it).
inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphNode_t* hErrorNode_out,
                                       cudaGraphExecUpdateResult* updateResult_out) {
  cudaGraphExecUpdateResultInfo info{cudaGraphExecUpdateError, nullptr, nullptr};
  const cudaError_t status = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
  if (hErrorNode_out) *hErrorNode_out = info.errorNode;
  if (updateResult_out) *updateResult_out = info.result;
  return status;
}
// Graph memory nodes (backends/sim/graph_memory.cpp): an allocation whose address is fixed when
// its node is made, live from its allocation node's run until a free node's (or cudaFree's).
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                     std::size_t numDependencies, cudaMemAllocNodeParams* nodeParams);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* pGraphNode, cudaGraph_t graph, const cudaGraphNode_t* pDependencies,
                                    std::size_t numDependencies, void* dptr);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* params_out);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* dptr_out);
cudaError_t cudaDeviceGraphMemTrim(int device);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void* value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void* value);

// Stream-ordered memory pools (backends/sim/memory_pools.cpp).
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* memPool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* memPool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t* memPool, const cudaMemPoolProps* poolProps);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, std::size_t minBytesToKeep);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const cudaMemAccessDesc* descList, std::size_t count);
cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t memPool, cudaMemLocation* location);
cudaError_t cudaMallocFromPoolAsync(void** ptr, std::size_t size, cudaMemPool_t memPool, cudaStream_t stream);
inline cudaError_t cudaMallocAsync(void** ptr, std::size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}

// Launch attributes (backends/sim/launch_attributes.cpp): those of a stream, a kernel node and
// one launch (cudaLaunchKernelEx, kernel_entry.hpp). The cache hints are kept and given back.
cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, const cudaStreamAttrValue* value);
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr, cudaStreamAttrValue* value_out);
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            const cudaKernelNodeAttrValue* value);
cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                            cudaKernelNodeAttrValue* value_out);
cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc);
cudaError_t cudaCtxResetPersistingL2Cache();
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args,
                                std::source_location site = std::source_location::current());

cudaError_t cudaEventCreate(cudaEvent_t* event);
// CUDA's C++ overloads of cudaEventCreate and cudaMallocHost with flags.
inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) { return cudaEventCreateWithFlags(event, flags); }
inline cudaError_t cudaMallocHost(void** ptr, std::size_t size, unsigned int flags) { return cudaHostAlloc(ptr, size, flags); }
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);

// Typed conveniences, as CUDA's runtime header offers them, for a T** whatever T's qualifiers
// (cudaMalloc of a const float**, as CUDA's cast through void* allows). Always inlined, so that
// findings about the call name the program's line.
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocManaged(T** devPtr, std::size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(static_cast<void**>(static_cast<void*>(devPtr)), size, flags);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocHost(T** ptr, std::size_t size) {
  return cudaMallocHost(static_cast<void**>(static_cast<void*>(ptr)), size);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocHost(T** ptr, std::size_t size, unsigned int flags) {
  return cudaHostAlloc(static_cast<void**>(static_cast<void*>(ptr)), size, flags);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaHostAlloc(T** ptr, std::size_t size, unsigned int flags) {
  return cudaHostAlloc(static_cast<void**>(static_cast<void*>(ptr)), size, flags);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaHostGetDevicePointer(T** pDevice, void* pHost, unsigned int flags) {
  return cudaHostGetDevicePointer(static_cast<void**>(static_cast<void*>(pDevice)), pHost, flags);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocPitch(T** devPtr, std::size_t* pitch, std::size_t width, std::size_t height) {
  return cudaMallocPitch(static_cast<void**>(static_cast<void*>(devPtr)), pitch, width, height);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocAsync(T** devPtr, std::size_t size, cudaStream_t stream) {
  return cudaMallocAsync(static_cast<void**>(static_cast<void*>(devPtr)), size, stream);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocAsync(T** devPtr, std::size_t size, cudaMemPool_t memPool,
                                                         cudaStream_t stream) {
  return cudaMallocFromPoolAsync(static_cast<void**>(static_cast<void*>(devPtr)), size, memPool, stream);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocFromPoolAsync(T** ptr, std::size_t size, cudaMemPool_t memPool,
                                                                  cudaStream_t stream) {
  return cudaMallocFromPoolAsync(static_cast<void**>(static_cast<void*>(ptr)), size, memPool, stream);
}
CUSIM_HOST_ONLY_END

namespace cusim::detail {
cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, void* host, std::size_t count,
                        std::size_t offset, cudaMemcpyKind kind, bool to_symbol);
cudaError_t copy_symbol_async(void* symbol, std::size_t symbol_size, void* other, std::size_t count,
                              std::size_t offset, cudaMemcpyKind kind, bool to_symbol, cudaStream_t stream);
cudaError_t func_attributes(cudaFuncAttributes* attr, const void* kernel);
cudaError_t func_set_attribute(const void* kernel, cudaFuncAttribute attr, int value);
cudaError_t func_set_cache_config(const void* kernel, cudaFuncCache config);
cudaError_t occupancy_blocks_per_sm(int* numBlocks, const void* kernel, int blockSize, std::size_t dynamicSMemSize,
                                    unsigned int flags);
}  // namespace cusim::detail

CUSIM_HOST_ONLY_BEGIN
// __constant__ and __device__ variables are ordinary objects on the simulator; these copy into
// and out of them with CUDA's bounds and direction checks.
template <class T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, std::size_t count, std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cusim::detail::copy_symbol(const_cast<std::remove_cv_t<T>*>(&symbol), sizeof(T), const_cast<void*>(src),
                                    count, offset, kind, true);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t count, std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cusim::detail::copy_symbol(const_cast<T*>(&symbol), sizeof(T), dst, count, offset, kind, false);
}

// The same, ordered in `stream` and returning at once (cudaMemcpyToSymbolAsync, ...FromSymbolAsync).
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* src, std::size_t count, std::size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) {
  return cusim::detail::copy_symbol_async(const_cast<std::remove_cv_t<T>*>(&symbol), sizeof(T), const_cast<void*>(src),
                                          count, offset, kind, true, stream);
}
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, std::size_t count, std::size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0) {
  return cusim::detail::copy_symbol_async(const_cast<T*>(&symbol), sizeof(T), dst, count, offset, kind, false, stream);
}
template <class T>
cudaError_t cudaGetSymbolSize(std::size_t* size, const T& symbol) {
  if (!size) return cudaErrorInvalidValue;
  *size = sizeof(symbol);
  return cudaSuccess;
}

// A __device__ or __constant__ variable's device address (on the simulator, the object itself).
template <class T>
cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
  if (!devPtr) return cudaErrorInvalidValue;
  *devPtr = const_cast<T*>(&symbol);
  return cudaSuccess;
}

CUSIM_HOST_ONLY_END
// The function-attribute and occupancy calls take a kernel or its address as a void*, as CUDA's
// templates do.
CUSIM_HOST_ONLY_BEGIN
template <class T>
cudaError_t cudaFuncSetAttribute(T kernel, cudaFuncAttribute attr, int value) {
  return cusim::detail::func_set_attribute((const void*)kernel, attr, value);
}
CUSIM_HOST_ONLY_END
template <class T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T kernel) {
  return cusim::detail::func_attributes(attr, (const void*)kernel);
}
// The L1/shared split is the hardware's business; every preference is accepted, as on CUDA.
template <class T>
cudaError_t cudaFuncSetCacheConfig(T kernel, cudaFuncCache cacheConfig) {
  return cusim::detail::func_set_cache_config((const void*)kernel, cacheConfig);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T kernel,
                                                                   int blockSize, std::size_t dynamicSMemSize,
                                                                   unsigned int flags) {
  return cusim::detail::occupancy_blocks_per_sm(numBlocks, (const void*)kernel, blockSize,
                                                dynamicSMemSize, flags);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T kernel, int blockSize,
                                                          std::size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, kernel, blockSize, dynamicSMemSize,
                                                                cudaOccupancyDefault);
}
// CUDA's algorithm (its cuda_runtime.h): every block size from the limit rounded up to the warp
// size down in warp steps, keeping the one with the most resident threads per SM (the first found
// on a tie, stopping at a full SM), with the dynamic shared memory `block_to_smem(size)` asks for.
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* minGridSize, int* blockSize,
                                                                    T kernel,
                                                                    UnaryFunction block_to_smem, int blockSizeLimit = 0,
                                                                    unsigned int flags = cudaOccupancyDefault) {
  if (!minGridSize || !blockSize || !kernel) return cudaErrorInvalidValue;
  int device = 0, per_sm = 0, warp = 0, per_block = 0, sms = 0;
  cudaFuncAttributes attr;
  if (cudaError_t e = cudaGetDevice(&device)) return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device)) return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device)) return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&per_block, cudaDevAttrMaxThreadsPerBlock, device)) return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device)) return e;
  if (cudaError_t e = cudaFuncGetAttributes(&attr, kernel)) return e;
  int limit = blockSizeLimit == 0 ? per_block : blockSizeLimit;
  if (per_block < limit) limit = per_block;
  if (attr.maxThreadsPerBlock < limit) limit = attr.maxThreadsPerBlock;
  int best_size = 0, best_blocks = 0, best_threads = 0;
  for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
    const int size = limit < aligned ? limit : aligned;
    int blocks = 0;
    if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &blocks, kernel, size, static_cast<std::size_t>(block_to_smem(size)), flags))
      return e;
    if (size * blocks > best_threads) best_size = size, best_blocks = blocks, best_threads = size * blocks;
    if (best_threads == per_sm) break;
  }
  *minGridSize = best_blocks * sms;
  *blockSize = best_size;
  return cudaSuccess;
}
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, T kernel,
                                                           UnaryFunction block_to_smem, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, kernel, block_to_smem,
                                                                 blockSizeLimit, cudaOccupancyDefault);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* minGridSize, int* blockSize, T kernel,
                                                        std::size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                                        unsigned int flags = cudaOccupancyDefault) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, kernel, [dynamicSMemSize](int) { return dynamicSMemSize; }, blockSizeLimit, flags);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T kernel,
                                               std::size_t dynamicSMemSize = 0, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, kernel, dynamicSMemSize, blockSizeLimit,
                                                     cudaOccupancyDefault);
}

namespace cusim {

// Which ready thread runs next inside a block (and which block next, with one worker).
// interleaved: also switch threads at every memory access (checked build), so that unsynchronised
// read-modify-writes lose updates as they do on a GPU.
enum class Schedule { in_order, reverse, random, interleaved };

// The checkers (CUSIM_CHECK), as bits of Settings::checks: cusim::Checks::racecheck, ...
struct Checks {
  static constexpr unsigned none = 0, memcheck = 1, racecheck = 2, initcheck = 4, synccheck = 8, all = 15;
};

// The simulator's live configuration, read once from the CUSIM_* environment variables
// (docs/CONFIGURATION.md) and adjustable by programs and tests between launches.
struct Settings {
  unsigned workers;            // CUSIM_WORKERS: OS threads running blocks (1 = deterministic)
  Schedule schedule;           // CUSIM_SCHEDULE: in-order | reverse | random
  unsigned long long seed;     // CUSIM_SEED: seed of the random schedule
  std::size_t stack_bytes;     // CUSIM_STACK_KB: stack of each simulated thread
  std::string device;          // CUSIM_DEVICE: device profile (h100, a100, t4)
  unsigned checks;             // CUSIM_CHECK: cusim::Checks bits
  std::string stats;           // CUSIM_STATS: "0", "1" (or "stderr"), "json:<file>" (docs/STATS.md)
  std::string access_map;      // CUSIM_ACCESS_MAP: "<allocation>:<prefix>[,options]", or "" (docs/STATS.md)
  double timeout;              // CUSIM_TIMEOUT: seconds a launch may run before it is ended (0: no limit)
};
Settings& settings();

// The statistics of the latest launch that finished while statistics were on (Settings::stats
// not "0"); none before the first. Synchronise first (cudaDeviceSynchronize): launches are
// asynchronous.
std::optional<LaunchStats> last_launch_stats();

// Gives the device allocation that holds `p` a name, by which statistics name it and
// CUSIM_ACCESS_MAP selects it (docs/STATS.md). The name goes when the allocation is freed.
void name_allocation(const void* p, const char* name);

// A finding of the simulator, as data: its kind (e.g. "race-raw"), the CUDA error it ended the
// launch with (cudaSuccess for findings that do not end it: races, uninitialised reads), where,
// and its compiler-style rendering.
struct Finding {
  std::string kind;
  cudaError_t error;
  std::string kernel;
  std::string text;
  std::string space;        // "global", "shared" or empty: the memory the access was to
  std::string file;         // primary site ("" when unknown)
  unsigned line = 0;
  std::string other_file;   // the other access of a race, or the related site
  unsigned other_line = 0;
  unsigned count = 1;       // how many times it happened (findings are deduplicated by kind and sites)
  std::string relation;     // a race's threads: "same-warp", "different-warps" or "different-blocks"
};
// Every finding since the last clear_findings() or take_findings(), in the order they were made.
std::vector<Finding> findings();
void clear_findings();
// findings() and clear_findings() in one step. Findings a program takes are its own business:
// only those left untaken at exit set the exit status (CUSIM_ERROR_EXITCODE).
std::vector<Finding> take_findings();

}  // namespace cusim
