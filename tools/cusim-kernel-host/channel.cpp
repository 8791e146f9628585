#include "tools/cusim-kernel-host/channel.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace cusim::kernel_host {

std::optional<Message> Channel::receive() {
  std::size_t newline;
  while ((newline = buffered_.find('\n')) == std::string::npos) {
    char chunk[4096];
    const ssize_t n = read(in_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    buffered_.append(chunk, static_cast<std::size_t>(n));
  }
  Message m;
  m.head = nlohmann::json::parse(buffered_.substr(0, newline));
  buffered_.erase(0, newline + 1);
  const std::size_t bytes = m.head.value("payload", std::size_t{0});
  m.payload.resize(bytes);
  const std::size_t from_buffer = std::min(bytes, buffered_.size());
  std::memcpy(m.payload.data(), buffered_.data(), from_buffer);
  buffered_.erase(0, from_buffer);
  if (!read_exactly(m.payload.data() + from_buffer, bytes - from_buffer)) return std::nullopt;
  return m;
}

bool Channel::read_exactly(void* to, std::size_t bytes) {
  auto* p = static_cast<char*>(to);
  while (bytes) {
    const ssize_t n = read(in_, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
  return true;
}

void Channel::send(const nlohmann::json& head, const void* payload, std::size_t bytes) {
  nlohmann::json h = head;
  if (bytes) h["payload"] = bytes;
  const std::string line = h.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  write_all(line.data(), line.size());
  write_all(payload, bytes);
}

void Channel::write_all(const void* from, std::size_t bytes) {
  const auto* p = static_cast<const char*>(from);
  while (bytes) {
    const ssize_t n = write(out_, p, bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error(std::string("cannot write to the caller: ") + std::strerror(errno));
    p += n;
    bytes -= static_cast<std::size_t>(n);
  }
}

}  // namespace cusim::kernel_host
