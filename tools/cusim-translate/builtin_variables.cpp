#include "tools/cusim-translate/builtin_variables.hpp"

#include <clang/AST/Decl.h>

namespace cusim::translate {
namespace {

// The read that replaces a built-in variable (kernel_api.hpp), or nullptr if `v` is not one:
// a variable of the translation unit's scope, declared outside the user's files, with its name.
const char* simulator_read(const RewriteContext& c, const clang::VarDecl* v) {
  if (!v->getDeclContext()->isTranslationUnit() || c.is_user_file(v->getLocation()) || !v->getIdentifier()) return nullptr;
  const llvm::StringRef name = v->getName();
  if (name == "threadIdx") return "(::cusim::detail::thread_idx())";
  if (name == "blockIdx") return "(::cusim::detail::block_idx())";
  if (name == "blockDim") return "(::cusim::detail::block_dim())";
  if (name == "gridDim") return "(::cusim::detail::grid_dim())";
  return nullptr;
}

}  // namespace

void BuiltinVariableRewriter::reference(const clang::DeclRefExpr* r) {
  const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
  if (!v || !c_.is_user_file(c_.sources().getSpellingLoc(r->getLocation()))) return;
  const char* read = simulator_read(c_, v);
  if (!read) return;
  const auto place = c_.place(r->getLocation(), "the built-in variable '" + v->getName().str() + "'");
  if (!place || !done_.insert(*place).second) return;
  c_.edit(*place, static_cast<unsigned>(v->getName().size()), read);
}

}  // namespace cusim::translate
