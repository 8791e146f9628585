#include "sim/memory/static_data.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>

#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <memory>

namespace cusim::sim {

const StaticDataRange& static_data() {
  static const StaticDataRange range = [] {
    StaticDataRange r;
    // The main program is the first object dl_iterate_phdr reports; its writable PT_LOAD segment
    // holds .data and .bss (the RELRO part in front of it is read-only once relocated).
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
          auto* out = static_cast<StaticDataRange*>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr)& ph = info->dlpi_phdr[i];
            if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W)) {
              const std::uintptr_t lo = (info->dlpi_addr + ph.p_vaddr) & ~std::uintptr_t{3};
              out->begin = lo;
              out->size = info->dlpi_addr + ph.p_vaddr + ph.p_memsz - lo;
            }
          }
          return 1;  // the main program only
        },
        &r);
    return r;
  }();
  return range;
}

bool static_variable_at(std::uintptr_t a, std::string* name, std::uintptr_t* begin, std::size_t* size) {
  Dl_info info{};
  void* entry = nullptr;
  if (!dladdr1(reinterpret_cast<void*>(a), &info, &entry, RTLD_DL_SYMENT) || !info.dli_sname || !entry) return false;
  const ElfW(Sym)* sym = static_cast<const ElfW(Sym)*>(entry);
  const auto first = reinterpret_cast<std::uintptr_t>(info.dli_saddr);
  if (!sym->st_size || a - first >= sym->st_size) return false;
  // Only C++ names are demangled: __cxa_demangle also reads a type's code, and would turn a
  // variable `x` into "long long".
  int status = 1;
  const bool mangled = std::strncmp(info.dli_sname, "_Z", 2) == 0;
  std::unique_ptr<char, void (*)(void*)> demangled(
      mangled ? abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status) : nullptr, std::free);
  *name = status == 0 ? demangled.get() : info.dli_sname;
  *begin = first;
  *size = sym->st_size;
  return true;
}

std::string describe_static_address(std::uintptr_t a) {
  std::string name;
  std::uintptr_t begin = 0;
  std::size_t size = 0;
  if (static_variable_at(a, &name, &begin, &size))
    return "`" + name + "` [byte " + std::to_string(a - begin) + " of " + std::to_string(size) + "]";
  char buf[48];
  std::snprintf(buf, sizeof buf, "static data at 0x%llx", static_cast<unsigned long long>(a));
  return buf;
}

}  // namespace cusim::sim
