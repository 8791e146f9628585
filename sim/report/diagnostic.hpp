// Findings as data: what went wrong, where, in which threads. Rendering is separate (render.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cusim::sim {

enum class DiagnosticKind {
  barrier_divergence,     // live threads of a block wait at different __syncthreads call sites
  deadlock,               // every live thread of a block waits and none can be released
  warp_lane_exited,       // a warp intrinsic names a lane that has exited
  warp_lane_absent,       // a warp intrinsic names a lane the block does not have
  warp_lane_not_in_mask,  // a lane calls a warp intrinsic whose mask leaves itself out
  warp_mask_mismatch,     // lanes named in each other's masks call with different masks or intrinsics
  assertion_failed,       // assert() failed in a kernel
  kernel_exception,       // a C++ exception escaped kernel code
  stack_overflow,         // a thread overflowed its stack
  illegal_address,        // a kernel touched memory mapped nowhere
  arithmetic_fault,       // a kernel raised SIGFPE (integer division by zero)
  illegal_instruction,    // a kernel executed an illegal instruction
  trap,                   // __trap() was called
  shared_memory_limit,    // the block's static plus dynamic shared memory exceeds the limit
  launch_config,          // the launch itself is invalid (checked before anything runs)
  invalid_free,           // a free of something that is not a live allocation's start, or of the wrong kind
  invalid_memory_range,   // a copy or memset whose range leaves its allocation, lies in freed memory or is not device memory
  invalid_handle,         // a stream or event used after it was destroyed, or never created
  // the checkers (checked build): memcheck
  out_of_bounds,          // an access outside its allocation or shared variable (in a redzone)
  misaligned_access,      // an access not aligned to its size
  use_after_free,         // an access to freed device memory
  wild_access,            // an access to memory that is no device allocation, shared memory or stack
  // racecheck
  race_raw,               // a read racing with an earlier write
  race_war,               // a write racing with an earlier read
  race_waw,               // two writes racing
  race_atomic,            // an atomic and a plain access racing
  // initcheck
  uninitialized_read,     // a read of device or shared memory that nothing wrote
};

const char* kind_name(DiagnosticKind kind);

struct SourceSite {
  const char* file = nullptr;
  unsigned line = 0;
  unsigned column = 0;
  const char* function = nullptr;
  bool known() const { return file != nullptr; }
};

struct Dim {
  unsigned x = 0, y = 0, z = 0;
};

// A group of threads of one block that share a state (for example: waiting at one site), or,
// with no threads, a plain note about a related site (where an allocation was made).
struct ThreadGroup {
  std::string threads;  // rendered thread list, e.g. "(0,0,0)..(15,0,0)" or "(3,0,0)"; may be empty
  std::string state;    // e.g. "wait at __syncthreads()"
  SourceSite site;
};

struct Diagnostic {
  DiagnosticKind kind;
  std::string kernel;            // demangled kernel name; empty for findings about host API calls
  bool has_thread = false;       // block and thread below are meaningful
  Dim block;
  Dim thread;
  SourceSite site;               // the primary location, when known
  std::string message;           // one sentence, without location
  std::vector<ThreadGroup> groups;
  std::uint64_t address = 0;     // faulting address, where there is one
  std::string space;             // "global" or "shared" for findings about an access
  SourceSite other_site;         // the other access of a race
  unsigned count = 1;            // occurrences folded into this finding (deduplicated by kind and sites)
};

// "file:line:col: error: <kind>: <message> ..." followed by one "note:" line per group.
std::string render_text(const Diagnostic& d);

}  // namespace cusim::sim
