// The checked build's view of memory (DESIGN §5): kernel translation units are compiled with
// -fsanitize=thread, and these definitions of ThreadSanitizer's entry points receive every load,
// store and atomic they make (libtsan is not linked). Outside a checked block (host code, fast
// launches) each hook returns after one thread-local load; in one, accesses go to the block's
// access gate, which is the block's checker (sim/check/block_checker.hpp), and memory that is
// not device or shared memory is filtered out in a few compares. Launches whose accesses are
// observed (statistics, access maps) also hand every access the checker let through to the
// observers that want them; others pay one more thread-local load and an untaken branch.
//
// This folder is the one place that knows both the engine and the checkers: the engine installs
// an opaque gate (sim/exec/access_gate.hpp), the checkers make it, and the hooks join the two.
// The hooks run before the access: an access memcheck rejects never happens.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sim/check/block_checker.hpp"
#include "sim/check/global_shadow.hpp"
#include "sim/exec/block_run.hpp"
#include "sim/exec/instrumented.hpp"
#include "sim/memory/static_data.hpp"
#include "sim/memory/heap_observer.hpp"

namespace cusim::sim {
namespace {

// The gate the engine installed is the block's checker (sim/check/checking_observer.cpp makes it).
inline check::BlockChecker* checker(AccessGate* gate) { return static_cast<check::BlockChecker*>(gate); }

// The checker's verdict on an access of a block whose accesses are observed, which the observers
// then see unless the access must not happen. Out of line: the hooks' frames stay as small as
// without observers.
template <unsigned Flags>
[[gnu::noinline]] check::BlockChecker::Verdict check_and_observe(check::BlockChecker* c, unsigned thread,
                                                                const volatile void* p, std::size_t size,
                                                                const void* pc) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const check::BlockChecker::Verdict v = c->access<Flags>(thread, a, size, pc);
  if (v != check::BlockChecker::Verdict::fatal)
    for (BlockObserver* o : *running::observers) o->access(thread, a, size, Flags & ~kUnaligned, pc);
  return v;
}

bool readable_unchecked(std::uintptr_t a, std::size_t n);

// An access of device or shared memory, other than a poll, by kernel code of a block whose spinner
// has the last word and whose accesses no checker sees (block_spin_waits.cpp; with a checker, an
// observer of the accesses counts them).
[[gnu::noinline]] void count_unchecked_work(const volatile void* p, std::size_t size) {
  BlockRun* const block = BlockRun::current();
  if (!running::thread || !block || block->has_gate()) return;  // engine code, checks paused
  if (readable_unchecked(reinterpret_cast<std::uintptr_t>(p), size)) ++*running::last_word_accesses;
}

// Checks an access before it happens; true when it is to device or shared memory. Poll: on_poll's
// own call, which is not counted as work done while a spinner has the last word (unchecked).
template <unsigned Flags, bool Poll = false>
[[gnu::always_inline]] inline bool on_access(const volatile void* p, std::size_t size, const void* pc) {
  AccessGate* const gate = running::gate;
  if (__builtin_expect(gate == nullptr, 1)) {
    if (!Poll && __builtin_expect(running::last_word_accesses != nullptr, 0)) count_unchecked_work(p, size);
    return false;
  }
  SimThread* t = running::thread;
  if (!t) return false;
  check::BlockChecker* const c = checker(gate);
  // The checker's own code may run instrumented template instances: no checking inside it.
  running::gate = nullptr;
  const check::BlockChecker::Verdict v =
      __builtin_expect(running::observers != nullptr, 0)
          ? check_and_observe<Flags>(c, t->linear, p, size, pc)
          : c->access<Flags>(t->linear, reinterpret_cast<std::uintptr_t>(p), size, pc);
  running::gate = gate;
  switch (v) {
    case check::BlockChecker::Verdict::other: return false;
    case check::BlockChecker::Verdict::device:
      if (BlockRun::current()->interleaved()) BlockRun::current()->preempt();
      return true;
    case check::BlockChecker::Verdict::fatal:
      running::gate = nullptr;
      BlockRun::current()->fail_access(c->fatal(), pc);
  }
  return false;
}

[[gnu::noinline]] void after_atomic(const volatile void* p) {
  AccessGate* const gate = running::gate;
  SimThread* t = running::thread;
  if (!gate || !t) return;
  running::gate = nullptr;
  checker(gate)->after_atomic(t->linear, reinterpret_cast<std::uintptr_t>(p));
  BlockRun::current()->atomic_performed();
  running::gate = gate;
}

// Whether kernel code may read [a, a + n) without faulting, in a launch with no checker (no access
// checks, no observers): shared memory of the running block, static data, or live device memory.
bool readable_unchecked(std::uintptr_t a, std::size_t n) {
  const auto lo = reinterpret_cast<std::uintptr_t>(detail::tls_shared_begin);
  if (a - lo < reinterpret_cast<std::uintptr_t>(detail::tls_shared_end) - lo) return true;
  if (static_data().contains(a) && static_data().contains(a + n - 1)) return true;
  const check::GlobalShadow* g = check::GlobalShadow::instance();
  if (!g || !g->contains(a) || !g->contains(a + n - 1)) return false;
  for (std::uintptr_t x = a; x < a + n; ++x)
    if (!(*g->status(x) >> (x & 3) & 1)) return false;
  return true;
}

// What on_poll did with an access: nothing (not kernel code's, or memory no spin can wait on),
// or let it through, checked or not.
enum class Polled : std::uint8_t { no, unchecked, checked };

// A possible poll (a volatile read or an atomic): the engine may first let other threads run, if
// this thread keeps polling memory that nobody changes (sim/exec/block_spin_waits.cpp); then the
// access is checked. Polls are followed with the checks off too: a spin that cannot end must not
// hang the host. The caller then books what the thread saw (seen()), if the access was a poll.
template <unsigned Flags, std::size_t Size>
[[gnu::always_inline]] inline Polled on_poll(const volatile void* p, const void* pc) {
  if (__builtin_expect(running::thread == nullptr, 1)) return Polled::no;
  AccessGate* const gate = running::gate;
  BlockRun* const block = BlockRun::current();
  // No gate in a block that has one: the engine's own code runs, with the checks paused.
  if (!gate && block->has_gate()) return Polled::no;
  running::gate = nullptr;  // engine code, which may switch to other threads and back
  block->poll_begin();
  running::gate = gate;
  if (gate) return on_access<Flags, true>(p, Size, pc) ? Polled::checked : Polled::no;
  return readable_unchecked(reinterpret_cast<std::uintptr_t>(p), Size) ? Polled::unchecked : Polled::no;
}

// The poll that on_poll let through saw `value` at p.
template <std::size_t Size>
[[gnu::always_inline]] inline void seen(const volatile void* p, std::uint64_t value, const void* pc) {
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  BlockRun::current()->poll_seen<Size>(p, value, pc);
  running::gate = gate;
}

template <std::size_t Size>
[[gnu::always_inline]] inline void on_volatile_read(const volatile void* p, const void* pc) {
  if (on_poll<kRead, Size>(p, pc) == Polled::no) return;
  std::uint64_t value = 0;
  __builtin_memcpy(&value, const_cast<const void*>(static_cast<const volatile void*>(p)), Size < 8 ? Size : 8);
  seen<Size>(p, value, pc);
}

// An atomic: checked (and, if it releases, released) before, performed, then acquiring what the
// atomics it follows released: `perform` does the operation and returns its result. An atomic
// that leaves memory as it found it (a load, an add of 0, a failed compare-and-swap, an exchange
// of the same value) is a poll: `polled(result, &value)` says whether it was one, and what it saw.
// One that changes memory is no wait, and, while a spinner has the last word, work.
template <unsigned Flags, std::size_t Size, class Perform, class PollOf>
[[gnu::always_inline]] inline auto on_atomic(const volatile void* p, const void* pc, Perform perform, PollOf polled) {
  const Polled checked = on_poll<Flags, Size>(p, pc);
  if (checked == Polled::no) return perform();
  const auto result = perform();
  if (checked == Polled::checked) after_atomic(p);
  std::uint64_t value = 0;
  if (polled(result, &value)) seen<Size>(p, value, pc);
  else if (__builtin_expect(running::last_word_accesses != nullptr, 0)) ++*running::last_word_accesses;
  return result;
}

// What the compiler's alignment check (-fsanitize=alignment, UBSan's ABI) knows of a load or store
// it found misaligned: the type, with its alignment, and whether the access reads or writes.
struct TypeDescriptor {
  std::uint16_t kind;  // g++ gives 0xffff (a type it does not describe further) for these checks
  std::uint16_t info;
  char name[1];        // "'int'", "'float4'"
};
struct TypeMismatch {
  struct {
    const char* file;
    std::uint32_t line, column;
  } location;
  const TypeDescriptor* type;
  unsigned char log_alignment;
  unsigned char check_kind;  // 0 load, 1 store; others (member access, reference binding...) touch no memory
};

// A load or store of a type at an address that is not a multiple of the type's alignment, as CUDA
// defines a misaligned access (a packed member or a memcpy has its own, smaller alignment, and
// comes with no check). Memory the checker does not own is left to the access's own hook.
void on_misaligned(const TypeMismatch* m, std::uintptr_t address, const void* pc) {
  AccessGate* const gate = running::gate;
  SimThread* t = running::thread;
  if (!gate || !t || m->check_kind > 1) return;
  check::BlockChecker* const c = checker(gate);
  running::gate = nullptr;
  const auto v = c->misaligned_typed(t->linear, address, m->check_kind ? kWrite : kRead, m->type->name,
                                     std::size_t{1} << m->log_alignment, pc);
  if (v != check::BlockChecker::Verdict::fatal) {
    running::gate = gate;
    return;
  }
  BlockRun::current()->fail_access(c->fatal(), pc);
}

// A copy of n bytes, checked as the range it reads, then the range it writes.
[[gnu::always_inline]] inline void on_copy(void* dst, const void* src, std::size_t n, const void* pc) {
  if (!n) return;
  on_access<kRead | kUnaligned>(src, n, pc);
  on_access<kWrite | kUnaligned>(dst, n, pc);
}

}  // namespace

}  // namespace cusim::sim

using cusim::sim::on_access;
using cusim::sim::on_copy;
using cusim::sim::on_misaligned;
using cusim::sim::TypeMismatch;
using cusim::sim::on_volatile_read;
using cusim::sim::on_atomic;
using cusim::sim::kAtomic;
using cusim::sim::kRead;
using cusim::sim::kWrite;
using cusim::sim::kUnaligned;
#define CUSIM_PC __builtin_return_address(0)
constexpr unsigned kR_atomic = kRead | kAtomic, kW_atomic = kWrite | kAtomic;

extern "C" {

// Called by each instrumented translation unit's constructor, before main: the program is the
// checked build, so the checkers' shadow of the device heap follows its allocations from the first.
void __tsan_init() {
  if (cusim::sim::note_instrumented()) cusim::sim::set_heap_observer(cusim::sim::check::GlobalShadow::instance());
}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
// An object's vtable pointer, which constructors and destructors store and virtual calls and
// dynamic_cast read: an access like any other, so that an object that device code makes with new
// is initialised by its constructor and its virtual calls are bounded.
void __tsan_vptr_update(void** p, void*) { on_access<kWrite>(p, sizeof(void*), CUSIM_PC); }
void __tsan_vptr_read(void** p) { on_access<kRead>(p, sizeof(void*), CUSIM_PC); }

#define CUSIM_PLAIN_HOOKS(N)                                                                     \
  void __tsan_read##N(void* p) { on_access<kRead>(p, N, CUSIM_PC); }                              \
  void __tsan_write##N(void* p) { on_access<kWrite>(p, N, CUSIM_PC); }                            \
  void __tsan_unaligned_read##N(void* p) { on_access<kRead | kUnaligned>(p, N, CUSIM_PC); }       \
  void __tsan_unaligned_write##N(void* p) { on_access<kWrite | kUnaligned>(p, N, CUSIM_PC); }     \
  void __tsan_volatile_read##N(void* p) { on_volatile_read<N>(p, CUSIM_PC); }                      \
  void __tsan_volatile_write##N(void* p) { on_access<kWrite>(p, N, CUSIM_PC); }
CUSIM_PLAIN_HOOKS(1)
CUSIM_PLAIN_HOOKS(2)
CUSIM_PLAIN_HOOKS(4)
CUSIM_PLAIN_HOOKS(8)
CUSIM_PLAIN_HOOKS(16)
#undef CUSIM_PLAIN_HOOKS

// A range (a struct copy or memcpy the compiler expanded) is checked as the bytes it touches,
// with no alignment of its own: CUDA asks only the element types' alignment of a copy.
void __tsan_read_range(void* p, unsigned long n) {
  if (n) on_access<kRead | kUnaligned>(p, n, CUSIM_PC);
}
void __tsan_write_range(void* p, unsigned long n) {
  if (n) on_access<kWrite | kUnaligned>(p, n, CUSIM_PC);
}

// The compiler's alignment check (the checked build's -fsanitize=alignment): recoverable (the
// default) and aborting (-fno-sanitize-recover) forms alike; outside kernel code, nothing.
void __ubsan_handle_type_mismatch_v1(TypeMismatch* m, std::uintptr_t address) { on_misaligned(m, address, CUSIM_PC); }
void __ubsan_handle_type_mismatch_v1_abort(TypeMismatch* m, std::uintptr_t address) {
  on_misaligned(m, address, CUSIM_PC);
}

// The checked build's memcpy, memmove and memset (runtime/cusim/detail/checked_memory_functions.hpp
// renames the calls of instrumented code to these): the bytes read, then the bytes written, are
// checked as one access each at the caller's line, with no alignment of their own, then the C
// library does the work (this file is not instrumented: __builtin_memcpy is the library's).
void* __cusim_memcpy(void* dst, const void* src, unsigned long n) {
  on_copy(dst, src, n, CUSIM_PC);
  return __builtin_memcpy(dst, src, n);
}
void* __cusim_memmove(void* dst, const void* src, unsigned long n) {
  on_copy(dst, src, n, CUSIM_PC);
  return __builtin_memmove(dst, src, n);
}
void* __cusim_memset(void* dst, int c, unsigned long n) {
  if (n) on_access<kWrite | kUnaligned>(dst, n, CUSIM_PC);
  return __builtin_memset(dst, c, n);
}

// The checked build's atomicAdd of a float or double outside the running block's shared memory
// (runtime/cusim/detail/kernel_api.hpp calls these): one checked atomic write, whose
// compare-and-swap loop runs here, uninstrumented. Compiled in the kernel, the loop's load and
// every attempt were each checked under the address's race-cell lock, so that while one thread
// was being checked the others' adds landed, and with 16 workers adding to one total nearly every
// attempt failed: the warp-shuffle reduction ran 3x slower on 16 cores than on 8. An add that
// leaves the bits as they were (of 0 to a non-negative zero...) is a poll, as an integer add of 0.
#define CUSIM_ATOMIC_ADD_FLOAT(NAME, T, Bits)                                                          \
  T NAME(T* a, T v) {                                                                                  \
    return on_atomic<kW_atomic, sizeof(T)>(                                                            \
        a, CUSIM_PC,                                                                                   \
        [&] {                                                                                          \
          Bits* const bits = reinterpret_cast<Bits*>(a);                                               \
          Bits old = __atomic_load_n(bits, __ATOMIC_RELAXED);                                          \
          for (;;) {                                                                                   \
            T old_value, new_value;                                                                    \
            __builtin_memcpy(&old_value, &old, sizeof(T));                                             \
            new_value = old_value + v;                                                                 \
            Bits desired;                                                                              \
            __builtin_memcpy(&desired, &new_value, sizeof(T));                                         \
            if (__atomic_compare_exchange_n(bits, &old, desired, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) \
              return old_value;                                                                        \
          }                                                                                            \
        },                                                                                             \
        [&](const T& r, std::uint64_t* seen) {                                                         \
          const T after = r + v;                                                                       \
          Bits before_bits, after_bits;                                                                \
          __builtin_memcpy(&before_bits, &r, sizeof(T));                                               \
          __builtin_memcpy(&after_bits, &after, sizeof(T));                                            \
          if (before_bits != after_bits) return false;                                                 \
          *seen = before_bits;                                                                         \
          return true;                                                                                 \
        });                                                                                            \
  }
CUSIM_ATOMIC_ADD_FLOAT(__cusim_atomic_add_f32, float, std::uint32_t)
CUSIM_ATOMIC_ADD_FLOAT(__cusim_atomic_add_f64, double, std::uint64_t)
#undef CUSIM_ATOMIC_ADD_FLOAT

// Atomics: checked, performed (sequentially consistent: at least as strong as asked), then
// acquiring (on_atomic). POLL: whether the result `r` shows memory left as it was (with the
// operand `v` and the expected value `e` in scope), and the value seen there.
#define CUSIM_ATOMIC(RW, OP, POLL, SEEN)                                                                 \
  on_atomic<k##RW##_atomic, sizeof(*a)>(a, CUSIM_PC, [&] { return OP; }, [&](const auto& r, std::uint64_t* seen) { \
    (void)r;                                                                                            \
    if (!(POLL)) return false;                                                                          \
    *seen = static_cast<std::uint64_t>(SEEN);                                                           \
    return true;                                                                                        \
  })
#define CUSIM_ATOMIC_HOOKS(N, T)                                                                        \
  T __tsan_atomic##N##_load(const volatile T* a, int) {                                                 \
    return CUSIM_ATOMIC(R, __atomic_load_n(a, __ATOMIC_SEQ_CST), true, r);                              \
  }                                                                                                     \
  void __tsan_atomic##N##_store(volatile T* a, T v, int) {                                              \
    CUSIM_ATOMIC(W, (__atomic_store_n(a, v, __ATOMIC_SEQ_CST), 0), false, 0);                           \
  }                                                                                                     \
  T __tsan_atomic##N##_exchange(volatile T* a, T v, int) {                                              \
    return CUSIM_ATOMIC(W, __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST), r == v, r);                     \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_add(volatile T* a, T v, int) {                                             \
    return CUSIM_ATOMIC(W, __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST), v == 0, r);                      \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_sub(volatile T* a, T v, int) {                                             \
    return CUSIM_ATOMIC(W, __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST), v == 0, r);                      \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_and(volatile T* a, T v, int) {                                             \
    return CUSIM_ATOMIC(W, __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST), T(r & v) == r, r);               \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_or(volatile T* a, T v, int) {                                              \
    return CUSIM_ATOMIC(W, __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST), T(r | v) == r, r);                \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_xor(volatile T* a, T v, int) {                                             \
    return CUSIM_ATOMIC(W, __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST), v == 0, r);                      \
  }                                                                                                     \
  T __tsan_atomic##N##_fetch_nand(volatile T* a, T v, int) {                                            \
    return CUSIM_ATOMIC(W, __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST), T(~(r & v)) == r, r);           \
  }                                                                                                     \
  bool __tsan_atomic##N##_compare_exchange_strong(volatile T* a, T* expected, T v, int, int) {          \
    return CUSIM_ATOMIC(W, __atomic_compare_exchange_n(a, expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), \
                        !r || *expected == v, *expected);                                               \
  }                                                                                                     \
  bool __tsan_atomic##N##_compare_exchange_weak(volatile T* a, T* expected, T v, int, int) {            \
    return CUSIM_ATOMIC(W, __atomic_compare_exchange_n(a, expected, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), \
                        !r || *expected == v, *expected);                                               \
  }                                                                                                     \
  T __tsan_atomic##N##_compare_exchange_val(volatile T* a, T expected, T v, int, int) {                 \
    const T wanted = expected;                                                                          \
    CUSIM_ATOMIC(W, __atomic_compare_exchange_n(a, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST), \
                 !r || wanted == v, expected);                                                          \
    return expected;                                                                                    \
  }
CUSIM_ATOMIC_HOOKS(8, std::uint8_t)
CUSIM_ATOMIC_HOOKS(16, std::uint16_t)
CUSIM_ATOMIC_HOOKS(32, std::uint32_t)
CUSIM_ATOMIC_HOOKS(64, std::uint64_t)
#undef CUSIM_ATOMIC_HOOKS
#undef CUSIM_ATOMIC

void __tsan_atomic_thread_fence(int) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (cusim::sim::running::gate && cusim::sim::running::thread) {
    cusim::sim::running::PauseChecks pause;
    cusim::sim::BlockRun::current()->fence();
  }
}
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

}  // extern "C"
