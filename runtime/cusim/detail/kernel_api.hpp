// What kernel code sees on the simulator: CUDA's qualifiers, built-in variables, barriers, shared
// memory, atomics, warp intrinsics, fences and device math, with CUDA's names and semantics.
#pragma once
#include <cassert>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "cusim/detail/checked_memory_functions.hpp"
#include "cusim/detail/sim_abi.hpp"
#include "cusim/detail/types.hpp"

// ---- qualifiers: plain C++ functions and variables on the CPU --------------------------------
// (The translator's parse, tools/cusim-translate, defines them as Clang's CUDA attributes.)
#if !defined(CUSIM_TRANSLATOR_PARSE)
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#endif
#define __forceinline__ inline __attribute__((always_inline))
// Empty on purpose: libstdc++ spells __attribute__((__noinline__)) (in <memory>), which a
// function-like expansion would break; an empty attribute list is valid, and inlining on the CPU
// changes nothing a kernel can observe.
#define __noinline__
#define __launch_bounds__(...)
#define __maxnreg__(...)
// A kernel parameter the kernel reads in place (CUDA 11.7): on the CPU every parameter is the
// kernel's own copy already.
#define __grid_constant__
#define __align__(n) __attribute__((aligned(n)))

// ---- built-in variables (read-only, as in CUDA) ----------------------------------------------
// Each is constant for as long as one CUDA thread runs: the engine sets them before it runs or
// resumes the thread, on the OS thread that runs it. The compiler cannot know that: read from
// memory, every store through an unsigned* in the kernel might have changed blockDim.x, so a
// grid-stride loop that does one (a shared histogram's atomicAdd) reloads blockDim and gridDim at
// every step. On x86-64 they are therefore read by inline assembly with no memory operands and
// not volatile: the compiler may keep a value in a register, reuse it, move it out of loops or
// drop it unused, across stores and calls alike, which is right for a value that does not change
// while the thread runs. The reads use the local-exec TLS model (one instruction: cusim is a
// static library, so its thread-locals live in the executable that kernel code is part of), and
// only in code built for an executable (PIE or not); in a shared object, where that model is not
// available, and elsewhere they are plain reads of the thread-locals.
namespace cusim::detail {
#if CUSIM_TLS_LOCAL_EXEC  // sim_abi.hpp
#define CUSIM_TLS_READ(fn, T, sym, size)                                            \
  template <unsigned Offset>                                                      \
  [[gnu::always_inline]] inline T fn() {                                          \
    T v;                                                                          \
    asm("mov" size " %%fs:" sym "@tpoff+%c1, %0" : "=r"(v) : "i"(Offset));         \
    return v;                                                                     \
  }
CUSIM_TLS_READ(block_idx_word, unsigned, "cusim_tls_block_idx", "l")
CUSIM_TLS_READ(block_dim_word, unsigned, "cusim_tls_block_dim", "l")
CUSIM_TLS_READ(grid_dim_word, unsigned, "cusim_tls_grid_dim", "l")
CUSIM_TLS_READ(shared_begin_word, char*, "cusim_tls_shared_begin", "q")
CUSIM_TLS_READ(shared_end_word, char*, "cusim_tls_shared_end", "q")
#undef CUSIM_TLS_READ
template <unsigned Offset>
[[gnu::always_inline]] inline unsigned thread_idx_word() {
  unsigned long p;
  unsigned v;
  asm("movq %%fs:cusim_tls_thread_idx@tpoff, %1\n\tmovl %c2(%1), %0" : "=r"(v), "=&r"(p) : "i"(Offset));
  return v;
}
[[gnu::always_inline]] inline uint3 thread_idx() { return uint3{thread_idx_word<0>(), thread_idx_word<4>(), thread_idx_word<8>()}; }
[[gnu::always_inline]] inline uint3 block_idx() { return uint3{block_idx_word<0>(), block_idx_word<4>(), block_idx_word<8>()}; }
[[gnu::always_inline]] inline dim3 block_dim() { return dim3{block_dim_word<0>(), block_dim_word<4>(), block_dim_word<8>()}; }
[[gnu::always_inline]] inline dim3 grid_dim() { return dim3{grid_dim_word<0>(), grid_dim_word<4>(), grid_dim_word<8>()}; }
[[gnu::always_inline]] inline char* shared_begin() { return shared_begin_word<0>(); }
[[gnu::always_inline]] inline char* shared_end() { return shared_end_word<0>(); }
#else
// The thread's index lives in its engine-owned state (heap memory): read by inline assembly where
// there is one, so that the checked build's instrumentation does not take the read for a kernel's
// access to memory it does not own (the thread-locals themselves are static TLS, which it allows).
inline uint3 thread_idx() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  const uint3* const p = tls_thread_idx;
  unsigned x, y, z;
  asm("movl (%3), %0\n\tmovl 4(%3), %1\n\tmovl 8(%3), %2" : "=&r"(x), "=&r"(y), "=r"(z) : "r"(p));
  return uint3{x, y, z};
#else
  return *tls_thread_idx;
#endif
}
inline uint3 block_idx() { return tls_block_idx; }
inline dim3 block_dim() { return tls_block_dim; }
inline dim3 grid_dim() { return tls_grid_dim; }
inline char* shared_begin() { return tls_shared_begin; }
inline char* shared_end() { return tls_shared_end; }
#endif
}  // namespace cusim::detail
// In a CUDA source (crt/cusim_cuda_source.h) the four are names, as in CUDA: the translator's
// parse declares them as variables, and the translator writes each reference to one as the read
// above (tools/cusim-translate/builtin_variables.hpp), so that a member, parameter or local named
// gridDim is the user's own. C++ written in cusim's portable spellings reads them through macros.
#if defined(CUSIM_TRANSLATOR_PARSE)
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
#elif !defined(CUSIM_CUDA_SOURCE)
#define threadIdx (::cusim::detail::thread_idx())
#define blockIdx (::cusim::detail::block_idx())
#define blockDim (::cusim::detail::block_dim())
#define gridDim (::cusim::detail::grid_dim())
#endif
inline constexpr int warpSize = 32;

// ---- shared memory: the portable spelling of __shared__ --------------------------------------
// CUSIM_SHARED(float, tile, [16][16]);  is  __shared__ float tile[16][16];
// CUSIM_SHARED(int, count);             is  __shared__ int count;
// The variable lives in the block's shared arena; the simulator knows its name and size.
#define CUSIM_SHARED(T, name, ...)                                                              \
  static constexpr ::cusim::detail::SharedDecl cusim_shared_decl_##name{                        \
      #name, sizeof(T __VA_ARGS__), alignof(T __VA_ARGS__)};                                    \
  std::add_lvalue_reference_t<T __VA_ARGS__> name = *static_cast<std::add_pointer_t<T __VA_ARGS__>>( \
      ::cusim::detail::shared_variable(cusim_shared_decl_##name, std::source_location::current()))
// CUSIM_EXTERN_SHARED(float, buf);  is  extern __shared__ float buf[];  (sized at launch)
#define CUSIM_EXTERN_SHARED(T, name) T* const name = static_cast<T*>(::cusim::detail::shared_dynamic())

namespace cusim::detail {
// The block's variable for `decl`: from the slots of the variables it declared already, or from
// the engine, which allocates it on the first declaration. (The checked build always asks the
// engine: it would instrument the slots' reads as accesses of the kernel.)
[[gnu::always_inline]] inline void* shared_variable(const SharedDecl& decl, std::source_location site) {
#if !defined(__SANITIZE_THREAD__)
  for (const SharedSlot& s : tls_shared_slots)
    if (s.decl == &decl) return s.address;
#endif
  return shared_static(decl, site);
}
}  // namespace cusim::detail

// What the translator (tools/cusim-translate, docs/FRONTEND.md) writes for plain CUDA's shared
// declarations. The variable becomes a reference to the block's instance; its own declarator
// gives the type (decltype of the name is valid in its initializer), and a lambda's unique type
// gives each declaration its own SharedDecl, in every instantiation of a template:
//   __shared__ T tile[16][16];          ->  T (&tile)[16][16] = CUSIM_SHARED_VAR(tile);
//   __shared__ T count;                 ->  T &count = CUSIM_SHARED_VAR(count);
//   __shared__ __align__(32) T v[4];    ->  T (&v)[4] = CUSIM_SHARED_VAR_ALIGNED(v, 32);
//   extern __shared__ T buf[];          ->  T (&buf)[] = CUSIM_SHARED_DYNAMIC(buf);
// and for a variable at namespace scope, a tag beside its (never defined) extern declaration and
// a reference at the start of each function that uses it:
//   __shared__ T g[64];                 ->  extern T g[64]; CUSIM_SHARED_GLOBAL_TAG(g);
//                                           ... { CUSIM_SHARED_GLOBAL_USE(g); ...
// A __device__, __constant__ or __managed__ variable defined in a CUDA source goes to a section of
// its own kind (bss: no initializer; data: one), followed, in the same section, by a guard, and
// both are registered (sim/memory/static_variables.hpp): an access to the guard is past the
// variable's end. The checked build keeps definitions in the order written (-fno-toplevel-reorder).
//   __device__ float g[64];   ->  CUSIM_STATIC_VARIABLE_SECTION(bss) __device__ float g[64];
//                                 CUSIM_STATIC_VARIABLE(g, bss, device, g_12, "/path/app.cu", 12)
#define CUSIM_STATIC_VARIABLE_SECTION(data_or_bss) __attribute__((section("." #data_or_bss ".cusim_static")))
#define CUSIM_STATIC_VARIABLE(name, data_or_bss, kind, id, file, line)                                    \
  CUSIM_STATIC_VARIABLE_SECTION(data_or_bss) __attribute__((used)) static char cusim_guard_##id[64];       \
  static const ::cusim::detail::StaticVariableRegistration cusim_registration_##id(                      \
      __builtin_addressof(name), sizeof(name), cusim_guard_##id + sizeof(cusim_guard_##id),              \
      ::cusim::detail::StaticVariableKind::kind, #name, file, line);
#define CUSIM_SHARED_VAR(name) ::cusim::detail::shared_var<decltype(name), 0>([] { return #name; })
#define CUSIM_SHARED_VAR_ALIGNED(name, align) ::cusim::detail::shared_var<decltype(name), (align)>([] { return #name; })
#define CUSIM_SHARED_DYNAMIC(name) ::cusim::detail::shared_dynamic_var<decltype(name)>()
#define CUSIM_SHARED_GLOBAL_TAG(name)                                                       \
  inline constexpr ::cusim::detail::SharedGlobal<decltype(name)> cusim_shared_global_##name { #name }
#define CUSIM_SHARED_GLOBAL_STATIC_TAG(name)                                                \
  static constexpr ::cusim::detail::SharedGlobal<decltype(name)> cusim_shared_global_##name { #name }
#define CUSIM_SHARED_GLOBAL_USE(name)                                                       \
  ::std::remove_cvref_t<decltype(cusim_shared_global_##name)>::type& name = cusim_shared_global_##name.get()

namespace cusim::detail {
template <class Ref, std::size_t Align, class Name>
[[gnu::always_inline]] inline Ref shared_var(Name, std::source_location site = std::source_location::current()) {
  using T = std::remove_reference_t<Ref>;
  static constexpr SharedDecl decl{Name{}(), sizeof(T), Align > alignof(T) ? Align : alignof(T)};
  return *static_cast<T*>(shared_variable(decl, site));
}
template <class Ref>
[[gnu::always_inline]] inline Ref shared_dynamic_var() {
  return *static_cast<std::remove_reference_t<Ref>*>(shared_dynamic());
}
// A namespace-scope shared variable: one SharedDecl for every function that uses it (an array of
// unknown bound is the dynamic shared memory).
template <class T>
struct SharedGlobal {
  using type = T;
  SharedDecl decl;
  constexpr explicit SharedGlobal(const char* name) : decl{name, sizeof_or_zero(), alignof(std::remove_all_extents_t<T>)} {}
  [[gnu::always_inline]] T& get(std::source_location site = std::source_location::current()) const {
    if constexpr (std::is_unbounded_array_v<T>) return *static_cast<T*>(shared_dynamic());
    else return *static_cast<T*>(shared_variable(decl, site));
  }
 private:
  static constexpr std::size_t sizeof_or_zero() {
    if constexpr (std::is_unbounded_array_v<T>) return 0;
    else return sizeof(T);
  }
};
}  // namespace cusim::detail

// ---- barriers and fences ---------------------------------------------------------------------
inline void __syncthreads(std::source_location site = std::source_location::current()) {
  ::cusim::detail::block_sync(site);
}
inline int __syncthreads_count(int predicate, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::block_barrier(::cusim::detail::BarrierOp::count, predicate, site);
}
inline int __syncthreads_and(int predicate, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::block_barrier(::cusim::detail::BarrierOp::all, predicate, site);
}
inline int __syncthreads_or(int predicate, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::block_barrier(::cusim::detail::BarrierOp::any, predicate, site);
}
inline void __threadfence_block() { ::cusim::detail::thread_fence(::cusim::detail::FenceScope::block); }
inline void __threadfence() { ::cusim::detail::thread_fence(::cusim::detail::FenceScope::device); }
inline void __threadfence_system() { ::cusim::detail::thread_fence(::cusim::detail::FenceScope::system); }
// Programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization): a grid's
// launches run one after the other in their stream on the simulator, so the grid this waits for
// has finished, and a trigger has nobody left to release.
inline void cudaGridDependencySynchronize() {}
inline void cudaTriggerProgrammaticLaunchCompletion() {}
[[noreturn]] inline void __trap(std::source_location site = std::source_location::current()) {
  ::cusim::detail::trap(site);
}
// Conditional graph nodes: sets the value of a conditional node's handle, which the node reads
// once the kernel's launch has finished (backends/sim/graph_conditional.cpp). A handle that no
// live graph made ends the thread's block with an invalid-handle finding.
namespace cusim::detail {
void graph_set_conditional(unsigned long long handle, unsigned value, std::source_location site);
}
inline void cudaGraphSetConditional(unsigned long long handle, unsigned int value,
                                    std::source_location site = std::source_location::current()) {
  ::cusim::detail::graph_set_conditional(handle, value, site);
}

// ---- warp intrinsics -------------------------------------------------------------------------
namespace cusim::detail {
template <class T>
unsigned long long to_lane_bits(T v) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                "warp shuffles move values of at most 8 bytes, as in CUDA");
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &v, sizeof(T));  // a builtin in the checked build too
  return bits;
}
template <class T>
T from_lane_bits(unsigned long long bits) {
  T v;
  __builtin_memcpy(&v, &bits, sizeof(T));
  return v;
}
}  // namespace cusim::detail

inline void __syncwarp(unsigned mask = 0xffffffffu, std::source_location site = std::source_location::current()) {
  ::cusim::detail::warp_collective(::cusim::detail::WarpOp::sync, mask, 0, 0, 0, site);
}
inline unsigned __ballot_sync(unsigned mask, int predicate, std::source_location site = std::source_location::current()) {
  return static_cast<unsigned>(
      ::cusim::detail::warp_collective(::cusim::detail::WarpOp::ballot, mask, predicate != 0, 0, 0, site));
}
inline int __all_sync(unsigned mask, int predicate, std::source_location site = std::source_location::current()) {
  return static_cast<int>(
      ::cusim::detail::warp_collective(::cusim::detail::WarpOp::all, mask, predicate != 0, 0, 0, site));
}
inline int __any_sync(unsigned mask, int predicate, std::source_location site = std::source_location::current()) {
  return static_cast<int>(
      ::cusim::detail::warp_collective(::cusim::detail::WarpOp::any, mask, predicate != 0, 0, 0, site));
}
// The lanes of this warp that reach this call together: the engine lets the other lanes run until
// each one is here, blocked elsewhere, or exited, as a diverged warp would be on the GPU.
inline unsigned __activemask(std::source_location site = std::source_location::current()) {
  return static_cast<unsigned>(
      ::cusim::detail::warp_collective(::cusim::detail::WarpOp::activemask, 0, 0, 0, 0, site));
}
// The clamp word `c` is built exactly as CUDA's own headers build it, so that every width
// (powers of two or not) behaves as the PTX shfl.sync instruction does on hardware.
template <class T>
T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize,
              std::source_location site = std::source_location::current()) {
  const int c = ((warpSize - width) << 8) | 0x1f;
  return ::cusim::detail::from_lane_bits<T>(::cusim::detail::warp_collective(
      ::cusim::detail::WarpOp::shfl_idx, mask, ::cusim::detail::to_lane_bits(var), srcLane, c, site));
}
template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned int delta, int width = warpSize,
                 std::source_location site = std::source_location::current()) {
  const int c = (warpSize - width) << 8;
  return ::cusim::detail::from_lane_bits<T>(::cusim::detail::warp_collective(
      ::cusim::detail::WarpOp::shfl_up, mask, ::cusim::detail::to_lane_bits(var), static_cast<int>(delta), c, site));
}
template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned int delta, int width = warpSize,
                   std::source_location site = std::source_location::current()) {
  const int c = ((warpSize - width) << 8) | 0x1f;
  return ::cusim::detail::from_lane_bits<T>(::cusim::detail::warp_collective(
      ::cusim::detail::WarpOp::shfl_down, mask, ::cusim::detail::to_lane_bits(var), static_cast<int>(delta), c, site));
}
template <class T>
T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize,
                  std::source_location site = std::source_location::current()) {
  const int c = ((warpSize - width) << 8) | 0x1f;
  return ::cusim::detail::from_lane_bits<T>(::cusim::detail::warp_collective(
      ::cusim::detail::WarpOp::shfl_xor, mask, ::cusim::detail::to_lane_bits(var), laneMask, c, site));
}

// __match_any_sync and __match_all_sync (sm_70 and later): the lanes of `mask` whose `value`
// equals this lane's; __match_all_sync gives `mask` and *pred = 1 when all are equal, else 0 and 0.
template <class T>
unsigned __match_any_sync(unsigned mask, T value, std::source_location site = std::source_location::current()) {
  static_assert(std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_any_sync compares 32- or 64-bit integers or floating-point values, as in CUDA");
  return static_cast<unsigned>(::cusim::detail::warp_collective(::cusim::detail::WarpOp::match_any, mask,
                                                                ::cusim::detail::to_lane_bits(value), 0, 0, site));
}
template <class T>
unsigned __match_all_sync(unsigned mask, T value, int* pred,
                          std::source_location site = std::source_location::current()) {
  static_assert(std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "__match_all_sync compares 32- or 64-bit integers or floating-point values, as in CUDA");
  const unsigned long long r = ::cusim::detail::warp_collective(
      ::cusim::detail::WarpOp::match_all, mask, ::cusim::detail::to_lane_bits(value), 0, 0, site);
  *pred = static_cast<int>(r >> 32);
  return static_cast<unsigned>(r);
}
// __reduce_*_sync (sm_80 and later): the reduction over the lanes of `mask`, given to each.
namespace cusim::detail {
inline unsigned warp_reduce(WarpOp op, unsigned mask, unsigned value, bool is_signed, std::source_location site) {
  return static_cast<unsigned>(warp_collective(op, mask, value, is_signed ? 1 : 0, 0, site));
}
}  // namespace cusim::detail
inline unsigned __reduce_add_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_add, mask, value, false, site);
}
inline int __reduce_add_sync(unsigned mask, int value, std::source_location site = std::source_location::current()) {
  return static_cast<int>(
      ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_add, mask, static_cast<unsigned>(value), true, site));
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_min, mask, value, false, site);
}
inline int __reduce_min_sync(unsigned mask, int value, std::source_location site = std::source_location::current()) {
  return static_cast<int>(
      ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_min, mask, static_cast<unsigned>(value), true, site));
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_max, mask, value, false, site);
}
inline int __reduce_max_sync(unsigned mask, int value, std::source_location site = std::source_location::current()) {
  return static_cast<int>(
      ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_max, mask, static_cast<unsigned>(value), true, site));
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_and, mask, value, false, site);
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_or, mask, value, false, site);
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned value, std::source_location site = std::source_location::current()) {
  return ::cusim::detail::warp_reduce(::cusim::detail::WarpOp::reduce_xor, mask, value, false, site);
}

// ---- atomics: relaxed read-modify-writes, as CUDA's are --------------------------------------
namespace cusim::detail {
// Whether `p` is in the running block's shared memory, where no other OS thread can race. Under
// ThreadSanitizer instrumentation (the checked build) every atomic stays one, so that the
// checkers see it as such and a fine-grained schedule cannot split it.
inline bool in_block_shared(const void* p) {
#if defined(__SANITIZE_THREAD__)
  (void)p;
  return false;
#else
  const char* a = static_cast<const char*>(p);
  return a >= shared_begin() && a < shared_end();
#endif
}
// A compare-and-swap that, in the checked build, the checkers do not see: the retries of a
// compare-and-swap loop. The loop's first attempt is checked like any atomic; retries, whose
// number depends on contention, would otherwise count as accesses of their own and change the
// thread's program order as the checkers number it (docs/CHECKS.md, the race rule).
template <class T>
#if defined(__SANITIZE_THREAD__)
[[gnu::noinline, gnu::no_sanitize_thread]]
#else
inline
#endif
bool compare_exchange_retry(T* address, T* expected, T desired) {
  return __atomic_compare_exchange_n(address, expected, desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
// Applies `op` atomically through a compare-and-swap loop; returns the old value.
template <class T, class Op>
T atomic_update(T* address, Op op) {
  if (in_block_shared(address)) {
    const T old = *address;
    *address = op(old);
    return old;
  }
  T old = __atomic_load_n(address, __ATOMIC_RELAXED);
  if (__atomic_compare_exchange_n(address, &old, op(old), true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return old;
  while (!compare_exchange_retry(address, &old, op(old))) {
  }
  return old;
}
// Floating-point values go through their bit patterns (CUDA compares nothing but the bits).
template <class T, class Bits, class Op>
T atomic_update_float(T* address, Op op) {
  static_assert(sizeof(T) == sizeof(Bits));
  if (in_block_shared(address)) {
    const T old = *address;
    *address = op(old);
    return old;
  }
  Bits* bits = reinterpret_cast<Bits*>(address);
  Bits old = __atomic_load_n(bits, __ATOMIC_RELAXED);
  for (bool first = true;; first = false) {
    T old_value, new_value;
    __builtin_memcpy(&old_value, &old, sizeof(T));
    new_value = op(old_value);
    Bits desired;
    __builtin_memcpy(&desired, &new_value, sizeof(T));
    if (first ? __atomic_compare_exchange_n(bits, &old, desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
              : compare_exchange_retry(bits, &old, desired))
      return old_value;
  }
}
}  // namespace cusim::detail

// NAME(T*, T) via the builtin, or, in the running block's shared memory, as old -> NEW.
#define CUSIM_ATOMIC_FETCH(NAME, T, BUILTIN, NEW)                                               \
  inline T NAME(T* address, T val) {                                                            \
    if (::cusim::detail::in_block_shared(address)) {                                            \
      const T old = *address;                                                                   \
      *address = (NEW);                                                                         \
      return old;                                                                               \
    }                                                                                           \
    return BUILTIN(address, val, __ATOMIC_RELAXED);                                             \
  }
CUSIM_ATOMIC_FETCH(atomicAdd, int, __atomic_fetch_add, old + val)
CUSIM_ATOMIC_FETCH(atomicAdd, unsigned int, __atomic_fetch_add, old + val)
CUSIM_ATOMIC_FETCH(atomicAdd, unsigned long long, __atomic_fetch_add, old + val)
CUSIM_ATOMIC_FETCH(atomicSub, int, __atomic_fetch_sub, old - val)
CUSIM_ATOMIC_FETCH(atomicSub, unsigned int, __atomic_fetch_sub, old - val)
CUSIM_ATOMIC_FETCH(atomicExch, int, __atomic_exchange_n, val)
CUSIM_ATOMIC_FETCH(atomicExch, unsigned int, __atomic_exchange_n, val)
CUSIM_ATOMIC_FETCH(atomicExch, unsigned long long, __atomic_exchange_n, val)
CUSIM_ATOMIC_FETCH(atomicAnd, int, __atomic_fetch_and, old & val)
CUSIM_ATOMIC_FETCH(atomicAnd, unsigned int, __atomic_fetch_and, old & val)
CUSIM_ATOMIC_FETCH(atomicAnd, unsigned long long, __atomic_fetch_and, old & val)
CUSIM_ATOMIC_FETCH(atomicOr, int, __atomic_fetch_or, old | val)
CUSIM_ATOMIC_FETCH(atomicOr, unsigned int, __atomic_fetch_or, old | val)
CUSIM_ATOMIC_FETCH(atomicOr, unsigned long long, __atomic_fetch_or, old | val)
CUSIM_ATOMIC_FETCH(atomicXor, int, __atomic_fetch_xor, old ^ val)
CUSIM_ATOMIC_FETCH(atomicXor, unsigned int, __atomic_fetch_xor, old ^ val)
CUSIM_ATOMIC_FETCH(atomicXor, unsigned long long, __atomic_fetch_xor, old ^ val)
#undef CUSIM_ATOMIC_FETCH

#define CUSIM_ATOMIC_MINMAX(T)                                                                  \
  inline T atomicMin(T* address, T val) {                                                       \
    return ::cusim::detail::atomic_update(address, [val](T old) { return val < old ? val : old; }); \
  }                                                                                             \
  inline T atomicMax(T* address, T val) {                                                       \
    return ::cusim::detail::atomic_update(address, [val](T old) { return val > old ? val : old; }); \
  }
CUSIM_ATOMIC_MINMAX(int)
CUSIM_ATOMIC_MINMAX(unsigned int)
CUSIM_ATOMIC_MINMAX(long long)
CUSIM_ATOMIC_MINMAX(unsigned long long)
#undef CUSIM_ATOMIC_MINMAX

#if defined(__SANITIZE_THREAD__)
// The checked build: one checked atomic, whose compare-and-swap loop runs uninstrumented in
// cusim (sim/instrument/access_hooks.cpp says why).
extern "C" float __cusim_atomic_add_f32(float* address, float val);
extern "C" double __cusim_atomic_add_f64(double* address, double val);
#endif
inline float atomicAdd(float* address, float val) {
#if defined(__SANITIZE_THREAD__)
  if (!::cusim::detail::in_block_shared(address)) return __cusim_atomic_add_f32(address, val);
#endif
  return ::cusim::detail::atomic_update_float<float, std::uint32_t>(address, [val](float old) { return old + val; });
}
inline double atomicAdd(double* address, double val) {
#if defined(__SANITIZE_THREAD__)
  if (!::cusim::detail::in_block_shared(address)) return __cusim_atomic_add_f64(address, val);
#endif
  return ::cusim::detail::atomic_update_float<double, std::uint64_t>(address, [val](double old) { return old + val; });
}
inline float atomicExch(float* address, float val) {
  return ::cusim::detail::atomic_update_float<float, std::uint32_t>(address, [val](float) { return val; });
}
// ((old >= val) ? 0 : (old + 1)) and (((old == 0) || (old > val)) ? val : (old - 1)), as in CUDA.
inline unsigned int atomicInc(unsigned int* address, unsigned int val) {
  return ::cusim::detail::atomic_update(address, [val](unsigned int old) { return old >= val ? 0u : old + 1u; });
}
inline unsigned int atomicDec(unsigned int* address, unsigned int val) {
  return ::cusim::detail::atomic_update(
      address, [val](unsigned int old) { return (old == 0u || old > val) ? val : old - 1u; });
}
// A failed compare writes nothing, in shared memory as in global memory.
#define CUSIM_ATOMIC_CAS(T)                                                                     \
  inline T atomicCAS(T* address, T compare, T val) {                                            \
    if (::cusim::detail::in_block_shared(address)) {                                            \
      const T old = *address;                                                                   \
      if (old == compare) *address = val;                                                       \
      return old;                                                                               \
    }                                                                                           \
    __atomic_compare_exchange_n(address, &compare, val, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
    return compare;                                                                             \
  }
CUSIM_ATOMIC_CAS(int)
CUSIM_ATOMIC_CAS(unsigned int)
CUSIM_ATOMIC_CAS(unsigned long long)
CUSIM_ATOMIC_CAS(unsigned short)
#undef CUSIM_ATOMIC_CAS

// The _block and _system scoped forms: on the simulator every atomic is device-wide, which is at
// least as strong as either scope asks.
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor

// ---- clocks (backends/sim/device_clock.cpp) -------------------------------------------------
// In a kernel, clock() and clock64() count the device's clock cycles (the profile's clock rate
// times the time elapsed: a block's threads share the SM's time as a GPU's warps do); outside
// kernels clock() is the C library's. PTX's %globaltimer (inline_ptx.hpp) is nanoseconds. A sleep
// may last anything from 0 to twice the time asked for (PTX's nanosleep): on the simulator, 0.
long long clock64();
namespace cusim::detail {
unsigned long long globaltimer();
}
inline void __nanosleep(unsigned int) {}

// ---- integer intrinsics, min/max, rounding modes, conversions, device math, __ldg... ----------
#include "cusim/detail/device_intrinsics.hpp"

// ---- inline PTX, as the translator rewrites it ------------------------------------------------
#include "cusim/detail/inline_ptx.hpp"
