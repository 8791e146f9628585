// A file cusim writes at a path the user named: the findings report, the trace, the statistics'
// JSON, the access maps. Nothing of the user's is destroyed on the way (docs/CONFIGURATION.md,
// "Output files"):
// - a regular file, or a path where nothing exists yet, is written to a new temporary file in
//   the same folder, which replaces it in one rename once everything is written; a file that
//   already exists keeps its permissions;
// - a device, a FIFO or another special file is opened and written in place, never removed or
//   replaced (a FIFO waits for its reader, as a shell redirection does);
// - a symbolic link is followed: the file it names is written by these rules, the link stays;
// - a folder, a socket, a missing folder or a folder cusim may not create files in is an error
//   that names the path and the reason; nothing is created or changed.
#pragma once
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace cusim::sim::io {

// Why `path` cannot be written by the rules above, or "" if it can. Creates and changes nothing,
// so that settings are checked before a program starts, not when it ends.
std::string unwritable_reason(const std::string& path);

// One output being written: open(), write to stream(), commit().
class OutputFile {
 public:
  // Prepares `path`; nullptr, with the reason in *error, if it cannot be written.
  static std::unique_ptr<OutputFile> open(const std::string& path, std::string* error);
  ~OutputFile();  // a temporary file not committed is removed; the target stays as it was
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* stream() const { return stream_; }
  // Whether the target is written in place (a special file) rather than replaced.
  bool in_place() const { return temporary_.empty(); }
  // Flushes and closes the stream and, for a regular file, renames the temporary file over the
  // target. false, with the reason in *error, if any write failed (the target then stays as it was).
  bool commit(std::string* error);

 private:
  OutputFile() = default;
  std::FILE* stream_ = nullptr;
  std::string target_;     // the path written: `path` with symbolic links followed
  std::string temporary_;  // the temporary file beside target_, or empty when writing in place
};

// open(), one write of `data`, commit().
bool write_output(const std::string& path, std::string_view data, std::string* error);

}  // namespace cusim::sim::io
