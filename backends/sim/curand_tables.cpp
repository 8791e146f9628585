// cuRAND's Sobol tables (direction vectors for 20,000 dimensions, scramble constants) are NVIDIA's
// data, which cusim does not ship. The installed CUDA Toolkit's libcurand returns them from its
// host-side calls, which need no GPU: cusim loads that library (dlopen, its own symbols kept
// local) and forwards the four calls, so a program gets the very tables the GPU build gets.
// Without a toolkit, the calls answer CURAND_STATUS_INITIALIZATION_FAILED and say on stderr what
// is missing, once.
#include <curand.h>
#include <dlfcn.h>

#include <cstdio>
#include <mutex>

namespace {

// The library's own entry points (C linkage there).
struct Tables {
  curandStatus_t (*vectors32)(curandDirectionVectors32_t**, curandDirectionVectorSet_t) = nullptr;
  curandStatus_t (*vectors64)(curandDirectionVectors64_t**, curandDirectionVectorSet_t) = nullptr;
  curandStatus_t (*scramble32)(unsigned int**) = nullptr;
  curandStatus_t (*scramble64)(unsigned long long**) = nullptr;
};

// Where a CUDA Toolkit puts libcurand: the loader's own search path first, then the toolkit's
// usual folder.
constexpr const char* kLibraries[] = {"libcurand.so.10", "libcurand.so", "/usr/local/cuda/lib64/libcurand.so.10",
                                      "/usr/local/cuda/lib64/libcurand.so"};

const Tables& tables() {
  static Tables t;
  static std::once_flag once;
  std::call_once(once, [] {
    for (const char* name : kLibraries) {
      void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL);  // never closed: the tables live in it
      if (!library) continue;
      t.vectors32 = reinterpret_cast<decltype(t.vectors32)>(dlsym(library, "curandGetDirectionVectors32"));
      t.vectors64 = reinterpret_cast<decltype(t.vectors64)>(dlsym(library, "curandGetDirectionVectors64"));
      t.scramble32 = reinterpret_cast<decltype(t.scramble32)>(dlsym(library, "curandGetScrambleConstants32"));
      t.scramble64 = reinterpret_cast<decltype(t.scramble64)>(dlsym(library, "curandGetScrambleConstants64"));
      if (t.vectors32 && t.vectors64 && t.scramble32 && t.scramble64) return;
      t = Tables{};
    }
    std::fprintf(stderr,
                 "cusim: cuRAND's Sobol direction vectors and scramble constants come from the CUDA Toolkit's "
                 "libcurand, not found (libcurand.so.10 on the loader's path or in /usr/local/cuda/lib64): "
                 "CURAND_STATUS_INITIALIZATION_FAILED\n");
  });
  return t;
}

}  // namespace

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t* vectors[], curandDirectionVectorSet_t set) {
  const Tables& t = tables();
  return t.vectors32 ? t.vectors32(vectors, set)
                     : CURAND_STATUS_INITIALIZATION_FAILED;
}
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t* vectors[], curandDirectionVectorSet_t set) {
  const Tables& t = tables();
  return t.vectors64 ? t.vectors64(vectors, set)
                     : CURAND_STATUS_INITIALIZATION_FAILED;
}
curandStatus_t curandGetScrambleConstants32(unsigned int** constants) {
  const Tables& t = tables();
  return t.scramble32 ? t.scramble32(constants) : CURAND_STATUS_INITIALIZATION_FAILED;
}
curandStatus_t curandGetScrambleConstants64(unsigned long long** constants) {
  const Tables& t = tables();
  return t.scramble64 ? t.scramble64(constants) : CURAND_STATUS_INITIALIZATION_FAILED;
}
