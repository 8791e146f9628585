#include "sim/memory/shared_arena.hpp"

#include <cstdint>
#include <cstring>

namespace cusim::sim {

namespace {
std::size_t align_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }
}  // namespace

SharedArena::SharedArena() : storage_(new unsigned char[kCapacity + 256]) {
  auto p = reinterpret_cast<std::uintptr_t>(storage_.get());
  base_ = reinterpret_cast<unsigned char*>(align_up(p, 256));
}

void SharedArena::reset(std::size_t dynamic_bytes) {
  slots_.clear();
  dynamic_bytes_ = dynamic_bytes;
  static_bytes_ = 0;
  cursor_ = align_up(dynamic_bytes, 16) + kRedzone;
  std::memset(base_, kPoison, dynamic_bytes);
}

void* SharedArena::static_slot(const detail::SharedDecl& decl, std::size_t limit, std::size_t static_limit) {
  for (const Slot& s : slots_)
    if (s.decl == &decl) return s.address;
  const std::size_t align = decl.align < 16 ? 16 : decl.align;
  const std::size_t statics = align_up(static_bytes_, align) + decl.size;
  const std::size_t offset = align_up(cursor_, align);
  if (statics > static_limit || statics + dynamic_bytes_ > limit || offset + decl.size > kCapacity) return nullptr;
  static_bytes_ = statics;
  cursor_ = offset + decl.size + kRedzone;
  void* address = base_ + offset;
  std::memset(address, kPoison, decl.size);
  slots_.push_back(Slot{&decl, address});
  return address;
}

std::string SharedArena::describe(const void* p) const {
  const auto* b = static_cast<const unsigned char*>(p);
  for (const Slot& s : slots_) {
    const auto* at = static_cast<const unsigned char*>(s.address);
    if (b >= at && b < at + s.decl->size)
      return "`" + std::string(s.decl->name) + "` [byte " + std::to_string(b - at) + " of " +
             std::to_string(s.decl->size) + "]";
  }
  if (b >= base_ && b < base_ + dynamic_bytes_)
    return "dynamic shared memory [byte " + std::to_string(b - base_) + " of " + std::to_string(dynamic_bytes_) + "]";
  return "shared memory";
}

}  // namespace cusim::sim
