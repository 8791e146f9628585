// The engine's own findings about a block: failures that end the launch (from the engine, an
// access gate or a fault signal), and the description of threads that wait when a block is stuck.
#include "sim/exec/block_run_internal.hpp"

#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sim/report/symbolize.hpp"
#include "sim/report/wording.hpp"

namespace cusim::sim {

Diagnostic BlockRun::thread_diagnostic(DiagnosticKind kind, const SimThread& t, std::string message) const {
  Diagnostic d;
  d.kind = kind;
  d.message = std::move(message);
  d.has_thread = true;
  d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
  d.thread = thread_dim(t.linear);
  return d;
}

// Nothing on the thread's stack may own memory when it is abandoned, since nothing there is ever
// destroyed: the diagnostic is move-constructed into the outcome, which leaves `d` owning nothing
// (a move assignment may hand the outcome's old storage to `d`: docs/RELIABILITY.md).
void BlockRun::fail(Diagnostic d) {
  running::gate = nullptr;
  outcome_.failed = true;
  std::destroy_at(&outcome_.diagnostic);
  std::construct_at(&outcome_.diagnostic, std::move(d));
  running::thread = nullptr;
  switch_to(nullptr, main_ctx_);
  __builtin_unreachable();
}

void BlockRun::fail_thread(DiagnosticKind kind, std::string message, SourceSite site) {
  Diagnostic d = thread_diagnostic(kind, *running::thread, std::move(message));
  d.site = site;
  fail(std::move(d));
}

// The stack is measured, and a shortfall reported, without building any string or symbolising on
// the thread's own stack: it may be too full for that too (a lazy binding of the dynamic linker
// alone takes kilobytes), and a fault there could leave a lock held (the symboliser's
// initialisation guard) that the worker then waits on for good.
void BlockRun::require_library_stack(const char* what, const void* caller) {
  const char here = 0;
  for (const Runner& r : runners_) {
    if (&here < r.stack.low || &here >= r.stack.top()) continue;
    if (static_cast<std::size_t>(&here - r.stack.low) >= kLibraryStack) return;
    abandon_with(SignalFault{SIGSEGV, r.stack.low - 1, caller, running::thread, what});
  }
}

void BlockRun::fail_from_signal(int signo, const void* address, const void* pc) {
  abandon_with(SignalFault{signo, address, pc, running::thread});
}

void BlockRun::fail_from_watchdog(const void* pc) {
  abandon_with(SignalFault{SignalFault::kWatchdog, nullptr, pc, running::thread});
}

void BlockRun::abandon_with(SignalFault f) {
  // Only plain stores here: this runs in a signal handler too. run() builds the report.
  signal_fault_ = f;
  running::thread = nullptr;
  switch_to(nullptr, main_ctx_);
  __builtin_unreachable();
}

void BlockRun::fail_access(Diagnostic d, const void* pc) {
  Diagnostic full = thread_diagnostic(d.kind, *running::thread, std::move(d.message));
  full.space = d.space;
  full.address = d.address;
  full.site = call_site(pc);
  for (ThreadGroup& g : d.groups) full.groups.push_back(std::move(g));  // the checker's notes
  { const Diagnostic drop = std::move(d); }  // what `d` still owns is freed (fail() says why)
  fail(std::move(full));
}

void BlockRun::diagnose_signal() {
  const SignalFault f = signal_fault_;
  if (f.signo == SignalFault::kWatchdog) return diagnose_timeout(f);
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", f.address);
  DiagnosticKind kind = DiagnosticKind::illegal_address;
  std::string message;
  if (f.signo == SIGSEGV || f.signo == SIGBUS) {
    if (is_stack_guard(f.address)) {
      kind = DiagnosticKind::stack_overflow;
      message = "thread overflowed its " + std::to_string(plan_->stack_bytes / 1024) + " KiB stack" +
                (f.library_call ? std::string(" in ") + f.library_call + ", which needs " +
                                      std::to_string(kLibraryStack / 1024) + " KiB of it left"
                                : std::string()) +
                " (raise CUSIM_STACK_KB, or look for deep recursion or large local arrays)";
    } else {
      message = std::string("access to address ") + addr + ", which is mapped nowhere";
    }
  } else if (f.signo == SIGFPE) {
    kind = DiagnosticKind::arithmetic_fault;
    message = "arithmetic fault (integer division by zero?); a GPU would not trap but return an unspecified value";
  } else {
    kind = DiagnosticKind::illegal_instruction;
    message = "illegal instruction";
  }
  const SourceSite at = f.library_call ? call_site(f.pc) : code_site(f.pc);
  if (f.pc && !at.known()) message += " (in " + function_name(f.pc) + ")";
  outcome_.failed = true;
  outcome_.diagnostic = thread_diagnostic(kind, *f.thread, message);
  outcome_.diagnostic.address = reinterpret_cast<std::uintptr_t>(f.address);
  if (at.known()) outcome_.diagnostic.site = at;
}

// The stopped thread is named at the instruction where the watchdog found it; every other thread
// of the block that had not finished, where it waited, or that it was ready or not started.
void BlockRun::diagnose_timeout(const SignalFault& f) {
  if (straight_run_) settle_straight_run(true);  // book the exits of the threads before it
  const SourceSite at = code_site(f.pc);
  std::string message = time_limit_passed(plan_->timeout_seconds) + "; " + std::to_string(live_) + " thread(s) of block " +
                        coordinates(block_idx_.x, block_idx_.y, block_idx_.z) +
                        " had not finished (a loop that never ends? or raise CUSIM_TIMEOUT)";
  if (f.pc && !at.known()) message += " (in " + function_name(f.pc) + ")";
  Diagnostic d = thread_diagnostic(DiagnosticKind::launch_timeout, *f.thread, std::move(message));
  if (at.known()) d.site = at;
  ThreadGroup stopped;
  stopped.threads.push_back(ThreadRange{thread_dim(f.thread->linear), thread_dim(f.thread->linear), 1});
  stopped.total = 1;
  stopped.state = "was running here";
  stopped.site = at;
  d.groups.push_back(std::move(stopped));
  describe_waiters(d, [&](const SimThread& t) { return t.state != ThreadState::exited && &t != f.thread; });
  outcome_.failed = true;
  outcome_.diagnostic = std::move(d);
}

void BlockRun::describe_waiters(Diagnostic& d, const std::function<bool(const SimThread&)>& select) {
  // One group per (state, site, intrinsic), in order of first thread; consecutive thread ids
  // form ranges (the renderer cuts long lists short).
  struct Group {
    const SimThread* first;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
  };
  std::vector<Group> groups;
  for (std::uint32_t i = 0; i < n_; ++i) {
    const SimThread& t = threads_[i];
    if (!select(t)) continue;
    Group* g = nullptr;
    // A spinner's place is its last poll's code address (spin_), not a call of the engine; threads
    // ready to go on, or not started, have no place.
    auto same_place = [&](const SimThread& a, const SimThread& b) {
      if (a.state == ThreadState::spinning) return spin_[a.linear].pc == spin_[b.linear].pc;
      if (a.state == ThreadState::ready || a.state == ThreadState::unstarted) return true;
      if (a.state == ThreadState::at_tile)
        return a.tile_barrier == b.tile_barrier && a.tile_call == b.tile_call && same_site(a.site, b.site);
      if (a.state == ThreadState::at_arrive_wait) return awaited_[a.linear] == awaited_[b.linear] && same_site(a.site, b.site);
      return a.op == b.op && same_site(a.site, b.site);
    };
    for (Group& c : groups)
      if (c.first->state == t.state && same_place(*c.first, t)) g = &c;
    if (!g) g = &groups.emplace_back(Group{&t, {}});
    if (!g->ranges.empty() && g->ranges.back().second + 1 == i) g->ranges.back().second = i;
    else g->ranges.emplace_back(i, i);
  }
  for (const Group& grp : groups) {
    const SimThread& t = *grp.first;
    ThreadGroup g;
    for (const auto& [lo, hi] : grp.ranges) {
      g.threads.push_back(ThreadRange{thread_dim(lo), thread_dim(hi), hi - lo + 1});
      g.total += hi - lo + 1;
    }
    g.site = site_of(t.site);
    if (t.state == ThreadState::unstarted) {
      g.site = SourceSite{};
      g.state = "not started";
    } else if (t.state == ThreadState::ready || t.state == ThreadState::running) {
      g.site = SourceSite{};
      g.state = "ready to go on";
    } else if (t.state == ThreadState::spinning) {
      const SpinState& s = spin_[t.linear];
      g.site = call_site(s.pc);
      g.state = "spin polling " + describe_polled(s.slots[s.last]);
    } else if (t.state == ThreadState::at_barrier) g.state = "wait at __syncthreads()";
    else if (t.state == ThreadState::at_tile) {
      const unsigned size = tile_size_of(t.tile_barrier);
      g.state = "wait in thread_block_tile<" + std::to_string(size) + ">::" +
                detail::tile_call_name(static_cast<detail::TileCall>(t.tile_call)) + "() (threads " +
                std::to_string(t.linear & ~(size - 1)) + ".." + std::to_string(std::min((t.linear | (size - 1)), n_ - 1)) + ")";
    }
    else if (t.state == ThreadState::at_activemask) g.state = "wait in __activemask()";
    else if (t.state == ThreadState::at_arrive_wait) g.state = describe_arrive_waiter(t);
    else {
      g.state = std::string("wait in ") + detail::warp_op_name(t.op) + "()";
      const Warp& w = warps_[t.linear >> 5];
      for (unsigned k = 0; k < w.pending; ++k)
        if (w.open[k].mask >> (t.linear & 31) & 1u)
          g.state += " (mask " + hex_mask(w.open[k].mask) + ", missing " + lanes_phrase(w.open[k].mask & ~w.open[k].arrived) + ")";
    }
    d.groups.push_back(std::move(g));
  }
}

// A warp whose lanes wait in collectives that cannot complete, once nothing else in the block can
// run: the collectives, ordered by their lowest waiting lane, are checked for lanes that exited,
// then for two that share lanes but differ in mask or intrinsic. The finding is made from the
// settled state of the warp, so it is the same in every schedule.
bool BlockRun::diagnose_warps() {
  for (unsigned wi = 0; wi < (n_ + 31) / 32; ++wi) {
    const Warp& w = warps_[wi];
    if (w.pending == 0) continue;
    const WarpCollective* order[32];
    for (unsigned i = 0; i < w.pending; ++i) order[i] = &w.open[i];
    std::sort(order, order + w.pending, [](const WarpCollective* a, const WarpCollective* b) {
      return __builtin_ctz(a->arrived) < __builtin_ctz(b->arrived);
    });
    auto first_lane = [&](const WarpCollective& c) -> const SimThread& {
      return threads_[wi * 32 + static_cast<unsigned>(__builtin_ctz(c.arrived))];
    };
    auto call = [](const WarpCollective& c) {
      return std::string(detail::warp_op_name(c.op)) + "(mask " + hex_mask(c.mask) + ")";
    };
    auto one = [](unsigned lanes) { return __builtin_popcount(lanes) == 1; };
    auto report = [&](DiagnosticKind kind, const SimThread& t, std::string text) {
      Diagnostic d = thread_diagnostic(kind, t, std::move(text));
      d.site = site_of(t.site);
      outcome_.failed = true;
      outcome_.diagnostic = std::move(d);
      return true;
    };
    for (unsigned i = 0; i < w.pending; ++i)
      if (order[i]->mask & w.exited)
        return report(DiagnosticKind::warp_lane_exited, first_lane(*order[i]),
                      call(*order[i]) + " names " + lanes_phrase(order[i]->mask & w.exited) + " that exited");
    for (unsigned i = 0; i < w.pending; ++i)
      for (unsigned j = i + 1; j < w.pending; ++j)
        if (order[i]->mask & order[j]->mask) {
          const SimThread& caller = first_lane(*order[j]);
          return report(DiagnosticKind::warp_mask_mismatch, caller,
                        lanes_phrase(order[j]->arrived) + (one(order[j]->arrived) ? " calls " : " call ") +
                            call(*order[j]) + " while " + lanes_phrase(order[i]->arrived) +
                            (one(order[i]->arrived) ? " waits in " : " wait in ") + call(*order[i]));
        }
  }
  return false;
}

void BlockRun::diagnose_stuck() {
  if (diagnose_warps()) return;
  Diagnostic d;
  d.kind = DiagnosticKind::deadlock;
  d.block = Dim{block_idx_.x, block_idx_.y, block_idx_.z};
  d.message = std::to_string(live_) + " live thread(s) of block " +
              coordinates(block_idx_.x, block_idx_.y, block_idx_.z) + " wait and none can be released";
  describe_waiters(d, &BlockRun::waits_for_others);
  if (!d.groups.empty()) d.site = d.groups.front().site;
  outcome_.failed = true;
  outcome_.diagnostic = std::move(d);
}

}  // namespace cusim::sim
