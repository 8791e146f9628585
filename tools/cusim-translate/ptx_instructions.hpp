// The PTX that the translator runs on the simulator: an asm statement's instructions, turned into
// C++ statements that call runtime/cusim/detail/inline_ptx.hpp (and CUDA's intrinsics) on the
// statement's operands. Text in, text out: no Clang here (inline_assembly.cpp does the AST side).
#pragma once
#include <string>
#include <vector>

namespace cusim::translate {

// The operands of an asm statement, numbered as GCC numbers them (outputs first).
struct PtxOperand {
  bool output = false;
};

struct PtxTranslation {
  std::string body;   // C++ statements on the operands, named ptx_operand_name(i); empty on error
  std::string error;  // why the text cannot run here (the instruction it stops at), or empty
};

// `text`: the asm template with its escapes resolved: "%%" as "%", operand references as "%N"
// so that "%" and a letter starts a special register.
PtxTranslation translate_ptx(const std::string& text, const std::vector<PtxOperand>& operands);

// The name the body gives operand `i`: a parameter of the lambda the statement becomes.
std::string ptx_operand_name(unsigned i);

}  // namespace cusim::translate
