#include "tools/cusim-translate/translate.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/FileManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/LexDiagnostic.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <cstring>
#include <map>

#include "tools/cusim-translate/builtin_variables.hpp"
#include "tools/cusim-translate/cuda_arch.hpp"
#include "tools/cusim-translate/device_heap_calls.hpp"
#include "tools/cusim-translate/device_math_calls.hpp"
#include "tools/cusim-translate/inline_assembly.hpp"
#include "tools/cusim-translate/kernel_addresses.hpp"
#include "tools/cusim-translate/launches.hpp"
#include "tools/cusim-translate/paths.hpp"
#include "tools/cusim-translate/rewrite_context.hpp"
#include "tools/cusim-translate/shared_alignas.hpp"
#include "tools/cusim-translate/shared_decls.hpp"
#include "tools/cusim-translate/static_variables.hpp"

namespace cusim::translate {
namespace {

// Walks the whole translation unit, template instantiations included (a launch's default
// arguments are known only there), and hands what it finds to the rewriters.
class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  Collector(RewriteContext& c) : c_(c), shared_(c), launches_(c), statics_(c), arch_(c), builtins_(c), addresses_(c), heap_(c), math_(c), assembly_(c) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitVarDecl(clang::VarDecl* v) {
    if (v->hasAttr<clang::CUDASharedAttr>() && c_.is_user_file(v->getLocation())) shared_.declaration(v);
    else if (v->isFileVarDecl()) statics_.declaration(v);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* r) {
    const auto* v = llvm::dyn_cast<clang::VarDecl>(r->getDecl());
    if (v && v->hasAttr<clang::CUDASharedAttr>() && v->isFileVarDecl() && c_.is_user_file(r->getLocation()))
      shared_.reference(r);
    builtins_.reference(r);
    heap_.reference(r);
    math_.reference(r);
    return true;
  }
  bool VisitUsingDecl(clang::UsingDecl* u) {
    math_.using_declaration(u);
    return true;
  }
  bool VisitCXXNewExpr(clang::CXXNewExpr* e) {
    heap_.allocation(e);
    return true;
  }
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr* e) {
    heap_.deallocation(e);
    return true;
  }
  bool VisitExplicitCastExpr(clang::ExplicitCastExpr* e) {
    addresses_.cast(e);
    return true;
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* e) {
    if (c_.is_user_file(e->getConfig()->getBeginLoc())) launches_.launch(e);
    return true;
  }
  bool VisitFunctionDecl(clang::FunctionDecl* f) {
    arch_.function(f);
    return true;
  }
  bool VisitGCCAsmStmt(clang::GCCAsmStmt* s) {
    assembly_.statement(s);
    return true;
  }
  void finish(const std::vector<ArchConditional>& arch_conditionals) {
    launches_.finish();
    math_.finish();
    arch_.file_scope(arch_conditionals);
  }
  const ArchTokens& arch_tokens() const { return arch_.found(); }

 private:
  RewriteContext& c_;
  SharedDeclRewriter shared_;
  LaunchRewriter launches_;
  StaticVariableRewriter statics_;
  CudaArchRewriter arch_;
  BuiltinVariableRewriter builtins_;
  KernelAddressRewriter addresses_;
  DeviceHeapRewriter heap_;
  DeviceMathRewriter math_;
  InlineAssemblyRewriter assembly_;
};

class Consumer : public clang::ASTConsumer {
 public:
  Consumer(const Settings& s, Translation& out, const std::vector<ArchConditional>& arch_conditionals)
      : settings_(s), out_(out), arch_conditionals_(arch_conditionals) {}

  void HandleTranslationUnit(clang::ASTContext& ast) override {
    clang::DiagnosticsEngine& diags = ast.getDiagnostics();
    if (diags.hasErrorOccurred()) return;  // Clang has said what is wrong
    std::vector<std::string> own = settings_.own_prefixes;
    own.push_back(absolute_path(settings_.prelude));
    RewriteContext context(ast, own);
    Collector collector(context);
    collector.TraverseDecl(ast.getTranslationUnitDecl());
    collector.finish(arch_conditionals_);
    if (context.failed()) return;
    out_.cuda_arch_tokens = collector.arch_tokens();

    // Every file of the user's that was read, main file first, each once.
    const clang::SourceManager& sm = ast.getSourceManager();
    std::vector<const clang::FileEntry*> seen;
    auto add = [&](clang::FileID id) {
      const clang::FileEntry* entry = sm.getFileEntryForID(id);
      if (!entry || std::find(seen.begin(), seen.end(), entry) != seen.end()) return;
      if (!context.is_user_file(sm.getLocForStartOfFile(id))) return;
      seen.push_back(entry);
      SourceFile f;
      f.name = entry->getName().str();
      f.path = absolute_path(f.name);
      const llvm::StringRef original = sm.getBufferData(id);
      const auto edits = context.edits().find(entry);
      if (edits == context.edits().end() || edits->second.empty()) {
        f.text = original.str();
      } else {
        std::string error;
        f.text = edits->second.apply(std::string_view(original.data(), original.size()), &error);
        f.rewritten = true;
        f.edits = edits->second.ordered();
        if (!error.empty()) {
          context.error(sm.getLocForStartOfFile(id), "internal error of cusim's translator: " + error);
          return;
        }
      }
      out_.files.push_back(std::move(f));
    };
    add(sm.getMainFileID());
    for (unsigned i = 0; i < sm.local_sloc_entry_size(); ++i) {
      const clang::SrcMgr::SLocEntry& e = sm.getLocalSLocEntry(i);
      if (e.isFile() && e.getFile().getFileCharacteristic() == clang::SrcMgr::C_User)
        add(sm.translateFile(e.getFile().getContentCache().OrigEntry));
    }
    out_.ok = !context.failed() && !diags.hasErrorOccurred();
  }

 private:
  const Settings& settings_;
  Translation& out_;
  const std::vector<ArchConditional>& arch_conditionals_;
};

// Clang's diagnostics as Clang prints them, except for an #error in cusim's own headers: those
// name what cusim does not simulate (<cuda.h>: the driver API), and the error is reported at the
// user's #include that brought the header in, as the one line of the report (what would follow,
// the header's types and functions undeclared, says nothing more).
class Diagnostics : public clang::DiagnosticConsumer {
 public:
  explicit Diagnostics(std::vector<std::string> own_prefixes) : own_(std::move(own_prefixes)) {
    options_->ShowCarets = false;
  }
  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    printer_.BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override { printer_.EndSourceFile(); }
  void finish() override { printer_.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
    if (stopped_) return;
    clang::DiagnosticConsumer::HandleDiagnostic(level, d);
    if (d.getID() == clang::diag::err_pp_hash_error && d.hasSourceManager()) {
      const clang::SourceManager& sm = d.getSourceManager();
      clang::SourceLocation at = sm.getExpansionLoc(d.getLocation());
      while (at.isValid() && is_own(sm, at)) at = sm.getIncludeLoc(sm.getFileID(at));
      if (at.isValid() && at != sm.getExpansionLoc(d.getLocation())) {
        llvm::SmallString<256> message;
        d.FormatDiagnostic(message);
        llvm::StringRef text = message;
        if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.drop_front().drop_back();
        const clang::PresumedLoc p = sm.getPresumedLoc(at);
        llvm::errs() << p.getFilename() << ":" << p.getLine() << ":" << p.getColumn() << ": error: " << text << "\n";
        stopped_ = true;
        return;
      }
    }
    printer_.HandleDiagnostic(level, d);
  }

 private:
  bool is_own(const clang::SourceManager& sm, clang::SourceLocation at) const {
    const clang::FileEntry* file = sm.getFileEntryForID(sm.getFileID(at));
    if (!file) return false;
    const std::string path = absolute_path(file->getName());
    for (const std::string& prefix : own_)
      if (path.rfind(prefix, 0) == 0) return true;
    return false;
  }

  std::vector<std::string> own_;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> options_{new clang::DiagnosticOptions};
  clang::TextDiagnosticPrinter printer_{llvm::errs(), options_.get()};
  bool stopped_ = false;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const Settings& s, Translation& out) : settings_(s), out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<ArchConditionalRecorder>(ci.getSourceManager(), arch_conditionals_));
    return std::make_unique<Consumer>(settings_, out_, arch_conditionals_);
  }

 private:
  std::vector<ArchConditional> arch_conditionals_;
  const Settings& settings_;
  Translation& out_;
};

}  // namespace

namespace {

// One parse and translation, reading the files of `rewritten` as that text instead of the disk's.
Translation translate_once(const Settings& settings, const std::map<std::string, std::string>& rewritten) {
  // CUDA host code, with no CUDA toolkit and no Clang CUDA wrappers (parse_prelude.hpp says why);
  // Clang's own headers (stddef.h...) after the system's, where its builtin folder would be.
  // The CUDA version is fixed, not the machine's: Clang names the function a <<< >>> launch calls
  // after the toolkit it finds (__cudaPushCallConfiguration since CUDA 9.2, cudaConfigureCall with
  // none), and the prelude declares the first.
  // Each diagnostic is one line (file:line:col: error: ...), as the compiler's own errors follow.
  std::vector<std::string> args{"clang++",
                                "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "-nobuiltininc",
                                "-Xclang", "-fcuda-allow-variadic-functions", "-Xclang", "-target-sdk-version=11.5",
                                "-Wno-unknown-cuda-version", "-w",
                                "-fsyntax-only", "-fno-caret-diagnostics", "-std=c++20", "-resource-dir", settings.resource_dir,
                                "-idirafter", settings.resource_dir + "/include", "-include", settings.prelude};
  args.insert(args.end(), settings.parse_args.begin(), settings.parse_args.end());
  args.push_back(settings.source);
  Translation out;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> fs(new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  for (const auto& [path, text] : rewritten) memory->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(text, path));
  fs->pushOverlay(memory);
  llvm::SmallString<256> cwd;
  if (!llvm::sys::fs::current_path(cwd)) fs->setCurrentWorkingDirectory(cwd);
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(new clang::FileManager(clang::FileSystemOptions(), fs));
  clang::tooling::ToolInvocation invocation(args, std::make_unique<Action>(settings, out), files.get());
  Diagnostics diagnostics(settings.own_prefixes);
  invocation.setDiagnosticConsumer(&diagnostics);
  if (!invocation.run()) out.ok = false;
  return out;
}

}  // namespace

// Parses until a parse finds no `__CUDA_ARCH__` in device code that the previous ones had not
// (cuda_arch.hpp): each finding rewrites those tokens and enables code the parse skipped.
Translation translate(const Settings& settings) {
  ArchTokens known;
  std::map<std::string, std::string> rewritten;
  if (const auto source = llvm::MemoryBuffer::getFile(settings.source))
    if (auto renamed = alignas_after_shared((*source)->getBuffer().str()))
      rewritten.emplace(absolute_path(settings.source), std::move(*renamed));
  for (int pass = 0;; ++pass) {
    Translation t = translate_once(settings, rewritten);
    bool grew = false;
    for (const auto& token : t.cuda_arch_tokens) grew |= known.insert(token).second;
    if (!t.ok || !grew || pass == 8) return t;
    for (const auto& [path, offset] : known) {
      auto it = rewritten.find(path);
      if (it == rewritten.end()) {
        const auto buffer = llvm::MemoryBuffer::getFile(path);
        if (!buffer) return t;
        it = rewritten.emplace(path, (*buffer)->getBuffer().str()).first;
      }
      it->second.replace(offset, std::strlen(kCusimArch), kCusimArch);
    }
  }
}

std::string mirrored_text(const SourceFile& file) {
  std::string name;
  for (char ch : file.name) {
    if (ch == '\\' || ch == '"') name += '\\';
    name += ch;
  }
  return "#line 1 \"" + name + "\"\n" + file.text;
}

std::string mirrored_path(const std::string& out_dir, const std::string& path) {
  return out_dir + path;
}

}  // namespace cusim::translate
