// CUDA's built-in variables as names, not macros. In a CUDA source threadIdx, blockIdx, blockDim
// and gridDim are variables that the translator's parse declares (kernel_api.hpp), so that a
// member, a parameter or a local of the user's with one of those names is that name, as with
// nvcc. The translator writes each reference to a built-in variable as the read that the
// simulator makes of it:
//   threadIdx.x   ->  (::cusim::detail::thread_idx()).x
// (warpSize is a constant that user names may shadow, and needs no rewrite.)
#pragma once
#include <clang/AST/Expr.h>

#include <set>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class BuiltinVariableRewriter {
 public:
  explicit BuiltinVariableRewriter(RewriteContext& context) : c_(context) {}
  // Any reference to a variable: rewritten if it names one of CUDA's built-in variables.
  void reference(const clang::DeclRefExpr* r);

 private:
  RewriteContext& c_;
  std::set<Place> done_;  // a template's reference is visited once per instantiation
};

}  // namespace cusim::translate
