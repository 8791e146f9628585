#include "sim/trace/launches.hpp"

namespace cusim::sim::trace {

std::uint32_t Launches::stream_index_locked(const void* stream) {
  // The legacy default stream has two spellings (0 and cudaStreamLegacy): one track.
  if (stream == reinterpret_cast<const void*>(0x1)) stream = nullptr;
  for (std::uint32_t i = 0; i < streams_.size(); ++i)
    if (streams_[i] == stream) return i;
  streams_.push_back(stream);
  return static_cast<std::uint32_t>(streams_.size() - 1);
}

std::uint32_t Launches::stream_index(const void* stream) {
  std::lock_guard<std::mutex> lock(m_);
  return stream_index_locked(stream);
}

std::uint32_t Launches::add(const void* kernel, dim3 grid, dim3 block, std::size_t dynamic_shared, const void* stream) {
  std::lock_guard<std::mutex> lock(m_);
  LaunchEntry e;
  e.kernel = kernel;
  e.grid = grid;
  e.block = block;
  e.dynamic_shared = dynamic_shared;
  e.stream = stream_index_locked(stream);
  entries_.push_back(e);
  return static_cast<std::uint32_t>(entries_.size() - 1);
}

void Launches::complete(std::uint32_t index, std::uint64_t begin_ns, std::uint64_t end_ns, int error,
                        const char* error_name) {
  std::lock_guard<std::mutex> lock(m_);
  LaunchEntry& e = entries_[index];
  e.begin_ns = begin_ns;
  e.end_ns = end_ns;
  e.error = error;
  e.error_name = error_name;
  e.ran = true;
}

std::vector<LaunchEntry> Launches::entries() const {
  std::lock_guard<std::mutex> lock(m_);
  return entries_;
}

std::vector<const void*> Launches::streams() const {
  std::lock_guard<std::mutex> lock(m_);
  return streams_;
}

}  // namespace cusim::sim::trace
