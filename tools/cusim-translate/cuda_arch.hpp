// __CUDA_ARCH__ with CUDA's meaning in one compile of host and device code: defined in device
// code, undefined in host code. Inside the body of every device-only function (__global__, or
// __device__ without __host__) the translator writes each `__CUDA_ARCH__` token, in conditionals
// and code alike, as `__CUSIMARCH__`, a name of the same length (no offset moves) that
// crt/cusim_cuda_source.h defines as the architecture compiled for. Code under
// `#if __CUDA_ARCH__ >= 700` in a kernel then compiles and runs; host code, and host-device
// functions, see __CUDA_ARCH__ undefined (on the simulator a host-device function is one function
// for both sides, and the host's branch is the one that runs anywhere).
//
// File-scope conditionals that guard device code only are device code too (arch_conditionals.hpp).
//
// The regions such a rewrite enables were skipped by the parse that found it, so the translation
// runs again over the rewritten text (translate.cpp) until no new token is found.
#pragma once
#include <clang/AST/Decl.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "tools/cusim-translate/arch_conditionals.hpp"
#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

// Files' absolute paths and the offsets of the `__CUDA_ARCH__` tokens rewritten in them.
using ArchTokens = std::set<std::pair<std::string, unsigned>>;

inline constexpr const char* kCudaArch = "__CUDA_ARCH__";
inline constexpr const char* kCusimArch = "__CUSIMARCH__";

// The [begin, end) offsets of the logical line (backslash continuations included) holding `at`.
std::pair<unsigned, unsigned> logical_line(llvm::StringRef text, unsigned at);

class CudaArchRewriter {
 public:
  explicit CudaArchRewriter(RewriteContext& c) : c_(c) {}
  // A function definition: if device-only and the user's, its body's tokens are rewritten.
  void function(const clang::FunctionDecl* f);
  // After the traversal: the file-scope chains of this parse whose branches declare device code
  // only get their conditions' tokens rewritten.
  void file_scope(const std::vector<ArchConditional>& chains);
  // The `__CUDA_ARCH__` tokens found in this parse (tokens read as `__CUSIMARCH__` were found by
  // an earlier one).
  const ArchTokens& found() const { return found_; }

 private:
  RewriteContext& c_;
  ArchTokens found_;
  std::set<std::pair<const clang::FileEntry*, unsigned>> done_;  // bodies seen (templates: once)
  std::map<const clang::FileEntry*, std::vector<std::pair<unsigned, unsigned>>> bodies_;  // every function's
};

}  // namespace cusim::translate
