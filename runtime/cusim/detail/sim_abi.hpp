// The entry points that kernel-side code calls in the simulator (defined in backends/sim).
// Not for users: kernels call the CUDA-named functions in kernel_api.hpp, which forward here.
#pragma once
#include <cstddef>
#include <cstdint>
#include <source_location>

#include "cusim/detail/types.hpp"

// The thread-locals of the simulator live in the executable (cusim is a static library), so code
// built for an executable, PIE or not, reaches them by the local-exec TLS model: one %fs-relative
// instruction, where the default for a thread-local defined in another translation unit loads its
// offset from the GOT first (two more instructions at every thread switch). A shared object
// cannot use that model and keeps the compiler's default.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && (!defined(__PIC__) || defined(__PIE__))
#define CUSIM_TLS_LOCAL_EXEC 1
#define CUSIM_EXECUTABLE_TLS [[gnu::tls_model("local-exec")]]
#else
#define CUSIM_TLS_LOCAL_EXEC 0
#define CUSIM_EXECUTABLE_TLS
#endif

namespace cusim::detail {

// The built-in index variables of the CUDA thread running on this OS thread: the engine sets
// blockIdx, blockDim and gridDim as each block starts, and threadIdx at every thread switch. They
// are constant-initialised so that reads need no TLS wrapper.
// The assembler names let kernel_api.hpp read them from inline assembly. threadIdx is reached
// through a pointer into the launch's table of thread indices, so that a switch writes one
// pointer instead of copying the index (outside kernels it points at zeros).
CUSIM_EXECUTABLE_TLS extern constinit thread_local const uint3* tls_thread_idx asm("cusim_tls_thread_idx");
CUSIM_EXECUTABLE_TLS extern constinit thread_local uint3 tls_block_idx asm("cusim_tls_block_idx");
CUSIM_EXECUTABLE_TLS extern constinit thread_local dim3 tls_block_dim asm("cusim_tls_block_dim");
CUSIM_EXECUTABLE_TLS extern constinit thread_local dim3 tls_grid_dim asm("cusim_tls_grid_dim");
// The shared-memory arena of the block running on this OS thread ([begin, end); null outside
// kernels). Every thread of a block runs on the same OS thread and switches only at
// synchronisation points, so read-modify-writes there need no atomic instructions.
CUSIM_EXECUTABLE_TLS extern constinit thread_local char* tls_shared_begin asm("cusim_tls_shared_begin");
CUSIM_EXECUTABLE_TLS extern constinit thread_local char* tls_shared_end asm("cusim_tls_shared_end");

// A __device__, __constant__ or __managed__ variable defined in a CUDA source: the translator
// puts a guard after it (CUSIM_STATIC_VARIABLE in kernel_api.hpp) and registers both, so that the
// checkers find accesses past its end and kernels' writes to __constant__ memory
// (sim/memory/static_variables.hpp).
enum class StaticVariableKind : unsigned char { device, constant, managed };
struct StaticVariableRegistration {
  StaticVariableRegistration(const void* at, std::size_t size, const void* guard_end, StaticVariableKind kind,
                             const char* name, const char* file, unsigned line);
};

// A static shared-memory declaration site: its variable's name, size and alignment.
struct SharedDecl {
  const char* name;
  std::size_t size;
  std::size_t align;
};
// The first static shared variables that the running block declared, and where they live: every
// thread of a block declares the same ones, and all but the first find them here without a call
// into the engine (empty entries have a null decl; cleared as each block starts).
struct SharedSlot {
  const SharedDecl* decl;
  void* address;
};
inline constexpr unsigned kSharedSlotCache = 4;
CUSIM_EXECUTABLE_TLS extern constinit thread_local SharedSlot tls_shared_slots[kSharedSlotCache];

enum class BarrierOp : unsigned char { plain, count, all, any };

// The warp intrinsics (warp_ops.def), and the name CUDA gives each.
enum class WarpOp : unsigned char {
#define CUSIM_WARP_OP(identifier, name) identifier,
#include "cusim/detail/warp_ops.def"
#undef CUSIM_WARP_OP
};
constexpr const char* warp_op_name(WarpOp op) {
  switch (op) {
#define CUSIM_WARP_OP(identifier, name) \
  case WarpOp::identifier:              \
    return name;
#include "cusim/detail/warp_ops.def"
#undef CUSIM_WARP_OP
  }
  return "?";
}

enum class FenceScope : unsigned char { block, device, system };

// Call sites travel by value: a std::source_location is one pointer, passed in a register. Passed
// by reference, kernel code would store it to its stack first, and the checked build instruments
// that store (one more access hook per barrier or warp intrinsic).

// __syncthreads(): the hot one of the barriers, with an entry of its own that returns nothing, so
// that the engine's switch to the next thread can be its last call (sim/exec/block_run.cpp).
void block_sync(std::source_location site);
// __syncthreads and its reducing forms; returns the reduction (0 for plain).
int block_barrier(BarrierOp op, int predicate, std::source_location site);

// Every warp intrinsic: synchronises the lanes named in `mask` and returns this lane's result.
// `b` and `c` are the operands of PTX's shfl.sync (lane/delta and the clamp/segment word).
unsigned long long warp_collective(WarpOp op, unsigned mask, unsigned long long value, int b, int c,
                                   std::source_location site);

// Address of a static shared variable in the running block's arena (allocated on first use).
// Kernel code calls it through shared_variable() (kernel_api.hpp), which looks in
// tls_shared_slots first.
void* shared_static(const SharedDecl& decl, std::source_location site);
// Base of the running block's dynamic shared memory (the launch's shared-bytes argument).
void* shared_dynamic();

void thread_fence(FenceScope scope);

// grid_group::sync() of cooperative groups: a barrier of every thread of the grid. A kernel launched
// without cudaLaunchCooperativeKernel gets a finding at `site` (CUDA traps there).
void grid_sync(std::source_location site);
// Whether the running kernel was launched with cudaLaunchCooperativeKernel (grid_group::is_valid()).
bool cooperative_launch();

// The group calls of a tile of more than one warp (thread_block_tile<64> to <512>), as findings
// name them.
enum class TileCall : unsigned char { sync, shfl, any, all, reduce, scan };
constexpr const char* tile_call_name(TileCall call) {
  switch (call) {
    case TileCall::sync: return "sync";
    case TileCall::shfl: return "shfl";
    case TileCall::any: return "any";
    case TileCall::all: return "all";
    case TileCall::reduce: return "reduce";
    case TileCall::scan: return "scan";
  }
  return "?";
}
// thread_block_tile<size>::sync() for size 64 to 512: a barrier of the running thread's tile (the
// `size` threads of consecutive ranks it lies among), and an ordering point among exactly them.
void tile_sync(unsigned size, std::source_location site);
// A collective of such a tile: every member deposits `bytes` (at most 8) of `value` and waits
// for the others; then `out[i]` gets what member `first + i * stride` deposited, for i < count
// (members the block lacks give zeros). Not an ordering point: only sync() orders memory.
void tile_exchange(TileCall call, unsigned size, const void* value, unsigned bytes, void* out, unsigned first,
                   unsigned stride, unsigned count, std::source_location site);

// An arrive/wait barrier (cuda::barrier, and the stages of a cuda::pipeline): its state lives in
// the object the kernel declared in the block's shared memory. Kernel code writes it once, in
// init(); from then on only the engine reads and changes it (sim/exec/block_arrive_wait.cpp), so
// the checkers see init()'s writes and each call's read of `magic` (cuda::barrier's touch(),
// cuda_barrier.hpp), and not the engine's bookkeeping.
struct ArriveWaitBarrier {
  static constexpr std::uint32_t kMagic = 0x63756272;  // "cubr": init() has run
  std::uint32_t magic;
  std::uint32_t expected;  // arrivals each phase needs, less those dropped
  std::uint32_t pending;   // arrivals the current phase still needs
  std::uint32_t phase;     // phases completed
  std::uint32_t waiting;   // arrivals of the current phase by arrive_and_wait() (one each)
  std::uint32_t others;    // the current phase's other arrivals (arrive(), arrive_and_drop())
};
// bind: no arrival (its update is 0), but what the thread did so far is released with the current
// phase, as an arrival's would be: asynchronous copies tied to the barrier (cuda::memcpy_async),
// which complete with the phase.
enum class ArriveKind : unsigned char { arrive, arrive_and_wait, arrive_and_drop, bind };
struct Arrival {
  std::uint32_t phase;  // the phase arrived at (the token)
  bool completes;       // the caller's arrival was the phase's last: it completes it
};
// An arrival of the running thread, counting `update`. When it is the phase's last, the phase is
// not complete yet: the caller runs the barrier's completion function, then calls
// arrive_wait_complete().
Arrival arrive_wait_arrive(ArriveWaitBarrier& b, std::uint32_t update, ArriveKind kind, std::source_location site);
void arrive_wait_complete(ArriveWaitBarrier& b, std::source_location site);
// Returns once phase `phase` of `b` is complete (`b.phase` is past it then), with true. A `timed`
// wait (try_wait_for and the like, which poll for a while on the GPU) returns false instead when
// the phase cannot complete before nothing else in the block can run.
bool arrive_wait_wait(ArriveWaitBarrier& b, std::uint32_t phase, bool timed, std::source_location site);

[[noreturn]] void trap(std::source_location site);

// Whether a simulated CUDA thread runs on this OS thread (clock() answers the device's clock there).
bool in_simulated_thread();

}  // namespace cusim::detail
