#include "sim/io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>

namespace cusim::sim::io {
namespace {

// What a path names once symbolic links are followed.
struct Target {
  enum class Kind { absent, regular, special } kind = Kind::absent;
  std::string path;       // the file itself (links followed)
  struct stat st {};      // for regular and special files
};

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Follows `path` to what it names; "" on success, else why it cannot be written.
std::string resolve(const std::string& path, Target* t) {
  if (path.empty()) return "the path is empty";
  t->path = path;
  for (int links = 0;; ++links) {
    if (lstat(t->path.c_str(), &t->st) != 0) {
      if (errno != ENOENT) return std::strerror(errno);
      t->kind = Target::Kind::absent;
      break;
    }
    if (S_ISLNK(t->st.st_mode)) {
      if (links == 40) return "too many levels of symbolic links";
      char link[PATH_MAX];
      const ssize_t n = readlink(t->path.c_str(), link, sizeof link - 1);
      if (n < 0) return std::strerror(errno);
      link[n] = '\0';
      t->path = link[0] == '/' ? std::string(link) : folder_of(t->path) + "/" + link;
      continue;
    }
    if (S_ISDIR(t->st.st_mode)) return "it is a folder";
    if (S_ISSOCK(t->st.st_mode)) return "it is a socket";
    t->kind = S_ISREG(t->st.st_mode) ? Target::Kind::regular : Target::Kind::special;
    break;
  }
  if (t->kind == Target::Kind::special) {
    if (access(t->path.c_str(), W_OK) != 0) return std::strerror(errno);
    return "";
  }
  // A regular file or a new one: replaced through a temporary file in its folder.
  const std::string folder = folder_of(t->path);
  struct stat dir;
  if (stat(folder.c_str(), &dir) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return "the folder " + folder + " does not exist";
    return folder + ": " + std::strerror(errno);
  }
  if (!S_ISDIR(dir.st_mode)) return folder + " is not a folder";
  if (access(folder.c_str(), W_OK | X_OK) != 0)
    return "cannot create files in the folder " + folder + ": " + std::strerror(errno);
  return "";
}

}  // namespace

std::string unwritable_reason(const std::string& path) {
  Target t;
  return resolve(path, &t);
}

std::unique_ptr<OutputFile> OutputFile::open(const std::string& path, std::string* error) {
  Target t;
  if (std::string why = resolve(path, &t); !why.empty()) {
    *error = why;
    return nullptr;
  }
  std::unique_ptr<OutputFile> out(new OutputFile);
  out->target_ = t.path;
  int fd = -1;
  if (t.kind == Target::Kind::special) {
    // Written in place, never truncated or removed: /dev/null stays a device, a FIFO a FIFO.
    fd = ::open(t.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  } else {
    const std::size_t slash = t.path.find_last_of('/');
    const std::string name = slash == std::string::npos ? t.path : t.path.substr(slash + 1);
    out->temporary_ = folder_of(t.path) + "/." + name + ".cusim-XXXXXX";
    fd = mkostemp(out->temporary_.data(), O_CLOEXEC);
    if (fd < 0) out->temporary_.clear();
    if (fd >= 0) {
      // The new file gets the old one's permissions (and owner, where allowed), or the mode a
      // newly created file would have.
      if (t.kind == Target::Kind::regular) {
        (void)fchown(fd, t.st.st_uid, t.st.st_gid);
        (void)fchmod(fd, t.st.st_mode & 07777);
      } else {
        const mode_t mask = umask(0);
        umask(mask);
        (void)fchmod(fd, 0666 & ~mask);
      }
    }
  }
  if (fd < 0) {
    *error = std::strerror(errno);
    return nullptr;
  }
  out->stream_ = fdopen(fd, "w");
  if (!out->stream_) {
    *error = std::strerror(errno);
    close(fd);
    return nullptr;
  }
  return out;
}

OutputFile::~OutputFile() {
  if (stream_) std::fclose(stream_);
  if (!temporary_.empty()) unlink(temporary_.c_str());
}

bool OutputFile::commit(std::string* error) {
  bool ok = std::fflush(stream_) == 0 && std::ferror(stream_) == 0;
  int saved = errno;
  if (ok && !in_place() && fsync(fileno(stream_)) != 0) ok = false, saved = errno;
  if (std::fclose(stream_) != 0 && ok) ok = false, saved = errno;
  stream_ = nullptr;
  if (ok && !in_place()) {
    if (rename(temporary_.c_str(), target_.c_str()) != 0) ok = false, saved = errno;
    else temporary_.clear();
  }
  if (!ok) *error = std::strerror(saved ? saved : EIO);
  return ok;
}

bool write_output(const std::string& path, std::string_view data, std::string* error) {
  const std::unique_ptr<OutputFile> f = OutputFile::open(path, error);
  if (!f) return false;
  // A short write sets the stream's error, which commit() reports.
  std::fwrite(data.data(), 1, data.size(), f->stream());
  return f->commit(error);
}

}  // namespace cusim::sim::io
