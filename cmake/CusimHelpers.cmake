# Build helpers: a program or a test written against <cusim/cusim.hpp> builds the same way for
# either backend (CUSIM_BACKEND, top-level CMakeLists.txt; README, "Building for the GPU").
#
# cusim_add_executable(<name> [CHECKED|FAST] [SIM_ONLY] <sources>... [HOST_ONLY <sources>...])
#   Simulator: CUDA sources (.cu), plain CUDA as users write it, pass through the translator
#   (tools/cusim-translate, docs/FRONTEND.md) as part of their compile step, then are compiled
#   as C++ and linked with the simulator; editing any header they include rebuilds them.
#   CUDA: every source before HOST_ONLY (.cu and .cpp alike: test files hold kernels) is compiled
#   by nvcc; HOST_ONLY sources by the C++ compiler against CUDA's runtime API. CHECKED and FAST
#   are accepted and mean nothing there (the GPU has no checked build). SIM_ONLY: a program that
#   needs the simulator (findings, schedules, settings) is not built for the GPU at all.
#
# cusim_add_test(<name> [CHECKED|FAST] [SIM_ONLY] [PROCESS_PER_CASE] <sources>... [HOST_ONLY <sources>...])
#   A doctest program (the sources plus tests/doctest_main.cpp) and the CTest test <name> that
#   runs it. doctest comes from its CMake package, or from -DCUSIM_DOCTEST_INCLUDE_DIR=<dir
#   holding doctest/doctest.h> (tools/carry-prepare, for machines without the package).
#   PROCESS_PER_CASE: on the CUDA backend each test case runs in a process of its own, for suites
#   whose cases end in a sticky CUDA error (a fault in a kernel), after which a process cannot
#   use the GPU again; the simulator recovers in-process (cudaDeviceReset) and runs them in one.
#
# On the CUDA backend, every program built by these helpers that a CTest test runs is started
# through cusim-gpu-guard: on a machine without a GPU the test prints one line and counts as
# skipped instead of failing on its first CUDA call.
#
# The checked build (DESIGN §5, docs/CHECKS.md) compiles the program's sources with the
# compiler's ThreadSanitizer instrumentation, whose entry points cusim itself defines (libtsan is
# not linked): every load, store and atomic of kernel code then reaches the checkers. FAST leaves
# them uninstrumented (the fast mode: no racecheck or initcheck, memcheck by guard pages only).
# Without either word the target follows the option CUSIM_CHECKED. Sources after HOST_ONLY (host
# code that runs no kernel, e.g. a benchmark's serial reference) are never instrumented.
option(CUSIM_CHECKED "Build programs with the checkers' instrumentation (racecheck, initcheck, exact memcheck)" ON)
if(CUSIM_CHECKED AND CUSIM_SANITIZE)
  message(STATUS "cusim: CUSIM_SANITIZE=${CUSIM_SANITIZE} excludes the checked build (ThreadSanitizer instrumentation); CUSIM_CHECKED is off")
  set(CUSIM_CHECKED OFF)
endif()
# The checked build's flags, beside CUSIM_KERNEL_FLAGS (whose lack of sibling calls matters here
# too: a hook called last in a kernel would otherwise return into the engine, and its return
# address, the access's site in findings, would name the engine's line). No scalar replacement
# of aggregates: it splits a float4 (int4, double2...) store into aligned scalar
# stores before the instrumentation sees it, and a 16-byte store at a 4-byte-aligned address,
# which faults on a GPU, would not be reported. Volatile reads get hooks of their own: with the
# atomics, they are the polls by which the engine finds threads that spin. memcpy, memmove and
# memset are calls, never expanded inline where the instrumentation does not see them (a 64-byte
# memcpy becomes vector moves after it ran), and the calls go to cusim's checked copies
# (runtime/cusim/detail/checked_memory_functions.hpp); __builtin_memcpy stays a builtin. No identical
# code folding: two kernels (or a kernel and the device function that is its only statement) that
# compile to the same code would be folded into one, and a finding in the one folded away would be
# named at the declaration line of the other. The compiler's alignment check tests each typed load
# and store against its type's alignment, before the access; cusim handles what it finds
# (sim/instrument/access_hooks.cpp), and sees misaligned accesses that g++ compiles as unaligned
# because it knows the offset (CUDA faults on them; packed members and copies are not checked).
# The variables the functions below read are internal cache entries: the functions are called from
# any directory, also from the project that added cusim, where cusim's own variables are not seen.
set(CUSIM_CHECKED_FLAGS -fsanitize=thread --param=tsan-instrument-func-entry-exit=0
    -fno-tree-sra --param=tsan-distinguish-volatile=1 -fno-builtin-memcpy -fno-builtin-memmove -fno-builtin-memset
    -fno-ipa-icf -fsanitize=alignment -fno-toplevel-reorder CACHE INTERNAL "")
set(CUSIM_CHECKED_DEFAULT ${CUSIM_CHECKED} CACHE INTERNAL "")
set(CUSIM_DOCTEST_INCLUDE_DIR "" CACHE PATH
    "Directory holding doctest/doctest.h, used instead of doctest's CMake package (tools/carry-prepare)")
# doctest's main: tests/doctest_main.cpp in the source tree; installed, beside this file.
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/doctest_main.cpp)
  set(CUSIM_DOCTEST_MAIN ${CMAKE_CURRENT_LIST_DIR}/doctest_main.cpp CACHE INTERNAL "")
else()
  set(CUSIM_DOCTEST_MAIN ${CMAKE_CURRENT_LIST_DIR}/../tests/doctest_main.cpp CACHE INTERNAL "")
endif()

if(CUSIM_BACKEND STREQUAL "cuda" AND NOT TARGET cusim-gpu-guard)  # once, also when included again
  # The guard is host code: built once, by the C++ compiler, against CUDA's runtime.
  add_executable(cusim-gpu-guard ${CMAKE_CURRENT_LIST_DIR}/gpu_guard.cpp)
  target_link_libraries(cusim-gpu-guard PRIVATE CUDA::cudart)
  # A fixed path: CROSSCOMPILING_EMULATOR takes no generator expressions before CMake 3.29.
  set_target_properties(cusim-gpu-guard PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  set(CUSIM_GPU_GUARD ${CMAKE_BINARY_DIR}/cusim-gpu-guard CACHE INTERNAL "")
endif()

# Marks the tests of the calling directory as skipped when their guard found no GPU. Deferred to
# the end of the directory (set_tests_properties reaches only tests of the current directory),
# so that tests added after the program, with add_test(), are covered too.
function(_cusim_mark_gpu_tests)
  get_property(tests DIRECTORY PROPERTY TESTS)
  if(tests)
    set_tests_properties(${tests} PROPERTIES SKIP_REGULAR_EXPRESSION "^cusim: no CUDA device here")
  endif()
endfunction()

# Sets <out_mode> to CHECKED or FAST for a target with the given CHECKED/FAST keywords, and gives
# its kernel sources their compiler: nvcc for every one on the CUDA backend; the C++ compiler for
# .cu files on the simulator.
function(_cusim_kernel_sources out_mode checked fast)
  set(has_cuda OFF)
  if(CUSIM_BACKEND STREQUAL "cuda")
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE CUDA)
  else()
    foreach(src IN LISTS ARGN)
      if(src MATCHES "\\.cu$")
        # Compiled as C++ after the translator has rewritten it: on its own, never inside a unity
        # build's batch file (CMAKE_UNITY_BUILD), which the translator would pass through untouched.
        set_source_files_properties(${src} PROPERTIES LANGUAGE CXX SKIP_UNITY_BUILD_INCLUSION ON)
        set(has_cuda ON)
      endif()
    endforeach()
  endif()
  set(${out_mode}_HAS_CUDA ${has_cuda} PARENT_SCOPE)
  set(mode FAST)
  if(checked OR (CUSIM_CHECKED_DEFAULT AND NOT fast))
    set(mode CHECKED)
  endif()
  if(CUSIM_SANITIZE OR CUSIM_BACKEND STREQUAL "cuda")
    set(mode FAST)  # see above: the two instrumentations exclude each other; the GPU has none
  endif()
  set(${out_mode} ${mode} PARENT_SCOPE)
endfunction()

# The flags of kernel code on the simulator, in both builds (the translator adds the same for .cu
# sources): no sibling calls (a runtime call that ends a kernel would otherwise return into the
# engine, and a finding about it would name the engine's line) and stack probes (a frame larger
# than the stack's guard region is touched page by page from the top, so that its overflow hits
# the guard instead of another simulated thread's stack); debug information, whatever the build
# type, since it is what gives findings their file and line (cusim-nvcc adds it too); and the
# checked build's own.
set(CUSIM_KERNEL_FLAGS -fno-optimize-sibling-calls -fstack-clash-protection -g CACHE INTERNAL "")
function(_cusim_kernel_flags target mode)
  if(CUSIM_BACKEND STREQUAL "cuda")
    return()
  endif()
  target_compile_options(${target} PRIVATE ${CUSIM_KERNEL_FLAGS})
  if(mode STREQUAL "CHECKED")
    target_compile_options(${target} PRIVATE ${CUSIM_CHECKED_FLAGS})
  endif()
endfunction()

# The translator as the compiler launcher of a target with CUDA sources on the simulator: it
# rewrites each .cu source (and the user's headers it includes) and compiles the result; other
# sources pass straight through. The compile command it sees carries every include folder and
# definition the target has, so Clang parses the file as the compiler will.
function(_cusim_translate_cuda_sources target has_cuda)
  if(has_cuda AND NOT CUSIM_BACKEND STREQUAL "cuda")
    set_target_properties(${target} PROPERTIES CXX_COMPILER_LAUNCHER "$<TARGET_FILE:cusim::translate>;--compile")
    add_dependencies(${target} cusim::translate)
  endif()
endfunction()

function(cusim_add_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "CHECKED;FAST;SIM_ONLY" "" "HOST_ONLY")
  set(sources ${arg_UNPARSED_ARGUMENTS})
  set(host_sources ${arg_HOST_ONLY})
  if(arg_SIM_ONLY AND CUSIM_BACKEND STREQUAL "cuda")
    return()
  endif()
  _cusim_kernel_sources(mode "${arg_CHECKED}" "${arg_FAST}" ${sources})
  add_executable(${name} ${sources})
  _cusim_translate_cuda_sources(${name} ${mode_HAS_CUDA})
  target_link_libraries(${name} PRIVATE cusim::cusim)
  _cusim_kernel_flags(${name} ${mode})
  if(host_sources)
    add_library(${name}_host OBJECT ${host_sources})
    target_link_libraries(${name}_host PRIVATE cusim::cusim)
    target_link_libraries(${name} PRIVATE ${name}_host)
  endif()
  set_target_properties(${name} PROPERTIES CUSIM_MODE ${mode})
  if(CUSIM_BACKEND STREQUAL "cuda")
    # add_test(COMMAND <this target>) then runs `cusim-gpu-guard <program> <args>`.
    set_target_properties(${name} PROPERTIES CROSSCOMPILING_EMULATOR ${CUSIM_GPU_GUARD})
    add_dependencies(${name} cusim-gpu-guard)
    get_property(deferred DIRECTORY PROPERTY CUSIM_GPU_TESTS_DEFERRED)
    if(NOT deferred)
      set_property(DIRECTORY PROPERTY CUSIM_GPU_TESTS_DEFERRED ON)
      cmake_language(DEFER CALL _cusim_mark_gpu_tests)
    endif()
  endif()
endfunction()

# doctest's headers and main, built once (tests/doctest_main.cpp is host code: it holds no kernel).
function(_cusim_doctest_main)
  if(TARGET cusim_doctest_main)
    return()
  endif()
  add_library(cusim_doctest_main STATIC ${CUSIM_DOCTEST_MAIN})
  if(CUSIM_DOCTEST_INCLUDE_DIR)
    if(NOT EXISTS ${CUSIM_DOCTEST_INCLUDE_DIR}/doctest/doctest.h)
      message(FATAL_ERROR "cusim: CUSIM_DOCTEST_INCLUDE_DIR=${CUSIM_DOCTEST_INCLUDE_DIR} holds no doctest/doctest.h")
    endif()
    target_include_directories(cusim_doctest_main SYSTEM PUBLIC ${CUSIM_DOCTEST_INCLUDE_DIR})
  else()
    find_package(doctest REQUIRED)
    target_link_libraries(cusim_doctest_main PUBLIC doctest::doctest)
  endif()
  target_link_libraries(cusim_doctest_main PUBLIC cusim::cusim)
endfunction()

function(cusim_add_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "SIM_ONLY;PROCESS_PER_CASE" "" "")
  if(arg_SIM_ONLY AND CUSIM_BACKEND STREQUAL "cuda")
    return()
  endif()
  _cusim_doctest_main()
  cusim_add_executable(${name} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE cusim_doctest_main)
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_SOURCE_DIR})
  target_compile_definitions(${name} PRIVATE CUSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  if(arg_PROCESS_PER_CASE AND CUSIM_BACKEND STREQUAL "cuda")
    add_test(NAME ${name} COMMAND cusim-gpu-guard --process-per-case $<TARGET_FILE:${name}>)
  else()
    add_test(NAME ${name} COMMAND ${name})
  endif()
  # Tests read findings as data: printing them too would only bury doctest's report.
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "CUSIM_QUIET=1" TIMEOUT 300)
endfunction()

# cusim_add_library(<name> [CHECKED|FAST] <sources>...)
# A static library of kernel code (e.g. the kernel library, kernels/), compiled exactly as
# cusim_add_executable compiles a program's sources (nvcc on the CUDA backend; on the simulator .cu
# as C++, in the checked build with the checkers' instrumentation), so its kernels are checked in
# every program that links it. The library links cusim::cusim publicly.
function(cusim_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "CHECKED;FAST" "" "")
  set(sources ${arg_UNPARSED_ARGUMENTS})
  _cusim_kernel_sources(mode "${arg_CHECKED}" "${arg_FAST}" ${sources})
  add_library(${name} STATIC ${sources})
  _cusim_translate_cuda_sources(${name} ${mode_HAS_CUDA})
  target_link_libraries(${name} PUBLIC cusim::cusim)
  _cusim_kernel_flags(${name} ${mode})
  set_target_properties(${name} PROPERTIES CUSIM_MODE ${mode})
endfunction()
