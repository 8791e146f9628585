// cusim-translate: plain CUDA in, the C++ that cusim compiles out (docs/FRONTEND.md).
//
//   cusim-translate [--out-dir DIR] [--print] [--edits] [--depfile FILE] SOURCE [-- ARGS...]
//     translates SOURCE (ARGS: the -I, -D, -U, -include of its compile command) and writes each
//     file of the user's it reads to DIR + its absolute path, under a #line naming the original;
//     --print writes the translated SOURCE to stdout, --edits lists each rewrite of every file
//     ("<file> <offset> <length> <replacement>"), --depfile lists the files read (Make syntax).
//   cusim-translate --compile [--as-cuda] COMPILER ARGS...
//     the compiler launcher (compile_command.hpp).
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include "tools/common/install_layout.hpp"
#include "tools/cusim-translate/compile_command.hpp"
#include "tools/cusim-translate/edits.hpp"
#include "tools/cusim-translate/translate.hpp"

namespace {

using namespace cusim::translate;
using cusim::tools::Part;
using cusim::tools::part_path;

int usage(const std::string& message) {
  std::fprintf(stderr,
               "cusim-translate: error: %s\n"
               "usage: cusim-translate [--out-dir DIR] [--print] [--edits] [--depfile FILE] SOURCE [-- ARGS...]\n"
               "       cusim-translate --compile [--as-cuda] COMPILER ARGS...\n",
               message.c_str());
  return 2;
}

// Where cusim's headers are: in the source tree, or under the install prefix
// (tools/common/install_layout.hpp); Clang's, as found when cusim was built (its CMakeLists.txt).
Settings built_in() {
  Settings s;
  s.own_prefixes = {part_path(Part::runtime_headers) + "/"};
  s.prelude = part_path(Part::parse_prelude);
  s.resource_dir = CUSIM_CLANG_RESOURCE_DIR;
  return s;
}
std::vector<std::string> include_first() {
  return {part_path(Part::toolkit_headers), part_path(Part::runtime_headers)};
}

bool readable_file(const std::string& path, std::string* why) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    *why = std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    *why = "is a folder";
    return false;
  }
  return true;
}

int translate_only(const std::vector<std::string>& args) {
  std::string out_dir, depfile, source;
  bool print = false, list_edits = false;
  std::vector<std::string> parse;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      parse.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if ((a == "--out-dir" || a == "--depfile") && i + 1 < args.size()) (a == "--out-dir" ? out_dir : depfile) = args[++i];
    else if (a == "--print") print = true;
    else if (a == "--edits") list_edits = true;
    else if (!a.empty() && a[0] == '-') return usage("unknown option '" + a + "'");
    else if (!source.empty()) return usage("one source at a time ('" + source + "' and '" + a + "')");
    else source = a;
  }
  if (source.empty()) return usage("no source file");
  if (std::string why; !readable_file(source, &why)) {
    std::fprintf(stderr, "cusim-translate: error: %s: %s\n", source.c_str(), why.c_str());
    return 1;
  }
  Settings s = built_in();
  s.source = source;
  for (const std::string& d : include_first()) s.parse_args.insert(s.parse_args.end(), {"-I", d});
  s.parse_args.insert(s.parse_args.end(), parse.begin(), parse.end());
  const Translation t = translate(s);
  if (!t.ok) return 1;
  if (print) std::fputs(t.files.front().text.c_str(), stdout);
  if (list_edits) {
    // For the test that checks that nothing outside these ranges changed: each replacement on a
    // line of its own, its text in brackets (no edit holds a line break).
    for (const SourceFile& f : t.files) {
      if (!f.rewritten) continue;
      std::printf("file %s\n", f.path.c_str());
      for (const Edit& e : f.edits) std::printf("edit %u %u [%s]\n", e.offset, e.length, e.text.c_str());
    }
  }
  if (!out_dir.empty()) {
    for (const SourceFile& f : t.files) {
      const std::string path = mirrored_path(out_dir, f.path);
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
      std::ofstream out(path, std::ios::binary);
      out << mirrored_text(f);
      if (!out.flush()) {
        std::fprintf(stderr, "cusim-translate: error: cannot write %s\n", path.c_str());
        return 1;
      }
    }
  }
  if (!depfile.empty()) {
    std::ofstream out(depfile, std::ios::binary);
    out << source << ":";
    for (const SourceFile& f : t.files) out << " \\\n  " << f.path;
    out << "\n";
  }
  return 0;
}

// A fault in the translator itself ends it with a message that says so, never a bare crash.
void on_internal_fault(int signo) {
  static const char message[] = "cusim-translate: internal error (a fault inside the translator); please report it with the source file\n";
  (void)!write(2, message, sizeof message - 1);
  signal(signo, SIG_DFL);
  raise(signo);
}

}  // namespace

int main(int argc, char** argv) {
  for (int signo : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) signal(signo, on_internal_fault);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage("no source file");
  if (args[0] == "--help" || args[0] == "-h") {
    std::printf("cusim-translate: plain CUDA in, the C++ that cusim compiles out (docs/FRONTEND.md)\n");
    return 0;
  }
  if (args[0] == "--compile") {
    LaunchSettings s;
    s.translation = built_in();
    s.include_first = include_first();
    std::size_t i = 1;
    if (i < args.size() && args[i] == "--as-cuda") s.as_cuda = true, ++i;
    if (i >= args.size()) return usage("--compile needs a compiler command");
    return compile(std::vector<std::string>(args.begin() + static_cast<std::ptrdiff_t>(i), args.end()), s);
  }
  return translate_only(args);
}
