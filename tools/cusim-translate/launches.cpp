#include "tools/cusim-translate/launches.hpp"

#include <algorithm>

#include <clang/AST/Attr.h>
#include <clang/AST/PrettyPrinter.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/raw_ostream.h>

#include "tools/cusim-translate/enclosing_function.hpp"

namespace cusim::translate {
namespace {

// Whether `explicit_count` template arguments written at a launch name every parameter of the
// kernel template `t` that the launch would otherwise deduce (computeValue<Real> of a
// template<typename Real, typename State> names one kernel only if State has a default).
bool names_every_parameter(const clang::FunctionTemplateDecl* t, unsigned explicit_count) {
  unsigned needed = 0, i = 0;
  for (const clang::NamedDecl* p : *t->getTemplateParameters()) {
    ++i;
    if (p->isTemplateParameterPack()) return false;
    bool has_default = false;
    if (const auto* type = llvm::dyn_cast<clang::TemplateTypeParmDecl>(p)) has_default = type->hasDefaultArgument();
    else if (const auto* value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(p)) has_default = value->hasDefaultArgument();
    else if (const auto* tt = llvm::dyn_cast<clang::TemplateTemplateParmDecl>(p)) has_default = tt->hasDefaultArgument();
    if (!has_default) needed = i;
  }
  return explicit_count >= needed;
}

// The template parameters of the templates `f` is instantiated from (its own, its class's and
// the classes' around it), each with its argument in this instantiation.
std::vector<std::pair<std::string, clang::QualType>> enclosing_type_parameters(const clang::FunctionDecl* f) {
  std::vector<std::pair<std::string, clang::QualType>> out;
  auto add = [&](const clang::TemplateParameterList* params, llvm::ArrayRef<clang::TemplateArgument> args) {
    for (unsigned i = 0; i < params->size() && i < args.size(); ++i)
      if (args[i].getKind() == clang::TemplateArgument::Type && !params->getParam(i)->getName().empty())
        out.emplace_back(params->getParam(i)->getNameAsString(), args[i].getAsType());
  };
  if (const clang::FunctionTemplateDecl* t = f->getPrimaryTemplate())
    add(t->getTemplateParameters(), f->getTemplateSpecializationArgs()->asArray());
  for (const clang::DeclContext* d = f->getParent(); d; d = d->getParent())
    if (const auto* c = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(d))
      add(c->getSpecializedTemplate()->getTemplateParameters(), c->getTemplateArgs().asArray());
  return out;
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
  if (device_only(enclosing_function(c_.ast(), *e))) {
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
    // A template-id naming one template with all its arguments (axpy<T, 4>) is one kernel in each.
    if (const auto* lookup = llvm::dyn_cast<clang::OverloadExpr>(callee)) {
      const auto* only = lookup->getNumDecls() == 1
                             ? llvm::dyn_cast<clang::FunctionTemplateDecl>((*lookup->decls_begin())->getUnderlyingDecl())
                             : nullptr;
      plan.deduced = plan.deduced || !(lookup->hasExplicitTemplateArgs() && only &&
                                       names_every_parameter(only, lookup->getNumTemplateArgs()));
    }
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
    const bool ambiguous =
        ref->hadMultipleCandidates() ||
        (kernel && kernel->getPrimaryTemplate() &&
         (!ref->hasExplicitTemplateArgs() || !names_every_parameter(kernel->getPrimaryTemplate(), ref->getNumTemplateArgs())));
    if (kernel && ambiguous) {
      clang::ASTContext& ast = c_.ast();
      clang::PrintingPolicy policy(ast.getLangOpts());
      policy.FullyQualifiedName = true;
      policy.SuppressScope = false;
      policy.PrintCanonicalTypes = true;
      seen.cast = ast.getPointerType(kernel->getType()).getAsString(policy);
      seen.nameable = seen.cast.find("(lambda") == std::string::npos && seen.cast.find("(anonymous") == std::string::npos &&
                      seen.cast.find("(unnamed") == std::string::npos;
      const clang::TemplateArgumentList* args = kernel->getTemplateSpecializationArgs();
      if (args && !ref->hadMultipleCandidates()) {  // one kernel template: its name with arguments is one kernel
        seen.written_arguments = ref->hasExplicitTemplateArgs();
        const clang::FunctionDecl* f = enclosing_function(ast, *e);
        const auto enclosing = f ? enclosing_type_parameters(f) : decltype(enclosing_type_parameters(f)){};
        for (const clang::TemplateArgument& a : args->asArray()) {
          std::vector<std::string> names;
          if (a.getKind() == clang::TemplateArgument::Type)
            for (const auto& [name, type] : enclosing)
              if (ast.hasSameType(type, a.getAsType())) names.push_back(name);
          seen.named_by.push_back(std::move(names));
        }
      }
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

std::optional<std::string> LaunchRewriter::template_arguments(const Plan& plan) const {
  if (plan.complete.empty()) return std::nullopt;
  const Seen& first = plan.complete.front();
  if (first.written_arguments || first.named_by.empty()) return std::nullopt;
  std::string out = "<";
  for (std::size_t i = 0; i < first.named_by.size(); ++i) {
    const std::string* common = nullptr;
    for (const std::string& name : first.named_by[i]) {
      bool everywhere = true;
      for (const Seen& other : plan.complete)
        everywhere = everywhere && other.named_by.size() == first.named_by.size() && !other.written_arguments &&
                     std::find(other.named_by[i].begin(), other.named_by[i].end(), name) != other.named_by[i].end();
      if (everywhere) {
        common = &name;
        break;
      }
    }
    if (!common) return std::nullopt;
    out += (i ? ", " : "") + *common;
  }
  return out + ">";
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
    bool deduced = plan.deduced || (!seen.cast.empty() && !seen.nameable);
    bool named = false;  // the kernel's template arguments written in
    if (deduced && !exact && plan.one_piece) {
      // Each instantiation's kernel named by the enclosing template's parameters, where one
      // parameter gives each deduced argument in every instantiation.
      if (const std::optional<std::string> arguments = template_arguments(plan)) {
        c_.edit({open.file, open.entry, c_.token_end(*plan.callee_end)}, 0, *arguments);
        deduced = false;
        exact = true;
        named = true;
      }
    }
    if (deduced && !exact) {
      c_.error(plan.where, "cusim's translator cannot tell which kernel this launch means: the kernel is overloaded, or "
                           "a template whose arguments the launch deduces, and an argument's type differs from its "
                           "parameter's; name the kernel with its template arguments (kernel<T><<<...>>>) or pass "
                           "arguments of the parameters' types");
      continue;
    }
    const bool cast = !seen.cast.empty() && !deduced && !named;
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
