// Threads that spin: a thread that keeps polling memory (volatile reads, atomics) that nobody
// changes yields to the others, as a GPU's other warps would run meanwhile; when nothing else can
// run, in the block and (through the grid's residency) in the grid, the spin is given the last
// word: it polls on alone, and a spin that cannot end is a deadlock, while one that gives up by
// itself (a loop with its own iteration limit) is a spin-wait-stalled finding. Seen by the
// checked build only, whose hooks see every volatile read and atomic (DESIGN §4, "No hangs").
#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>

#include "sim/exec/block_run_internal.hpp"
#include "sim/exec/grid_residency.hpp"
#include "sim/memory/device_heap.hpp"
#include "sim/memory/static_data.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {
namespace {

// What the last word allows: far more polls than any spin waiting for another thread would need,
// and half a second, for loops that bound their wait by a clock rather than a count.
constexpr std::uint64_t kLastWordPolls = std::uint64_t(1) << 20;
constexpr std::chrono::milliseconds kLastWordTime{500};

}  // namespace

std::string BlockRun::describe_polled(const PollSlot& slot) {
  const std::string bytes = std::to_string(slot.size) + (slot.size == 1 ? " byte of " : " bytes of ");
  if (in_shared(slot.address)) return bytes + arena_.describe(reinterpret_cast<const void*>(slot.address));
  if (static_data().contains(slot.address)) return bytes + describe_static_address(slot.address);
  return bytes + "global memory";
}

[[gnu::always_inline]] inline BlockRun::SpinState& BlockRun::spin_state(std::uint32_t linear) {
  if (spin_.size() < n_) spin_.resize(n_);
  SpinState& s = spin_[linear];
  if (s.serial != serial_) {
    s = SpinState{};
    s.serial = serial_;
  }
  return s;
}

bool BlockRun::in_shared(std::uintptr_t a) {
  return a - reinterpret_cast<std::uintptr_t>(arena_.begin()) <
         reinterpret_cast<std::uintptr_t>(arena_.end()) - reinterpret_cast<std::uintptr_t>(arena_.begin());
}

// Polls in a row that saw the same memory before the thread yields (kPollsBeforeYield): few
// enough that a spinning thread does not hold up the others for long, enough that a loop reading
// a value a few times does not yield at all.
void BlockRun::yield_at_next_poll() {
  running::thread->yield_next = true;
  states_dirty_ = true;  // a thread that exits first leaves the flag to be reset with the states
}

template <std::size_t Size>
void BlockRun::poll_seen_slow(const volatile void* p, std::uint64_t first_word, const void* pc) {
  SimThread* const t = running::thread;
  SpinState& s = spin_state(t->linear);
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  constexpr auto n = static_cast<std::uint32_t>(Size);
  std::uint64_t now[2] = {first_word, 0};
  if constexpr (Size > 8)  // a 16-byte volatile read, which has not happened yet
    __builtin_memcpy(now, const_cast<const void*>(static_cast<const volatile void*>(p)), Size);
  PollSlot* slot = nullptr;
  for (PollSlot& c : s.slots)
    if (c.address == a && c.size == n) slot = &c;
  if (!slot && budget_ == t) note_gave_up(*t, s);  // the loop with the last word ended: it gave up
  s.pc = pc;
  if (!slot) {
    // A new address: a different loop, or one that scans memory. Either way, not a spin so far.
    slot = &s.slots[s.next++ % std::size(s.slots)];
    slot->address = a;
    slot->size = n;
    slot->value[0] = now[0];
    slot->value[1] = now[1];
    s.last = static_cast<std::uint8_t>(slot - s.slots);
    s.unchanged = 0;
    return;
  }
  if (budget_ == t && slot - s.slots != s.last) budget_mixed_ = true;  // a loop over several addresses
  s.last = static_cast<std::uint8_t>(slot - s.slots);
  if (slot->value[0] != now[0] || slot->value[1] != now[1]) {
    slot->value[0] = now[0];
    slot->value[1] = now[1];
    s.unchanged = 0;
    if (budget_ == t) end_last_word();  // someone changed it after all
    return;
  }
  ++s.unchanged;
  if (budget_ == t) {
    const std::uint64_t polls = s.unchanged - s.budget_from;
    if (polls >= kLastWordPolls && polls % 1024 == 0 && std::chrono::steady_clock::now() - budget_start_ >= kLastWordTime)
      spin_deadlock(*t, s);
  } else if (s.unchanged == kPollsBeforeYield) {
    yield_at_next_poll();
  }
}

void BlockRun::spin_yield(SimThread& t) {
  t.yield_next = false;
  // What its memory holds now, its own atomics done: a change from here on is someone else's.
  for (PollSlot& slot : spin_state(t.linear).slots)
    if (slot.size) std::memcpy(slot.at_yield, reinterpret_cast<const void*>(slot.address), slot.size);
  if (straight_run_) settle_straight_run(true);
  t.state = ThreadState::spinning;
  spinners_.push_back(t.linear);
  step_aside(t, ThreadStop::spinning);
}

bool BlockRun::wake_changed_spinners() {
  std::sort(spinners_.begin(), spinners_.end());
  bool woke = false;
  std::erase_if(spinners_, [&](std::uint32_t linear) {
    SpinState& s = spin_[linear];
    for (const PollSlot& slot : s.slots)
      if (slot.size && std::memcmp(slot.at_yield, reinterpret_cast<const void*>(slot.address), slot.size) != 0) {
        s.unchanged = 0;
        make_ready(threads_[linear]);
        woke = true;
        return true;
      }
    return false;
  });
  return woke;
}

bool BlockRun::spinners_poll_shared_only() {
  for (std::uint32_t linear : spinners_)
    for (const PollSlot& slot : spin_[linear].slots)
      if (slot.size && !in_shared(slot.address)) return false;
  return true;
}

bool BlockRun::keep_spinning() {
  bool ran = true;
  for (;;) {
    if (budget_ && !outcome_.failed && !signal_fault_.signo) {
      // The last word's spinner stopped polling: if it exited, its loop gave up; if it waits at a
      // barrier or in a warp intrinsic, the loop may go on after it (a loop that polls and
      // synchronises, like an accumulation of atomics), so nothing is concluded.
      if (budget_->state == ThreadState::exited) note_gave_up(*budget_, spin_[budget_->linear]);
      else end_last_word();
    }
    if (outcome_.failed || signal_fault_.signo || live_ == 0) return false;
    if (spinners_.empty()) return false;
    if (wake_changed_spinners()) return true;
    // Nothing any spinner polls has changed, and no thread of the block can run. Another block
    // may still change global memory; shared memory only this block's threads can.
    last_word_from_grid_ = false;
    if (plan_->residency && !spinners_poll_shared_only()) {
      const GridResidency::Wake wake = plan_->residency->stall(block_linear_, ran);
      last_word_from_grid_ = wake == GridResidency::Wake::last_word;
      if (wake == GridResidency::Wake::cancelled) {
        abandoned_ = true;
        return false;
      }
      if (wake == GridResidency::Wake::progress) {
        ran = false;
        continue;
      }
      if (wake == GridResidency::Wake::look_again) {
        // The host and other grids write without telling anyone, and a loop bounded by a clock
        // must see the time pass: every spinner polls again (64 polls, then it yields).
        if (wake_changed_spinners()) return true;
        for (std::uint32_t linear : spinners_) {
          spin_[linear].unchanged = 0;
          make_ready(threads_[linear]);
        }
        spinners_.clear();
        return true;
      }
    }
    // The last word: the lowest spinner polls on alone.
    SimThread& t = threads_[*std::min_element(spinners_.begin(), spinners_.end())];
    std::erase(spinners_, t.linear);
    SpinState& s = spin_[t.linear];
    s.budget_from = s.unchanged;
    budget_ = &t;
    budget_start_ = std::chrono::steady_clock::now();
    budget_work_ = 0;
    budget_mixed_ = false;
    if (gate_) {
      // Checked: the accesses reach observers only, through the hooks' observed path.
      const PollSlot& slot = s.slots[s.last];
      last_word_work_.watch(slot.address, slot.size, &budget_work_);
      last_word_observers_.clear();
      for (BlockObserver* o : access_observers_) last_word_observers_.add(o);
      last_word_observers_.add(&last_word_work_);
      running::observers = &last_word_observers_;
    } else {
      running::last_word_accesses = &budget_work_;
    }
    make_ready(t);
    return true;
  }
}

void BlockRun::end_last_word() {
  budget_ = nullptr;
  running::last_word_accesses = nullptr;
  running::observers = access_observers_.any() ? &access_observers_ : nullptr;
}

void BlockRun::LastWordWork::access(unsigned, std::uintptr_t a, std::size_t size, unsigned, const void*) {
  if (a < polled_ + size_ && polled_ < a + size) return;  // the poll itself
  const auto shared_lo = reinterpret_cast<std::uintptr_t>(detail::tls_shared_begin);
  const bool shared = a - shared_lo < reinterpret_cast<std::uintptr_t>(detail::tls_shared_end) - shared_lo;
  if (shared || DeviceHeap::instance().in_range(reinterpret_cast<const void*>(a)) || static_data().contains(a)) ++*count_;
}

void BlockRun::note_gave_up(SimThread& t, const SpinState& s) {
  end_last_word();
  // A loop that did work between its polls (an early-exit search reading a flag), or that polled
  // several addresses in turn (atomics that happen to add zero), is no wait that gave up.
  const std::uint64_t polls = s.unchanged - s.budget_from;
  if (budget_work_ > polls / 8 || budget_mixed_) return;
  const PollSlot& slot = s.slots[s.last];
  Diagnostic d = thread_diagnostic(
      DiagnosticKind::spin_wait_stalled, t,
      "a loop gave up waiting for a value that no thread which could still run would change (on a GPU what it "
      "waits for cannot happen either, or only after it gives up): it polled " + describe_polled(slot));
  d.site = call_site(s.pc);
  d.address = slot.address;
  d.space = in_shared(slot.address) ? MemorySpace::shared : MemorySpace::global;
  outcome_.notes.push_back(std::move(d));
}

void BlockRun::spin_deadlock(SimThread& t, const SpinState& s) {
  const PollSlot& slot = s.slots[s.last];
  std::string message = "a thread spins on a value that no thread which can still run will change";
  if (last_word_from_grid_) {
    const std::string others = plan_->residency->describe_others();
    if (!others.empty()) message += " (" + others + ")";
  }
  message += ": it polls " + describe_polled(slot);
  Diagnostic d = thread_diagnostic(DiagnosticKind::deadlock, t, std::move(message));
  d.site = call_site(s.pc);
  d.address = slot.address;
  d.space = in_shared(slot.address) ? MemorySpace::shared : MemorySpace::global;
  describe_waiters(d, [](const SimThread& w) { return waits_for_others(w) || w.state == ThreadState::spinning; });
  fail(std::move(d));
}

// The sizes the hooks poll (sim/instrument/access_hooks.cpp).
template void BlockRun::poll_seen_slow<1>(const volatile void*, std::uint64_t, const void*);
template void BlockRun::poll_seen_slow<2>(const volatile void*, std::uint64_t, const void*);
template void BlockRun::poll_seen_slow<4>(const volatile void*, std::uint64_t, const void*);
template void BlockRun::poll_seen_slow<8>(const volatile void*, std::uint64_t, const void*);
template void BlockRun::poll_seen_slow<16>(const volatile void*, std::uint64_t, const void*);

}  // namespace cusim::sim
