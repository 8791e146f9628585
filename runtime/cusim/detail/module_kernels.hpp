// The kernels and host functions a module (a shared object built from a CUDA source at run time,
// such as a Python RawKernel's string or load_inline's sources) offers by name, with what a caller
// needs to pack their arguments: the count, size and kind of each parameter. The code that builds
// the module appends the tables:
//   #include <cusim/detail/module_kernels.hpp>
//   extern "C" const ::cusim::detail::ModuleKernel cusim_module_kernels[] = {
//       ::cusim::detail::module_kernel("vecadd", &vecadd), {}};
//   extern "C" const ::cusim::detail::ModuleFunction cusim_module_functions[] = {
//       ::cusim::detail::module_function<&add_arrays>("add_arrays"), {}};
// and the program that loads the module (tools/cusim-kernel-host) reads them with dlsym. Each
// kernel entry also records the kernel for launches by address (kernel_entry.hpp), so
// cudaLaunchKernel takes it.
#pragma once
#include <cstddef>
#include <type_traits>
#include <utility>

#include "cusim/detail/kernel_entry.hpp"

namespace cusim::detail {

// A parameter's kind, as NumPy names kinds: 'p' pointer, 'b' bool, 'i' signed and 'u' unsigned
// integer, 'f' floating point, 'o' anything else (a struct, passed by value as its bytes).
template <class T>
constexpr char parameter_kind() {
  using P = std::decay_t<T>;
  if constexpr (std::is_pointer_v<P>) return 'p';
  else if constexpr (std::is_same_v<P, bool>) return 'b';
  else if constexpr (std::is_integral_v<P> && std::is_signed_v<P>) return 'i';
  else if constexpr (std::is_integral_v<P>) return 'u';
  else if constexpr (std::is_floating_point_v<P>) return 'f';
  else return 'o';
}

struct ModuleKernel {
  const char* name = nullptr;  // as the caller asked for it: "vecadd", "scale<float>"; null ends the table
  const void* address = nullptr;
  std::size_t parameters = 0;
  const std::size_t* sizes = nullptr;  // `parameters` sizes
  const char* kinds = nullptr;         // `parameters` kinds (parameter_kind), NUL-terminated
};

template <class... Params>
struct ParameterTable {
  static constexpr std::size_t sizes[sizeof...(Params) + 1] = {sizeof(std::decay_t<Params>)..., 0};
  static constexpr char kinds[sizeof...(Params) + 1] = {parameter_kind<Params>()..., '\0'};
};

template <class... Params>
ModuleKernel module_kernel(const char* name, void (*kernel)(Params...)) {
  registered_kernel(kernel);
  return ModuleKernel{name, reinterpret_cast<const void*>(kernel), sizeof...(Params),
                      ParameterTable<Params...>::sizes, ParameterTable<Params...>::kinds};
}

// A host function: called with one pointer per argument (as a kernel's argument array), its
// result, if any, written to `result`. Pointers to const are the caller's to copy in only; other
// pointers are copied back after the call.
struct ModuleFunction {
  const char* name = nullptr;  // null ends the table
  void (*call)(void* const* args, void* result) = nullptr;
  std::size_t parameters = 0;
  const std::size_t* sizes = nullptr;
  const char* kinds = nullptr;     // parameter_kind of each
  const char* pointees = nullptr;  // of each: 'c' a pointer to const, 'm' to mutable data, '-' no pointer
  std::size_t result_size = 0;     // 0: void
  char result_kind = 'v';
};

template <class T>
constexpr char pointee_kind() {
  using P = std::decay_t<T>;
  if constexpr (!std::is_pointer_v<P>) return '-';
  else return std::is_const_v<std::remove_pointer_t<P>> ? 'c' : 'm';
}

template <auto F>
struct FunctionCaller;
template <class R, class... Params, R (*F)(Params...)>
struct FunctionCaller<F> {
  template <std::size_t... I>
  static void call(void* const* args, void* result, std::index_sequence<I...>) {
    if constexpr (std::is_void_v<R>) F(*static_cast<std::decay_t<Params>*>(args[I])...);
    else *static_cast<R*>(result) = F(*static_cast<std::decay_t<Params>*>(args[I])...);
  }
  static void call(void* const* args, void* result) { call(args, result, std::index_sequence_for<Params...>{}); }
  static constexpr char pointees[sizeof...(Params) + 1] = {pointee_kind<Params>()..., '\0'};
  static constexpr std::size_t result_size = [] {
    if constexpr (std::is_void_v<R>) return std::size_t{0};
    else return sizeof(R);
  }();
  static constexpr char result_kind = [] {
    if constexpr (std::is_void_v<R>) return 'v';
    else return parameter_kind<R>();
  }();
  static ModuleFunction entry(const char* name) {
    return ModuleFunction{name, &call, sizeof...(Params), ParameterTable<Params...>::sizes,
                          ParameterTable<Params...>::kinds, pointees, result_size, result_kind};
  }
};

template <auto F>
ModuleFunction module_function(const char* name) {
  return FunctionCaller<F>::entry(name);
}

}  // namespace cusim::detail
