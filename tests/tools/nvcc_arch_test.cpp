// cusim-nvcc's -arch, -code and -gencode choose the architecture device code sees as
// __CUDA_ARCH__, as nvcc's do (the highest one named); host code sees it undefined.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "run_program.hpp"

namespace {

const char* kProgram = R"(#include <cstdio>
__global__ void arch(int* out) {
#ifdef __CUDA_ARCH__
  *out = __CUDA_ARCH__;
#else
  *out = -1;
#endif
}
int main() {
  int* out;
  cudaMallocManaged(&out, sizeof(int));
  arch<<<1, 1>>>(out);
  cudaDeviceSynchronize();
#ifdef __CUDA_ARCH__
  std::printf("host sees %d\n", __CUDA_ARCH__);
#endif
  std::printf("%d\n", *out);
  return 0;
}
)";

// What the program built with `options` prints.
std::string built_with(const std::vector<std::string>& options) {
  cusim_test::TempDir dir;
  std::ofstream(dir.file("arch.cu")) << kProgram;
  std::vector<std::string> build{CUSIM_NVCC, "--fast", "-o", dir.file("arch")};
  build.insert(build.end(), options.begin(), options.end());
  build.push_back(dir.file("arch.cu"));
  const cusim_test::ProgramRun built = cusim_test::run_program(build);
  REQUIRE_MESSAGE(built.status == 0, built.err);
  const cusim_test::ProgramRun run = cusim_test::run_program({dir.file("arch")});
  REQUIRE(run.status == 0);
  return run.out;
}

}  // namespace

TEST_CASE("-arch chooses __CUDA_ARCH__ in device code; without it device code sees the H100 profile's 900") {
  CHECK(built_with({}) == "900\n");
  CHECK(built_with({"-arch", "sm_80"}) == "800\n");
  CHECK(built_with({"-gencode", "arch=compute_70,code=sm_70", "-gencode=arch=compute_86,code=[sm_86,compute_86]"}) == "860\n");
}
