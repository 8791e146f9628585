#include "tools/cusim-translate/kernel_addresses.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>

namespace cusim::translate {
namespace {

// Whether `e` names a __global__ function (`kernel`, `&kernel`, `ns::kernel<int>`).
bool names_kernel(const clang::Expr* e) {
  e = e->IgnoreParens();
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e); u && u->getOpcode() == clang::UO_AddrOf)
    e = u->getSubExpr()->IgnoreParens();
  const auto* r = llvm::dyn_cast<clang::DeclRefExpr>(e);
  const auto* f = r ? llvm::dyn_cast<clang::FunctionDecl>(r->getDecl()) : nullptr;
  return f && f->hasAttr<clang::CUDAGlobalAttr>();
}

}  // namespace

void KernelAddressRewriter::cast(const clang::ExplicitCastExpr* e) {
  if (!e->getType()->isVoidPointerType()) return;
  const clang::Expr* operand = e->getSubExprAsWritten();
  if (!names_kernel(operand)) return;
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation begin = operand->getBeginLoc(), end = operand->getEndLoc();
  for (clang::SourceLocation at : {begin, end})
    if (at.isInvalid() || (at.isMacroID() && !sm.isMacroArgExpansion(at)) || !c_.is_user_file(sm.getSpellingLoc(at)))
      return;
  const auto first = c_.place(begin, "a kernel converted to void*");
  const auto last = c_.place(end, "a kernel converted to void*");
  if (!first || !last || first->entry != last->entry || last->offset < first->offset) return;
  if (!done_.insert(*first).second) return;
  c_.edit(*first, 0, "::cusim::detail::registered_kernel(");
  c_.edit({last->file, last->entry, c_.token_end(*last)}, 0, ")");
}

}  // namespace cusim::translate
