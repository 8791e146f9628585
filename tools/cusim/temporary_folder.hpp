// A folder of cusim's own under $TMPDIR (or /tmp), for the files a run reads back; removed with
// its files when the run ends, however it ends (the stop signals: spawn.hpp).
#pragma once
#include <string>

namespace cusim::tool {

class TemporaryFolder {
 public:
  TemporaryFolder();
  ~TemporaryFolder() { remove(); }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;

  bool ok() const { return !path_.empty(); }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  // Removes the folder and the files in it (it holds no subfolders).
  void remove();

 private:
  std::string path_;
};

}  // namespace cusim::tool
