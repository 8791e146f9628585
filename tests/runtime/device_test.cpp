// Device selection and properties (the profiles chosen by CUSIM_DEVICE), device attributes and
// the error calls.
#include <doctest/doctest.h>

#include <cstring>
#include <cusim/cusim.hpp>
#include <string>

#include "test_support.hpp"

#if CUSIM_SIMULATOR  // device profiles are the simulator's; a GPU is what it is
namespace {
// Switches the device profile for one scope.
struct ScopedDevice {
  std::string saved = cusim::settings().device;
  explicit ScopedDevice(const char* name) { cusim::settings().device = name; }
  ~ScopedDevice() { cusim::settings().device = saved; }
};
}  // namespace
#endif

TEST_CASE("one device, index 0; other indices are invalid devices") {
  int count = 0, device = -1;
  CHECK(cudaGetDeviceCount(&count) == cudaSuccess);
  CHECK(count == 1);
  CHECK(cudaGetDevice(&device) == cudaSuccess);
  CHECK(device == 0);
  CHECK(cudaSetDevice(0) == cudaSuccess);
  CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
  CHECK(cudaSetDevice(-1) == cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 1) == cudaErrorInvalidDevice);
  CHECK(cudaGetDeviceProperties(&prop, -3) == cudaErrorInvalidDevice);
  int value = 0;
  CHECK(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 2) == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetDeviceCount(nullptr) == cudaErrorInvalidValue);
  CHECK(cudaGetDevice(nullptr) == cudaErrorInvalidValue);
  CHECK(cudaGetDeviceProperties(nullptr, 0) == cudaErrorInvalidValue);
  CHECK(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0) == cudaErrorInvalidValue);
  cudaGetLastError();
}

struct Expected {
  const char* profile;
  const char* name;
  int major, minor, sms, threads_per_sm;
  std::size_t smem_optin, smem_per_sm, memory_gb;
  int clock_khz;
};

#if CUSIM_SIMULATOR  // the simulator's device profiles
TEST_CASE("device profiles report the real devices' properties") {
  const Expected devices[] = {
      {"h100", "NVIDIA H100 80GB HBM3", 9, 0, 132, 2048, 232448, 233472, 79, 1980000},
      {"a100", "NVIDIA A100-SXM4-40GB", 8, 0, 108, 2048, 166912, 167936, 39, 1410000},
      {"t4", "Tesla T4", 7, 5, 40, 1024, 65536, 65536, 14, 1590000},
  };
  for (const Expected& e : devices) {
    CAPTURE(e.profile);
    ScopedDevice use(e.profile);
    cudaDeviceProp p;
    REQUIRE(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
    CHECK(std::string(p.name) == e.name);
    CHECK(p.major == e.major);
    CHECK(p.minor == e.minor);
    CHECK(p.multiProcessorCount == e.sms);
    CHECK(p.warpSize == 32);
    CHECK(p.maxThreadsPerBlock == 1024);
    CHECK(p.maxThreadsPerMultiProcessor == e.threads_per_sm);
    CHECK(p.sharedMemPerBlock == 48 * 1024);
    CHECK(p.sharedMemPerBlockOptin == e.smem_optin);
    CHECK(p.sharedMemPerMultiprocessor == e.smem_per_sm);
    CHECK(p.regsPerBlock == 65536);
    CHECK(p.totalGlobalMem / (1ull << 30) == e.memory_gb);
    // The attributes answer the same.
    int v = 0;
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess && v == e.sms));
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess && v == e.major));
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMinor, 0) == cudaSuccess && v == e.minor));
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0) == cudaSuccess &&
           v == int(e.smem_optin)));
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerMultiProcessor, 0) == cudaSuccess &&
           v == e.threads_per_sm));
    CHECK((cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0) == cudaSuccess && v == e.clock_khz));
  }
}
#endif

__global__ void noop() {}

#if CUSIM_SIMULATOR  // the simulator's device profiles
TEST_CASE("launch validation follows the chosen profile") {
  cusim_test::FindingsGuard guard;
  ScopedDevice use("t4");
  // 64 KiB of dynamic shared memory is the T4's opt-in maximum; the H100 allows more.
  CHECK(cudaFuncSetAttribute(noop, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024 + 1) == cudaErrorInvalidValue);
  CHECK(cudaFuncSetAttribute(noop, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024) == cudaSuccess);
  CHECK(cusim::launch(noop, dim3(1), dim3(32), std::size_t(64 * 1024)) == cudaSuccess);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(cusim::launch(noop, dim3(1), dim3(32), std::size_t(64 * 1024 + 1)) == cudaErrorInvalidValue);
  CHECK(cusim::findings().back().text.find("on Tesla T4") != std::string::npos);
}
#endif

#if CUSIM_SIMULATOR  // the simulator's profile: the values compared are the profile's own
TEST_CASE("every attribute that maps to a property answers it; every attribute of CUDA 13 answers; others are invalid values") {
  cudaDeviceProp p;
  REQUIRE(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
  const std::pair<cudaDeviceAttr, int> pairs[] = {
      {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
      {cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]},
      {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
      {cudaDevAttrMaxGridDimX, p.maxGridSize[0]},
      {cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
      {cudaDevAttrMaxGridDimZ, p.maxGridSize[2]},
      {cudaDevAttrMaxSharedMemoryPerBlock, int(p.sharedMemPerBlock)},
      {cudaDevAttrTotalConstantMemory, int(p.totalConstMem)},
      {cudaDevAttrWarpSize, p.warpSize},
      {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock},
      {cudaDevAttrMaxPitch, int(p.memPitch)},
      {cudaDevAttrCanMapHostMemory, p.canMapHostMemory},
      {cudaDevAttrIntegrated, p.integrated},
      {cudaDevAttrComputeMode, cudaComputeModeDefault},
      {cudaDevAttrAsyncEngineCount, p.asyncEngineCount},
      {cudaDevAttrCooperativeLaunch, p.cooperativeLaunch},
      {cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1]},
      {cudaDevAttrMaxSurfaceCubemapLayeredLayers, p.maxSurfaceCubemapLayered[1]},
      {cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
      {cudaDevAttrReservedSharedMemoryPerBlock, int(p.reservedSharedMemPerBlock)},
      {cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth},
      {cudaDevAttrL2CacheSize, p.l2CacheSize},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor, int(p.sharedMemPerMultiprocessor)},
      {cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor},
      {cudaDevAttrConcurrentKernels, 1},
      {cudaDevAttrUnifiedAddressing, 1},
      {cudaDevAttrManagedMemory, 1},
      {cudaDevAttrConcurrentManagedAccess, 1},
  };
  for (auto [attr, expected] : pairs) {
    CAPTURE(int(attr));
    int v = -1;
    CHECK(cudaDeviceGetAttribute(&v, attr, 0) == cudaSuccess);
    CHECK(v == expected);
  }
  // Every name of CUDA 13's list answers (device_attributes.def is generated from the toolkit).
  int v = 0;
  int answered = 0;
#define CUSIM_DEVICE_ATTRIBUTE(name, number, answer) answered += cudaDeviceGetAttribute(&v, name, 0) == cudaSuccess;
#include "cusim/detail/device_attributes.def"
#undef CUSIM_DEVICE_ATTRIBUTE
  CHECK(answered == 137);
  CHECK(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(44), 0) == cudaErrorInvalidValue);  // no such attribute
  CHECK(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(1000), 0) == cudaErrorInvalidValue);
  cudaGetLastError();
}
#endif

TEST_CASE("error names and texts are CUDA's; last error is per call, peek does not clear") {
  CHECK(std::string(cudaGetErrorName(cudaErrorInvalidValue)) == "cudaErrorInvalidValue");
  CHECK(std::string(cudaGetErrorString(cudaErrorInvalidValue)) == "invalid argument");
  CHECK(std::string(cudaGetErrorString(cudaErrorMemoryAllocation)) == "out of memory");
  CHECK(std::string(cudaGetErrorString(cudaErrorInvalidResourceHandle)) == "invalid resource handle");
  CHECK(std::string(cudaGetErrorString(cudaErrorNotReady)) == "device not ready");
  CHECK(std::string(cudaGetErrorName(cudaSuccess)) == "cudaSuccess");
  CHECK(std::string(cudaGetErrorString(static_cast<cudaError_t>(12345))) == "unrecognized error code");
  CHECK(std::string(cudaGetErrorName(static_cast<cudaError_t>(12345))) == "unrecognized error code");
  CHECK(std::string(cudaGetErrorName(cudaErrorHostMemoryAlreadyRegistered)) == "cudaErrorHostMemoryAlreadyRegistered");
  CHECK(std::string(cudaGetErrorString(cudaErrorCooperativeLaunchTooLarge)) ==
        "too many blocks in cooperative launch");
  CHECK(cudaSetDevice(5) == cudaErrorInvalidDevice);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidDevice);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(cudaPeekAtLastError() == cudaSuccess);
}
