// The trace's tracks (Chrome trace-event "threads"), their ids, names and order.
//
// Process 1 is the simulated device: one track per stream (its launches and copies), one per
// worker (an OS thread that ran blocks; tid = worker index), and under each worker, with
// CUSIM_TRACE_DETAIL=warps or threads, one track per warp index and per thread index of the
// blocks it ran. Process 2 is the host: one track per program thread that called the runtime.
#pragma once
#include <cstdint>
#include <string>

namespace cusim::sim::trace {

inline constexpr std::uint32_t kDevicePid = 1, kHostPid = 2;

inline constexpr std::uint32_t kStreamBase = 100000;    // stream s: kStreamBase + s
inline constexpr std::uint32_t kWorkerStride = 1000000;  // warp and thread tracks of worker w
inline constexpr std::uint32_t kThreadOffset = 1000;    // ... thread t: stride * (w + 1) + offset + t

inline std::uint32_t worker_track(std::uint32_t worker) { return worker; }
inline std::uint32_t stream_track(std::uint32_t stream) { return kStreamBase + stream; }
inline std::uint32_t warp_track(std::uint32_t worker, std::uint32_t warp) { return kWorkerStride * (worker + 1) + warp; }
inline std::uint32_t thread_track(std::uint32_t worker, std::uint32_t thread) {
  return kWorkerStride * (worker + 1) + kThreadOffset + thread;
}

inline bool is_stream_track(std::uint32_t tid) { return tid >= kStreamBase && tid < kWorkerStride; }

// The name of a worker's track ("worker 0", "worker 0 warp 3", "worker 0 thread 37"). Streams are
// named by the writer, which knows their handles.
inline std::string worker_track_name(std::uint32_t tid) {
  if (tid < kStreamBase) return "worker " + std::to_string(tid);
  const std::uint32_t worker = tid / kWorkerStride - 1, sub = tid % kWorkerStride;
  if (sub < kThreadOffset) return "worker " + std::to_string(worker) + " warp " + std::to_string(sub);
  return "worker " + std::to_string(worker) + " thread " + std::to_string(sub - kThreadOffset);
}

// Where a device track is listed: streams first, then each worker followed by its warps and threads.
inline std::uint64_t device_track_order(std::uint32_t tid) {
  if (tid < kStreamBase) return 1000000ull + 4096ull * tid;
  if (tid < kWorkerStride) return tid - kStreamBase;
  const std::uint64_t worker = tid / kWorkerStride - 1, sub = tid % kWorkerStride;
  return 1000000ull + 4096ull * worker + 1 + (sub < kThreadOffset ? sub : 64 + sub - kThreadOffset);
}

}  // namespace cusim::sim::trace
