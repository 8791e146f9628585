#include "tools/cusim-translate/edits.hpp"

#include <algorithm>

namespace cusim::translate {

std::vector<Edit> FileEdits::ordered() const {
  std::vector<Edit> sorted = edits_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Edit& a, const Edit& b) { return a.offset < b.offset; });
  return sorted;
}

std::string FileEdits::apply(std::string_view original, std::string* error) const {
  std::string out;
  out.reserve(original.size() + 64 * edits_.size());
  std::size_t at = 0;  // everything before `at` is copied or replaced
  for (const Edit& e : ordered()) {
    if (e.offset < at || e.offset + e.length > original.size()) {
      *error = "two rewrites overlap at byte " + std::to_string(e.offset);
      return "";
    }
    out.append(original.substr(at, e.offset - at));
    out.append(e.text);
    at = e.offset + e.length;
  }
  out.append(original.substr(at));
  return out;
}

}  // namespace cusim::translate
