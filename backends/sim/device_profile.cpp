#include "backends/sim/device_profile.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>

namespace cusim::backend {
namespace {

struct Profile {
  const char* key;
  DeviceProfile device;
};

// The values that differ between the profiles; the rest are the same on every one (CUDA's
// limits for compute capabilities 7.5 to 9.0, as deviceQuery reports them on these boards).
struct Board {
  const char* name;
  std::size_t memory;
  int major, minor, sms, threads_per_sm;
  std::size_t smem_optin, smem_per_sm;
  int clock_khz, memory_clock_khz, bus_bits, l2, persisting_l2, async_engines, single_to_double;
  unsigned pci_device_id;
};

template <std::size_t N>
void set(int (&field)[N], std::initializer_list<int> values) {
  std::copy(values.begin(), values.end(), field);
}

DeviceProfile make(const Board& b) {
  DeviceProfile d{};
  cudaDeviceProp& p = d.prop;
  std::snprintf(p.name, sizeof p.name, "%s", b.name);
  p.totalGlobalMem = b.memory;
  p.sharedMemPerBlock = 48 * 1024;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  set(p.maxThreadsDim, {1024, 1024, 64});
  set(p.maxGridSize, {2147483647, 65535, 65535});
  p.totalConstMem = 64 * 1024;
  p.major = b.major;
  p.minor = b.minor;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.multiProcessorCount = b.sms;
  p.integrated = 0;
  p.canMapHostMemory = 1;
  p.maxTexture1D = 131072;
  p.maxTexture1DMipmap = 32768;
  set(p.maxTexture2D, {131072, 65536});
  set(p.maxTexture2DMipmap, {32768, 32768});
  set(p.maxTexture2DLinear, {131072, 65000, 2097120});
  set(p.maxTexture2DGather, {32768, 32768});
  set(p.maxTexture3D, {16384, 16384, 16384});
  set(p.maxTexture3DAlt, {8192, 8192, 32768});
  p.maxTextureCubemap = 32768;
  set(p.maxTexture1DLayered, {32768, 2048});
  set(p.maxTexture2DLayered, {32768, 32768, 2048});
  set(p.maxTextureCubemapLayered, {32768, 2046});
  p.maxSurface1D = 32768;
  set(p.maxSurface2D, {131072, 65536});
  set(p.maxSurface3D, {16384, 16384, 16384});
  set(p.maxSurface1DLayered, {32768, 2048});
  set(p.maxSurface2DLayered, {32768, 32768, 2048});
  p.maxSurfaceCubemap = 32768;
  set(p.maxSurfaceCubemapLayered, {32768, 2046});
  p.surfaceAlignment = 512;
  p.concurrentKernels = 1;  // streams run concurrently
  p.ECCEnabled = 0;
  p.pciBusID = 0;
  p.pciDeviceID = 0;
  p.asyncEngineCount = b.async_engines;
  p.unifiedAddressing = 1;  // one address space: device memory is host memory
  p.memoryBusWidth = b.bus_bits;
  p.l2CacheSize = b.l2;
  p.persistingL2CacheMaxSize = b.persisting_l2;
  p.maxThreadsPerMultiProcessor = b.threads_per_sm;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = b.smem_per_sm;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.hostNativeAtomicSupported = 0;
  p.pageableMemoryAccess = 0;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = b.smem_optin;
  p.maxBlocksPerMultiProcessor = b.major >= 8 ? 32 : 16;
  p.accessPolicyMaxWindowSize = b.major >= 8 ? 134213632 : 0;
  p.reservedSharedMemPerBlock = b.major >= 8 ? 1024 : 0;
  p.hostRegisterSupported = 1;
  p.sparseCudaArraySupported = 1;
  p.hostRegisterReadOnlySupported = 1;
  p.timelineSemaphoreInteropSupported = 1;
  p.memoryPoolsSupported = 1;
  p.memoryPoolSupportedHandleTypes = 1;  // cudaMemHandleTypePosixFileDescriptor
  p.deferredMappingCudaArraySupported = b.major >= 8;
  p.ipcEventSupported = 1;
  p.clusterLaunch = b.major >= 9;
  p.unifiedFunctionPointers = 0;
  p.deviceNumaConfig = 0;
  p.deviceNumaId = -1;
  p.hostNumaId = -1;
  p.gpuPciDeviceID = b.pci_device_id;
  d.clock_khz = b.clock_khz;
  d.memory_clock_khz = b.memory_clock_khz;
  d.compute_mode = 0;
  d.kernel_exec_timeout = 0;
  d.max_texture_1d_linear = 268435456;
  d.single_to_double_ratio = b.single_to_double;
  d.mem_sync_domains = b.major >= 9 ? 4 : 1;
  return d;
}

const Profile kProfiles[] = {
    {"h100", make({"NVIDIA H100 80GB HBM3", 85029158912ull, 9, 0, 132, 2048, 232448, 233472, 1980000, 2619000, 5120,
                   52428800, 32505856, 3, 2, 0x233010de})},
    {"a100", make({"NVIDIA A100-SXM4-40GB", 42505273344ull, 8, 0, 108, 2048, 166912, 167936, 1410000, 1215000, 5120,
                   41943040, 31457280, 3, 2, 0x20b010de})},
    {"t4", make({"Tesla T4", 15843721216ull, 7, 5, 40, 1024, 65536, 65536, 1590000, 5001000, 256, 4194304, 0, 3, 32,
                 0x1eb810de})},
};

}  // namespace

const DeviceProfile& active_device() {
  const std::string& want = cusim::settings().device;
  for (const Profile& p : kProfiles)
    if (want == p.key) return p.device;
  static bool warned = false;
  if (!warned) {
    warned = true;
    std::fprintf(stderr, "cusim: warning: unknown CUSIM_DEVICE=%s; using h100 (known: h100, a100, t4)\n", want.c_str());
  }
  return kProfiles[0].device;
}

std::uint64_t resident_blocks(const cudaDeviceProp& dev, unsigned threads, std::size_t shared_bytes) {
  const unsigned warps = (threads + 31) / 32;
  std::uint64_t per_sm = static_cast<std::uint64_t>(dev.maxBlocksPerMultiProcessor);
  if (warps) per_sm = std::min<std::uint64_t>(per_sm, static_cast<unsigned>(dev.maxThreadsPerMultiProcessor) / 32 / warps);
  const std::size_t per_block = shared_bytes + dev.reservedSharedMemPerBlock;
  if (per_block) per_sm = std::min<std::uint64_t>(per_sm, dev.sharedMemPerMultiprocessor / per_block);
  return std::max<std::uint64_t>(per_sm, 1) * static_cast<std::uint64_t>(dev.multiProcessorCount);
}

}  // namespace cusim::backend
