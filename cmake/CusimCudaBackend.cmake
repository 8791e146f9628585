# The CUDA backend (CUSIM_BACKEND=cuda): kernels and tests compiled by nvcc against the real CUDA
# runtime. cusim::cusim is then an interface target: the public headers (runtime/), which map the
# portable spellings to plain CUDA under nvcc, and CUDA's runtime library. The simulator (sim/,
# backends/sim) is not built, so neither Boost nor TBB is needed.
#
#   -DCMAKE_CUDA_ARCHITECTURES=90   the GPU generation (default 90: H100); any list nvcc accepts
#   -DCMAKE_CUDA_COMPILER=<nvcc>    when nvcc is not on PATH and not at /usr/local/cuda/bin/nvcc
if(CUSIM_SANITIZE)
  message(FATAL_ERROR "cusim: CUSIM_SANITIZE is a simulator build (the CUDA backend has compute-sanitizer)")
endif()
# There are no checkers on the GPU: the checked build is a simulator build, and the targets and
# tests that exist only there (if(CUSIM_CHECKED) in the CMakeLists) are left out.
set(CUSIM_CHECKED OFF)  # a normal variable: option(CUSIM_CHECKED) in CusimHelpers leaves it (CMP0077)

if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
  find_program(cusim_nvcc_on_path nvcc)
  if(NOT cusim_nvcc_on_path)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
endif()
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 90)
endif()
enable_language(CUDA)
if(NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)  # CMake before 3.26 knows nvcc's C++17 only
  set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
endif()
set(CMAKE_CUDA_STANDARD 20)
set(CMAKE_CUDA_STANDARD_REQUIRED ON)
set(CMAKE_CUDA_EXTENSIONS OFF)
# As for C++ (top-level CMakeLists): no NDEBUG, so that assert() in kernels stays alive; the
# top-level project's own choice when cusim is added to one.
if(PROJECT_IS_TOP_LEVEL)
  set(CMAKE_CUDA_FLAGS_RELWITHDEBINFO "-O2 -g" CACHE STRING "" FORCE)
endif()
find_package(CUDAToolkit REQUIRED)

add_library(cusim INTERFACE)
target_include_directories(cusim INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/runtime)
# CUSIM_BACKEND_CUDA: host-only sources compiled by the C++ compiler (HOST_ONLY) include
# <cusim/cusim.hpp> too, and must see the CUDA runtime, not the simulator's.
target_compile_definitions(cusim INTERFACE CUSIM_BACKEND_CUDA=1)
target_link_libraries(cusim INTERFACE CUDA::cudart)
# C++20 for host-only sources of programs that link cusim; their CUDA sources get it from
# CMAKE_CUDA_STANDARD (CMake 3.25 knows no cuda_std_20 feature for nvcc 13; see above).
target_compile_features(cusim INTERFACE cxx_std_20)
# Host code warns as the simulator build does; nvcc passes these to the host compiler.
# --expt-relaxed-constexpr: kernels may call constexpr functions of the standard library
# (std::numeric_limits<T>::max(), std::min), as they can on the simulator, where kernels are C++.
target_compile_options(cusim INTERFACE $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra --expt-relaxed-constexpr>)
add_library(cusim::cusim ALIAS cusim)
message(STATUS "cusim: CUDA backend, nvcc ${CMAKE_CUDA_COMPILER_VERSION}, architectures ${CMAKE_CUDA_ARCHITECTURES}")
