// The traced launches and the streams they ran on. A launch is entered when it is queued (its
// configuration) and completed when it has run (its time and error); blocks refer to it by index.
// Entries are bounded like records: a launch is entered only while the trace has room, and each
// entry is one kept event.
#pragma once
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "cusim/detail/types.hpp"

namespace cusim::sim::trace {

// No entry: the launch came when the trace was full.
inline constexpr std::uint32_t kNoLaunch = ~0u;

struct LaunchEntry {
  const void* kernel = nullptr;
  dim3 grid, block;
  std::size_t dynamic_shared = 0;
  std::uint32_t stream = 0;  // index into Launches::streams()
  std::uint64_t begin_ns = 0, end_ns = 0;
  int error = 0;             // the CUDA error the launch ended with
  const char* error_name = "";
  bool ran = false;          // completed (a launch skipped after a sticky error never runs)
};

class Launches {
 public:
  // Enters a queued launch; returns its index.
  std::uint32_t add(const void* kernel, dim3 grid, dim3 block, std::size_t dynamic_shared, const void* stream);
  void complete(std::uint32_t index, std::uint64_t begin_ns, std::uint64_t end_ns, int error, const char* error_name);
  // Enters work a stream ran besides launches: the stream's index.
  std::uint32_t stream_index(const void* stream);

  // Copies for the writer (call when recording has stopped).
  std::vector<LaunchEntry> entries() const;
  std::vector<const void*> streams() const;  // handles, by index

 private:
  std::uint32_t stream_index_locked(const void* stream);
  mutable std::mutex m_;
  std::vector<LaunchEntry> entries_;
  std::vector<const void*> streams_;
};

}  // namespace cusim::sim::trace
