// Inline PTX on the simulator. The translator (tools/cusim-translate/inline_assembly.cpp and
// ptx_instructions.cpp) turns each asm statement of device code whose instructions it knows into a call of a lambda that does what
// the instructions do through the functions here; docs/FRONTEND.md lists the instructions. Each
// is defined as the PTX ISA defines it (the corpus program 108 holds them to an H200's answers),
// and memory goes through C++ accesses the checkers see as they see any other: weak ld/st as plain
// accesses, .volatile as volatile ones, .relaxed as atomics, .acquire/.release as atomics beside a
// fence. Included at the end of kernel_api.hpp, whose barriers, fences, clocks and built-in
// variables it uses.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace cusim::detail {
// PTX's %nsmid and %nwarpid: the simulated device's SM count and warps per SM (backends/sim).
unsigned sm_count();
unsigned warps_per_sm();
}  // namespace cusim::detail

namespace cusim::ptx {

// An operand as the instruction's type sees the register: a value of another width or signedness
// is converted, a float read as bits (or bits as a float) keeps its bits, a pointer is its address.
template <class To, class From>
To as(From v) {
  if constexpr (std::is_pointer_v<From>) return static_cast<To>(reinterpret_cast<std::uintptr_t>(v));
  else if constexpr (std::is_floating_point_v<To> != std::is_floating_point_v<From> && sizeof(To) == sizeof(From))
    return std::bit_cast<To>(v);
  else return static_cast<To>(v);
}
// Writes an instruction's result to an output operand, by the same rules.
template <class Out, class V>
void put(Out& out, V v) {
  if constexpr (std::is_pointer_v<Out>) out = reinterpret_cast<Out>(static_cast<std::uintptr_t>(v));
  else out = as<Out>(v);
}

// ---- special registers ------------------------------------------------------------------------
inline std::uint32_t cta_rank() {
  const uint3 t = ::cusim::detail::thread_idx();
  const dim3 b = ::cusim::detail::block_dim();
  return t.x + b.x * (t.y + b.y * t.z);
}
inline std::uint32_t laneid() { return cta_rank() & 31u; }
// A GPU names the warp slot of its SM; here a block has an SM to itself, so its warps' slots are
// their ranks in the block (below %nwarpid, as PTX guarantees).
inline std::uint32_t warpid() { return (cta_rank() >> 5) % ::cusim::detail::warps_per_sm(); }
inline std::uint32_t nwarpid() { return ::cusim::detail::warps_per_sm(); }
// The SM a block runs on: blocks are dealt to the device's SMs in turn.
inline std::uint32_t smid() {
  const uint3 b = ::cusim::detail::block_idx();
  const dim3 g = ::cusim::detail::grid_dim();
  const std::uint64_t linear = b.x + std::uint64_t{g.x} * (b.y + std::uint64_t{g.y} * b.z);
  return static_cast<std::uint32_t>(linear % ::cusim::detail::sm_count());
}
inline std::uint32_t nsmid() { return ::cusim::detail::sm_count(); }
inline std::uint32_t lanemask_eq() { return 1u << laneid(); }
inline std::uint32_t lanemask_lt() { return lanemask_eq() - 1u; }
inline std::uint32_t lanemask_le() { return lanemask_lt() | lanemask_eq(); }
inline std::uint32_t lanemask_gt() { return ~lanemask_le(); }
inline std::uint32_t lanemask_ge() { return ~lanemask_lt(); }
inline std::uint32_t clock_lo() { return static_cast<std::uint32_t>(clock64()); }
inline std::uint32_t clock_hi() { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(clock64()) >> 32); }
inline std::uint64_t clock64_reg() { return static_cast<std::uint64_t>(clock64()); }
inline std::uint64_t globaltimer() { return ::cusim::detail::globaltimer(); }
inline std::uint32_t globaltimer_lo() { return static_cast<std::uint32_t>(globaltimer()); }
inline std::uint32_t globaltimer_hi() { return static_cast<std::uint32_t>(globaltimer() >> 32); }

// ---- integer instructions ---------------------------------------------------------------------
// bfind: the position of the most significant bit that is not a sign bit (0xffffffff if none);
// .shiftamt gives the left shift that brings it to the top instead.
template <class T, bool ShiftAmount>
std::uint32_t bfind(T a) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned msb = sizeof(T) * 8 - 1;
  U bits = static_cast<U>(a);
  if (std::is_signed_v<T> && a < 0) bits = static_cast<U>(~bits);
  if (bits == 0) return 0xffffffffu;
  const unsigned position = msb - static_cast<unsigned>(std::countl_zero(bits));
  return ShiftAmount ? msb - position : position;
}
template <class T>
T brev(T a) {
  if constexpr (sizeof(T) == 4) return static_cast<T>(__brev(static_cast<unsigned int>(a)));
  else return static_cast<T>(__brevll(static_cast<unsigned long long>(a)));
}
template <class T>
std::uint32_t popc(T a) { return static_cast<std::uint32_t>(std::popcount(a)); }
template <class T>
std::uint32_t clz(T a) { return static_cast<std::uint32_t>(std::countl_zero(a)); }
// bfe: `len` bits of `a` from `pos`, zero- or sign-extended; bits past the top read as the sign.
template <class T>
T bfe(T a, std::uint32_t b, std::uint32_t c) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned msb = sizeof(T) * 8 - 1;
  const unsigned pos = b & 0xffu, len = c & 0xffu;
  if (len == 0) return 0;
  const U bits = static_cast<U>(a);
  const unsigned top = pos + len - 1 < msb ? pos + len - 1 : msb;
  const U sign = std::is_signed_v<T> ? (bits >> top) & 1u : 0u;
  U d = 0;
  for (unsigned i = 0; i <= msb; ++i) {
    const U bit = (i < len && pos + i <= msb) ? (bits >> (pos + i)) & 1u : sign;
    d |= static_cast<U>(bit << i);
  }
  return static_cast<T>(d);
}
// bfi: `b` with `len` bits from `pos` replaced by the low bits of `a`.
template <class T>
T bfi(T a, T b, std::uint32_t c, std::uint32_t d) {
  constexpr unsigned msb = sizeof(T) * 8 - 1;
  const unsigned pos = c & 0xffu, len = d & 0xffu;
  T f = b;
  for (unsigned i = 0; i < len && pos + i <= msb; ++i) {
    const T bit = static_cast<T>(T{1} << (pos + i));
    f = static_cast<T>(((a >> i) & 1u) ? (f | bit) : (f & ~bit));
  }
  return f;
}
template <class T>
T mul_hi(T a, T b) {
  if constexpr (sizeof(T) == 4 && std::is_signed_v<T>) return static_cast<T>(__mulhi(a, b));
  else if constexpr (sizeof(T) == 4) return static_cast<T>(__umulhi(a, b));
  else if constexpr (std::is_signed_v<T>) return static_cast<T>(__mul64hi(static_cast<long long>(a), static_cast<long long>(b)));
  else return static_cast<T>(__umul64hi(static_cast<unsigned long long>(a), static_cast<unsigned long long>(b)));
}
// setp's comparisons. On floats the plain ones are ordered (false where an operand is NaN), the
// ...u ones unordered (true there); num and nan ask whether neither or either is NaN.
enum class Compare { eq, ne, lt, le, gt, ge, equ, neu, ltu, leu, gtu, geu, num, nan };
template <Compare C, class T>
bool setp(T a, T b) {
  bool unordered = false;
  if constexpr (std::is_floating_point_v<T>) unordered = a != a || b != b;
  if constexpr (C == Compare::num) return !unordered;
  else if constexpr (C == Compare::nan) return unordered;
  else if constexpr (C == Compare::eq || C == Compare::equ) return a == b || (C == Compare::equ && unordered);
  else if constexpr (C == Compare::ne || C == Compare::neu) return (!unordered && a != b) || (C == Compare::neu && unordered);
  else if constexpr (C == Compare::lt || C == Compare::ltu) return a < b || (C == Compare::ltu && unordered);
  else if constexpr (C == Compare::le || C == Compare::leu) return a <= b || (C == Compare::leu && unordered);
  else if constexpr (C == Compare::gt || C == Compare::gtu) return a > b || (C == Compare::gtu && unordered);
  else return a >= b || (C == Compare::geu && unordered);
}
// prmt's default mode: byte k of the result is byte (selector nibble k & 7) of b:a, or that byte's
// sign replicated where the nibble's bit 3 is set (which __byte_perm leaves out).
inline std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  const std::uint64_t bytes = (std::uint64_t{b} << 32) | a;
  std::uint32_t d = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const unsigned nibble = (c >> (4 * k)) & 0xfu;
    std::uint32_t byte = static_cast<std::uint32_t>(bytes >> (8 * (nibble & 7u))) & 0xffu;
    if (nibble & 8u) byte = (byte & 0x80u) ? 0xffu : 0u;
    d |= byte << (8 * k);
  }
  return d;
}
template <class T>
T min(T a, T b) { return b < a ? b : a; }
template <class T>
T max(T a, T b) { return a < b ? b : a; }
// Shifts past the width give 0 (shr of a negative signed value: -1), as PTX clamps the amount.
template <class T>
T shl(T a, std::uint32_t n) {
  return n >= sizeof(T) * 8 ? T(0) : static_cast<T>(static_cast<std::make_unsigned_t<T>>(a) << n);
}
template <class T>
T shr(T a, std::uint32_t n) {
  if (n >= sizeof(T) * 8) return (std::is_signed_v<T> && a < T(0)) ? T(-1) : T(0);
  return static_cast<T>(a >> n);
}
template <class T>
auto mul_wide(T a, T b) {
  using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
  return static_cast<W>(a) * static_cast<W>(b);
}

// add.cc/addc and sub.cc/subc: `carry` is the statement's CC.CF, read where `in`, set where `out`
// (a carry out of the top bit; for subtraction, a borrow).
template <class T>
T add_carry(T a, T b, unsigned& carry, bool in, bool out) {
  using U = std::make_unsigned_t<T>;
  const U x = static_cast<U>(a), y = static_cast<U>(b), c = in ? static_cast<U>(carry) : U(0);
  const U r = static_cast<U>(x + y + c);
  if (out) carry = (r < x || (c && r == x)) ? 1u : 0u;
  return static_cast<T>(r);
}
template <class T>
T sub_borrow(T a, T b, unsigned& borrow, bool in, bool out) {
  using U = std::make_unsigned_t<T>;
  const U x = static_cast<U>(a), y = static_cast<U>(b), c = in ? static_cast<U>(borrow) : U(0);
  const U r = static_cast<U>(x - y - c);
  if (out) borrow = (x < y || (c && x == y)) ? 1u : 0u;
  return static_cast<T>(r);
}
// mad.lo and mad.hi: the low or high half of the full product, plus c.
template <class T>
T mad_lo(T a, T b, T c) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b) + static_cast<U>(c)));
}
template <class T>
T mad_hi(T a, T b, T c) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(static_cast<U>(mul_hi(a, b)) + static_cast<U>(c)));
}

// ---- memory -------------------------------------------------------------------------------------
enum class Order { weak, volatile_, relaxed, acquire, release, acq_rel };
enum class Scope { cta, gpu, sys };
template <Scope S>
void fence() {
  if constexpr (S == Scope::cta) __threadfence_block();
  else if constexpr (S == Scope::gpu) __threadfence();
  else __threadfence_system();
}
// atom and red: CUDA's atomic functions, with the fences of their order around them.
template <Order O, Scope S>
void before_atomic() {
  if constexpr (O == Order::release || O == Order::acq_rel) fence<S>();
}
template <Order O, Scope S>
void after_atomic() {
  if constexpr (O == Order::acquire || O == Order::acq_rel) fence<S>();
}
template <class T, class A>
T* address(A a, long offset) {
  char* p;
  if constexpr (std::is_pointer_v<A>) p = const_cast<char*>(reinterpret_cast<const volatile char*>(a));
  else p = reinterpret_cast<char*>(static_cast<std::uintptr_t>(a));
  return reinterpret_cast<T*>(p + offset);
}
// A .shared address (a window offset: __cvta_generic_to_shared, 32 or 64 bits wide) as the
// generic pointer it names. A GPU takes the offset from the address's low 32 bits, where its
// generic addresses of shared memory hold it (an H200: 0x7f2000000400 for offset 0x400), so a
// generic pointer to the block's shared memory given instead reads the same variable there; it
// does here too (corpus 117).
template <class A>
char* shared_window(A a) {
  std::uintptr_t bits;
  if constexpr (std::is_pointer_v<A>) bits = reinterpret_cast<std::uintptr_t>(a);
  else bits = static_cast<std::uintptr_t>(a);
  char* const begin = ::cusim::detail::shared_begin();
  const auto first = reinterpret_cast<std::uintptr_t>(begin);
  if (bits - first < static_cast<std::uintptr_t>(::cusim::detail::shared_end() - begin)) return reinterpret_cast<char*>(bits);
  return begin + static_cast<std::uint32_t>(bits);
}
// cvta: a generic address to the .shared window and back (global addresses are generic ones).
template <class A>
std::uint64_t to_shared(A a) {
  return static_cast<std::uint64_t>(address<char>(a, 0) - ::cusim::detail::shared_begin());
}
template <class A>
std::uint64_t from_shared(A a) {
  return reinterpret_cast<std::uintptr_t>(shared_window(a));
}
// A .v2 or .v4 access is one access of the whole vector, so that the checkers hold it to the
// vector's alignment, as the GPU does (ld.v4.u32 needs 16 bytes' alignment, not 4): a weak one
// reads or writes CUDA's vector type of its elements (a uint4, a float2...), which a
// misaligned-access finding names; a volatile one a word of its size. A vector of more than 16
// bytes is one access per element.
template <class T, unsigned N>
struct CudaVector;
template <class T>
struct CudaVector<T, 1> {
  using type = T;
};
#define CUSIM_PTX_VECTOR(T, NAME)         \
  template <>                             \
  struct CudaVector<T, 2> {               \
    using type = NAME##2;                 \
  };                                      \
  template <>                             \
  struct CudaVector<T, 4> {               \
    using type = NAME##4;                 \
  };
CUSIM_PTX_VECTOR(std::uint8_t, uchar)
CUSIM_PTX_VECTOR(std::int8_t, char)
CUSIM_PTX_VECTOR(std::uint16_t, ushort)
CUSIM_PTX_VECTOR(std::int16_t, short)
CUSIM_PTX_VECTOR(std::uint32_t, uint)
CUSIM_PTX_VECTOR(std::int32_t, int)
CUSIM_PTX_VECTOR(std::uint64_t, ulonglong)
CUSIM_PTX_VECTOR(std::int64_t, longlong)
CUSIM_PTX_VECTOR(float, float)
CUSIM_PTX_VECTOR(double, double)
#undef CUSIM_PTX_VECTOR

// cp.async: the copy is made at the call, as cg::memcpy_async's is, so its data are in place
// before any wait (commit_group and wait_group have nothing left to do): `source_bytes` of the
// source are read and the rest of the `Size` (4, 8 or 16) destination bytes zero-filled. Full
// copies are one access of each side, held to the size's alignment as PTX requires.
template <unsigned Size>
void cp_async(char* destination, const char* source, std::uint32_t source_bytes) {
  using W = typename CudaVector<std::uint32_t, Size / 4>::type;
  if (source_bytes >= Size) {
    *reinterpret_cast<W*>(destination) = *reinterpret_cast<const W*>(source);
    return;
  }
  unsigned char bytes[Size] = {};
  for (std::uint32_t i = 0; i < source_bytes; ++i) bytes[i] = static_cast<unsigned char>(source[i]);
  *reinterpret_cast<W*>(destination) = std::bit_cast<W>(bytes);
}

// An acquire is a relaxed load and then a fence, a release a fence and then a relaxed store: the
// PTX memory model's acquire and release patterns, which the race checker orders as it orders
// CUDA's __threadfence() beside an atomic.
template <class T, Order O, Scope S, class A>
T ld(A a, long offset) {
  T* p = address<T>(a, offset);
  if constexpr (O == Order::weak) return *p;
  else if constexpr (O == Order::volatile_) return *static_cast<volatile T*>(p);
  else {
    T v;
    __atomic_load(p, &v, __ATOMIC_RELAXED);
    if constexpr (O == Order::acquire) fence<S>();
    return v;
  }
}
template <class T, Order O, Scope S, class A>
void st(A a, long offset, T v) {
  T* p = address<T>(a, offset);
  if constexpr (O == Order::weak) *p = v;
  else if constexpr (O == Order::volatile_) *static_cast<volatile T*>(p) = v;
  else {
    if constexpr (O == Order::release) fence<S>();
    __atomic_store(p, &v, __ATOMIC_RELAXED);
  }
}

template <std::size_t Bytes>
using VectorWord =
    std::conditional_t<Bytes == 16, unsigned __int128,
                       std::conditional_t<Bytes == 8, std::uint64_t, std::conditional_t<Bytes == 4, std::uint32_t, std::uint16_t>>>;
template <class T, unsigned N, Order O, Scope S, class A>
std::array<T, N> ld_vector(A a, long offset) {
  std::array<T, N> v;
  if constexpr (sizeof(T) * N > 16) {
    for (unsigned k = 0; k < N; ++k) v[k] = ld<T, O, S>(a, offset + long(k * sizeof(T)));
  } else if constexpr (O == Order::weak) {
    const typename CudaVector<T, N>::type w = *address<typename CudaVector<T, N>::type>(a, offset);
    v = std::bit_cast<std::array<T, N>>(w);
  } else {
    v = std::bit_cast<std::array<T, N>>(ld<VectorWord<sizeof(T) * N>, O, S>(a, offset));
  }
  return v;
}
template <class T, unsigned N, Order O, Scope S, class A>
void st_vector(A a, long offset, const std::array<T, N>& v) {
  if constexpr (sizeof(T) * N > 16) {
    for (unsigned k = 0; k < N; ++k) st<T, O, S>(a, offset + long(k * sizeof(T)), v[k]);
  } else if constexpr (O == Order::weak) {
    using V = typename CudaVector<T, N>::type;
    *address<V>(a, offset) = std::bit_cast<V>(v);
  } else {
    st<VectorWord<sizeof(T) * N>, O, S>(a, offset, std::bit_cast<VectorWord<sizeof(T) * N>>(v));
  }
}

}  // namespace cusim::ptx
