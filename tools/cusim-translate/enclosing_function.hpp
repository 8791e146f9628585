// The function whose body holds a statement or expression: a function, or a lambda's call operator;
// and whether that code is device code.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace cusim::translate {

// nullptr when `node` is outside every function (an initializer at namespace scope).
const clang::FunctionDecl* enclosing_function(clang::ASTContext& ast, const clang::Stmt& node);

// Whether `node` is device code: in the body of a __global__ or __device__ function (a
// __host__ __device__ one too), or of a lambda declared __device__. A lambda without attributes is
// host-device to Clang wherever it is written, so it counts as the code around it.
bool in_device_code(clang::ASTContext& ast, const clang::Stmt& node);

// Whether `f` runs on the device only: __global__, or __device__ without __host__ (false for none).
bool device_only(const clang::FunctionDecl* f);

}  // namespace cusim::translate
