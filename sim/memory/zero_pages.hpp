// An array that reads as zero and costs memory only in the pages that are written: anonymous
// pages, reserved without swap. For the checkers' per-thread shadow of shared memory, sized for
// the largest block (512 KiB of shared memory: 10 MiB of race cells) but mostly untouched, on
// every OS thread that runs blocks (each stream's among them).
#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <new>

namespace cusim::sim {

template <class T>
class ZeroPages {
 public:
  ZeroPages() = default;
  explicit ZeroPages(std::size_t count) : count_(count) {
    void* p = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
  }
  ~ZeroPages() {
    if (data_) munmap(data_, bytes());
  }
  ZeroPages(ZeroPages&& o) noexcept : data_(o.data_), count_(o.count_) { o.data_ = nullptr; }
  ZeroPages& operator=(ZeroPages&& o) noexcept {
    if (this != &o) {
      this->~ZeroPages();
      data_ = o.data_;
      count_ = o.count_;
      o.data_ = nullptr;
    }
    return *this;
  }
  ZeroPages(const ZeroPages&) = delete;
  ZeroPages& operator=(const ZeroPages&) = delete;

  T* get() const { return data_; }
  explicit operator bool() const { return data_ != nullptr; }
  T& operator[](std::size_t i) const { return data_[i]; }

 private:
  std::size_t bytes() const { return count_ * sizeof(T); }
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace cusim::sim
