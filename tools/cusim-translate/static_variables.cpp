#include "tools/cusim-translate/static_variables.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>

#include <string>

#include "tools/cusim-translate/paths.hpp"

namespace cusim::translate {
namespace {

// The kind CUSIM_STATIC_VARIABLE names, or nullptr for a variable that is not CUDA's.
const char* cuda_kind(const clang::VarDecl* v) {
  if (v->hasAttr<clang::CUDASharedAttr>()) return nullptr;
  if (v->hasAttr<clang::HIPManagedAttr>()) return "managed";
  if (v->hasAttr<clang::CUDAConstantAttr>()) return "constant";
  if (v->hasAttr<clang::CUDADeviceAttr>()) return "device";
  return nullptr;
}

std::string string_literal(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

}  // namespace

void StaticVariableRewriter::declaration(const clang::VarDecl* v) {
  const char* kind = cuda_kind(v);
  if (!kind || !v->isFileVarDecl() || v->isStaticDataMember() || v->isInline() || v->isTemplated() ||
      v->getTLSKind() != clang::VarDecl::TLS_None ||
      v->isThisDeclarationADefinition() != clang::VarDecl::Definition ||
      c_.ast().getBaseElementType(v->getType()).isConstQualified() || !c_.is_user_file(v->getLocation()))
    return;
  const clang::SourceManager& sm = c_.sources();
  // Only a declaration written where it stands (its first token may be a qualifier's macro, as
  // __device__ is), of this one variable, is rewritten: one made by a macro, or a group, is left
  // as it is (unchecked) rather than refused.
  const clang::SourceLocation first = sm.getExpansionLoc(v->getBeginLoc());
  if (v->getLocation().isMacroID() || v->getEndLoc().isMacroID()) return;
  const clang::FileID file = sm.getFileID(first);
  const clang::FileEntry* entry = sm.getFileEntryForID(file);
  if (!entry || file != sm.getFileID(v->getLocation()) || file != sm.getFileID(v->getEndLoc())) return;
  const unsigned begin = sm.getFileOffset(first), name = sm.getFileOffset(v->getLocation()),
                 end = sm.getFileOffset(v->getEndLoc());
  if (!done_.insert({file, entry, begin}).second) return;
  int depth = 0;
  for (const RawToken& t : c_.raw_tokens(file, begin, name)) {
    if (t.text == "(" || t.text == "[" || t.text == "{" || t.text == "<") ++depth;
    else if (t.text == ")" || t.text == "]" || t.text == "}" || t.text == ">") --depth;
    else if (t.text == "," && depth == 0) return;  // a later declarator of a group
  }
  const Place last{file, entry, end};
  const unsigned from = c_.token_end(last);
  const std::string_view rest = c_.text(file, from, ~0u);
  depth = 0;
  for (const RawToken& t : c_.raw_tokens(file, from, from + static_cast<unsigned>(rest.size()))) {
    if (t.text == "(" || t.text == "[" || t.text == "{") {
      ++depth;
    } else if (t.text == ")" || t.text == "]" || t.text == "}") {
      --depth;
    } else if (t.text == "," && depth == 0) {
      return;  // the first declarator of a group
    } else if (t.text == ";" && depth == 0) {
      const std::string section = v->hasInit() ? "data" : "bss";
      // The guard's name depends on the variable alone (a header's rewrite is the same in every
      // translation unit), and is unique: two variables of one name and line would be one.
      const std::string line = std::to_string(sm.getSpellingLineNumber(v->getLocation()));
      const std::string id = v->getNameAsString() + "_" + line;
      c_.edit({file, entry, begin}, 0, "CUSIM_STATIC_VARIABLE_SECTION(" + section + ") ");
      c_.edit({file, entry, t.offset + 1}, 0,
              " CUSIM_STATIC_VARIABLE(" + v->getNameAsString() + ", " + section + ", " + kind + ", " + id + ", " +
                  string_literal(absolute_path(entry->getName())) + ", " + line + ")");
      return;
    }
  }
}

}  // namespace cusim::translate
