// What the two rewriters (shared_decls, launches) share while they walk one translation unit:
// where a token was written, the raw text around it, the edits made so far per file, and errors
// reported through Clang's own diagnostics, so that they read as Clang's do (file:line:col).
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/cusim-translate/edits.hpp"

namespace cusim::translate {

// A place in the text of a file the translator may edit. A header included twice is one file
// (`entry`) read at two FileIDs; places compare by file and offset.
struct Place {
  clang::FileID file;
  const clang::FileEntry* entry = nullptr;
  unsigned offset = 0;
  bool operator<(const Place& o) const { return entry < o.entry || (entry == o.entry && offset < o.offset); }
  bool operator==(const Place& o) const { return entry == o.entry && offset == o.offset; }
};

// A token found by lexing a file's raw text (no macro expanded).
struct RawToken {
  unsigned offset = 0, length = 0;
  std::string text;
};

class RewriteContext {
 public:
  RewriteContext(clang::ASTContext& ast, std::vector<std::string> own_prefixes);

  clang::ASTContext& ast() { return ast_; }
  const clang::SourceManager& sources() const { return sm_; }

  // Where the token at `loc` was written (its spelling: for a token from a macro, in the macro's
  // definition or argument), if that is text of a file the user owns; otherwise an error that
  // names `what` and nullopt.
  std::optional<Place> place(clang::SourceLocation loc, const std::string& what);
  // The same for a location that must be written where it appears (not produced by a macro).
  std::optional<Place> written_here(clang::SourceLocation loc, const std::string& what);
  // Where `loc` is written in a macro's definition: the token itself for one of the body's, the
  // parameter it was passed to for a macro argument, the macro's name for a token of a macro
  // expanded in the body; an edit there applies to every expansion alike. A location written in
  // the source is its own place.
  std::optional<Place> in_definition(clang::SourceLocation loc, const std::string& what);
  // Whether the file holding `loc` belongs to the user (not a system header, not cusim's own).
  bool is_user_file(clang::SourceLocation loc) const;

  // The text of the token at `p`, and the offset just past it.
  std::string_view token(const Place& p) const;
  unsigned token_end(const Place& p) const { return p.offset + static_cast<unsigned>(token(p).size()); }
  // The raw tokens of `file` whose offsets lie in [begin, end).
  std::vector<RawToken> raw_tokens(clang::FileID file, unsigned begin, unsigned end) const;
  std::string_view text(clang::FileID file, unsigned begin, unsigned end) const;
  clang::SourceLocation location(const Place& p) const;

  void edit(const Place& p, unsigned length, std::string text) { edits_[p.entry].add({p.offset, length, std::move(text)}); }
  const std::map<const clang::FileEntry*, FileEdits>& edits() const { return edits_; }

  // Reports an error at `loc` as Clang reports its own; the translation then fails.
  void error(clang::SourceLocation loc, const std::string& message);
  bool failed() const { return failed_; }

 private:
  clang::ASTContext& ast_;
  const clang::SourceManager& sm_;
  std::vector<std::string> own_prefixes_;
  std::map<const clang::FileEntry*, FileEdits> edits_;
  bool failed_ = false;
};

}  // namespace cusim::translate
