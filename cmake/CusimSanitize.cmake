# CUSIM_SANITIZE: build everything (library, tests, examples, bench) with compiler sanitizers.
#
#   -DCUSIM_SANITIZE=address            AddressSanitizer (and LeakSanitizer)
#   -DCUSIM_SANITIZE=address,undefined  the same plus UndefinedBehaviorSanitizer
#
# Empty (the default) adds nothing: the normal build is unchanged. The engine tells ASan about
# its fiber switches (sim/exec/context.cpp) and about faults handled on the alternate signal
# stack (sim/exec/fault_signals.cpp) only when the compiler defines __SANITIZE_ADDRESS__.
# tools/check-memory configures build-asan/ with this option and runs the suite
# (docs/CONFIGURATION.md, "Memory-error check of the suite").
#
# A test that cannot work under a sanitizer gets the CTest label `asan-incompatible`, with the
# reason in a comment beside it, e.g. in tests/CMakeLists.txt:
#   if(CUSIM_SANITIZE)  # <why this test cannot run under ASan>
#     set_tests_properties(<test> PROPERTIES LABELS asan-incompatible)
#   endif()
# tools/check-memory runs ctest with -LE asan-incompatible.
set(CUSIM_SANITIZE "" CACHE STRING "Sanitizers to build with: empty, address, or address,undefined")
set_property(CACHE CUSIM_SANITIZE PROPERTY STRINGS "" "address" "address,undefined")

if(CUSIM_SANITIZE)
  if(NOT CUSIM_SANITIZE MATCHES "^(address|address,undefined|undefined,address)$")
    message(FATAL_ERROR "CUSIM_SANITIZE='${CUSIM_SANITIZE}': use address or address,undefined")
  endif()
  # Frame pointers give ASan's fast unwinder whole stacks in its reports. -O1, as ASan's own
  # documentation advises, after the build type's -O2 (the last -O wins): the sanitized build is
  # for finding memory errors, and compiles a quarter faster than at -O2, which CI's time needs.
  # -fexpensive-optimizations keeps what kernels compute: GCC contracts a*b+c into one fused
  # multiply-add, as nvcc does (tests/plain_cuda/79_fused_multiply_add.cu), only with it.
  add_compile_options(-fsanitize=${CUSIM_SANITIZE} -fno-omit-frame-pointer -O1 -fexpensive-optimizations)
  add_link_options(-fsanitize=${CUSIM_SANITIZE})
  if(CUSIM_SANITIZE MATCHES "undefined")
    # A kernel's integer division by zero must reach the CPU's trap: the engine reports it as an
    # arithmetic fault (the finding tests/exec/fault_test.cpp checks). UBSan's own check would
    # report it first, and abort the test under halt_on_error.
    add_compile_options(-fno-sanitize=integer-divide-by-zero)
    add_link_options(-fno-sanitize=integer-divide-by-zero)
  endif()
  message(STATUS "cusim: building with -fsanitize=${CUSIM_SANITIZE}")
endif()
