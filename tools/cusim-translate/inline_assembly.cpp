#include "tools/cusim-translate/inline_assembly.hpp"

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {

void InlineAssemblyCheck::statement(const clang::GCCAsmStmt* s) {
  const clang::SourceLocation at = s->getAsmLoc();
  if (!c_.is_user_file(c_.sources().getSpellingLoc(at)) || !device_only(enclosing_function(c_.ast(), *s))) return;
  if (!reported_.insert(at.getRawEncoding()).second) return;
  c_.error(at,
           "inline PTX assembly in device code is not simulated by cusim; write it with CUDA's intrinsics instead "
           "(__popc(), __brev(), __byte_perm(), __funnelshift_l()..., and threadIdx.x % 32 for %laneid)");
}

}  // namespace cusim::translate
