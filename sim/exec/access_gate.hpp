// The engine's per-access veto, as the engine sees it: an opaque gate. While kernel code of a
// block runs, `running::gate` points to the gate one of the block's observers supplies (the
// checkers, in the checked build) or is null. The checked build's access hooks
// (sim/instrument/access_hooks.cpp), which know what the gate is, ask it about every access
// before the access happens; the engine only installs it, pauses it while it runs engine code on
// a kernel thread's behalf, and puts it back.
#pragma once
#include "cusim/detail/sim_abi.hpp"  // CUSIM_EXECUTABLE_TLS

namespace cusim::sim {

class ObserverList;

// A gate is a class that derives from this one; the engine never looks inside.
class AccessGate {
 protected:
  AccessGate() = default;
  ~AccessGate() = default;
};

namespace running {
// The gate of the block running on this OS thread while its kernel code runs, else nullptr: the
// first thing every access hook reads.
CUSIM_EXECUTABLE_TLS extern constinit thread_local AccessGate* gate;
// The observers of the running block that want its accesses (checked build), or nullptr when
// none does: read by the access hooks only after the gate let an access through.
CUSIM_EXECUTABLE_TLS extern constinit thread_local const ObserverList* observers;

// Pauses the gate while the engine runs on a kernel thread's behalf (an intrinsic, a failure
// report); puts it back when the thread returns to kernel code.
class PauseChecks {
 public:
  PauseChecks() : saved_(gate) { gate = nullptr; }
  ~PauseChecks() { gate = saved_; }
  PauseChecks(const PauseChecks&) = delete;
  PauseChecks& operator=(const PauseChecks&) = delete;

 private:
  AccessGate* saved_;
};
}  // namespace running

}  // namespace cusim::sim
