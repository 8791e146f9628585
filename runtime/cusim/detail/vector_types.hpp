// CUDA's built-in vector types (char1..double4) and their make_ functions, with CUDA's sizes and
// alignments: a float4 is 16 bytes aligned to 16, so copying one is one 16-byte access, which must
// be aligned on the GPU (memcheck's misaligned-access) exactly as here.
#pragma once

#define CUSIM_VECTOR_TYPES(T, NAME, A2, A4)                                                                \
  struct NAME##1 { T x; };                                                                                 \
  struct alignas(A2) NAME##2 { T x, y; };                                                                  \
  struct NAME##3 { T x, y, z; };                                                                           \
  struct alignas(A4) NAME##4 { T x, y, z, w; };                                                            \
  inline constexpr NAME##1 make_##NAME##1(T x) { return NAME##1{x}; }                                     \
  inline constexpr NAME##2 make_##NAME##2(T x, T y) { return NAME##2{x, y}; }                              \
  inline constexpr NAME##3 make_##NAME##3(T x, T y, T z) { return NAME##3{x, y, z}; }                      \
  inline constexpr NAME##4 make_##NAME##4(T x, T y, T z, T w) { return NAME##4{x, y, z, w}; }

CUSIM_VECTOR_TYPES(signed char, char, 2, 4)
CUSIM_VECTOR_TYPES(unsigned char, uchar, 2, 4)
CUSIM_VECTOR_TYPES(short, short, 4, 8)
CUSIM_VECTOR_TYPES(unsigned short, ushort, 4, 8)
CUSIM_VECTOR_TYPES(int, int, 8, 16)
CUSIM_VECTOR_TYPES(unsigned int, uint, 8, 16)
CUSIM_VECTOR_TYPES(long, long, 2 * sizeof(long), 16)
CUSIM_VECTOR_TYPES(unsigned long, ulong, 2 * sizeof(long), 16)
CUSIM_VECTOR_TYPES(long long, longlong, 16, 16)
CUSIM_VECTOR_TYPES(unsigned long long, ulonglong, 16, 16)
CUSIM_VECTOR_TYPES(float, float, 8, 16)
CUSIM_VECTOR_TYPES(double, double, 16, 16)
#undef CUSIM_VECTOR_TYPES

static_assert(sizeof(float4) == 16 && alignof(float4) == 16);
static_assert(sizeof(float2) == 8 && alignof(float2) == 8);
static_assert(sizeof(float3) == 12 && alignof(float3) == 4);
static_assert(sizeof(int4) == 16 && alignof(int4) == 16);
static_assert(sizeof(double2) == 16 && alignof(double2) == 16);
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4);
