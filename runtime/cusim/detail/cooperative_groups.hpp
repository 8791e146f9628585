// Cooperative groups (CUDA's <cooperative_groups.h>) on the simulator: thread blocks, tiles,
// coalesced groups and their partitions, and the grid. Each group operation is the warp
// intrinsic, barrier or grid barrier CUDA's own implementation performs, so the engine
// synchronises exactly the group's threads and the checkers see each as what it is: the sync() of
// a tile of one warp or less is a __syncwarp() of the tile's lanes (a happens-before edge among
// them alone), that of a tile of 64 to 512 threads the engine's barrier of exactly the tile's
// threads (tile_sync); a tile's shuffles and votes are checked like the warp intrinsics (every
// named lane must take part), the block's sync() is __syncthreads(), and the grid's sync() is a
// barrier of every thread of the grid (cooperative launches only). Collectives compute in CUDA's
// order (reduce: a butterfly of shfl_xor; scans: shfl_up steps; across the warps of a larger
// tile, the same over the warps' results), so floating-point results are the GPU's bit for bit.
//
// Every collective takes the call site as a defaulted last argument, so that findings name the
// user's line.
#pragma once
#include <cstddef>
#include <cstring>
#include <source_location>
#include <type_traits>
#include <utility>

#include "cusim/detail/kernel_api.hpp"

// The translator's parse reads these as CUDA declares them: __host__ __device__.
#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

namespace cooperative_groups {

namespace details {
// The group kinds as CUDA numbers them (thread_group::get_type()).
inline constexpr unsigned int coalesced_group_id = 1;
inline constexpr unsigned int grid_group_id = 2;
inline constexpr unsigned int thread_block_id = 3;
inline constexpr unsigned int multi_grid_group_id = 4;
inline constexpr unsigned int multi_tile_group_id = 5;

// The thread's rank in its block and its lane: PTX's registers, as inline PTX reads them.
inline unsigned int cta_rank() { return ::cusim::ptx::cta_rank(); }
inline unsigned int cta_size() {
  const dim3 b = ::cusim::detail::block_dim();
  return b.x * b.y * b.z;
}
inline unsigned int laneid() { return ::cusim::ptx::laneid(); }
inline unsigned int lanemask32_lt() { return ::cusim::ptx::lanemask_lt(); }
// The lanes of the calling thread's warp that the block has: all 32 but in a last, partial warp.
inline unsigned int present_lanes() {
  const unsigned int rest = cta_size() - (cta_rank() & ~31u);
  return rest >= 32 ? 0xffffffffu : (1u << rest) - 1u;
}
// The lanes of the calling thread's tile of `size` threads (a power of two up to 32). CUDA's header
// names every lane of the tile, also those a partial last warp lacks, which the hardware treats as
// absent (cuda-samples' shfl_scan relies on it); here the mask names the lanes that exist, so that
// the warp intrinsics' check for absent lanes holds for what the user wrote, not for the header.
inline unsigned int tile_mask(unsigned int size) {
  const unsigned int tile = size >= 32 ? 0xffffffffu : ((1u << size) - 1u) << (laneid() & ~(size - 1u));
  return tile & present_lanes();
}
// The bits of `lanes` that lie in `mask`, packed in rank order (bit i: the member of rank i).
inline unsigned int pack_lanes(unsigned int mask, unsigned int lanes) {
  unsigned int packed = 0, rank = 0;
  for (unsigned int rest = mask; rest; rest &= rest - 1, ++rank)
    if (lanes & (rest & (0u - rest))) packed |= 1u << rank;
  return packed;
}
// A group's shuffle of any trivially copyable value, as CUDA's groups allow: a value of more than
// 8 bytes moves in 8-byte pieces, one warp shuffle each.
template <class T, class Shuffle>
T shuffle_pieces(const T& var, Shuffle&& shuffle) {
  static_assert(std::is_trivially_copyable_v<T>, "a group shuffle moves trivially copyable values");
  if constexpr (sizeof(T) <= 8) {
    return shuffle(var);
  } else {
    constexpr std::size_t n = (sizeof(T) + 7) / 8;
    unsigned long long pieces[n] = {};
    std::memcpy(pieces, &var, sizeof(T));
    for (std::size_t i = 0; i < n; ++i) pieces[i] = shuffle(pieces[i]);
    T out = var;
    std::memcpy(&out, pieces, sizeof(T));
    return out;
  }
}
// Makes coalesced groups of given lanes (CUDA's constructor for them is not public).
struct coalesced_access;
}  // namespace details

// Any group, as a value: what tiled_partition(parent, n) returns, and what every group converts to.
class thread_group {
 public:
  unsigned long long size() const { return num_threads(); }
  unsigned long long num_threads() const;
  unsigned long long thread_rank() const;
  void sync(std::source_location site = std::source_location::current()) const;
  unsigned int get_type() const { return type_; }

 protected:
  explicit thread_group(unsigned int type) : type_(type) {}
  thread_group(unsigned int type, unsigned int mask, unsigned int size, unsigned int meta_rank, unsigned int meta_size,
               bool tiled)
      : type_(type), tiled_(tiled), size_(size), meta_rank_(meta_rank), meta_size_(meta_size), mask_(mask) {}

  unsigned int type_ = 0;
  bool tiled_ = false;          // a tile (contiguous lanes) rather than a set of coalesced lanes
  unsigned int size_ = 0;       // of a tile or coalesced group
  unsigned int meta_rank_ = 0;  // of a tile or coalesced group among its parent's partitions
  unsigned int meta_size_ = 1;
  unsigned int mask_ = 0;       // the lanes of the calling thread's warp in the group

  friend thread_group tiled_partition(const thread_group& parent, unsigned int tilesz);
  friend class thread_block;
  friend class coalesced_group;
};

class thread_block;
class coalesced_group;
template <unsigned int Size, class ParentT = void>
class thread_block_tile;

// The thread block.
class thread_block : public thread_group {
 public:
  static constexpr unsigned int _group_id = details::thread_block_id;
  static void sync(std::source_location site = std::source_location::current()) { __syncthreads(site); }
  static unsigned int thread_rank() { return details::cta_rank(); }
  static unsigned int size() { return details::cta_size(); }
  static unsigned int num_threads() { return details::cta_size(); }
  static dim3 group_index() { return dim3(::cusim::detail::block_idx().x, ::cusim::detail::block_idx().y, ::cusim::detail::block_idx().z); }
  static dim3 thread_index() { return dim3(::cusim::detail::thread_idx().x, ::cusim::detail::thread_idx().y, ::cusim::detail::thread_idx().z); }
  static dim3 dim_threads() { return ::cusim::detail::block_dim(); }
  static dim3 group_dim() { return ::cusim::detail::block_dim(); }

 private:
  thread_block() : thread_group(details::thread_block_id) {}
  friend thread_block this_thread_block();
  template <unsigned int MaxBlockSize, unsigned int TileCommunicationSize, unsigned int MaxNumTiles>
  friend struct block_tile_memory;
  thread_group tiled(unsigned int tilesz) const;
  friend thread_group tiled_partition(const thread_group& parent, unsigned int tilesz);
  friend thread_group tiled_partition(const thread_block& parent, unsigned int tilesz);
};

inline thread_block this_thread_block() { return thread_block(); }

// The shared memory CUDA's multi-warp tiles use on GPUs before sm_80; accepted so that code
// written for them compiles (the simulator needs none).
template <unsigned int MaxBlockSize = 1024, unsigned int TileCommunicationSize = 8, unsigned int MaxNumTiles = 32>
struct block_tile_memory {
  alignas(16) unsigned char reserved[16];
};
template <unsigned int MaxBlockSize, unsigned int TileCommunicationSize, unsigned int MaxNumTiles>
inline thread_block this_thread_block(block_tile_memory<MaxBlockSize, TileCommunicationSize, MaxNumTiles>&) {
  return this_thread_block();
}

// The grid. Its sync() is valid only in a kernel launched with cudaLaunchCooperativeKernel.
class grid_group : public thread_group {
 public:
  static constexpr unsigned int _group_id = details::grid_group_id;
  bool is_valid() const { return ::cusim::detail::cooperative_launch(); }
  void sync(std::source_location site = std::source_location::current()) const { ::cusim::detail::grid_sync(site); }
  static unsigned long long size() { return num_threads(); }
  static unsigned long long num_threads() { return num_blocks() * details::cta_size(); }
  static unsigned long long thread_rank() { return block_rank() * details::cta_size() + details::cta_rank(); }
  static dim3 dim_blocks() { return ::cusim::detail::grid_dim(); }
  static dim3 group_dim() { return ::cusim::detail::grid_dim(); }
  static unsigned long long num_blocks() {
    const dim3 g = ::cusim::detail::grid_dim();
    return static_cast<unsigned long long>(g.x) * g.y * g.z;
  }
  static unsigned long long block_rank() {
    const uint3 b = ::cusim::detail::block_idx();
    const dim3 g = ::cusim::detail::grid_dim();
    return b.x + static_cast<unsigned long long>(g.x) * (b.y + static_cast<unsigned long long>(g.y) * b.z);
  }
  static dim3 block_index() { return dim3(::cusim::detail::block_idx().x, ::cusim::detail::block_idx().y, ::cusim::detail::block_idx().z); }
  static dim3 dim_threads() { return ::cusim::detail::block_dim(); }

 private:
  grid_group() : thread_group(details::grid_group_id) {}
  friend grid_group this_grid();
};

inline grid_group this_grid() { return grid_group(); }

// A set of lanes of one warp: coalesced_threads(), a partition of one, or a tile seen as a
// thread_group. Ranks count the member lanes in order.
class coalesced_group : public thread_group {
 public:
  static constexpr unsigned int _group_id = details::coalesced_group_id;
  unsigned int num_threads() const { return size_; }
  unsigned int size() const { return size_; }
  unsigned int thread_rank() const { return static_cast<unsigned int>(__builtin_popcount(mask_ & details::lanemask32_lt())); }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  void sync(std::source_location site = std::source_location::current()) const { __syncwarp(mask_, site); }

  template <class T>
  T shfl(T var, int src_rank, std::source_location site = std::source_location::current()) const {
    const unsigned int lane = src_rank == 0 ? static_cast<unsigned int>(__builtin_ctz(mask_ | 0x80000000u))
                              : size_ == 32 ? static_cast<unsigned int>(src_rank)
                                            : __fns(mask_, 0, src_rank + 1);
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_sync(mask_, v, static_cast<int>(lane), 32, site); });
  }
  template <class T>
  T shfl_down(T var, unsigned int delta, std::source_location site = std::source_location::current()) const {
    if (size_ == 32)
      return details::shuffle_pieces(var, [&](auto v) { return __shfl_down_sync(0xffffffffu, v, delta, 32, site); });
    unsigned int lane = __fns(mask_, details::laneid(), static_cast<int>(delta) + 1);
    if (lane >= 32) lane = details::laneid();
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_sync(mask_, v, static_cast<int>(lane), 32, site); });
  }
  template <class T>
  T shfl_up(T var, unsigned int delta, std::source_location site = std::source_location::current()) const {
    if (size_ == 32)
      return details::shuffle_pieces(var, [&](auto v) { return __shfl_up_sync(0xffffffffu, v, delta, 32, site); });
    unsigned int lane = __fns(mask_, details::laneid(), -(static_cast<int>(delta) + 1));
    if (lane >= 32) lane = details::laneid();
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_sync(mask_, v, static_cast<int>(lane), 32, site); });
  }
  int any(int predicate, std::source_location site = std::source_location::current()) const {
    return __ballot_sync(mask_, predicate, site) != 0;
  }
  int all(int predicate, std::source_location site = std::source_location::current()) const {
    return __ballot_sync(mask_, predicate, site) == mask_;
  }
  unsigned int ballot(int predicate, std::source_location site = std::source_location::current()) const {
    const unsigned int lanes = __ballot_sync(mask_, predicate, site);
    return size_ == 32 ? lanes : details::pack_lanes(mask_, lanes);
  }
  template <class T>
  unsigned int match_any(T value, std::source_location site = std::source_location::current()) const {
    const unsigned int lanes = __match_any_sync(mask_, value, site);
    return size_ == 32 ? lanes : details::pack_lanes(mask_, lanes);
  }
  template <class T>
  unsigned int match_all(T value, int& pred, std::source_location site = std::source_location::current()) const {
    const unsigned int lanes = __match_all_sync(mask_, value, &pred, site);
    return size_ == 32 ? lanes : details::pack_lanes(mask_, lanes);
  }
  // The lanes of the calling thread's warp in the group (cusim's reduce and scan use it).
  unsigned int _lanes() const { return mask_; }

 protected:
  explicit coalesced_group(unsigned int mask, unsigned int meta_rank = 0, unsigned int meta_size = 1, bool tiled = false)
      : thread_group(details::coalesced_group_id, mask, static_cast<unsigned int>(__builtin_popcount(mask)), meta_rank,
                     meta_size, tiled) {}
  coalesced_group tiled(unsigned int tilesz) const;

  friend thread_group tiled_partition(const thread_group& parent, unsigned int tilesz);
  friend coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tilesz);
  friend class thread_block;
  friend struct details::coalesced_access;
  template <unsigned int, class>
  friend class thread_block_tile;
};

namespace details {
struct coalesced_access {
  static coalesced_group make(unsigned int mask) { return coalesced_group(mask); }
};
}  // namespace details

inline coalesced_group coalesced_threads(std::source_location site = std::source_location::current()) {
  return details::coalesced_access::make(__activemask(site));
}

namespace details {
// A tile of Size threads (a power of two up to 32): it lies in one warp, and its collectives are
// the warp intrinsics over its lanes.
template <unsigned int Size>
class warp_tile : public coalesced_group {
 public:
  static constexpr unsigned int numThreads = Size;
  static constexpr unsigned int num_threads() { return Size; }
  static constexpr unsigned int size() { return Size; }
  static unsigned int thread_rank() { return details::cta_rank() & (Size - 1); }
  static void sync(std::source_location site = std::source_location::current()) { __syncwarp(details::tile_mask(Size), site); }

  template <class T>
  T shfl(T var, int src_rank, std::source_location site = std::source_location::current()) const {
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_sync(mask_, v, src_rank, static_cast<int>(Size), site); });
  }
  template <class T>
  T shfl_down(T var, unsigned int delta, std::source_location site = std::source_location::current()) const {
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_down_sync(mask_, v, delta, static_cast<int>(Size), site); });
  }
  template <class T>
  T shfl_up(T var, unsigned int delta, std::source_location site = std::source_location::current()) const {
    return details::shuffle_pieces(var, [&](auto v) { return __shfl_up_sync(mask_, v, delta, static_cast<int>(Size), site); });
  }
  template <class T>
  T shfl_xor(T var, unsigned int lane_mask, std::source_location site = std::source_location::current()) const {
    return details::shuffle_pieces(
        var, [&](auto v) { return __shfl_xor_sync(mask_, v, static_cast<int>(lane_mask), static_cast<int>(Size), site); });
  }
  int any(int predicate, std::source_location site = std::source_location::current()) const {
    return __ballot_sync(mask_, predicate, site) != 0;
  }
  int all(int predicate, std::source_location site = std::source_location::current()) const {
    return __ballot_sync(mask_, predicate, site) == mask_;
  }
  // Bit i: the member of rank i.
  unsigned int ballot(int predicate, std::source_location site = std::source_location::current()) const {
    return __ballot_sync(mask_, predicate, site) >> (details::laneid() & ~(Size - 1));
  }
  template <class T>
  unsigned int match_any(T value, std::source_location site = std::source_location::current()) const {
    return __match_any_sync(mask_, value, site) >> (details::laneid() & ~(Size - 1));
  }
  template <class T>
  unsigned int match_all(T value, int& pred, std::source_location site = std::source_location::current()) const {
    return __match_all_sync(mask_, value, &pred, site) >> (details::laneid() & ~(Size - 1));
  }

 protected:
  warp_tile(unsigned int meta_rank, unsigned int meta_size) : coalesced_group(tile_mask(Size), meta_rank, meta_size, true) {}
};

// The warps of the calling thread's tile of `size` threads (fewer in a block's last, partial tile).
inline unsigned int tile_warps(unsigned int size) {
  const unsigned int first = cta_rank() & ~(size - 1);
  const unsigned int threads = cta_size() - first < size ? cta_size() - first : size;
  return (threads + 31) / 32;
}
// Every member's `value` (at most 8 bytes, as CUDA's multi-warp collectives allow) reaches the
// engine, which gives back those of members first, first + stride, ... (count of them) in `out`.
template <class T>
void tile_collect(::cusim::detail::TileCall call, unsigned int size, const T& value, T* out, unsigned int first,
                  unsigned int stride, unsigned int count, std::source_location site) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                "collectives of tiles larger than 32 threads are limited to types of at most 8 bytes, as in CUDA");
  ::cusim::detail::tile_exchange(call, size, &value, sizeof(T), out, first, stride, count, site);
}

// A tile of Size threads, 64 to 512: whole warps of consecutive ranks. Its sync() is the
// engine's barrier of exactly its threads; shfl, any and all go, as in CUDA's implementation,
// through each warp and then across the tile's warps (tile_collect); reduce and the scans are in
// cooperative_groups_algorithms.hpp.
template <unsigned int Size>
class multi_warp_tile : public thread_group {
 public:
  static constexpr unsigned int _group_id = multi_tile_group_id;
  static constexpr unsigned int numThreads = Size;
  static constexpr unsigned int num_threads() { return Size; }
  static constexpr unsigned int size() { return Size; }
  static unsigned int thread_rank() { return cta_rank() & (Size - 1); }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  static void sync(std::source_location site = std::source_location::current()) { ::cusim::detail::tile_sync(Size, site); }

  template <class T>
  T shfl(T var, unsigned int src_rank, std::source_location site = std::source_location::current()) const {
    T out{};
    tile_collect(::cusim::detail::TileCall::shfl, Size, var, &out, src_rank, 0, 1, site);
    return out;
  }
  int any(int predicate, std::source_location site = std::source_location::current()) const {
    const int warp = __any_sync(present_lanes(), predicate, site);
    int warps[Size / 32] = {};
    tile_collect(::cusim::detail::TileCall::any, Size, warp, warps, 0, 32, tile_warps(Size), site);
    for (unsigned int w = 0; w < tile_warps(Size); ++w)
      if (warps[w]) return 1;
    return 0;
  }
  int all(int predicate, std::source_location site = std::source_location::current()) const {
    const int warp = __all_sync(present_lanes(), predicate, site);
    int warps[Size / 32] = {};
    tile_collect(::cusim::detail::TileCall::all, Size, warp, warps, 0, 32, tile_warps(Size), site);
    for (unsigned int w = 0; w < tile_warps(Size); ++w)
      if (!warps[w]) return 0;
    return 1;
  }

 protected:
  multi_warp_tile(unsigned int meta_rank, unsigned int meta_size)
      : thread_group(multi_tile_group_id, 0, Size, meta_rank, meta_size, true) {}
};

template <unsigned int Size>
using tile_base = std::conditional_t<(Size <= 32), warp_tile<Size>, multi_warp_tile<Size>>;
}  // namespace details

// A tile of Size threads of consecutive ranks of its parent (thread_block_tile<Size>): one warp
// or less (details::warp_tile), or 64 to 512 threads (details::multi_warp_tile).
template <unsigned int Size>
class thread_block_tile<Size, void> : public details::tile_base<Size> {
  static_assert(Size <= 512 && (Size & (Size - 1)) == 0 && Size > 0,
                "thread_block_tile<Size>: Size must be a power of two from 1 to 512, as in CUDA");

 public:
  thread_block_tile(const thread_block_tile<Size, void>&) = default;
  template <class ParentT>
  thread_block_tile(const thread_block_tile<Size, ParentT>& t) : details::tile_base<Size>(t) {}

 protected:
  thread_block_tile(unsigned int meta_rank, unsigned int meta_size) : details::tile_base<Size>(meta_rank, meta_size) {}
  template <unsigned int, class>
  friend class thread_block_tile;
};

// Making a tile of more than one warp syncs its parent first, as CUDA's implementation does on
// sm_80 and later (where no block_tile_memory is declared): the threads of the parent wait there.
template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
 public:
  explicit thread_block_tile(const ParentT& parent, std::source_location site = std::source_location::current())
      : thread_block_tile<Size, void>(static_cast<unsigned int>(parent.thread_rank() / Size),
                                      static_cast<unsigned int>((parent.num_threads() + Size - 1) / Size)) {
    if constexpr (Size > 32) parent.sync(site);
  }
};

// tiled_partition<Size>(parent): the calling thread's tile of the block or of a larger tile.
template <unsigned int Size, class ParentT>
thread_block_tile<Size, ParentT> tiled_partition(const ParentT& parent,
                                                 std::source_location site = std::source_location::current()) {
  return thread_block_tile<Size, ParentT>(parent, site);
}

// tiled_partition(parent, n) with n a power of two up to 32.
inline thread_group thread_block::tiled(unsigned int tilesz) const {
  if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0) __trap();
  return thread_group(details::coalesced_group_id, details::tile_mask(tilesz), tilesz, details::cta_rank() / tilesz,
                      (details::cta_size() + tilesz - 1) / tilesz, true);
}

inline coalesced_group coalesced_group::tiled(unsigned int tilesz) const {
  if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0) __trap();
  if (size_ <= tilesz) return *this;
  const unsigned int rank = thread_rank();
  if (tiled_) {
    const unsigned int base = rank & ~(tilesz - 1);
    const unsigned int length = size_ - base < tilesz ? size_ - base : tilesz;
    const unsigned int mask = (0xffffffffu >> (32 - length)) << (details::laneid() & ~(tilesz - 1));
    return coalesced_group(mask, rank / tilesz, size_ / tilesz, true);
  }
  // The members of ranks [first, first + tilesz) of a group whose lanes need not be contiguous.
  const unsigned int first = rank / tilesz * tilesz;
  unsigned int mask = 0, seen = 0;
  for (unsigned int rest = mask_; rest; rest &= rest - 1, ++seen)
    if (seen >= first && seen < first + tilesz) mask |= rest & (0u - rest);
  return coalesced_group(mask, rank / tilesz, (size_ + tilesz - 1) / tilesz, false);
}

inline thread_group tiled_partition(const thread_block& parent, unsigned int tilesz) { return parent.tiled(tilesz); }
inline coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tilesz) {
  return parent.tiled(tilesz);
}
inline thread_group tiled_partition(const thread_group& parent, unsigned int tilesz) {
  if (parent.get_type() == details::coalesced_group_id)
    return static_cast<const coalesced_group&>(parent).tiled(tilesz);
  if (parent.get_type() == details::multi_tile_group_id) {  // its tiles are the block's, ranked within it
    if (tilesz == 0 || tilesz > 32 || (tilesz & (tilesz - 1)) != 0) __trap();
    return thread_group(details::coalesced_group_id, details::tile_mask(tilesz), tilesz,
                        static_cast<unsigned int>(parent.thread_rank() / tilesz), parent.size_ / tilesz, true);
  }
  return static_cast<const thread_block&>(parent).tiled(tilesz);
}

// labeled_partition(g, label): the members of g with the same label; binary_partition(g, pred):
// those with the same predicate.
template <class Group>
coalesced_group labeled_partition(const Group& g, int label, std::source_location site = std::source_location::current()) {
  return details::coalesced_access::make(__match_any_sync(g._lanes(), label, site));
}
template <class Group>
coalesced_group binary_partition(const Group& g, bool predicate,
                                 std::source_location site = std::source_location::current()) {
  const unsigned int yes = __ballot_sync(g._lanes(), predicate, site);
  return details::coalesced_access::make(predicate ? yes : g._lanes() & ~yes);
}

inline unsigned long long thread_group::num_threads() const {
  switch (type_) {
    case details::thread_block_id: return details::cta_size();
    case details::grid_group_id: return grid_group::num_threads();
    default: return size_;
  }
}
inline unsigned long long thread_group::thread_rank() const {
  switch (type_) {
    case details::thread_block_id: return details::cta_rank();
    case details::grid_group_id: return grid_group::thread_rank();
    case details::multi_tile_group_id: return details::cta_rank() & (size_ - 1);
    default: return static_cast<unsigned int>(__builtin_popcount(mask_ & details::lanemask32_lt()));
  }
}
inline void thread_group::sync(std::source_location site) const {
  switch (type_) {
    case details::thread_block_id: __syncthreads(site); break;
    case details::grid_group_id: ::cusim::detail::grid_sync(site); break;
    case details::multi_tile_group_id: ::cusim::detail::tile_sync(size_, site); break;
    default: __syncwarp(mask_, site); break;
  }
}

template <class Group>
void sync(const Group& g, std::source_location site = std::source_location::current()) {
  g.sync(site);
}
template <class Group>
auto thread_rank(const Group& g) -> decltype(g.thread_rank()) {
  return g.thread_rank();
}
template <class Group>
auto group_size(const Group& g) -> decltype(g.num_threads()) {
  return g.num_threads();
}

}  // namespace cooperative_groups

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
