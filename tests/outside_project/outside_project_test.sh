#!/usr/bin/env bash
# A user's CMake project (tests/outside_project: a clean and a racy program, plain CUDA) built
# against cusim one of three ways, then run: the clean program exits 0 with no finding, the racy
# one exits 1 naming the race at its line, and the project's build holds none of cusim's own tests,
# examples or benchmarks. docs/INSTALL.md.
#
#   outside_project_test.sh find_package|add_subdirectory|fetch_content CUSIM_SOURCE CUSIM_BUILD WORK
#   outside_project_test.sh installed CUSIM_SOURCE PREFIX WORK
#
# find_package installs CUSIM_BUILD (a finished build of CUSIM_SOURCE) into WORK/prefix and builds
# against that, then also builds the racy program with the installed cusim-nvcc and, in cusim's
# portable spelling, with pkg-config's flags. installed does the same with a cusim already
# installed under PREFIX (the Debian package: tools/check-deb). add_subdirectory and
# fetch_content build cusim from CUSIM_SOURCE inside the project, as a unity build, with
# CUSIM_BUILD's translator (CUSIM_TRANSLATOR) so that Clang's headers are not compiled a second
# time. CMAKE_GENERATOR, if set, is the generator.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 find_package|add_subdirectory|fetch_content|installed CUSIM_SOURCE CUSIM_BUILD|PREFIX WORK" >&2; exit 2; }
way=$1 source=$2 build=$3 work=$4
here="$(cd "$(dirname "$0")" && pwd)"
fail() { echo "outside_project_test: $way: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
configure=(cmake -S "$here/$way" -B "$work/build")
case $way in
  find_package)
    prefix="$work/prefix"
    cmake --install "$build" --prefix "$prefix" >"$work/install.log" || fail "cmake --install failed"
    configure+=(-DCMAKE_PREFIX_PATH="$prefix") ;;
  installed)
    prefix="$build"
    configure=(cmake -S "$here/find_package" -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix") ;;
  add_subdirectory | fetch_content)
    # A unity build (CMAKE_UNITY_BUILD, a project's own choice that reaches cusim's library): the
    # library compiles in a quarter of the time, and the project's .cu files must still be
    # translated one by one.
    configure+=(-DCUSIM_DIR="$source" -DCUSIM_TRANSLATOR="$build/bin/cusim-translate" -DCMAKE_UNITY_BUILD=ON) ;;
  *) fail "no such way" ;;
esac
"${configure[@]}" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configure failed"; }
cmake --build "$work/build" -j"$(nproc)" >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; fail "build failed"; }

# None of cusim's own tests, examples or benchmarks: no CTest test, no such target.
tests="$(ctest --test-dir "$work/build" -N | grep -c '^ *Test *#' || true)"
[ "$tests" -eq 0 ] || fail "the project's build has $tests CTest tests of cusim's"
if cmake --build "$work/build" --target help | grep -E '(^| )(test_|example_|bench_|cusim_doctest_main)'; then
  fail "the project's build has cusim's own test, example or benchmark targets (above)"
fi

# expect PROGRAM STATUS TEXT: runs PROGRAM; its exit status must be STATUS and its output must hold
# TEXT (a fixed string); a program expected to exit 0 must also print no finding.
expect() {
  local program=$1 want=$2 text=$3 status=0
  "$program" >"$work/run.out" 2>&1 || status=$?
  if [ "$status" -ne "$want" ] || ! grep -qF -- "$text" "$work/run.out" ||
    { [ "$want" -eq 0 ] && grep -q '^cusim: .*error' "$work/run.out"; }; then
    cat "$work/run.out" >&2
    fail "$program exited $status (expected $want, with '$text' in its output)"
  fi
  echo "$way: $(basename "$program") exited $status as expected"
}
expect "$work/build/app_clean" 0 "clean: all 64 elements are 1"
expect "$work/build/app_racy" 1 "racy.cu:4:"

if [ "$way" = find_package ] || [ "$way" = installed ]; then
  # nvcc's command line, as a Makefile uses it (make NVCC=cusim-nvcc).
  "$prefix/bin/cusim-nvcc" -o "$work/racy_nvcc" "$here/src/racy.cu" || fail "cusim-nvcc failed"
  expect "$work/racy_nvcc" 1 "racy.cu:4:"
  # pkg-config, for C++ in cusim's portable spelling, as a Makefile builds it: kernel code compiled
  # for the checked build, the program linked without ThreadSanitizer's runtime.
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
  # shellcheck disable=SC2046 # pkg-config's output is a list of words
  { g++ $(pkg-config --cflags cusim) $(pkg-config --variable=checked_cflags cusim) -c "$here/src/racy_portable.cpp" \
      -o "$work/racy_portable.o" && g++ "$work/racy_portable.o" $(pkg-config --libs cusim) -o "$work/racy_portable"; } ||
    fail "the pkg-config build failed"
  expect "$work/racy_portable" 1 "racy_portable.cpp:6:"
fi

if [ "$way" = find_package ] || [ "$way" = installed ]; then
  # The Python package (docs/PYTHON.md), from the prefix's Python folder, with the prefix's programs:
  # the racy kernel as a CUDA string raises KernelError at its line.
  py="$(command -v /usr/bin/python3 || command -v python3)"
  if "$py" -c 'import numpy' 2>/dev/null; then
    PYTHONPATH="$prefix/lib/python3/dist-packages" CUSIM_CACHE_DIR="$work/python_kernels" "$py" - "$prefix" \
      >"$work/python.out" 2>&1 <<'PYTHON' || { cat "$work/python.out" >&2; fail "the installed Python package failed"; }
import sys
import cusim
assert cusim.__file__.startswith(sys.argv[1]), cusim.__file__  # the prefix's, not the build tree's
code = 'extern "C" __global__ void count(int* total) {\n    *total += 1;\n}\n'
total = cusim.zeros(1, dtype=cusim.int32)
try:
    cusim.RawKernel(code, "count")((1,), (32,), (total,))
except cusim.KernelError as e:
    assert any(f.kind.startswith("race-") and f.line == 2 for f in e.findings), e
    print("KernelError at line 2, as expected")
else:
    raise SystemExit("no KernelError for the racy kernel")
PYTHON
    echo "$way: the installed Python package found the race"
  fi
fi
