// Writes a trace as a Chrome trace-event file (the JSON Object Format: {"traceEvents": [...],
// "displayTimeUnit": ..., "otherData": {...}}), which ui.perfetto.dev and chrome://tracing open.
// Every buffer's records are merged, named and given their arguments here, once.
#pragma once
#include <string>

#include "sim/config/config.hpp"
#include "sim/trace/buffers.hpp"
#include "sim/trace/launches.hpp"

namespace cusim::sim::trace {

struct TraceContents {
  const Buffers& buffers;
  const Launches& launches;
  TraceDetail detail;
  bool instrumented;  // the program has checked-build code: its atomics are seen
};

// Writes `contents` to `path`; false (after an error line on stderr) if it cannot.
bool write_trace(const std::string& path, const TraceContents& contents);

}  // namespace cusim::sim::trace
