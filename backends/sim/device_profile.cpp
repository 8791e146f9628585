#include "backends/sim/device_profile.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace cusim::backend {
namespace {

struct Profile {
  const char* key;
  cudaDeviceProp prop;
};

cudaDeviceProp make(const char* name, std::size_t mem, int major, int minor, int sms, int threads_per_sm,
                    std::size_t smem_optin, std::size_t smem_per_sm, int clock_khz, int mem_clock_khz, int bus_bits,
                    int l2) {
  cudaDeviceProp p{};
  std::snprintf(p.name, sizeof p.name, "%s", name);
  p.totalGlobalMem = mem;
  p.sharedMemPerBlock = 48 * 1024;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.clockRate = clock_khz;
  p.totalConstMem = 64 * 1024;
  p.major = major;
  p.minor = minor;
  p.multiProcessorCount = sms;
  p.maxThreadsPerMultiProcessor = threads_per_sm;
  p.sharedMemPerMultiprocessor = smem_per_sm;
  p.sharedMemPerBlockOptin = smem_optin;
  p.regsPerMultiprocessor = 65536;
  p.memoryClockRate = mem_clock_khz;
  p.memoryBusWidth = bus_bits;
  p.l2CacheSize = l2;
  // CUDA's limits for these architectures (the programming guide's table of compute capabilities).
  p.maxBlocksPerMultiProcessor = major >= 8 ? 32 : 16;
  p.reservedSharedMemPerBlock = major >= 8 ? 1024 : 0;
  return p;
}

const Profile kProfiles[] = {
    {"h100", make("NVIDIA H100 80GB HBM3", 85029158912ull, 9, 0, 132, 2048, 232448, 233472, 1980000, 2619000, 5120, 52428800)},
    {"a100", make("NVIDIA A100-SXM4-40GB", 42505273344ull, 8, 0, 108, 2048, 166912, 167936, 1410000, 1215000, 5120, 41943040)},
    {"t4", make("Tesla T4", 15843721216ull, 7, 5, 40, 1024, 65536, 65536, 1590000, 5001000, 256, 4194304)},
};

}  // namespace

const cudaDeviceProp& device_profile() {
  const std::string& want = cusim::settings().device;
  for (const Profile& p : kProfiles)
    if (want == p.key) return p.prop;
  static bool warned = false;
  if (!warned) {
    warned = true;
    std::fprintf(stderr, "cusim: warning: unknown CUSIM_DEVICE=%s; using h100 (known: h100, a100, t4)\n", want.c_str());
  }
  return kProfiles[0].prop;
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
