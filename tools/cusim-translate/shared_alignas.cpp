#include "tools/cusim-translate/shared_alignas.hpp"

#include <clang/Basic/LangOptions.h>
#include <clang/Lex/Lexer.h>

#include <cstring>

namespace cusim::translate {

std::optional<std::string> alignas_after_shared(const std::string& text) {
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = lang.CUDA = true;
  clang::Lexer lexer(clang::SourceLocation(), lang, text.data(), text.data(), text.data() + text.size());
  std::string out = text;
  bool changed = false, after_shared = false;
  clang::Token t;
  for (lexer.LexFromRawLexer(t); t.isNot(clang::tok::eof); lexer.LexFromRawLexer(t)) {
    const bool identifier = t.is(clang::tok::raw_identifier);
    if (after_shared && identifier && t.getRawIdentifier() == "alignas") {
      // The raw lexer's locations are offsets from the start of `text` (its file location is 0).
      out.replace(t.getLocation().getRawEncoding(), std::strlen(kAlignasAfterShared), kAlignasAfterShared);
      changed = true;
    }
    after_shared = identifier && t.getRawIdentifier() == "__shared__";
  }
  if (!changed) return std::nullopt;
  return out;
}

}  // namespace cusim::translate
