// The checked build's access hooks (access_hooks.cpp): ThreadSanitizer's entry points, defined
// by cusim.
#pragma once

namespace cusim::sim {

// Whether the program has instrumented (checked-build) code: each such translation unit's
// constructor calls __tsan_init before main.
bool instrumented();

}  // namespace cusim::sim
