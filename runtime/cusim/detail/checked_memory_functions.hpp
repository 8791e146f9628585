// The checked build's memcpy, memmove and memset: in a translation unit compiled with
// -fsanitize=thread (the checked build), calls to them, and the block copies the compiler emits
// for large struct assignments, go to cusim's hooks (sim/instrument/access_hooks.cpp), which check
// the byte ranges as kernel accesses at the caller's line and then copy. ThreadSanitizer's own
// runtime intercepts these functions in the C library; cusim does not link it, and GCC's
// instrumentation sees only the copies it expands inline. GCC applies an assembler name given to a
// redeclaration to the function throughout the translation unit, <cstring>'s declarations and
// std::memcpy included, and to its own library calls for block moves and clears.
#pragma once
#include <cstddef>

#if defined(__SANITIZE_THREAD__) && !defined(CUSIM_TRANSLATOR_PARSE)
extern "C" {
void* memcpy(void* dst, const void* src, std::size_t n) noexcept __asm__("__cusim_memcpy");
void* memmove(void* dst, const void* src, std::size_t n) noexcept __asm__("__cusim_memmove");
void* memset(void* dst, int c, std::size_t n) noexcept __asm__("__cusim_memset");
}
#endif
