#include "tools/cusim/temporary_folder.hpp"

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>

namespace cusim::tool {

TemporaryFolder::TemporaryFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/cusim-run-XXXXXX";
  if (mkdtemp(pattern.data())) path_ = pattern;
}

void TemporaryFolder::remove() {
  if (path_.empty()) return;
  if (DIR* d = opendir(path_.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") unlink(file(name).c_str());
    }
    closedir(d);
  }
  rmdir(path_.c_str());
  path_.clear();
}

}  // namespace cusim::tool
