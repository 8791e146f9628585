// cusim::cuda_error: a failed CUDA runtime call as a C++ exception, for the RAII types.
// Written against the CUDA runtime API only, so it works the same on the simulator and a GPU.
#pragma once
#include <stdexcept>
#include <string>

namespace cusim {

class cuda_error : public std::runtime_error {
 public:
  cuda_error(cudaError_t code, const std::string& what)
      : std::runtime_error(what + ": " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) + ")"), code_(code) {}
  cudaError_t code() const noexcept { return code_; }

 private:
  cudaError_t code_;
};

// Throws cuda_error unless `e` is cudaSuccess; `what` names the call.
inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw cuda_error(e, what);
}

}  // namespace cusim
