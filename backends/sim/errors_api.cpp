// cudaGetErrorName / cudaGetErrorString / cudaGetLastError / cudaPeekAtLastError.
#include "backends/sim/error_state.hpp"
#include "cusim/detail/host_api.hpp"

namespace {
struct ErrorText {
  cudaError_t code;
  const char* name;
  const char* text;
};
// CUDA's own names and texts; an unknown code is "unrecognized error code" for both, as in CUDA.
constexpr ErrorText kErrors[] = {
#define CUSIM_CUDA_ERROR(name, value, text) {name, #name, text},
#include "cusim/detail/cuda_errors.def"
#undef CUSIM_CUDA_ERROR
};
const ErrorText* find(cudaError_t e) {
  for (const ErrorText& t : kErrors)
    if (t.code == e) return &t;
  return nullptr;
}
}  // namespace

const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* t = find(error);
  return t ? t->name : "unrecognized error code";
}
const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* t = find(error);
  return t ? t->text : "unrecognized error code";
}
cudaError_t cudaGetLastError() { return cusim::backend::take_last_error(); }
cudaError_t cudaPeekAtLastError() { return cusim::backend::peek_last_error(); }
