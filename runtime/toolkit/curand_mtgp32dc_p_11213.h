// cusim's <curand_mtgp32dc_p_11213.h>: the 200 parameter sets of cuRAND's MTGP32 generator
// (mtgp32dc_params_fast_11213), which are data of NVIDIA's CUDA Toolkit that cusim does not ship:
// this header includes the toolkit's own, from CUSIM_MTGP32_PARAMS_HEADER if the build defines it
// (a quoted absolute path), else from the toolkit's usual places. Its definitions of the types come
// from cusim's <curand_mtgp32.h>, whose include guard is the toolkit's. Where the toolkit is not
// found this is an error at the #include, unless CUSIM_MTGP32_PARAMS_OPTIONAL is defined (cusim's
// own library, which then leaves the host API's MTGP32 generator out): CUSIM_HAVE_MTGP32_PARAMS
// says whether they were found.
#pragma once
#include <curand_mtgp32.h>

#if defined(CUSIM_MTGP32_PARAMS_HEADER)
#include CUSIM_MTGP32_PARAMS_HEADER
#define CUSIM_HAVE_MTGP32_PARAMS 1
#elif __has_include("/usr/local/cuda/include/curand_mtgp32dc_p_11213.h")
#include "/usr/local/cuda/include/curand_mtgp32dc_p_11213.h"
#define CUSIM_HAVE_MTGP32_PARAMS 1
#elif __has_include("/usr/include/curand_mtgp32dc_p_11213.h")
#include "/usr/include/curand_mtgp32dc_p_11213.h"
#define CUSIM_HAVE_MTGP32_PARAMS 1
#elif !defined(CUSIM_MTGP32_PARAMS_OPTIONAL)
#error "cusim: MTGP32's parameter sets (mtgp32dc_params_fast_11213) come from NVIDIA's CUDA Toolkit, not found at /usr/local/cuda/include or /usr/include; install the toolkit or define CUSIM_MTGP32_PARAMS_HEADER as the quoted path of its curand_mtgp32dc_p_11213.h"
#endif
