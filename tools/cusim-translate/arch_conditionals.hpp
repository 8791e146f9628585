// Conditionals on __CUDA_ARCH__ at file scope, as CUDA programs guard device helpers that need an
// architecture:
//   #if __CUDA_ARCH__ >= 700
//   __device__ int atomicAggIncMulti(...) { ... }
//   #endif
// nvcc compiles such a region in its device pass only. The simulator compiles host and device code
// once, with __CUDA_ARCH__ undefined outside device-only functions (cuda_arch.hpp), which would
// drop these helpers, and the kernels that call them would not compile. So a file-scope chain
// (#if/#ifdef/#ifndef, #elif, #else, #endif) whose condition names __CUDA_ARCH__ is taken as device
// code, its `__CUDA_ARCH__` tokens written as `__CUSIMARCH__`, when every branch declares device
// code only: each declaration in it names __device__, __global__ or __constant__ before its first
// parenthesis, brace or initialiser, and none names __host__ or declares a type, namespace or
// alias. A branch that the parse skipped is judged by its tokens alone, so that is the test for
// every branch. A chain that guards host code, or mixed code, keeps CUDA's host meaning (undefined).
#pragma once
#include <clang/Lex/PPCallbacks.h>

#include <vector>

namespace cusim::translate {

// One chain: the locations of its directives, #if first and #endif last.
struct ArchConditional {
  std::vector<clang::SourceLocation> directives;
};

// Records, while Clang preprocesses, every chain whose #if, #ifdef, #ifndef or #elif names
// __CUDA_ARCH__ (or __CUSIMARCH__: one an earlier parse took as device code).
class ArchConditionalRecorder : public clang::PPCallbacks {
 public:
  ArchConditionalRecorder(const clang::SourceManager& sm, std::vector<ArchConditional>& out) : sm_(sm), out_(out) {}

  void If(clang::SourceLocation loc, clang::SourceRange condition, ConditionValueKind) override;
  void Elif(clang::SourceLocation loc, clang::SourceRange condition, ConditionValueKind, clang::SourceLocation if_loc) override;
  void Ifdef(clang::SourceLocation loc, const clang::Token& name, const clang::MacroDefinition&) override;
  void Ifndef(clang::SourceLocation loc, const clang::Token& name, const clang::MacroDefinition&) override;
  void Else(clang::SourceLocation loc, clang::SourceLocation if_loc) override;
  void Endif(clang::SourceLocation loc, clang::SourceLocation if_loc) override;

 private:
  void open(clang::SourceLocation loc, bool names_arch);
  void add(clang::SourceLocation loc, clang::SourceLocation if_loc, bool names_arch, bool last);

  const clang::SourceManager& sm_;
  std::vector<ArchConditional>& out_;
  struct Open {
    clang::SourceLocation if_loc;
    ArchConditional chain;
    bool names_arch = false;
  };
  std::vector<Open> open_;  // the conditionals being read, innermost last
};

}  // namespace cusim::translate
