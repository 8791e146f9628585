// Rewrites plain CUDA's kernel launch into what cusim's headers define for it
// (runtime/cusim/detail/cuda_launch.hpp):
//   k<T, 4><<<grid, block, bytes, stream>>>(a, b)
//     ->  (k<T, 4><< ::cusim::detail::launch_config(grid, block, bytes, stream)(a, b, <defaults>))
// Only the chevrons are replaced; the kernel's default arguments are appended, because a launch
// through a function pointer cannot supply them. The parentheses around the whole launch are
// added where the launch is written in one piece (not split between a macro and its arguments).
// Where the kernel's name alone does not say which function it is (an overloaded kernel, a
// template whose arguments the launch deduces), a cast to the chosen kernel's type is added; in
// a template, where that differs per instantiation, the kernel's template arguments are written
// as the enclosing template's parameters where each instantiation deduces those (computeValue
// in PricingEngine<Real> -> computeValue<Real>), and otherwise launch_config_deduced lets C++
// choose by the arguments' types. A launch in device code (dynamic parallelism) is an error.
#pragma once
#include <clang/AST/ExprCXX.h>

#include <map>
#include <optional>
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
  // What one visit of a launch found: the template pattern's visit, or a complete one (an
  // instantiation, or code outside templates).
  struct Seen {
    std::string defaults;  // the kernel's default arguments, as text to append ("" for none)
    std::string cast;      // the kernel's pointer type when the name alone is ambiguous, or ""
    bool nameable = true;  // the cast can be written (no lambda or unnamed type in it)
    bool exact = true;     // the arguments' decayed types are the kernel's parameter types
    // For a kernel template the launch deduces, per template argument of the kernel chosen, the
    // enclosing templates' parameters whose argument it is here (empty: none, or not a type).
    std::vector<std::vector<std::string>> named_by;
    bool written_arguments = false;  // the launch writes some of the kernel's template arguments
  };
  // Everything known about one launch written in the source.
  struct Plan {
    Place open, close, rparen;
    std::optional<Place> callee_begin, callee_end;  // where the kernel's name is written, if in one piece
    bool one_piece = false;
    bool deduced = false;             // the pattern names no single kernel: launch_config_deduced
    std::vector<Seen> complete;       // from complete visits (all must agree, the cast where not deduced)
    clang::SourceLocation where;
    bool failed = false;
  };
  std::string default_argument(const clang::CXXDefaultArgExpr* d);
  // "<P, Q>" naming the kernel of every instantiation of the launch by the enclosing templates'
  // parameters, or nullopt where no such names are common to all.
  std::optional<std::string> template_arguments(const Plan& plan) const;

  RewriteContext& c_;
  std::map<Place, Plan> plans_;  // by the place of `<<<`
};

}  // namespace cusim::translate
