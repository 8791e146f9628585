// Whether the program is the checked build: its kernel code is compiled with the checkers'
// instrumentation and reports every access (sim/instrument/access_hooks.cpp), so launches can
// hand accesses to the access gate and to observers.
#pragma once

namespace cusim::sim {

bool instrumented();
// Said by the instrumentation, as each instrumented translation unit starts (before main):
// true the first time.
bool note_instrumented();

}  // namespace cusim::sim
