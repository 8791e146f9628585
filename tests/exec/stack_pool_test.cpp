// The stack pool: guard below every stack, at least the asked-for bytes usable, and stack tops
// spread over the lines of a page so that the frames saved at a barrier do not share L1 sets.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdint>
#include <set>
#include <vector>

#include "sim/exec/stack_pool.hpp"

using cusim::sim::Stack;
using cusim::sim::StackPool;

TEST_CASE("pooled stacks keep their guard and usable size, and their tops differ in line within a page") {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  StackPool pool;
  std::vector<Stack> stacks;
  std::set<std::uintptr_t> lines;  // the 64-byte line of each top within its page
  constexpr int kStacks = 64;
  for (int i = 0; i < kStacks; ++i) {
    const Stack s = pool.acquire(16 * 1024);
    CHECK(s.size == StackPool::page_round(16 * 1024));
    CHECK(reinterpret_cast<std::uintptr_t>(s.top()) % 16 == 0);  // the ABI's stack alignment
    CHECK(s.top() - s.low >= static_cast<std::ptrdiff_t>(s.size));
    CHECK(s.guards(s.low - 1));
    CHECK(s.guards(s.low - StackPool::kGuardBytes));
    CHECK_FALSE(s.guards(s.low));
    // Every usable byte up to the top is writable.
    s.low[0] = 1;
    s.top()[-1] = 1;
    lines.insert(reinterpret_cast<std::uintptr_t>(s.top()) % page / 64);
    stacks.push_back(s);
  }
  // 64 consecutive stacks take all 64 lines of a 4 KiB page (or 64 different lines of a larger one).
  CHECK(lines.size() == kStacks);
  // A released stack comes back as it was: same range, same top.
  const Stack first = stacks.front();
  pool.release(first);
  const Stack again = pool.acquire(16 * 1024);
  CHECK(again.low == first.low);
  CHECK(again.top() == first.top());
  stacks.front() = again;
  for (const Stack& s : stacks) pool.release(s);
}

TEST_CASE("the stacks of a pool that ends go to the next pool that runs short, not back to the system") {
  std::set<char*> first;
  {
    StackPool ended;  // a helper OS thread's pool, destroyed as the thread ends
    std::vector<Stack> stacks;
    for (int i = 0; i < 8; ++i) stacks.push_back(ended.acquire(16 * 1024));
    for (const Stack& s : stacks) {
      first.insert(s.low);
      s.low[0] = 0x5a;  // a fresh mapping (even at the same address) would read 0
      ended.release(s);
    }
  }
  StackPool next;
  for (int i = 0; i < 8; ++i) {
    const Stack s = next.acquire(16 * 1024);
    CHECK(first.count(s.low) == 1);
    CHECK(s.low[0] == 0x5a);  // the same mapping, never returned to the system
    CHECK(s.size == StackPool::page_round(16 * 1024));
    CHECK(s.guards(s.low - 1));
  }
}
