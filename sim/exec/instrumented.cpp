#include "sim/exec/instrumented.hpp"

#include <atomic>

namespace cusim::sim {
namespace {
std::atomic<bool> instrumented_code{false};
}

bool instrumented() { return instrumented_code.load(std::memory_order_relaxed); }
bool note_instrumented() { return !instrumented_code.exchange(true, std::memory_order_relaxed); }

}  // namespace cusim::sim
