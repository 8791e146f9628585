// cusim::device_buffer<T>: device memory (cudaMalloc) for n elements of T, freed when the buffer
// goes out of scope; move-only. Copies to and from host memory are checked against the sizes.
// Written against the CUDA runtime API only, so it works the same on the simulator and a GPU.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

#include "cusim/cuda_error.hpp"

namespace cusim {

template <class T>
class device_buffer {
 public:
  device_buffer() = default;
  // n uninitialised elements; throws cuda_error if the runtime refuses.
  explicit device_buffer(std::size_t n) : n_(n) {
    check(cudaMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T)), "cudaMalloc");
  }
  // A copy of `host` on the device.
  explicit device_buffer(const std::vector<T>& host) : device_buffer(host.size()) { copy_from(host); }
  ~device_buffer() { reset(); }
  device_buffer(device_buffer&& other) noexcept : p_(std::exchange(other.p_, nullptr)), n_(std::exchange(other.n_, 0)) {}
  device_buffer& operator=(device_buffer&& other) noexcept {
    if (this != &other) {
      reset();
      p_ = std::exchange(other.p_, nullptr);
      n_ = std::exchange(other.n_, 0);
    }
    return *this;
  }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;

  // The device pointer, for kernel arguments.
  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

  // Synchronous copies of the whole buffer (ordered after earlier default-stream work).
  void copy_from(const std::vector<T>& host) {
    if (host.size() != n_) throw cuda_error(cudaErrorInvalidValue, "device_buffer::copy_from: size mismatch");
    check(cudaMemcpy(p_, host.data(), bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  std::vector<T> to_host() const {
    std::vector<T> host(n_);
    check(cudaMemcpy(host.data(), p_, bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return host;
  }
  // Sets every byte to `byte` (asynchronous, on the default stream, like cudaMemset).
  void fill_bytes(int byte) { check(cudaMemset(p_, byte, bytes()), "cudaMemset"); }

 private:
  void reset() noexcept {
    if (p_) cudaFree(p_);
    p_ = nullptr;
    n_ = 0;
  }
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace cusim
