// The exit status of `cusim run` (docs/TOOLS.md): what happened, whatever the program's own status.
#pragma once

namespace cusim::tool {

enum ExitCode : int {
  kClean = 0,          // the program exited 0 and nothing was found
  kFindings = 1,       // findings (the program's own status does not matter)
  kUsage = 2,          // bad command line: unknown option, bad value, program not found
  kProgramFailed = 3,  // the program exited non-zero, and nothing was found
  kKilled = 4,         // the program was killed by a signal (named on stderr)
  kNoReport = 5,       // the program exited 0 but wrote no readable findings report
  kOutputFailed = 6,   // nothing was found, but an output asked for (report, trace...) was not written
  kBuildFailed = 7,    // the .cu program did not build (the compiler's errors are on stderr)
};

}  // namespace cusim::tool
