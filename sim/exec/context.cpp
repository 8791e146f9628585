#include "sim/exec/context.hpp"

namespace cusim::sim {

#if defined(__x86_64__)
// Every switch goes through this one call of jump_fcontext, so every suspended context resumes at
// the same return address, label 1. jump_fcontext enters by `call` but leaves by `jmp`, which
// leaves one entry on the CPU's return-stack predictor: the `call` of whoever suspended, i.e.
// label 1 again. Popping it with a `ret` whose target is label 1 is then *correctly* predicted,
// and the returns that follow line up with the predictor; the flag in %rbx (restored by
// jump_fcontext, as every callee-saved register) makes the second arrival at label 1 fall
// through. A plain call would instead mispredict every return on the way out of the engine.
void switch_to(Context* save, Context to) {
  void* from;
  void* data;
  asm volatile(
      "lea -128(%%rsp), %%rsp\n\t"  // step over the red zone
      "mov %%rsp, %%r12\n\t"        // r12: callee-saved, survives the switch
      "and $-16, %%rsp\n\t"         // the ABI's call alignment
      "xor %%ebx, %%ebx\n\t"
      "call jump_fcontext@PLT\n"
      "1:\n\t"
      "test %%rbx, %%rbx\n\t"
      "jnz 2f\n\t"
      "mov $1, %%ebx\n\t"
      "lea 1b(%%rip), %%rcx\n\t"
      "push %%rcx\n\t"
      "ret\n"
      "2:\n\t"
      "mov %%r12, %%rsp\n\t"
      "lea 128(%%rsp), %%rsp\n\t"
      : "=a"(from), "=d"(data), "+D"(to), "+S"(save)
      :
      : "rbx", "rcx", "r8", "r9", "r10", "r11", "r12", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
        "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
  arrive(Transfer{from, data});
}
#else
void switch_to(Context* save, Context to) { arrive(boost::context::detail::jump_fcontext(to, save)); }
#endif

}  // namespace cusim::sim
