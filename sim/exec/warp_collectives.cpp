// The warp intrinsics: each lane's arrival, the validation of its mask, and the collective done
// once every named lane has arrived (shuffles, votes, __syncwarp, __activemask).
#include "sim/exec/block_run_internal.hpp"

#include <algorithm>
#include <string>

#include "sim/report/wording.hpp"

namespace cusim::sim {

namespace {

// The source lane of PTX shfl.sync in mode `Op` for `lane` (ISA: "shfl.sync" semantics), or
// `lane` itself when the source is out of the segment. A template so that completing a shuffle
// chooses the mode once, not once per lane.
template <detail::WarpOp Op>
unsigned shuffle_source(unsigned lane, int b, int c) {
  const unsigned bval = static_cast<unsigned>(b) & 31u, cval = static_cast<unsigned>(c) & 31u;
  const unsigned segmask = (static_cast<unsigned>(c) >> 8) & 31u;
  const int max_lane = static_cast<int>((lane & segmask) | (cval & ~segmask));
  const int min_lane = static_cast<int>(lane & segmask);
  int j = 0;
  bool in_range = false;
  if constexpr (Op == detail::WarpOp::shfl_up) {
    j = static_cast<int>(lane) - static_cast<int>(bval);
    in_range = j >= max_lane;
  } else if constexpr (Op == detail::WarpOp::shfl_down) {
    j = static_cast<int>(lane + bval);
    in_range = j <= max_lane;
  } else if constexpr (Op == detail::WarpOp::shfl_xor) {
    j = static_cast<int>(lane ^ bval);
    in_range = j <= max_lane;
  } else {
    j = min_lane | static_cast<int>(bval & ~segmask);
    in_range = j <= max_lane;
  }
  return in_range ? static_cast<unsigned>(j) : lane;
}

// Every lane of `mask` reads its source lane's operand into its result. Reading a lane outside the
// mask (one that does not take part, or one the block lacks) is undefined in CUDA; the simulator
// returns 0, as an H100-class GPU does (measured on sm_90, docs/RUNTIME.md), and cuda-samples'
// reduction relies on it when its final pass runs a block of fewer than 32 threads.
template <detail::WarpOp Op>
void shuffle(SimThread* lanes, const std::uint64_t* value, const std::int32_t* b, const std::int32_t* c,
             unsigned mask) {
  if (mask == ~0u) {  // the whole warp, the common case: every source lane takes part
    // Nearly always every lane passes the same delta (or lane) and width: the per-lane formula then
    // has loop-invariant parts, which the compiler computes once.
    std::int32_t differ = 0;
    for (unsigned l = 0; l < 32; ++l) differ |= (b[l] ^ b[0]) | (c[l] ^ c[0]);
    if (differ == 0) {
      const std::int32_t b0 = b[0], c0 = c[0];
      for (unsigned l = 0; l < 32; ++l) lanes[l].result = value[shuffle_source<Op>(l, b0, c0)];
    } else {
      for (unsigned l = 0; l < 32; ++l) lanes[l].result = value[shuffle_source<Op>(l, b[l], c[l])];
    }
    return;
  }
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    const unsigned l = static_cast<unsigned>(__builtin_ctz(rest));
    const unsigned src = shuffle_source<Op>(l, b[l], c[l]);
    lanes[l].result = (mask >> src & 1u) ? value[src] : 0;
  }
}

// __match_any_sync: each lane of `mask` gets the lanes of `mask` whose value equals its own.
// __match_all_sync: each gets `mask` when every value is equal, else 0, and the predicate in bit 32.
void match(SimThread* lanes, const std::uint64_t* value, unsigned mask, bool all) {
  for (unsigned rest = mask; rest; rest &= rest - 1) {
    const unsigned l = static_cast<unsigned>(__builtin_ctz(rest));
    unsigned same = 0;
    for (unsigned others = mask; others; others &= others - 1) {
      const unsigned o = static_cast<unsigned>(__builtin_ctz(others));
      if (value[o] == value[l]) same |= 1u << o;
    }
    lanes[l].result = all ? (same == mask ? (std::uint64_t{1} << 32) | mask : 0) : same;
  }
}

// __reduce_*_sync over the 32-bit operands of `mask`; min and max compare as signed when the
// lanes' `b` operand says so (the int overloads).
void reduce(SimThread* lanes, const std::uint64_t* value, const std::int32_t* b, unsigned mask, detail::WarpOp op) {
  const unsigned first = static_cast<unsigned>(__builtin_ctz(mask));
  const bool is_signed = b[first] != 0;
  std::uint32_t r = static_cast<std::uint32_t>(value[first]);
  for (unsigned rest = mask & (mask - 1); rest; rest &= rest - 1) {
    const auto v = static_cast<std::uint32_t>(value[__builtin_ctz(rest)]);
    switch (op) {
      case detail::WarpOp::reduce_add: r += v; break;
      case detail::WarpOp::reduce_and: r &= v; break;
      case detail::WarpOp::reduce_or: r |= v; break;
      case detail::WarpOp::reduce_xor: r ^= v; break;
      case detail::WarpOp::reduce_min:
        r = is_signed ? static_cast<std::uint32_t>(std::min(static_cast<std::int32_t>(r), static_cast<std::int32_t>(v)))
                      : std::min(r, v);
        break;
      case detail::WarpOp::reduce_max:
        r = is_signed ? static_cast<std::uint32_t>(std::max(static_cast<std::int32_t>(r), static_cast<std::int32_t>(v)))
                      : std::max(r, v);
        break;
      default: break;
    }
  }
  for (unsigned rest = mask; rest; rest &= rest - 1) lanes[__builtin_ctz(rest)].result = r;
}

}  // namespace

// A lane's call of a warp intrinsic. Its operands are booked first, in slots that only this lane
// writes, so that they need no registers past this point. The common arrival (the warp has one open
// collective, with this intrinsic and mask, which names this lane, and this lane is not the last to
// arrive; no __activemask waits and no per-thread observer) then resumes the next ready thread, as
// sync() does: the switch a tail jump, the checks not paused (sync() says why). Every other arrival
// takes warp_arrive_slow(). The lane's result is read by the caller (kernel_abi.cpp), once this
// returns: when the collective is complete and the lane runs again.
[[gnu::aligned(64)]] void BlockRun::warp_arrive(detail::WarpOp op, unsigned mask, std::uint64_t value, int b, int c,
                                                std::source_location site) {
  BlockRun& self = *running::block;
  SimThread& t = *running::thread;
  const unsigned lane = t.linear & 31, bit = 1u << lane;
  Warp& w = self.warps_[t.linear >> 5];
  t.site = site;
  t.op = op;
  w.value[lane] = value;
  w.b[lane] = b;
  w.c[lane] = c;
  WarpCollective& coll = w.open[0];
  if (__builtin_expect(self.straight_run_ || w.pending != 1 || coll.mask != mask || coll.op != op || !(mask & bit) ||
                           (coll.arrived | bit) == mask || self.activemask_waiters_ != 0 ||
                           self.thread_observers_.any(),
                       0))
    return self.warp_arrive_slow(op, mask);
  coll.arrived |= bit;
  t.state = ThreadState::at_warp;
  self.dispatch<true>(&t.ctx);
}

// Every arrival but the common one (warp_arrive()), its operands booked.
void BlockRun::warp_arrive_slow(detail::WarpOp op, unsigned mask) {
  running::PauseChecks pause;
  if (straight_run_) settle_straight_run(true);
  SimThread& t = *running::thread;
  const unsigned warp_index = t.linear >> 5, lane = t.linear & 31, bit = 1u << lane;
  Warp& w = warps_[warp_index];
  if (op == detail::WarpOp::activemask) {
    t.state = ThreadState::at_activemask;
    w.activemask_waiting |= bit;
    ++activemask_waiters_;
    suspend(t, ThreadStop::warp);
    return;
  }
  // Joining the one open collective of the warp with the same mask and intrinsic is the common
  // case; its mask was validated when it was opened.
  WarpCollective* coll = &w.open[0];
  if (!(w.pending == 1 && coll->mask == mask && coll->op == op && (mask & bit)))
    coll = &open_collective(w, warp_index, t, op, mask, t.site);
  coll->arrived |= bit;
  if (coll->arrived == mask) {
    const WarpCollective done = *coll;
    *coll = w.open[--w.pending];  // close it before anyone runs
    complete(w, warp_index, done);
    return;
  }
  t.state = ThreadState::at_warp;
  suspend(t, ThreadStop::warp);
}

// Validates a lane's call of a warp intrinsic and returns the collective it joins (opening one
// when none of the warp's open collectives names the lane).
BlockRun::WarpCollective& BlockRun::open_collective(Warp& w, unsigned warp_index, SimThread& t, detail::WarpOp op,
                                                    unsigned mask, const std::source_location& site) {
  const unsigned lane = t.linear & 31, bit = 1u << lane;
  // fail() never returns: the fiber's frames are abandoned, not unwound, so nothing that owns
  // memory may be alive in them when it runs. Hence each message is built by a lambda (its
  // temporaries die when it returns) and moved into the diagnostic, which fail() moves out; built
  // in fail_here's argument list, the temporaries would leak.
  auto fail_here = [&](DiagnosticKind kind, auto text) {
    Diagnostic d = thread_diagnostic(kind, t, text());
    d.site = site_of(site);
    fail(std::move(d));
  };
  auto call = [&] { return std::string(detail::warp_op_name(op)) + "(mask " + hex_mask(mask) + ")"; };
  if (!(mask & bit))
    fail_here(DiagnosticKind::warp_lane_not_in_mask,
              [&] { return "lane " + std::to_string(lane) + " calls " + call() + " but is not in the mask"; });
  if (mask & ~w.present)
    fail_here(DiagnosticKind::warp_lane_absent, [&] {
      return call() + " names " + lanes_phrase(mask & ~w.present) + " that warp " + std::to_string(warp_index) +
             " of this block does not have";
    });
  for (unsigned i = 0; i < w.pending; ++i) {
    WarpCollective& o = w.open[i];
    if (o.mask == mask && o.op == op) return o;
  }
  // A collective that shares lanes with an open one but differs from it in mask or intrinsic
  // (warp-mask-mismatch), or that names a lane that exited (warp-lane-exited), never completes:
  // its lanes wait, and the finding is made once the block can go no further (diagnose_warps),
  // from the warp's settled state, so that it names the same lanes whichever lane ran first. Each
  // open collective has a lane of its own waiting in it: there are at most 32.
  WarpCollective& fresh = w.open[w.pending++];
  fresh = WarpCollective{mask, 0, op};
  return fresh;
}

void BlockRun::complete(Warp& w, unsigned warp_index, const WarpCollective& coll) {
  const unsigned mask = coll.mask;
  SimThread* const lanes = &threads_[warp_index * 32];
  switch (coll.op) {
    case detail::WarpOp::sync:
      if (observers_.any())
        for (BlockObserver* o : observers_) o->warp_synced(warp_index, mask);
      break;
    case detail::WarpOp::ballot:
    case detail::WarpOp::all:
    case detail::WarpOp::any: {
      unsigned ballot = 0;
      for (unsigned l = 0; l < 32; ++l) ballot |= (w.value[l] != 0 ? 1u : 0u) << l;
      ballot &= mask;
      const std::uint64_t r = coll.op == detail::WarpOp::ballot ? ballot
                              : coll.op == detail::WarpOp::all  ? (ballot == mask)
                                                                : (ballot != 0);
      for (unsigned rest = mask; rest; rest &= rest - 1) lanes[__builtin_ctz(rest)].result = r;
      break;
    }
    case detail::WarpOp::shfl_idx: shuffle<detail::WarpOp::shfl_idx>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_up: shuffle<detail::WarpOp::shfl_up>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_down: shuffle<detail::WarpOp::shfl_down>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::shfl_xor: shuffle<detail::WarpOp::shfl_xor>(lanes, w.value, w.b, w.c, mask); break;
    case detail::WarpOp::match_any: match(lanes, w.value, mask, false); break;
    case detail::WarpOp::match_all: match(lanes, w.value, mask, true); break;
    case detail::WarpOp::reduce_add:
    case detail::WarpOp::reduce_min:
    case detail::WarpOp::reduce_max:
    case detail::WarpOp::reduce_and:
    case detail::WarpOp::reduce_or:
    case detail::WarpOp::reduce_xor: reduce(lanes, w.value, w.b, mask, coll.op); break;
    case detail::WarpOp::activemask: break;  // resolved by try_resolve_activemask, never here
  }
  if (thread_observers_.any())
    for (BlockObserver* o : thread_observers_) o->warp_op(warp_index, coll.op, mask);
  // Wake the other lanes, lowest first (make_ready_scheduled reorders for other schedules).
  const unsigned others = mask & ~(1u << (running::thread->linear & 31));
  if (plan_->schedule == ScheduleKind::in_order) {
    ReadyBatch batch(*this);
    for (unsigned rest = others; rest; rest &= rest - 1) batch.push(lanes[__builtin_ctz(rest)]);
    return;
  }
  std::uint32_t waiting[32];
  std::uint32_t count = 0;
  for (unsigned rest = others; rest; rest &= rest - 1)
    waiting[count++] = warp_index * 32 + static_cast<unsigned>(__builtin_ctz(rest));
  make_ready_scheduled(waiting, count);
}

void BlockRun::try_resolve_activemask(Warp& w, unsigned warp_index) {
  SimThread* lanes = &threads_[warp_index * 32];
  for (unsigned l = 0; l < 32; ++l) {
    if (!(w.present >> l & 1u)) continue;
    const ThreadState s = lanes[l].state;
    if (s == ThreadState::unstarted || s == ThreadState::running || s == ThreadState::ready) return;
  }
  // Every lane has arrived somewhere: those at one __activemask call site form a group. Only the
  // smallest group is released (ties: the one with the lowest lane). Lanes inside a branch are
  // the fewer ones; once they run on and reach the call site after the branch, where the others
  // wait, the whole warp is reported together, as a reconverged warp would be.
  if (w.activemask_waiting) {
    unsigned group = 0;
    for (unsigned rest = w.activemask_waiting; rest;) {
      const unsigned first = static_cast<unsigned>(__builtin_ctz(rest));
      unsigned candidate = 0;
      for (unsigned l = first; l < 32; ++l)
        if ((rest >> l & 1u) && same_site(lanes[l].site, lanes[first].site)) candidate |= 1u << l;
      if (!group || __builtin_popcount(candidate) < __builtin_popcount(group)) group = candidate;
      rest &= ~candidate;
    }
    w.activemask_waiting &= ~group;
    activemask_waiters_ -= static_cast<std::uint32_t>(__builtin_popcount(group));
    std::uint32_t ids[32];
    std::uint32_t count = 0;
    for (unsigned l = 0; l < 32; ++l)
      if (group >> l & 1u) {
        lanes[l].result = group;
        ids[count++] = lanes[l].linear;
      }
    make_ready_scheduled(ids, count);
  }
}

}  // namespace cusim::sim
