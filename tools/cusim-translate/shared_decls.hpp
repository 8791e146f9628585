// Rewrites plain CUDA's shared-memory declarations into what cusim's headers define for them
// (runtime/cusim/detail/kernel_api.hpp, "What the translator writes"):
//   __shared__ T tile[16][16], n;   ->  T (&tile)[16][16] = CUSIM_SHARED_VAR(tile), (&n) = CUSIM_SHARED_VAR(n);
//   extern __shared__ T buf[];      ->  T (&buf)[] = CUSIM_SHARED_DYNAMIC(buf);
// Only the specifiers (__shared__, extern, static, __align__/alignas) and the declarator's name
// and end are touched. A declaration inside a function that is written whole in one macro's body
// (cuda-samples' BUILD_SHAREDMEMORY_TYPE) is rewritten in the macro's definition, which every
// expansion then shares. A variable at namespace scope keeps an extern declaration (never defined,
// so a use the translator missed cannot link), gets a tag after its declaration, and each
// function that uses it gets a reference of the same name at the start of its body.
#pragma once
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "tools/cusim-translate/rewrite_context.hpp"

namespace cusim::translate {

class SharedDeclRewriter {
 public:
  explicit SharedDeclRewriter(RewriteContext& context) : c_(context) {}
  // A variable declared __shared__ (any scope, template patterns and instantiations alike).
  void declaration(const clang::VarDecl* v);
  // A use of a namespace-scope __shared__ variable.
  void reference(const clang::DeclRefExpr* r);

 private:
  // The decl-specifiers of one declaration (shared by all its declarators).
  struct Specifiers {
    bool is_extern = false, is_static = false;
  };
  // Where a declaration begins and where its name is: as written in the source, or, for a local
  // declaration written whole in one macro's body, in the macro's definition.
  struct Written {
    Place begin, name;
    bool in_macro = false;
  };
  std::optional<Written> written(const clang::VarDecl* v);
  const Specifiers* specifiers(const clang::VarDecl* v, const Written& w);
  // The alignment the declaration asks for ("" for none), its attribute removed; nullopt on error.
  std::optional<std::string> alignment(const clang::VarDecl* v);
  void local(const clang::VarDecl* v, const Written& at, const Specifiers& s, const std::string& align);
  void namespace_scope(const clang::VarDecl* v, const Specifiers& s);

  RewriteContext& c_;
  std::map<Place, Specifiers> groups_;  // by the place where the declaration begins
  std::set<Place> declared_;            // names already rewritten
  std::set<Place> aligned_;             // alignment attributes already removed
  std::set<std::pair<Place, const clang::VarDecl*>> used_;  // references added at a body's start
};

}  // namespace cusim::translate
