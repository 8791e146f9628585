// Turns hardware faults in kernel code (wild stores, stack overflow, SIGFPE, SIGILL) into
// findings that end the launch, instead of killing the host process.
#pragma once

namespace cusim::sim {

// Makes sure that cusim's handlers are installed (test frameworks such as doctest install their
// own per test case; cusim then takes over and forwards faults outside kernels to them) and that
// the calling thread has an alternate signal stack. A few system calls: once per launch.
void ensure_fault_handlers();

// Gives the calling worker thread an alternate signal stack, so that a stack overflow can be
// handled; after the first call on a thread this is a thread-local test.
void ensure_alt_stack();

}  // namespace cusim::sim
