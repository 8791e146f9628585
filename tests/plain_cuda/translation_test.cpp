// The translator changes only what it must (docs/FRONTEND.md): for every file of the corpus and
// of examples/, and each header they include, the translated text is the original with the listed
// rewrites made, and nothing else differs. Each rewrite replaces one of the tokens the translator
// owns (__shared__, extern, static, __align__(...), alignas(...), <<<, >>>, the built-in variables,
// device code's malloc, free and delete, its math functions, the punctuation of inline PTX) or
// inserts text, and none adds or removes a line break: every other byte is where the user wrote
// it, on its line.
#include <doctest/doctest.h>

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "run_program.hpp"

namespace {

std::vector<std::string> cu_files(const std::string& folder) {
  std::vector<std::string> files;
  if (DIR* d = opendir(folder.c_str())) {
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name.size() > 3 && name.compare(name.size() - 3, 3, ".cu") == 0) files.push_back(folder + "/" + name);
    }
    closedir(d);
  }
  std::sort(files.begin(), files.end());
  return files;
}

struct Rewrite {
  unsigned offset, length;
  std::string text;
};

// Whether `s` is an asm statement's punctuation between (or around) its operands: string literals
// (the template, constraints, clobbers), parentheses, colons, commas and blanks.
bool asm_punctuation(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
      if (i >= s.size()) return false;
    } else if (!std::strchr(" \t(),:", s[i])) {
      return false;
    }
  }
  return true;
}

// Whether `replaced` is a piece of an inline PTX statement (inline_assembly.hpp): from its keyword
// (and `volatile`) to its first operand, between two operands, or after the last.
bool asm_piece(std::string replaced) {
  for (const char* keyword : {"asm", "__asm__", "__asm"})
    if (replaced.rfind(keyword, 0) == 0) {
      replaced.erase(0, std::strlen(keyword));
      while (!replaced.empty() && replaced[0] == ' ') replaced.erase(0, 1);
      for (const char* qualifier : {"volatile", "__volatile__"})
        if (replaced.rfind(qualifier, 0) == 0) replaced.erase(0, std::strlen(qualifier));
      return asm_punctuation(replaced);
    }
  return asm_punctuation(replaced);
}

// Whether `replaced` (what a rewrite removed from the original) is a token the translator owns,
// with the blanks after it.
bool owned(std::string replaced) {
  if (asm_piece(replaced)) return true;
  while (!replaced.empty() && (replaced.back() == ' ' || replaced.back() == '\t')) replaced.pop_back();
  if (replaced.empty() || replaced == "__shared__" || replaced == "extern" || replaced == "static" ||
      replaced == "<<<" || replaced == ">>>" || replaced == "__CUDA_ARCH__" || replaced == "threadIdx" ||
      replaced == "blockIdx" || replaced == "blockDim" || replaced == "gridDim")
    return true;
  // Device code's heap calls and printf (device_heap_calls.hpp): a name, qualified or not, or a
  // delete keyword.
  // Device code's math functions (device_math_calls.hpp) likewise.
  static const std::vector<std::string> names = {
      "malloc", "free", "printf",
#define CUSIM_DEVICE_MATH(name) #name,
#include "runtime/cusim/detail/device_math.def"
#undef CUSIM_DEVICE_MATH
  };
  for (const char* prefix : {"", "::", "std::"})
    for (const std::string& name : names)
      if (replaced == prefix + name) return true;
  std::erase(replaced, ' ');
  if (replaced == "delete" || replaced == "delete[]" || replaced == "::delete" || replaced == "::delete[]") return true;
  for (const char* attribute : {"__align__(", "alignas("})
    if (replaced.rfind(attribute, 0) == 0 && replaced.back() == ')') return true;
  return false;
}

}  // namespace

TEST_CASE("translated files differ from their sources only in the rewritten spans") {
  std::vector<std::string> sources = cu_files(CORPUS_DIR);
  for (const std::string& example : cu_files(EXAMPLES_DIR)) sources.push_back(example);
  CHECK(sources.size() >= 60);
  unsigned rewritten_files = 0, shared_rewrites = 0, launch_rewrites = 0;
  for (const std::string& source : sources) {
    CAPTURE(source);
    cusim_test::TempDir out;
    const cusim_test::ProgramRun run =
        cusim_test::run_program({CUSIM_TRANSLATE, "--edits", "--out-dir", out.file(""), source, "--", "-I", CORPUS_DIR, "-I", PROJECT_DIR});
    REQUIRE(run.status == 0);
    // The listing: "file <path>" then "edit <offset> <length> [<text>]" lines.
    std::map<std::string, std::vector<Rewrite>> edits;
    std::string file;
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("file ", 0) == 0) file = line.substr(5);
      else if (line.rfind("edit ", 0) == 0) {
        Rewrite r;
        char open = 0;
        std::istringstream fields(line.substr(5));
        fields >> r.offset >> r.length >> std::ws >> open;
        REQUIRE(open == '[');
        std::getline(fields, r.text);
        REQUIRE(!r.text.empty());
        r.text.pop_back();  // the closing ']'
        edits[file].push_back(r);
      }
    }
    for (const auto& [path, list] : edits) {
      CAPTURE(path);
      ++rewritten_files;
      const std::string original = cusim_test::read_file(path);
      // Rebuild the translation from the original and the rewrites alone...
      std::string expected;
      std::size_t at = 0;
      for (const Rewrite& r : list) {
        REQUIRE(r.offset >= at);
        const std::string replaced = original.substr(r.offset, r.length);
        CHECK_MESSAGE(owned(replaced), "a rewrite replaced `" << replaced << "`");
        CHECK(replaced.find('\n') == std::string::npos);
        CHECK(r.text.find('\n') == std::string::npos);
        shared_rewrites += r.text.find("CUSIM_SHARED") != std::string::npos;
        launch_rewrites += r.text.find("launch_config(") != std::string::npos;
        expected += original.substr(at, r.offset - at) + r.text;
        at = r.offset + r.length;
      }
      expected += original.substr(at);
      // ...and it must be exactly what the translator wrote, under its #line.
      const std::string written = cusim_test::read_file(out.file("") + path);
      const std::size_t first_line = written.find('\n');
      REQUIRE(first_line != std::string::npos);
      CHECK(written.substr(0, 9) == "#line 1 \"");
      CHECK(written.substr(first_line + 1) == expected);
      CHECK(std::count(expected.begin(), expected.end(), '\n') == std::count(original.begin(), original.end(), '\n'));
    }
  }
  // Sanity: the corpus exercises both kinds of rewrite, in many files.
  CHECK(rewritten_files >= 50);
  CHECK(shared_rewrites >= 40);
  CHECK(launch_rewrites >= 80);
}
