// Turns hardware faults in kernel code (wild stores, stack overflow, SIGFPE, SIGILL) into
// findings that end the launch, instead of killing the host process.
#pragma once

namespace cusim::sim {

// Installs the process-wide handlers (once) and an alternate signal stack for the calling OS
// thread, so that a stack overflow can still be handled.
void install_fault_handlers_for_this_thread();

}  // namespace cusim::sim
