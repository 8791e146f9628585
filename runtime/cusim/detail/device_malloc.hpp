// Device-side malloc, free, new and delete on the simulator. In a CUDA source the translator
// writes the device code's calls to these (tools/cusim-translate/device_heap_calls.hpp); they
// allocate on the simulated device's heap (backends/sim/device_malloc.cpp), within the limit
// cudaDeviceSetLimit(cudaLimitMallocHeapSize) sets (8 MiB by default), and the blocks are checked
// like any device allocation: bounds, initialisation, use after free, and a free of anything but
// a live block that device code allocated is an `invalid-device-free` finding at the caller.
// Called outside a simulated thread (the host side of a __host__ __device__ function), they are
// the C library's malloc and free.
#pragma once
#include <cstddef>
#include <type_traits>

namespace cusim::detail {

struct DeviceHeapTag {
  explicit DeviceHeapTag() = default;
};
inline constexpr DeviceHeapTag device_heap{};

// CUDA's device malloc: nullptr once the heap limit is reached.
void* device_malloc(std::size_t size) noexcept;
void device_free(void* p) noexcept;
// The free of a delete: `caller` (a return address in the user's code) locates a finding.
void device_free_from(void* p, const void* caller) noexcept;

// delete p: the destructor (through the most-derived object for a polymorphic class), then free.
template <class T>
[[gnu::noinline]] void device_delete(T* p) noexcept {
  if (!p) return;
  void* whole = const_cast<void*>(static_cast<const volatile void*>(p));
  if constexpr (std::is_polymorphic_v<T>) whole = const_cast<void*>(dynamic_cast<const volatile void*>(p));
  if constexpr (!std::is_void_v<T>) p->~T();
  device_free_from(whole, __builtin_return_address(0));
}

// delete[] p. An array of a type with a destructor starts after the Itanium C++ ABI's array
// cookie (the GCC and Clang ABI on every platform cusim runs on): max(sizeof(size_t), alignof(T))
// bytes whose last size_t is the element count. Other arrays have none.
template <class T>
[[gnu::noinline]] void device_delete_array(T* p) noexcept {
  if (!p) return;
  char* first = static_cast<char*>(const_cast<void*>(static_cast<const volatile void*>(p)));
  char* block = first;
  if constexpr (!std::is_trivially_destructible_v<T>) {
    constexpr std::size_t cookie = sizeof(std::size_t) > alignof(T) ? sizeof(std::size_t) : alignof(T);
    const std::size_t n = *reinterpret_cast<const std::size_t*>(first - sizeof(std::size_t));
    for (std::size_t i = n; i-- > 0;) p[i].~T();
    block = first - cookie;
  }
  device_free_from(block, __builtin_return_address(0));
}

}  // namespace cusim::detail

// new (::cusim::detail::device_heap) T: CUDA's device new, which gives nullptr (and constructs
// nothing) when the heap is full. The deletes are those a throwing constructor calls.
void* operator new(std::size_t size, cusim::detail::DeviceHeapTag) noexcept;
void* operator new[](std::size_t size, cusim::detail::DeviceHeapTag) noexcept;
void operator delete(void* p, cusim::detail::DeviceHeapTag) noexcept;
void operator delete[](void* p, cusim::detail::DeviceHeapTag) noexcept;
