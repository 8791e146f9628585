// Where trace records are kept until the file is written: one buffer per OS thread that records
// (workers, stream threads, program threads), so that recording takes no lock; all of them
// together hold at most CUSIM_TRACE_LIMIT records. Once the limit is reached, later records are
// dropped and counted, and a warning is printed once.
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "sim/trace/record.hpp"

namespace cusim::sim::trace {

class Buffers;

// The records of one OS thread. Only that thread appends; the writer reads them at exit.
class ThreadBuffer {
 public:
  // Appends `r` if the limit allows (else counts it as dropped).
  void add(const Record& r) {
    if (quota_ == 0 && !refill()) return;
    --quota_;
    records_.push_back(r);
  }
  // Takes room for one record without storing it (a launch, kept in the launch table).
  bool reserve_one() {
    if (quota_ == 0 && !refill()) return false;
    --quota_;
    return true;
  }
  const std::vector<Record>& records() const { return records_; }

  // This thread's worker index (assigned when it first runs a block) and host index (when it
  // first calls the runtime); ~0u until then.
  std::uint32_t worker = ~0u;
  std::uint32_t host = ~0u;

 private:
  friend class Buffers;
  explicit ThreadBuffer(Buffers& owner) : owner_(owner) {}
  bool refill();

  Buffers& owner_;
  std::uint64_t quota_ = 0;  // records this buffer may still add without asking
  std::vector<Record> records_;
};

class Buffers {
 public:
  explicit Buffers(std::uint64_t limit) : limit_(limit) {}
  Buffers(const Buffers&) = delete;
  Buffers& operator=(const Buffers&) = delete;

  // The calling OS thread's buffer (made and registered on first use).
  ThreadBuffer& mine();
  // Every buffer made so far (the writer's view; call when recording has stopped).
  std::vector<const ThreadBuffer*> all() const;
  std::uint64_t limit() const { return limit_; }
  std::uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }
  // Counts one dropped record (warns on the first).
  void drop();
  // The next worker or host index.
  std::uint32_t next_worker() { return workers_.fetch_add(1, std::memory_order_relaxed); }
  std::uint32_t next_host() { return hosts_.fetch_add(1, std::memory_order_relaxed); }

 private:
  friend class ThreadBuffer;
  // Grants up to `want` records of the limit; 0 when it is used up.
  std::uint64_t grant(std::uint64_t want);

  const std::uint64_t limit_;
  std::atomic<std::uint64_t> granted_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::uint32_t> workers_{0}, hosts_{0};
};

}  // namespace cusim::sim::trace
