#include "tools/cusim-translate/arch_conditionals.hpp"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Token.h>

#include "tools/cusim-translate/cuda_arch.hpp"

namespace cusim::translate {
namespace {

// Whether the directive at `loc` (its logical line, continuations included) names the architecture.
bool names_arch(const clang::SourceManager& sm, clang::SourceLocation loc) {
  if (loc.isInvalid() || loc.isMacroID()) return false;
  const auto [file, at] = sm.getDecomposedLoc(loc);
  bool invalid = false;
  const llvm::StringRef text = sm.getBufferData(file, &invalid);
  if (invalid || at > text.size()) return false;
  const llvm::StringRef line = text.slice(at, logical_line(text, at).second);
  return line.contains(kCudaArch) || line.contains(kCusimArch);
}

bool is_arch_name(const clang::Token& t) {
  const clang::IdentifierInfo* id = t.getIdentifierInfo();
  return id && (id->getName() == kCudaArch || id->getName() == kCusimArch);
}

}  // namespace

void ArchConditionalRecorder::open(clang::SourceLocation loc, bool arch) {
  Open o;
  o.if_loc = loc;
  o.names_arch = arch;
  o.chain.directives.push_back(loc);
  open_.push_back(std::move(o));
}

void ArchConditionalRecorder::add(clang::SourceLocation loc, clang::SourceLocation if_loc, bool arch, bool last) {
  if (open_.empty() || open_.back().if_loc != if_loc) return;  // a chain opened where we did not see it
  Open& o = open_.back();
  o.names_arch |= arch;
  o.chain.directives.push_back(loc);
  if (!last) return;
  if (o.names_arch && !sm_.isInSystemHeader(o.if_loc) && sm_.isWrittenInSameFile(o.if_loc, loc))
    out_.push_back(std::move(o.chain));
  open_.pop_back();
}

void ArchConditionalRecorder::If(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind) {
  open(loc, names_arch(sm_, loc));
}
void ArchConditionalRecorder::Elif(clang::SourceLocation loc, clang::SourceRange, ConditionValueKind,
                                   clang::SourceLocation if_loc) {
  add(loc, if_loc, names_arch(sm_, loc), false);
}
void ArchConditionalRecorder::Ifdef(clang::SourceLocation loc, const clang::Token& name, const clang::MacroDefinition&) {
  open(loc, is_arch_name(name));
}
void ArchConditionalRecorder::Ifndef(clang::SourceLocation loc, const clang::Token& name, const clang::MacroDefinition&) {
  open(loc, is_arch_name(name));
}
void ArchConditionalRecorder::Else(clang::SourceLocation loc, clang::SourceLocation if_loc) { add(loc, if_loc, false, false); }
void ArchConditionalRecorder::Endif(clang::SourceLocation loc, clang::SourceLocation if_loc) { add(loc, if_loc, false, true); }

}  // namespace cusim::translate
