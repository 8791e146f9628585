// Device-side printf (cusim/detail/device_printf.hpp): a kernel's output waits in one buffer until
// the host reaches a synchronisation point, as CUDA's does, and each call's output stays whole.
// Formatting runs in the simulated thread's own memory after a check that its stack has room
// for the C library's formatter: a thread that would overflow its stack there is a stack-overflow
// finding at the printf's line, and no simulated thread ever holds stdout's lock (a thread that
// faulted while holding it would leave the host's next printf waiting forever).
//
// Departures from CUDA: the buffer has no size limit (cudaLimitPrintfFifoSize is kept but nothing
// is overwritten: output is never lost), and what is left at exit is written then.
#include "cusim/detail/device_printf.hpp"

#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include "backends/sim/device_printf.hpp"
#include "cusim/detail/sim_abi.hpp"
#include "sim/exec/block_run.hpp"

namespace cusim::backend {
namespace {

struct PrintfBuffer {
  std::mutex m;
  std::string text;
};
PrintfBuffer& printf_buffer() {
  static PrintfBuffer* b = new PrintfBuffer;  // never destroyed: the last flush runs at exit
  return *b;
}

// The arguments a format names, as CUDA's printf returns: each conversion but %%.
int arguments_named(const char* format) {
  int n = 0;
  for (const char* p = format; *p; ++p) {
    if (*p != '%') continue;
    if (p[1] == '%') {
      ++p;
      continue;
    }
    ++n;
    for (const char* q = p + 1; *q && *q != '%' && !std::isalpha(static_cast<unsigned char>(*q)); ++q)
      if (*q == '*') ++n;  // a width or precision taken from the arguments
  }
  return n;
}

}  // namespace

void flush_device_printf() {
  std::string out;
  {
    PrintfBuffer& b = printf_buffer();
    std::lock_guard<std::mutex> lock(b.m);
    out.swap(b.text);
  }
  if (!out.empty()) std::fwrite(out.data(), 1, out.size(), stdout);
}

}  // namespace cusim::backend

namespace cusim::detail {

int device_printf(const char* format, ...) noexcept {
  std::va_list args;
  if (!in_simulated_thread()) {
    va_start(args, format);
    const int n = format ? std::vprintf(format, args) : -1;
    va_end(args);
    return n;
  }
  if (!format) return -1;
  sim::BlockRun::current()->require_library_stack("printf", __builtin_return_address(0));
  va_start(args, format);
  sim::running::PauseChecks pause;  // the formatting's reads and the buffer's writes are cusim's
  char local[512];
  std::va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(local, sizeof local, format, args);
  va_end(args);
  if (n < 0) {
    va_end(again);
    return -2;
  }
  std::string longer;
  if (static_cast<std::size_t>(n) >= sizeof local) {
    longer.resize(static_cast<std::size_t>(n));
    std::vsnprintf(longer.data(), longer.size() + 1, format, again);
  }
  va_end(again);
  {
    backend::PrintfBuffer& b = backend::printf_buffer();
    std::lock_guard<std::mutex> lock(b.m);
    if (longer.empty()) b.text.append(local, static_cast<std::size_t>(n));
    else b.text.append(longer);
  }
  return backend::arguments_named(format);
}

}  // namespace cusim::detail
