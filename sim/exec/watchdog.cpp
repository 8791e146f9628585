#include "sim/exec/watchdog.hpp"

#include <signal.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

#include "sim/exec/block_run.hpp"
#include "sim/exec/fault_signals.hpp"
#include "sim/report/symbolize.hpp"

namespace cusim::sim {
namespace {

// The Worker of the launch whose blocks this OS thread runs, read by the signal handler.
constinit thread_local WatchedLaunch::Worker* this_worker = nullptr;

struct sigaction previous_handler;

// Runs on the interrupted thread, on its alternate signal stack. Only loads and stores, and the
// abandoning of the thread's block, which never returns.
[[gnu::no_sanitize_address]] void on_watchdog_signal(int signo, siginfo_t* info, void* context) {
  WatchedLaunch::Worker* const worker = this_worker;
  if (!worker) {
    // Not one of ours (or one that arrived as the thread left its launch): whoever handled the
    // signal before cusim does, if anyone did; the default action (ending the process) is not
    // taken.
    if ((previous_handler.sa_flags & SA_SIGINFO) && previous_handler.sa_sigaction)
      previous_handler.sa_sigaction(signo, info, context);
    else if (previous_handler.sa_handler != SIG_DFL && previous_handler.sa_handler != SIG_IGN)
      previous_handler.sa_handler(signo);
    return;
  }
  const int saved_errno = errno;
  const auto pc = reinterpret_cast<std::uintptr_t>(interrupted_pc(context));
  BlockRun* const run = BlockRun::current();
  if (run && BlockRun::in_thread() && worker->launch->plan().timed_out.load(std::memory_order_relaxed) &&
      worker->launch->safe_to_stop_at(pc)) {
    worker->signal_pending.store(false, std::memory_order_relaxed);
    leave_fiber_from_signal();
    run->fail_from_watchdog(reinterpret_cast<const void*>(pc));
  }
  worker->sampled.store(pc, std::memory_order_relaxed);
  errno = saved_errno;
  worker->signal_pending.store(false, std::memory_order_release);  // the next round may signal again
}

void install_handler() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_watchdog_signal;
  // SA_NODEFER: the handler may leave by switching context, never returning, so the signal must
  // not stay blocked afterwards. SA_RESTART: a system call of the interrupted thread goes on.
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(watchdog_signal(), &sa, &previous_handler);
}

}  // namespace

int watchdog_signal() { return SIGRTMIN + 4; }

// The process's watchdog: one thread that sleeps until the earliest deadline of the launches it
// watches, then interrupts the OS threads of each launch past its deadline every few
// milliseconds, and looks up where they were found, until the launch has ended. Never destroyed:
// a launch may end as the process exits.
class Watchdog {
 public:
  static Watchdog& get() {
    static Watchdog* const dog = new Watchdog;
    return *dog;
  }

  void add(WatchedLaunch* launch) {
    std::lock_guard<std::mutex> lock(m_);
    if (!started_) {
      install_handler();
      std::thread([this] { watch(); }).detach();
      started_ = true;
    }
    launches_.push_back(Entry{launch, ++serial_});
    changed_.notify_one();
  }
  void remove(WatchedLaunch* launch) {
    std::lock_guard<std::mutex> lock(m_);
    launches_.erase(std::find_if(launches_.begin(), launches_.end(), [&](const Entry& e) { return e.launch == launch; }));
  }
  void add(WatchedLaunch::Worker* worker) {
    std::lock_guard<std::mutex> lock(m_);
    workers_.push_back(worker);
  }
  // Under the lock, so that the watchdog never signals a thread that has left (and may be gone).
  void remove(WatchedLaunch::Worker* worker) {
    std::lock_guard<std::mutex> lock(m_);
    workers_.erase(std::find(workers_.begin(), workers_.end(), worker));
  }

 private:
  struct Entry {
    WatchedLaunch* launch;
    std::uint64_t serial;        // names the launch while the lock is let go (its address may be reused)
    bool reported_slow = false;  // told on stderr that it is not stopped yet
    std::unordered_set<std::uintptr_t> looked_up = {};  // addresses where its threads were found
  };
  // An address where a thread of a launch was found, to be looked up without the lock.
  struct Found {
    std::uint64_t serial;
    const void* kernel;
    std::uintptr_t pc;
    bool safe = false;
  };
  static constexpr auto kRound = std::chrono::milliseconds(2);
  // After this long past the deadline the launch is also cancelled, so that blocks waiting in the
  // engine (not in kernel code, where no signal can stop them) give up too.
  static constexpr auto kCancelAfter = std::chrono::seconds(1);
  static constexpr auto kReportAfter = std::chrono::seconds(5);

  [[noreturn]] void watch() {
    std::unique_lock<std::mutex> lock(m_);
    std::vector<Found> found;
    for (;;) {
      const auto now = std::chrono::steady_clock::now();
      auto wake = std::chrono::steady_clock::time_point::max();
      for (Entry& e : launches_) {
        WatchedLaunch& l = *e.launch;
        if (now < l.deadline_) {
          wake = std::min(wake, l.deadline_);
          continue;
        }
        interrupt(e, now, found);
        wake = std::min(wake, now + kRound);
      }
      if (!found.empty()) {
        // Looking an address up may read the debug information for the first time (a long
        // while): without the lock, so that launches and their threads come and go meanwhile.
        lock.unlock();
        for (Found& f : found) f.safe = safe_to_stop(f);
        lock.lock();
        for (const Found& f : found)
          for (Entry& e : launches_)
            if (e.serial == f.serial && f.safe) e.launch->add_safe(f.pc);
        found.clear();
      }
      if (wake == std::chrono::steady_clock::time_point::max()) changed_.wait(lock);
      else changed_.wait_until(lock, wake);
    }
  }

  // One round for a launch past its deadline: the addresses where the last round's signals found
  // its threads, not yet looked up, go to `found`, and every thread of the launch that has handled
  // its last signal is signalled again.
  void interrupt(Entry& e, std::chrono::steady_clock::time_point now, std::vector<Found>& found) {
    WatchedLaunch& l = *e.launch;
    const LaunchPlan& plan = l.plan_;
    plan.timed_out.store(true, std::memory_order_relaxed);
    if (now - l.deadline_ > kCancelAfter) plan.cancelled.store(true, std::memory_order_relaxed);
    if (now - l.deadline_ > kReportAfter && !e.reported_slow) {
      e.reported_slow = true;
      std::fprintf(stderr,
                   "cusim: launch %llu ran past CUSIM_TIMEOUT (%g s) and is not stopped yet: its threads are not "
                   "found in code that may be interrupted (built without -g?)\n",
                   static_cast<unsigned long long>(plan.launch), plan.timeout_seconds);
    }
    for (WatchedLaunch::Worker* w : workers_) {
      if (w->launch != &l) continue;
      if (const std::uintptr_t pc = w->sampled.exchange(0, std::memory_order_relaxed))
        if (e.looked_up.insert(pc).second) found.push_back(Found{e.serial, plan.kernel, pc});
      if (!w->signal_pending.exchange(true, std::memory_order_acquire)) pthread_kill(w->thread, watchdog_signal());
    }
  }

  // Whether a thread found at f.pc may be abandoned there: the program's own code by its debug
  // information, or, without debug information, the kernel's own function (where no lock is taken).
  static bool safe_to_stop(const Found& f) {
    const auto pc = reinterpret_cast<const void*>(f.pc);
    return is_program_code(pc) || (function_start(pc) == f.kernel && code_site(pc).file == nullptr);
  }

  std::mutex m_;
  std::condition_variable changed_;
  bool started_ = false;
  std::vector<Entry> launches_;
  std::vector<WatchedLaunch::Worker*> workers_;
  std::uint64_t serial_ = 0;
};

WatchedLaunch::WatchedLaunch(const LaunchPlan& plan)
    : plan_(plan),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(plan.timeout_seconds))) {
  Watchdog::get().add(this);
}

WatchedLaunch::~WatchedLaunch() { Watchdog::get().remove(this); }

bool WatchedLaunch::safe_to_stop_at(std::uintptr_t pc) const {
  const unsigned n = safe_count_.load(std::memory_order_acquire);
  for (unsigned i = 0; i < n; ++i)
    if (safe_[i].load(std::memory_order_relaxed) == pc) return true;
  return false;
}

void WatchedLaunch::add_safe(std::uintptr_t pc) {
  const unsigned n = safe_count_.load(std::memory_order_relaxed);  // only the watchdog's thread appends
  if (n == kSafeAddresses) return;
  safe_[n].store(pc, std::memory_order_relaxed);
  safe_count_.store(n + 1, std::memory_order_release);
}

WatchedLaunch::Worker::Worker(WatchedLaunch& l) : launch(&l), thread(pthread_self()) {
  this_worker = this;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  Watchdog::get().add(this);
}

WatchedLaunch::Worker::~Worker() {
  this_worker = nullptr;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  Watchdog::get().remove(this);
}

}  // namespace cusim::sim
