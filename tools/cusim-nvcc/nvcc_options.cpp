#include "tools/cusim-nvcc/nvcc_options.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>

namespace cusim::nvcc {
namespace {

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

std::vector<std::string> split_commas(const std::string& value) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : value) {
    if (c == ',') out.push_back(cur), cur.clear();
    else cur += c;
  }
  out.push_back(cur);
  return out;
}

// nvcc's long names of the options that have a short one, mapped to the short one.
const std::map<std::string, std::string> kLong = {
    {"--output-file", "-o"}, {"--include-path", "-I"}, {"--system-include", "-isystem"}, {"--define-macro", "-D"},
    {"--undefine-macro", "-U"}, {"--pre-include", "-include"}, {"--library-path", "-L"}, {"--library", "-l"},
    {"--optimize", "-O"}, {"--gpu-architecture", "-arch"}, {"--gpu-code", "-code"}, {"--generate-code", "-gencode"},
    {"--compiler-options", "-Xcompiler"}, {"--linker-options", "-Xlinker"}, {"--ptxas-options", "-Xptxas"},
    {"--nvlink-options", "-Xnvlink"}, {"--archive-options", "-Xarchive"}, {"--compiler-bindir", "-ccbin"},
    {"--relocatable-device-code", "-rdc"}, {"--dependency-output", "-MF"}, {"--dependency-target-name", "-MT"},
    {"--threads", "-t"}, {"--compile", "-c"}, {"--device-c", "-dc"}, {"--device-w", "-dw"},
    {"--device-link", "-dlink"}, {"--preprocess", "-E"}, {"--generate-dependencies", "-M"},
    {"--generate-dependencies-with-compile", "-MD"}, {"--generate-nonsystem-dependencies-with-compile", "-MMD"},
    {"--generate-nonsystem-dependencies", "-MM"}, {"--generate-dependency-targets", "-MP"}, {"--debug", "-g"},
    {"--device-debug", "-G"}, {"--generate-line-info", "-lineinfo"}, {"--disable-warnings", "-w"},
    {"--verbose", "-v"}, {"--dryrun", "-dryrun"}, {"--version", "-V"}, {"--help", "-h"}, {"--shared", "-shared"},
    {"--lib", "-lib"}, {"--use_fast_math", "-use_fast_math"}, {"--std", "-std"}, {"--x", "-x"},
    {"--machine", "-m"}, {"--cudart", "-cudart"}, {"--run", "-run"}, {"--run-args", "-run-args"},
    {"--resource-usage", "-res-usage"}, {"--keep", "-keep"}, {"--keep-dir", "-keep-dir"},
    {"--output-directory", "-odir"}, {"--ftz", "-ftz"}, {"--prec-div", "-prec-div"}, {"--prec-sqrt", "-prec-sqrt"},
    {"--fmad", "-fmad"}, {"--maxrregcount", "-maxrregcount"}, {"--split-compile", "-split-compile"},
    {"--default-stream", "-default-stream"}, {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr"},
    {"--expt-extended-lambda", "-expt-extended-lambda"}, {"--extended-lambda", "-extended-lambda"},
    {"--diag-suppress", "-diag-suppress"}, {"--diag-warn", "-diag-warn"}, {"--diag-error", "-diag-error"},
    {"--restrict", "-restrict"}, {"--Werror", "-Werror"}};

// Options with a value.
const std::set<std::string> kWithValue = {
    "-o", "-I", "-isystem", "-D", "-U", "-include", "-L", "-l", "-O", "-arch", "-code", "-gencode", "-Xcompiler",
    "-Xlinker", "-Xptxas", "-Xnvlink", "-Xarchive", "-Xcudafe", "-ccbin", "-rdc", "-MF", "-MT", "-t", "-std", "-x",
    "-m", "-cudart", "-run-args", "-keep-dir", "-odir", "-ftz", "-prec-div", "-prec-sqrt", "-fmad", "-maxrregcount",
    "-split-compile", "-default-stream", "-diag-suppress", "-diag-warn", "-diag-error", "-Werror"};
// Options that may be joined to their value (-Ifoo, -DX=1, -lm, -O3).
const std::vector<std::string> kJoined = {"-I", "-D", "-U", "-L", "-l", "-O"};

// Options that only steer GPU code generation or nvcc itself: nothing to do on the simulator.
const std::set<std::string> kNoEffect = {
    "-Xptxas", "-Xnvlink", "-Xcudafe", "-t", "-m", "-cudart", "-keep-dir", "-odir",
    "-maxrregcount", "-split-compile", "-default-stream", "-diag-suppress", "-diag-warn", "-diag-error", "-Werror",
    "-rdc", "-Xarchive", "-lineinfo", "-keep", "-res-usage", "-expt-relaxed-constexpr", "-expt-extended-lambda",
    "-extended-lambda", "-restrict", "-Wno-deprecated-gpu-targets", "-Wno-deprecated-declarations", "-Wreorder",
    "-Wdefault-stream-launch", "-Wmissing-launch-bounds", "-Wext-lambda-captures-this", "-noprof",
    "-allow-unsupported-compiler", "--allow-unsupported-compiler", "-m64"};

// CUDA's libraries: the runtime and cuRAND's host library (<curand.h>) are cusim itself; the
// others are not simulated.
const std::set<std::string> kCudaRuntimeLibraries = {"cudart", "cudart_static", "cudadevrt", "cuda", "curand",
                                                     "curand_static"};
const std::map<std::string, std::string> kUnsimulated = {
    {"cublas", "cuBLAS"}, {"cublasLt", "cuBLAS"}, {"cufft", "cuFFT"},
    {"cusparse", "cuSPARSE"}, {"cusolver", "cuSOLVER"}, {"nvrtc", "NVRTC"}, {"cudnn", "cuDNN"}, {"nccl", "NCCL"},
    {"nppc", "NPP"}, {"nvToolsExt", "NVTX"}};

Input::Kind kind_of(const std::string& path, const std::string& language) {
  if (language == "cu") return Input::Kind::cuda;
  if (language == "c++") return Input::Kind::cxx;
  if (language == "c") return Input::Kind::c;
  if (ends_with(path, ".cu")) return Input::Kind::cuda;
  if (ends_with(path, ".c")) return Input::Kind::c;
  for (const char* e : {".cpp", ".cc", ".cxx", ".c++", ".C", ".cp"})
    if (ends_with(path, e)) return Input::Kind::cxx;
  return Input::Kind::object;
}

// The highest architecture an -arch, -code or -gencode value names (sm_80, compute_90a,
// arch=compute_80,code=[sm_80,sm_90]), as its number (80), or 0 if it names none (native, all).
int highest_architecture(const std::string& value) {
  int highest = 0;
  for (const char* prefix : {"sm_", "compute_"})
    for (std::size_t at = value.find(prefix); at != std::string::npos; at = value.find(prefix, at + 1)) {
      std::size_t digits = at + std::strlen(prefix), end = digits;
      while (end < value.size() && std::isdigit(static_cast<unsigned char>(value[end]))) ++end;
      if (end > digits && end - digits <= 4) highest = std::max(highest, std::stoi(value.substr(digits, end - digits)));
    }
  return highest;
}

}  // namespace

Options parse(const std::vector<std::string>& args) {
  Options o;
  std::string language;  // -x: cu, c++, c, or "" (by extension)
  int architecture = 0;  // the highest of -arch, -code and -gencode: __CUDA_ARCH__ / 10 in device code
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i], value;
    bool has_value = false;
    if (a.size() > 1 && a[0] == '-') {
      if (const auto eq = a.find('='); eq != std::string::npos) {
        value = a.substr(eq + 1);
        a = a.substr(0, eq);
        has_value = true;
      }
      if (const auto l = kLong.find(a); l != kLong.end()) a = l->second;
      if (!has_value && !kWithValue.count(a)) {
        for (const std::string& j : kJoined)
          if (a.size() > j.size() && a.compare(0, j.size(), j) == 0 && a != "-lineinfo" && a != "-lib") {
            value = a.substr(j.size());
            a = j;
            has_value = true;
            break;
          }
      }
      if (kWithValue.count(a) && !has_value) {
        if (i + 1 >= args.size()) throw UsageError{"option '" + args[i] + "' needs a value"};
        value = args[++i];
        has_value = true;
      }
      if (has_value && !kWithValue.count(a)) throw UsageError{"option '" + a + "' takes no value"};
    } else {
      // An input file.
      if (a.empty()) throw UsageError{"an empty argument"};
      o.inputs.push_back({kind_of(a, language), a});
      continue;
    }

    if (a == "-o") o.output = value;
    else if (a == "-I" || a == "-isystem" || a == "-D" || a == "-U" || a == "-include") {
      o.preprocessor.push_back(a);
      o.preprocessor.push_back(value);
    } else if (a == "-L") o.linker.push_back("-L" + value);
    else if (a == "-l") {
      if (kCudaRuntimeLibraries.count(value)) continue;  // cusim is CUDA's runtime here
      if (const auto u = kUnsimulated.find(value); u != kUnsimulated.end())
        throw UsageError{"-l" + value + ": cusim does not simulate " + u->second};
      o.linker.push_back("-l" + value);
    } else if (a == "-O") {
      if (value.size() != 1 || value.find_first_not_of("0123s") != std::string::npos)
        throw UsageError{"-O" + value + ": use -O0, -O1, -O2 or -O3"};
      o.compiler.push_back("-O" + value);
    } else if (a == "-g") o.compiler.push_back("-g");
    else if (a == "-G") o.compiler.push_back("-O0");  // device debugging: unoptimised, as nvcc makes it
    else if (a == "-w") o.compiler.push_back("-w");
    else if (a == "-Xcompiler") {
      for (const std::string& f : split_commas(value)) o.compiler.push_back(f);
    } else if (a == "-Xlinker") {
      for (const std::string& f : split_commas(value)) o.linker.push_back("-Wl," + f);
    } else if (a == "-ccbin") o.host_compiler = value;
    else if (a == "-std") {
      // cusim's headers need C++20; code written for C++11-17 compiles as C++20.
      if (value != "c++20" && value != "c++2a" && value != "c++23" && value != "c++2b")
        o.notes.push_back("-std=" + value + " compiles as C++20 here (cusim's headers need it)");
      else o.compiler.push_back("-std=" + value);
    } else if (a == "-x") {
      if (value != "cu" && value != "c++" && value != "c" && value != "none")
        throw UsageError{"-x " + value + ": use cu, c++, c or none"};
      language = value == "none" ? "" : value;
    } else if (a == "-c" || a == "-dc" || a == "-dw") o.phase = Options::Phase::compile;
    else if (a == "-dlink") o.phase = Options::Phase::device_link;
    else if (a == "-E") o.phase = Options::Phase::preprocess;
    else if (a == "-M" || a == "-MM") {
      o.phase = Options::Phase::preprocess;
      o.dependencies.push_back(a);
    } else if (a == "-MD" || a == "-MMD" || a == "-MP") o.dependencies.push_back(a);
    else if (a == "-MF" || a == "-MT") {
      o.dependencies.push_back(a);
      o.dependencies.push_back(value);
    } else if (a == "-shared") o.shared = true;
    else if (a == "-lib") throw UsageError{"-lib: build the objects with -c and archive them with ar"};
    else if (a == "-v") o.verbose = true;
    else if (a == "-dryrun") o.verbose = o.dry_run = true;
    else if (a == "-V") o.version = true;
    else if (a == "-h") o.help = true;
    else if (a == "-run") o.run = true;
    else if (a == "-run-args") {
      for (const std::string& r : split_commas(value)) o.run_args.push_back(r);
    } else if (a == "--fast") o.fast = true;
    else if (a == "--checked") o.fast = false;
    else if (a == "-use_fast_math" || (a == "-ftz" && value == "true") ||
             ((a == "-prec-div" || a == "-prec-sqrt") && value == "false"))
      o.notes.push_back(args[i] + " has no effect: the simulator computes IEEE-754 single and double precision");
    else if (a == "-ftz" || a == "-prec-div" || a == "-prec-sqrt") continue;  // the default: IEEE
    else if (a == "-fmad") {
      // Contraction into fused multiply-adds is on by default, as nvcc's (cusim-translate --compile).
      if (value == "false") o.compiler.push_back("-ffp-contract=off");
      else if (value != "true") throw UsageError{"-fmad=" + value + ": use -fmad=true or -fmad=false"};
    }
    else if (a == "-arch" || a == "-code" || a == "-gencode") architecture = std::max(architecture, highest_architecture(value));
    else if (a == "-m32") throw UsageError{"-m32: cusim builds 64-bit programs only"};
    else if (kNoEffect.count(a)) continue;
    else throw UsageError{"unknown option '" + args[i] + "' (cusim-nvcc --help lists the options it accepts)"};
  }
  if (architecture) {
    o.preprocessor.push_back("-D");
    o.preprocessor.push_back("__CUSIMARCH__=" + std::to_string(architecture * 10));
  }
  return o;
}

}  // namespace cusim::nvcc
