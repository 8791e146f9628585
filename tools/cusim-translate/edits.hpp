// The text changes the translator makes in one file. Each replaces a byte range of the original
// (an insertion replaces nothing); everything outside those ranges is kept byte for byte, and no
// edit adds or removes a line break, so every other token keeps its line.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cusim::translate {

struct Edit {
  unsigned offset = 0;  // in the original file
  unsigned length = 0;  // bytes replaced (0: an insertion)
  std::string text;     // what takes their place
};

class FileEdits {
 public:
  // Edits at the same offset apply in the order they were added.
  void add(Edit e) { edits_.push_back(std::move(e)); }
  bool empty() const { return edits_.empty(); }
  // The original text with every edit made; "" and *error set if two edits overlap.
  std::string apply(std::string_view original, std::string* error) const;
  // The edits, ordered as apply() makes them.
  std::vector<Edit> ordered() const;

 private:
  std::vector<Edit> edits_;
};

}  // namespace cusim::translate
