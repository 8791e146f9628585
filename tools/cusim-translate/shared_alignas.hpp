// `__shared__ alignas(16) float tile[...]`, as CUDA's samples write it: nvcc takes alignas after
// the __shared__ qualifier, where Clang, for which __shared__ is a GNU attribute, allows no C++11
// attribute ("an attribute list cannot appear here"). Before the parse, such an `alignas` is
// written, in the text Clang reads, as `CUSIMAS`, a name of the same length that the parse
// prelude defines as the GNU `aligned` attribute (as __align__ is), so no offset moves; the
// translator then takes the alignment and removes the attribute as it does __align__'s
// (shared_decls.cpp), and the translated file is the original with its listed rewrites.
#pragma once
#include <optional>
#include <string>

namespace cusim::translate {

inline constexpr const char* kAlignasAfterShared = "CUSIMAS";

// `text` with the `alignas` of every `__shared__ alignas(...)` written as kAlignasAfterShared
// (tokens only: comments and strings are left alone), or nothing when it has none.
std::optional<std::string> alignas_after_shared(const std::string& text);

}  // namespace cusim::translate
