// JSON text for the reports cusim writes (findings, statistics): strings quoted and escaped.
#pragma once
#include <cstdio>
#include <string>

namespace cusim::sim {

inline std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += c;
  }
  return out + "\"";
}

}  // namespace cusim::sim
