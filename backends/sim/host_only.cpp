// Host code called from kernel code (host_only.hpp): the runtime's host API, and the C library's
// exit() and abort(), interposed here. A GPU build does not compile either in device code (the
// runtime's device-side functions need the device runtime, which cusim does not simulate); on the
// simulator the call would end the host process from inside a launch, or wait for that launch.
// Each ends the launch with one host-call-in-kernel finding at the call's line, and the engine
// goes on as after any finding.
#include "backends/sim/host_only.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sim/exec/block_run.hpp"

namespace cusim::backend {
namespace {

// The runtime functions CUDA offers to kernels through its device runtime (-rdc=true; CUDA 13's
// cuda_device_runtime_api.h for sm_90), which a GPU build of the same call would accept.
bool in_device_runtime(const char* call) {
  static constexpr const char* kDeviceRuntime[] = {
      "cudaMalloc",          "cudaFree",          "cudaMemcpyAsync",          "cudaMemcpy2DAsync",
      "cudaMemcpy3DAsync",   "cudaMemsetAsync",   "cudaMemset2DAsync",        "cudaMemset3DAsync",
      "cudaStreamCreateWithFlags", "cudaStreamDestroy", "cudaStreamWaitEvent", "cudaEventCreateWithFlags",
      "cudaEventRecord",     "cudaEventRecordWithFlags", "cudaEventDestroy"};
  for (const char* name : kDeviceRuntime)
    if (std::strcmp(call, name) == 0) return true;
  return false;
}

// Turns the checks off for the rest of the thread, first: the report's strings are built by code
// that the program's instrumented copies of std::string may stand for, and are not its accesses.
void stop_checks() { sim::running::gate = nullptr; }

[[noreturn]] void end_launch(std::string message, const void* return_address) {
  sim::BlockRun::current()->fail_thread(sim::DiagnosticKind::host_call_in_kernel, std::move(message),
                                        sim::call_site(return_address));
}

// The C library's own definition of `name`, which the one below hides from the program.
template <class F>
F libc(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

}  // namespace

void refuse_in_kernel(const char* call, const void* return_address) {
  stop_checks();
  std::string message = std::string(call) + " called in kernel code: ";
  if (in_device_runtime(call))
    message += "CUDA offers it to kernels only through the device runtime (-rdc=true), which cusim does not "
               "simulate; call it from the host";
  else
    message += "it is a host function of the CUDA runtime (nvcc rejects the call in device code) and would wait "
               "for this launch; call it from the host after the launch";
  end_launch(std::move(message), return_address);
}

}  // namespace cusim::backend

// exit() and abort() in kernel code. Defined in the program, they take precedence over the C
// library's for the program's own calls; outside kernels they are the C library's.
extern "C" [[noreturn]] void exit(int status) noexcept {
  if (cusim::detail::in_simulated_thread() && cusim::sim::BlockRun::current()) {
    cusim::backend::stop_checks();
    cusim::backend::end_launch("exit(" + std::to_string(status) +
                                   ") called in kernel code: a kernel cannot end the host process (nvcc rejects "
                                   "exit in device code); end the launch with __trap() or assert()",
                               __builtin_return_address(0));
  }
  static const auto real = cusim::backend::libc<void (*)(int)>("exit");
  if (real) real(status);
  _exit(status);  // a program linked statically: no other exit() to call
}

extern "C" [[noreturn]] void abort() noexcept {
  if (cusim::detail::in_simulated_thread() && cusim::sim::BlockRun::current()) {
    cusim::backend::stop_checks();
    cusim::backend::end_launch("abort() called in kernel code: a kernel cannot end the host process (nvcc rejects "
                               "abort in device code); end the launch with __trap() or assert()",
                               __builtin_return_address(0));
  }
  static const auto real = cusim::backend::libc<void (*)()>("abort");
  if (real) real();
  signal(SIGABRT, SIG_DFL);  // a program linked statically: end by SIGABRT as abort() would
  raise(SIGABRT);
  _exit(128 + SIGABRT);
}
