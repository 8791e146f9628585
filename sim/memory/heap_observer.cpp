#include "sim/memory/heap_observer.hpp"

#include <atomic>

namespace cusim::sim {
namespace {
std::atomic<HeapObserver*> observer{nullptr};
}

HeapObserver* heap_observer() { return observer.load(std::memory_order_acquire); }
void set_heap_observer(HeapObserver* o) { observer.store(o, std::memory_order_release); }

}  // namespace cusim::sim
