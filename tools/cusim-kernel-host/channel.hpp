// The kernel host's side of its conversation with the Python package (tools/python/cusim/_host.py):
// each message is one line of JSON, followed by `payload` raw bytes when the line says so.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cusim::kernel_host {

struct Message {
  nlohmann::json head;
  std::vector<unsigned char> payload;
};

class Channel {
 public:
  Channel(int in, int out) : in_(in), out_(out) {}
  // The next request; nothing when the other side closed the channel.
  std::optional<Message> receive();
  void send(const nlohmann::json& head, const void* payload = nullptr, std::size_t bytes = 0);

 private:
  bool read_exactly(void* to, std::size_t bytes);
  void write_all(const void* from, std::size_t bytes);
  int in_, out_;
  std::string buffered_;  // read past the last line
};

}  // namespace cusim::kernel_host
