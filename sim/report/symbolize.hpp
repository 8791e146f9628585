// Names and source lines of code addresses, resolved lazily (only when a finding is reported).
#pragma once
#include <string>

#include "sim/report/diagnostic.hpp"

namespace cusim::sim {

// The demangled name of the function containing `address` ("square(int*, int)"): from the dynamic
// symbol table (link with -rdynamic, as cusim's CMake targets do), else, for a function with
// internal linkage, from the executable's own symbol table; its address in hex when neither has it.
std::string function_name(const void* address);

// The first instruction of the function containing `address`, from the same symbol tables;
// nullptr when neither has it.
const void* function_start(const void* address);

// Makes the symboliser's state now, on a host thread, so that a simulated thread that symbolises
// (a finding's report) never runs its one-time initialisation on a stack that may be nearly full.
void prepare_symbolizer();

// The source line of a return address (the call just before it), from the executable's debug
// information; unknown (file == nullptr) without debug information or without libbacktrace.
// The strings live as long as the process.
SourceSite call_site(const void* return_address);
// The source line of the instruction at `pc` itself (a faulting instruction).
SourceSite code_site(const void* pc);

// Whether the instruction at `pc` is the program's own code: the debug information places it in a
// file of the program, and no function it lies in (inlined calls included) is cusim's library or a
// header of cusim's or the system's. Such an instruction runs with no lock or state of cusim's
// half taken, so a thread interrupted there may be abandoned (the watchdog; watchdog.hpp). False
// without debug information.
bool is_program_code(const void* pc);

}  // namespace cusim::sim
