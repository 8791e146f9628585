// The findings store: every diagnostic the simulator reports, kept as data and printed once.
#pragma once
#include "cusim/detail/host_api.hpp"
#include "sim/report/diagnostic.hpp"

namespace cusim::backend {

// Keeps `d` (which ended a launch with `error`) and prints it to stderr unless CUSIM_QUIET.
void report(const sim::Diagnostic& d, cudaError_t error);

}  // namespace cusim::backend
