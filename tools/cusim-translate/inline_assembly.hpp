// Inline assembly in device code is PTX (asm("mov.u32 %0, %%laneid;" : "=r"(lane))), which no CPU
// runs. The translator turns a statement whose instructions it knows (ptx_instructions.hpp) into a
// call of a lambda that does the same on the statement's operands, and stops with an error at any
// other, naming the instruction, rather than leaving the host assembler to fail on it with no word
// of CUDA. Inline assembly in host code is left alone; so is an empty template (a compiler
// barrier, which means the same on the CPU), and in __host__ __device__ functions (whose device
// side a program guards with __CUDA_ARCH__) any statement that is not PTX the translator knows.
#pragma once
#include <clang/AST/Stmt.h>

#include <set>
#include <string>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class InlineAssemblyRewriter {
 public:
  explicit InlineAssemblyRewriter(RewriteContext& context) : c_(context) {}
  void statement(const clang::GCCAsmStmt* s);

 private:
  void replace(const Place& from, unsigned end, const std::string& text);
  RewriteContext& c_;
  std::set<unsigned> done_;  // a template's statement is visited once per instantiation
};

}  // namespace cusim::translate
