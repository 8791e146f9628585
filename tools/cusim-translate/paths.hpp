// Paths as the translator names files: absolute, with `.` and `..` removed (links not resolved,
// so that a file is named as the user's build found it).
#pragma once
#include <llvm/ADT/StringRef.h>

#include <string>

namespace cusim::translate {

std::string absolute_path(llvm::StringRef path);

}  // namespace cusim::translate
