#include "backends/sim/device_memory.hpp"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "backends/sim/access_maps.hpp"
#include "backends/sim/device_profile.hpp"
#include "backends/sim/findings.hpp"
#include "sim/config/config.hpp"
#include "sim/memory/allocation_names.hpp"
#include "sim/memory/heap_observer.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/report/symbolize.hpp"

namespace cusim::backend {
namespace {

std::mutex accounting;
std::size_t bytes_in_use = 0;  // device + managed: what counts against totalGlobalMem
std::set<std::uintptr_t> releases_in_order;  // allocations a cudaFreeAsync frees when its stream gets there
std::size_t kernel_heap_bytes = 0;  // live blocks of device-side malloc and new, as kernel_heap_charge counts them
bool kernel_heap_touched = false;   // device code allocated since the start or the last reset

// What a block takes of cudaLimitMallocHeapSize: its bytes in 16-byte units and a 16-byte header,
// so that, as on an H100, a block as large as the whole heap does not fit (a 4 MiB heap holds a
// 2 MiB block but no 4 MiB one).
std::size_t kernel_heap_charge(std::size_t size) { return (size + 15) / 16 * 16 + 16; }

sim::DeviceHeap& heap() { return sim::DeviceHeap::instance(); }

const char* alloc_call(unsigned tag) {
  switch (static_cast<AllocKind>(tag)) {
    case AllocKind::device: return "cudaMalloc";
    case AllocKind::managed: return "cudaMallocManaged";
    case AllocKind::host: return "cudaMallocHost";
    case AllocKind::kernel: return "malloc or new in a kernel";
    case AllocKind::array: return "cudaMallocArray";
  }
  return "?";
}
const char* free_call(unsigned tag) {
  switch (static_cast<AllocKind>(tag)) {
    case AllocKind::host: return "cudaFreeHost";
    case AllocKind::kernel: return "free or delete in a kernel";
    case AllocKind::array: return "cudaFreeArray";
    default: return "cudaFree";
  }
}

// "the 400-byte allocation made by cudaMalloc", with the name the program gave it (cusim::name_allocation).
std::string describe(const sim::HeapAllocation& a) {
  const std::string name = sim::allocation_name(a.begin);
  return "the " + std::to_string(a.size) + "-byte allocation " + (name.empty() ? "" : "`" + name + "` ") + "made by " +
         alloc_call(a.tag);
}

// Notes on where an allocation was made and freed.
void add_history(sim::Diagnostic& d, const sim::HeapAllocation& a) {
  d.groups.push_back(sim::ThreadGroup::note(
      std::string("allocated by ") + alloc_call(a.tag) + " here (allocation #" + std::to_string(a.serial) + ")",
      sim::call_site(a.alloc_site)));
  if (a.freed && !a.freed_by_reset)
    d.groups.push_back(sim::ThreadGroup::note(std::string("freed by ") + free_call(a.tag) + " here", sim::call_site(a.free_site)));
}

// A host-call finding: located at the program's call, with notes for the allocation's history.
void report_call(sim::DiagnosticKind kind, const ApiCaller& caller, std::string message, const sim::HeapAllocation* a) {
  sim::Diagnostic d;
  d.kind = kind;
  d.site = caller.site();
  d.message = std::move(message);
  if (a) add_history(d, *a);
  report(d, cudaErrorInvalidValue);
}

// The leak check (CUSIM_LEAK_CHECK): the allocations still live when the device is reset or the
// program exits (`when`, `at_exit`), one finding per allocating line and call, in allocation order, and
// compute-sanitizer's summary line.
void report_leaks(const char* when, bool at_exit) {
  struct Leak {
    sim::HeapAllocation first;
    std::size_t bytes = 0;
    unsigned allocations = 0;
  };
  std::vector<Leak> leaks;
  std::map<std::pair<const void*, unsigned>, std::size_t> by_line;  // (site, call) -> index in leaks
  std::size_t total = 0, count = 0;
  for (const sim::HeapAllocation& a : heap().live()) {
    const auto [at, fresh] = by_line.try_emplace({a.alloc_site, a.tag}, leaks.size());
    if (fresh) leaks.push_back(Leak{a});
    leaks[at->second].bytes += a.size;
    ++leaks[at->second].allocations;
    total += a.size;
    ++count;
  }
  for (const Leak& l : leaks) {
    sim::Diagnostic d;
    d.kind = sim::DiagnosticKind::leak;
    d.site = sim::call_site(l.first.alloc_site);
    d.address = l.first.begin;
    d.count = l.allocations;
    const std::string call = alloc_call(l.first.tag);
    const std::string first = "allocation #" + std::to_string(l.first.serial);
    d.message = l.allocations == 1
                    ? std::to_string(l.bytes) + " bytes allocated by " + call + " were never freed (" + first + ")"
                    : std::to_string(l.bytes) + " bytes in " + std::to_string(l.allocations) + " allocations by " + call +
                          " were never freed (the first is " + first + ")";
    d.message += std::string("; found at ") + when;
    report(d, cudaSuccess);
  }
  // Always at exit, that the check ran; at a reset, only when it found something.
  if (!sim::config().quiet && (count || at_exit)) {
    std::fflush(stdout);
    std::fprintf(stderr, "cusim: LEAK SUMMARY: %zu bytes leaked in %zu allocation%s\n", total, count, count == 1 ? "" : "s");
  }
}

// At exit, before the findings report is written (registered at the first allocation, after the
// findings' own handler, so it runs before it), as CUDA tears its context down: memory that a
// global object's destructor frees later is reported, as it would be under compute-sanitizer.
void leaks_at_exit(int, void*) { report_leaks("program exit", true); }

}  // namespace

cudaError_t allocate(void** out, std::size_t size, AllocKind kind, const ApiCaller& caller) {
  if (!out) return cudaErrorInvalidValue;
  *out = nullptr;
  if (size == 0) return cudaSuccess;
  if (sim::config().leak_check) {
    static const bool registered = on_exit(leaks_at_exit, nullptr) == 0;
    (void)registered;
  }
  const bool counts = kind != AllocKind::host;
  {
    std::lock_guard<std::mutex> lock(accounting);
    if (counts && size > device_profile().totalGlobalMem - bytes_in_use) return cudaErrorMemoryAllocation;
    if (counts) bytes_in_use += size;
  }
  void* p = heap().allocate(size, static_cast<unsigned>(kind), caller.return_address);
  if (!p) {
    std::lock_guard<std::mutex> lock(accounting);
    if (counts) bytes_in_use -= size;
    return cudaErrorMemoryAllocation;
  }
  if (sim::HeapObserver* o = sim::heap_observer()) o->allocated(p, size, kind != AllocKind::device && kind != AllocKind::array);
  *out = p;
  return cudaSuccess;
}

std::size_t device_bytes_in_use() {
  std::lock_guard<std::mutex> lock(accounting);
  return bytes_in_use;
}

namespace {

// Why a free of p that the heap refused (`outcome`) is wrong, `what` naming the call; whether the
// message is about allocation `a` (which then has a history to note).
std::pair<std::string, bool> free_problem(sim::DeviceHeap::FreeOutcome outcome, const void* p, const sim::HeapAllocation& a,
                                          const std::string& what) {
  using O = sim::DeviceHeap::FreeOutcome;
  switch (outcome) {
    case O::freed: break;
    case O::not_in_heap: return {what + "that no cusim allocation call returned (host memory, a stack or a global?)", false};
    case O::not_allocated:
      return {what + "into device memory that holds no allocation (never allocated, or released by cudaDeviceReset)", false};
    case O::in_redzone: return {what + "into the redzone of " + describe(a) + ", not to its start", true};
    case O::interior:
      return {what + std::to_string(reinterpret_cast<std::uintptr_t>(p) - a.begin) + " bytes into " + describe(a) +
                  "; free the pointer it returned",
              true};
    case O::already_freed:
      if (a.freed_by_reset)
        return {what + "from before cudaDeviceReset, which freed it: " + describe(a) + " (a stale pointer)", true};
      return {what + "that was already freed: " + describe(a) + " (double free)", true};
    case O::wrong_tag: return {what + "to " + describe(a) + "; free it with " + free_call(a.tag), true};
  }
  return {"", false};
}

// The heap and the checkers forget a freed allocation.
void forget(const sim::HeapAllocation& a) {
  if (sim::HeapObserver* o = sim::heap_observer()) o->freed(reinterpret_cast<const void*>(a.begin), a.size);
  access_map_allocation_freed(a.begin);
  sim::forget_allocation_name(a.begin);
  std::lock_guard<std::mutex> lock(accounting);
  switch (static_cast<AllocKind>(a.tag)) {
    case AllocKind::device:
    case AllocKind::managed:
    case AllocKind::array: bytes_in_use -= a.size; break;
    case AllocKind::kernel: kernel_heap_bytes -= kernel_heap_charge(a.size); break;
    case AllocKind::host: break;
  }
}

}  // namespace

cudaError_t release(void* p, AllocKind kind, const char* call, const ApiCaller& caller) {
  if (!p) return cudaSuccess;  // as free(nullptr)
  const unsigned accepted = kind == AllocKind::host    ? 1u << unsigned(AllocKind::host)
                            : kind == AllocKind::array ? 1u << unsigned(AllocKind::array)
                                                       : (1u << unsigned(AllocKind::device)) | (1u << unsigned(AllocKind::managed));
  sim::HeapAllocation a;
  const auto outcome = heap().release(p, accepted, caller.return_address, &a);
  if (outcome == sim::DeviceHeap::FreeOutcome::freed) {
    forget(a);
    return cudaSuccess;
  }
  const auto [message, about_a] = free_problem(outcome, p, a, std::string(call) + " of a pointer ");
  report_call(sim::DiagnosticKind::invalid_free, caller, message, about_a ? &a : nullptr);
  return cudaErrorInvalidValue;
}

void* allocate_in_kernel(std::size_t size, std::size_t limit, const void* site) {
  if (size == 0) size = 1;  // as on the GPU, malloc(0) gives a block of its own
  {
    std::lock_guard<std::mutex> lock(accounting);
    kernel_heap_touched = true;
    if (kernel_heap_charge(size) > limit || kernel_heap_bytes > limit - kernel_heap_charge(size)) return nullptr;
    kernel_heap_bytes += kernel_heap_charge(size);
  }
  void* p = heap().allocate(size, static_cast<unsigned>(AllocKind::kernel), site);
  if (!p) {
    std::lock_guard<std::mutex> lock(accounting);
    kernel_heap_bytes -= kernel_heap_charge(size);
    return nullptr;
  }
  if (sim::HeapObserver* o = sim::heap_observer()) o->allocated(p, size, false);
  return p;
}

std::optional<sim::Diagnostic> release_in_kernel(void* p, const void* site) {
  sim::HeapAllocation a;
  const auto outcome = heap().release(p, 1u << unsigned(AllocKind::kernel), site, &a);
  if (outcome == sim::DeviceHeap::FreeOutcome::freed) {
    forget(a);
    return std::nullopt;
  }
  sim::Diagnostic d;
  d.kind = sim::DiagnosticKind::invalid_device_free;
  bool about_a = false;
  std::tie(d.message, about_a) = free_problem(outcome, p, a, "free or delete in a kernel of a pointer ");
  if (about_a) add_history(d, a);
  return d;
}

bool kernel_heap_used() {
  std::lock_guard<std::mutex> lock(accounting);
  return kernel_heap_touched;
}

cudaError_t check_range(const char* call, const char* role, const void* p, std::size_t n, Side side,
                        const ApiCaller& caller) {
  const std::string what = std::string(call) + ": the " + role + " range of " + std::to_string(n) + " bytes ";
  if (!p) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller, what + "starts at a null pointer", nullptr);
    return cudaErrorInvalidValue;
  }
  if (!heap().in_range(p)) {
    if (side == Side::any) return cudaSuccess;
    report_call(sim::DiagnosticKind::invalid_memory_range, caller, what + "is not device memory", nullptr);
    return cudaErrorInvalidValue;
  }
  const auto a = heap().lookup(p);
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  if (!a) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller, what + "lies in device memory that was never allocated",
                nullptr);
    return cudaErrorInvalidValue;
  }
  if (a->freed) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller, what + "lies in " + describe(*a) + ", which was freed",
                &*a);
    return cudaErrorInvalidValue;
  }
  if (static_cast<AllocKind>(a->tag) == AllocKind::kernel) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller,
                what + "lies in " + describe(*a) + ", which only device code may use (CUDA's runtime API does not take it)",
                &*a);
    return cudaErrorInvalidValue;
  }
  if (at < a->begin) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller,
                what + "starts " + std::to_string(a->begin - at) + " bytes before " + describe(*a), &*a);
    return cudaErrorInvalidValue;
  }
  if (at >= a->end()) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller,
                what + "starts " + std::to_string(at - a->end()) + " bytes past the end of " + describe(*a), &*a);
    return cudaErrorInvalidValue;
  }
  if (n > a->end() - at) {
    report_call(sim::DiagnosticKind::invalid_memory_range, caller,
                what + "at offset " + std::to_string(at - a->begin) + " runs " + std::to_string(n - (a->end() - at)) +
                    " bytes past the end of " + describe(*a),
                &*a);
    return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

cudaError_t release_in_order(void* p, const char* call, const ApiCaller& caller,
                             const std::function<void(std::function<void()>)>& enqueue) {
  const auto a = heap().lookup(p);
  if (!p || !a || a->freed || a->begin != reinterpret_cast<std::uintptr_t>(p) ||
      static_cast<AllocKind>(a->tag) == AllocKind::host)
    return release(p, AllocKind::device, call, caller);  // what cudaFree says of it, now
  {
    std::lock_guard<std::mutex> lock(accounting);
    if (!releases_in_order.insert(a->begin).second) {
      report_call(sim::DiagnosticKind::invalid_free, caller,
                  std::string(call) + " of a pointer that an earlier " + call +
                      " frees already, once its stream's work before it has run (double free): " + describe(*a),
                  &*a);
      return cudaErrorInvalidValue;
    }
  }
  enqueue([p, call, caller, begin = a->begin] {
    release(p, AllocKind::device, call, caller);
    std::lock_guard<std::mutex> lock(accounting);
    releases_in_order.erase(begin);
  });
  return cudaSuccess;
}

bool is_device_memory(const void* p) { return heap().in_range(p); }

void note_written(void* dst, const void* src, std::size_t n) {
  if (sim::HeapObserver* o = sim::heap_observer()) o->written(dst, src, n);
}

// A checker's finding about an access to device memory: which allocation, and where it was made.
void explain_checked_access(sim::Diagnostic& d) {
  const void* p = reinterpret_cast<const void*>(d.address);
  const auto a = heap().lookup(p);
  if (a && a->contains(d.address)) {
    d.message += " (byte " + std::to_string(d.address - a->begin) + " of " + describe(*a) +
                 (a->freed ? ", which was freed)" : ")");
    add_history(d, *a);
    return;
  }
  // Outside every allocation's bytes: the nearer of the allocation below (an overrun: an
  // allocation that fills its span puts its first byte past the end in the next span's guard)
  // and the one whose span holds the address (an underrun); an overrun on a tie.
  const auto below = a && d.address >= a->end() ? a : heap().preceding(p);
  const auto above = a && d.address < a->begin ? a : std::nullopt;
  if (below && d.address >= below->end() && (!above || d.address - below->end() <= above->begin - d.address)) {
    d.message += " (" + std::to_string(d.address - below->end()) + " bytes past the end of " + describe(*below) + ")";
    add_history(d, *below);
  } else if (above) {
    d.message += " (" + std::to_string(above->begin - d.address) + " bytes before " + describe(*above) + ")";
    add_history(d, *above);
  } else {
    d.message += " (device memory that holds no allocation)";
  }
}

void explain_fault_address(sim::Diagnostic& d) {
  const void* p = reinterpret_cast<const void*>(d.address);
  if (!heap().in_range(p)) return;
  if (d.kind != sim::DiagnosticKind::illegal_address) return explain_checked_access(d);
  const std::size_t keep = d.message.find(" (in ");  // the function, when no line is known
  const std::string where = keep == std::string::npos ? "" : d.message.substr(keep);
  if (auto a = heap().lookup(p); a && a->freed) {
    d.message = "access " + std::to_string(d.address - a->begin) + " bytes into " + describe(*a) +
                ", which was freed (use after free)" + where;
    add_history(d, *a);
  } else if (auto before = heap().preceding(p); before && d.address >= before->end()) {
    d.message = "access " + std::to_string(d.address - before->end()) + " bytes past the end of " + describe(*before) +
                (before->freed ? ", which was freed" : "") + where;
    add_history(d, *before);
  } else {
    d.message = "access to device memory that holds no allocation" + where;
  }
}

void free_all_device_memory() {
  if (sim::config().leak_check) report_leaks("cudaDeviceReset", false);
  access_map_device_reset();
  sim::forget_all_allocation_names();
  heap().release_all();
  if (sim::HeapObserver* o = sim::heap_observer()) o->all_freed();
  std::lock_guard<std::mutex> lock(accounting);
  bytes_in_use = 0;
  kernel_heap_bytes = 0;
  kernel_heap_touched = false;
  releases_in_order.clear();
}

}  // namespace cusim::backend
