// The built-in variables kernel code reads (cusim/detail/sim_abi.hpp) and what the engine keeps
// per OS thread about the block and thread running on it: plain thread-locals, set as blocks
// start and threads switch.
#include "sim/exec/block_run_internal.hpp"

namespace cusim::detail {
constinit thread_local const uint3* tls_thread_idx = &kNoThreadIdx;
constinit thread_local uint3 tls_block_idx{};
constinit thread_local dim3 tls_block_dim{};
constinit thread_local dim3 tls_grid_dim{};
constinit thread_local char* tls_shared_begin = nullptr;
constinit thread_local char* tls_shared_end = nullptr;
constinit thread_local SharedSlot tls_shared_slots[kSharedSlotCache] = {};
}  // namespace cusim::detail

namespace cusim::detail {
bool in_simulated_thread() { return sim::running::thread != nullptr; }
}  // namespace cusim::detail

namespace cusim::sim::running {
constinit thread_local BlockRun* block = nullptr;
constinit thread_local SimThread* thread = nullptr;
constinit thread_local AccessGate* gate = nullptr;
constinit thread_local std::uint64_t* last_word_accesses = nullptr;
constinit thread_local const ObserverList* observers = nullptr;
}  // namespace cusim::sim::running
