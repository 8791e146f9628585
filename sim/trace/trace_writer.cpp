#include "sim/trace/trace_writer.hpp"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "cusim/detail/sim_abi.hpp"
#include "sim/exec/observer.hpp"
#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/trace/tracks.hpp"

extern char* program_invocation_short_name;  // glibc

namespace cusim::sim::trace {
namespace {

// A string as JSON (the events are written as a stream; their strings escaped by nlohmann-json,
// bytes that are not UTF-8 replaced).
std::string json_string(const char* s) {
  return nlohmann::json(s ? s : "").dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
std::string json_string(const std::string& s) { return json_string(s.c_str()); }

// Microseconds with three decimals, exactly: ns / 1000.
std::string micros(std::uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
  return buf;
}

std::string dims(dim3 d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

const char* detail_name(TraceDetail d) {
  return d == TraceDetail::blocks ? "blocks" : d == TraceDetail::warps ? "warps" : "threads";
}

class Writer {
 public:
  Writer(std::FILE* f, const TraceContents& c) : f_(f), launches_(c.launches.entries()), streams_(c.launches.streams()) {}

  // Names are resolved once per kernel (dladdr and demangling).
  const std::string& kernel_name(const void* kernel) {
    auto it = kernel_names_.find(kernel);
    if (it == kernel_names_.end()) it = kernel_names_.emplace(kernel, json_string(function_name(kernel))).first;
    return it->second;
  }

  const LaunchEntry* launch(std::uint32_t index) const { return index < launches_.size() ? &launches_[index] : nullptr; }

  // "(x,y,z)" of a block or thread, from its linear id and the dimensions it is counted in.
  static std::string index_of(std::uint64_t linear, dim3 d) {
    return "(" + std::to_string(linear % d.x) + "," + std::to_string(linear / d.x % d.y) + "," +
           std::to_string(linear / (std::uint64_t(d.x) * d.y)) + ")";
  }
  std::string block_of(const Record& r) const {
    const LaunchEntry* l = launch(r.b);
    return l ? index_of(r.a, l->grid) : "#" + std::to_string(r.a);
  }
  std::string thread_of(const Record& r) const {
    const LaunchEntry* l = launch(r.b);
    return l ? index_of(r.c, l->block) : "#" + std::to_string(r.c);
  }
  // The common arguments of an event inside a block: its kernel (by launch) and block.
  std::string block_args(const Record& r) {
    const LaunchEntry* l = launch(r.b);
    std::string s = "\"block\":" + json_string(block_of(r));
    if (l) s += ",\"launch\":" + std::to_string(r.b);
    return s;
  }
  static std::string site(const void* file, std::uint32_t line) {
    const char* f = static_cast<const char*>(file);
    return f && *f ? json_string(std::string(f) + ":" + std::to_string(line)) : "\"\"";
  }

  void event(const std::string& text) {
    std::fputs(first_ ? "\n" : ",\n", f_);
    std::fputs(text.c_str(), f_);
    first_ = false;
  }

  void complete(const std::string& name, const char* cat, std::uint64_t begin, std::uint64_t end, std::uint32_t pid,
                std::uint32_t tid, const std::string& args) {
    event("{\"name\":" + name + ",\"cat\":\"" + cat + "\",\"ph\":\"X\",\"ts\":" + micros(begin) +
          ",\"dur\":" + micros(end - begin) + ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
          ",\"args\":{" + args + "}}");
  }

  void record(const Record& r) {
    switch (r.kind) {
      case RecordKind::block: {
        const LaunchEntry* l = launch(r.b);
        std::string args = block_args(r);
        if (l) args += ",\"kernel\":" + kernel_name(l->kernel);
        if (r.op) args += ",\"failed\":true";
        complete(json_string("block " + block_of(r)), "block", r.begin_ns, r.end_ns, kDevicePid, r.tid, args);
        break;
      }
      case RecordKind::barrier:
        complete("\"__syncthreads()\"", "barrier", r.begin_ns, r.end_ns, kDevicePid, r.tid,
                 block_args(r) + ",\"site\":" + site(r.ptr, r.d) + ",\"threads\":" + std::to_string(r.c));
        break;
      case RecordKind::warp_slice:
        complete(json_string("warp " + std::to_string(r.c)), "warp", r.begin_ns, r.end_ns, kDevicePid, r.tid,
                 block_args(r));
        break;
      case RecordKind::warp_op: {
        char mask[16];
        std::snprintf(mask, sizeof mask, "0x%08x", r.d);
        event(std::string("{\"name\":\"") + detail::warp_op_name(static_cast<detail::WarpOp>(r.op)) + "()" +
              "\",\"cat\":\"warp_op\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" + micros(r.begin_ns) +
              ",\"pid\":" + std::to_string(kDevicePid) + ",\"tid\":" + std::to_string(r.tid) + ",\"args\":{" +
              block_args(r) + ",\"mask\":\"" + mask + "\"}}");
        break;
      }
      case RecordKind::thread_run:
        complete(json_string("thread " + thread_of(r)), "thread", r.begin_ns, r.end_ns, kDevicePid, r.tid,
                 block_args(r));
        break;
      case RecordKind::thread_wait: {
        const auto why = static_cast<ThreadStop>(r.op & 15);
        const std::string name = why == ThreadStop::barrier ? "__syncthreads()"
                                 : why == ThreadStop::warp
                                     ? std::string(detail::warp_op_name(static_cast<detail::WarpOp>(r.op >> 4))) + "()"
                                 : why == ThreadStop::spinning ? "spin-wait"
                                 : why == ThreadStop::tile     ? "thread_block_tile"
                                 : why == ThreadStop::arrive_wait ? "cuda::barrier::wait()"
                                                               : "preempted";
        complete(json_string(name), "wait", r.begin_ns, r.end_ns, kDevicePid, r.tid,
                 block_args(r) + ",\"thread\":" + json_string(thread_of(r)) + ",\"site\":" + site(r.ptr, r.d));
        break;
      }
      case RecordKind::atomics:
        event("{\"name\":\"atomics (worker " + std::to_string(r.tid) + ")\",\"ph\":\"C\",\"ts\":" + micros(r.begin_ns) +
              ",\"pid\":" + std::to_string(kDevicePid) + ",\"tid\":" + std::to_string(r.tid) +
              ",\"args\":{\"atomics\":" + std::to_string(r.a) + "}}");
        break;
      case RecordKind::host_call:
        complete(json_string(static_cast<const char*>(r.ptr)), "host", r.begin_ns, r.end_ns, kHostPid, r.tid,
                 r.a ? "\"bytes\":" + std::to_string(r.a) : std::string());
        break;
      case RecordKind::stream_op:
        complete(json_string(static_cast<const char*>(r.ptr)), "stream", r.begin_ns, r.end_ns, kDevicePid, r.tid,
                 "\"bytes\":" + std::to_string(r.a));
        break;
      case RecordKind::annotation: {
        const char* domain = reinterpret_cast<const char*>(r.a);
        const std::string args = domain ? "\"domain\":" + json_string(domain) : std::string();
        if (r.begin_ns == r.end_ns)  // a mark: an instant on its thread
          event("{\"name\":" + json_string(static_cast<const char*>(r.ptr)) + ",\"cat\":\"nvtx\",\"ph\":\"i\",\"s\":\"t\",\"ts\":" +
                micros(r.begin_ns) + ",\"pid\":" + std::to_string(kHostPid) + ",\"tid\":" + std::to_string(r.tid) +
                ",\"args\":{" + args + "}}");
        else
          complete(json_string(static_cast<const char*>(r.ptr)), "nvtx", r.begin_ns, r.end_ns, kHostPid, r.tid, args);
        break;
      }
    }
  }

  void launch_event(std::uint32_t index) {
    const LaunchEntry& l = launches_[index];
    char stream[32];
    if (streams_[l.stream] == nullptr) std::snprintf(stream, sizeof stream, "default");
    else std::snprintf(stream, sizeof stream, "%p", streams_[l.stream]);
    complete(kernel_name(l.kernel), "launch", l.begin_ns, l.end_ns, kDevicePid, stream_track(l.stream),
             "\"launch\":" + std::to_string(index) + ",\"grid\":\"" + dims(l.grid) + "\",\"block\":\"" + dims(l.block) +
                 "\",\"dynamic_shared_bytes\":" + std::to_string(l.dynamic_shared) + ",\"stream\":\"" + stream +
                 "\",\"error\":" + std::to_string(l.error) + ",\"error_name\":" + json_string(l.error_name));
  }

  void metadata(const char* what, std::uint32_t pid, std::int64_t tid, const std::string& arg) {
    event(std::string("{\"name\":\"") + what + "\",\"ph\":\"M\",\"pid\":" + std::to_string(pid) +
          (tid >= 0 ? ",\"tid\":" + std::to_string(tid) : std::string()) + ",\"args\":{" + arg + "}}");
  }

  std::string stream_name(std::uint32_t s) const {
    const void* h = s < streams_.size() ? streams_[s] : nullptr;
    if (!h) return "stream " + std::to_string(s) + " (default)";
    char buf[64];
    std::snprintf(buf, sizeof buf, "stream %u (%p)", s, h);
    return buf;
  }

  const std::vector<LaunchEntry>& launches() const { return launches_; }

 private:
  std::FILE* f_;
  bool first_ = true;
  std::vector<LaunchEntry> launches_;
  std::vector<const void*> streams_;
  std::map<const void*, std::string> kernel_names_;
};

}  // namespace

bool write_trace(const std::string& path, const TraceContents& c) {
  std::string error;
  const std::unique_ptr<io::OutputFile> out = io::OutputFile::open(path, &error);
  if (!out) {
    io::output_failed("CUSIM_TRACE=" + path + ": cannot write the trace: " + error);
    return false;
  }
  std::FILE* f = out->stream();
  static char io_buffer[1 << 16];
  std::setvbuf(f, io_buffer, _IOFBF, sizeof io_buffer);
  Writer w(f, c);

  // Every record of every buffer, in time order (an enclosing event before those it encloses).
  std::vector<const Record*> all;
  for (const ThreadBuffer* b : c.buffers.all())
    for (const Record& r : b->records()) all.push_back(&r);
  std::stable_sort(all.begin(), all.end(), [](const Record* x, const Record* y) {
    if (x->begin_ns != y->begin_ns) return x->begin_ns < y->begin_ns;
    return x->end_ns > y->end_ns;
  });

  std::fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
  // Tracks: the processes, then every track any event is on, named and ordered.
  w.metadata("process_name", kHostPid, -1, "\"name\":" + json_string(std::string("host: ") + program_invocation_short_name));
  w.metadata("process_sort_index", kHostPid, -1, "\"sort_index\":0");
  w.metadata("process_name", kDevicePid, -1, "\"name\":\"cusim simulated device\"");
  w.metadata("process_sort_index", kDevicePid, -1, "\"sort_index\":1");
  std::map<std::uint32_t, bool> device_tracks, host_tracks;
  for (const LaunchEntry& l : w.launches())
    if (l.ran) device_tracks[stream_track(l.stream)] = true;
  for (const Record* r : all)
    (r->kind == RecordKind::host_call || r->kind == RecordKind::annotation ? host_tracks : device_tracks)[r->tid] = true;
  for (const auto& [tid, _] : host_tracks) {
    w.metadata("thread_name", kHostPid, tid, "\"name\":\"host thread " + std::to_string(tid) + "\"");
    w.metadata("thread_sort_index", kHostPid, tid, "\"sort_index\":" + std::to_string(tid));
  }
  for (const auto& [tid, _] : device_tracks) {
    w.metadata("thread_name", kDevicePid, tid,
               "\"name\":" + json_string(is_stream_track(tid) ? w.stream_name(tid - kStreamBase) : worker_track_name(tid)));
    w.metadata("thread_sort_index", kDevicePid, tid, "\"sort_index\":" + std::to_string(device_track_order(tid)));
  }

  // Launches and records, merged in time order.
  std::vector<std::uint32_t> order;
  for (std::uint32_t i = 0; i < w.launches().size(); ++i)
    if (w.launches()[i].ran) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t x, std::uint32_t y) { return w.launches()[x].begin_ns < w.launches()[y].begin_ns; });
  std::size_t next = 0;
  std::uint64_t events = 0;
  for (const Record* r : all) {
    for (; next < order.size() && w.launches()[order[next]].begin_ns <= r->begin_ns; ++next, ++events)
      w.launch_event(order[next]);
    w.record(*r);
    ++events;
  }
  for (; next < order.size(); ++next, ++events) w.launch_event(order[next]);

  const char* atomics = c.instrumented
                            ? "counted per block while a checker watches accesses (checked build, CUSIM_CHECK with "
                              "memcheck, racecheck or initcheck)"
                            : "not traced: the program's kernels are not instrumented (fast build)";
  std::fprintf(f,
               "\n],\"otherData\":{\"producer\":\"cusim\",\"clock\":\"steady clock, microseconds since tracing began\","
               "\"detail\":\"%s\",\"limit\":%" PRIu64 ",\"events\":%" PRIu64 ",\"dropped\":%" PRIu64
               ",\"atomics\":\"%s\"}}\n",
               detail_name(c.detail), c.buffers.limit(), events, c.buffers.dropped(), atomics);
  if (!out->commit(&error)) {
    io::output_failed("CUSIM_TRACE=" + path + ": writing the trace failed: " + error);
    return false;
  }
  return true;
}

}  // namespace cusim::sim::trace
