// cg::reduce, cg::inclusive_scan and cg::exclusive_scan over tiles of one warp or less and
// coalesced groups (CUDA's <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>), in the
// order CUDA's implementation combines values, so that floating-point results are the GPU's:
//  - reduce: 32-bit integers with plus, less, greater or a bitwise operator use the warp's
//    reduction instruction (__reduce_*_sync); everything else is a butterfly of shfl_xor from
//    Size/2 down to 1 (a coalesced group that is not the whole warp: an inclusive scan whose last
//    member's value every member then reads);
//  - scans: Hillis-Steele steps of shfl_up over ranks (over a coalesced group's member lanes).
#pragma once
#include <type_traits>

#include "cusim/detail/cooperative_groups.hpp"

// The translator's parse reads these as CUDA declares them: __host__ __device__.
#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

namespace cooperative_groups {

template <class T>
struct plus {
  constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  constexpr T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  constexpr T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  constexpr T operator()(const T& a, const T& b) const { return a ^ b; }
};

namespace details {

template <class T, class Op>
constexpr ::cusim::detail::WarpOp redux_op() {
  using V = std::remove_cv_t<T>;
  if constexpr (!std::is_integral_v<V> || sizeof(V) != 4) return ::cusim::detail::WarpOp::sync;
  else if constexpr (std::is_same_v<Op, plus<V>>) return ::cusim::detail::WarpOp::reduce_add;
  else if constexpr (std::is_same_v<Op, less<V>>) return ::cusim::detail::WarpOp::reduce_min;
  else if constexpr (std::is_same_v<Op, greater<V>>) return ::cusim::detail::WarpOp::reduce_max;
  else if constexpr (std::is_same_v<Op, bit_and<V>>) return ::cusim::detail::WarpOp::reduce_and;
  else if constexpr (std::is_same_v<Op, bit_or<V>>) return ::cusim::detail::WarpOp::reduce_or;
  else if constexpr (std::is_same_v<Op, bit_xor<V>>) return ::cusim::detail::WarpOp::reduce_xor;
  else return ::cusim::detail::WarpOp::sync;  // none
}

// Tiles (thread_block_tile<Size>) reduce by a butterfly whatever their size; coalesced groups only
// when they are the whole warp, as in CUDA (the order of a floating-point sum depends on it).
template <class Group>
inline constexpr bool is_tile = requires { Group::numThreads; };

// The inclusive scan over a group whose members are the lanes `mask` (any set of lanes).
template <class Group, class T, class Op>
T scan_lanes(const Group& g, T value, Op&& op, std::source_location site) {
  const unsigned int mask = g._lanes();
  const unsigned int rank = static_cast<unsigned int>(__builtin_popcount(mask & lanemask32_lt()));
  T out = value;
  unsigned int size = static_cast<unsigned int>(__builtin_popcount(mask));
  if constexpr (is_tile<Group>) size = Group::numThreads;  // a partial last warp's tile too
  if (is_tile<Group> || mask == 0xffffffffu) {  // contiguous lanes: shfl_up by rank
    for (unsigned int d = 1; d < size; d <<= 1) {
      const T other = shuffle_pieces(out, [&](auto v) { return __shfl_up_sync(mask, v, d, static_cast<int>(size), site); });
      if (d <= rank) out = op(out, other);
    }
    return out;
  }
  for (unsigned int d = 1; d < size; d <<= 1) {
    const unsigned int source = d <= rank ? __fns(mask, laneid(), -static_cast<int>(d) - 1) : laneid();
    const T other = shuffle_pieces(out, [&](auto v) { return __shfl_sync(mask, v, static_cast<int>(source), 32, site); });
    if (d <= rank) out = op(out, other);
  }
  return out;
}

}  // namespace details

template <class Group, class T, class Op>
auto reduce(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  using V = std::remove_cvref_t<T>;
  const unsigned int mask = g._lanes();
  constexpr ::cusim::detail::WarpOp redux = details::redux_op<V, std::remove_cvref_t<Op>>();
  if constexpr (redux != ::cusim::detail::WarpOp::sync) {
    return static_cast<V>(::cusim::detail::warp_reduce(redux, mask, static_cast<unsigned int>(value),
                                                       std::is_signed_v<V>, site));
  } else {
    unsigned int size = static_cast<unsigned int>(__builtin_popcount(mask));
    if constexpr (details::is_tile<Group>) size = Group::numThreads;  // a partial last warp's tile too
    V out = value;
    if (details::is_tile<Group> || mask == 0xffffffffu) {
      for (unsigned int d = size >> 1; d > 0; d >>= 1)
        out = op(out, details::shuffle_pieces(out, [&](auto v) {
                   return __shfl_xor_sync(mask, v, static_cast<int>(d), static_cast<int>(size), site);
                 }));
      return out;
    }
    out = details::scan_lanes(g, out, op, site);
    return details::shuffle_pieces(out, [&](auto v) { return __shfl_sync(mask, v, 31 - __builtin_clz(mask), 32, site); });
  }
}

template <class Group, class T, class Op>
auto inclusive_scan(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  return details::scan_lanes(g, std::remove_cvref_t<T>(value), op, site);
}
template <class Group, class T>
auto inclusive_scan(const Group& g, T&& value, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  return inclusive_scan(g, value, plus<std::remove_cvref_t<T>>(), site);
}

// The exclusive scan: for integers under plus, the inclusive result less the thread's own value;
// otherwise the previous member's inclusive result (a value-initialised T for rank 0).
template <class Group, class T, class Op>
auto exclusive_scan(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  using V = std::remove_cvref_t<T>;
  const V inclusive = details::scan_lanes(g, V(value), op, site);
  if constexpr (std::is_integral_v<V> && std::is_same_v<std::remove_cvref_t<Op>, plus<V>>) {
    return static_cast<V>(inclusive - value);
  } else {
    const unsigned int mask = g._lanes();
    const unsigned int lane = details::laneid();
    const unsigned int before = __fns(mask, lane, -2);
    const int source = static_cast<int>(before < 32 ? before : lane);
    const V previous = details::shuffle_pieces(inclusive, [&](auto v) { return __shfl_sync(mask, v, source, 32, site); });
    return (mask & details::lanemask32_lt()) ? previous : V{};
  }
}
template <class Group, class T>
auto exclusive_scan(const Group& g, T&& value, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  return exclusive_scan(g, value, plus<std::remove_cvref_t<T>>(), site);
}

}  // namespace cooperative_groups

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
