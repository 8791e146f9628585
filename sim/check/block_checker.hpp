// The checkers' view of one running block (one per worker, reused block after block): every
// access of its threads to device or shared memory is checked here (DESIGN §5).
//
//  memcheck   the bytes must be addressable (inside an allocation or a shared variable), aligned
//             to the access size, and not freed; memory that is neither device, shared, stack,
//             thread-local nor the program's static data is a wild access. These end the launch
//             before the access happens.
//  initcheck  a read must see bytes that were written (by a kernel, a copy or a memset).
//  racecheck  two accesses to a byte (of device or shared memory, or of a __device__ variable) conflict when one writes and not both are atomic; they are
//             ordered only by program order, __syncthreads() (the block's epoch), __syncwarp()
//             (per-lane vector clocks of the warp), the sync() of a tile of more than one warp
//             (each thread's clock at its tile's last sync), an arrive/wait barrier's phase (what each
//             thread knows of the others' clocks, known_), or a fence followed by an atomic that another
//             thread's atomic observes (Acquired entries). Conflicting unordered accesses are a race,
//             named RAW / WAR / WAW by the order the threads' programs put them in (epoch, then
//             the count of accesses each thread made), so the verdict is the same in any schedule.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/check/access.hpp"
#include "sim/check/launch_state.hpp"
#include "sim/exec/access_gate.hpp"
#include "sim/memory/zero_pages.hpp"
#include "sim/report/diagnostic.hpp"

namespace cusim::sim {
struct StaticVariable;
}

namespace cusim::sim::check {

class GlobalShadow;

// Each is the access gate of the blocks it checks (sim/exec/access_gate.hpp): the checked
// build's hooks (sim/instrument/access_hooks.cpp) ask access() about every access; the engine's
// other events reach it through the launch's CheckingObserver (checking_observer.hpp).
class BlockChecker final : public AccessGate {
 public:
  BlockChecker();
  ~BlockChecker();
  BlockChecker(const BlockChecker&) = delete;
  BlockChecker& operator=(const BlockChecker&) = delete;

  struct BlockSetup {
    std::uint32_t block;          // linear block id
    unsigned threads;
    char* shared_base;            // the block's shared arena and its capacity
    std::size_t shared_capacity;
    std::size_t dynamic_bytes;
    const void* packet;           // the launch's argument packet, which kernel code reads
    std::size_t packet_bytes;
    std::size_t stack_bytes;      // of each simulated thread
  };
  void begin_block(LaunchState& launch, const BlockSetup& setup);
  // A static shared variable took [at, at + size) of the arena.
  void on_shared_variable(const char* name, const void* at, std::size_t size);
  void on_barrier();
  void on_warp_sync(unsigned warp, unsigned mask);
  void on_tile_sync(unsigned first, unsigned count, unsigned size);
  void on_fence(unsigned thread);
  // Arrive/wait barriers (cuda::barrier; block_checker_arrive_wait.cpp): a thread's arrival, a
  // completed phase (`whole_block`: a __syncthreads() to the block), a thread's wait returning.
  void on_arrive_wait_arrival(unsigned thread, const void* barrier);
  void on_arrive_wait_completed(unsigned thread, const void* barrier, bool whole_block);
  void on_arrive_wait_returned(unsigned thread, const void* barrier);

  enum class Verdict { other, device, fatal };  // device: global or shared memory, checked
  // Checks an access of `size` bytes at `address` by thread `thread` from code address `pc`
  // (Flags: AccessFlags, known to each hook at compile time, so that each kind of access gets
  // its own straight path). On Verdict::fatal, fatal() says why the access must not happen.
  template <unsigned Flags>
  Verdict access(unsigned thread, std::uintptr_t address, std::size_t size, const void* pc) {
    if (address - heap_base_ < heap_size_) return global_access<Flags>(thread, address, size, pc);
    if (address - shared_base_ < shared_size_) return shared_access<Flags>(thread, address, size, pc);
    // threadIdx and the other built-in variables are thread-locals: the most frequent case left.
    if (reinterpret_cast<std::uintptr_t>(__builtin_thread_pointer()) - address < tls_bytes_) return Verdict::other;
    // Locals whose address is taken: this thread's stack, around the hook's own frame.
    if (address - reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) + 4096 < stack_bytes_ + 4096)
      return Verdict::other;
    if (address - packet_ < packet_bytes_) return Verdict::other;  // the kernel's arguments
    if (address - static_base_ < static_size_) return static_access(thread, address, size, Flags, pc);
    return other_access(address, size, Flags, pc);
  }
  // A load or store of a `type` ("'float4'", as the compiler names it) that asks `align` bytes, at an
  // address that is not a multiple of it: found by the compiler's alignment check (the checked
  // build's -fsanitize=alignment) before the access, where the type is still known. Fatal under
  // memcheck in device, shared or static memory, as on a GPU; other memory is access()'s business.
  Verdict misaligned_typed(unsigned thread, std::uintptr_t address, unsigned flags, const std::string& type,
                           std::size_t align, const void* pc);
  Diagnostic& fatal() { return fatal_; }
  // After an atomic that access() passed was performed: it acquires what the atomics before it on
  // that address released (fence + atomic, DESIGN §5).
  void after_atomic(unsigned thread, std::uintptr_t address);

 private:
  struct SharedVariable {
    std::string name;
    std::uintptr_t begin, size;
  };
  // The access being checked, and what deciding its order against a remembered access needs of
  // the block's state, loaded once (the race cells it writes could alias the members).
  struct Current {
    unsigned thread;
    std::uintptr_t address;
    unsigned flags;
    std::uint32_t site;
    MemorySpace space;
    std::uint32_t block, epoch;
    const std::uint32_t* clocks;  // the lane clocks of the thread's warp that it has seen
    std::uint32_t ordinal;        // the thread's checked accesses before this one
    bool rare;                    // ordered_rarely() may answer: tiles synced, atomics or barrier phases acquired
  };
  Current current(unsigned thread, std::uintptr_t a, unsigned flags, const void* pc, MemorySpace space) const;

  template <unsigned Flags>
  Verdict global_access(unsigned thread, std::uintptr_t a, std::size_t size, const void* pc);
  template <unsigned Flags>
  Verdict shared_access(unsigned thread, std::uintptr_t a, std::size_t size, const void* pc);
  Verdict static_access(unsigned thread, std::uintptr_t a, std::size_t size, unsigned flags, const void* pc);
  Verdict other_access(std::uintptr_t a, std::size_t size, unsigned flags, const void* pc);
  // The checks shared by both spaces: one granule inline (most accesses), several out of line.
  template <unsigned Flags>
  [[gnu::always_inline]] Verdict check_granules(const Current& c, std::size_t size, std::uint8_t* status,
                                                RaceCell* cells, std::uint32_t tag, bool lock);
  template <unsigned Flags>
  [[gnu::noinline]] Verdict check_spanning(const Current& c, std::size_t size, std::uint8_t* status, RaceCell* cells,
                                           std::uint32_t tag, bool lock);
  template <unsigned Flags>
  [[gnu::always_inline]] void check_granule(const Current& c, std::uint8_t mask, std::uint8_t& status, RaceCell& cell,
                                            std::uint32_t tag, bool lock);
  [[gnu::cold, gnu::noinline]] Verdict not_addressable(const Current& c, std::size_t size, std::uintptr_t granule,
                                                       std::uint8_t missing);
  [[gnu::cold, gnu::noinline]] Verdict misaligned(const Current& c, std::size_t size);
  [[gnu::cold, gnu::noinline]] Verdict past_static_variable(const Current& c, std::size_t size, const StaticVariable& v);
  [[gnu::cold, gnu::noinline]] Verdict constant_write(const Current& c, std::size_t size, const StaticVariable& v);
  Verdict misaligned(const Current& c, const std::string& what, std::size_t align);  // what: "4 bytes of `tile`"
  [[gnu::cold, gnu::noinline]] void uninitialized_read(const Current& c);
  // The race check of one granule's cell, under its lock when other workers may touch it.
  template <unsigned Flags>
  [[gnu::always_inline]] void check_cell(const Current& c, RaceCell& cell, std::uint8_t mask, std::uint32_t tag, bool lock);
  // Checks `c` against the accesses `cell` keeps, reports the races, and keeps `c` as it
  // should. Dry: reports nothing and returns false where it would have reported.
  template <unsigned Flags, bool Dry = false>
  [[gnu::always_inline]] bool check_race(const Current& c, RaceCell& cell, std::uint8_t mask, std::uint32_t tag);
  // Whether checking the atomic `c` would report nothing and leave `cell` as it is, judged on a
  // consistent copy read without taking the cell's lock.
  template <unsigned Flags>
  bool atomic_changes_nothing(const Current& c, const RaceCell& cell, std::uint8_t mask, std::uint32_t tag);
  // A plain write of the bytes `mask` of a granule whose kept accesses also touched other bytes.
  [[gnu::cold, gnu::noinline]] void keep_other_bytes(const Current& c, RaceCell& cell, std::uint8_t mask);
  void report_race(const Current& c, const AccessRecord& other);
  void release_at_atomic(unsigned thread, std::uintptr_t address);
  // Whether `earlier` happens before the access `c`: program order, a barrier, a __syncwarp()
  // (lane clocks), a sync() of a tile of more than one warp, or what the thread or its block
  // acquired through atomics. Inline, because it runs several times per access; the tiles' and
  // the atomics' orderings, rare, out of line and only when some tile synced or some thread
  // acquired anything.
  [[gnu::always_inline]] bool ordered(const AccessRecord& earlier, const Current& c) const {
    if (earlier.block == c.block) {
      if (earlier.thread == c.thread || earlier.epoch < c.epoch) return true;
      if ((earlier.thread >> 5) == (c.thread >> 5) && earlier.clock < c.clocks[earlier.thread & 31]) return true;
    }
    return c.rare && ordered_rarely(earlier, c.thread);
  }
  // Whether every access still to come is ordered after `e`: in shared memory, which only its
  // block sees, anything from before the block's last barrier.
  [[gnu::always_inline]] static bool dead(const AccessRecord& e, const Current& c) {
    return c.space == MemorySpace::shared && e.epoch < c.epoch;
  }
  [[gnu::noinline]] bool ordered_rarely(const AccessRecord& earlier, unsigned thread) const;
  bool ordered_by_tiles(const AccessRecord& earlier, unsigned thread) const;
  bool ordered_by_atomics(const AccessRecord& earlier, unsigned thread) const;
  bool ordered_by_arrive_wait(const AccessRecord& earlier, unsigned thread) const {
    return earlier.block == block_ && earlier.clock < known_[std::size_t{thread} * threads_ + earlier.thread];
  }
  // Arrive/wait barriers: the block's record of `barrier` (made on its first arrival); `thread`'s
  // row of known_, made (zeroed, for every thread) on first use; the rows of the threads first + i
  // (i < count) whose lane i % 32 is in `lanes` joined.
  struct ArriveWaitOrder;
  ArriveWaitOrder& arrive_wait_order(const void* barrier);
  std::uint32_t* known_row(unsigned thread);
  void join_known(unsigned first, unsigned count, std::uint32_t lanes = ~0u);
  [[gnu::always_inline]] static void fill(AccessRecord& r, const Current& c, std::uint8_t mask);  // r := this access
  std::string describe(const Current& c) const;  // "`tile` [offset 12]" or "global memory at 0x..."
  Diagnostic memory_fault(DiagnosticKind kind, MemorySpace space, std::uintptr_t a, std::string message) const;
  bool stack_or_static(std::uintptr_t a) const;

  LaunchState* launch_ = nullptr;
  unsigned checks_ = 0;  // the launch's CheckBits
  GlobalShadow* global_ = nullptr;
  std::uintptr_t heap_base_ = 0, heap_size_ = 0;
  std::uintptr_t shared_base_ = 0, shared_size_ = 0;
  std::uintptr_t static_base_ = 0, static_size_ = 0;  // the program's writable data (__device__ variables)
  RaceCell* static_cells_ = nullptr;
  std::uintptr_t packet_ = 0, packet_bytes_ = 0;
  std::size_t stack_bytes_ = 0;
  std::uintptr_t tls_bytes_ = 0;   // static thread-local storage lies below the thread pointer
  Diagnostic fatal_;
  std::uint32_t block_ = 0;
  std::uint32_t epoch_ = 0;        // barriers the block has completed
  std::uint32_t shared_tag_ = 0;   // of this block run's shared race cells
  unsigned threads_ = 0;
  std::size_t shared_high_ = 0;    // arena bytes whose status may be non-zero

  std::vector<SharedVariable> shared_vars_;
  ZeroPages<std::uint8_t> shared_status_;  // made on the first block, sized for the largest
  ZeroPages<RaceCell> shared_cells_;

  // Per thread of the block.
  std::vector<std::array<std::uint32_t, 32>> warp_clock_;  // lane clocks of the thread's warp it has seen
  bool clocks_dirty_ = false;
  // Tiles of 64, 128, 256 and 512 threads: each thread's clock as its tile of that size last
  // synced (ticked there). Every live thread of a tile takes part in each of its syncs, so an
  // access of thread q happens before any later access of a thread of q's tile exactly when q's
  // clock then was below this one.
  std::array<std::vector<std::uint32_t>, 4> tile_clock_;
  bool tiles_synced_ = false;  // in this block
  std::vector<std::uint32_t> ordinal_;
  struct Fence {
    bool done = false;
    std::uint32_t epoch = 0, clock = 0;
  };
  std::vector<Fence> fence_;
  std::vector<std::vector<Acquired>> acquired_;  // what each thread learned through atomics
  std::vector<unsigned> acquiring_;              // threads whose acquired_ is not empty
  std::vector<Acquired> block_acquired_;         // what the whole block learned (joined at barriers)
  bool any_acquired_ = false;                    // acquiring_ or block_acquired_ not empty
  // Arrive/wait barriers. A phase that is no __syncthreads() to the block orders by what each
  // thread knows: known_[t * threads_ + q] is the clock of thread q before which every access of
  // q happens before thread t's next one (made on the first such phase a waiter passes; an access
  // before q's arrival has a lower clock than the arrival's tick).
  struct ArriveWaitOrder {
    std::uintptr_t barrier = 0;
    std::vector<std::uint32_t> arrived;   // by thread: what its arrivals released (a clock of each)
    std::vector<std::uint32_t> released;  // `arrived` when the last phase completed
    std::vector<Acquired> acquired, acquired_released;  // the same for what arrivers learned through atomics
    bool any_released = false;
  };
  std::vector<ArriveWaitOrder> arrive_waits_;  // [0, arrive_waits_used_): this block's barriers
  std::size_t arrive_waits_used_ = 0;
  std::vector<std::uint32_t> known_;
  bool known_used_ = false;                    // known_ is this block's (and rows may be non-zero)
};

}  // namespace cusim::sim::check
