#include "sim/trace/buffers.hpp"

#include <cstdio>
#include <memory>
#include <mutex>

namespace cusim::sim::trace {
namespace {
// Buffers outlive the threads that filled them (a destroyed stream's thread ends; its launches
// stay in the trace), so they are owned here, never freed: the trace is written at exit.
std::mutex registry_mutex;
std::vector<std::unique_ptr<ThreadBuffer>>& registry() {
  static auto* r = new std::vector<std::unique_ptr<ThreadBuffer>>;
  return *r;
}
}  // namespace

// A refill asks for this many records at once: one atomic per chunk, not per record.
constexpr std::uint64_t kChunk = 256;

bool ThreadBuffer::refill() {
  quota_ = owner_.grant(kChunk);
  if (quota_ == 0) {
    owner_.drop();
    return false;
  }
  return true;
}

std::uint64_t Buffers::grant(std::uint64_t want) {
  std::uint64_t have = granted_.load(std::memory_order_relaxed);
  for (;;) {
    if (have >= limit_) return 0;
    const std::uint64_t take = want < limit_ - have ? want : limit_ - have;
    if (granted_.compare_exchange_weak(have, have + take, std::memory_order_relaxed)) return take;
  }
}

void Buffers::drop() {
  if (dropped_.fetch_add(1, std::memory_order_relaxed) == 0)
    std::fprintf(stderr,
                 "cusim: warning: the trace holds its limit of %llu events (CUSIM_TRACE_LIMIT); later events are "
                 "dropped and counted in the file's otherData\n",
                 static_cast<unsigned long long>(limit_));
}

ThreadBuffer& Buffers::mine() {
  // One tracer per process: the buffer of this thread is cached for it.
  thread_local ThreadBuffer* cached = nullptr;
  if (!cached) {
    std::lock_guard<std::mutex> lock(registry_mutex);
    registry().push_back(std::unique_ptr<ThreadBuffer>(new ThreadBuffer(*this)));
    cached = registry().back().get();
  }
  return *cached;
}

std::vector<const ThreadBuffer*> Buffers::all() const {
  std::lock_guard<std::mutex> lock(registry_mutex);
  std::vector<const ThreadBuffer*> out;
  for (const auto& b : registry()) out.push_back(b.get());
  return out;
}

}  // namespace cusim::sim::trace
