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
  if (is_device_code(enclosing_function(c_.ast(), *e))) {
    if (plans_.find(*open) == plans_.end()) {
      plans_[*open].complete = true;  // reported once
      c_.error(config->getBeginLoc(),
               "a kernel launch in device code (dynamic parallelism) is not supported by cusim; launch the kernel from "
               "host code");
    }
    return;
  }
  const auto close = c_.place(config->getRParenLoc(), "the kernel launch's >>>");
  const auto rparen = c_.place(e->getRParenLoc(), "the kernel launch's closing parenthesis");
  if (!close || !rparen) return;
  if (c_.token(*close) != ">>>") {
    c_.error(config->getRParenLoc(), "unexpected form of kernel launch: cusim's translator expects >>> here");
    return;
  }

  Plan plan;
  plan.where = config->getBeginLoc();
  plan.complete = !e->isTypeDependent() && !e->getCallee()->isTypeDependent();
  // Parentheses around the launch keep its meaning inside any expression (a cast binds tighter
  // than <<); they need the launch written in one piece of text.
  const clang::SourceManager& sm = c_.sources();
  const clang::SourceLocation callee_begin = sm.getSpellingLoc(e->getCallee()->getBeginLoc());
  const bool one_piece = c_.is_user_file(callee_begin) && sm.getFileID(callee_begin) == open->file &&
                         sm.getFileOffset(callee_begin) < open->offset && close->file == open->file &&
                         rparen->file == open->file && open->offset < close->offset && close->offset < rparen->offset;
  if (one_piece) plan.edits.push_back({{open->file, open->entry, sm.getFileOffset(callee_begin)}, 0, "("});
  plan.edits.push_back({*open, 3, "<< ::cusim::detail::launch_config("});
  plan.edits.push_back({*close, 3, ")"});
  if (plan.complete) {
    std::string defaults;
    unsigned written = 0;
    for (const clang::Expr* arg : e->arguments()) {
      if (const auto* d = llvm::dyn_cast<clang::CXXDefaultArgExpr>(arg)) defaults += (written || !defaults.empty() ? ", " : "") + default_argument(d);
      else ++written;
    }
    if (!defaults.empty()) plan.edits.push_back({*rparen, 0, defaults});
  }
  if (one_piece) plan.edits.push_back({{rparen->file, rparen->entry, rparen->offset + 1}, 0, ")"});

  const auto known = plans_.find(*open);
  if (known == plans_.end() || (!known->second.complete && plan.complete)) {
    plans_[*open] = std::move(plan);
  } else if (plan.complete && !(known->second.edits == plan.edits)) {
    c_.error(plan.where,
             "this launch, written once, launches kernels with different default arguments (through a macro or a "
             "template); write the arguments at the launch");
  }
}

void LaunchRewriter::finish() {
  for (const auto& [open, plan] : plans_)
    for (const PlannedEdit& e : plan.edits) c_.edit(e.at, e.length, e.text);
}

}  // namespace cusim::translate
