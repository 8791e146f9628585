#include "tools/cusim/help.hpp"

#include <string_view>

#include "sim/config/config.hpp"
#include "tools/cusim/options.hpp"

namespace cusim::tool {
namespace {

// `text` wrapped at `width` columns, each line indented by `indent` spaces.
std::string wrap(std::string_view text, std::size_t indent, std::size_t width = 100) {
  std::string out, line;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t end = text.find(' ', from);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(from, end - from);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + std::string(word);
    from = end + 1;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

}  // namespace

std::string version_text() { return "cusim " CUSIM_VERSION "\n"; }

std::string help_text() {
  std::string h =
      "usage: cusim run [options] [--] program [args...]\n"
      "       cusim run [options] [--] prog.cu [args...]\n"
      "       cusim plot access-map|trace|stats <file> -o <out>.png|<out>.svg [options]\n"
      "       cusim --help | --version\n"
      "\n"
      "cusim run runs a program built with cusim (a CUDA program compiled for the simulator) with the\n"
      "settings below, passes its standard input and output through, then reads the findings report\n"
      "the program writes at exit and prints a summary: the count per kind, and each finding when the\n"
      "program was quiet. Options set the CUSIM_* environment variables listed at the end.\n"
      "A program named by its CUDA source (prog.cu) is first built with cusim-nvcc, as `nvcc prog.cu\n"
      "-o prog` would build it, in the checked build, and kept in a cache ($CUSIM_CACHE_DIR, else\n"
      "~/.cache/cusim): it is built again only when a file it was built from has changed.\n"
      "\n"
      "options of cusim run:\n";
  // Straight from the options the parser declares (options.cpp): the help cannot drift from them.
  for (const OptionHelp& o : run_options_help()) {
    const std::string body = wrap(o.text, 23);
    if (o.spelling.size() < 21) h += "  " + o.spelling + std::string(21 - o.spelling.size(), ' ') + body.substr(23);
    else h += "  " + o.spelling + "\n" + body;
  }
  h +=
      "An option's value may also follow '=' (--workers=1). The first argument that is not an option,\n"
      "or everything after '--', is the program and its arguments. Variables already set in the\n"
      "environment stay in force unless an option sets them.\n"
      "\n"
      "exit status of cusim run:\n"
      "  0  the program exited 0 and nothing was found\n"
      "  1  findings (whatever the program's own exit status; findings the program took itself,\n"
      "     with cusim::take_findings, do not count)\n"
      "  2  usage error: unknown option, bad value, program not found or not executable, an output\n"
      "     file that cannot be written\n"
      "  3  the program exited with a non-zero status, and nothing was found\n"
      "  4  the program was killed by a signal (named on stderr)\n"
      "  5  the program exited 0 but wrote no findings report (not built with cusim?)\n"
      "  6  nothing was found, but an output asked for (report, trace...) was not written\n"
      "  7  the .cu program did not build (the compiler's errors are above)\n"
      "\n"
      "cusim plot draws what the simulator writes as data, with matplotlib (python3-matplotlib):\n"
      "  access-map <prefix>.csv  an access map (CUSIM_ACCESS_MAP): one cell per element, coloured by\n"
      "                           block or by global thread id (--color, --width)\n"
      "  trace <trace.json>       a trace (CUSIM_TRACE) as a timeline (--from, --to, --tracks,\n"
      "                           --max-tracks)\n"
      "  stats <stats.json>       per-launch statistics (CUSIM_STATS=json:<file>): sectors per request and\n"
      "                           bank conflicts per request\n"
      "The picture's format follows -o's extension. cusim plot <kind> --help lists a kind's options;\n"
      "it exits 1 on a file it cannot draw, 2 on a usage error (docs/TOOLS.md).\n"
      "\n"
      "environment variables (sim/config/flags.def, docs/CONFIGURATION.md):\n";
  // Straight from the list the simulator reads (sim/config/flags.def): the help cannot drift from it.
  for (const sim::FlagInfo* f = sim::flags_begin(); f != sim::flags_end(); ++f) {
    h += "  " + std::string(f->name) + " (default: " + f->default_value + ")\n";
    h += wrap(f->description, 6);
  }
  return h;
}

}  // namespace cusim::tool
