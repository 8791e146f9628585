// cuda::pipeline (CUDA's <cuda/pipeline>, from libcu++), on cusim's cuda::barrier.
//
// A pipeline of thread scope is the thread's own: its copies are made at the call, so acquire,
// commit, wait and release have nothing left to do. A pipeline of block scope keeps, in the
// pipeline_shared_state the block declares in shared memory, two barriers per stage: `produced`,
// at which the stage's producers arrive on commit and its consumers wait, and `consumed`, the
// other way round. Each thread walks the stages in turn, and the parity of a barrier's phase says
// whether the stage is ready (barrier::wait_parity), as libcu++'s own pipeline does; so the
// checkers order a consumer's reads after the producers' copies through the barriers.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <source_location>

#include "cusim/detail/cuda_barrier.hpp"

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device begin
#endif

namespace cuda {

enum class pipeline_role { producer, consumer };

template <thread_scope Scope>
struct cusim_pipeline_stage {
  barrier<Scope> produced;
  barrier<Scope> consumed;
};

template <thread_scope Scope, ::std::uint8_t StagesCount>
class pipeline_shared_state {
 public:
  pipeline_shared_state() = default;
  pipeline_shared_state(const pipeline_shared_state&) = delete;
  pipeline_shared_state& operator=(const pipeline_shared_state&) = delete;

  cusim_pipeline_stage<Scope> cusim_stages[StagesCount];
  ::std::uint32_t cusim_refcount;  // threads that have not quit the pipeline
};

template <thread_scope Scope>
class pipeline {
 public:
  pipeline(pipeline&&) = default;
  pipeline(const pipeline&) = delete;
  pipeline& operator=(pipeline&&) = delete;
  pipeline& operator=(const pipeline&) = delete;
  ~pipeline() {
    if (active_) (void)quit();
  }

  // The last thread to quit releases the shared state.
  bool quit() {
    active_ = false;
    return __atomic_fetch_sub(refcount_, 1u, __ATOMIC_ACQ_REL) == 1;
  }
  void producer_acquire(::std::source_location site = ::std::source_location::current()) {
    stages_[head_].consumed.wait_parity(consumed_parity_, site);
  }
  void producer_commit(::std::source_location site = ::std::source_location::current()) {
    (void)stages_[head_].produced.arrive(1, site);
    next_stage(head_, consumed_parity_);
  }
  void consumer_wait(::std::source_location site = ::std::source_location::current()) {
    stages_[tail_].produced.wait_parity(produced_parity_, site);
  }
  void consumer_release(::std::source_location site = ::std::source_location::current()) {
    (void)stages_[tail_].consumed.arrive(1, site);
    next_stage(tail_, produced_parity_);
  }
  template <class Rep, class Period>
  bool consumer_wait_for(const ::std::chrono::duration<Rep, Period>& duration,
                         ::std::source_location site = ::std::source_location::current()) {
    return stages_[tail_].produced.try_wait_parity_for(produced_parity_, duration, site);
  }
  template <class Clock, class Duration>
  bool consumer_wait_until(const ::std::chrono::time_point<Clock, Duration>& time,
                           ::std::source_location site = ::std::source_location::current()) {
    return stages_[tail_].produced.try_wait_parity_until(produced_parity_, time, site);
  }

 private:
  pipeline(cusim_pipeline_stage<Scope>* stages, ::std::uint32_t* refcount, ::std::uint8_t count)
      : stages_(stages), refcount_(refcount), count_(count) {}
  // The stage after `index`; past the last, the first again, whose barriers' phases the round
  // flipped: the parity waited for flips too.
  void next_stage(::std::uint8_t& index, bool& parity) const {
    if (++index == count_) {
      index = 0;
      parity = !parity;
    }
  }

  cusim_pipeline_stage<Scope>* stages_;
  ::std::uint32_t* refcount_;
  ::std::uint8_t head_ = 0, tail_ = 0;
  ::std::uint8_t count_;
  bool consumed_parity_ = true;   // the phase before the first is complete: the first acquire passes
  bool produced_parity_ = false;
  bool active_ = true;

  template <class Group, thread_scope S, ::std::uint8_t N>
  friend pipeline<S> cusim_make_pipeline(const Group& group, pipeline_shared_state<S, N>* state,
                                         ::std::uint32_t producers, ::std::uint32_t consumers);
};

template <>
class pipeline<thread_scope_thread> {
 public:
  pipeline(pipeline&&) = default;
  pipeline(const pipeline&) = delete;
  pipeline& operator=(pipeline&&) = delete;
  pipeline& operator=(const pipeline&) = delete;

  bool quit() { return true; }
  void producer_acquire() {}
  void producer_commit() {}
  void consumer_wait() {}
  void consumer_release() {}
  template <class Rep, class Period>
  bool consumer_wait_for(const ::std::chrono::duration<Rep, Period>&) {
    return true;
  }
  template <class Clock, class Duration>
  bool consumer_wait_until(const ::std::chrono::time_point<Clock, Duration>&) {
    return true;
  }

 private:
  pipeline() = default;
  friend pipeline<thread_scope_thread> make_pipeline();
};

inline pipeline<thread_scope_thread> make_pipeline() { return pipeline<thread_scope_thread>(); }

// Rank 0 of `group` makes the stages' barriers for `producers` and `consumers` (the counts of
// the other ranks are not read), then the group synchronises.
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> cusim_make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                                    ::std::uint32_t producers, ::std::uint32_t consumers) {
  if (group.thread_rank() == 0) {
    for (auto& stage : state->cusim_stages) {
      init(&stage.consumed, consumers);
      init(&stage.produced, producers);
    }
    state->cusim_refcount = static_cast<::std::uint32_t>(group.size());
  }
  group.sync();
  return pipeline<Scope>(state->cusim_stages, &state->cusim_refcount, StagesCount);
}

// Every thread of `group` is a producer and a consumer.
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state) {
  const auto size = static_cast<::std::uint32_t>(group.size());
  return cusim_make_pipeline(group, state, size, size);
}
// `producer_count` of the group's threads produce and the others consume (which ones is each
// thread's use of the pipeline).
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                              ::std::size_t producer_count) {
  const auto size = static_cast<::std::uint32_t>(group.size());
  const auto producers = static_cast<::std::uint32_t>(producer_count);
  return cusim_make_pipeline(group, state, producers, size - producers);
}
// Each thread says its role; the producers are counted.
template <class Group, thread_scope Scope, ::std::uint8_t StagesCount>
pipeline<Scope> make_pipeline(const Group& group, pipeline_shared_state<Scope, StagesCount>* state,
                              pipeline_role role) {
  if (group.thread_rank() == 0) state->cusim_refcount = 0;
  group.sync();
  if (role == pipeline_role::producer) __atomic_fetch_add(&state->cusim_refcount, 1u, __ATOMIC_RELAXED);
  group.sync();
  const auto size = static_cast<::std::uint32_t>(group.size());
  const ::std::uint32_t producers =
      group.thread_rank() == 0 ? __atomic_load_n(&state->cusim_refcount, __ATOMIC_RELAXED) : 0;
  return cusim_make_pipeline(group, state, producers, size - producers);
}

// The thread's copies, made at the call, are complete at once: waits for them have nothing to do.
template <::std::uint8_t Prior>
void pipeline_consumer_wait_prior(pipeline<thread_scope_thread>&) {}
// Ties the thread's copies so far to `b`'s current phase (with no arrival), as libcu++ does.
template <thread_scope Scope>
void pipeline_producer_commit(pipeline<thread_scope_thread>&, barrier<Scope>& b,
                              ::std::source_location site = ::std::source_location::current()) {
  cusim_detail_bind(b, site);
}

// memcpy_async with a pipeline: the thread's copy (or its share of the group's). A block-scope
// pipeline orders it for the consumers through the producer's commit, made after it.
template <class Group, class T, class Size, thread_scope Scope>
async_contract_fulfillment memcpy_async(const Group& group, T* destination, const T* source, Size size,
                                        pipeline<Scope>&) {
  cusim_detail::copy_share<T>(destination, source, size, group.thread_rank(), group.size());
  return async_contract_fulfillment::none;
}
template <class Group, class Size, thread_scope Scope>
async_contract_fulfillment memcpy_async(const Group& group, void* destination, const void* source, Size size,
                                        pipeline<Scope>& pipe) {
  return memcpy_async(group, static_cast<unsigned char*>(destination), static_cast<const unsigned char*>(source), size,
                      pipe);
}
template <class T, class Size, thread_scope Scope>
async_contract_fulfillment memcpy_async(T* destination, const T* source, Size size, pipeline<Scope>&) {
  cusim_detail::copy_share<T>(destination, source, size, 0, 1);
  return async_contract_fulfillment::none;
}
template <class Size, thread_scope Scope>
async_contract_fulfillment memcpy_async(void* destination, const void* source, Size size, pipeline<Scope>& pipe) {
  return memcpy_async(static_cast<unsigned char*>(destination), static_cast<const unsigned char*>(source), size, pipe);
}

}  // namespace cuda

#if defined(CUSIM_TRANSLATOR_PARSE)
#pragma clang force_cuda_host_device end
#endif
