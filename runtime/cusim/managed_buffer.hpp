// cusim::managed_buffer<T>: managed memory (cudaMallocManaged) for n elements of T, freed when
// the buffer goes out of scope. Written against the CUDA runtime API only, so it works the same
// on the simulator and on a GPU.
#pragma once
#include <cstddef>

#include "cusim/cuda_error.hpp"

namespace cusim {

template <class T>
class managed_buffer {
 public:
  // Allocates n elements, each set to `fill`; throws cuda_error if the runtime refuses.
  explicit managed_buffer(std::size_t n, const T& fill = T{}) : n_(n) {
    check(cudaMallocManaged(reinterpret_cast<void**>(&p_), n * sizeof(T)), "cudaMallocManaged");
    for (std::size_t i = 0; i < n; ++i) p_[i] = fill;
  }
  ~managed_buffer() { cudaFree(p_); }
  managed_buffer(const managed_buffer&) = delete;
  managed_buffer& operator=(const managed_buffer&) = delete;

  // The device (and host) pointer, for kernel arguments.
  T* get() const { return p_; }
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

}  // namespace cusim
