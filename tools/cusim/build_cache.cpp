#include "tools/cusim/build_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "tools/common/install_layout.hpp"
#include "tools/common/run_command.hpp"

namespace cusim::tool {
namespace {

namespace fs = std::filesystem;

// FNV-1a: a cache key, not a defence against anyone.
std::uint64_t hash_bytes(const std::string& bytes, std::uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::optional<std::string> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What identifies this cusim: the driver, the translator and the library it links, by size and
// modification time (a rebuilt cusim invalidates every entry).
std::string cusim_identity() {
  std::string id = CUSIM_VERSION;
  for (tools::Part part : {tools::Part::nvcc, tools::Part::translator, tools::Part::library}) {
    const std::string path = tools::part_path(part);
    struct stat st {};
    stat(path.c_str(), &st);
    id += "|" + path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
          std::to_string(st.st_mtim.tv_nsec);
  }
  return id;
}

// The files listed in a Make dependency file (after the target's colon).
std::vector<std::string> dependencies(const std::string& text) {
  std::vector<std::string> files;
  const std::size_t colon = text.find(": ");
  std::string word;
  for (std::size_t i = colon == std::string::npos ? 0 : colon + 2; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
      continue;
    }
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {
      word += ' ';
      ++i;
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\t') {
      if (!word.empty()) files.push_back(word);
      word.clear();
      if (c == '\n') break;  // the first rule only
    } else {
      word += c;
    }
  }
  return files;
}

// Whether every file in `stamp` ("<hash> <path>" lines) still has that content.
bool stamp_holds(const std::string& stamp) {
  const auto text = read_all(stamp);
  if (!text) return false;
  std::istringstream lines(*text);
  std::string line;
  bool any = false;
  while (std::getline(lines, line)) {
    const std::size_t space = line.find(' ');
    if (space == std::string::npos) return false;
    const auto content = read_all(line.substr(space + 1));
    if (!content || hex(hash_bytes(*content)) != line.substr(0, space)) return false;
    any = true;
  }
  return any;
}


}  // namespace

std::string cache_root() {
  if (const char* d = std::getenv("CUSIM_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/cusim";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/cusim";
  return (fs::temp_directory_path() / ("cusim-cache-" + std::to_string(getuid()))).string();
}

std::optional<CachedBuild> build_cached(const std::string& source, bool fast, std::string* error) {
  // One entry per source as named from this folder (findings name it the way it was named).
  std::error_code ec;
  const std::string key = fs::current_path(ec).string() + "\n" + source + "\n" + (fast ? "fast" : "checked") + "\n" +
                          cusim_identity();
  const fs::path entry = fs::path(cache_root()) / "build" / hex(hash_bytes(key));
  const std::string program = (entry / "program").string(), stamp = (entry / "stamp").string();
  if (access(program.c_str(), X_OK) == 0 && stamp_holds(stamp)) return CachedBuild{program, false};

  fs::create_directories(entry, ec);
  if (ec) {
    *error = "cannot make the build cache's folder " + entry.string() + ": " + ec.message();
    return std::nullopt;
  }
  const std::string building = program + ".building." + std::to_string(getpid());
  const std::string depfile = (entry / "deps.d").string();
  std::vector<std::string> command{tools::part_path(tools::Part::nvcc), "-MMD", "-MF", depfile, "-o", building, source};
  if (fast) command.push_back("--fast");
  std::string why;
  if (const int status = tools::run_command(command, &why); status != 0) {
    unlink(building.c_str());
    *error = status < 0 ? why : source + " did not build (cusim-nvcc exited with status " + std::to_string(status) + ")";
    return std::nullopt;
  }
  // The stamp: every file the build read, with the hash of its content now.
  std::string lines;
  if (const auto deps = read_all(depfile))
    for (const std::string& file : dependencies(*deps))
      if (const auto content = read_all(file)) lines += hex(hash_bytes(*content)) + " " + file + "\n";
  if (rename(building.c_str(), program.c_str()) != 0) {
    *error = "cannot keep the built program in " + entry.string() + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::ofstream(stamp, std::ios::binary) << lines;
  return CachedBuild{program, true};
}

}  // namespace cusim::tool
