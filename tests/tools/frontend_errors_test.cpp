// Bad input to the front end (docs/FRONTEND.md), through each entry point a user has: the
// translator itself, cusim-nvcc and `cusim run x.cu`. Each is one clear line at the user's
// file:line:col (or naming the missing file) and a failing exit status, never a crash.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_program.hpp"

namespace {

struct BadInput {
  const char* name;
  const char* text;     // nullptr: the file does not exist
  const char* message;  // the one error line, after "<path>:"
};

const BadInput kBadInputs[] = {
    {"syntax.cu", "__global__ void k(int* p) {\n  p[0] = 1\n}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "2:11: error: expected ';' after expression"},
    {"dynamic_parallelism.cu",
     "__global__ void child(int* p) { p[0] = 1; }\n__global__ void parent(int* p) {\n  child<<<1, 1>>>(p);\n}\n"
     "int main() { parent<<<1, 1>>>(nullptr); }\n",
     "3:8: error: a kernel launch in device code (dynamic parallelism) is not supported by cusim; launch the kernel "
     "from host code"},
    {"inline_ptx.cu",
     "__global__ void k(float* p) {\n  unsigned short h;\n  asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h) : \"f\"(p[0]));\n"
     "  p[1] = h;\n}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "3:3: error: inline PTX `cvt.rn.f16.f32 %0, %1` is not simulated by cusim; docs/FRONTEND.md lists the PTX cusim "
     "runs, or write it with CUDA's intrinsics (__popc(), __brev(), __byte_perm(), __funnelshift_l()...)"},
    {"inline_ptx_branch.cu",
     "__global__ void k(unsigned* p) {\n  unsigned v;\n"
     "  asm(\"{ .reg .pred z; setp.eq.u32 z, %1, 0; mov.u32 %0, 0; @z bra DONE; mov.u32 %0, 1; DONE: }\" "
     ": \"=r\"(v) : \"r\"(p[0]));\n"
     "  p[0] = v;\n}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "3:3: error: inline PTX `bra DONE` is not simulated by cusim (labels and branches are not; write the control "
     "flow in C++); docs/FRONTEND.md lists the PTX cusim runs, or write it with CUDA's intrinsics (__popc(), "
     "__brev(), __byte_perm(), __funnelshift_l()...)"},
    {"inline_ptx_local_window.cu",
     "__global__ void k(unsigned* p) {\n  unsigned v;\n"
     "  asm(\"ld.local.u32 %0, [%1];\" : \"=r\"(v) : \"r\"(0u));\n"
     "  p[0] = v;\n}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "3:3: error: inline PTX `ld.local.u32 %0, [%1]` is not simulated by cusim (a .local window address; cusim "
     "runs generic, .global and .shared addresses); docs/FRONTEND.md lists the PTX cusim runs, or write it with "
     "CUDA's intrinsics (__popc(), __brev(), __byte_perm(), __funnelshift_l()...)"},
    {"inline_ptx_bulk_copy.cu",
     "__global__ void k(unsigned* p) {\n"
     "  asm volatile(\"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16, [%2];\" "
     ":: \"r\"(0u), \"l\"(p), \"r\"(0u));\n"
     "}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "2:3: error: inline PTX `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 16, [%2]` "
     "is not simulated by cusim; docs/FRONTEND.md lists the PTX cusim runs, or write it with CUDA's intrinsics "
     "(__popc(), __brev(), __byte_perm(), __funnelshift_l()...)"},
    {"inline_ptx_outside_carry.cu",
     "__global__ void k(unsigned* p) {\n  unsigned v;\n"
     "  asm(\"addc.u32 %0, %1, %1;\" : \"=r\"(v) : \"r\"(p[0]));\n"
     "  p[0] = v;\n}\nint main() { k<<<1, 1>>>(nullptr); }\n",
     "3:3: error: inline PTX `addc.u32 %0, %1, %1` is not simulated by cusim (its carry comes from outside this asm "
     "statement); docs/FRONTEND.md lists the PTX cusim runs, or write it with CUDA's intrinsics (__popc(), __brev(), "
     "__byte_perm(), __funnelshift_l()...)"},
    {"missing_include.cu", "#include \"not_there.cuh\"\n__global__ void k() {}\nint main() { k<<<1, 1>>>(); }\n",
     "1:10: fatal error: 'not_there.cuh' file not found"},
    {"shared_from_macro.cu",
     "#define SMEM __shared__\n__global__ void k(int* p) {\n  SMEM int s[4];\n  s[0] = 1;\n  p[0] = s[0];\n}\n"
     "int main() { k<<<1, 1>>>(nullptr); }\n",
     "3:12: error: the __shared__ of `s` comes from a macro; cusim's translator rewrites __shared__ only where it is "
     "written (write __shared__ itself in this declaration)"},
    {"unnameable_deduced_kernel.cu",
     "template <typename T>\n__global__ void k(const T* p) {}\nstruct S {\n  float* ptr;\n};\n"
     "template <typename U>\nvoid f(U u) {\n  k<<<1, 1>>>(u.ptr);\n}\nint main() { f(S{nullptr}); }\n",
     "8:4: error: cusim's translator cannot tell which kernel this launch means: the kernel is overloaded, or a "
     "template whose arguments the launch deduces, and an argument's type differs from its parameter's; name the "
     "kernel with its template arguments (kernel<T><<<...>>>) or pass arguments of the parameters' types"},
    {"driver_api.cu",
     "#include <cuda.h>\nint main() {\n  CUdevice d;\n  cuInit(0);\n  cuDeviceGet(&d, 0);\n}\n",
     "1:10: error: cusim does not simulate CUDA's driver API (<cuda.h>: cuInit, cuLaunchKernel...); use the runtime "
     "API (<cuda_runtime.h>: cudaMalloc, kernel<<<...>>>) instead"},
    {"no_such_file.cu", nullptr, ""},
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1) lines.push_back(text.substr(from, nl - from));
  if (from < text.size()) lines.push_back(text.substr(from));
  return lines;
}

}  // namespace

TEST_CASE("bad input is one error line at the user's file:line and a failing status, from every entry point") {
  for (const BadInput& b : kBadInputs) {
    CAPTURE(std::string(b.name));
    cusim_test::TempDir dir;
    const std::string path = dir.file(b.name);
    if (b.text) std::ofstream(path) << b.text;
    const std::string expected = b.text ? path + ":" + b.message : "";

    const cusim_test::ProgramRun translate = cusim_test::run_program({CUSIM_TRANSLATE, path});
    CHECK(translate.status == 1);
    CHECK_FALSE(translate.signalled);
    const std::vector<std::string> lines = lines_of(translate.err);
    REQUIRE(lines.size() == 1);
    if (b.text) CHECK(lines[0] == expected);
    else CHECK(lines[0] == "cusim-translate: error: " + path + ": No such file or directory");

    const cusim_test::ProgramRun nvcc = cusim_test::run_program({CUSIM_NVCC, "-o", dir.file("program"), path});
    CHECK(nvcc.status == 1);
    CHECK_FALSE(nvcc.signalled);
    REQUIRE_FALSE(lines_of(nvcc.err).empty());
    if (b.text) CHECK(lines_of(nvcc.err)[0] == expected);
    else CHECK(lines_of(nvcc.err)[0] == "cusim-nvcc: error: " + path + ": No such file or directory");

    const cusim_test::ProgramRun run =
        cusim_test::run_program({CUSIM_TOOL, "run", path}, {"CUSIM_CACHE_DIR=" + dir.file("cache"), "CUSIM_REPORT="});
    CHECK_FALSE(run.signalled);
    REQUIRE_FALSE(lines_of(run.err).empty());
    if (b.text) {
      CHECK(run.status == 7);
      CHECK(lines_of(run.err)[0] == expected);
    } else {
      CHECK(run.status == 2);
      CHECK(lines_of(run.err)[0] == "cusim: error: program '" + path + "': No such file or directory");
    }
  }
}

// The runtime's host functions, exit() and abort() in device code do not compile, as with nvcc
// ("calling a __host__ function from a __global__ function is not allowed"); the functions that
// CUDA's device runtime offers kernels (cudaMalloc, cudaFree, cudaGetLastError...) do, and the
// simulator reports the unsimulated ones when they run (docs/CHECKS.md, host-call-in-kernel).
TEST_CASE("a host function called in device code is a compile error at the call's line") {
  struct Case {
    const char* call;
    const char* function;
  };
  const Case cases[] = {{"cudaDeviceSynchronize();", "cudaDeviceSynchronize"},
                        {"cudaMemcpy(p, p + 1, 4, cudaMemcpyDeviceToDevice);", "cudaMemcpy"},
                        {"cudaDeviceReset();", "cudaDeviceReset"},
                        {"cudaStreamSynchronize(0);", "cudaStreamSynchronize"},
                        {"cudaMallocHost(&q, 4);", "cudaMallocHost"},
                        {"exit(1);", "exit"},
                        {"abort();", "abort"}};
  for (const Case& c : cases) {
    CAPTURE(std::string(c.call));
    cusim_test::TempDir dir;
    const std::string path = dir.file("host_call.cu");
    std::ofstream(path) << "#include <cstdlib>\n__global__ void k(int* p) {\n  void* q = nullptr;\n  (void)q;\n  "
                        << c.call << "\n}\nint main() { k<<<1, 1>>>(nullptr); }\n";
    const cusim_test::ProgramRun nvcc = cusim_test::run_program({CUSIM_NVCC, "-o", dir.file("program"), path});
    CHECK(nvcc.status == 1);
    CHECK_FALSE(nvcc.signalled);
    const std::vector<std::string> lines = lines_of(nvcc.err);
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0] == path + ":5:3: error: no matching function for call to '" + c.function + "'");
    CHECK(lines[1].find("call to __host__ function from __global__ function") != std::string::npos);
  }
  cusim_test::TempDir dir;
  const std::string path = dir.file("device_runtime.cu");
  std::ofstream(path) << "__global__ void k(int* p) {\n  if (cudaGetLastError() == cudaSuccess) cudaFree(p);\n}\n"
                         "int main() { k<<<1, 1>>>(nullptr); }\n";
  const cusim_test::ProgramRun nvcc = cusim_test::run_program({CUSIM_NVCC, "-c", "-o", dir.file("k.o"), path});
  CHECK(nvcc.status == 0);
  CHECK(nvcc.err.empty());
}

// MTGP32 has 200 parameter sets, one per block state: cuRAND reads past its table for more; cusim
// refuses, with a line that says why.
TEST_CASE("curandMakeMTGP32KernelState refuses more states than MTGP32 has parameter sets") {
  if (!std::filesystem::exists("/usr/local/cuda/include/curand_mtgp32dc_p_11213.h") &&
      !std::filesystem::exists("/usr/include/curand_mtgp32dc_p_11213.h")) {
    MESSAGE("skipped: no CUDA Toolkit's curand_mtgp32dc_p_11213.h (MTGP32's parameter sets)");
    return;
  }
  cusim_test::TempDir dir;
  const std::string path = dir.file("mtgp32_states.cu");
  std::ofstream(path) << "#include <cstdio>\n#include <curand_kernel.h>\n#include <curand_mtgp32_host.h>\n"
                         "int main() {\n  curandStateMtgp32_t* s;\n  mtgp32_kernel_params_t* k;\n"
                         "  cudaMalloc(&s, 201 * sizeof *s);\n  cudaMalloc(&k, sizeof *k);\n"
                         "  curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, k);\n"
                         "  std::printf(\"%d %d\\n\", int(curandMakeMTGP32KernelState(s, mtgp32dc_params_fast_11213, k, 201, 1)),\n"
                         "              int(curandMakeMTGP32KernelState(s, mtgp32dc_params_fast_11213, k, 200, 1)));\n}\n";
  const cusim_test::ProgramRun build = cusim_test::run_program({CUSIM_NVCC, "-o", dir.file("program"), path});
  REQUIRE(build.status == 0);
  const cusim_test::ProgramRun run = cusim_test::run_program({dir.file("program")});
  CHECK(run.status == 0);
  CHECK(run.out == "104 0\n");
  CHECK(run.err ==
        "cusim: curandMakeMTGP32KernelState: 201 states asked for; MTGP32 has 200 parameter sets "
        "(CURAND_NUM_MTGP32_PARAMS), one per state: CURAND_STATUS_OUT_OF_RANGE\n");
}

// Texture references were removed in CUDA 12: a program that still declares one is told, at the
// declaration, what replaces them.
TEST_CASE("a legacy texture reference is a compile error at its line that names texture objects") {
  cusim_test::TempDir dir;
  const std::string path = dir.file("legacy_texture.cu");
  std::ofstream(path) << "#include <cuda_runtime.h>\ntexture<float, 2, cudaReadModeElementType> tex;\n"
                         "__global__ void k(float* out) { out[0] = 1.0f; }\nint main() { k<<<1, 1>>>(nullptr); }\n";
  const cusim_test::ProgramRun nvcc = cusim_test::run_program({CUSIM_NVCC, "-o", dir.file("program"), path});
  CHECK(nvcc.status == 1);
  CHECK_FALSE(nvcc.signalled);
  const std::vector<std::string> lines = lines_of(nvcc.err);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines[0].rfind(path + ":2:1: error: ", 0) == 0);
  CHECK(lines[0].find("is unavailable: texture references were removed in CUDA 12: make a texture object "
                      "(cudaCreateTextureObject) and read it with tex1Dfetch<T>(obj, i), tex1D<T>, tex2D<T> or "
                      "tex3D<T>") != std::string::npos);
}
