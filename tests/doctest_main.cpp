// The main of every doctest program (cusim_add_test). Host code: no kernel here.
//
// A CUDA-backend test run on a machine without a GPU skips with one line and succeeds, instead
// of failing every test case on its first CUDA call (CI builds the CUDA backend but has no GPU).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <cusim/cusim.hpp>

int main(int argc, char** argv) {
#if !CUSIM_SIMULATOR
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    const char* slash = std::strrchr(argv[0], '/');
    std::printf("cusim: no CUDA device here; skipping the GPU run of %s\n", slash ? slash + 1 : argv[0]);
    return 0;
  }
#endif
  return doctest::Context(argc, argv).run();
}
