// The special-function unit's lg2.approx.ftz.f32 over every float mantissa: for x = m 2^e, m each
// of the 2^23 floats in [1, 2) and e in {0, -1, -7, -20}, the difference in units in the last
// place between lg2.approx(x) and log2(x) rounded toward zero (log2 in double; positive: larger in
// magnitude), clamped to
// [-127, 127], one signed byte per mantissa in lg2_e<-e>.bin under the directory argv[1].
#include <cstdio>
#include <string>
#include <vector>
__global__ void probe(int e, signed char* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (1u << 23)) return;
  const float x = ldexpf(__uint_as_float(0x3f800000u | i), e);
  float a;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(a) : "f"(x));
  const float rz = __double2float_rz(log2((double)x));
  long long d = (long long)__float_as_int(a) - (long long)__float_as_int(rz);
  out[i] = (signed char)(d > 127 ? 127 : d < -127 ? -127 : d);
}
int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  signed char* d;
  cudaMalloc(&d, 1 << 23);
  std::vector<signed char> h(1 << 23);
  for (int e : {0, -1, -7, -20}) {
    probe<<<(1 << 23) / 256, 256>>>(e, d);
    cudaMemcpy(h.data(), d, h.size(), cudaMemcpyDeviceToHost);
    FILE* f = fopen((dir + "/lg2_e" + std::to_string(-e) + ".bin").c_str(), "wb");
    fwrite(h.data(), 1, h.size(), f);
    fclose(f);
    long long zero = 0;
    for (signed char c : h) zero += c == 0;
    printf("e=%d: %lld of %zu equal to log2 rounded toward zero\n", e, zero, h.size());
  }
}
