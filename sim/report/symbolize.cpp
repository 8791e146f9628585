#include "sim/report/symbolize.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>

#include <utility>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

#if CUSIM_HAVE_LIBBACKTRACE
// libbacktrace ships with GCC (libbacktrace.a beside libgcc) but its header lives in GCC's
// private include directory, which other compilers must not see; its C API is small and stable.
extern "C" {
struct backtrace_state;
typedef void (*backtrace_error_callback)(void* data, const char* msg, int errnum);
typedef int (*backtrace_full_callback)(void* data, std::uintptr_t pc, const char* filename, int lineno,
                                       const char* function);
backtrace_state* backtrace_create_state(const char* filename, int threaded, backtrace_error_callback error_callback,
                                        void* data);
int backtrace_pcinfo(backtrace_state* state, std::uintptr_t pc, backtrace_full_callback callback,
                     backtrace_error_callback error_callback, void* data);
typedef void (*backtrace_syminfo_callback)(void* data, std::uintptr_t pc, const char* symname, std::uintptr_t symval,
                                           std::uintptr_t symsize);
int backtrace_syminfo(backtrace_state* state, std::uintptr_t pc, backtrace_syminfo_callback callback,
                      backtrace_error_callback error_callback, void* data);
}
#endif

namespace cusim::sim {
namespace {
std::string demangle(const char* name) {
  // Only C++ names: __cxa_demangle also reads a type's code (a C function `f` would be "float").
  if (std::strncmp(name, "_Z", 2) != 0) return name;
  int status = 0;
  char* demangled = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && demangled ? demangled : name;
  std::free(demangled);
  return out;
}

// Names handed out in SourceSites must outlive every finding: keep one copy of each. Never
// destroyed, as nothing of this file's is: the watchdog's thread looks addresses up while the
// program may be exiting (the launch it watched ended as it looked), after static destructors ran.
const char* interned(const std::string& s) {
  static auto* const m = new std::mutex;
  static auto* const names = new std::set<std::string>;
  std::lock_guard<std::mutex> lock(*m);
  return names->insert(s).first->c_str();
}
}  // namespace

namespace {
#if CUSIM_HAVE_LIBBACKTRACE
// Every call into libbacktrace holds this lock. Its THREADED mode is meant for concurrent
// lookups, but it reads a unit's line and function tables lazily into shared vectors, and two
// threads doing that at once race (ThreadSanitizer sees read_line_header_format_entries against
// backtrace_vector_grow): the watchdog's thread looks addresses up while a stream thread
// symbolises a finding. Lookups are rare (findings, the watchdog's few addresses), so one lock
// costs nothing measurable. Never destroyed (interned() says why).
std::mutex& backtrace_lock() {
  static auto* const m = new std::mutex;
  return *m;
}
// The state to look addresses up in; called with backtrace_lock() held.
backtrace_state* symbolizer_state(bool refresh = false);
#endif
}  // namespace

namespace {

// The symbol of the function containing `address`: the dynamic symbol table (dladdr) first; a
// function with internal linkage (an anonymous namespace, `static`) is not there but is in the
// executable's own symbol table.
struct Symbol {
  const char* name = nullptr;
  const void* start = nullptr;
};
Symbol symbol_of(const void* address) {
  Dl_info info{};
  if (dladdr(address, &info) && info.dli_sname) return Symbol{info.dli_sname, info.dli_saddr};
  Symbol found;
#if CUSIM_HAVE_LIBBACKTRACE
  const std::lock_guard<std::mutex> lock(backtrace_lock());
  if (backtrace_state* state = symbolizer_state())
    backtrace_syminfo(
        state, reinterpret_cast<std::uintptr_t>(address),
        [](void* data, std::uintptr_t, const char* symname, std::uintptr_t symval, std::uintptr_t) {
          if (symname) *static_cast<Symbol*>(data) = Symbol{symname, reinterpret_cast<const void*>(symval)};
        },
        [](void*, const char*, int) {}, &found);
#endif
  return found;
}

}  // namespace

std::string function_name(const void* address) {
  if (const Symbol s = symbol_of(address); s.name) return demangle(s.name);
  char buf[32];
  std::snprintf(buf, sizeof buf, "kernel@%p", address);
  return buf;
}

const void* function_start(const void* address) { return symbol_of(address).start; }

namespace {
SourceSite site_of_pc(std::uintptr_t pc);
}

void prepare_symbolizer() {
#if CUSIM_HAVE_LIBBACKTRACE
  const std::lock_guard<std::mutex> lock(backtrace_lock());
  (void)symbolizer_state(/*refresh=*/true);
#endif
}

SourceSite call_site(const void* return_address) {
  if (!return_address) return {};
  return site_of_pc(reinterpret_cast<std::uintptr_t>(return_address) - 1);
}
SourceSite code_site(const void* pc) {
  if (!pc) return {};
  return site_of_pc(reinterpret_cast<std::uintptr_t>(pc));
}

namespace {
bool library_header(const char* file);

// A source file of cusim's own library (not its tests or examples, which are programs): under
// the checkout this file was compiled in.
bool cusim_library_source(const char* file) {
  static const std::string& root = *new std::string([] {  // never destroyed (interned() says why)
    const std::string self = __FILE__;
    const std::string tail = "sim/report/symbolize.cpp";
    return self.size() > tail.size() && self.compare(self.size() - tail.size(), tail.size(), tail) == 0
               ? self.substr(0, self.size() - tail.size())
               : std::string();
  }());
  if (root.empty() || std::strncmp(file, root.c_str(), root.size()) != 0) return false;
  const char* rest = file + root.size();
  for (const char* dir : {"sim/", "backends/", "runtime/", "tools/"})
    if (std::strncmp(rest, dir, std::strlen(dir)) == 0) return true;
  return false;
}

// Code of the system's libraries: the C library, the C++ runtime. Their debug information may be
// installed (libc6-dbg, which valgrind brings), naming sources that look like a program's own
// ("./nptl/pthread_mutex_lock.c"), so the object's own folder tells.
bool in_system_library(const void* pc) {
  Dl_info info{};
  if (!dladdr(pc, &info) || !info.dli_fname) return false;
  for (const char* dir : {"/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/"})
    if (std::strncmp(info.dli_fname, dir, std::strlen(dir)) == 0) return true;
  return false;
}
}  // namespace

bool is_program_code(const void* pc) {
#if CUSIM_HAVE_LIBBACKTRACE
  if (!pc || in_system_library(pc)) return false;
  const std::lock_guard<std::mutex> lock(backtrace_lock());
  backtrace_state* state = symbolizer_state();
  if (!state) return false;
  struct Walk {
    unsigned frames = 0;
    bool program = true;
  } walk;
  // Frames from the innermost out: the instruction's own, then those it is inlined into.
  backtrace_pcinfo(
      state, reinterpret_cast<std::uintptr_t>(pc),
      [](void* data, std::uintptr_t, const char* file, int, const char*) {
        auto* w = static_cast<Walk*>(data);
        const bool first = w->frames++ == 0;
        if (!file || cusim_library_source(file) || (first && library_header(file))) {
          w->program = false;
          return 1;
        }
        return 0;
      },
      [](void*, const char*, int) {}, &walk);
  return walk.frames > 0 && walk.program;
#else
  (void)pc;
  return false;
#endif
}

namespace {
// Code inlined from a header of cusim (its CUDA API) or of the compiler's and the system's
// libraries (std::max, std::swap...): an access made there is reported at the program's line
// that called it, as the statement the program wrote.
bool library_header(const char* file) {
  for (const char* dir : {"/runtime/cusim/", "/runtime/toolkit/", "/include/cusim/", "/include/c++/"})
    if (std::strstr(file, dir)) return true;
  for (const char* root : {"/usr/include/", "/usr/lib/gcc/"})
    if (std::strncmp(file, root, std::strlen(root)) == 0) return true;
  return false;
}

#if CUSIM_HAVE_LIBBACKTRACE
// The loader's counts of objects loaded and unloaded so far.
std::pair<unsigned long long, unsigned long long> loader_counters() {
  std::pair<unsigned long long, unsigned long long> counters{0, 0};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t size, void* data) {
        if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
          *static_cast<std::pair<unsigned long long, unsigned long long>*>(data) = {info->dlpi_adds, info->dlpi_subs};
        return 1;  // the same in every entry
      },
      &counters);
  return counters;
}

// libbacktrace reads the objects loaded when it first looks an address up, and never again: a
// module of kernels loaded later (dlopen) needs a state of its own. A new one is made when the
// loader's counters moved (checked where a launch prepares the symbolizer, on a full stack). The
// states are never freed: the SourceSites handed out point into them.
backtrace_state* symbolizer_state(bool refresh) {
  static backtrace_state* state = nullptr;
  static std::pair<unsigned long long, unsigned long long> counters_seen;
  if (state && !refresh) return state;
  const auto counters = loader_counters();
  if (!state || counters != counters_seen) {
    state = backtrace_create_state(nullptr, /*threaded=*/0, nullptr, nullptr);
    counters_seen = counters;
  }
  return state;
}
#endif

SourceSite site_of_pc(std::uintptr_t pc) {
  SourceSite site;
#if CUSIM_HAVE_LIBBACKTRACE
  const std::lock_guard<std::mutex> lock(backtrace_lock());
  backtrace_state* state = symbolizer_state();
  if (!state) return site;
  struct Found {
    const char* file = nullptr;
    int line = 0;
    const char* function = nullptr;
  } found;
  // Frames from the innermost out (inlined calls first): the first one outside the libraries'
  // headers is the line the program wrote.
  backtrace_pcinfo(
      state, pc,
      [](void* data, std::uintptr_t, const char* file, int line, const char* function) {
        auto* f = static_cast<Found*>(data);
        if (!file) return 0;
        *f = Found{file, line, function};
        return library_header(file) ? 0 : 1;
      },
      [](void*, const char*, int) {}, &found);
  if (!found.file) return site;
  site.file = found.file;  // owned by the backtrace state, which is never freed
  site.line = static_cast<unsigned>(found.line);
  if (found.function) site.function = interned(demangle(found.function));
#else
  (void)pc;
#endif
  return site;
}
}  // namespace

}  // namespace cusim::sim
