// cusim::stream and cusim::event: CUDA streams and events that are destroyed when they go out
// of scope; move-only, convertible to the raw handles for launches and runtime calls.
// Written against the CUDA runtime API only, so it works the same on the simulator and a GPU.
#pragma once
#include <utility>

#include "cusim/cuda_error.hpp"

namespace cusim {

class stream {
 public:
  // flags: cudaStreamDefault or cudaStreamNonBlocking. Throws cuda_error on failure.
  explicit stream(unsigned flags = cudaStreamDefault) {
    check(cudaStreamCreateWithFlags(&s_, flags), "cudaStreamCreateWithFlags");
  }
  ~stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  stream(stream&& other) noexcept : s_(std::exchange(other.s_, nullptr)) {}
  stream& operator=(stream&& other) noexcept {
    if (this != &other) {
      if (s_) cudaStreamDestroy(s_);
      s_ = std::exchange(other.s_, nullptr);
    }
    return *this;
  }
  stream(const stream&) = delete;
  stream& operator=(const stream&) = delete;

  cudaStream_t get() const { return s_; }
  operator cudaStream_t() const { return s_; }
  // Waits for the stream's work; throws the error it raised, if any.
  void synchronize() const { check(cudaStreamSynchronize(s_), "cudaStreamSynchronize"); }
  bool idle() const {
    const cudaError_t e = cudaStreamQuery(s_);
    if (e == cudaErrorNotReady) return false;
    check(e, "cudaStreamQuery");
    return true;
  }

 private:
  cudaStream_t s_ = nullptr;
};

class event {
 public:
  // flags: cudaEventDefault, cudaEventBlockingSync, cudaEventDisableTiming.
  explicit event(unsigned flags = cudaEventDefault) { check(cudaEventCreateWithFlags(&e_, flags), "cudaEventCreateWithFlags"); }
  ~event() {
    if (e_) cudaEventDestroy(e_);
  }
  event(event&& other) noexcept : e_(std::exchange(other.e_, nullptr)) {}
  event& operator=(event&& other) noexcept {
    if (this != &other) {
      if (e_) cudaEventDestroy(e_);
      e_ = std::exchange(other.e_, nullptr);
    }
    return *this;
  }
  event(const event&) = delete;
  event& operator=(const event&) = delete;

  cudaEvent_t get() const { return e_; }
  operator cudaEvent_t() const { return e_; }
  void record(cudaStream_t s = 0) { check(cudaEventRecord(e_, s), "cudaEventRecord"); }
  void synchronize() const { check(cudaEventSynchronize(e_), "cudaEventSynchronize"); }
  // Milliseconds from `start` to this event (both recorded and complete).
  float elapsed_since(const event& start) const {
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start.e_, e_), "cudaEventElapsedTime");
    return ms;
  }
  // Later work on `s` waits for the work this event recorded.
  void make_wait(cudaStream_t s) const { check(cudaStreamWaitEvent(s, e_, 0), "cudaStreamWaitEvent"); }

 private:
  cudaEvent_t e_ = nullptr;
};

}  // namespace cusim
