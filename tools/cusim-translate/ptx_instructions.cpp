#include "tools/cusim-translate/ptx_instructions.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string_view>

namespace cusim::translate {
namespace {

// An instruction's opcode split at its dots ("ld.acquire.gpu.u32": ld, acquire, gpu, u32) and its
// operands split at the commas.
struct Instruction {
  std::string text;
  std::vector<std::string> opcode;
  std::vector<std::string> operands;
};

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> split(std::string_view s, char at) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == at) {
      parts.push_back(trim(s.substr(from, i - from)));
      from = i + 1;
    }
  return parts;
}

// The C++ type of a PTX type suffix, if it is one.
std::optional<std::string> cxx_type(std::string_view suffix) {
  static const std::map<std::string_view, std::string> types = {
      {"u8", "std::uint8_t"},   {"s8", "std::int8_t"},    {"b8", "std::uint8_t"},   {"u16", "std::uint16_t"},
      {"s16", "std::int16_t"},  {"b16", "std::uint16_t"}, {"u32", "std::uint32_t"}, {"s32", "std::int32_t"},
      {"b32", "std::uint32_t"}, {"u64", "std::uint64_t"}, {"s64", "std::int64_t"},  {"b64", "std::uint64_t"},
      {"f32", "float"},         {"f64", "double"}};
  const auto t = types.find(suffix);
  if (t == types.end()) return std::nullopt;
  return t->second;
}

class Translator {
 public:
  explicit Translator(const std::vector<PtxOperand>& operands) : operands_(operands) {}

  // The statement for one instruction, or nullopt (with error_ set).
  std::optional<std::string> instruction(const Instruction& in);
  // A register declaration of the statement's own (`.reg .pred p, q`, `.reg .b32 r<4>`): the
  // C++ locals it makes.
  std::optional<std::string> declaration(const Instruction& in);
  // An instruction's guard (`@p`, `@!p`): the C++ condition, from a predicate register.
  std::optional<std::string> guard(const Instruction& in, const std::string& predicate);
  std::string error_;
  bool carry_ = false;  // an instruction of the statement sets CC.CF

 private:
  const std::vector<PtxOperand>& operands_;
  const Instruction* in_ = nullptr;
  // The statement's own registers, by PTX name (a leading % left out): the C++ local and its type.
  struct Local {
    std::string name, type;
  };
  std::map<std::string, Local> locals_;

  std::nullopt_t fail(const std::string& why = "") {
    if (error_.empty())
      error_ = "inline PTX `" + in_->text + "` is not simulated by cusim" + (why.empty() ? "" : " (" + why + ")");
    return std::nullopt;
  }
  // The operand number of "%N", if `s` is one.
  std::optional<unsigned> operand_number(const std::string& s) const {
    if (s.size() < 2 || s.size() > 4 || s[0] != '%' || !std::isdigit(static_cast<unsigned char>(s[1]))) return std::nullopt;
    for (std::size_t i = 1; i < s.size(); ++i)
      if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    const unsigned n = static_cast<unsigned>(std::stoul(s.substr(1)));
    if (n >= operands_.size()) return std::nullopt;
    return n;
  }
  static bool immediate(const std::string& s) {
    std::size_t i = (s.size() > 1 && s[0] == '-') ? 1 : 0;
    if (i >= s.size()) return false;
    if (s.compare(i, 2, "0x") == 0 || s.compare(i, 2, "0X") == 0) {
      if (s.size() == i + 2) return false;
      for (std::size_t k = i + 2; k < s.size(); ++k)
        if (!std::isxdigit(static_cast<unsigned char>(s[k]))) return false;
      return true;
    }
    for (std::size_t k = i; k < s.size(); ++k)
      if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
    return true;
  }
  // A register the statement declared, if `s` names one.
  const Local* local(const std::string& s) const {
    const std::size_t start = s.find_first_not_of('%');
    if (start == std::string::npos) return nullptr;
    const auto l = locals_.find(s.substr(start));
    return l == locals_.end() ? nullptr : &l->second;
  }
  // A source operand as a value of `type`: an operand, a register of the statement's own, or an
  // integer immediate.
  std::optional<std::string> source(const std::string& s, const std::string& type) {
    if (const Local* l = local(s)) return "::cusim::ptx::as<" + type + ">(" + l->name + ")";
    if (const auto n = operand_number(s)) return "::cusim::ptx::as<" + type + ">(" + ptx_operand_name(*n) + ")";
    if (immediate(s)) return "static_cast<" + type + ">(" + s + ")";
    return fail("operand `" + s + "`");
  }
  // The destination operand: an output, or a register of the statement's own.
  std::optional<std::string> destination(const std::string& s) {
    if (const Local* l = local(s)) return l->name;
    const auto n = operand_number(s);
    if (!n || !operands_[*n].output) return fail("destination `" + s + "` is not an output operand");
    return ptx_operand_name(*n);
  }
  std::optional<std::string> assign(const std::string& d, const std::string& value) {
    const auto out = destination(d);
    if (!out) return std::nullopt;
    return "::cusim::ptx::put(" + *out + ", " + value + ");";
  }
  bool arity(std::size_t n) {
    if (in_->operands.size() == n) return true;
    fail("expected " + std::to_string(n) + " operands");
    return false;
  }
  // `op` applied to `count` sources of `type`, into the destination.
  std::optional<std::string> call(const std::string& function, const std::string& type, std::size_t count) {
    if (!arity(count + 1)) return std::nullopt;
    std::string args;
    for (std::size_t i = 1; i <= count; ++i) {
      const auto s = source(in_->operands[i], type);
      if (!s) return std::nullopt;
      args += (i > 1 ? ", " : "") + *s;
    }
    return assign(in_->operands[0], function + "(" + args + ")");
  }

  // "[%N]", "[%N+8]": the operand and the byte offset, as the two arguments of
  // ::cusim::ptx::address; a .shared operand is a window offset, made the generic pointer it names.
  std::optional<std::string> address(const std::string& at, bool shared = false) {
    if (at.size() < 3 || at.front() != '[' || at.back() != ']') return fail("address `" + at + "`");
    std::string inner = trim(std::string_view(at).substr(1, at.size() - 2)), offset = "0";
    if (const std::size_t sign = inner.find_first_of("+-", 1); sign != std::string::npos) {
      offset = trim(std::string_view(inner).substr(sign + 1));
      if (!immediate(offset)) return fail("address `" + at + "`");
      if (inner[sign] == '-') offset = "-" + offset;
      inner = trim(std::string_view(inner).substr(0, sign));
    }
    const Local* held = local(inner);
    const auto base = operand_number(inner);
    if (!base && !held) return fail("address `" + at + "`");
    const std::string name = held ? held->name : ptx_operand_name(*base);
    return (shared ? "::cusim::ptx::shared_window(" + name + ")" : name) + ", " + offset + "l";
  }
  // Whether a state-space qualifier names the .shared window (.shared, .shared::cta).
  static bool shared_space(const std::string& q) { return q == "shared" || q == "shared::cta"; }
  // The state-space qualifier at opcode[i], if there is one: .global (generic addresses) and
  // .shared (window offsets: `shared` is set) are taken and i moves past; another is refused.
  bool state_space(std::size_t& i, bool& shared) {
    const auto& o = in_->opcode;
    if (i >= o.size()) return true;
    if (o[i] == "global" || shared_space(o[i])) {
      shared = o[i++] != "global";
      return true;
    }
    if (o[i] == "local" || o[i] == "const" || o[i] == "param" || o[i].rfind("shared::", 0) == 0) {
      fail("a ." + o[i] + " window address; cusim runs generic, .global and .shared addresses");
      return false;
    }
    return true;
  }

  std::optional<std::string> mov();
  std::optional<std::string> atomic(bool reduction);
  std::optional<std::string> arithmetic(const std::string& op);
  std::optional<std::string> memory(bool load);
  std::optional<std::string> cvta();
  std::optional<std::string> async_copy();
  std::optional<std::string> compare();
  std::optional<std::string> select();
  std::optional<std::string> barrier();
  std::optional<std::string> fence();
};

// A special register, as an expression, and its width in bits.
std::optional<std::pair<std::string, unsigned>> special_register(const std::string& name) {
  static const std::map<std::string_view, std::pair<std::string, unsigned>> registers = {
      {"laneid", {"::cusim::ptx::laneid()", 32}},
      {"warpid", {"::cusim::ptx::warpid()", 32}},
      {"nwarpid", {"::cusim::ptx::nwarpid()", 32}},
      {"smid", {"::cusim::ptx::smid()", 32}},
      {"nsmid", {"::cusim::ptx::nsmid()", 32}},
      {"lanemask_eq", {"::cusim::ptx::lanemask_eq()", 32}},
      {"lanemask_lt", {"::cusim::ptx::lanemask_lt()", 32}},
      {"lanemask_le", {"::cusim::ptx::lanemask_le()", 32}},
      {"lanemask_gt", {"::cusim::ptx::lanemask_gt()", 32}},
      {"lanemask_ge", {"::cusim::ptx::lanemask_ge()", 32}},
      {"clock", {"::cusim::ptx::clock_lo()", 32}},
      {"clock_hi", {"::cusim::ptx::clock_hi()", 32}},
      {"clock64", {"::cusim::ptx::clock64_reg()", 64}},
      {"globaltimer", {"::cusim::ptx::globaltimer()", 64}},
      {"globaltimer_lo", {"::cusim::ptx::globaltimer_lo()", 32}},
      {"globaltimer_hi", {"::cusim::ptx::globaltimer_hi()", 32}},
  };
  if (name.size() < 2 || name[0] != '%') return std::nullopt;
  const std::string bare = name.substr(1);
  if (const auto r = registers.find(bare); r != registers.end()) return r->second;
  // %tid.x, %ntid.y, %ctaid.z, %nctaid.x: the built-in variables.
  static const std::map<std::string_view, std::string> vectors = {
      {"tid", "::cusim::detail::thread_idx()"},
      {"ntid", "::cusim::detail::block_dim()"},
      {"ctaid", "::cusim::detail::block_idx()"},
      {"nctaid", "::cusim::detail::grid_dim()"}};
  const std::size_t dot = bare.find('.');
  if (dot == std::string::npos) return std::nullopt;
  const auto v = vectors.find(std::string_view(bare).substr(0, dot));
  const std::string component = bare.substr(dot + 1);
  if (v == vectors.end() || (component != "x" && component != "y" && component != "z")) return std::nullopt;
  return std::pair<std::string, unsigned>{v->second + "." + component, 32};
}

std::optional<std::string> Translator::mov() {
  const auto& op = in_->opcode;
  const auto type = op.size() == 2 ? cxx_type(op[1]) : std::nullopt;
  if (!type || !arity(2)) return fail();
  const std::string& s = in_->operands[1];
  if (s.size() > 1 && s[0] == '%' && std::isalpha(static_cast<unsigned char>(s[1])) && !local(s)) {
    const auto r = special_register(s);
    if (!r) return fail("special register `" + s + "`");
    return assign(in_->operands[0], "static_cast<" + *type + ">(" + r->first + ")");
  }
  const auto value = source(s, *type);
  if (!value) return std::nullopt;
  return assign(in_->operands[0], *value);
}

// add, sub, mul.{lo,hi,wide}, min, max, and, or, xor, not, shl, shr, bfind, brev, popc, clz,
// bfe, bfi, prmt, shf, vabsdiff4.
std::optional<std::string> Translator::arithmetic(const std::string& op) {
  const auto& o = in_->opcode;
  const std::string last = o.back();
  const auto type = cxx_type(last);
  auto only = [&](std::size_t parts, std::initializer_list<std::string_view> suffixes) {
    if (o.size() != parts) return false;
    for (std::string_view s : suffixes)
      if (last == s) return true;
    return false;
  };
  const std::initializer_list<std::string_view> ints = {"u16", "s16", "u32", "s32", "u64", "s64"};
  const std::initializer_list<std::string_view> bits = {"b16", "b32", "b64", "u16", "s16", "u32", "s32", "u64", "s64"};
  // Logic on predicate registers: and, or, xor, not.
  if ((op == "and" || op == "or" || op == "xor" || op == "not") && only(2, {"pred"})) {
    if (!arity(op == "not" ? 2 : 3)) return std::nullopt;
    std::vector<const Local*> p;
    for (const std::string& operand : in_->operands) {
      p.push_back(local(operand));
      if (!p.back() || p.back()->type != "bool") return fail("`" + operand + "` is not a predicate register");
    }
    if (op == "not") return p[0]->name + " = !" + p[1]->name + ";";
    const char* sign = op == "and" ? " && " : op == "or" ? " || " : " != ";
    return p[0]->name + " = " + p[1]->name + sign + p[2]->name + ";";
  }
  if ((op == "add" || op == "sub") && only(2, ints)) {
    if (!arity(3)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
    if (!a || !b) return std::nullopt;
    // Unsigned arithmetic wraps as the register does; signed operands are wrapped the same way.
    return assign(in_->operands[0], "static_cast<" + *type + ">(static_cast<std::uint64_t>(" + *a + ") " +
                                        (op == "add" ? "+" : "-") + " static_cast<std::uint64_t>(" + *b + "))");
  }
  // add.cc, addc, sub.cc, subc (with .cc: the carry or borrow goes on): CC.CF is a local of the
  // statement's lambda, so a chain lives within one asm statement, as nvcc keeps it.
  const bool carry_out = o.size() == 3 && o[1] == "cc", carry_in = op == "addc" || op == "subc";
  if ((carry_in || carry_out) && (op == "add" || op == "sub" || carry_in) && (o.size() == 2 || carry_out) &&
      (last == "u32" || last == "s32" || last == "u64" || last == "s64")) {
    if (carry_in && !carry_) return fail("its carry comes from outside this asm statement");
    carry_ = carry_ || carry_out;
    if (!arity(3)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
    if (!a || !b) return std::nullopt;
    const std::string function = (op == "add" || op == "addc") ? "add_carry" : "sub_borrow";
    return assign(in_->operands[0], "::cusim::ptx::" + function + "<" + *type + ">(" + *a + ", " + *b + ", cusim_ptx_carry, " +
                                        (carry_in ? "true" : "false") + ", " + (carry_out ? "true" : "false") + ")");
  }
  if (op == "mad" && o.size() == 3 && type) {
    const std::string& mode = o[1];
    if ((mode == "lo" || mode == "hi") && only(3, {"u32", "s32", "u64", "s64"}))
      return call("::cusim::ptx::mad_" + mode + "<" + *type + ">", *type, 3);
    if (mode == "wide" && only(3, {"u16", "s16", "u32", "s32"})) {
      if (!arity(4)) return std::nullopt;
      const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
      const auto c = source(in_->operands[3], last[0] == 's' ? "std::int64_t" : "std::uint64_t");  // mul_wide's type
      if (!a || !b || !c) return std::nullopt;
      return assign(in_->operands[0], "::cusim::ptx::mul_wide<" + *type + ">(" + *a + ", " + *b + ") + " + *c);
    }
    return fail();
  }
  if (op == "mul" && o.size() == 3 && type) {
    const std::string& mode = o[1];
    if (mode == "lo" && only(3, ints)) {
      if (!arity(3)) return std::nullopt;
      const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
      if (!a || !b) return std::nullopt;
      return assign(in_->operands[0], "static_cast<" + *type + ">(static_cast<std::uint64_t>(" + *a +
                                          ") * static_cast<std::uint64_t>(" + *b + "))");
    }
    if (mode == "hi" && only(3, {"u32", "s32", "u64", "s64"})) return call("::cusim::ptx::mul_hi<" + *type + ">", *type, 2);
    if (mode == "wide" && only(3, {"u16", "s16", "u32", "s32"})) return call("::cusim::ptx::mul_wide<" + *type + ">", *type, 2);
    return fail();
  }
  if ((op == "min" || op == "max") && only(2, ints)) return call("::cusim::ptx::" + op + "<" + *type + ">", *type, 2);
  if ((op == "and" || op == "or" || op == "xor") && only(2, bits)) {
    if (!arity(3)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
    if (!a || !b) return std::nullopt;
    const char* sign = op == "and" ? " & " : op == "or" ? " | " : " ^ ";
    return assign(in_->operands[0], "static_cast<" + *type + ">(" + *a + sign + *b + ")");
  }
  if (op == "not" && only(2, bits)) {
    if (!arity(2)) return std::nullopt;
    const auto a = source(in_->operands[1], *type);
    if (!a) return std::nullopt;
    return assign(in_->operands[0], "static_cast<" + *type + ">(~" + *a + ")");
  }
  if ((op == "shl" || op == "shr") && only(2, bits)) {
    if (!arity(3)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), n = source(in_->operands[2], "std::uint32_t");
    if (!a || !n) return std::nullopt;
    return assign(in_->operands[0], "::cusim::ptx::" + op + "<" + *type + ">(" + *a + ", " + *n + ")");
  }
  if (op == "bfind") {
    const bool shift = o.size() == 3 && o[1] == "shiftamt";
    if (!(o.size() == 2 || shift) || !type || (last != "u32" && last != "s32" && last != "u64" && last != "s64")) return fail();
    return call("::cusim::ptx::bfind<" + *type + ", " + (shift ? "true" : "false") + ">", *type, 1);
  }
  if ((op == "brev" || op == "popc" || op == "clz") && only(2, {"b32", "b64"})) return call("::cusim::ptx::" + op, *type, 1);
  if (op == "bfe" && only(2, {"u32", "s32", "u64", "s64"})) {
    if (!arity(4)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], "std::uint32_t"),
               c = source(in_->operands[3], "std::uint32_t");
    if (!a || !b || !c) return std::nullopt;
    return assign(in_->operands[0], "::cusim::ptx::bfe<" + *type + ">(" + *a + ", " + *b + ", " + *c + ")");
  }
  if (op == "bfi" && only(2, {"b32", "b64"})) {
    if (!arity(5)) return std::nullopt;
    const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type),
               c = source(in_->operands[3], "std::uint32_t"), d = source(in_->operands[4], "std::uint32_t");
    if (!a || !b || !c || !d) return std::nullopt;
    return assign(in_->operands[0], "::cusim::ptx::bfi<" + *type + ">(" + *a + ", " + *b + ", " + *c + ", " + *d + ")");
  }
  if (op == "prmt" && only(2, {"b32"})) return call("::cusim::ptx::prmt", "std::uint32_t", 3);  // the default mode only
  if (op == "shf" && o.size() == 4 && o[3] == "b32" && (o[1] == "l" || o[1] == "r") && (o[2] == "wrap" || o[2] == "clamp"))
    return call(std::string("__funnelshift_") + o[1] + (o[2] == "clamp" ? "c" : ""), "std::uint32_t", 3);
  if (op == "vabsdiff4" && o.size() == 5 && o[1] == "u32" && o[2] == "u32" && o[3] == "u32" && o[4] == "add") {
    if (!arity(4)) return std::nullopt;
    const auto a = source(in_->operands[1], "std::uint32_t"), b = source(in_->operands[2], "std::uint32_t"),
               c = source(in_->operands[3], "std::uint32_t");
    if (!a || !b || !c) return std::nullopt;
    return assign(in_->operands[0], "static_cast<std::uint32_t>(__vsadu4(" + *a + ", " + *b + ") + " + *c + ")");
  }
  return fail();
}

// ld and st in the generic, global or shared state space (a local or const window address is not
// a pointer here): weak, volatile, or relaxed/acquire/release at a scope; ld.global.nc and the
// cache operators as the accesses they hint at; .v2 and .v4 as one access of the whole vector.
std::optional<std::string> Translator::memory(bool load) {
  const auto& o = in_->opcode;
  std::string order = "weak", scope = "gpu";
  std::size_t i = 1;
  bool shared = false;
  // The state space, where PTX writes it: first for a weak access, after the order otherwise.
  auto space = [&]() { return state_space(i, shared); };
  if (!space()) return std::nullopt;
  if (i < o.size() && o[i] == "volatile") {
    order = "volatile_";
    ++i;
  } else if (i < o.size() && (o[i] == "relaxed" || o[i] == (load ? "acquire" : "release"))) {
    order = o[i++];
    if (i >= o.size() || (o[i] != "cta" && o[i] != "gpu" && o[i] != "sys" && o[i] != "cluster")) return fail("a scope is required");
    scope = o[i] == "cta" ? "cta" : o[i] == "sys" ? "sys" : "gpu";  // a cluster's fence is the device's here
    ++i;
  }
  if (!space()) return std::nullopt;
  // Hints that change no value: the non-coherent path, cache operators.
  static const std::set<std::string_view> hints = {"nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt"};
  while (order == "weak" && i < o.size() && hints.count(o[i])) ++i;
  unsigned lanes = 1;
  if (i < o.size() && (o[i] == "v2" || o[i] == "v4")) {
    if (order != "weak" && order != "volatile_") return fail();
    lanes = o[i] == "v2" ? 2 : 4;
    ++i;
  }
  if (i + 1 != o.size()) return fail();
  const auto type = cxx_type(o[i]);
  if (!type || !arity(2)) return fail();
  const auto at = address(in_->operands[load ? 1 : 0], shared);
  if (!at) return std::nullopt;
  const std::string ordering = "::cusim::ptx::Order::" + order + ", ::cusim::ptx::Scope::" + scope;
  const std::string access = "<" + *type + ", " + ordering + ">(" + *at;
  const std::string& data = in_->operands[load ? 0 : 1];
  if (lanes == 1) {
    if (load) return assign(data, "::cusim::ptx::ld" + access + ")");
    const auto value = source(data, *type);
    if (!value) return std::nullopt;
    return "::cusim::ptx::st" + access + ", " + *value + ");";
  }
  // A vector: a braced list of registers, and one access of the whole vector (inline_ptx.hpp:
  // ld_vector, st_vector).
  if (data.size() < 2 || data.front() != '{' || data.back() != '}') return fail("a vector needs a {...} list");
  const std::vector<std::string> registers = split(std::string_view(data).substr(1, data.size() - 2), ',');
  if (registers.size() != lanes) return fail("a vector of " + std::to_string(lanes) + " needs as many registers");
  const std::string vector_access = "<" + *type + ", " + std::to_string(lanes) + ", " + ordering + ">(" + *at;
  std::string body;
  if (!load) {
    for (unsigned k = 0; k < lanes; ++k) {
      const auto value = source(registers[k], *type);
      if (!value) return std::nullopt;
      body += (k ? ", " : "") + *value;
    }
    return "::cusim::ptx::st_vector" + vector_access + ", {" + body + "});";
  }
  for (unsigned k = 0; k < lanes; ++k) {
    const auto statement = assign(registers[k], "cusim_ptx_vector[" + std::to_string(k) + "]");
    if (!statement) return std::nullopt;
    body += " " + *statement;
  }
  return "{ const auto cusim_ptx_vector = ::cusim::ptx::ld_vector" + vector_access + ");" + body + " }";
}

// atom and red on generic, .global or .shared addresses: CUDA's atomic functions, with a fence
// before for .release, after for .acquire, both for .acq_rel.
std::optional<std::string> Translator::atomic(bool reduction) {
  const auto& o = in_->opcode;
  std::size_t i = 1;
  std::string order = "relaxed", scope = "gpu";
  if (i < o.size() && (o[i] == "relaxed" || o[i] == "acquire" || o[i] == "release" || o[i] == "acq_rel")) order = o[i++];
  if (i < o.size() && (o[i] == "cta" || o[i] == "gpu" || o[i] == "sys" || o[i] == "cluster")) {
    scope = o[i] == "cta" ? "cta" : o[i] == "sys" ? "sys" : "gpu";
    ++i;
  }
  bool shared = false;
  if (!state_space(i, shared)) return std::nullopt;
  if (i + 2 != o.size()) return fail();
  const std::string& op = o[i];
  const std::string& suffix = o[i + 1];
  // The types CUDA's atomic functions take.
  static const std::map<std::string_view, std::string> types = {
      {"u32", "unsigned int"}, {"b32", "unsigned int"}, {"s32", "int"}, {"u64", "unsigned long long"},
      {"b64", "unsigned long long"}, {"s64", "long long"}, {"f32", "float"}, {"f64", "double"}};
  static const std::map<std::string_view, std::pair<std::string, std::set<std::string_view>>> functions = {
      {"add", {"atomicAdd", {"u32", "s32", "u64", "f32", "f64"}}},
      {"exch", {"atomicExch", {"b32", "b64"}}},
      {"cas", {"atomicCAS", {"b32", "b64"}}},
      {"and", {"atomicAnd", {"b32", "b64"}}},
      {"or", {"atomicOr", {"b32", "b64"}}},
      {"xor", {"atomicXor", {"b32", "b64"}}},
      {"min", {"atomicMin", {"u32", "s32", "u64", "s64"}}},
      {"max", {"atomicMax", {"u32", "s32", "u64", "s64"}}},
      {"inc", {"atomicInc", {"u32"}}},
      {"dec", {"atomicDec", {"u32"}}}};
  const auto f = functions.find(op);
  if (f == functions.end() || !f->second.second.count(suffix) || (reduction && op == "cas")) return fail();
  const std::string& type = types.at(suffix);
  const std::size_t values = op == "cas" ? 2 : 1;
  if (!arity((reduction ? 1 : 2) + values)) return std::nullopt;
  const std::size_t first = reduction ? 0 : 1;
  const auto at = address(in_->operands[first], shared);
  if (!at) return std::nullopt;
  std::string call = f->second.first + "(::cusim::ptx::address<" + type + ">(" + *at + ")";
  for (std::size_t v = 1; v <= values; ++v) {
    const auto value = source(in_->operands[first + v], type);
    if (!value) return std::nullopt;
    call += ", " + *value;
  }
  call += ")";
  const std::string orders = "<::cusim::ptx::Order::" + order + ", ::cusim::ptx::Scope::" + scope + ">();";
  std::string body = "::cusim::ptx::before_atomic" + orders + " ";
  if (reduction) body += "(void)" + call + ";";
  else {
    const auto done = assign(in_->operands[0], call);
    if (!done) return std::nullopt;
    body += *done;
  }
  return body + " ::cusim::ptx::after_atomic" + orders;
}

// bar.sync 0 and barrier.sync 0 (__syncthreads: a named barrier or a thread count is not
// simulated), bar.warp.sync (__syncwarp).
std::optional<std::string> Translator::barrier() {
  const auto& o = in_->opcode;
  if (o.size() >= 3 && o[0] == "bar" && o[1] == "warp" && o[2] == "sync" && o.size() == 3) {
    if (!arity(1)) return std::nullopt;
    const auto mask = source(in_->operands[0], "std::uint32_t");
    if (!mask) return std::nullopt;
    return "__syncwarp(" + *mask + ");";
  }
  const bool aligned = o.size() == 3 && o[2] == "aligned";
  if ((o.size() == 2 || aligned) && o[1] == "sync") {
    if (in_->operands.size() != 1 || in_->operands[0] != "0")
      return fail("only barrier 0 of the whole block, as __syncthreads() waits on");
    return std::string("__syncthreads();");
  }
  return fail();
}

std::optional<std::string> Translator::fence() {
  const auto& o = in_->opcode;
  if (!in_->operands.empty()) return fail();
  std::string scope;
  if (o[0] == "membar" && o.size() == 2) scope = o[1] == "gl" ? "gpu" : o[1];
  else if (o[0] == "fence" && o.size() == 3 && (o[1] == "sc" || o[1] == "acq_rel")) scope = o[2];
  if (scope == "cta") return std::string("__threadfence_block();");
  if (scope == "gpu") return std::string("__threadfence();");
  if (scope == "sys") return std::string("__threadfence_system();");
  return fail();
}

// cvta between generic addresses and the .shared window (cvta.to.shared, cvta.shared) or the
// global one, whose addresses are generic ones.
std::optional<std::string> Translator::cvta() {
  const auto& o = in_->opcode;
  const bool to = o.size() == 4 && o[1] == "to";
  if (o.size() != (to ? 4u : 3u) || (o.back() != "u32" && o.back() != "u64") || !arity(2)) return fail();
  const std::string& space = o[to ? 2 : 1];
  const std::string type = o.back() == "u32" ? "std::uint32_t" : "std::uint64_t";
  const auto a = source(in_->operands[1], type);
  if (!a) return std::nullopt;
  if (space == "global") return assign(in_->operands[0], *a);
  if (!shared_space(space)) return fail("a ." + space + " window address; cusim runs generic, .global and .shared addresses");
  return assign(in_->operands[0], std::string("::cusim::ptx::") + (to ? "to_shared(" : "from_shared(") + *a + ")");
}

// cp.async from global to shared memory, 4, 8 or 16 bytes with an optional source size (the rest
// zero-filled), cache hints ignored; commit_group, wait_group and wait_all, which have nothing to
// wait for (inline_ptx.hpp: cp_async copies at once).
std::optional<std::string> Translator::async_copy() {
  const auto& o = in_->opcode;
  if (o.size() == 3 && (o[2] == "commit_group" || o[2] == "wait_all") && in_->operands.empty()) return std::string(";");
  if (o.size() == 3 && o[2] == "wait_group" && arity(1)) {
    const auto n = source(in_->operands[0], "unsigned");
    if (!n) return std::nullopt;
    return "(void)" + *n + ";";
  }
  if (o.size() < 5 || (o[2] != "ca" && o[2] != "cg") || !shared_space(o[3]) || o[4] != "global") return fail();
  for (std::size_t i = 5; i < o.size(); ++i)
    if (o[i].rfind("L2::", 0) != 0 || o[i] == "L2::cache_hint") return fail();
  if (in_->operands.size() != 3 && in_->operands.size() != 4) return fail("expected 3 or 4 operands");
  const std::string& size = in_->operands[2];
  if (size != "4" && size != "8" && size != "16") return fail("a copy of 4, 8 or 16 bytes");
  if (o[2] == "cg" && size != "16") return fail("cp.async.cg copies 16 bytes");
  const auto to = address(in_->operands[0], true), from = address(in_->operands[1]);
  if (!to || !from) return std::nullopt;
  std::string bytes = size;
  if (in_->operands.size() == 4) {
    const auto b = source(in_->operands[3], "std::uint32_t");
    if (!b) return std::nullopt;
    bytes = *b;
  }
  return "::cusim::ptx::cp_async<" + size + ">(::cusim::ptx::address<char>(" + *to + "), ::cusim::ptx::address<const char>(" +
         *from + "), " + bytes + ");";
}

// setp.CMP.TYPE p, a, b: a comparison into a predicate register (inline_ptx.hpp: setp). lo, ls,
// hi and hs are lt, le, gt and ge of unsigned types; a combining form (setp.lt.and...) and a second
// destination (p|q) are not simulated.
std::optional<std::string> Translator::compare() {
  const auto& o = in_->opcode;
  static const std::map<std::string_view, std::string> comparisons = {
      {"eq", "eq"},   {"ne", "ne"},   {"lt", "lt"},   {"le", "le"},   {"gt", "gt"},   {"ge", "ge"},   {"lo", "lt"},
      {"ls", "le"},   {"hi", "gt"},   {"hs", "ge"},   {"equ", "equ"}, {"neu", "neu"}, {"ltu", "ltu"}, {"leu", "leu"},
      {"gtu", "gtu"}, {"geu", "geu"}, {"num", "num"}, {"nan", "nan"}};
  if (o.size() != 3 || !arity(3)) return fail();
  const auto c = comparisons.find(o[1]);
  const auto type = cxx_type(o[2]);
  if (c == comparisons.end() || !type) return fail();
  const bool unordered = c->second.size() == 3 || c->second == "num" || c->second == "nan";
  if (unordered && o[2][0] != 'f') return fail("an unordered comparison of integers");
  const Local* p = local(in_->operands[0]);
  if (!p || p->type != "bool") return fail("destination `" + in_->operands[0] + "` is not a predicate register");
  const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
  if (!a || !b) return std::nullopt;
  return p->name + " = ::cusim::ptx::setp<::cusim::ptx::Compare::" + c->second + ">(" + *a + ", " + *b + ");";
}

// selp.TYPE d, a, b, p: a if the predicate register p holds, else b.
std::optional<std::string> Translator::select() {
  const auto& o = in_->opcode;
  const auto type = o.size() == 2 ? cxx_type(o[1]) : std::nullopt;
  if (!type || !arity(4)) return fail();
  const Local* p = local(in_->operands[3]);
  if (!p || p->type != "bool") return fail("`" + in_->operands[3] + "` is not a predicate register");
  const auto a = source(in_->operands[1], *type), b = source(in_->operands[2], *type);
  if (!a || !b) return std::nullopt;
  return assign(in_->operands[0], "(" + p->name + " ? " + *a + " : " + *b + ")");
}

std::optional<std::string> Translator::declaration(const Instruction& in) {
  in_ = &in;
  // .reg .TYPE names: the type is the first operand's word after .reg.
  const auto& o = in.opcode;  // "", "reg" (the text starts with a dot)
  if (o.size() != 2 || o[1] != "reg" || in.operands.empty()) return fail();
  std::string first = in.operands[0];
  const std::size_t space = first.find_first_of(" \t\n");
  if (first.empty() || first[0] != '.' || space == std::string::npos) return fail();
  const std::string suffix = first.substr(1, space - 1);
  std::vector<std::string> names{trim(std::string_view(first).substr(space))};
  names.insert(names.end(), in.operands.begin() + 1, in.operands.end());
  static const std::map<std::string_view, std::string> bit_types = {
      {"pred", "bool"}, {"f16", "std::uint16_t"}, {"bf16", "std::uint16_t"}, {"f16x2", "std::uint32_t"}, {"bf16x2", "std::uint32_t"}};
  std::string type;
  if (const auto b = bit_types.find(suffix); b != bit_types.end()) type = b->second;
  else if (const auto t = cxx_type(suffix)) type = *t;
  else return fail("a register of type ." + suffix);
  std::string body;
  for (const std::string& written : names) {
    std::string name = written.substr(std::min(written.size(), written.find_first_not_of('%')));
    unsigned count = 0;  // r<4>: r0, r1, r2, r3
    if (const std::size_t open = name.find('<'); open != std::string::npos) {
      if (name.back() != '>' || !immediate(name.substr(open + 1, name.size() - open - 2))) return fail();
      count = static_cast<unsigned>(std::stoul(name.substr(open + 1, name.size() - open - 2)));
      name = name.substr(0, open);
    }
    if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return fail();
    for (char ch : name)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '$') return fail();
    for (unsigned k = 0; k < std::max(count, 1u); ++k) {
      const std::string ptx = count ? name + std::to_string(k) : name;
      std::string cxx = "cusim_ptx_reg_";
      for (char ch : ptx) cxx += ch == '$' ? '_' : ch;
      locals_[ptx] = Local{cxx, type};
      body += type + " " + cxx + "{}; ";
    }
  }
  return body;
}

std::optional<std::string> Translator::guard(const Instruction& in, const std::string& predicate) {
  in_ = &in;
  const bool negated = predicate.size() > 1 && predicate[1] == '!';
  const Local* p = local(predicate.substr(negated ? 2 : 1));
  if (!p || p->type != "bool") return fail("`" + predicate + "` is not a predicate register");
  return std::string(negated ? "!" : "") + p->name;
}

std::optional<std::string> Translator::instruction(const Instruction& in) {
  in_ = &in;
  const std::string& op = in.opcode[0];
  if (op == "mov") return mov();
  if (op == "ld" || op == "st") return memory(op == "ld");
  if (op == "atom" || op == "red") return atomic(op == "red");
  if (op == "bar" || op == "barrier") return barrier();
  if (op == "membar" || op == "fence") return fence();
  if (op == "cvta") return cvta();
  if (op == "setp") return compare();
  if (op == "selp") return select();
  if (op == "bra" || op == "ret" || op == "exit" || op.back() == ':')
    return fail("labels and branches are not; write the control flow in C++");
  if (op == "cp" && in.opcode.size() >= 2 && in.opcode[1] == "async") return async_copy();
  if (op == "activemask" && in.opcode.size() == 2 && in.opcode[1] == "b32") {
    if (!arity(1)) return std::nullopt;
    return assign(in.operands[0], "__activemask()");
  }
  if (op == "nanosleep" && in.opcode.size() == 2 && in.opcode[1] == "u32") {
    if (!arity(1)) return std::nullopt;
    const auto t = source(in.operands[0], "std::uint32_t");
    if (!t) return std::nullopt;
    return "__nanosleep(" + *t + ");";
  }
  static const std::set<std::string_view> arithmetic_ops = {"add", "sub", "addc", "subc", "mad", "mul", "min",
                                                            "max", "and", "or", "xor", "not", "shl", "shr", "bfind", "brev",
                                                            "popc", "clz", "bfe", "bfi", "prmt", "shf", "vabsdiff4"};
  if (arithmetic_ops.count(op) && in.opcode.size() >= 2) return arithmetic(op);
  return fail();
}

// One instruction's text split into its opcode (at the dots) and operands (at the commas outside
// brackets and braces).
Instruction parse(const std::string& statement) {
  Instruction in;
  in.text = statement;
  const std::size_t space = statement.find_first_of(" \t\n");
  in.opcode = split(statement.substr(0, space), '.');
  if (space == std::string::npos) return in;
  const std::string rest = statement.substr(space);
  int depth = 0;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= rest.size(); ++i) {
    if (i < rest.size() && (rest[i] == '[' || rest[i] == '{')) ++depth;
    if (i < rest.size() && (rest[i] == ']' || rest[i] == '}')) --depth;
    if (i == rest.size() || (rest[i] == ',' && depth == 0)) {
      in.operands.push_back(trim(std::string_view(rest).substr(from, i - from)));
      from = i + 1;
    }
  }
  return in;
}

}  // namespace

std::string ptx_operand_name(unsigned i) { return "cusim_ptx_" + std::to_string(i); }

PtxTranslation translate_ptx(const std::string& text, const std::vector<PtxOperand>& operands) {
  Translator t(operands);
  std::string body;
  int depth = 0;
  bool any = false;
  for (std::string statement : split(text, ';')) {
    // A block's braces ({ .reg .pred p; ... }) are C++ braces: its registers are its locals.
    while (!statement.empty() && (statement[0] == '{' || statement[0] == '}')) {
      depth += statement[0] == '{' ? 1 : -1;
      body += statement.substr(0, 1) + " ";
      statement = trim(std::string_view(statement).substr(1));
    }
    if (statement.empty()) continue;
    if (statement[0] == '.') {
      const auto declared = t.declaration(parse(statement));
      if (!declared) return {"", t.error_};
      body += *declared;
      continue;
    }
    // A guard (@p, @!p) runs the instruction where the predicate register holds.
    std::string condition;
    if (statement[0] == '@') {
      const std::size_t space = statement.find_first_of(" \t\n");
      if (space == std::string::npos) return {"", "inline PTX `" + statement + "` is not simulated by cusim"};
      const auto c = t.guard(parse(statement), statement.substr(0, space));
      if (!c) return {"", t.error_};
      condition = *c;
      statement = trim(std::string_view(statement).substr(space));
    }
    if (!std::isalpha(static_cast<unsigned char>(statement[0]))) {
      t.error_ = "inline PTX `" + statement + "` is not simulated by cusim";
      return {"", t.error_};
    }
    const auto translated = t.instruction(parse(statement));
    if (!translated) return {"", t.error_};
    body += condition.empty() ? *translated + " " : "if (" + condition + ") { " + *translated + " } ";
    any = true;
  }
  if (!any) return {"", "inline PTX with no instruction is not simulated by cusim"};
  if (depth != 0) return {"", "inline PTX `" + text + "` is not simulated by cusim (its braces do not match)"};
  if (t.carry_) body = "unsigned cusim_ptx_carry = 0; " + body;
  return {body, ""};
}

}  // namespace cusim::translate
