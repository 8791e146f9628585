// A fuzzer of the runtime API (issue F4): random sequences of valid and invalid calls (allocations
// of every size, frees of live, freed, interior and host pointers, copies and memsets over ranges
// in and past their allocations, streams and events live and destroyed, launches with valid and
// invalid configurations on any of them, device resets), each sequence from a seed that the
// report prints, so that any failure reruns exactly: `runtime_fuzz --seed N`.
//
// The driver runs each seed in a process of its own (this program again) and counts as a failure
// a process that a signal ends (a crash), that outlives its time limit (a hang), or that exits
// with kInvariantBroken: a call returned a code that CUDA does not give for it, or a correct
// kernel on live memory computed the wrong thing.
//
//   runtime_fuzz [--seeds FIRST:COUNT] [--ops N] [--seconds S] [--limit SECONDS_PER_SEED]
//   runtime_fuzz --seed N [--ops N]      one sequence, in this process
//
// Built by CMake as build/tests/runtime_fuzz (checked build); CTest's test_fuzz_runtime runs it
// for 60 s from seed 1 (docs/RELIABILITY.md). By hand: build/bin/cusim-nvcc -O2
// tools/fuzz/runtime_fuzz.cu -o runtime_fuzz.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

constexpr int kInvariantBroken = 70;

__global__ void fill(int* data, int n, int value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = value + i;
}

__global__ void fill_shared(int* data, int n) {
  extern __shared__ int staged[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i;
  __syncthreads();
  if (i < n) data[i] = staged[threadIdx.x];
}

struct Allocation {
  int* p = nullptr;
  std::size_t bytes = 0;
  bool live = false;
  int kind = 0;  // 0 cudaMalloc, 1 cudaMallocManaged, 2 cudaMallocHost
};

class Sequence {
 public:
  Sequence(std::uint64_t seed, int ops) : rng_(seed), seed_(seed), ops_(ops) {}

  int run() {
    for (int op = 0; op < ops_; ++op) {
      op_ = op;
      step();
    }
    cudaDeviceSynchronize();
    return failures_ ? kInvariantBroken : 0;
  }

 private:
  std::mt19937_64 rng_;
  std::uint64_t seed_;
  int ops_;
  int op_ = 0;
  int failures_ = 0;
  std::vector<Allocation> allocations_;
  std::vector<cudaStream_t> streams_{nullptr};  // the default stream, live ones and destroyed ones
  std::vector<cudaEvent_t> events_;
  std::vector<char> host_ = std::vector<char>(1 << 16);

  std::uint64_t below(std::uint64_t n) { return n ? rng_() % n : 0; }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

  // A code CUDA does not give for this call, or that the sequence cannot explain.
  void expect(cudaError_t got, std::initializer_list<cudaError_t> allowed, const char* call) {
    for (cudaError_t e : allowed)
      if (got == e) return;
    // After a kernel's fault the context is unusable until cudaDeviceReset: every call may say so.
    if (got == cudaErrorIllegalAddress || got == cudaErrorLaunchFailure || got == cudaErrorMisalignedAddress ||
        got == cudaErrorLaunchTimeout || got == cudaErrorAssert)
      return;
    std::printf("seed %llu op %d: %s returned %s\n", static_cast<unsigned long long>(seed_), op_, call,
                cudaGetErrorName(got));
    ++failures_;
  }

  Allocation* any_allocation() { return allocations_.empty() ? nullptr : &allocations_[below(allocations_.size())]; }

  std::size_t any_size() {
    switch (below(6)) {
      case 0: return 0;
      case 1: return 1 + below(16);
      case 2: return 1 + below(4096);
      case 3: return 1 + below(1 << 20);
      // 1 GiB to 256 TiB: up to the device's memory (80 GB), then beyond it.
      case 4: return std::size_t(1) << (30 + below(19));
      default: return 4 * (1 + below(1024));
    }
  }

  void step() {
    switch (below(14)) {
      case 0: allocate(); break;
      case 1: release(); break;
      case 2: copy(); break;
      case 3: memset(); break;
      case 4: launch(); break;
      case 5: launch(); break;
      case 6: stream(); break;
      case 7: event(); break;
      case 8: expect(cudaDeviceSynchronize(), {cudaSuccess}, "cudaDeviceSynchronize"); break;
      case 9: cudaGetLastError(); break;
      case 10: check_live_memory(); break;
      case 11: if (chance(10)) reset(); break;
      case 12: allocate(); break;
      default: copy(); break;
    }
  }

  void allocate() {
    Allocation a;
    a.kind = static_cast<int>(below(3));
    a.bytes = any_size();
    void* p = nullptr;
    cudaError_t e = a.kind == 0 ? cudaMalloc(&p, a.bytes) : a.kind == 1 ? cudaMallocManaged(&p, a.bytes) : cudaMallocHost(&p, a.bytes);
    expect(e, {cudaSuccess, cudaErrorMemoryAllocation, cudaErrorInvalidValue}, "an allocation");
    if (e == cudaSuccess && p) {
      a.p = static_cast<int*>(p);
      a.live = true;
      allocations_.push_back(a);
    }
  }

  void release() {
    Allocation* a = any_allocation();
    const int how = static_cast<int>(below(5));
    int host = 0;
    void* target = how == 0 || !a ? static_cast<void*>(&host) : how == 1 ? nullptr : how == 2 && a->bytes > 8 ? static_cast<void*>(a->p + 1) : a->p;
    const bool host_kind = a && a->kind == 2 && how >= 3;
    const cudaError_t e = host_kind ? cudaFreeHost(target) : cudaFree(target);
    expect(e, {cudaSuccess, cudaErrorInvalidValue, cudaErrorInvalidDevicePointer}, "a free");
    if (e == cudaSuccess && a && target == a->p) a->live = false;
  }

  void copy() {
    Allocation* a = any_allocation();
    if (!a) return;
    const std::size_t offset = below(a->bytes + 64);
    const std::size_t count = std::min<std::size_t>(below(host_.size()), chance(80) ? (a->bytes > offset ? a->bytes - offset : 0) : host_.size());
    char* device = reinterpret_cast<char*>(a->p) + offset;
    const auto kind = static_cast<cudaMemcpyKind>(below(5));
    cudaError_t e = cudaSuccess;
    // The host side is always this sequence's own buffer, in bounds: the runtime checks device
    // ranges, and a host range past its buffer would be the fuzzer's own bug.
    if (kind == cudaMemcpyHostToHost) e = cudaMemcpy(host_.data(), host_.data() + count / 2, count / 2, kind);
    else if (kind == cudaMemcpyDeviceToHost) e = cudaMemcpy(host_.data(), device, count, kind);
    else if (kind == cudaMemcpyDeviceToDevice) {
      Allocation* b = any_allocation();
      e = cudaMemcpyAsync(b->p, device, std::min(count, b->bytes), kind, any_stream());
    } else e = cudaMemcpy(device, host_.data(), count, kind);
    expect(e, {cudaSuccess, cudaErrorInvalidValue, cudaErrorInvalidMemcpyDirection, cudaErrorInvalidResourceHandle}, "a copy");
  }

  void memset() {
    Allocation* a = any_allocation();
    if (!a) return;
    // Within 1 MiB of the end or of the start: a memset of a whole huge allocation would write
    // gigabytes of the host's memory.
    const std::size_t window = std::min<std::size_t>(a->bytes, 1 << 20);
    const std::size_t offset = chance(50) ? below(window + 16) : a->bytes - window + below(window + 16);
    const std::size_t count = below(window + 16);
    const cudaError_t e = chance(50) ? cudaMemset(reinterpret_cast<char*>(a->p) + offset, int(below(256)), count)
                                     : cudaMemsetAsync(reinterpret_cast<char*>(a->p) + offset, 0, count, any_stream());
    expect(e, {cudaSuccess, cudaErrorInvalidValue, cudaErrorInvalidResourceHandle}, "a memset");
  }

  cudaStream_t any_stream() { return streams_[below(streams_.size())]; }

  // Mostly valid; else a size CUDA refuses (0, past the block's or the grid's limit) or a z of 0.
  dim3 any_dim(unsigned limit, std::initializer_list<unsigned> bad) {
    if (chance(85)) return dim3(static_cast<unsigned>(1 + below(limit)));
    return dim3(*(bad.begin() + below(bad.size())), static_cast<unsigned>(1 + below(2)), chance(80) ? 1u : 0u);
  }

  void launch() {
    Allocation* a = any_allocation();
    if (!a) return;
    const dim3 block = any_dim(256, {0u, 1025u, 2048u, 0xffffffffu}), grid = any_dim(64, {0u, 0x80000000u, 0xffffffffu});
    const int n = static_cast<int>(std::min<std::size_t>(a->bytes / sizeof(int), 1u << 20));
    const cudaStream_t s = any_stream();
    cudaGetLastError();  // the launch's own error, below, not an earlier call's
    if (chance(50)) {
      // On freed memory, now and then, the whole range: a use-after-free, whose sticky error the
      // calls after it must report until a reset.
      fill<<<grid, block, 0, s>>>(a->p, a->live || chance(20) ? n : 0, static_cast<int>(below(100)));
    } else {
      const std::size_t shared = chance(90) ? block.x * sizeof(int) : std::size_t(1) << (10 + below(10));
      fill_shared<<<grid, block, shared, s>>>(a->p, a->live ? n : 0);
    }
    expect(cudaGetLastError(), {cudaSuccess, cudaErrorInvalidValue, cudaErrorInvalidConfiguration, cudaErrorInvalidResourceHandle, cudaErrorNotSupported}, "a launch");
  }

  void stream() {
    switch (below(4)) {
      case 0: {
        cudaStream_t s = nullptr;
        expect(cudaStreamCreateWithFlags(&s, chance(50) ? cudaStreamNonBlocking : cudaStreamDefault), {cudaSuccess}, "cudaStreamCreate");
        if (s) streams_.push_back(s);
        break;
      }
      case 1:
        expect(cudaStreamDestroy(any_stream()), {cudaSuccess, cudaErrorInvalidResourceHandle}, "cudaStreamDestroy");
        break;
      case 2:
        expect(cudaStreamSynchronize(any_stream()), {cudaSuccess, cudaErrorInvalidResourceHandle}, "cudaStreamSynchronize");
        break;
      default:
        expect(cudaStreamQuery(any_stream()), {cudaSuccess, cudaErrorNotReady, cudaErrorInvalidResourceHandle}, "cudaStreamQuery");
    }
  }

  void event() {
    cudaEvent_t e = events_.empty() ? nullptr : events_[below(events_.size())];
    switch (below(5)) {
      case 0: {
        cudaEvent_t made = nullptr;
        expect(cudaEventCreate(&made), {cudaSuccess}, "cudaEventCreate");
        if (made) events_.push_back(made);
        break;
      }
      case 1: expect(cudaEventRecord(e, any_stream()), {cudaSuccess, cudaErrorInvalidResourceHandle}, "cudaEventRecord"); break;
      case 2: expect(cudaEventSynchronize(e), {cudaSuccess, cudaErrorInvalidResourceHandle}, "cudaEventSynchronize"); break;
      case 3: expect(cudaEventDestroy(e), {cudaSuccess, cudaErrorInvalidResourceHandle}, "cudaEventDestroy"); break;
      default: {
        float ms = 0;
        cudaEvent_t other = events_.empty() ? nullptr : events_[below(events_.size())];
        expect(cudaEventElapsedTime(&ms, e, other), {cudaSuccess, cudaErrorInvalidResourceHandle, cudaErrorNotReady}, "cudaEventElapsedTime");
      }
    }
  }

  // A correct kernel on live device memory computes what it should, whatever came before (once
  // the context is usable).
  void check_live_memory() {
    if (cudaDeviceSynchronize() != cudaSuccess) return;
    for (Allocation& a : allocations_) {
      if (!a.live || a.kind != 0 || a.bytes < 64 * sizeof(int)) continue;
      fill<<<2, 32>>>(a.p, 64, 7);
      int back[64] = {};
      if (cudaMemcpy(back, a.p, sizeof back, cudaMemcpyDeviceToHost) != cudaSuccess) return;
      for (int i = 0; i < 64; ++i)
        if (back[i] != 7 + i) {
          std::printf("seed %llu op %d: a correct kernel wrote %d at %d, not %d\n", static_cast<unsigned long long>(seed_),
                      op_, back[i], i, 7 + i);
          ++failures_;
          return;
        }
      return;
    }
  }

  void reset() {
    expect(cudaDeviceReset(), {cudaSuccess}, "cudaDeviceReset");
    for (Allocation& a : allocations_)
      if (a.kind != 2) a.live = false;  // the stale pointers stay, to be freed and used again
  }
};

// Runs `seed` in a child process: what ended it.
const char* run_child(const char* self, std::uint64_t seed, int ops, int limit_seconds) {
  const std::string seed_text = std::to_string(seed), ops_text = std::to_string(ops);
  const char* argv[] = {self, "--seed", seed_text.c_str(), "--ops", ops_text.c_str(), nullptr};
  // The sequences make findings on purpose: their reports would drown the driver's.
  std::vector<char*> env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "CUSIM_QUIET=", 12) != 0 && std::strncmp(*e, "CUSIM_REPORT=", 13) != 0) env.push_back(*e);
  env.push_back(const_cast<char*>("CUSIM_QUIET=1"));
  env.push_back(nullptr);
  pid_t child = 0;
  if (posix_spawn(&child, self, nullptr, nullptr, const_cast<char**>(argv), env.data()) != 0) return "could not start";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limit_seconds);
  int status = 0;
  for (;;) {
    if (waitpid(child, &status, WNOHANG) == child) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return "hang";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFSIGNALED(status)) return strsignal(WTERMSIG(status));
  if (WEXITSTATUS(status) == kInvariantBroken) return "invariant broken";
  return nullptr;  // 0, or the exit status of findings the sequence made on purpose
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t first = 1, count = 100, single = 0;
  int ops = 200, limit = 60;
  double seconds = 0;
  bool one = false;
  for (int i = 1; i < argc; i += 2) {
    const std::string flag = i + 1 < argc ? argv[i] : "", value = i + 1 < argc ? argv[i + 1] : "";
    if (flag == "--seed") one = true, single = std::stoull(value);
    else if (flag == "--ops") ops = std::stoi(value);
    else if (flag == "--seeds" && value.find(':') != std::string::npos) {
      first = std::stoull(value.substr(0, value.find(':')));
      count = std::stoull(value.substr(value.find(':') + 1));
    } else if (flag == "--seconds") seconds = std::stod(value);
    else if (flag == "--limit") limit = std::stoi(value);
    else {
      std::fprintf(stderr, "usage: %s [--seeds FIRST:COUNT] [--ops N] [--seconds S] [--limit S] | --seed N [--ops N]\n", argv[0]);
      return 2;
    }
  }
  if (one) return Sequence(single, ops).run();
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t ran = 0, failed = 0;
  for (std::uint64_t seed = first; seconds > 0 || seed < first + count; ++seed) {
    if (seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds) break;
    ++ran;
    if (const char* why = run_child("/proc/self/exe", seed, ops, limit)) {
      ++failed;
      std::printf("FAILED seed %llu (%s): rerun with %s --seed %llu --ops %d\n", static_cast<unsigned long long>(seed), why,
                  argv[0], static_cast<unsigned long long>(seed), ops);
    }
  }
  std::printf("runtime_fuzz: %llu sequences of %d calls, %llu failed\n", static_cast<unsigned long long>(ran), ops,
              static_cast<unsigned long long>(failed));
  return failed ? 1 : 0;
}
