// `cusim run prog.cu`: the program built from one CUDA source by cusim-nvcc, kept in a cache so
// that an unchanged source is not compiled again (docs/TOOLS.md). An entry is valid while every
// file the build read (the source and the headers of the user's and cusim's it includes, from
// the compiler's dependency file) has the content it had, by a hash of the bytes, and cusim
// itself is the same build.
#pragma once
#include <optional>
#include <string>

namespace cusim::tool {

struct CachedBuild {
  std::string program;  // the executable to run
  bool rebuilt = false; // compiled by this call (else found in the cache)
};

// Builds `source` (checked, or `fast`) unless the cache holds it. On failure: nullopt, with the
// compiler's errors already on stderr and a one-line reason in *error.
std::optional<CachedBuild> build_cached(const std::string& source, bool fast, std::string* error);

// The cache's folder: $CUSIM_CACHE_DIR, else $XDG_CACHE_HOME/cusim, else ~/.cache/cusim.
std::string cache_root();

}  // namespace cusim::tool
