#include "tools/cusim-translate/shared_decls.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Stmt.h>

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {
namespace {

// The length of the token at `t` with the blanks after it (not a line break): a removed
// specifier takes them along, so that the declaration reads as if written without it.
unsigned with_blanks(RewriteContext& c, clang::FileID file, const RawToken& t) {
  const std::string_view after = c.text(file, t.offset + t.length, t.offset + t.length + 64);
  unsigned n = 0;
  while (n < after.size() && (after[n] == ' ' || after[n] == '\t')) ++n;
  return t.length + n;
}

std::string quoted(const clang::VarDecl* v) { return "`" + v->getNameAsString() + "`"; }

}  // namespace

std::optional<SharedDeclRewriter::Written> SharedDeclRewriter::written(const clang::VarDecl* v) {
  const clang::SourceManager& sm = c_.sources();
  const std::string what = "the __shared__ declaration of " + quoted(v);
  const clang::SourceLocation begin = v->getBeginLoc(), end = v->getEndLoc();
  if (!v->isFileVarDecl() && begin.isMacroID() && v->getLocation().isMacroID() && end.isMacroID() &&
      sm.getExpansionLoc(begin) == sm.getExpansionLoc(v->getLocation()) &&
      sm.getExpansionLoc(begin) == sm.getExpansionLoc(end)) {
    // Written whole in one macro invocation: rewritten in the definition if it is written there.
    const auto b = c_.in_definition(begin, what), n = c_.in_definition(v->getLocation(), what);
    if (!b || !n) return std::nullopt;
    if (b->entry == n->entry && b->offset <= n->offset) return Written{*b, *n, true};
  }
  const auto name = c_.written_here(v->getLocation(), what);
  if (!name) return std::nullopt;
  const auto b = c_.written_here(sm.getExpansionLoc(begin), what);
  if (!b) return std::nullopt;
  return Written{*b, *name, false};
}

const SharedDeclRewriter::Specifiers* SharedDeclRewriter::specifiers(const clang::VarDecl* v, const Written& w) {
  const Place* const begin = &w.begin;
  const Place& name = w.name;
  if (const auto known = groups_.find(*begin); known != groups_.end()) return &known->second;
  if (begin->entry != name.entry || begin->offset > name.offset) {
    c_.error(v->getLocation(), "the __shared__ declaration of " + quoted(v) + " is spread over macros cusim cannot rewrite");
    return nullptr;
  }
  // The specifiers lie between the declaration's start and its first declarator's name.
  Specifiers s;
  unsigned shared_tokens = 0;
  const std::vector<RawToken> tokens = c_.raw_tokens(begin->file, begin->offset, name.offset);
  for (const RawToken& t : tokens) {
    const Place at{begin->file, begin->entry, t.offset};
    if (t.text == "__shared__") {
      ++shared_tokens;
      const bool namespace_scope = v->isFileVarDecl();
      // At namespace scope the variable stays declared, as extern; in a function it becomes a reference.
      const bool written_extern = [&] {
        for (const RawToken& u : tokens)
          if (u.text == "extern") return true;
        return false;
      }();
      if (namespace_scope && !written_extern) c_.edit(at, t.length, "extern");
      else c_.edit(at, with_blanks(c_, begin->file, t), "");
    } else if (t.text == "extern") {
      s.is_extern = true;
      if (!v->isFileVarDecl()) c_.edit(at, with_blanks(c_, begin->file, t), "");
    } else if (t.text == "static") {
      s.is_static = true;
      c_.edit(at, with_blanks(c_, begin->file, t), "");
    }
  }
  if (shared_tokens != 1) {
    c_.error(v->getLocation(), "the __shared__ of " + quoted(v) +
                                   " comes from a macro; cusim's translator rewrites __shared__ only where it is "
                                   "written (write __shared__ itself in this declaration)");
    return nullptr;
  }
  return &groups_.emplace(*begin, s).first->second;
}

std::optional<std::string> SharedDeclRewriter::alignment(const clang::VarDecl* v) {
  // __align__(n), alignas(n), __attribute__((aligned(n))): the attribute goes (it would apply to
  // the reference the declaration becomes) and the alignment is passed on.
  std::string align;
  const clang::SourceManager& sm = c_.sources();
  for (const clang::AlignedAttr* a : v->specific_attrs<clang::AlignedAttr>()) {
    if (!a->isAlignmentExpr() || !a->getAlignmentExpr()) {
      c_.error(a->getLocation(), "cusim's translator supports the alignment of a __shared__ variable as a number");
      return std::nullopt;
    }
    const clang::CharSourceRange range = sm.getExpansionRange(a->getRange());
    const auto begin = c_.written_here(range.getBegin(), "the alignment of " + quoted(v));
    const auto end = c_.written_here(range.getEnd(), "the alignment of " + quoted(v));
    // The argument as written (inside __align__'s parentheses, for the macro).
    const clang::SourceRange arg = a->getAlignmentExpr()->getSourceRange();
    const auto arg_begin = c_.place(arg.getBegin(), "the alignment of " + quoted(v));
    const auto arg_end = c_.place(arg.getEnd(), "the alignment of " + quoted(v));
    if (!begin || !end || !arg_begin || !arg_end) return std::nullopt;
    align = std::string(c_.text(arg_begin->file, arg_begin->offset, c_.token_end(*arg_end)));
    if (aligned_.insert(*begin).second) {
      // alignas' range is its keyword: its parenthesised argument goes too.
      unsigned stop = c_.token_end(*end);
      if (arg_end->entry == begin->entry && arg_end->offset >= stop)
        for (const RawToken& t : c_.raw_tokens(begin->file, c_.token_end(*arg_end), c_.token_end(*arg_end) + 64)) {
          if (t.text == ")") stop = t.offset + 1;
          break;
        }
      const RawToken whole{begin->offset, stop - begin->offset, ""};
      c_.edit(*begin, with_blanks(c_, begin->file, whole), "");
    }
  }
  return align;
}

void SharedDeclRewriter::declaration(const clang::VarDecl* v) {
  const std::optional<Written> at = written(v);
  if (!at || !declared_.insert(at->name).second) return;
  if (v->isStaticDataMember()) {
    c_.error(v->getLocation(), "a static data member cannot be __shared__");
    return;
  }
  if (v->hasInit() && !llvm::isa<clang::CXXConstructExpr>(v->getInit())) {
    c_.error(v->getLocation(), "a __shared__ variable cannot have an initializer (CUDA does not allow one)");
    return;
  }
  const Specifiers* s = specifiers(v, *at);
  const std::optional<std::string> align = alignment(v);
  if (!s || !align) return;
  if (v->isFileVarDecl()) namespace_scope(v, *s);
  else local(v, *at, *s, *align);
}

void SharedDeclRewriter::local(const clang::VarDecl* v, const Written& at, const Specifiers& s,
                               const std::string& align) {
  const std::string what = "the end of the __shared__ declaration of " + quoted(v);
  const auto end = at.in_macro ? c_.in_definition(v->getEndLoc(), what) : c_.written_here(v->getEndLoc(), what);
  if (!end) return;
  const Place& name = at.name;
  // The name as the definition writes it (a macro's parameter, for a name passed in).
  const std::string n = at.in_macro ? std::string(c_.token(name)) : v->getNameAsString();
  // An array's declarator needs the parentheses (a reference to the array, not an array of
  // references); any other's would draw -Wparentheses.
  if (v->getType()->isArrayType()) {
    c_.edit(name, 0, "(&");
    c_.edit({name.file, name.entry, c_.token_end(name)}, 0, ")");
  } else {
    c_.edit(name, 0, "&");
  }
  std::string init;
  if (s.is_extern) init = " = CUSIM_SHARED_DYNAMIC(" + n + ")";
  else if (!align.empty()) init = " = CUSIM_SHARED_VAR_ALIGNED(" + n + ", " + align + ")";
  else init = " = CUSIM_SHARED_VAR(" + n + ")";
  c_.edit({end->file, end->entry, c_.token_end(*end)}, 0, init);
}

void SharedDeclRewriter::namespace_scope(const clang::VarDecl* v, const Specifiers& s) {
  const auto end = c_.written_here(v->getEndLoc(), "the end of the __shared__ declaration of " + quoted(v));
  if (!end) return;
  // The tag goes after the declaration's semicolon (past any further declarators).
  const unsigned from = c_.token_end(*end);
  const std::string_view rest = c_.text(end->file, from, ~0u);
  int depth = 0;
  for (const RawToken& t : c_.raw_tokens(end->file, from, from + static_cast<unsigned>(rest.size()))) {
    if (t.text == "(" || t.text == "[" || t.text == "{") ++depth;
    else if (t.text == ")" || t.text == "]" || t.text == "}") --depth;
    else if (t.text == ";" && depth == 0) {
      const std::string n = v->getNameAsString();
      c_.edit({end->file, end->entry, t.offset + 1}, 0,
              std::string(s.is_static ? " CUSIM_SHARED_GLOBAL_STATIC_TAG(" : " CUSIM_SHARED_GLOBAL_TAG(") + n + ");");
      return;
    }
  }
  c_.error(v->getLocation(), "cannot find the end of the __shared__ declaration of " + quoted(v));
}

void SharedDeclRewriter::reference(const clang::DeclRefExpr* r) {
  const auto* v = llvm::cast<clang::VarDecl>(r->getDecl());
  if (r->hasQualifier()) {
    c_.error(r->getLocation(), "the namespace-scope __shared__ variable " + quoted(v) +
                                   " is named with a qualifier; cusim's translator supports it named plainly");
    return;
  }
  const clang::FunctionDecl* f = enclosing_function(c_.ast(), *r);
  const auto* body = f ? llvm::dyn_cast_or_null<clang::CompoundStmt>(f->getBody()) : nullptr;
  const clang::SourceManager& sm = c_.sources();
  if (!body || sm.isBeforeInTranslationUnit(sm.getExpansionLoc(r->getBeginLoc()), sm.getExpansionLoc(body->getLBracLoc()))) {
    c_.error(r->getLocation(), "the namespace-scope __shared__ variable " + quoted(v) +
                                   " is used outside a function body; cusim's translator supports it inside kernels and "
                                   "device functions");
    return;
  }
  const auto brace = c_.written_here(body->getLBracLoc(), "the body of the function that uses " + quoted(v));
  if (!brace || !used_.insert({*brace, v->getCanonicalDecl()}).second) return;
  c_.edit({brace->file, brace->entry, brace->offset + 1}, 0, " CUSIM_SHARED_GLOBAL_USE(" + v->getNameAsString() + ");");
}

}  // namespace cusim::translate
