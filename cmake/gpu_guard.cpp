// cusim-gpu-guard [--process-per-case] <program> [args...]: how CTest starts a test program of a
// CUDA-backend build (cmake/CusimHelpers.cmake). With a CUDA device it becomes the program (exec,
// so the exit status and output are the program's own). Without one it prints one line and exits
// 0, and CTest, which matches that line, counts the test as skipped: a GPU-less machine can build
// the CUDA backend and run ctest without a wall of CUDA errors.
//
// --process-per-case: the program is a doctest binary whose test cases each end in a sticky CUDA
// error (a fault inside a kernel). On a GPU such an error leaves the process unable to use CUDA
// again ("the process must be terminated and relaunched", CUDA runtime documentation), so each
// test case runs in a process of its own (doctest's --first=k --last=k); the status is 0 when
// every one passed.
#include <cuda_runtime.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Runs argv to completion; its exit status (128 + signal when killed).
int run(std::vector<std::string> args) {
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("fork");
    return 127;
  }
  if (pid == 0) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    std::perror(argv[0]);
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The number of test cases of a doctest program (its --count line), or -1.
int count_cases(const std::vector<std::string>& args) {
  std::string command = "'" + args[0] + "' --count";
  for (std::size_t i = 1; i < args.size(); ++i) command += " '" + args[i] + "'";
  FILE* p = popen(command.c_str(), "r");
  if (!p) return -1;
  char line[512];
  int count = -1;
  while (std::fgets(line, sizeof line, p)) {
    if (const char* at = std::strstr(line, "passing the current filters:")) count = std::atoi(at + 28);
  }
  pclose(p);
  return count;
}

int process_per_case(std::vector<std::string> args) {
  const int cases = count_cases(args);
  if (cases < 0) {
    std::fprintf(stderr, "cusim-gpu-guard: %s --count gave no test-case count\n", args[0].c_str());
    return 2;
  }
  int failed = 0;
  for (int k = 1; k <= cases; ++k) {
    std::vector<std::string> one = args;
    one.push_back("--first=" + std::to_string(k));
    one.push_back("--last=" + std::to_string(k));
    std::printf("cusim-gpu-guard: test case %d of %d, in a process of its own\n", k, cases);
    const int status = run(one);
    std::printf("cusim-gpu-guard: test case %d of %d: %s (status %d)\n", k, cases, status == 0 ? "passed" : "FAILED",
                status);
    failed += status != 0;
  }
  std::printf("cusim-gpu-guard: %d of %d test cases passed\n", cases - failed, cases);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  const bool per_case = argc > 1 && std::strcmp(argv[1], "--process-per-case") == 0;
  const int first = per_case ? 2 : 1;
  if (argc <= first) {
    std::fprintf(stderr, "usage: cusim-gpu-guard [--process-per-case] <program> [args...]\n");
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    const char* slash = std::strrchr(argv[first], '/');
    std::printf("cusim: no CUDA device here; skipping the GPU run of %s\n", slash ? slash + 1 : argv[first]);
    return 0;
  }
  if (per_case) return process_per_case(std::vector<std::string>(argv + first, argv + argc));
  execv(argv[first], argv + first);
  std::perror(argv[first]);
  return 127;
}
