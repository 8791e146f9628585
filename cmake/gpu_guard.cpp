// cusim-gpu-guard <program> [args...]: how CTest starts a test program of a CUDA-backend build
// (cmake/CusimHelpers.cmake). With a CUDA device it becomes the program (exec, so the exit status
// and output are the program's own). Without one it prints one line and exits 0, and CTest, which
// matches that line, counts the test as skipped: a GPU-less machine can build the CUDA backend
// and run ctest without a wall of CUDA errors.
#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: cusim-gpu-guard <program> [args...]\n");
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    const char* slash = std::strrchr(argv[1], '/');
    std::printf("cusim: no CUDA device here; skipping the GPU run of %s\n", slash ? slash + 1 : argv[1]);
    return 0;
  }
  execv(argv[1], argv + 1);
  std::perror(argv[1]);
  return 127;
}
