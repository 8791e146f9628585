// cg::reduce, cg::inclusive_scan and cg::exclusive_scan over tiles of one warp or less and
// coalesced groups (CUDA's <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>), in the
// order CUDA's implementation combines values, so that floating-point results are the GPU's:
//  - reduce: 32-bit integers with plus, less, greater or a bitwise operator use the warp's
//    reduction instruction (__reduce_*_sync); everything else is a butterfly of shfl_xor from
//    Size/2 down to 1 (a coalesced group that is not the whole warp: an inclusive scan whose last
//    member's value every member then reads);
//  - scans: Hillis-Steele steps of shfl_up over ranks (over a coalesced group's member lanes);
//  - tiles of 64 to 512 threads: each warp's part as above, then the same steps over the warps'
//    results (a butterfly for reduce, an exclusive scan of the warps' totals for the scans), as
//    CUDA's multi-warp implementation does.
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
template <class Group>
constexpr bool is_multi_warp() {
  if constexpr (is_tile<Group>) return Group::numThreads > 32;
  else return false;
}

// The calling thread's warp as a tile, and its index in its tile of `size` threads.
inline thread_block_tile<32, thread_block> own_warp() { return tiled_partition<32>(this_thread_block()); }
inline unsigned int warp_in_tile(unsigned int size) { return (cta_rank() & (size - 1)) / 32; }

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

namespace details {
// reduce over a tile of one warp or less, or a coalesced group.
template <class Group, class V, class Op>
V reduce_lanes(const Group& g, V value, Op& op, std::source_location site) {
  const unsigned int mask = g._lanes();
  constexpr ::cusim::detail::WarpOp redux = redux_op<V, std::remove_cvref_t<Op>>();
  if constexpr (redux != ::cusim::detail::WarpOp::sync) {
    return static_cast<V>(::cusim::detail::warp_reduce(redux, mask, static_cast<unsigned int>(value), std::is_signed_v<V>, site));
  } else {
    unsigned int size = static_cast<unsigned int>(__builtin_popcount(mask));
    if constexpr (is_tile<Group>) size = Group::numThreads;  // a partial last warp's tile too
    V out = value;
    if (is_tile<Group> || mask == 0xffffffffu) {
      for (unsigned int d = size >> 1; d > 0; d >>= 1)
        out = op(out, shuffle_pieces(out, [&](auto v) {
                   return __shfl_xor_sync(mask, v, static_cast<int>(d), static_cast<int>(size), site);
                 }));
      return out;
    }
    out = scan_lanes(g, out, op, site);
    return shuffle_pieces(out, [&](auto v) { return __shfl_sync(mask, v, 31 - __builtin_clz(mask), 32, site); });
  }
}

// reduce over a tile of 64 to 512 threads: each warp reduces, and the warps' results (every lane
// holds its warp's) combine by a butterfly over the tile's warps, whose step for warp w is
// op(own, other), as a shfl_xor's would be.
template <unsigned int Size, class V, class Op>
V multi_warp_reduce(V value, Op& op, std::source_location site) {
  const V own = reduce_lanes(own_warp(), value, op, site);
  V parts[Size / 32] = {};
  const unsigned int warps = tile_warps(Size);
  tile_collect(::cusim::detail::TileCall::reduce, Size, own, parts, 0, 32, warps, site);
  for (unsigned int d = warps >> 1; d > 0; d >>= 1) {
    V next[Size / 32] = {};
    for (unsigned int w = 0; w < warps; ++w) next[w] = (w ^ d) < warps ? op(parts[w], parts[w ^ d]) : parts[w];
    for (unsigned int w = 0; w < warps; ++w) parts[w] = next[w];
  }
  return parts[warp_in_tile(Size)];
}
}  // namespace details

template <class Group, class T, class Op>
auto reduce(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  if constexpr (details::is_multi_warp<Group>())
    return details::multi_warp_reduce<Group::numThreads>(std::remove_cvref_t<T>(value), op, site);
  else
    return details::reduce_lanes(g, std::remove_cvref_t<T>(value), op, site);
}

namespace details {
// A scan over a tile of 64 to 512 threads, as CUDA's implementation makes it: each warp scans
// (shifted up one lane for the exclusive scan), the warps' totals are scanned exclusively, and a
// thread of warp w > 0 combines op(its warp's result, the total of the warps before w).
template <bool Exclusive, unsigned int Size, class V, class Op>
V multi_warp_scan(V value, Op& op, std::source_location site) {
  const auto warp = own_warp();
  const V inclusive = scan_lanes(warp, value, op, site);
  V totals[Size / 32] = {};
  const unsigned int warps = tile_warps(Size);
  tile_collect(::cusim::detail::TileCall::scan, Size, inclusive, totals, 31, 32, warps, site);
  const V in_warp = Exclusive ? warp.shfl_up(inclusive, 1, site) : inclusive;
  V scanned[Size / 32] = {};
  for (unsigned int w = 0; w < warps; ++w) scanned[w] = totals[w];
  for (unsigned int d = 1; d < warps; d <<= 1) {
    V next[Size / 32] = {};
    for (unsigned int w = 0; w < warps; ++w) next[w] = d <= w ? op(scanned[w], scanned[w - d]) : scanned[w];
    for (unsigned int w = 0; w < warps; ++w) scanned[w] = next[w];
  }
  const unsigned int self = warp_in_tile(Size);
  V before{};
  if constexpr (std::is_integral_v<V> && std::is_same_v<std::remove_cvref_t<Op>, plus<V>>)
    before = static_cast<V>(scanned[self] - totals[self]);
  else if (self > 0)
    before = scanned[self - 1];
  if (Exclusive && warp.thread_rank() == 0) return before;
  if (self == 0) return in_warp;
  return op(in_warp, before);
}
}  // namespace details

template <class Group, class T, class Op>
auto inclusive_scan(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  if constexpr (details::is_multi_warp<Group>())
    return details::multi_warp_scan<false, Group::numThreads>(std::remove_cvref_t<T>(value), op, site);
  else
    return details::scan_lanes(g, std::remove_cvref_t<T>(value), op, site);
}
template <class Group, class T>
auto inclusive_scan(const Group& g, T&& value, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  return inclusive_scan(g, value, plus<std::remove_cvref_t<T>>(), site);
}

namespace details {
// The exclusive scan over a tile of one warp or less, or a coalesced group: for integers under
// plus, the inclusive result less the thread's own value; otherwise the previous member's
// inclusive result (a value-initialised V for rank 0).
template <class Group, class V, class Op>
V exclusive_scan_lanes(const Group& g, V value, Op& op, std::source_location site) {
  const V inclusive = scan_lanes(g, value, op, site);
  if constexpr (std::is_integral_v<V> && std::is_same_v<std::remove_cvref_t<Op>, plus<V>>) {
    return static_cast<V>(inclusive - value);
  } else {
    const unsigned int mask = g._lanes();
    const unsigned int lane = laneid();
    const unsigned int before = __fns(mask, lane, -2);
    const int source = static_cast<int>(before < 32 ? before : lane);
    const V previous = shuffle_pieces(inclusive, [&](auto v) { return __shfl_sync(mask, v, source, 32, site); });
    return (mask & lanemask32_lt()) ? previous : V{};
  }
}
}  // namespace details

template <class Group, class T, class Op>
auto exclusive_scan(const Group& g, T&& value, Op&& op, std::source_location site = std::source_location::current())
    -> std::remove_cvref_t<T> {
  if constexpr (details::is_multi_warp<Group>())
    return details::multi_warp_scan<true, Group::numThreads>(std::remove_cvref_t<T>(value), op, site);
  else
    return details::exclusive_scan_lanes(g, std::remove_cvref_t<T>(value), op, site);
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
