// cusim-nvcc's options for device code, as nvcc's: -arch, -code and -gencode choose the
// architecture device code sees as __CUDA_ARCH__ (the highest one named; host code sees it
// undefined), and -fmad (default true) contracts a multiply and an add into a fused multiply-add.
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

// 1 + 2^-12 squared is 1 + 2^-11 + 2^-24: rounded before the add (a tie, to even) the sum is 0;
// fused, 2^-24.
const char* kFmadProgram = R"(#include <cstdio>
__global__ void fmad(const float* in, float* out) { out[0] = in[0] * in[1] + in[2]; }
int main() {
  float* p;
  cudaMallocManaged(&p, 4 * sizeof(float));
  p[0] = p[1] = 1.0f + 1.0f / 4096;
  p[2] = -(1.0f + 1.0f / 2048);
  fmad<<<1, 1>>>(p, p + 3);
  cudaDeviceSynchronize();
  std::printf("%g\n", p[3]);
  return 0;
}
)";

// What the program built with `options` prints.
std::string built_with(const std::vector<std::string>& options, const char* program = kProgram) {
  cusim_test::TempDir dir;
  std::ofstream(dir.file("arch.cu")) << program;
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

TEST_CASE("-fmad: a multiply and an add contract into a fused multiply-add by default, as nvcc's") {
  CHECK(built_with({}, kFmadProgram) == "5.96046e-08\n");
  CHECK(built_with({"-fmad=true"}, kFmadProgram) == "5.96046e-08\n");
  CHECK(built_with({"-fmad=false"}, kFmadProgram) == "0\n");
  CHECK(built_with({"--fmad", "false"}, kFmadProgram) == "0\n");
}
