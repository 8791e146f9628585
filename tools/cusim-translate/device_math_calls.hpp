// The C library's math functions in device code: CUDA computes expf, sinf, pow... its own way
// (libdevice), and a simulated kernel must get the GPU's bits, so the translator writes
//   expf(x)       ->  ::cusim::detail::device_math::expf(x)
//   std::sin(x)   ->  ::cusim::detail::device_math::sin(x)
// for the names in runtime/cusim/detail/device_math.def, in __global__ and __device__ functions
// (__host__ __device__ ones too: on the host side, outside a simulated thread, device_math hands
// the call to the C library) and in lambdas inside them, in a macro's body too (the same
// hand-over serves the macro's host uses). A name is rewritten only where it names the C
// library's function, <cmath>'s overload or cusim's own, in every instantiation of a template: a
// user's `exp` for a type of its own, found by argument-dependent lookup, keeps the spelling. The
// generic idiom that serves both, `using std::exp; return exp(x);`, gets device_math's by its
// using-declaration (in a device function's body), which argument-dependent lookup leaves alone:
//   using std::exp;  ->  using ::cusim::detail::device_math::exp;
#pragma once
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>

#include <map>
#include <set>
#include <string>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class DeviceMathRewriter {
 public:
  explicit DeviceMathRewriter(RewriteContext& context) : c_(context) {}
  // Any reference: noted if it names one of device_math's functions in device code.
  void reference(const clang::DeclRefExpr* r);
  // `using std::NAME;` or `using ::NAME;` in a device function's body.
  void using_declaration(const clang::UsingDecl* u);
  // Rewrites each noted place where every instantiation named a math function.
  void finish();

 private:
  struct Use {
    Place name;            // the function's name; the place it is keyed by is the qualifier's
    bool rewrite = true;   // false once an instantiation names something else there
  };
  RewriteContext& c_;
  std::map<Place, Use> uses_;
  std::set<Place> usings_;  // a template's using-declaration is visited once per instantiation
};

}  // namespace cusim::translate
