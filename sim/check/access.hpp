// What the checkers remember about memory: a status byte and a race cell per 4-byte granule.
#pragma once
#include <cstdint>

#include "sim/exec/access_flags.hpp"

namespace cusim::sim::check {

// The access flags are the engine's events' (sim/exec/access_flags.hpp), named here too.
using sim::AccessFlags;
using sim::kAtomic;
using sim::kRead;
using sim::kValid;
using sim::kWrite;

inline constexpr unsigned kGranuleShift = 2;  // 4-byte granules: one float, int or bank word

// The status byte of a granule: which of its bytes are addressable (bits 0..3) and which were
// written (bits 4..7). A fresh shadow page is all zero: nothing addressable, nothing written.
inline constexpr std::uint8_t kAddressableBits = 0x0f;
inline constexpr std::uint8_t kInitialisedBits = 0xf0;


// A remembered access that a later one may stand for only on the bytes it covers, or not at all
// (a plain write kept for part of a granule): only dead (BlockChecker::dead) may it be replaced.
// One bit, so that the common test for replacing a record is one comparison.
inline constexpr std::uint8_t kPartial = 16;

// One access as the race detector remembers it (24 bytes; three per granule).
struct AccessRecord {
  std::uint32_t site;     // code address, interned (sites.hpp)
  std::uint32_t block;    // linear block id
  std::uint16_t thread;   // linear thread id in the block
  std::uint8_t flags;     // AccessFlags
  std::uint8_t bytes;     // bytes of the granule it touched (bit mask)
  std::uint32_t epoch;    // barriers its block had completed: orders accesses of one block
  std::uint32_t clock;    // its thread's clock (ticks at __syncwarp and fences)
  std::uint32_t ordinal;  // its thread's count of checked accesses: names which came first
  bool valid() const { return flags & kValid; }
  bool write() const { return flags & kWrite; }
  bool atomic() const { return flags & kAtomic; }
};
static_assert(sizeof(AccessRecord) == 24);

// The race state of one granule in one launch (global memory) or one block run (shared memory):
// the last write and up to two reads since it by different threads. A cell whose tag is not the
// current launch's or block's is empty, so nothing is ever cleared between launches or blocks.
struct RaceCell {
  std::uint32_t tag;
  std::uint32_t lock;  // taken while more than one worker may touch global memory; odd while held, a
                       // sequence count (block_checker.cpp: CellLock)
  AccessRecord write, read1, read2;
};
static_assert(sizeof(RaceCell) == 80);

// The bytes [offset, offset + n) of a granule as a mask (offset < 4, n >= 1).
inline std::uint8_t byte_mask(unsigned offset, unsigned n) {
  const unsigned end = offset + n > 4 ? 4 : offset + n;
  return static_cast<std::uint8_t>(((1u << end) - 1u) & ~((1u << offset) - 1u));
}

}  // namespace cusim::sim::check
