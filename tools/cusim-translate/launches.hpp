// Rewrites plain CUDA's kernel launch into what cusim's headers define for it
// (runtime/cusim/detail/cuda_launch.hpp):
//   k<T, 4><<<grid, block, bytes, stream>>>(a, b)
//     ->  (k<T, 4><< ::cusim::detail::launch_config(grid, block, bytes, stream)(a, b, <defaults>))
// Only the chevrons are replaced; the kernel's default arguments are appended, because a launch
// through a function pointer cannot supply them. The parentheses around the whole launch are
// added where the launch is written in one piece (not split between a macro and its arguments).
// A launch in device code (dynamic parallelism) is an error.
#pragma once
#include <clang/AST/ExprCXX.h>

#include <map>
#include <string>
#include <vector>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class LaunchRewriter {
 public:
  explicit LaunchRewriter(RewriteContext& context) : c_(context) {}
  // A launch, in a template pattern (dependent: its default arguments may be unknown) or anywhere else.
  void launch(const clang::CUDAKernelCallExpr* e);
  // Makes the edits of every launch seen: one plan per launch written in the source.
  void finish();

 private:
  struct PlannedEdit {
    Place at;
    unsigned length;
    std::string text;
    bool operator==(const PlannedEdit& o) const { return at == o.at && length == o.length && text == o.text; }
  };
  struct Plan {
    std::vector<PlannedEdit> edits;
    bool complete = false;  // its default arguments are known (not a dependent call)
    clang::SourceLocation where;
  };
  std::string default_argument(const clang::CXXDefaultArgExpr* d);

  RewriteContext& c_;
  std::map<Place, Plan> plans_;  // by the place of `<<<`
};

}  // namespace cusim::translate
