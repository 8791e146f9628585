// Inline PTX as CUDA programs write it: special registers (%laneid, %lanemask_lt, %warpid,
// %smid, %clock64, %globaltimer, also spelled with one percent sign as cuda-samples'
// cudaGraphsPerfScaling does), integer instructions (bfind, brev, popc, clz, bfe, bfi, prmt, shf,
// mul.hi/wide/lo, mad, add, sub and their carry chains, min, max, logic, shifts, vabsdiff4),
// barriers and fences, ld/st weak, volatile, relaxed, acquire/release and .nc, atom and red, with
// read-write and immediate operands. Every EXPECT line is what an H200 printed. The message
// passing, the barrier and the lock are race-free: the run ends with no finding only if the
// checkers take bar.sync for a barrier and st.release/ld.acquire and the lock's
// atom.acquire/atom.release for what they are.
// EXPECT: bfind: 0xffffffff 0 0x1f 0x1f 0x1c 0x1e 0x1f 0x5
// EXPECT: bfind.s32: 0xffffffff 0 0x1e 0xffffffff 0x1c 0x1e 0x3 0x5
// EXPECT: bfind.shiftamt: 0xffffffff 0x1f 0 0 0x3 0x1 0 0x1a
// EXPECT: bfind.u64: 0x1 0x20 0x3f 0x3f 0x3c 0x3e 0x3f 0x25
// EXPECT: brev: 0 0x80000000 0x1 0xffffffff 0x1e6a2c48 0xfffffffe 0xfffffff 0xa4000000
// EXPECT: popc: 0 0x1 0x1 0x20 0xd 0x1f 0x1c 0x3
// EXPECT: clz: 0x20 0x1f 0 0 0x3 0x1 0 0x1a
// EXPECT: popc.b64: 0x2 0xe 0x6 0x21 0xd 0x21 0x1d 0xb
// EXPECT: clz.b64: 0x3e 0x20 0 0x3f 0x3b 0x40 0x30 0x3f
// EXPECT: brev.b64: 0xc0000000 0x8000000084c2a6e1 0x1f8000000 0xffffffff04000000 0x1e6a2c4800000000 0xfffffffe14000000 0xfffffff10000000 0xa400000000ff0000
// EXPECT: bfe.u32: 0 0 0 0x1ff 0x123 0x3f 0x3 0
// EXPECT: bfe.s32: 0 0 0 0xffffffff 0xffffff23 0x3f 0xffffffff 0
// EXPECT: bfe.s32.top: 0 0 0xfffffff8 0xffffffff 0x1 0x7 0xffffffff 0
// EXPECT: bfi: 0x3 0x3211 0x80001f00 0xff020fff 0x10005678 0x28fffff 0x8fffff0 0x25
// EXPECT: prmt: 0 0x2143 0x1f000000 0xff0000 0x5600 0xff00ff 0xffff00 0
// EXPECT: shf.l.wrap: 0x18 0xeca8642 0xc0000000 0x20 0 0x287f 0x8ff 0xff00
// EXPECT: shf.r.clamp: 0 0x1 0 0xffffffff 0 0x7fffffff 0xf0000000 0x25
// EXPECT: mul.hi.u32: 0 0 0xf 0x1f 0 0x13 0x7 0
// EXPECT: mul.hi.s32: 0 0xffffffff 0xfffffff0 0xffffffff 0 0x13 0xffffffff 0
// EXPECT: mul.wide.u32: 0 0x87654321 0xf80000000 0x1fffffffe0 0 0x13ffffffd8 0x7ffffff80 0x24db00
// EXPECT: mul.wide.s32: 0 0xffffffff87654321 0xfffffff080000000 0xffffffffffffffe0 0 0x13ffffffd8 0xffffffffffffff80 0x24db00
// EXPECT: mul.lo.u32: 0 0x87654321 0x80000000 0xffffffe0 0 0xffffffd8 0xffffff80 0x24db00
// EXPECT: mul.hi.u64: 0 0x1 0x1f 0x41 0 0x28 0x11 0
// EXPECT: add.s32: 0x3 0x87654322 0x8000001f 0x1f 0x12345678 0x80000027 0xfffffff8 0xff25
// EXPECT: sub.u32: 0xfffffffd 0x789abce0 0x7fffffe1 0xffffffdf 0x12345678 0x7fffffd7 0xffffffe8 0xffff0125
// EXPECT: min.s32: 0 0x87654321 0x80000000 0xffffffff 0 0x28 0xfffffff0 0x25
// EXPECT: max.u32: 0x3 0x87654321 0x80000000 0xffffffff 0x12345678 0x7fffffff 0xfffffff0 0xff00
// EXPECT: logic: 0xfffffffc 0x789abcdf 0x7fffffe0 0x20 0xedcba987 0x80000028 0x7 0xffff00da
// EXPECT: shl.b32: 0 0 0 0 0x12345678 0 0xfffff000 0
// EXPECT: shr.u32: 0 0 0x1 0 0x12345678 0 0xffffff 0
// EXPECT: shr.s32: 0 0 0xffffffff 0xffffffff 0x12345678 0 0xffffffff 0
// EXPECT: vabsdiff4: 0x3 0x150 0xa1 0x3df 0x118 0x359 0x3eb 0x12b
// EXPECT: shl.imm: 0 0x8 0 0xfffffff8 0x91a2b3c0 0xfffffff8 0xffffff80 0x128
// EXPECT: special: ok
// EXPECT: message: 42
// EXPECT: barrier: ok
// EXPECT: vectors: 21 0 49 868 889 0.5 0.5 31.5
// EXPECT: extended: 0 0xfffffffe 0 0xacf13569 0x2 0 0xffffffff 0x242d207f 0 0x80000002 0x7ffffffd
// EXPECT: atomics: 64 32 64 -20 189 9 0xffffffff 0 0 0x8000000000 64
#include <cstdint>
#include <cstdio>

#include "check.cuh"

constexpr int kValues = 8;
constexpr int kOps = 34;

__device__ unsigned u32_op(int op, unsigned a, unsigned b, int i) {
  unsigned r = 0;
  const unsigned long long wide = (static_cast<unsigned long long>(a) << 32) | b;
  const unsigned pos = static_cast<unsigned>(i) * 5u, len = 9u, at = static_cast<unsigned>(i) * 4u;
  switch (op) {
    case 0: asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 1: asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 2: asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 3: asm("bfind.u64 %0, %1;" : "=r"(r) : "l"(wide | 1ull)); break;
    case 4: asm("brev.b32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 5: asm("popc.b32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 6: asm("clz.b32 %0, %1;" : "=r"(r) : "r"(a)); break;
    case 7: asm("popc.b64 %0, %1;" : "=r"(r) : "l"(wide)); break;
    case 8: asm("clz.b64 %0, %1;" : "=r"(r) : "l"(wide >> (a & 63u))); break;
    case 10: asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len)); break;
    case 11: asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len)); break;
    case 12: asm("bfe.s32 %0, %1, 28, 8;" : "=r"(r) : "r"(a)); break;
    case 13: asm("bfi.b32 %0, %1, %2, %3, 12;" : "=r"(r) : "r"(b), "r"(a), "r"(at)); break;
    case 14: asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(static_cast<unsigned>(i) * 0x2345u)); break;
    case 15: asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(b)); break;
    case 16: asm("shf.r.clamp.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(b), "r"(a), "r"(b)); break;
    case 17: asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 18: asm("mul.hi.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 21: asm("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 23: asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 24: asm("sub.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 25: asm("min.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 26: asm("max.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 27: {
      unsigned x, y;
      asm("and.b32 %0, %1, %2;" : "=r"(x) : "r"(a), "r"(b));
      asm("or.b32 %0, %1, %2;" : "=r"(y) : "r"(a), "r"(b));
      asm("xor.b32 %0, %1, %2;\n\tnot.b32 %0, %0;" : "=r"(r) : "r"(x), "r"(y));
      break;
    }
    case 28: asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 29: asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 30: asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b)); break;
    case 31:  // over several lines, as stereoDisparity writes it
      asm("vabsdiff4.u32.u32.u32.add"
          " %0, %1, %2, %3;"
          : "=r"(r)
          : "r"(a), "r"(b), "r"(static_cast<unsigned>(i)));
      break;
    case 32: r = a; asm("shl.b32 %0, %0, 3;" : "+r"(r)); break;
  }
  return r;
}

__device__ unsigned long long u64_op(int op, unsigned a, unsigned b) {
  unsigned long long r = 0;
  const unsigned long long wide = (static_cast<unsigned long long>(b) << 32) | a;
  switch (op) {
    case 9: asm("brev.b64 %0, %1;" : "=l"(r) : "l"(wide)); break;
    case 19: asm("mul.wide.u32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b)); break;
    case 20: asm("mul.wide.s32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b)); break;
    case 22: asm("mul.hi.u64 %0, %1, %2;" : "=l"(r) : "l"(wide), "l"(static_cast<unsigned long long>(a) << 1)); break;
  }
  return r;
}

__global__ void integer_ops(const unsigned* as, const unsigned* bs, unsigned long long* out) {
  const int i = threadIdx.x;
  for (int op = 0; op < kOps; ++op) {
    const bool wide = op == 9 || op == 19 || op == 20 || op == 22;
    out[op * kValues + i] = wide ? u64_op(op, as[i], bs[i]) : u32_op(op, as[i], bs[i], i);
  }
}

// Special registers, checked against what they must be; the timers must not run backwards.
__global__ void special_registers(int* wrong) {
  unsigned lane, lt, le, eq, gt, ge, warp, nwarp, sm, nsm, tid, ntid, ctaid, nctaid;
  unsigned long long c0, c1, t0, t1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t0));  // one percent sign, as cudaGraphsPerfScaling writes it
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
  asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
  asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
  asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(nwarp));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  asm("mov.u32 %0, %%nsmid;" : "=r"(nsm));
  asm("mov.u32 %0, %%tid.y;" : "=r"(tid));
  asm("mov.u32 %0, %%ntid.x;" : "=r"(ntid));
  asm("mov.u32 %0, %%ctaid.x;" : "=r"(ctaid));
  asm("mov.u32 %0, %%nctaid.x;" : "=r"(nctaid));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
  const unsigned rank = threadIdx.x + blockDim.x * threadIdx.y;
  const unsigned want_lane = rank % 32;
  int bad = 0;
  bad |= (lane != want_lane) << 0;
  bad |= (lt != (1u << want_lane) - 1u) << 1;
  bad |= (le != ((1u << want_lane) | lt)) << 2;
  bad |= (eq != 1u << want_lane) << 3;
  bad |= (gt != ~le || ge != ~lt) << 4;
  bad |= (warp >= nwarp || nwarp < 32) << 5;
  bad |= (sm >= nsm) << 6;
  bad |= (tid != threadIdx.y || ntid != blockDim.x || ctaid != blockIdx.x || nctaid != gridDim.x) << 7;
  bad |= (c1 < c0 || t1 < t0 || t0 == 0) << 8;
  if (bad) atomicOr(wrong, bad);
}

// One lane passes a value to a lane of another warp: a plain store, then a release store of the
// flag; the reader waits with acquire loads, then reads the value through ld.global.nc.
__global__ void message(int* data, int* flag, int* out) {
  if (threadIdx.x == 0) {
    asm volatile("st.global.u32 [%0], %1;" ::"l"(data), "r"(42) : "memory");
    asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(1) : "memory");
  } else if (threadIdx.x == 32) {
    int ready = 0;
    while (!ready) asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(ready) : "l"(flag) : "memory");
    int v;
    asm volatile("ld.global.nc.u32 %0, [%1+0];" : "=r"(v) : "l"(data));
    asm volatile("st.volatile.u32 [%0+4], %1;" ::"l"(out - 1), "r"(v));
  }
}

// Each thread writes its slot, waits at bar.sync 0 (after a fence), and reads its neighbour's
// through a relaxed load; the active mask of a whole warp is all its lanes.
__global__ void barrier(int* slots, int* wrong) {
  const int t = threadIdx.x;
  asm volatile("st.u32 [%0], %1;" ::"l"(slots + t), "r"(t * 3) : "memory");
  asm volatile("membar.gl;\n\tfence.acq_rel.cta;" ::: "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  int neighbour, volatile_read;
  asm volatile("ld.relaxed.gpu.u32 %0, [%1];" : "=r"(neighbour) : "l"(slots + (t + 1) % blockDim.x) : "memory");
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(volatile_read) : "l"(slots + (t + 1) % blockDim.x) : "memory");
  unsigned active;
  asm volatile("activemask.b32 %0;" : "=r"(active));
  asm volatile("bar.warp.sync %0;" ::"r"(0xffffffffu));
  asm volatile("nanosleep.u32 10;");
  if (neighbour != ((t + 1) % static_cast<int>(blockDim.x)) * 3 || volatile_read != neighbour || active != 0xffffffffu)
    atomicAdd(wrong, 1);
}

// atom and red: counts, a compare-and-swap loop, min/max/inc, bit operations, a 64-bit add, a
// reduction at an offset, and a lock (acquire CAS, release exchange) around plain increments,
// which is race-free only if the checker orders the lock's release and acquire.
__global__ void atomics(unsigned* c, float* f, unsigned long long* wide, int* guarded) {
  const unsigned t = threadIdx.x;
  unsigned old;
  asm volatile("atom.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(c), "r"(1u) : "memory");
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(f), "f"(0.5f) : "memory");
  unsigned seen = 0, assumed;
  do {
    assumed = seen;
    asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;" : "=r"(seen) : "l"(c + 1), "r"(assumed), "r"(assumed + 1) : "memory");
  } while (seen != assumed);
  asm volatile("atom.min.s32 %0, [%1], %2;" : "=r"(old) : "l"(c + 2), "r"(static_cast<int>(t) - 20) : "memory");
  asm volatile("atom.relaxed.gpu.max.u32 %0, [%1], %2;" : "=r"(old) : "l"(c + 3), "r"(t * 3) : "memory");
  asm volatile("atom.inc.u32 %0, [%1], 10;" : "=r"(old) : "l"(c + 4) : "memory");
  asm volatile("atom.or.b32 %0, [%1], %2;" : "=r"(old) : "l"(c + 5), "r"(1u << (t % 32)) : "memory");
  asm volatile("atom.and.b32 %0, [%1], %2;" : "=r"(old) : "l"(c + 6), "r"(~(1u << (t % 32))) : "memory");
  asm volatile("red.xor.b32 [%0+4], %1;" ::"l"(c + 6), "r"(t) : "memory");
  unsigned long long before;
  asm volatile("atom.add.u64 %0, [%1], %2;" : "=l"(before) : "l"(wide), "l"(1ull << 33) : "memory");
  wide[2 + t] = before + old;  // each thread's own slot
  unsigned held = 1;
  while (held) asm volatile("atom.acquire.gpu.cas.b32 %0, [%1], 0, 1;" : "=r"(held) : "l"(c + 8) : "memory");
  guarded[0] += 1;
  asm volatile("atom.release.gpu.exch.b32 %0, [%1], 0;" : "=r"(held) : "l"(c + 8) : "memory");
}

// Vector loads and stores, and cache operators: each thread reverses its four words.
__global__ void vectors(const unsigned* in, unsigned* out, float* halves) {
  const unsigned t = threadIdx.x;
  unsigned a, b, c, d;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(in + 4 * t));
  asm volatile("st.global.wb.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(out + 4 * t), "r"(d), "r"(c), "r"(b), "r"(a) : "memory");
  float x;
  asm volatile("ld.global.cg.f32 %0, [%1+4];" : "=f"(x) : "l"(halves + 2 * t));
  asm volatile("st.cs.v2.f32 [%0], {%1, %1};" ::"l"(halves + 2 * t), "f"(x * 0.5f) : "memory");
}

// Carry chains within one statement (a 128-bit add, a 96-bit subtract) and mad.
__global__ void extended(const unsigned* x, const unsigned* y, unsigned* out) {
  asm("add.cc.u32 %0, %4, %8;\n\t"
      "addc.cc.u32 %1, %5, %9;\n\t"
      "addc.cc.u32 %2, %6, %10;\n\t"
      "addc.u32 %3, %7, %11;"
      : "=r"(out[0]), "=r"(out[1]), "=r"(out[2]), "=r"(out[3])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(y[3]));
  asm("sub.cc.u32 %0, %3, %6;\n\tsubc.cc.u32 %1, %4, %7;\n\tsubc.u32 %2, %5, %8;"
      : "=r"(out[4]), "=r"(out[5]), "=r"(out[6])
      : "r"(y[0]), "r"(y[1]), "r"(y[2]), "r"(x[0]), "r"(x[1]), "r"(x[2]));
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(out[7]) : "r"(x[3]), "r"(y[3]), "r"(x[0]));
  asm("mad.hi.s32 %0, %1, %2, %3;" : "=r"(out[8]) : "r"(x[3]), "r"(y[1]), "r"(y[0]));
  unsigned long long w;
  asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(w) : "r"(x[0]), "r"(y[2]), "l"(0xffffffff00000001ull));
  out[9] = static_cast<unsigned>(w);
  out[10] = static_cast<unsigned>(w >> 32);
}

int main() {
  const unsigned as[kValues] = {0, 1, 0x80000000u, 0xffffffffu, 0x12345678u, 0x7fffffffu, 0xfffffff0u, 37};
  const unsigned bs[kValues] = {3, 0x87654321u, 31, 32, 0, 40, 8, 0xff00u};
  unsigned *da, *db;
  unsigned long long* out;
  CHECK_CUDA(cudaMalloc(&da, sizeof as));
  CHECK_CUDA(cudaMalloc(&db, sizeof bs));
  CHECK_CUDA(cudaMalloc(&out, kOps * kValues * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMemcpy(da, as, sizeof as, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(db, bs, sizeof bs, cudaMemcpyHostToDevice));
  integer_ops<<<1, kValues>>>(da, db, out);
  CHECK_CUDA(cudaGetLastError());
  unsigned long long host[kOps * kValues];
  CHECK_CUDA(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  const char* names[kOps] = {"bfind", "bfind.s32", "bfind.shiftamt", "bfind.u64", "brev", "popc", "clz", "popc.b64",
                             "clz.b64", "brev.b64", "bfe.u32", "bfe.s32", "bfe.s32.top", "bfi", "prmt", "shf.l.wrap",
                             "shf.r.clamp", "mul.hi.u32", "mul.hi.s32", "mul.wide.u32", "mul.wide.s32", "mul.lo.u32",
                             "mul.hi.u64", "add.s32", "sub.u32", "min.s32", "max.u32", "logic", "shl.b32", "shr.u32",
                             "shr.s32", "vabsdiff4", "shl.imm", "unused"};
  for (int op = 0; op < kOps - 1; ++op) {
    std::printf("%s:", names[op]);
    for (int i = 0; i < kValues; ++i) std::printf(" %#llx", host[op * kValues + i]);
    std::printf("\n");
  }

  int *wrong, *data, *flag, *slots;
  CHECK_CUDA(cudaMallocManaged(&wrong, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&data, 4 * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&flag, sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&slots, 128 * sizeof(int)));
  *wrong = 0;
  *flag = 0;
  special_registers<<<3, dim3(48, 2)>>>(wrong);
  CHECK_CUDA(cudaDeviceSynchronize());
  if (*wrong) std::printf("special: WRONG (%#x)\n", *wrong);
  else std::printf("special: ok\n");
  message<<<1, 64>>>(data, flag, data + 2);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("message: %d\n", data[2]);
  *wrong = 0;
  barrier<<<1, 128>>>(slots, wrong);
  CHECK_CUDA(cudaDeviceSynchronize());
  report("barrier", *wrong, 0);

  unsigned* counters;
  float* sum;
  unsigned long long* wide;
  int* guarded;
  CHECK_CUDA(cudaMallocManaged(&counters, 9 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&sum, sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&wide, 66 * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMallocManaged(&guarded, sizeof(int)));
  for (int i = 0; i < 9; ++i) counters[i] = 0;
  counters[6] = 0xffffffffu;
  *sum = 0;
  wide[0] = wide[1] = 0;
  *guarded = 0;
  atomics<<<1, 64>>>(counters, sum, wide, guarded);
  CHECK_CUDA(cudaDeviceSynchronize());
  unsigned *words, *reversed;
  float* halves;
  CHECK_CUDA(cudaMallocManaged(&words, 128 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&reversed, 128 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&halves, 64 * sizeof(float)));
  for (unsigned i = 0; i < 128; ++i) words[i] = i * 7u;
  for (int i = 0; i < 64; ++i) halves[i] = static_cast<float>(i);
  vectors<<<1, 32>>>(words, reversed, halves);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("vectors: %u %u %u %u %u %g %g %g\n", reversed[0], reversed[3], reversed[4], reversed[127], reversed[124],
              halves[0], halves[1], halves[63]);
  unsigned *xs, *ext;
  CHECK_CUDA(cudaMallocManaged(&xs, 8 * sizeof(unsigned)));
  CHECK_CUDA(cudaMallocManaged(&ext, 11 * sizeof(unsigned)));
  const unsigned limbs[8] = {0xffffffffu, 0xfffffffeu, 0x80000000u, 0x12345678u, 0x00000001u, 0xffffffffu, 0x7fffffffu, 0x9abcdef0u};
  for (int i = 0; i < 8; ++i) xs[i] = limbs[i];
  extended<<<1, 1>>>(xs, xs + 4, ext);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("extended:");
  for (int i = 0; i < 11; ++i) std::printf(" %#x", ext[i]);
  std::printf("\n");
  std::printf("atomics: %u %g %u %d %u %u %#x %#x %u %#llx %d\n", counters[0], *sum, counters[1], static_cast<int>(counters[2]),
              counters[3], counters[4], counters[5], counters[6], counters[7], wide[0], *guarded);
  return 0;
}
