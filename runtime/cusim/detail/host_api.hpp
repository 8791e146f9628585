// Host-side API on the simulator: CUDA runtime calls with CUDA's names, signatures and error
// codes, plus cusim's own settings and findings.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "cusim/detail/launch_stats.hpp"
#include "cusim/detail/types.hpp"

struct cudaDeviceProp {
  char name[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  std::size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  std::size_t sharedMemPerMultiprocessor;
  std::size_t sharedMemPerBlockOptin;
  int regsPerMultiprocessor;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int maxBlocksPerMultiProcessor;
  std::size_t reservedSharedMemPerBlock;
};

const char* cudaGetErrorName(cudaError_t error);
const char* cudaGetErrorString(cudaError_t error);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();

cudaError_t cudaMalloc(void** devPtr, std::size_t size);
cudaError_t cudaMallocManaged(void** devPtr, std::size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void** ptr, std::size_t size);
cudaError_t cudaFree(void* devPtr);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemset(void* devPtr, int value, std::size_t count);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemsetAsync(void* devPtr, int value, std::size_t count, cudaStream_t stream = 0);

cudaError_t cudaStreamCreate(cudaStream_t* pStream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);

cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

// Typed conveniences, as CUDA's runtime header offers them. Always inlined, so that findings
// about the call name the program's line.
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMalloc(T** devPtr, std::size_t size) {
  return cudaMalloc(reinterpret_cast<void**>(devPtr), size);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocManaged(T** devPtr, std::size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(reinterpret_cast<void**>(devPtr), size, flags);
}
template <class T>
[[gnu::always_inline]] inline cudaError_t cudaMallocHost(T** ptr, std::size_t size) {
  return cudaMallocHost(reinterpret_cast<void**>(ptr), size);
}

namespace cusim::detail {
cudaError_t copy_symbol(void* symbol, std::size_t symbol_size, void* host, std::size_t count,
                        std::size_t offset, cudaMemcpyKind kind, bool to_symbol);
cudaError_t set_max_dynamic_shared(const void* kernel, int bytes);
}  // namespace cusim::detail

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

// A __device__ or __constant__ variable's device address (on the simulator, the object itself).
template <class T>
cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
  if (!devPtr) return cudaErrorInvalidValue;
  *devPtr = const_cast<T*>(&symbol);
  return cudaSuccess;
}

template <class... Params>
cudaError_t cudaFuncSetAttribute(void (*kernel)(Params...), cudaFuncAttribute attr, int value) {
  if (attr == cudaFuncAttributePreferredSharedMemoryCarveout) return cudaSuccess;
  if (attr != cudaFuncAttributeMaxDynamicSharedMemorySize) return cudaErrorInvalidValue;
  return cusim::detail::set_max_dynamic_shared(reinterpret_cast<const void*>(kernel), value);
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
