#include "tools/cusim-translate/paths.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace cusim::translate {

std::string absolute_path(llvm::StringRef path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, true);
  return std::string(p);
}

}  // namespace cusim::translate
