// A program for the tests of the cusim tool and of traces: what it does is chosen by its first
// argument, each a way a program can end.
//   clean       launches a kernel, prints "clean", exits 0
//   exit N      launches a kernel, exits with status N (no findings)
//   leave       makes a finding (an invalid cudaFree) and leaves it: exit status from cusim
//   take        makes the same finding and takes it (cusim::take_findings), exits 0
//   leak        launches a kernel, then allocates 1 KiB of device memory it never frees, exits 0
//   fault-exit  a kernel faults (illegal address); the program reports it and calls exit(3)
//   abort       launches a kernel, then aborts (SIGABRT)
//   segv        launches a kernel, then a segmentation fault in host code (SIGSEGV)
//   wait FILE   launches a kernel, writes its process id to FILE, then waits (60 s at most) for a
//               signal to end it
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cusim/cusim.hpp>

__global__ void fill(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = static_cast<int>(threadIdx.x); }

__global__ void wild(int* p) { p[threadIdx.x] = 1; }

// Never ends (from 1 Collatz gives 4, 2, 1 again); static: no dynamic symbol (cli_test, stripped).
static __global__ void endless(int* out) {
  unsigned x = threadIdx.x + 1, steps = 0;
  while (x != 0) x = (x & 1) ? 3 * x + 1 : x / 2, ++steps;
  out[threadIdx.x] = static_cast<int>(steps);
}

int launch_one() {
  int* data = nullptr;
  cudaMalloc(&data, 64 * sizeof(int));
  cusim::launch(fill, dim3(2), dim3(32), data);
  const cudaError_t e = cudaDeviceSynchronize();
  cudaFree(data);
  return e == cudaSuccess ? 0 : 1;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(mode, "clean")) {
    const int status = launch_one();
    std::printf("clean\n");
    return status;
  }
  if (!std::strcmp(mode, "exit") && argc > 2) {
    launch_one();
    return std::atoi(argv[2]);
  }
  if (!std::strcmp(mode, "leave") || !std::strcmp(mode, "take")) {
    int host = 0;
    cudaFree(&host);  // invalid-free: not device memory
    if (!std::strcmp(mode, "take")) std::printf("took %zu finding(s)\n", cusim::take_findings().size());
    return 0;
  }
  if (!std::strcmp(mode, "leak")) {
    const int status = launch_one();
    void* kept = nullptr;
    cudaMalloc(&kept, 1024);  // never freed: the leak
    return status;
  }
  if (!std::strcmp(mode, "fault-exit")) {
    cusim::launch(wild, dim3(1), dim3(4), reinterpret_cast<int*>(0x40));
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("kernel failed: %s\n", cudaGetErrorName(e));
    std::exit(3);
  }
  if (!std::strcmp(mode, "abort")) {
    launch_one();
    std::abort();
  }
  if (!std::strcmp(mode, "segv")) {
    launch_one();
    // A real fault (a store to an inaccessible page): cusim forwards faults outside kernels to the
    // default action, which re-executes the store and ends the process.
    void* page = mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    *static_cast<volatile int*>(page) = 1;
    return 0;
  }
  if (!std::strcmp(mode, "endless")) {
    int* out = nullptr;
    cudaMalloc(&out, 32 * sizeof(int));
    cusim::launch(endless, dim3(1), dim3(32), out);
    std::printf("the endless kernel ended with %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
  }
  if (!std::strcmp(mode, "wait") && argc > 2) {
    launch_one();
    if (std::FILE* f = std::fopen(argv[2], "w")) {
      std::fprintf(f, "%d\n", static_cast<int>(getpid()));
      std::fclose(f);
    }
    for (int i = 0; i < 60; ++i) sleep(1);
    return 0;
  }
  std::fprintf(stderr, "usage: test_program clean | exit N | leave | take | leak | fault-exit | abort | segv | endless | wait FILE\n");
  return 2;
}
