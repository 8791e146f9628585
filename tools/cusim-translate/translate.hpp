// The translator: parses one CUDA source file with Clang as CUDA host code (no CUDA toolkit:
// cusim's own headers declare the runtime), finds every __shared__ declaration and every
// <<< >>> launch in the files the user owns, and gives back those files with the rewrites made
// (shared_decls.hpp, launches.hpp) and every other byte as it was. Clang's diagnostics and the
// translator's own errors are printed as Clang prints them, at the user's file:line:col.
#pragma once
#include <string>
#include <vector>

#include "tools/cusim-translate/cuda_arch.hpp"
#include "tools/cusim-translate/edits.hpp"

namespace cusim::translate {

struct Settings {
  std::string source;                     // the .cu file, as the user named it
  std::vector<std::string> parse_args;    // -I, -D, -U, -include... of the user's command
  std::vector<std::string> own_prefixes;  // folders of cusim's headers: never rewritten
  std::string prelude;                    // the header that declares CUDA's attributes for Clang
  std::string resource_dir;               // Clang's own headers (stddef.h...)
};

// One file of the user's that the translation unit reads.
struct SourceFile {
  std::string path;  // absolute (as found, links not resolved)
  std::string name;  // as Clang names it in diagnostics (the user's spelling): for #line
  std::string text;  // with the rewrites made
  bool rewritten = false;
  std::vector<Edit> edits;  // the rewrites, in the order they apply to the original
};

struct Translation {
  bool ok = false;
  std::vector<SourceFile> files;  // the main file first
  ArchTokens cuda_arch_tokens;    // `__CUDA_ARCH__` tokens in device code this parse rewrote
};

Translation translate(const Settings& settings);

// `file` as a compiler would read it from `out_dir`: the text under a #line naming the original,
// so that diagnostics, debug information and cusim's findings name the user's file and line.
std::string mirrored_text(const SourceFile& file);
// Where `file` lives in the mirror tree rooted at `out_dir`: out_dir + its absolute path.
std::string mirrored_path(const std::string& out_dir, const std::string& absolute_path);

}  // namespace cusim::translate
