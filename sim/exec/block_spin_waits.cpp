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
#include "sim/memory/static_data.hpp"
#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {
namespace {

// Polls in a row that saw the same memory before the thread yields: few enough that a spinning
// thread does not hold up the others for long, enough that a loop reading a value a few times
// does not yield at all.
constexpr std::uint64_t kPollsBeforeYield = 64;
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

BlockRun::SpinState& BlockRun::spin_state(std::uint32_t linear) {
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

void BlockRun::poll_begin() {
  SimThread* const t = running::thread;
  if (!t || spin_.size() <= t->linear) return;
  SpinState& s = spin_[t->linear];
  if (s.serial != serial_ || !s.yield_next) return;
  s.yield_next = false;
  spin_yield(*t);
}

void BlockRun::poll_seen(const volatile void* p, std::size_t size, const void* pc) {
  SimThread* const t = running::thread;
  if (!t) return;
  SpinState& s = spin_state(t->linear);
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const auto n = static_cast<std::uint32_t>(std::min<std::size_t>(size, sizeof(PollSlot::value)));
  unsigned char now[sizeof(PollSlot::value)] = {};
  std::memcpy(now, const_cast<const void*>(static_cast<const volatile void*>(p)), n);
  PollSlot* slot = nullptr;
  for (PollSlot& c : s.slots)
    if (c.address == a && c.size == n) slot = &c;
  if (!slot && budget_ == t) note_gave_up(*t, s);  // the loop with the last word ended: it gave up
  s.pc = pc;
  if (!slot) {
    // A new address: a different loop, or one that scans memory. Either way, not a spin so far.
    slot = &s.slots[s.next++ % std::size(s.slots)];
    *slot = PollSlot{a, n, {}, {}};
    std::memcpy(slot->value, now, n);
    std::memcpy(slot->after, now, n);
    s.last = static_cast<std::uint8_t>(slot - s.slots);
    s.unchanged = 0;
    return;
  }
  s.last = static_cast<std::uint8_t>(slot - s.slots);
  std::memcpy(slot->after, now, n);
  if (std::memcmp(slot->value, now, n) != 0) {
    std::memcpy(slot->value, now, n);
    s.unchanged = 0;
    if (budget_ == t) budget_ = nullptr;  // someone changed it after all
    return;
  }
  ++s.unchanged;
  if (budget_ == t) {
    const std::uint64_t polls = s.unchanged - s.budget_from;
    if (polls >= kLastWordPolls && polls % 1024 == 0 && std::chrono::steady_clock::now() - budget_start_ >= kLastWordTime)
      spin_deadlock(*t, s);
  } else if (s.unchanged >= kPollsBeforeYield) {
    s.yield_next = true;
  }
}

void BlockRun::poll_done(const volatile void* p) {
  SimThread* const t = running::thread;
  if (!t) return;
  SpinState& s = spin_state(t->linear);
  PollSlot& slot = s.slots[s.last];
  if (slot.address != reinterpret_cast<std::uintptr_t>(p)) return;
  std::memcpy(slot.after, const_cast<const void*>(static_cast<const volatile void*>(p)), slot.size);
}

void BlockRun::spin_yield(SimThread& t) {
  if (straight_run_) settle_straight_run(true);
  t.state = ThreadState::spinning;
  spinners_.push_back(t.linear);
  AccessGate* const gate = running::gate;
  if (__builtin_expect(thread_observers_.any(), 0)) observe_stop(t, ThreadStop::spinning);
  if (next_start_ < n_) switch_to(&t.ctx, next_runner());
  else dispatch(&t.ctx);
  if (__builtin_expect(thread_observers_.any(), 0)) observe_run(t.linear);
  running::gate = gate;
}

bool BlockRun::wake_changed_spinners() {
  std::sort(spinners_.begin(), spinners_.end());
  bool woke = false;
  std::erase_if(spinners_, [&](std::uint32_t linear) {
    SpinState& s = spin_[linear];
    for (const PollSlot& slot : s.slots)
      if (slot.size && std::memcmp(slot.after, reinterpret_cast<const void*>(slot.address), slot.size) != 0) {
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
      // The last word's spinner stopped polling and went on (it waits elsewhere or exited): its
      // loop gave up.
      note_gave_up(*budget_, spin_[budget_->linear]);
    }
    if (outcome_.failed || signal_fault_.signo || live_ == 0) return false;
    if (spinners_.empty()) return false;
    if (wake_changed_spinners()) return true;
    // Nothing any spinner polls has changed, and no thread of the block can run. Another block
    // may still change global memory; shared memory only this block's threads can.
    if (plan_->residency && !spinners_poll_shared_only()) {
      const GridResidency::Wake wake = plan_->residency->stall(block_linear_, ran);
      if (wake == GridResidency::Wake::cancelled) {
        abandoned_ = true;
        return false;
      }
      if (wake == GridResidency::Wake::progress) {
        ran = false;
        continue;
      }
    }
    // The last word: the lowest spinner polls on alone.
    SimThread& t = threads_[*std::min_element(spinners_.begin(), spinners_.end())];
    std::erase(spinners_, t.linear);
    SpinState& s = spin_[t.linear];
    s.budget_from = s.unchanged;
    budget_ = &t;
    budget_start_ = std::chrono::steady_clock::now();
    make_ready(t);
    return true;
  }
}

void BlockRun::note_gave_up(SimThread& t, const SpinState& s) {
  budget_ = nullptr;
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
  if (plan_->residency) {
    const std::string others = plan_->residency->describe_others();
    if (!others.empty()) message += " (" + others + ")";
  }
  message += ": it polls " + describe_polled(slot);
  Diagnostic d = thread_diagnostic(DiagnosticKind::deadlock, t, std::move(message));
  d.site = call_site(s.pc);
  d.address = slot.address;
  d.space = in_shared(slot.address) ? MemorySpace::shared : MemorySpace::global;
  describe_waiters(d, [](const SimThread& w) {
    return w.state == ThreadState::at_barrier || w.state == ThreadState::at_warp ||
           w.state == ThreadState::at_activemask || w.state == ThreadState::spinning;
  });
  fail(std::move(d));
}

}  // namespace cusim::sim
