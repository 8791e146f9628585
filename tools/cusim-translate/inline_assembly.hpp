// Inline assembly in device code is PTX (asm("mov.u32 %0, %%laneid;" ...)), which no CPU runs: the
// translator stops with an error at the statement, naming what to write instead, rather than
// leaving the host assembler to fail on the instruction with no word of CUDA. Inline assembly in
// host code, and in __host__ __device__ functions (whose device side a program guards with
// __CUDA_ARCH__), is left alone.
#pragma once
#include <clang/AST/Stmt.h>

#include <set>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class InlineAssemblyCheck {
 public:
  explicit InlineAssemblyCheck(RewriteContext& context) : c_(context) {}
  void statement(const clang::GCCAsmStmt* s);

 private:
  RewriteContext& c_;
  std::set<unsigned> reported_;  // a template's statement is visited once per instantiation
};

}  // namespace cusim::translate
