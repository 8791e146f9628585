// Findings as data: what went wrong, where, in which threads. Rendering is separate (render_text.cpp,
// render_json.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cusim::sim {

// Every kind of finding, from the one list (finding_kinds.def).
enum class DiagnosticKind {
#define CUSIM_FINDING_KIND(identifier, name, launch_error, sticky, description) identifier,
#include "sim/report/finding_kinds.def"
#undef CUSIM_FINDING_KIND
};
inline constexpr std::size_t kDiagnosticKinds = 0
#define CUSIM_FINDING_KIND(identifier, name, launch_error, sticky, description) +1
#include "sim/report/finding_kinds.def"
#undef CUSIM_FINDING_KIND
    ;

// Its name in reports ("barrier-divergence").
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

// The memory an access was to.
enum class MemorySpace : std::uint8_t { none, global, shared };
// "global", "shared", or "" for none.
const char* space_name(MemorySpace space);

// Threads with consecutive linear ids: first..last (`count` of them).
struct ThreadRange {
  Dim first, last;
  std::uint32_t count = 1;
};

// A group of threads of one block that share a state (for example: waiting at one site), or,
// with no threads, a plain note about a related site (where an allocation was made).
struct ThreadGroup {
  std::vector<ThreadRange> threads;  // in id order; empty for a plain note
  std::size_t total = 0;             // threads in the group
  bool has_block = false;            // the threads' block, when it is not the finding's own
  Dim block;
  std::string state;                 // e.g. "wait at __syncthreads()", or the note itself
  SourceSite site;

  static ThreadGroup note(std::string text, SourceSite site) {
    ThreadGroup g;
    g.state = std::move(text);
    g.site = site;
    return g;
  }
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
  MemorySpace space = MemorySpace::none;  // for findings about an access
  SourceSite other_site;         // the other access of a race
  std::string relation;          // of a race's threads, the widest among its instances:
                                 // "same-warp", "different-warps" or "different-blocks"
  unsigned count = 1;            // occurrences folded into this finding (deduplicated by kind and sites)
};

// The text renderer (render_text.cpp; the JSON one is render_json.hpp):
// "file:line:col: error: <kind>: <message> ..." followed by one "note:" line per group.
std::string render_text(const Diagnostic& d);

}  // namespace cusim::sim
