#include "tools/cusim-translate/compile_command.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include "tools/common/run_command.hpp"
#include "tools/cusim-translate/paths.hpp"

namespace cusim::translate {
namespace {

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// GCC options whose value is the next argument.
const std::set<std::string> kWithValue = {"-o", "-MF", "-MT", "-MQ", "-I", "-isystem", "-iquote", "-idirafter",
                                          "-include", "-imacros", "-D", "-U", "-x", "-Xlinker", "-Xassembler",
                                          "-Xpreprocessor", "--param", "-aux-info", "-T", "-u", "-z", "-e", "-L",
                                          "-l", "-MJ", "-dumpbase", "-dumpdir", "-B", "-isysroot", "--sysroot"};
// Those of them that the parse needs too (what the preprocessor sees).
const std::set<std::string> kForParse = {"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-D", "-U"};
// Those whose value is a folder searched for headers.
const std::set<std::string> kFolders = {"-I", "-isystem", "-iquote", "-idirafter"};

// How a CUDA source is compiled beyond the user's own flags:
// - its arithmetic as nvcc compiles device code by default (-fmad=true): a multiply followed by an
//   add contracts into one fused multiply-add, rounded once, so that results are the GPU's bit for
//   bit (cuda-samples' scalarProd prints the H100's L1 error only so). On x86-64 the fused
//   instruction needs FMA3, used only where the building machine has it (the program then runs
//   where it was built); AArch64 always has it. Host code in the same file is contracted too, and
//   a later -ffp-contract=off (cusim-nvcc -fmad=false) turns it all off.
// - no sibling calls: a call that ends a kernel (`if (i == 0) cudaFree(p);`, free(), a trap)
//   would otherwise return into the engine, and a finding about it would name the engine's line.
// - stack probes: a frame larger than the stack's guard region (a large local array, an alloca)
//   is touched page by page from the top, so that its overflow hits the guard (a stack-overflow
//   finding) instead of landing in another simulated thread's stack.
std::vector<std::string> device_code_flags() {
  std::vector<std::string> flags{"-ffp-contract=fast", "-fno-optimize-sibling-calls", "-fstack-clash-protection"};
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("fma")) flags.push_back("-mfma");
#endif
  return flags;
}

int run(const std::vector<std::string>& command) {
  std::string error;
  const int status = tools::run_command(command, &error);
  if (status < 0) {
    std::fprintf(stderr, "cusim-translate: error: %s\n", error.c_str());
    return 1;
  }
  return status;
}

bool write_file(const std::string& path, const std::string& text) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

// The dependency file names the mirrored files; a build system must see the user's.
void unmirror_depfile(const std::string& depfile, const std::string& out_dir) {
  std::ifstream in(depfile, std::ios::binary);
  if (!in) return;
  std::stringstream s;
  s << in.rdbuf();
  std::string text = s.str(), fixed;
  const std::string prefix = out_dir + "/";
  for (std::size_t at = 0;;) {
    const std::size_t found = text.find(prefix, at);
    fixed.append(text, at, found == std::string::npos ? std::string::npos : found - at);
    if (found == std::string::npos) break;
    fixed += '/';
    at = found + prefix.size();
  }
  std::ofstream(depfile, std::ios::binary) << fixed;
}

}  // namespace

int compile(const std::vector<std::string>& command, LaunchSettings settings) {
  // Find the source, the object and the dependency file; collect what the parse needs.
  int source = -1;
  std::string object, depfile;
  bool writes_deps = false;
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    std::string option, value;
    if (kWithValue.count(a) && i + 1 < command.size()) {
      option = a;
      value = command[++i];
    } else {
      for (const char* joined : {"-I", "-D", "-U", "-o"})
        if (a.size() > 2 && a.compare(0, 2, joined) == 0) option = joined, value = a.substr(2);
    }
    if (option == "-o") object = value;
    else if (option == "-MF") depfile = value;
    if (a == "-MD" || a == "-MMD") writes_deps = true;
    if (kForParse.count(option)) {
      settings.translation.parse_args.push_back(option);
      settings.translation.parse_args.push_back(kFolders.count(option) ? absolute_path(value) : value);
    }
    if (option.empty() && !a.empty() && a[0] != '-' &&
        (settings.as_cuda || ends_with(a, ".cu") || ends_with(a, ".CU"))) {
      if (source >= 0) {
        std::fprintf(stderr, "cusim-translate: error: one CUDA source per compile command (%s and %s)\n",
                     command[source].c_str(), a.c_str());
        return 1;
      }
      source = static_cast<int>(i);
    }
  }
  if (source < 0) return run(command);  // nothing to translate: a C++ source, a link

  settings.translation.source = command[source];
  std::vector<std::string> parse;
  for (const std::string& d : settings.include_first) parse.insert(parse.end(), {"-I", d});
  parse.insert(parse.end(), settings.translation.parse_args.begin(), settings.translation.parse_args.end());
  settings.translation.parse_args = parse;
  const Translation t = translate(settings.translation);
  if (!t.ok) return 1;

  if (object.empty()) object = llvm::sys::path::stem(command[source]).str() + ".o";
  const std::string out_dir = absolute_path(object + ".cusim");
  for (const SourceFile& f : t.files) {
    if (!write_file(mirrored_path(out_dir, f.path), mirrored_text(f))) {
      std::fprintf(stderr, "cusim-translate: error: cannot write %s\n", mirrored_path(out_dir, f.path).c_str());
      return 1;
    }
  }

  // The same command on the mirrored source; the mirror of each include folder comes first.
  std::vector<std::string> compile{command[0]};
  for (const std::string& d : settings.include_first) compile.insert(compile.end(), {"-I", d});
  compile.insert(compile.end(), {"-include", "crt/cusim_cuda_source.h"});
  for (const std::string& f : device_code_flags()) compile.push_back(f);
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    if (static_cast<int>(i) == source) {
      compile.insert(compile.end(), {"-x", "c++", mirrored_path(out_dir, t.files.front().path), "-x", "none"});
      continue;
    }
    std::string option, value;
    if (kFolders.count(a) && i + 1 < command.size()) option = a, value = command[i + 1];
    else if (a.size() > 2 && a.compare(0, 2, "-I") == 0) option = "-I", value = a.substr(2);
    if (!option.empty() && option != "-isystem" && option != "-idirafter")
      compile.insert(compile.end(), {option, mirrored_path(out_dir, absolute_path(value))});
    compile.push_back(a);
  }
  // Headers the parse did not reach (other conditional includes) are still found beside the
  // original, after every other folder: an -iquote would come before the include folders' mirrors,
  // and a header of the user's in another folder that includes one beside the source would read
  // the untranslated original besides the mirror's copy (two definitions, past #pragma once).
  compile.insert(compile.end(), {"-idirafter", llvm::sys::path::parent_path(absolute_path(command[source])).str()});
  const int status = run(compile);
  if (status == 0 && (writes_deps || !depfile.empty())) {
    if (depfile.empty()) {  // GCC's default: the object's name with .d for its extension
      llvm::SmallString<256> d(object);
      llvm::sys::path::replace_extension(d, "d");
      depfile = std::string(d);
    }
    unmirror_depfile(depfile, out_dir);
  }
  return status;
}

}  // namespace cusim::translate
