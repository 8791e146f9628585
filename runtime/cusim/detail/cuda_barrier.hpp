// cuda::barrier and cuda::memcpy_async with a barrier (CUDA's <cuda/barrier>, from libcu++): an
// arrive/wait barrier in the block's shared memory, run by the engine (sim_abi.hpp:
// ArriveWaitBarrier; sim/exec/block_arrive_wait.cpp).
//
// init() writes the barrier as kernel code, and every call reads it first (touch()), so that the
// checkers see a barrier used before init(), or without a __syncthreads() after it, as the
// uninitialised read or race it is. An asynchronous copy is made at the call, as the calling
// thread's accesses, and tied to the barrier's current phase: a thread whose wait for that phase
// returns is ordered after it, and a read of the destination before then is a race, as on the
// GPU, where the copy may still be in flight.
#pragma once
#include <cstddef>
#include <cstdint>
#include <source_location>
#include <utility>

#include "cusim/detail/copy_share.hpp"
#include "cusim/detail/cuda_std_chrono.hpp"
#include "cusim/detail/kernel_api.hpp"

// The translator's parse reads these as libcu++ declares them: __host__ __device__.
#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

namespace cuda {

enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2, thread_scope_thread = 3 };
// libcu++ declares these in cuda::std (cuda_std_chrono.hpp: its <chrono>, which timed waits take).
namespace std {
using ::cuda::thread_scope;
using ::cuda::thread_scope_block;
using ::cuda::thread_scope_device;
using ::cuda::thread_scope_system;
using ::cuda::thread_scope_thread;
}  // namespace std

// A copy's size that promises `Alignment` of both pointers and of the size: the copy may move
// whole words of that size (up to 16 bytes), each one access held to its alignment.
template <::std::size_t Alignment>
struct aligned_size_t {
  static constexpr ::std::size_t align = Alignment;
  ::std::size_t value;
  explicit aligned_size_t(::std::size_t size) : value(size) {}
  operator ::std::size_t() const { return value; }
};

// What memcpy_async promises of its copy: cusim's copies are complete at the call.
enum class async_contract_fulfillment { none, async };

namespace cusim_detail {
struct empty_completion {
  void operator()() noexcept {}
};
template <class Size>
inline constexpr ::std::size_t size_align = 1;
template <::std::size_t Alignment>
inline constexpr ::std::size_t size_align<aligned_size_t<Alignment>> = Alignment;

// The running thread's share of a memcpy_async of T elements, of `size` bytes, by `count` threads
// of which it is number `rank`.
template <class T, class Size>
void copy_share(void* destination, const void* source, Size size, unsigned long long rank, unsigned long long count) {
  constexpr ::std::size_t align = alignof(T) > size_align<Size> ? alignof(T) : size_align<Size>;
  ::cusim::detail::copy_share<align>(destination, source, static_cast<::std::size_t>(size), rank, count);
}
}  // namespace cusim_detail

template <thread_scope Scope, class CompletionF = cusim_detail::empty_completion>
class barrier {
 public:
  class arrival_token {
   public:
    arrival_token() = default;

   private:
    explicit arrival_token(::std::uint32_t phase) : phase_(phase) {}
    ::std::uint32_t phase_ = 0;
    friend class barrier;
  };

  barrier() = default;
  barrier(const barrier&) = delete;
  barrier& operator=(const barrier&) = delete;
  barrier(::std::ptrdiff_t expected, CompletionF completion = CompletionF()) { initialise(expected, completion); }

  friend void init(barrier* b, ::std::ptrdiff_t expected) { b->initialise(expected, CompletionF()); }
  friend void init(barrier* b, ::std::ptrdiff_t expected, CompletionF completion) { b->initialise(expected, completion); }

  [[nodiscard]] arrival_token arrive(::std::ptrdiff_t update = 1,
                                     ::std::source_location site = ::std::source_location::current()) {
    return arrival_token(arrive_as(::cusim::detail::ArriveKind::arrive, update, site));
  }
  void wait(arrival_token&& token, ::std::source_location site = ::std::source_location::current()) const {
    touch();
    (void)::cusim::detail::arrive_wait_wait(state_, token.phase_, false, site);
  }
  void arrive_and_wait(::std::source_location site = ::std::source_location::current()) {
    const ::std::uint32_t phase = arrive_as(::cusim::detail::ArriveKind::arrive_and_wait, 1, site);
    (void)::cusim::detail::arrive_wait_wait(state_, phase, false, site);
  }
  void arrive_and_drop(::std::source_location site = ::std::source_location::current()) {
    (void)arrive_as(::cusim::detail::ArriveKind::arrive_and_drop, 1, site);
  }
  // Timed waits, which poll for up to the duration on the GPU: on the simulator they wait as
  // wait() does, and return false when the phase cannot complete before nothing else in the block
  // can run (a GPU's poll would time out then too).
  template <class Rep, class Period>
  [[nodiscard]] bool try_wait_for(arrival_token&& token, const ::std::chrono::duration<Rep, Period>&,
                                  ::std::source_location site = ::std::source_location::current()) {
    touch();
    return ::cusim::detail::arrive_wait_wait(state_, token.phase_, true, site);
  }
  template <class Clock, class Duration>
  [[nodiscard]] bool try_wait_until(arrival_token&& token, const ::std::chrono::time_point<Clock, Duration>&,
                                    ::std::source_location site = ::std::source_location::current()) {
    touch();
    return ::cusim::detail::arrive_wait_wait(state_, token.phase_, true, site);
  }
  // Waits for the phase of parity `parity`: the current one if its parity is that, else the one
  // before it, which is complete (mbarrier.try_wait.parity's rule).
  void wait_parity(bool parity, ::std::source_location site = ::std::source_location::current()) const {
    touch();
    (void)::cusim::detail::arrive_wait_wait(state_, parity_phase(parity), false, site);
  }
  template <class Rep, class Period>
  [[nodiscard]] bool try_wait_parity_for(bool parity, const ::std::chrono::duration<Rep, Period>&,
                                         ::std::source_location site = ::std::source_location::current()) {
    touch();
    return ::cusim::detail::arrive_wait_wait(state_, parity_phase(parity), true, site);
  }
  template <class Clock, class Duration>
  [[nodiscard]] bool try_wait_parity_until(bool parity, const ::std::chrono::time_point<Clock, Duration>&,
                                           ::std::source_location site = ::std::source_location::current()) {
    touch();
    return ::cusim::detail::arrive_wait_wait(state_, parity_phase(parity), true, site);
  }
  // The largest count init() takes (an mbarrier's).
  static constexpr ::std::ptrdiff_t max() noexcept { return (1 << 20) - 1; }

 private:
  void initialise(::std::ptrdiff_t expected, CompletionF completion) {
    const auto count = static_cast<::std::uint32_t>(expected < 0 ? 0 : expected > max() ? max() : expected);
    state_ = ::cusim::detail::ArriveWaitBarrier{::cusim::detail::ArriveWaitBarrier::kMagic, count, count, 0, 0, 0};
    completion_ = completion;
  }
  ::std::uint32_t parity_phase(bool parity) const {
    const ::std::uint32_t now = state_.phase;
    return (now & 1u) == static_cast<::std::uint32_t>(parity) ? now : now - 1;
  }
  // A read of the barrier by kernel code, before the engine's: the checkers see it.
  void touch() const {
    const ::std::uint32_t magic = state_.magic;
    asm volatile("" ::"r"(magic));
  }
  ::std::uint32_t arrive_as(::cusim::detail::ArriveKind kind, ::std::ptrdiff_t update, ::std::source_location site) {
    touch();
    const auto count = static_cast<::std::uint32_t>(update < 0 ? 0 : update > max() ? max() + 1 : update);
    const ::cusim::detail::Arrival a = ::cusim::detail::arrive_wait_arrive(state_, count, kind, site);
    if (a.completes) {
      completion_();
      ::cusim::detail::arrive_wait_complete(state_, site);
    }
    return a.phase;
  }
  void bind(::std::source_location site) {
    (void)::cusim::detail::arrive_wait_arrive(state_, 0, ::cusim::detail::ArriveKind::bind, site);
  }

  mutable ::cusim::detail::ArriveWaitBarrier state_;
  [[no_unique_address]] CompletionF completion_;

  template <thread_scope S, class F>
  friend void cusim_detail_bind(barrier<S, F>& b, ::std::source_location site);
};

template <thread_scope S, class F>
void cusim_detail_bind(barrier<S, F>& b, ::std::source_location site) {
  b.bind(site);
}

// memcpy_async with a barrier: the thread's copy (or its share of the group's), tied to the
// barrier's current phase.
template <class Group, class T, class Size, thread_scope Scope, class F>
async_contract_fulfillment memcpy_async(const Group& group, T* destination, const T* source, Size size,
                                        barrier<Scope, F>& b,
                                        ::std::source_location site = ::std::source_location::current()) {
  cusim_detail::copy_share<T>(destination, source, size, group.thread_rank(), group.size());
  cusim_detail_bind(b, site);
  return async_contract_fulfillment::none;
}
template <class Group, class Size, thread_scope Scope, class F>
async_contract_fulfillment memcpy_async(const Group& group, void* destination, const void* source, Size size,
                                        barrier<Scope, F>& b,
                                        ::std::source_location site = ::std::source_location::current()) {
  return memcpy_async(group, static_cast<unsigned char*>(destination), static_cast<const unsigned char*>(source), size,
                      b, site);
}
template <class T, class Size, thread_scope Scope, class F>
async_contract_fulfillment memcpy_async(T* destination, const T* source, Size size, barrier<Scope, F>& b,
                                        ::std::source_location site = ::std::source_location::current()) {
  cusim_detail::copy_share<T>(destination, source, size, 0, 1);
  cusim_detail_bind(b, site);
  return async_contract_fulfillment::none;
}
template <class Size, thread_scope Scope, class F>
async_contract_fulfillment memcpy_async(void* destination, const void* source, Size size, barrier<Scope, F>& b,
                                        ::std::source_location site = ::std::source_location::current()) {
  return memcpy_async(static_cast<unsigned char*>(destination), static_cast<const unsigned char*>(source), size, b,
                      site);
}

}  // namespace cuda

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
