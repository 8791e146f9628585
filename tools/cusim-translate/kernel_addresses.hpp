// Kernels converted to `void*`, as CUDA's C interface takes them (cudaLaunchKernel,
// cudaLaunchCooperativeKernel, a graph's kernel node): the translator has the simulator record
// the kernel's parameter types at the conversion, which later unpack the launch's argument array
// (runtime/cusim/detail/kernel_entry.hpp):
//   (void*)kernel   ->  (void*)::cusim::detail::registered_kernel(kernel)
// A conversion written inside a macro's definition is left as written (a launch by its address
// is then refused with cudaErrorInvalidResourceHandle and a finding that says why).
#pragma once
#include <clang/AST/Expr.h>

#include <set>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class KernelAddressRewriter {
 public:
  explicit KernelAddressRewriter(RewriteContext& context) : c_(context) {}
  // Any explicit cast: rewritten if it converts a __global__ function to a void pointer.
  void cast(const clang::ExplicitCastExpr* e);

 private:
  RewriteContext& c_;
  std::set<Place> done_;  // a template's cast is visited once per instantiation
};

}  // namespace cusim::translate
