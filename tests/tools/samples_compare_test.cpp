// tools/cuda-samples/compare: the simulator's and the GPU's output of a sample are the same when
// they differ only in what a run measures (times, rates, clock counts, the program's path) or in
// cusim's own report lines; a kernel's printf lines may come in another order; any other
// difference, or a missing log, is reported and fails the comparison.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_program.hpp"

namespace {

void write(const cusim_test::TempDir& dir, const std::string& side, const std::string& program, const std::string& text) {
  std::ofstream(dir.file(side + "/" + program + ".run.log")) << text;
}

}  // namespace

TEST_CASE("compare masks measurements and reports every other difference") {
  cusim_test::TempDir dir;
  REQUIRE(std::filesystem::create_directories(dir.file("sim")));
  REQUIRE(std::filesystem::create_directories(dir.file("gpu")));
  write(dir, "gpu", "timed",
        "/build/cuda-samples/timed Starting...\nPerformance= 812.5 GFlop/s, Time= 0.161 msec\n"
        "histogram64() time (average) : 0.00001 sec, 1245640.1836 MB/sec\nAverage clocks/block = 3096.5\nResult = PASS\n");
  write(dir, "sim", "timed",
        "/tmp/run/timed Starting...\nPerformance= 0.05 GFlop/s, Time= 83.404 msec\n"
        "histogram64() time (average) : 0.31 sec, 25.9446 MB/sec\nAverage clocks/block = 309694.56\n"
        "cusim: ERROR SUMMARY: 0 findings\nResult = PASS\n");
  write(dir, "gpu", "printing", "[1, 0]: 10\n[0, 0]: 10\n");
  write(dir, "sim", "printing", "[0, 0]: 10\n[1, 0]: 10\n");
  write(dir, "gpu", "wrong", "L1 error: 2.745062E-08\nTest passed\n");
  write(dir, "sim", "wrong", "L1 error: 3.070748E-08\nTest passed\n");
  write(dir, "gpu", "absent", "Test passed\n");

  const auto compare = [&](const std::string& program) {
    return cusim_test::run_program({SAMPLES_COMPARE, dir.file("sim"), dir.file("gpu"), program});
  };
  const cusim_test::ProgramRun timed = compare("timed");
  CHECK(timed.status == 0);
  CHECK(timed.out.find("timed                      same     (5 lines)") != std::string::npos);
  const cusim_test::ProgramRun printing = compare("printing");
  CHECK(printing.status == 0);
  CHECK(printing.out.find("same-unordered") != std::string::npos);
  const cusim_test::ProgramRun wrong = compare("wrong");
  CHECK(wrong.status == 1);
  CHECK(wrong.out.find("differs") != std::string::npos);
  CHECK(wrong.out.find("-L1 error: 2.745062E-08") != std::string::npos);
  CHECK(wrong.out.find("+L1 error: 3.070748E-08") != std::string::npos);
  const cusim_test::ProgramRun absent = compare("absent");
  CHECK(absent.status == 1);
  CHECK(absent.out.find("missing") != std::string::npos);
}
