// Arrive/wait barriers (cuda::barrier, and the stages of cuda::pipeline): a barrier in the block's
// shared memory whose phase completes when the arrivals it expects have been made; a thread that
// waits for a phase parks until then, as at __syncthreads(), and threads that arrive need not wait.
//
// The state is the barrier object itself (detail::ArriveWaitBarrier), so a block may have any
// number of them, anywhere in its shared memory. The checkers are told of each arrival, each
// completed phase and each wait that returns (BlockObserver): what a thread did before it arrived
// happens before what a thread does after its wait for that phase returns. A phase that every
// live thread of the block completes with arrive_and_wait() is a __syncthreads() to them.
//
// What a GPU leaves undefined is a barrier-misuse finding: a barrier used before init() or outside
// shared memory, or more arrivals than the phase expects. A phase that can no longer complete
// (threads exited, or too few arrive) leaves its waiters stuck: the block's deadlock finding names
// the barrier and how many arrivals its phase still needs.
#include <algorithm>
#include <string>

#include "sim/exec/block_run_internal.hpp"

namespace cusim::sim {
namespace {
// SimThread::result of a thread waiting at an arrive/wait barrier, and once it is released.
constexpr std::uint64_t kPhaseComplete = 1, kTimedWait = 2, kTimedOut = 0;
}  // namespace

std::string BlockRun::describe_arrive_wait(const detail::ArriveWaitBarrier& b) const {
  std::string where = arena_.describe(&b);
  if (const auto at = where.find(" [byte 0 of "); at != std::string::npos) where.erase(at);  // a variable of its own
  return "cuda::barrier " + where;
}

void BlockRun::check_arrive_wait(const detail::ArriveWaitBarrier& b, const char* call, std::source_location site) {
  const auto a = reinterpret_cast<std::uintptr_t>(&b);
  std::string problem;
  if (!in_shared(a) || !in_shared(a + sizeof b - 1))
    problem = std::string(call) + " on a cuda::barrier outside shared memory: cusim runs barriers that a block " +
              "declares __shared__ (thread_scope_block), and no barrier of device or system scope";
  else if (b.magic != detail::ArriveWaitBarrier::kMagic)
    problem = std::string(call) + " on " + describe_arrive_wait(b) + ", which init() has not initialised";
  if (problem.empty()) return;
  fail_thread(DiagnosticKind::barrier_misuse, std::move(problem), site_of(site));
}

detail::Arrival BlockRun::arrive_wait_arrive(detail::ArriveWaitBarrier& b, std::uint32_t update, detail::ArriveKind kind,
                                             std::source_location site) {
  // The engine's own accesses are not the kernel's (PauseChecks, inline).
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  check_arrive_wait(b, kind == detail::ArriveKind::arrive_and_drop ? "arrive_and_drop()"
                     : kind == detail::ArriveKind::bind          ? "memcpy_async()"
                                                                 : "arrive()",
                    site);
  if (kind == detail::ArriveKind::bind) {
    if (observers_.any())
      for (BlockObserver* o : observers_) o->arrive_wait_arrival(running::thread->linear, &b);
    running::gate = gate;
    return detail::Arrival{b.phase, false};
  }
  if (update == 0 || update > b.pending) {
    // Built in a statement of its own: fail_thread() does not return, and the temporaries of its
    // call's expression would never be destroyed.
    std::string message = "arrival counting " + std::to_string(update) + " at " + describe_arrive_wait(b) +
                          ", whose phase " + std::to_string(b.phase) + " expects " + std::to_string(b.pending) +
                          " more: a phase's arrivals must add up to the count init() gave, less those dropped";
    fail_thread(DiagnosticKind::barrier_misuse, std::move(message), site_of(site));
  }
  if (straight_run_) settle_straight_run(true);  // live_ must count the exits so far
  if (kind == detail::ArriveKind::arrive_and_drop) --b.expected;
  b.pending -= update;
  if (kind == detail::ArriveKind::arrive_and_wait && update == 1) ++b.waiting;
  else ++b.others;
  if (observers_.any())
    for (BlockObserver* o : observers_) o->arrive_wait_arrival(running::thread->linear, &b);
  running::gate = gate;
  return detail::Arrival{b.phase, b.pending == 0};
}

void BlockRun::arrive_wait_complete(detail::ArriveWaitBarrier& b, std::source_location site) {
  (void)site;  // arrive_wait_arrive() checked the barrier
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  // Every live thread arrived by arrive_and_wait() and waits: to the checkers, a __syncthreads().
  const bool whole_block = b.others == 0 && b.waiting == live_;
  ++b.phase;
  b.pending = b.expected;
  b.waiting = b.others = 0;
  if (observers_.any())
    for (BlockObserver* o : observers_) o->arrive_wait_completed(running::thread->linear, &b, whole_block);
  if (arrive_waiters_) {
    scratch_ids_.clear();
    for (std::uint32_t i = 0; i < n_; ++i)
      if (threads_[i].state == ThreadState::at_arrive_wait && awaited_[i] == &b) {
        timed_arrive_waiters_ -= threads_[i].result == kTimedWait;
        threads_[i].result = kPhaseComplete;
        scratch_ids_.push_back(i);
      }
    arrive_waiters_ -= static_cast<std::uint32_t>(scratch_ids_.size());
    make_ready_scheduled(scratch_ids_.data(), static_cast<std::uint32_t>(scratch_ids_.size()));
  }
  running::gate = gate;
}

bool BlockRun::arrive_wait_wait(detail::ArriveWaitBarrier& b, std::uint32_t phase, bool timed,
                                std::source_location site) {
  AccessGate* const gate = running::gate;
  running::gate = nullptr;
  check_arrive_wait(b, timed ? "a timed wait" : "wait()", site);
  SimThread& t = *running::thread;
  if (b.phase == phase) {
    if (straight_run_) settle_straight_run(true);
    if (awaited_.size() < n_) awaited_.resize(n_, nullptr);
    awaited_[t.linear] = &b;
    ++arrive_waiters_;
    t.result = timed ? kTimedWait : kPhaseComplete;
    timed_arrive_waiters_ += timed;
    t.state = ThreadState::at_arrive_wait;
    t.site = site;
    suspend(t, ThreadStop::arrive_wait);
    if (t.result == kTimedOut) {
      running::gate = gate;
      return false;
    }
  }
  if (observers_.any())
    for (BlockObserver* o : observers_) o->arrive_wait_returned(t.linear, &b);
  running::gate = gate;
  return true;
}

bool BlockRun::time_out_arrive_waiters() {
  scratch_ids_.clear();
  for (std::uint32_t i = 0; i < n_; ++i)
    if (threads_[i].state == ThreadState::at_arrive_wait && threads_[i].result == kTimedWait) {
      threads_[i].result = kTimedOut;
      scratch_ids_.push_back(i);
    }
  arrive_waiters_ -= static_cast<std::uint32_t>(scratch_ids_.size());
  timed_arrive_waiters_ = 0;
  make_ready_scheduled(scratch_ids_.data(), static_cast<std::uint32_t>(scratch_ids_.size()));
  return !scratch_ids_.empty();
}

std::string BlockRun::describe_arrive_waiter(const SimThread& t) const {
  const detail::ArriveWaitBarrier& b = *awaited_[t.linear];
  return "wait at " + describe_arrive_wait(b) + " for phase " + std::to_string(b.phase) + ", which needs " +
         std::to_string(b.pending) + " more arrival" + (b.pending == 1 ? "" : "s");
}

}  // namespace cusim::sim
