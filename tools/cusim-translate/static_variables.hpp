// Puts a guard after each __device__, __constant__ and __managed__ variable defined in the user's
// files and registers both, so that the checkers find accesses past a variable's end and kernels'
// writes to __constant__ memory (runtime/cusim/detail/kernel_api.hpp, CUSIM_STATIC_VARIABLE):
//   __device__ float g[64];   ->  CUSIM_STATIC_VARIABLE_SECTION(bss) __device__ float g[64];
//                                 CUSIM_STATIC_VARIABLE(g, bss, device, g_12, "/path/app.cu", 12)
// (on the same line: the variable and its guard go to one section, in the order written, so the
// guard follows the variable). Left as written, and unchecked: declarations that are not
// definitions, variables declared const (read-only data), templates, inline and thread-local
// variables, static data members, and declarations of several variables at once.
#pragma once
#include <clang/AST/Decl.h>

#include <set>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class StaticVariableRewriter {
 public:
  explicit StaticVariableRewriter(RewriteContext& context) : c_(context) {}
  // A variable at namespace scope (any kind: those that are not CUDA's are left alone).
  void declaration(const clang::VarDecl* v);

 private:
  RewriteContext& c_;
  std::set<Place> done_;  // a header included twice is rewritten once
};

}  // namespace cusim::translate
