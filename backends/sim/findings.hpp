// The findings store: every diagnostic the simulator reports, kept as data and printed once.
#pragma once
#include "cusim/detail/host_api.hpp"
#include "sim/report/diagnostic.hpp"
#include "sim/report/symbolize.hpp"

namespace cusim::backend {

// Keeps `d` (which ended a launch with `error`) and prints it to stderr unless CUSIM_QUIET.
void report(const sim::Diagnostic& d, cudaError_t error);

// Where the program made an API call, for findings about the call: the call's return address
// (symbolised only if a finding is made), or the line cusim::launch recorded.
struct ApiCaller {
  const void* return_address = nullptr;
  sim::SourceSite written{};
  ApiCaller(const void* ra) : return_address(ra) {}
  explicit ApiCaller(sim::SourceSite s) : written(s) {}
  sim::SourceSite site() const { return written.known() ? written : sim::call_site(return_address); }
};

// The return address of the API function this is used in: the program's call.
#define CUSIM_CALLER __builtin_return_address(0)

}  // namespace cusim::backend
