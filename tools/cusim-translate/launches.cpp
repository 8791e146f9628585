#include "tools/cusim-translate/launches.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/PrettyPrinter.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/raw_ostream.h>

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {
namespace {

bool is_device_code(const clang::FunctionDecl* f) {
  if (!f) return false;
  if (f->hasAttr<clang::CUDAGlobalAttr>()) return true;
  return f->hasAttr<clang::CUDADeviceAttr>() && !f->hasAttr<clang::CUDAHostAttr>();
}

}  // namespace

std::string LaunchRewriter::default_argument(const clang::CXXDefaultArgExpr* d) {
  const clang::Expr* e = d->getExpr();
  const clang::QualType type = d->getType();
  clang::ASTContext& ast = c_.ast();
  clang::Expr::EvalResult r;
  if (!e->isValueDependent() && e->EvaluateAsRValue(r, ast) && !r.HasSideEffects) {
    const clang::APValue& v = r.Val;
    if (v.isInt() && type->isBooleanType()) return v.getInt().getBoolValue() ? "true" : "false";
    if (v.isInt() && type->isIntegerType() && !type->isEnumeralType()) {
      llvm::SmallString<32> digits;
      v.getInt().toString(digits, 10);
      return std::string(digits) + (v.getInt().isUnsigned() ? "ull" : "ll");
    }
    if (v.isFloat()) {
      char hex[64];
      v.getFloat().convertToHexString(hex, 0, false, llvm::APFloat::rmNearestTiesToEven);
      return std::string(hex);
    }
    if (v.isLValue() && v.isNullPointer()) return "nullptr";
  }
  // Anything else as Clang prints it, with names fully qualified so that they resolve at the launch.
  clang::PrintingPolicy policy(ast.getLangOpts());
  policy.FullyQualifiedName = true;
  policy.SuppressScope = false;
  std::string text;
  llvm::raw_string_ostream out(text);
  e->printPretty(out, nullptr, policy);
  return out.str();
}

void LaunchRewriter::launch(const clang::CUDAKernelCallExpr* e) {
  const clang::CallExpr* config = e->getConfig();
  const auto open = c_.place(config->getBeginLoc(), "the kernel launch's <<<");
  if (!open) return;
  if (c_.token(*open) != "<<<") {
    c_.error(config->getBeginLoc(), "unexpected form of kernel launch: cusim's translator expects <<< here");
    return;
  }
  Plan& plan = plans_[*open];
  if (plan.failed) return;
  if (is_device_code(enclosing_function(c_.ast(), *e))) {
    plan.failed = true;
    c_.error(config->getBeginLoc(),
             "a kernel launch in device code (dynamic parallelism) is not supported by cusim; launch the kernel from "
             "host code");
    return;
  }
  const auto close = c_.place(config->getRParenLoc(), "the kernel launch's >>>");
  const auto rparen = c_.place(e->getRParenLoc(), "the kernel launch's closing parenthesis");
  if (!close || !rparen) return;
  if (c_.token(*close) != ">>>") {
    c_.error(config->getRParenLoc(), "unexpected form of kernel launch: cusim's translator expects >>> here");
    return;
  }
  plan.open = *open, plan.close = *close, plan.rparen = *rparen, plan.where = config->getBeginLoc();

  // The kernel's name, written in one piece before <<< (not split between a macro and its
  // arguments): the launch can be parenthesised, and the name cast.
  const clang::SourceManager& sm = c_.sources();
  const clang::Expr* callee = e->getCallee()->IgnoreParenImpCasts();
  const clang::SourceLocation begin = sm.getSpellingLoc(e->getCallee()->getBeginLoc());
  const clang::SourceLocation end = sm.getSpellingLoc(e->getCallee()->getEndLoc());
  plan.one_piece = c_.is_user_file(begin) && sm.getFileID(begin) == open->file && sm.getFileID(end) == open->file &&
                   sm.getFileOffset(begin) <= sm.getFileOffset(end) && sm.getFileOffset(end) < open->offset &&
                   close->file == open->file && rparen->file == open->file && open->offset < close->offset &&
                   close->offset < rparen->offset;
  if (plan.one_piece) {
    plan.callee_begin = Place{open->file, open->entry, sm.getFileOffset(begin)};
    plan.callee_end = Place{open->file, open->entry, sm.getFileOffset(end)};
  }

  const bool dependent = e->isTypeDependent() || e->getCallee()->isTypeDependent() || e->isValueDependent();
  if (dependent) {
    // A template's pattern: if its name does not resolve to one kernel, every instantiation
    // chooses by its arguments' types.
    // A template-id naming one template with its arguments (axpy<T, 4>) is one kernel in each.
    if (const auto* lookup = llvm::dyn_cast<clang::OverloadExpr>(callee))
      plan.deduced = plan.deduced || !(lookup->hasExplicitTemplateArgs() && lookup->getNumDecls() == 1);
    return;
  }
  Seen seen;
  unsigned written = 0;
  for (const clang::Expr* arg : e->arguments()) {
    if (const auto* d = llvm::dyn_cast<clang::CXXDefaultArgExpr>(arg))
      seen.defaults += (written || !seen.defaults.empty() ? ", " : "") + default_argument(d);
    else ++written;
  }
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(callee)) {
    const auto* kernel = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
    const bool ambiguous = ref->hadMultipleCandidates() || (kernel && kernel->getPrimaryTemplate() && !ref->hasExplicitTemplateArgs());
    if (kernel && ambiguous) {
      clang::ASTContext& ast = c_.ast();
      clang::PrintingPolicy policy(ast.getLangOpts());
      policy.FullyQualifiedName = true;
      policy.SuppressScope = false;
      policy.PrintCanonicalTypes = true;
      seen.cast = ast.getPointerType(kernel->getType()).getAsString(policy);
      seen.nameable = seen.cast.find("(lambda") == std::string::npos && seen.cast.find("(anonymous") == std::string::npos &&
                      seen.cast.find("(unnamed") == std::string::npos;
      for (unsigned i = 0; i < kernel->getNumParams() && i < e->getNumArgs(); ++i) {
        const clang::QualType param = kernel->getParamDecl(i)->getType().getCanonicalType().getUnqualifiedType();
        clang::QualType arg = e->getArg(i)->IgnoreImpCasts()->getType();
        if (arg->isArrayType() || arg->isFunctionType()) arg = ast.getDecayedType(arg);
        arg = arg.getCanonicalType();
        seen.exact = seen.exact && ast.hasSameUnqualifiedType(param, arg.getUnqualifiedType());
      }
    }
  }
  plan.complete.push_back(seen);
}

void LaunchRewriter::finish() {
  for (const auto& [open, plan] : plans_) {
    if (plan.failed) continue;
    const Seen seen = plan.complete.empty() ? Seen{} : plan.complete.front();
    bool agree = true, exact = true;
    for (const Seen& other : plan.complete) {
      agree = agree && other.defaults == seen.defaults && (plan.deduced || other.cast == seen.cast);
      exact = exact && other.exact;
    }
    if (!agree) {
      c_.error(plan.where, "this launch, written once, launches kernels that differ in their default arguments or "
                           "need naming apart (through a macro or a template); write the arguments, or the kernel's "
                           "template arguments, at the launch");
      continue;
    }
    // A kernel the name alone does not determine is named by a cast to its type; where no cast
    // can be written (a lambda's type), or in a template whose instantiations launch different
    // kernels, C++ chooses it by the arguments' types, which must then be the parameters' own.
    const bool deduced = plan.deduced || (!seen.cast.empty() && !seen.nameable);
    if (deduced && !exact) {
      c_.error(plan.where, "cusim's translator cannot tell which kernel this launch means: the kernel is overloaded, or "
                           "a template whose arguments the launch deduces, and an argument's type differs from its "
                           "parameter's; name the kernel with its template arguments (kernel<T><<<...>>>) or pass "
                           "arguments of the parameters' types");
      continue;
    }
    const bool cast = !seen.cast.empty() && !deduced;
    if (cast && !plan.one_piece) {
      c_.error(plan.where, "this launch's kernel is overloaded or a template deduced from the arguments, and its name "
                           "is split between a macro and its arguments; name the kernel (with its template arguments) "
                           "at the launch");
      continue;
    }
    if (plan.one_piece) c_.edit(*plan.callee_begin, 0, cast ? "(static_cast<" + seen.cast + ">(" : "(");
    if (cast) c_.edit({open.file, open.entry, c_.token_end(*plan.callee_end)}, 0, ")");
    c_.edit(plan.open, 3, deduced ? "<< ::cusim::detail::launch_config_deduced(" : "<< ::cusim::detail::launch_config(");
    c_.edit(plan.close, 3, ")");
    if (!seen.defaults.empty()) c_.edit(plan.rparen, 0, seen.defaults);
    if (plan.one_piece) c_.edit({plan.rparen.file, plan.rparen.entry, plan.rparen.offset + 1}, 0, ")");
  }
}

}  // namespace cusim::translate
