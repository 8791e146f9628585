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

// For the handlers of signals that end a block (these faults, the watchdog's): the instruction a
// signal interrupted, from the handler's context argument (nullptr on an unknown architecture).
const void* interrupted_pc(const void* ucontext);
// Called by such a handler before it abandons the interrupted fiber: in the AddressSanitizer build
// it tells ASan that the handler runs on the alternate signal stack and that the fiber's stack is
// gone for good; otherwise nothing.
void leave_fiber_from_signal();

}  // namespace cusim::sim
