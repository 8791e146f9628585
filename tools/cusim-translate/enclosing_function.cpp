#include "tools/cusim-translate/enclosing_function.hpp"

#include <clang/AST/Attr.h>
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

bool in_device_code(clang::ASTContext& ast, const clang::Stmt& node) {
  clang::DynTypedNodeList parents = ast.getParents(node);
  while (!parents.empty()) {
    const clang::DynTypedNode& p = parents[0];
    if (const auto* f = p.get<clang::FunctionDecl>())
      return f->hasAttr<clang::CUDAGlobalAttr>() || f->hasAttr<clang::CUDADeviceAttr>();
    if (const auto* lambda = p.get<clang::LambdaExpr>()) {
      const clang::CXXMethodDecl* call = lambda->getCallOperator();
      for (const clang::Attr* a : call->attrs())
        if (!a->isImplicit() && (llvm::isa<clang::CUDADeviceAttr>(a) || llvm::isa<clang::CUDAGlobalAttr>(a))) return true;
    }
    parents = ast.getParents(p);
  }
  return false;
}

bool device_only(const clang::FunctionDecl* f) {
  if (!f) return false;
  if (f->hasAttr<clang::CUDAGlobalAttr>()) return true;
  return f->hasAttr<clang::CUDADeviceAttr>() && !f->hasAttr<clang::CUDAHostAttr>();
}

}  // namespace cusim::translate
