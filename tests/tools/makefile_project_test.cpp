// A three-file Makefile project (tests/tools/makefile_project: kernels in two .cu files, the
// host in a .cpp, separate compilation) built with `make NVCC=cusim-nvcc`, as a team would build
// its existing project for cusim: it runs clean; with a planted race it exits 1 and names the
// .cu line.
#include <doctest/doctest.h>

#include <string>

#include "run_program.hpp"

namespace {

// Runs a shell command line in `dir`.
cusim_test::ProgramRun shell(const std::string& dir, const std::string& command) {
  return cusim_test::run_program({"/bin/sh", "-c", "cd '" + dir + "' && " + command});
}

}  // namespace

TEST_CASE("a Makefile project builds with make NVCC=cusim-nvcc, runs clean, and a planted race is found") {
  cusim_test::TempDir dir;
  const std::string project = dir.file("project");
  REQUIRE(shell(dir.file(""), "cp -r '" MAKEFILE_PROJECT "' project").status == 0);
  const std::string make = "make NVCC='" CUSIM_NVCC "' ";

  const cusim_test::ProgramRun build = shell(project, make);
  CAPTURE(build.err);
  REQUIRE(build.status == 0);
  // Separate compilation: one object per source, then the link.
  CHECK(build.out.find("-c scale.cu -o scale.o") != std::string::npos);
  CHECK(build.out.find("-c main.cpp -o main.o") != std::string::npos);
  const cusim_test::ProgramRun clean = shell(project, "./app");
  CAPTURE(clean.err);
  CHECK(clean.status == 0);
  CHECK(clean.out == "sum 3000.0 (expected 3000.0): cudaSuccess\n");
  CHECK(clean.err.find("cusim:") == std::string::npos);

  REQUIRE(shell(project, make + "clean").status == 0);
  REQUIRE(shell(project, make + "RACE=1").status == 0);
  const cusim_test::ProgramRun racy = shell(project, "CUSIM_QUIET=0 ./app");
  CAPTURE(racy.err);
  CHECK(racy.status == 1);
  CHECK(racy.err.find("scale.cu:13: error: race-") != std::string::npos);
  CHECK(racy.err.find("cusim: ERROR SUMMARY:") != std::string::npos);
}
