#include "tools/cusim-translate/device_heap_calls.hpp"

#include <clang/AST/Decl.h>

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {
namespace {

// The simulator's function for the C library's malloc, free or printf (declared at global scope
// or brought into std), which device code calls with CUDA's meaning.
const char* simulator_function(const clang::FunctionDecl* f) {
  if (!f || !f->isExternC() || !f->getIdentifier()) return nullptr;
  if (f->getName() == "malloc") return "::cusim::detail::device_malloc";
  if (f->getName() == "free") return "::cusim::detail::device_free";
  if (f->getName() == "printf") return "::cusim::detail::device_printf";
  return nullptr;
}

}  // namespace

void DeviceHeapRewriter::reference(const clang::DeclRefExpr* r) {
  const char* replacement = simulator_function(llvm::dyn_cast<clang::FunctionDecl>(r->getDecl()));
  if (!replacement) return;
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation begin = r->getBeginLoc(), name = r->getLocation();
  if (!c_.is_user_file(sm.getSpellingLoc(begin)) || !c_.is_user_file(sm.getSpellingLoc(name))) return;
  if (!in_device_code(c_.ast(), *r)) return;
  // A printf written in a macro's body stays the C library's: the macro serves host code too
  // (a CHECK macro that prints and exits), and its one definition cannot be rewritten for both.
  if (r->getDecl()->getName() == "printf" && sm.isMacroBodyExpansion(name)) return;
  const std::string what = "device-side " + r->getDecl()->getName().str();
  const auto first = c_.place(begin, what), last = c_.place(name, what);  // `std::free`: from `std`
  if (!first || !last || first->entry != last->entry || last->offset < first->offset) return;
  if (!done_.insert(*first).second) return;
  c_.edit(*first, c_.token_end(*last) - first->offset, replacement);
}

std::optional<Place> DeviceHeapRewriter::keyword(clang::SourceLocation begin, const char* word) {
  const clang::SourceManager& sm = c_.sources();
  if (begin.isInvalid() || !c_.is_user_file(sm.getSpellingLoc(begin))) return std::nullopt;
  auto at = c_.place(begin, std::string("device-side ") + word);
  if (!at || c_.token(*at) == word) return at;
  // `::new`: the keyword is the next token.
  for (const RawToken& t : c_.raw_tokens(at->file, c_.token_end(*at), c_.token_end(*at) + 256))
    return t.text == word ? std::optional<Place>(Place{at->file, at->entry, t.offset}) : std::nullopt;
  return std::nullopt;
}

void DeviceHeapRewriter::allocation(const clang::CXXNewExpr* e) {
  const clang::FunctionDecl* op = e->getOperatorNew();
  if (e->getNumPlacementArgs() != 0 || !op || op->isCXXClassMember() || !in_device_code(c_.ast(), *e)) return;
  const auto at = keyword(e->getBeginLoc(), "new");
  if (!at || !done_.insert(*at).second) return;
  c_.edit({at->file, at->entry, c_.token_end(*at)}, 0, " (::cusim::detail::device_heap)");
}

void DeviceHeapRewriter::deallocation(const clang::CXXDeleteExpr* e) {
  const clang::FunctionDecl* op = e->getOperatorDelete();
  if (!op || op->isCXXClassMember() || !in_device_code(c_.ast(), *e) || !keyword(e->getBeginLoc(), "delete")) return;
  const clang::Expr* argument = e->getArgument()->IgnoreImplicit();
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation first = argument->getBeginLoc(), last = argument->getEndLoc();
  if (!c_.is_user_file(sm.getSpellingLoc(first)) || !c_.is_user_file(sm.getSpellingLoc(last))) return;
  const auto begin = c_.place(e->getBeginLoc(), "device-side delete");
  const auto from = c_.place(first, "the operand of delete"), to = c_.place(last, "the operand of delete");
  if (!begin || !from || !to || from->entry != begin->entry || to->entry != begin->entry || from->offset <= begin->offset ||
      to->offset < from->offset)
    return;
  if (!done_.insert(*begin).second) return;
  // From the expression's start (`::` included) to the operand: `delete`, `delete[]`.
  c_.edit(*begin, from->offset - begin->offset,
          e->isArrayForm() ? "::cusim::detail::device_delete_array(" : "::cusim::detail::device_delete(");
  c_.edit({to->file, to->entry, c_.token_end(*to)}, 0, ")");
}

}  // namespace cusim::translate
