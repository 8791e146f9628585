// bench_floors: what no fiber-per-thread engine can beat on this machine, measured in plain C++.
//
// The E1 targets compare the simulator with a serial loop. Two costs of simulating CUDA threads
// one at a time on a CPU are paid before any engine code runs, and this program measures them:
//
//  1. Memory order. A grid-stride loop run thread by thread walks memory with the grid's stride
//     (32 KiB for grid-stride square, 128 KiB for the histogram): every access of one thread falls
//     in the same cache sets, and the lines it needs are evicted before the next thread reuses
//     them. A GPU runs the 32 lanes of a warp together, so its accesses are consecutive. The plain
//     loops below do the kernels' work in both orders; the thread order is the simulator's order
//     (threads of a block back to back, as the runner starts them), with nothing else added.
//  2. Context switches. Every thread passing a barrier, and every lane of a warp collective but
//     the last, gives the CPU to another thread. The ring below switches among 256 contexts on
//     stacks from the engine's own pool with the engine's own switch, prefetching the context
//     kContextPrefetchAhead switches ahead as the engine's dispatch does, and nothing else. It is
//     also timed without the prefetch and without the stacks' colours, which shows what each
//     is worth, and with a minimal switch that saves only what the fiber has live: the floors
//     take the cheaper of the two, so that they do not rest on the engine's switch.
//
// Each floor divided by the serial time and by the number of cores (blocks run in parallel, so a
// floor spreads at best over all cores) bounds the simulator's ratio from below. See
// docs/PERFORMANCE.md ("Floors").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "serial_loops.hpp"
#include "sim/exec/context.hpp"
#include "sim/exec/stack_pool.hpp"

namespace {

double time_ms(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

volatile double g_sink = 0;  // keeps the settling reads

template <class T>
double sum(const std::vector<T>& v) {
  double s = 0;
  for (const T& x : v) s += static_cast<double>(x);
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median times of several interleaved runs of each function (one warm-up run first). Before each
// timed run, `settle` reads the data back, as bench_engine's verification does after each run:
// otherwise a loop would pay for writing back the lines the previous one left dirty.
std::vector<double> interleaved_medians(const std::vector<std::function<void()>>& fs, const std::function<void()>& settle,
                                        int runs) {
  std::vector<std::vector<double>> t(fs.size());
  for (int r = -1; r < runs; ++r)
    for (std::size_t i = 0; i < fs.size(); ++i) {
      settle();
      const double ms = time_ms(fs[i]);
      if (r >= 0) t[i].push_back(ms);
    }
  std::vector<double> m;
  for (auto& v : t) m.push_back(median(v));
  return m;
}

// ---- 1. memory order -------------------------------------------------------------------------

// The bench's grid-stride square: 2^20 floats, 32 blocks of 256 threads.
constexpr int kSquareN = 1 << 20;
constexpr int kSquareThreads = 32 * 256;

[[gnu::noinline]] void square_thread_order(const float* in, float* out) {
  for (int t = 0; t < kSquareThreads; ++t)
    for (int i = t; i < kSquareN; i += kSquareThreads) out[i] = in[i] * in[i];
}
[[gnu::noinline]] void square_warp_order(const float* in, float* out) {
  for (int w = 0; w < kSquareThreads; w += 32)
    for (int i = w; i < kSquareN; i += kSquareThreads)
      for (int lane = 0; lane < 32; ++lane) out[i + lane] = in[i + lane] * in[i + lane];
}

// The bench's shared histogram: 2^22 bytes, 512 blocks of 256 threads, block-private bins.
constexpr int kHistN = 1 << 22;
constexpr int kHistBlocks = 512;
constexpr int kHistThreads = kHistBlocks * 256;

[[gnu::noinline]] void histogram_thread_order(const unsigned char* in, unsigned* bins) {
  for (int b = 0; b < 256; ++b) bins[b] = 0;
  unsigned local[256];
  for (int block = 0; block < kHistBlocks; ++block) {
    std::memset(local, 0, sizeof local);
    for (int t = block * 256; t < block * 256 + 256; ++t)
      for (int i = t; i < kHistN; i += kHistThreads) ++local[in[i]];
    for (int b = 0; b < 256; ++b) bins[b] += local[b];
  }
}

// The tiled matmul's arithmetic in thread order: each thread's output is one chain of N
// multiply-adds (the tiles change where operands come from, not the chain).
[[gnu::noinline]] void matmul_thread_order(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[std::size_t(i) * n + k] * b[std::size_t(k) * n + j];
      c[std::size_t(i) * n + j] = sum;
    }
}

// ---- 2. context switches -----------------------------------------------------------------------

using cusim::sim::Context;
using cusim::sim::Transfer;

constexpr int kFibers = 256;  // one block of the bench's reductions
constexpr int kRounds = 20000;
Context g_ctx[kFibers];
Context g_main;
int g_next_id = 0;
bool g_prefetch = true;

// Fresh fibers are first entered in ring order, so each takes the next id. Each passes the CPU to
// its successor kRounds times (prefetching, when g_prefetch, the context it will resume
// kContextPrefetchAhead switches later, as BlockRun::dispatch does); then fiber 0 returns to main and the others stay parked (their
// stacks hold nothing to clean up).
void ring_entry(Transfer t) {
  cusim::sim::arrive(t);
  const int me = g_next_id++;
  const int next = (me + 1) % kFibers;
  const int ahead = (me + int(cusim::sim::kContextPrefetchAhead)) % kFibers;
  for (int round = 0; round < kRounds; ++round) {
    if (g_prefetch) cusim::sim::prefetch_context(g_ctx[ahead]);
    cusim::sim::switch_to(&g_ctx[me], g_ctx[next]);
  }
  cusim::sim::switch_to(nullptr, g_main);  // fiber 0, after its last round
  std::abort();
}

// ns per switch of one ring of kFibers fibers on stacks from the engine's pool: `place(i, stack)`
// prepares fiber i, `start()` enters fiber 0 and returns when the ring has done its kRounds. The
// first round also starts the fibers, which kRounds rounds make negligible.
template <class Place, class Start>
double ring_ns(Place place, Start start) {
  cusim::sim::StackPool pool;
  std::vector<cusim::sim::Stack> stacks;
  for (int i = 0; i < kFibers; ++i) {
    stacks.push_back(pool.acquire(64 * 1024));
    place(i, stacks.back());
  }
  g_next_id = 0;
  const double ms = time_ms(start);
  for (const auto& s : stacks) pool.release(s);
  return ms * 1e6 / (double(kRounds) * kFibers);
}

// The engine's switch: stacks coloured as the engine's are, or with every top at the same offset
// in its page (`uncoloured`); with or without the engine's prefetch.
double switch_ns(bool uncoloured, bool prefetch) {
  g_prefetch = prefetch;
  return ring_ns(
      [uncoloured](int i, const cusim::sim::Stack& s) {
        g_ctx[i] = cusim::sim::make_context(uncoloured ? s.low + s.size : s.top(), s.size, &ring_entry);
      },
      [] { cusim::sim::switch_to(&g_main, g_ctx[0]); });
}

// The same ring with the least a switch can do: store the stack pointer and a resume address, load
// the other fiber's, jump. The asm declares every other register clobbered, so the compiler saves
// around it only what the fiber has live (here a loop counter and two pointers) instead of the six
// callee-saved registers the engine's switch (an ordinary call) must keep. It shows what the
// register saves cost in the switch floor above: the rest is reaching the next fiber's stack.
// x86-64 only, and not a usable switch for the engine: kernel code calls intrinsics as ordinary
// functions, whose callers keep values in callee-saved registers.
#if defined(__x86_64__)
void* g_minimal_sp[kFibers];
void* g_minimal_main_sp = nullptr;

// Saves the running fiber's resume point in *save and resumes `to`. The red zone below the stack
// pointer is stepped over before anything is pushed; rbp is pushed by hand, since with a frame
// pointer the compiler would refuse it as a clobber.
[[gnu::always_inline]] inline void minimal_switch(void** save, void* to) {
  asm volatile(
      "leaq -128(%%rsp), %%rsp\n\t"
      "pushq %%rbp\n\t"
      "leaq 1f(%%rip), %%rax\n\t"
      "pushq %%rax\n\t"
      "movq %%rsp, (%[save])\n\t"
      "movq %[to], %%rsp\n\t"
      "popq %%rax\n\t"
      "jmpq *%%rax\n\t"
      "1:\n\t"
      "popq %%rbp\n\t"
      "leaq 128(%%rsp), %%rsp\n\t"
      : [save] "+D"(save), [to] "+S"(to)
      :
      : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "memory", "cc", "xmm0",
        "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
        "xmm14", "xmm15");
}

[[noreturn, gnu::noinline]] void minimal_ring_body() {
  const int me = g_next_id++;
  const int next = (me + 1) % kFibers;
  const int ahead = (me + int(cusim::sim::kContextPrefetchAhead)) % kFibers;
  for (int round = 0; round < kRounds; ++round) {
    __builtin_prefetch(g_minimal_sp[ahead]);
    minimal_switch(&g_minimal_sp[me], g_minimal_sp[next]);
  }
  minimal_switch(&g_minimal_sp[me], g_minimal_main_sp);  // fiber 0, after its last round
  std::abort();
}

// ns per minimal switch among kFibers fibers on the engine's coloured stacks, prefetched as the
// engine does.
double minimal_switch_ns() {
  return ring_ns(
      [](int i, const cusim::sim::Stack& s) {
        // The first resume "returns" into minimal_ring_body with the stack as a call leaves it (the
        // stack pointer 8 bytes below a 16-byte boundary); it never returns, so top[1] is never read.
        void** top = reinterpret_cast<void**>(reinterpret_cast<std::uintptr_t>(s.top()) & ~std::uintptr_t(15)) - 2;
        top[0] = reinterpret_cast<void*>(&minimal_ring_body);
        top[1] = nullptr;
        g_minimal_sp[i] = top;
      },
      [] { minimal_switch(&g_minimal_main_sp, g_minimal_sp[0]); });
}
#endif

}  // namespace

int main(int argc, char** argv) {
  int runs = 7;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: bench_floors [--runs N]\n");
      return 2;
    }
  }
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf("bench_floors: plain C++ on one core, median of %d interleaved run(s); %u core(s)\n\n", runs, cores);

  std::vector<float> in(kSquareN), out(kSquareN);
  for (int i = 0; i < kSquareN; ++i) in[i] = float(i % 1024) / 256.0f - 2.0f;
  const auto sq = interleaved_medians(
      {[&] { serial_loops::serial_square(in.data(), out.data(), kSquareN); }, [&] { square_thread_order(in.data(), out.data()); },
       [&] { square_warp_order(in.data(), out.data()); }},
      [&] { g_sink = g_sink + sum(in) + sum(out); }, runs);

  std::vector<unsigned char> bytes(kHistN);
  unsigned state = 3;
  for (int i = 0; i < kHistN; ++i) bytes[i] = static_cast<unsigned char>((state = state * 1664525u + 1013904223u) >> 24);
  std::vector<unsigned> bins_serial(256), bins_threads(256);
  const auto hist = interleaved_medians({[&] { serial_loops::serial_histogram(bytes.data(), bins_serial.data(), kHistN); },
                                         [&] { histogram_thread_order(bytes.data(), bins_threads.data()); }},
                                        [&] { g_sink = g_sink + sum(bytes); }, runs);
  if (bins_serial != bins_threads) {
    std::fprintf(stderr, "bench_floors: the two histogram orders disagree\n");
    return 1;
  }

  constexpr int kMatN = 256;  // matmul256
  std::vector<float> ma(kMatN * kMatN), mb(kMatN * kMatN), mc(kMatN * kMatN);
  for (int i = 0; i < kMatN * kMatN; ++i) ma[i] = float(i % 7) * 0.25f, mb[i] = float(i % 5) * 0.5f;
  const auto mm = interleaved_medians({[&] { serial_loops::serial_matmul(ma.data(), mb.data(), mc.data(), kMatN); },
                                       [&] { matmul_thread_order(ma.data(), mb.data(), mc.data(), kMatN); }},
                                      [&] { g_sink = g_sink + sum(ma) + sum(mb) + sum(mc); }, runs);

  constexpr int kSumN = 1 << 22;  // the reductions
  std::vector<float> values(kSumN);
  for (int i = 0; i < kSumN; ++i) values[i] = float(i % 4) * 0.25f;
  const auto su = interleaved_medians({[&] { g_sink = g_sink + serial_loops::serial_sum(values.data(), kSumN); }},
                                      [&] { g_sink = g_sink + sum(values); }, runs);

  std::vector<double> engine, unprefetched, plain, minimal;
  for (int r = 0; r < runs; ++r) {
    engine.push_back(switch_ns(false, true));
    unprefetched.push_back(switch_ns(false, false));
    plain.push_back(switch_ns(true, false));
#if defined(__x86_64__)
    minimal.push_back(minimal_switch_ns());
#endif
  }
  const double sw_engine = median(engine), sw_unprefetched = median(unprefetched), sw_plain = median(plain);
  const double sw_minimal = minimal.empty() ? sw_engine : median(minimal);
  // The floors take the cheaper of the engine's switch and the minimal one.
  const double sw = std::min(sw_engine, sw_minimal);

  // Switches each workload cannot avoid, one thread at a time: every thread passing a barrier
  // but the last of its block, every lane of a warp collective but the last of its warp.
  const double tree_switches = double(kSumN) * 9 * 255 / 256;             // 9 barriers per thread
  const double shuffle_switches = double(kSumN) * 5 * 31 / 32;            // 5 shuffles per thread
  const double matmul_switches = double(kMatN) * kMatN * (2 * kMatN / 16) * 255 / 256;  // 2 per tile
  auto switch_floor = [&](double switches, double serial_ms) { return switches * sw * 1e-6 / cores / serial_ms; };

  std::printf("%-62s %10s %10s\n", "work (one core)", "ms", "x serial");
  std::printf("%-62s %10.3f %10s\n", "grid-stride square 2^20, serial order", sq[0], "1");
  std::printf("%-62s %10.3f %10.2f\n", "  same work in thread order (the simulator's)", sq[1], sq[1] / sq[0]);
  std::printf("%-62s %10.3f %10.2f\n", "  same work in warp order (the GPU's)", sq[2], sq[2] / sq[0]);
  std::printf("%-62s %10.3f %10s\n", "histogram 2^22, serial order", hist[0], "1");
  std::printf("%-62s %10.3f %10.2f\n", "  same work in thread order (the simulator's)", hist[1], hist[1] / hist[0]);
  std::printf("%-62s %10.3f %10s\n", "matmul 256, i-k-j (serial baseline)", mm[0], "1");
  std::printf("%-62s %10.3f %10.2f\n", "  its arithmetic in thread order (one chain per output)", mm[1], mm[1] / mm[0]);
  std::printf("%-62s %10.3f %10s\n", "sum of 2^22 floats (the reductions' serial baseline)", su[0], "1");
  std::printf("\n%-62s %10.2f ns\n", "one switch among 256 fibers, the engine's (coloured, prefetched)", sw_engine);
  std::printf("%-62s %10.2f ns\n", "  coloured stacks, no prefetch", sw_unprefetched);
  std::printf("%-62s %10.2f ns\n", "  all tops at one page offset, no prefetch", sw_plain);
  if (!minimal.empty())
    std::printf("%-62s %10.2f ns\n", "  minimal switch: only what is live saved (coloured, prefetched)", sw_minimal);

  std::printf("\nfloors of the E1 ratios on %u core(s): what running CUDA threads one at a time costs before\n"
              "any engine work, switches at the cheaper of the two (%.2f ns) (docs/PERFORMANCE.md, \"Floors\"):\n",
              cores, sw);
  std::printf("  %-34s %8s   %s\n", "workload", "floor", "target");
  std::printf("  %-34s %8.2f   %s\n", "grid-stride square (memory order)", sq[1] / sq[0] / cores, "<= 3");
  std::printf("  %-34s %8.2f   %s\n", "shared histogram (memory order)", hist[1] / hist[0] / cores, "<= 6");
  std::printf("  %-34s %8.2f   %s\n", "tiled matmul 256 (arithmetic order)", mm[1] / mm[0] / cores, "<= 2.5");
  std::printf("  %-34s %8.2f   %s\n", "tiled matmul 256 (switches)", switch_floor(matmul_switches, mm[0]), "<= 2.5");
  std::printf("  %-34s %8.2f   %s\n", "tree reduction (switches)", switch_floor(tree_switches, su[0]), "<= 30");
  std::printf("  %-34s %8.2f   %s\n", "shuffle reduction (switches)", switch_floor(shuffle_switches, su[0]), "<= 25");
  std::printf("  %-34s %8.2f   %s\n", "one thread passing a barrier, ns", sw * 255 / 256, "<= 6");
  std::printf("\nbench floors square_serial_ms=%.3f square_thread_ms=%.3f square_warp_ms=%.3f hist_serial_ms=%.3f "
              "hist_thread_ms=%.3f matmul_serial_ms=%.3f matmul_thread_ms=%.3f sum_serial_ms=%.3f switch_ns=%.2f "
              "switch_unprefetched_ns=%.2f switch_uncoloured_ns=%.2f switch_minimal_ns=%.2f cores=%u\n",
              sq[0], sq[1], sq[2], hist[0], hist[1], mm[0], mm[1], su[0], sw_engine, sw_unprefetched, sw_plain,
              sw_minimal, cores);
}
