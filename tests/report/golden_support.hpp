// The golden-text check shared by the fast and the checked golden suites: one finding per kind,
// compared with tests/golden/<kind>.txt (regenerate with CUSIM_UPDATE_GOLDEN=1).
#pragma once
#include <doctest/doctest.h>

#include <cstdlib>
#include <cusim/cusim.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "test_support.hpp"

namespace {

std::string strip_checkout_path(std::string text) {
  const std::string prefix = std::string(CUSIM_SOURCE_DIR) + "/";
  for (std::size_t at; (at = text.find(prefix)) != std::string::npos;) text.erase(at, prefix.size());
  return text;
}

// Runs `launch` (which must end in exactly one finding of `kind`) and compares the finding's text
// with tests/golden/<kind>.txt (<name>.txt for a second form of a kind).
template <class F>
void check_golden(const std::string& kind, cudaError_t expected_error, F launch, const std::string& name = "") {
  cusim_test::FindingsGuard guard;
  cusim_test::ScopedSchedule deterministic(cusim::Schedule::in_order, 1, 1);
  const cudaError_t launch_error = launch();
  const cudaError_t error = launch_error != cudaSuccess ? launch_error : cudaDeviceSynchronize();
  CHECK(error == expected_error);
  const auto findings = cusim::findings();
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].kind == kind);
  CHECK(findings[0].error == expected_error);
  const std::string actual = strip_checkout_path(findings[0].text);
  const std::string path = std::string(CUSIM_SOURCE_DIR) + "/tests/golden/" + (name.empty() ? kind : name) + ".txt";
  if (std::getenv("CUSIM_UPDATE_GOLDEN")) {
    std::ofstream(path) << actual;
    return;
  }
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "missing golden file ", path);
  std::stringstream expected;
  expected << in.rdbuf();
  CHECK(actual == expected.str());
}

}  // namespace
