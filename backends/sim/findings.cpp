#include "backends/sim/findings.hpp"

#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "backends/sim/process_state.hpp"
#include "sim/config/config.hpp"
#include "sim/io/output_errors.hpp"
#include "sim/io/output_file.hpp"
#include "sim/report/render_json.hpp"
#include "sim/report/sarif.hpp"
#include "sim/trace/tracer.hpp"

namespace cusim::backend {
namespace {
std::mutex m;
// Never destroyed: see work_queues.cpp.
std::vector<cusim::Finding>& store() {
  static auto* s = new std::vector<cusim::Finding>;
  return *s;
}
// For CUSIM_REPORT: every finding, taken or not, with its fields as JSON (render_json).
struct Made {
  cusim::Finding finding;
  nlohmann::ordered_json json;
};
std::vector<Made>& all_made() {
  static auto* s = new std::vector<Made>;
  return *s;
}
unsigned suppressed = 0;

constexpr std::size_t kMaxSuppressionsBytes = 1 << 20;

// CUSIM_SUPPRESSIONS: "<kind> <file-suffix>[:<line>]" per line; '#' starts a comment.
struct Suppression {
  std::string kind, file;
  unsigned line = 0;
};
const std::vector<Suppression>& suppressions() {
  static const std::vector<Suppression> list = [] {
    std::vector<Suppression> out;
    const std::string& path = sim::config().suppressions;
    if (path.empty()) return out;
    std::ifstream file(path);
    if (!file) {
      std::fprintf(stderr, "cusim: warning: cannot read the suppressions file %s\n", path.c_str());
      return out;
    }
    // Read with a bound: a suppressions file is short, and /dev/zero is not one.
    std::string contents(kMaxSuppressionsBytes + 1, '\0');
    file.read(contents.data(), static_cast<std::streamsize>(contents.size()));
    contents.resize(static_cast<std::size_t>(file.gcount()));
    if (contents.size() > kMaxSuppressionsBytes) {
      std::fprintf(stderr, "cusim: warning: the suppressions file %s is larger than %zu bytes; ignored\n", path.c_str(),
                   kMaxSuppressionsBytes);
      return out;
    }
    std::istringstream in(contents);
    std::string text;
    for (unsigned n = 1; std::getline(in, text); ++n) {
      if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
      const auto b = text.find_first_not_of(" \t");
      if (b == std::string::npos) continue;
      Suppression s;
      const auto space = text.find_first_of(" \t", b);
      s.kind = text.substr(b, space == std::string::npos ? std::string::npos : space - b);
      if (space != std::string::npos) {
        const auto fb = text.find_first_not_of(" \t", space);
        if (fb != std::string::npos) s.file = text.substr(fb, text.find_last_not_of(" \t") + 1 - fb);
      }
      if (const auto colon = s.file.rfind(':'); colon != std::string::npos) {
        s.line = static_cast<unsigned>(std::strtoul(s.file.c_str() + colon + 1, nullptr, 10));
        s.file.erase(colon);
      }
      if (s.file.empty()) {
        std::fprintf(stderr, "cusim: warning: %s:%u: expected \"<kind> <file>[:<line>]\"; line ignored\n", path.c_str(), n);
        continue;
      }
      out.push_back(std::move(s));
    }
    return out;
  }();
  return list;
}

bool is_suppressed(const cusim::Finding& f) {
  for (const Suppression& s : suppressions()) {
    if (s.kind != f.kind && s.kind != "*") continue;
    if (f.file.size() < s.file.size() || f.file.compare(f.file.size() - s.file.size(), s.file.size(), s.file) != 0) continue;
    if (s.line && s.line != f.line) continue;
    return true;
  }
  return false;
}

// `untaken`: the findings the program did not take (cusim::take_findings); the others are marked
// "taken", so that a tool reading the report counts what the exit status counts.
void write_report(const sim::ReportOutput& to, const std::vector<Made>& list, const std::vector<cusim::Finding>& untaken) {
  std::multiset<std::string> left;
  for (const cusim::Finding& f : untaken) left.insert(f.text);
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const Made& made : list) {
    const cusim::Finding& f = made.finding;
    const auto mine = left.find(f.text);
    nlohmann::ordered_json entry = made.json;
    entry["error"] = int(f.error);
    entry["text"] = f.text;
    entry["taken"] = mine == left.end();
    findings.push_back(std::move(entry));
    if (mine != left.end()) left.erase(mine);
  }
  // Outputs that could not be written (the trace is written before the report).
  const nlohmann::ordered_json report = {{"findings", std::move(findings)}, {"output_errors", sim::io::output_failures()}};
  std::string text;
  try {
    text = to.format == sim::ReportFormat::sarif
               ? sim::sarif_text(report, CUSIM_VERSION_STRING)
               : report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  } catch (const std::exception& e) {  // nothing is lost silently: the report says why it is missing
    sim::io::output_failed("CUSIM_REPORT=" + sim::report_setting(to) + ": cannot write the report: " + e.what());
    return;
  }
  if (std::string error; !sim::io::write_output(to.file, text, &error))
    sim::io::output_failed("CUSIM_REPORT=" + sim::report_setting(to) + ": cannot write the report: " + error);
}

// At exit, after the work queues have drained (this handler is registered before any queue
// exists, so it runs after theirs): the trace, the JSON report, and the exit status when the
// program ends with findings it did not take. The trace comes first: the exit status may end the
// process here.
void at_exit(int status, void*) {
  if (forked_after_use()) return;  // the findings, the trace and the report are the parent's
  if (sim::trace::Tracer* tracer = sim::trace::Tracer::get()) tracer->write();
  std::vector<cusim::Finding> untaken;
  std::vector<Made> every;
  unsigned hidden;
  {
    std::lock_guard<std::mutex> lock(m);
    untaken = store();
    every = all_made();
    hidden = suppressed;
  }
  const sim::Config& c = sim::config();
  if (!c.report.empty()) {
    // A child made by fork() writes its own file beside the parent's, which it would replace.
    sim::ReportOutput report = sim::report_output(c.report);
    struct stat st;
    const bool plain_file = stat(report.file.c_str(), &st) != 0 || S_ISREG(st.st_mode);  // not /dev/stdout, a FIFO...
    if (forked_child() && plain_file) {
      report.file += "." + std::to_string(getpid());
      std::fprintf(stderr, "cusim: the report of process %d, made by fork(), is %s\n", int(getpid()), report.file.c_str());
    }
    write_report(report, every, untaken);
  }
  if (untaken.empty()) {
    // An output the user asked for and did not get fails the run as a finding would.
    if (status == 0 && c.error_exitcode != 0 && !sim::io::output_failures().empty()) {
      std::fflush(nullptr);
      _exit(c.error_exitcode);
    }
    return;
  }
  unsigned total = 0;
  for (const cusim::Finding& f : untaken) total += f.count;
  if (!c.quiet) {
    std::fflush(stdout);
    std::fprintf(stderr, "cusim: ERROR SUMMARY: %u finding%s (%zu distinct)", total, total == 1 ? "" : "s", untaken.size());
    if (hidden) std::fprintf(stderr, ", %u suppressed", hidden);
    std::fputc('\n', stderr);
  }
  if (status == 0 && c.error_exitcode != 0) {
    std::fflush(nullptr);
    _exit(c.error_exitcode);
  }
}
// A program linked with ThreadSanitizer's own runtime (g++ -fsanitize=thread at the link, not
// only the compile) has two owners of the __tsan_* entry points: it runs slowly, prints
// ThreadSanitizer's warnings about cusim's internals and exits 66. Said once, before anything runs.
int find_libtsan(dl_phdr_info* info, std::size_t, void* found) {
  if (info->dlpi_name && std::strstr(info->dlpi_name, "libtsan")) *static_cast<const char**>(found) = info->dlpi_name;
  return 0;
}

[[gnu::constructor]] void register_at_exit() {
  const char* libtsan = nullptr;
  dl_iterate_phdr(find_libtsan, &libtsan);
  if (libtsan) {
    std::fprintf(stderr,
                 "cusim: error: this program is linked with ThreadSanitizer's runtime (%s); cusim defines the "
                 "checked build's __tsan_* hooks itself: compile kernels with -fsanitize=thread but link without it "
                 "(cusim-nvcc and cusim_add_executable do; docs/FRONTEND.md)\n",
                 libtsan);
    _exit(2);
  }
  on_exit(at_exit, nullptr);
}

}  // namespace

void report(const sim::Diagnostic& d, cudaError_t error) {
  cusim::Finding f{sim::kind_name(d.kind), error, d.kernel, sim::render_text(d), sim::space_name(d.space),
                   d.site.file ? d.site.file : "", d.site.line, d.other_site.file ? d.other_site.file : "",
                   d.other_site.line, d.count, d.relation};
  if (is_suppressed(f)) {
    std::lock_guard<std::mutex> lock(m);
    suppressed += d.count;
    return;
  }
  if (!sim::config().quiet) {
    std::fflush(stdout);  // keep the program's own output before the finding
    std::fputs(("cusim: " + f.text).c_str(), stderr);
  }
  std::lock_guard<std::mutex> lock(m);
  if (!sim::config().report.empty()) all_made().push_back(Made{f, sim::render_json(d)});
  store().push_back(std::move(f));
}

}  // namespace cusim::backend

namespace cusim {
std::vector<Finding> findings() {
  std::lock_guard<std::mutex> lock(backend::m);
  return backend::store();
}
void clear_findings() {
  std::lock_guard<std::mutex> lock(backend::m);
  backend::store().clear();
}
std::vector<Finding> take_findings() {
  std::lock_guard<std::mutex> lock(backend::m);
  std::vector<Finding> out;
  out.swap(backend::store());
  return out;
}
}  // namespace cusim
