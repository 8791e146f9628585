#include "tools/cusim-translate/device_math_calls.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/NestedNameSpecifier.h>

#include <set>
#include <string_view>

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {
namespace {

bool device_math_name(std::string_view name) {
  static const std::set<std::string_view> names = {
#define CUSIM_DEVICE_MATH(n) #n,
#include "runtime/cusim/detail/device_math.def"
#undef CUSIM_DEVICE_MATH
  };
  return names.count(name) != 0;
}

}  // namespace

void DeviceMathRewriter::reference(const clang::DeclRefExpr* r) {
  const auto* f = llvm::dyn_cast<clang::FunctionDecl>(r->getDecl());
  if (!f || !f->getIdentifier() || !device_math_name(f->getName())) return;
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation begin = r->getBeginLoc(), name = r->getLocation();
  if (!c_.is_user_file(sm.getSpellingLoc(begin)) || !c_.is_user_file(sm.getSpellingLoc(name))) return;
  if (!in_device_code(c_.ast(), *r)) return;
  const std::string what = "device-side " + f->getName().str();
  const auto first = c_.place(begin, what), last = c_.place(name, what);  // `std::sin`: from `std`
  if (!first || !last || first->entry != last->entry || last->offset < first->offset) return;
  // The C library's function, <cmath>'s overload in std or cusim's own at global scope; not a
  // member, not the user's, not named with template arguments.
  const clang::DeclContext* scope = f->getDeclContext()->getRedeclContext();
  const bool library = !c_.is_user_file(sm.getSpellingLoc(f->getLocation())) && !f->isCXXClassMember() &&
                       (scope->isTranslationUnit() || scope->isStdNamespace()) && !r->hasExplicitTemplateArgs();
  auto [use, added] = uses_.try_emplace(*first, Use{*last, library});
  if (!added) use->second.rewrite = use->second.rewrite && library && use->second.name == *last;
}

void DeviceMathRewriter::using_declaration(const clang::UsingDecl* u) {
  if (!u->getIdentifier() || !device_math_name(u->getName())) return;
  const clang::NestedNameSpecifier* qualifier = u->getQualifier();
  if (!qualifier) return;
  const bool std_or_global = qualifier->getKind() == clang::NestedNameSpecifier::Global ||
                             (qualifier->getAsNamespace() && qualifier->getAsNamespace()->isStdNamespace() &&
                              !qualifier->getPrefix());
  const auto* f = llvm::dyn_cast<clang::FunctionDecl>(u->getDeclContext());
  if (!std_or_global || !f || !(f->hasAttr<clang::CUDAGlobalAttr>() || f->hasAttr<clang::CUDADeviceAttr>())) return;
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation begin = u->getQualifierLoc().getBeginLoc(), name = u->getNameInfo().getLoc();
  if (!c_.is_user_file(sm.getSpellingLoc(begin)) || !c_.is_user_file(sm.getSpellingLoc(name))) return;
  const std::string what = "using-declaration of " + u->getName().str();
  const auto first = c_.place(begin, what), last = c_.place(name, what);
  if (!first || !last || first->entry != last->entry || last->offset < first->offset) return;
  if (!usings_.insert(*first).second) return;
  c_.edit(*first, c_.token_end(*last) - first->offset, "::cusim::detail::device_math::" + std::string(c_.token(*last)));
}

void DeviceMathRewriter::finish() {
  for (const auto& [first, use] : uses_)
    if (use.rewrite)
      c_.edit(first, c_.token_end(use.name) - first.offset,
              "::cusim::detail::device_math::" + std::string(c_.token(use.name)));
}

}  // namespace cusim::translate
