#include "tools/cusim-translate/inline_assembly.hpp"

#include <clang/AST/Expr.h>
#include <clang/Basic/LangOptions.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "tools/cusim-translate/enclosing_function.hpp"
#include "tools/cusim-translate/ptx_instructions.hpp"

namespace cusim::translate {
namespace {

// The template with GCC's escapes resolved for translate_ptx: "%%" to "%". Named operands
// ("%[name]") are not taken: nvcc refuses them too.
// "%" and a letter stays as written: nvcc takes "%globaltimer" (one percent sign) for the register.
std::optional<std::string> resolve_escapes(const clang::GCCAsmStmt& s) {
  const std::string text = s.getAsmString()->getString().str();
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char next = text[i + 1];
    if (next == '%') {
      out += '%';
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(next)) || std::isalpha(static_cast<unsigned char>(next))) {
      out += '%';
    } else {
      return std::nullopt;  // "%=" and the like
    }
  }
  return out;
}

bool blank(const std::string& s) {
  for (char ch : s)
    if (!std::isspace(static_cast<unsigned char>(ch))) return false;
  return true;
}

}  // namespace

void InlineAssemblyRewriter::statement(const clang::GCCAsmStmt* s) {
  const clang::SourceLocation at = s->getAsmLoc();
  const clang::FunctionDecl* f = enclosing_function(c_.ast(), *s);
  if (!c_.is_user_file(c_.sources().getSpellingLoc(at)) || !in_device_code(c_.ast(), *s)) return;
  if (!done_.insert(at.getRawEncoding()).second) return;
  const bool device = device_only(f);
  const std::optional<std::string> text = resolve_escapes(*s);
  if (text && blank(*text)) return;

  std::vector<PtxOperand> operands;
  std::vector<const clang::Expr*> expressions;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
    operands.push_back({true});
    expressions.push_back(s->getOutputExpr(i));
  }
  for (unsigned i = 0; i < s->getNumInputs(); ++i) {
    operands.push_back({false});
    expressions.push_back(s->getInputExpr(i));
  }
  PtxTranslation t;
  if (!text) t.error = "inline PTX with an operand escape cusim does not take (%[name], %= and the like)";
  else if (s->isAsmGoto()) t.error = "inline PTX with goto labels is not simulated by cusim";
  else t = translate_ptx(*text, operands);
  if (!t.error.empty()) {
    if (device)
      c_.error(at, t.error + "; docs/FRONTEND.md lists the PTX cusim runs, or write it with CUDA's intrinsics (__popc(), "
                             "__brev(), __byte_perm(), __funnelshift_l()...)");
    return;
  }

  // asm volatile("..." : "=r"(out) : "r"(in)) becomes [](auto& o, auto i) { ... }(out, in): the
  // text from `asm` to the first operand, between operands and after the last is replaced, so the
  // operands' own text (and any edit in it) stays.
  const std::string what = "this inline PTX";
  const auto keyword = c_.in_definition(at, what), close = c_.in_definition(s->getRParenLoc(), what);
  if (!keyword || !close) return;
  std::vector<std::pair<Place, Place>> spans;
  for (const clang::Expr* e : expressions) {
    const auto first = c_.in_definition(e->getBeginLoc(), what), last = c_.in_definition(e->getEndLoc(), what);
    if (!first || !last) return;
    spans.emplace_back(*first, *last);
  }
  // Edits need the pieces in order in one file (not spread over a macro's definition and its uses).
  bool ordered = close->entry == keyword->entry;
  unsigned previous_end = keyword->offset;
  for (const auto& [first, last] : spans) {
    ordered = ordered && first.entry == keyword->entry && last.entry == keyword->entry && first.offset >= previous_end &&
              last.offset >= first.offset;
    previous_end = c_.token_end(last);
  }
  if (!ordered || close->offset < previous_end) {
    c_.error(at, "cusim's translator cannot rewrite this inline PTX: its operands are not written in order in one file");
    return;
  }
  std::string parameters;
  for (unsigned i = 0; i < operands.size(); ++i)
    parameters += (i ? ", " : "") + std::string(operands[i].output ? "auto& " : "auto ") + ptx_operand_name(i);
  const std::string lambda = "[](" + parameters + ") { " + t.body + "}(";
  const unsigned after_close = c_.token_end(*close);
  if (spans.empty()) {
    replace(*keyword, after_close, lambda + ")");
    return;
  }
  replace(*keyword, spans.front().first.offset, lambda);
  for (std::size_t i = 1; i < spans.size(); ++i)
    replace({keyword->file, keyword->entry, c_.token_end(spans[i - 1].second)}, spans[i].first.offset, ", ");
  replace({keyword->file, keyword->entry, c_.token_end(spans.back().second)}, after_close, ")");
}

// Replaces [from, end) with `text`, keeping its line breaks and comments: a statement written over
// several lines keeps every later line where it was, a comment between the string's pieces stays
// where it was written, and the text goes where the first edit is.
void InlineAssemblyRewriter::replace(const Place& from, unsigned end, const std::string& text) {
  const std::string_view original = c_.text(from.file, from.offset, end);
  std::vector<std::pair<std::size_t, std::size_t>> kept;  // [begin, end) of each comment
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = true;
  const std::string lexed(original);  // the lexer reads up to a terminating NUL
  clang::Lexer lexer(clang::SourceLocation(), lang, lexed.data(), lexed.data(), lexed.data() + lexed.size());
  lexer.SetCommentRetentionState(true);
  clang::Token t;
  for (lexer.LexFromRawLexer(t); t.isNot(clang::tok::eof); lexer.LexFromRawLexer(t))
    if (t.is(clang::tok::comment)) {
      const std::size_t at = t.getLocation().getRawEncoding();  // an offset in `original` (file location 0)
      kept.emplace_back(at, at + t.getLength());
    }
  std::string rest = text;
  auto edit = [&](std::size_t begin, std::size_t stop) {
    if (stop > begin || !rest.empty()) c_.edit({from.file, from.entry, from.offset + static_cast<unsigned>(begin)}, static_cast<unsigned>(stop - begin), rest);
    rest.clear();
  };
  // Each line's text but its comments; a block comment may span lines.
  auto edit_around_comments = [&](std::size_t begin, std::size_t stop) {
    for (const auto& [comment, after] : kept) {
      if (after <= begin || comment >= stop) continue;
      if (comment > begin) edit(begin, comment);
      begin = std::max(begin, after);
    }
    if (stop > begin || !rest.empty()) edit(begin, std::max(begin, stop));
  };
  std::size_t at = 0;
  for (std::size_t nl; (nl = original.find('\n', at)) != std::string_view::npos; at = nl + 1) edit_around_comments(at, nl);
  edit_around_comments(at, original.size());
}

}  // namespace cusim::translate
