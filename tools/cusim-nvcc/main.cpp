// cusim-nvcc: a compiler driver that takes nvcc's command line and builds the program for the
// simulator (docs/FRONTEND.md). Each .cu input goes through the translator (cusim-translate, as
// a compiler launcher) and the host compiler with the checkers' instrumentation (the checked
// build; --fast leaves it out); C++ and C inputs are compiled as host code; the link adds cusim's
// runtime and what it needs, never libtsan.
//   cusim-nvcc -o prog a.cu b.cpp -O2 -I include -DN=4 -std=c++17 -arch=sm_90
//   cusim-nvcc -c a.cu -o a.o && cusim-nvcc a.o b.o -o prog
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/common/install_layout.hpp"
#include "tools/common/run_command.hpp"
#include "tools/cusim-nvcc/nvcc_options.hpp"

namespace cusim::nvcc {
namespace {

// The libraries programs link besides cusim's, and what the checked build adds (CMakeLists.txt
// generates this). cusim's own parts: tools/common/install_layout.hpp.
#include "cusim_nvcc_paths.inc"

using tools::Part;
using tools::part_path;

namespace fs = std::filesystem;

int print_help() {
  std::fputs(
      "usage: cusim-nvcc [nvcc's options] [--fast] inputs...\n"
      "Builds a CUDA program for the cusim simulator, as nvcc builds it for a GPU.\n"
      "  inputs       .cu (translated, then compiled with the checkers' instrumentation), .cpp/.cc/.cxx (host\n"
      "               C++), .c (host C), .o/.a/.so (linked); -x cu|c++|c|none sets the kind of those after it\n"
      "  -c, -dc      compile only (one object per input); -dlink writes an empty object (no device link here)\n"
      "  -o FILE      the output: the program (default a.out), or the object of one input\n"
      "  -E, -M, -MD, -MMD, -MF, -MT, -MP   preprocess and dependency files, as nvcc and GCC\n"
      "  -I -isystem -D -U -include -L -l   as nvcc (-lcudart and -lcuda: cusim is the runtime)\n"
      "  -O0..3 -g -G -w -std=c++NN -Xcompiler A,B -Xlinker A,B -ccbin COMPILER -shared\n"
      "  --fast       the fast build: no racecheck or initcheck, memcheck by guard pages only\n"
      "  --run        run the program once built (--run-args A,B)\n"
      "  -v, --dryrun print the commands (and with --dryrun, only print them)\n"
      "Options for GPU code generation (-arch, -gencode, -code, -rdc, -lineinfo, -Xptxas, --expt-*...)\n"
      "are accepted and mean nothing here; see docs/FRONTEND.md for every option.\n",
      stdout);
  return 0;
}

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

int run(const std::vector<std::string>& command, const Options& o) {
  if (o.verbose) {
    std::string line = "#$";
    for (const std::string& a : command) line += " " + a;
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  if (o.dry_run) return 0;
  std::string error;
  const int status = tools::run_command(command, &error);
  if (status < 0) {
    std::fprintf(stderr, "cusim-nvcc: error: %s\n", error.c_str());
    return 1;
  }
  return status;
}

std::string object_name(const std::string& source) { return fs::path(source).stem().string() + ".o"; }

// The command that compiles (or preprocesses) one input into `output` ("" for stdout with -E).
std::vector<std::string> compile_command(const Options& o, const Input& in, const std::string& output) {
  std::vector<std::string> c;
  if (in.kind == Input::Kind::cuda) {
    c = {part_path(Part::translator), "--compile"};
    if (!ends_with(in.path, ".cu")) c.push_back("--as-cuda");
  }
  c.push_back(in.kind == Input::Kind::c ? "cc" : o.host_compiler);
  if (in.kind != Input::Kind::c) c.push_back("-std=c++20");
  for (Part headers : {Part::toolkit_headers, Part::runtime_headers}) c.insert(c.end(), {"-I", part_path(headers)});
  c.insert(c.end(), o.preprocessor.begin(), o.preprocessor.end());
  // Debug information always: it is what gives findings their file and line.
  c.insert(c.end(), {"-g", "-O2"});
  c.insert(c.end(), o.compiler.begin(), o.compiler.end());  // a later -O wins
  if (in.kind == Input::Kind::cuda && !o.fast && kCheckedAvailable)
    for (const char* f : kCheckedFlags) c.push_back(f);
  for (const char* f : kSanitizeFlags)
    if (f) c.push_back(f);
  c.insert(c.end(), o.dependencies.begin(), o.dependencies.end());
  if (o.phase == Options::Phase::preprocess) c.push_back("-E");
  else c.push_back("-c");
  c.push_back(in.path);
  if (!output.empty()) c.insert(c.end(), {"-o", output});
  return c;
}

int drive(const Options& o) {
  if (o.help) return print_help();
  if (o.version) {
    std::printf("cusim-nvcc (cusim %s): nvcc's command line, for the cusim simulator\n", kVersion);
    return 0;
  }
  for (const std::string& note : o.notes) std::fprintf(stderr, "cusim-nvcc: note: %s\n", note.c_str());
  if (o.inputs.empty()) {
    std::fprintf(stderr, "cusim-nvcc: error: no input files\n");
    return 1;
  }
  for (const Input& in : o.inputs) {
    if (access(in.path.c_str(), R_OK) != 0) {
      std::fprintf(stderr, "cusim-nvcc: error: %s: %s\n", in.path.c_str(), std::strerror(errno));
      return 1;
    }
  }

  if (o.phase == Options::Phase::device_link) {
    // No device code to link on the CPU: the object nvcc would write holds nothing here.
    const std::string out = o.output.empty() ? "a_dlink.o" : o.output;
    return run({"cc", "-x", "c", "-c", "/dev/null", "-o", out}, o);
  }
  if (o.phase != Options::Phase::link) {
    std::size_t sources = 0;
    for (const Input& in : o.inputs) sources += in.kind != Input::Kind::object;
    if (!o.output.empty() && sources > 1) {
      std::fprintf(stderr, "cusim-nvcc: error: one input at a time with -o when compiling or preprocessing\n");
      return 1;
    }
    for (const Input& in : o.inputs) {
      if (in.kind == Input::Kind::object) continue;
      const std::string out = !o.output.empty() || o.phase == Options::Phase::preprocess ? o.output : object_name(in.path);
      if (const int status = run(compile_command(o, in, out), o); status != 0) return status;
    }
    return 0;
  }

  // Compile what needs compiling into a folder of ours, then link.
  std::string folder = (fs::temp_directory_path() / "cusim-nvcc-XXXXXX").string();
  if (!mkdtemp(folder.data())) {
    std::fprintf(stderr, "cusim-nvcc: error: cannot make a temporary folder: %s\n", std::strerror(errno));
    return 1;
  }
  struct Remove {
    std::string path;
    ~Remove() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } remove{folder};
  std::vector<std::string> link{o.host_compiler};
  if (o.shared) link.push_back("-shared");
  for (std::size_t i = 0; i < o.inputs.size(); ++i) {
    const Input& in = o.inputs[i];
    if (in.kind == Input::Kind::object) {
      link.push_back(in.path);
      continue;
    }
    const std::string object = folder + "/" + std::to_string(i) + "-" + object_name(in.path);
    if (const int status = run(compile_command(o, in, object), o); status != 0) return status;
    link.push_back(object);
  }
  link.insert(link.end(), o.linker.begin(), o.linker.end());
  // The runtime: a program gets it; a shared library gets it from the program that loads it.
  if (!o.shared) {
    link.push_back(part_path(Part::library));
    for (const char* l : kLinkLibraries) link.push_back(l);
    link.push_back("-rdynamic");  // kernel names in findings (CMakeLists.txt says why, and why -z now)
    link.push_back("-Wl,-z,now");
  }
  for (const char* f : kSanitizeFlags)
    if (f) link.push_back(f);
  const std::string output = o.output.empty() ? "a.out" : o.output;
  link.insert(link.end(), {"-o", output});
  if (const int status = run(link, o); status != 0) return status;
  if (!o.run) return 0;
  std::vector<std::string> program{output.find('/') == std::string::npos ? "./" + output : output};
  program.insert(program.end(), o.run_args.begin(), o.run_args.end());
  return run(program, o);
}

}  // namespace
}  // namespace cusim::nvcc

int main(int argc, char** argv) {
  try {
    return cusim::nvcc::drive(cusim::nvcc::parse(std::vector<std::string>(argv + 1, argv + argc)));
  } catch (const cusim::nvcc::UsageError& e) {
    std::fprintf(stderr, "cusim-nvcc: error: %s\n", e.message.c_str());
    return 1;
  }
}
