// <cmath> and <math.h> as a CUDA source compiled as C++17 sees them, in the one place where C++20
// differs: libstdc++'s <math.h> brings C++20's std::lerp to global scope, and CUDA programs,
// written for nvcc's default dialect (C++17), define their own global lerp (cuda-samples'
// helper_math.h: lerp(float, float, float)), which would conflict with it here, where CUDA sources
// are compiled as C++20 (cusim's headers need it). So the two headers are read first with the
// standard's lerp under another name, and std::lerp forwards to it: std::lerp works as in C++20,
// and the global namespace has no lerp. Read before any other header (cuda_runtime.h, the
// translator's parse); where <cmath> came first, nothing changes.
#pragma once
#if defined(__cplusplus) && __cplusplus > 201703L && !defined(_GLIBCXX_CMATH) && !defined(_GLIBCXX_MATH_H)
#define lerp cusim_std_lerp_
#include <cmath>
#include <math.h>
#undef lerp
namespace std {
template <class A, class B, class C>
constexpr auto lerp(A a, B b, C t) noexcept -> decltype(std::cusim_std_lerp_(a, b, t)) {
  return std::cusim_std_lerp_(a, b, t);
}
}  // namespace std
#endif
