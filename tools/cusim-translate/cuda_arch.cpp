#include "tools/cusim-translate/cuda_arch.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/Stmt.h>

#include <cstring>

#include "tools/cusim-translate/paths.hpp"

namespace cusim::translate {

void CudaArchRewriter::function(const clang::FunctionDecl* f) {
  if (!f->doesThisDeclarationHaveABody() || !f->getBody()) return;
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

}  // namespace cusim::translate
