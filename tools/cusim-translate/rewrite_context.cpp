#include "tools/cusim-translate/rewrite_context.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Lex/Lexer.h>

namespace cusim::translate {

RewriteContext::RewriteContext(clang::ASTContext& ast, std::vector<std::string> own_prefixes)
    : ast_(ast), sm_(ast.getSourceManager()), own_prefixes_(std::move(own_prefixes)) {}

bool RewriteContext::is_user_file(clang::SourceLocation loc) const {
  if (loc.isInvalid()) return false;
  const clang::SourceLocation spelling = sm_.getSpellingLoc(loc);
  if (sm_.isInSystemHeader(spelling)) return false;
  const clang::FileEntry* entry = sm_.getFileEntryForID(sm_.getFileID(spelling));
  if (!entry) return false;  // <built-in>, <scratch space>
  const llvm::StringRef real = entry->tryGetRealPathName();
  const std::string path = real.empty() ? entry->getName().str() : real.str();
  for (const std::string& prefix : own_prefixes_)
    if (path.compare(0, prefix.size(), prefix) == 0) return false;
  return true;
}

std::optional<Place> RewriteContext::place(clang::SourceLocation loc, const std::string& what) {
  const clang::SourceLocation spelling = sm_.getSpellingLoc(loc);
  if (!is_user_file(spelling)) {
    error(loc, what + " is written in a header the translator does not rewrite (a system header, or cusim's own)");
    return std::nullopt;
  }
  const auto [file, offset] = sm_.getDecomposedLoc(spelling);
  return Place{file, sm_.getFileEntryForID(file), offset};
}

std::optional<Place> RewriteContext::written_here(clang::SourceLocation loc, const std::string& what) {
  if (loc.isMacroID()) {
    error(loc, what + " comes from a macro; cusim's translator rewrites it only where it is written in the source");
    return std::nullopt;
  }
  return place(loc, what);
}

std::optional<Place> RewriteContext::in_definition(clang::SourceLocation loc, const std::string& what) {
  // Up through the expansions until a token written in the user's own text: a macro argument
  // goes to its parameter in the body, a token of a macro expanded inside the body (cusim's
  // __shared__ itself) to that macro's name there.
  while (loc.isMacroID()) {
    if (!sm_.isMacroArgExpansion(loc)) {
      const clang::SourceLocation spelling = sm_.getImmediateSpellingLoc(loc);
      if (spelling.isFileID() && is_user_file(spelling)) return place(spelling, what);
    }
    loc = sm_.getImmediateExpansionRange(loc).getBegin();
  }
  return place(loc, what);
}

std::string_view RewriteContext::text(clang::FileID file, unsigned begin, unsigned end) const {
  const llvm::StringRef buffer = sm_.getBufferData(file);
  if (begin > buffer.size()) return {};
  return std::string_view(buffer.data() + begin, std::min<std::size_t>(end, buffer.size()) - begin);
}

std::string_view RewriteContext::token(const Place& p) const {
  const unsigned length = clang::Lexer::MeasureTokenLength(location(p), sm_, ast_.getLangOpts());
  return text(p.file, p.offset, p.offset + length);
}

clang::SourceLocation RewriteContext::location(const Place& p) const {
  return sm_.getLocForStartOfFile(p.file).getLocWithOffset(static_cast<int>(p.offset));
}

std::vector<RawToken> RewriteContext::raw_tokens(clang::FileID file, unsigned begin, unsigned end) const {
  const llvm::StringRef buffer = sm_.getBufferData(file);
  clang::Lexer lexer(sm_.getLocForStartOfFile(file), ast_.getLangOpts(), buffer.begin(), buffer.begin() + begin,
                     buffer.end());
  std::vector<RawToken> tokens;
  clang::Token t;
  for (bool last = false; !last;) {
    last = lexer.LexFromRawLexer(t);
    if (t.is(clang::tok::eof)) break;
    const unsigned offset = sm_.getFileOffset(t.getLocation());
    if (offset >= end) break;
    tokens.push_back({offset, t.getLength(), std::string(text(file, offset, offset + t.getLength()))});
  }
  return tokens;
}

void RewriteContext::error(clang::SourceLocation loc, const std::string& message) {
  clang::DiagnosticsEngine& diags = ast_.getDiagnostics();
  const unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  diags.Report(loc, id) << message;
  failed_ = true;
}

}  // namespace cusim::translate
