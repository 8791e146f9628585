# cusim_add_executable(<name> [CHECKED|FAST] <sources>... [HOST_ONLY <sources>...])
# Builds a program written against <cusim/cusim.hpp> for the simulator. CUDA sources (.cu) are
# compiled as C++: the same files build for the GPU with nvcc.
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
# No sibling calls: a hook called last in a kernel would otherwise return into the engine, and its
# return address (the access's site in findings) would name the engine's line.
set(CUSIM_CHECKED_FLAGS -fsanitize=thread --param=tsan-instrument-func-entry-exit=0 -fno-optimize-sibling-calls)

function(cusim_add_executable name)
  set(mode "")
  set(sources ${ARGN})
  set(host_sources "")
  list(FIND sources HOST_ONLY at)
  if(at GREATER -1)
    list(SUBLIST sources ${at} -1 host_sources)
    list(REMOVE_AT host_sources 0)
    list(SUBLIST sources 0 ${at} sources)
  endif()
  list(GET sources 0 first)
  if(first STREQUAL "CHECKED" OR first STREQUAL "FAST")
    set(mode ${first})
    list(REMOVE_AT sources 0)
  endif()
  if(mode STREQUAL "")
    set(mode FAST)
    if(CUSIM_CHECKED)
      set(mode CHECKED)
    endif()
  endif()
  if(mode STREQUAL "CHECKED" AND CUSIM_SANITIZE)
    set(mode FAST)  # see above: the two instrumentations exclude each other
  endif()
  foreach(src IN LISTS sources)
    if(src MATCHES "\\.cu$")
      set_source_files_properties(${src} PROPERTIES LANGUAGE CXX)
    endif()
  endforeach()
  add_executable(${name} ${sources})
  target_link_libraries(${name} PRIVATE cusim::cusim)
  if(mode STREQUAL "CHECKED")
    target_compile_options(${name} PRIVATE ${CUSIM_CHECKED_FLAGS})
  endif()
  if(host_sources)
    add_library(${name}_host OBJECT ${host_sources})
    target_link_libraries(${name}_host PRIVATE cusim::cusim)
    target_link_libraries(${name} PRIVATE ${name}_host)
  endif()
  set_target_properties(${name} PROPERTIES CUSIM_MODE ${mode})
endfunction()

# cusim_add_library(<name> [CHECKED|FAST] <sources>...)
# A static library of kernel code (e.g. the kernel library, kernels/), compiled exactly as
# cusim_add_executable compiles a program's sources: .cu as C++, and in the checked build with the
# checkers' instrumentation, so its kernels are checked in every program that links it. Mode as for
# cusim_add_executable; the library links cusim::cusim publicly.
function(cusim_add_library name)
  set(sources ${ARGN})
  list(GET sources 0 mode)
  if(mode STREQUAL "CHECKED" OR mode STREQUAL "FAST")
    list(REMOVE_AT sources 0)
  elseif(CUSIM_CHECKED)
    set(mode CHECKED)
  else()
    set(mode FAST)
  endif()
  if(mode STREQUAL "CHECKED" AND CUSIM_SANITIZE)
    set(mode FAST)  # as in cusim_add_executable: the two instrumentations exclude each other
  endif()
  foreach(src IN LISTS sources)
    if(src MATCHES "\\.cu$")
      set_source_files_properties(${src} PROPERTIES LANGUAGE CXX)
    endif()
  endforeach()
  add_library(${name} STATIC ${sources})
  target_link_libraries(${name} PUBLIC cusim::cusim)
  if(mode STREQUAL "CHECKED")
    target_compile_options(${name} PRIVATE ${CUSIM_CHECKED_FLAGS})
  endif()
  set_target_properties(${name} PROPERTIES CUSIM_MODE ${mode})
endfunction()
