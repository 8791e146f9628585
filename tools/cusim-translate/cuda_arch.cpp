#include "tools/cusim-translate/cuda_arch.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Stmt.h>
#include <clang/Lex/Lexer.h>

#include <cstring>

#include "tools/cusim-translate/paths.hpp"

namespace cusim::translate {

std::pair<unsigned, unsigned> logical_line(llvm::StringRef text, unsigned at) {
  std::size_t begin = text.rfind('\n', at);
  begin = begin == llvm::StringRef::npos ? 0 : begin + 1;
  std::size_t end = at;
  while ((end = text.find('\n', end)) != llvm::StringRef::npos && end > 0 && text[end - 1] == '\\') ++end;
  if (end == llvm::StringRef::npos) end = text.size();
  return {static_cast<unsigned>(begin), static_cast<unsigned>(end)};
}

namespace {

// Whether `text` (a branch of a conditional) declares device code only (arch_conditionals.hpp);
// its own preprocessing directives are left out.
bool declares_device_code_only(llvm::StringRef branch, const clang::LangOptions& language) {
  std::string text = branch.str();
  for (std::size_t line = 0; line < text.size();) {
    const std::size_t first = text.find_first_not_of(" \t", line);
    const auto [begin, end] = logical_line(text, static_cast<unsigned>(line));
    if (first != std::string::npos && first < end && text[first] == '#')
      for (std::size_t k = begin; k < end; ++k) text[k] = ' ';
    line = end + 1;
  }
  clang::Lexer lexer(clang::SourceLocation(), language, text.data(), text.data(), text.data() + text.size());
  struct Declaration {
    bool any = false, device = false, refused = false, prefix = true, after_template = false;
    int angles = 0;  // depth inside a template's parameter list
    bool acceptable() const { return !any || (device && !refused); }
  } d;
  int depth = 0;
  for (clang::Token t;;) {
    lexer.LexFromRawLexer(t);
    if (t.is(clang::tok::eof)) break;
    if (depth == 0 && d.prefix) {
      d.any |= !t.is(clang::tok::semi);
      if (t.is(clang::tok::raw_identifier) && d.angles == 0) {
        const llvm::StringRef word = t.getRawIdentifier();
        if (word == "__device__" || word == "__global__" || word == "__constant__") d.device = true;
        if (word == "__host__" || word == "struct" || word == "class" || word == "union" || word == "enum" ||
            word == "namespace" || word == "typedef" || word == "using" || word == "extern")
          d.refused = true;
        if (word == "template") d.after_template = true;
      } else if (d.after_template && t.is(clang::tok::less)) {
        ++d.angles;
      } else if (d.angles > 0 && t.isOneOf(clang::tok::greater, clang::tok::greatergreater)) {
        d.angles -= t.is(clang::tok::greater) ? 1 : 2;
        if (d.angles <= 0) d.angles = 0, d.after_template = false;
      } else if (d.angles == 0 && t.isOneOf(clang::tok::l_paren, clang::tok::l_brace, clang::tok::equal)) {
        d.prefix = false;
      }
    }
    if (t.isOneOf(clang::tok::l_paren, clang::tok::l_brace, clang::tok::l_square)) ++depth;
    const bool closes = t.isOneOf(clang::tok::r_paren, clang::tok::r_brace, clang::tok::r_square);
    if (closes) --depth;
    if (depth == 0 && (t.is(clang::tok::semi) || (closes && t.is(clang::tok::r_brace)))) {
      if (!d.acceptable()) return false;
      d = Declaration{};
    }
  }
  return d.acceptable() && depth == 0;
}

}  // namespace

void CudaArchRewriter::function(const clang::FunctionDecl* f) {
  if (!f->doesThisDeclarationHaveABody() || !f->getBody()) return;
  if (const clang::SourceRange r = f->getBody()->getSourceRange(); !r.getBegin().isMacroID() && !r.getEnd().isMacroID()) {
    const clang::SourceManager& sm = c_.sources();
    const auto [file, begin] = sm.getDecomposedLoc(r.getBegin());
    if (const clang::FileEntry* entry = sm.getFileEntryForID(file)) bodies_[entry].push_back({begin, sm.getFileOffset(r.getEnd())});
  }
  const bool device_only = f->hasAttr<clang::CUDAGlobalAttr>() ||
                           (f->hasAttr<clang::CUDADeviceAttr>() && !f->hasAttr<clang::CUDAHostAttr>());
  if (!device_only) return;
  const clang::SourceRange body = f->getBody()->getSourceRange();
  if (body.getBegin().isMacroID() || body.getEnd().isMacroID() || !c_.is_user_file(body.getBegin())) return;
  const clang::SourceManager& sm = c_.sources();
  const auto [file, begin] = sm.getDecomposedLoc(body.getBegin());
  const auto [end_file, end] = sm.getDecomposedLoc(body.getEnd());
  if (end_file != file) return;
  const clang::FileEntry* entry = sm.getFileEntryForID(file);
  if (!entry || !done_.insert({entry, begin}).second) return;
  for (const RawToken& t : c_.raw_tokens(file, begin, end + 1)) {
    const bool cuda = t.text == kCudaArch;
    if (!cuda && t.text != kCusimArch) continue;
    c_.edit(Place{file, entry, t.offset}, t.length, kCusimArch);
    if (cuda) found_.insert({absolute_path(entry->getName()), t.offset});
  }
}

void CudaArchRewriter::file_scope(const std::vector<ArchConditional>& chains) {
  const clang::SourceManager& sm = c_.sources();
  for (const ArchConditional& chain : chains) {
    const clang::SourceLocation first = chain.directives.front();
    if (first.isMacroID() || !c_.is_user_file(first)) continue;
    const auto [file, at] = sm.getDecomposedLoc(first);
    const clang::FileEntry* entry = sm.getFileEntryForID(file);
    if (!entry || !done_.insert({entry, at}).second) continue;
    bool in_function = false;
    for (const auto& [begin, end] : bodies_[entry]) in_function |= at > begin && at < end;
    if (in_function) continue;  // a device function's is rewritten with its body; a host function's stays
    const llvm::StringRef text = sm.getBufferData(file);
    std::vector<std::pair<unsigned, unsigned>> lines;
    for (clang::SourceLocation d : chain.directives) lines.push_back(logical_line(text, sm.getFileOffset(d)));
    bool device = true;
    for (std::size_t k = 0; k + 1 < lines.size() && device; ++k)
      device = lines[k].second <= lines[k + 1].first &&
               declares_device_code_only(text.slice(lines[k].second, lines[k + 1].first), c_.ast().getLangOpts());
    if (!device) continue;
    for (const auto& [begin, end] : lines)
      for (const RawToken& t : c_.raw_tokens(file, begin, end)) {
        const bool cuda = t.text == kCudaArch;
        if (!cuda && t.text != kCusimArch) continue;
        c_.edit(Place{file, entry, t.offset}, t.length, kCusimArch);
        if (cuda) found_.insert({absolute_path(entry->getName()), t.offset});
      }
  }
}

}  // namespace cusim::translate
