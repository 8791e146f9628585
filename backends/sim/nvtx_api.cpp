// NVTX's C API (runtime/toolkit/nvtx3/nvToolsExt.h): cusim is the tool behind it. Push and pop
// ranges nest per host thread and domain, start and end ranges may end on another thread; each
// range and mark goes to the trace's host track (sim/trace) when CUSIM_TRACE is set. Messages are
// copied once (the trace keeps them until it is written); without a trace nothing is copied.
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "nvtx3/nvToolsExt.h"
#include "sim/trace/clock.hpp"
#include "sim/trace/tracer.hpp"

namespace {

using cusim::sim::trace::Tracer;

std::mutex nvtx_mutex;
std::set<std::string> nvtx_strings;  // messages and names, kept for the process's life

const char* nvtx_intern(const std::string& s) {
  std::lock_guard lock(nvtx_mutex);
  return nvtx_strings.insert(s).first->c_str();
}

std::string nvtx_utf8(const wchar_t* w) {  // UTF-8
  std::string s;
  for (; w && *w; ++w) {
    const auto c = static_cast<std::uint32_t>(*w);
    if (c < 0x80) {
      s += char(c);
    } else if (c < 0x800) {
      s += char(0xc0 | (c >> 6)), s += char(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      s += char(0xe0 | (c >> 12)), s += char(0x80 | ((c >> 6) & 0x3f)), s += char(0x80 | (c & 0x3f));
    } else {
      s += char(0xf0 | (c >> 18)), s += char(0x80 | ((c >> 12) & 0x3f)), s += char(0x80 | ((c >> 6) & 0x3f)),
          s += char(0x80 | (c & 0x3f));
    }
  }
  return s;
}

// A domain's handle is its nvtx_strings name; the default domain's is nullptr.
const char* nvtx_domain_name(nvtxDomainHandle_t d) { return reinterpret_cast<const char*>(d); }

// The message of an event's attributes, kept (only while tracing: nothing else reads it).
const char* nvtx_message(const nvtxEventAttributes_t* a) {
  if (!Tracer::get() || !a) return "";
  switch (a->messageType) {
    case NVTX_MESSAGE_TYPE_ASCII: return nvtx_intern(a->message.ascii ? a->message.ascii : "");
    case NVTX_MESSAGE_TYPE_UNICODE: return nvtx_intern(nvtx_utf8(a->message.unicode));
    case NVTX_MESSAGE_TYPE_REGISTERED: return reinterpret_cast<const char*>(a->message.registered);
    default: return "";
  }
}
const char* nvtx_message(const char* s) { return Tracer::get() ? nvtx_intern(s ? s : "") : ""; }
const char* nvtx_message(const wchar_t* s) { return Tracer::get() ? nvtx_intern(nvtx_utf8(s)) : ""; }

struct OpenRange {
  const char* message;
  const char* domain;
  std::uint64_t begin_ns;
};
OpenRange open_range(const char* message, const char* domain) {
  return OpenRange{message, domain, Tracer::get() ? cusim::sim::trace::now_ns() : 0};
}
void close_range(const OpenRange& o) {
  if (Tracer* t = Tracer::get()) t->annotation(o.message, o.domain, o.begin_ns, cusim::sim::trace::now_ns());
}
void add_mark(const char* message, const char* domain) {
  if (Tracer* t = Tracer::get()) {
    const std::uint64_t now = cusim::sim::trace::now_ns();
    t->annotation(message, domain, now, now);
  }
}

// Push and pop: a stack per host thread and domain.
thread_local std::map<const char*, std::vector<OpenRange>> pushed_ranges;
int push_range(const char* message, const char* domain) {
  std::vector<OpenRange>& stack = pushed_ranges[domain];
  stack.push_back(open_range(message, domain));
  return int(stack.size()) - 1;  // the new range's nesting level
}
int pop_range(const char* domain) {
  std::vector<OpenRange>& stack = pushed_ranges[domain];
  if (stack.empty()) return -1;  // no range to end
  close_range(stack.back());
  stack.pop_back();
  return int(stack.size());  // the ended range's level
}

// Start and end: ranges by id, which any thread may end.
std::atomic<nvtxRangeId_t> next_range_id{1};
std::map<nvtxRangeId_t, OpenRange> started_ranges;
nvtxRangeId_t start_range(const char* message, const char* domain) {
  const nvtxRangeId_t id = next_range_id.fetch_add(1);
  std::lock_guard lock(nvtx_mutex);
  started_ranges.emplace(id, open_range(message, domain));
  return id;
}
void end_range(nvtxRangeId_t id) {
  OpenRange o;
  {
    std::lock_guard lock(nvtx_mutex);
    auto it = started_ranges.find(id);
    if (it == started_ranges.end()) return;  // never started_ranges, or ended already
    o = it->second;
    started_ranges.erase(it);
  }
  close_range(o);
}

}  // namespace

extern "C" {

void nvtxInitialize(const void*) {}

void nvtxMarkEx(const nvtxEventAttributes_t* a) { add_mark(nvtx_message(a), nullptr); }
void nvtxMarkA(const char* message) { add_mark(nvtx_message(message), nullptr); }
void nvtxMarkW(const wchar_t* message) { add_mark(nvtx_message(message), nullptr); }
nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t* a) { return start_range(nvtx_message(a), nullptr); }
nvtxRangeId_t nvtxRangeStartA(const char* message) { return start_range(nvtx_message(message), nullptr); }
nvtxRangeId_t nvtxRangeStartW(const wchar_t* message) { return start_range(nvtx_message(message), nullptr); }
void nvtxRangeEnd(nvtxRangeId_t id) { end_range(id); }
int nvtxRangePushEx(const nvtxEventAttributes_t* a) { return push_range(nvtx_message(a), nullptr); }
int nvtxRangePushA(const char* message) { return push_range(nvtx_message(message), nullptr); }
int nvtxRangePushW(const wchar_t* message) { return push_range(nvtx_message(message), nullptr); }
int nvtxRangePop(void) { return pop_range(nullptr); }

// Names of categories and threads are accepted; the trace names host threads by number.
void nvtxNameCategoryA(uint32_t, const char*) {}
void nvtxNameCategoryW(uint32_t, const wchar_t*) {}
void nvtxNameOsThreadA(uint32_t, const char*) {}
void nvtxNameOsThreadW(uint32_t, const wchar_t*) {}

nvtxDomainHandle_t nvtxDomainCreateA(const char* name) {
  return reinterpret_cast<nvtxDomainHandle_t>(const_cast<char*>(nvtx_intern(name ? name : "")));
}
nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t* name) {
  return reinterpret_cast<nvtxDomainHandle_t>(const_cast<char*>(nvtx_intern(nvtx_utf8(name))));
}
void nvtxDomainDestroy(nvtxDomainHandle_t) {}
void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t* a) { add_mark(nvtx_message(a), nvtx_domain_name(d)); }
nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t* a) {
  return start_range(nvtx_message(a), nvtx_domain_name(d));
}
void nvtxDomainRangeEnd(nvtxDomainHandle_t, nvtxRangeId_t id) { end_range(id); }
int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t* a) {
  return push_range(nvtx_message(a), nvtx_domain_name(d));
}
int nvtxDomainRangePop(nvtxDomainHandle_t d) { return pop_range(nvtx_domain_name(d)); }
nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t, const char* s) {
  return reinterpret_cast<nvtxStringHandle_t>(const_cast<char*>(nvtx_intern(s ? s : "")));
}
nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t, const wchar_t* s) {
  return reinterpret_cast<nvtxStringHandle_t>(const_cast<char*>(nvtx_intern(nvtx_utf8(s))));
}
void nvtxDomainNameCategoryA(nvtxDomainHandle_t, uint32_t, const char*) {}
void nvtxDomainNameCategoryW(nvtxDomainHandle_t, uint32_t, const wchar_t*) {}

}  // extern "C"
