#include "tools/cusim-translate/enclosing_function.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>

namespace cusim::translate {

const clang::FunctionDecl* enclosing_function(clang::ASTContext& ast, const clang::Stmt& node) {
  clang::DynTypedNodeList parents = ast.getParents(node);
  while (!parents.empty()) {
    const clang::DynTypedNode& p = parents[0];
    if (const auto* f = p.get<clang::FunctionDecl>()) return f;
    if (const auto* lambda = p.get<clang::LambdaExpr>()) return lambda->getCallOperator();
    parents = ast.getParents(p);
  }
  return nullptr;
}

}  // namespace cusim::translate
