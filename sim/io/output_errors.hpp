// Outputs the user asked for (report, trace, statistics, access maps) that could not be written.
// Each is printed at once and kept: the findings report lists them, and a program that would
// have exited 0 exits with CUSIM_ERROR_EXITCODE instead, so that a lost output is never silent.
#pragma once
#include <string>
#include <vector>

namespace cusim::sim::io {

// Prints "cusim: error: <message>" on stderr and keeps it.
void output_failed(const std::string& message);

// Every message given to output_failed() so far, in order.
std::vector<std::string> output_failures();

}  // namespace cusim::sim::io
