// The function whose body holds a statement or expression: a function, or a lambda's call operator.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace cusim::translate {

// nullptr when `node` is outside every function (an initializer at namespace scope).
const clang::FunctionDecl* enclosing_function(clang::ASTContext& ast, const clang::Stmt& node);

}  // namespace cusim::translate
