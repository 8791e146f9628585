// One recorded trace event, packed into 48 bytes: what it is, when, on which track, and a few
// fields whose meaning depends on the kind. Names and arguments are made only when the file is
// written (trace_writer.cpp), so recording stays a few stores.
#pragma once
#include <cstdint>

namespace cusim::sim::trace {

enum class RecordKind : std::uint8_t {
  block,        // a block ran: a = block linear id, b = launch, op = 1 if it failed
  barrier,      // a block waited at a barrier (first arrival to release): a, b as block; c = threads
                // released, ptr = file, d = line of the __syncthreads()
  warp_slice,   // threads of one warp ran back to back: a, b as block; c = warp
  warp_op,      // instant: a warp intrinsic completed: a, b as block; c = warp, d = mask, op = WarpOp
  thread_run,   // a thread ran between two switches: a, b as block; c = thread linear id
  thread_wait,  // a thread waited (stop to resume): a, b, c as thread_run; op = ThreadStop in the
                // low four bits, WarpOp in the high four; d = line, ptr = file
  atomics,      // counter: a = atomics of the block now running on the worker (0 when it ends)
  host_call,    // a runtime API call on a host thread: ptr = name, a = bytes (or 0)
  stream_op,    // work a stream ran besides launches: ptr = name, a = bytes
  annotation,   // an NVTX range (or, begin == end, a mark) on a host thread: ptr = message, a = its
                // domain's name (a const char*, 0 for the default domain)
};

struct Record {
  std::uint64_t begin_ns = 0;
  std::uint64_t end_ns = 0;  // == begin_ns for instants and counters
  const void* ptr = nullptr;
  std::uint64_t a = 0;
  std::uint32_t b = 0;
  std::uint32_t d = 0;
  std::uint32_t tid = 0;     // the track (tracks.hpp)
  std::uint16_t c = 0;
  RecordKind kind = RecordKind::block;
  std::uint8_t op = 0;
};
static_assert(sizeof(Record) <= 48, "trace records are meant to stay small");

}  // namespace cusim::sim::trace
