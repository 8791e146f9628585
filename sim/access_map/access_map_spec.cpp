#include "sim/access_map/access_map_spec.hpp"

#include <cstdlib>

namespace cusim::sim {
namespace {

bool all_digits(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

// A positive number no larger than `max`, or 0.
std::uint64_t positive(const std::string& s, std::uint64_t max) {
  if (!all_digits(s) || s.size() > 12) return 0;
  const std::uint64_t v = std::strtoull(s.c_str(), nullptr, 10);
  return v <= max ? v : 0;
}

}  // namespace

std::string AccessMapSpec::selector_text() const {
  switch (select) {
    case Select::ordinal: return "allocation #" + std::to_string(ordinal);
    case Select::site: return "the allocation made at " + file + ":" + std::to_string(line);
    case Select::name: return "the allocation named `" + name + "`";
  }
  return "";
}

bool parse_access_map_spec(const std::string& text, AccessMapSpec* out, std::string* error) {
  AccessMapSpec spec;
  const std::size_t comma = text.find(',');
  const std::string head = text.substr(0, comma);
  const std::size_t colon = head.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == head.size()) {
    *error = "expected <allocation>:<prefix>";
    return false;
  }
  const std::string selector = head.substr(0, colon);
  spec.prefix = head.substr(colon + 1);
  if (all_digits(selector)) {
    spec.select = AccessMapSpec::Select::ordinal;
    spec.ordinal = positive(selector, ~0ull >> 1);
    if (!spec.ordinal) {
      *error = "allocations are numbered from 1";
      return false;
    }
  } else if (const std::size_t c = selector.rfind(':'); c != std::string::npos && all_digits(selector.substr(c + 1))) {
    spec.select = AccessMapSpec::Select::site;
    spec.file = selector.substr(0, c);
    spec.line = static_cast<unsigned>(positive(selector.substr(c + 1), 1u << 30));
    if (spec.file.empty() || !spec.line) {
      *error = "expected <file>:<line> with a line from 1";
      return false;
    }
  } else {
    spec.select = AccessMapSpec::Select::name;
    spec.name = selector;
  }

  for (std::size_t at = comma; at != std::string::npos;) {
    const std::size_t next = text.find(',', at + 1);
    const std::string option = text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    at = next;
    const std::size_t eq = option.find('=');
    const std::string key = option.substr(0, eq), value = eq == std::string::npos ? "" : option.substr(eq + 1);
    if (option == "write") spec.mode = AccessMapSpec::Mode::write;
    else if (option == "read") spec.mode = AccessMapSpec::Mode::read;
    else if (option == "any") spec.mode = AccessMapSpec::Mode::any;
    else if (key == "elem" && positive(value, 4096)) spec.element_bytes = static_cast<unsigned>(positive(value, 4096));
    else if (key == "width" && positive(value, 1u << 20)) spec.width = static_cast<unsigned>(positive(value, 1u << 20));
    else if (key == "launch" && positive(value, ~0ull >> 1)) spec.launch = positive(value, ~0ull >> 1);
    else if (option == "color=block") spec.color = AccessMapSpec::Color::block;
    else if (option == "color=thread") spec.color = AccessMapSpec::Color::thread;
    else {
      *error = "unknown option '" + option + "' (read, write, any, elem=<bytes>, width=<cells>, color=block|thread, launch=<n>)";
      return false;
    }
  }
  *out = std::move(spec);
  return true;
}

}  // namespace cusim::sim
