// Device-side malloc, free, new and delete: in device code they allocate on the simulated device's
// heap (backends/sim/device_malloc.cpp), as CUDA's do on the GPU's, so that memcheck bounds the
// blocks, initcheck watches them and a bad free is a finding at the user's line. The C library
// and the C++ runtime keep their names for the host, so the translator writes the device uses:
//   malloc(n)      ->  ::cusim::detail::device_malloc(n)        (free likewise)
//   new T(args)    ->  new (::cusim::detail::device_heap) T(args)  (new T[n] likewise)
//   delete p       ->  ::cusim::detail::device_delete(p)        (delete[] p: device_delete_array)
//   printf(...)    ->  ::cusim::detail::device_printf(...)      (buffered until the host syncs;
//                                                                 not in a macro's body)
// in __global__ and __device__ functions (and __host__ __device__ ones, where the simulator's
// functions hand a host caller to the C library), and in lambdas inside them. A placement new,
// and a class's own operator new or delete, are left as written.
#pragma once
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <set>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class DeviceHeapRewriter {
 public:
  explicit DeviceHeapRewriter(RewriteContext& context) : c_(context) {}
  // Any reference: rewritten if it names the C library's malloc, free or printf in device code.
  void reference(const clang::DeclRefExpr* r);
  void allocation(const clang::CXXNewExpr* e);
  void deallocation(const clang::CXXDeleteExpr* e);

 private:
  // The place of the `new` or `delete` keyword of an expression that begins at `begin` (which may
  // be the `::` before it), if the user wrote it in a file the translator edits.
  std::optional<Place> keyword(clang::SourceLocation begin, const char* word);

  RewriteContext& c_;
  std::set<Place> done_;  // a template's expression is visited once per instantiation
};

}  // namespace cusim::translate
