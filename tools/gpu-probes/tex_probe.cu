// Texture probe: records the GPU's texture fetch results, raw, for fitting cusim's texture unit.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("ERR %s line %d: %s\n", #x, __LINE__, cudaGetErrorName(e_)); } } while (0)

static uint32_t lcg = 12345;
static uint32_t rnd() { lcg = lcg * 1664525u + 1013904223u; return lcg; }
static float frand(float lo, float hi) { return lo + (hi - lo) * float(rnd() >> 8) * (1.0f / 16777216.0f); }
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

template <class T> __global__ void k1(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex1D<T>(t, c[i].x); }
template <class T> __global__ void k2(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex2D<T>(t, c[i].x, c[i].y); }
template <class T> __global__ void k3(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex3D<T>(t, c[i].x, c[i].y, c[i].z); }
template <class T> __global__ void k1L(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex1DLayered<T>(t, c[i].x, (int)c[i].w); }
template <class T> __global__ void k2L(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex2DLayered<T>(t, c[i].x, c[i].y, (int)c[i].w); }
template <class T> __global__ void kF(cudaTextureObject_t t, const float4* c, T* out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = tex1Dfetch<T>(t, (int)c[i].x); }

enum Kind { K1, K2, K3, K1L, K2L, KF };

template <class T>
void run(const char* name, Kind kind, cudaTextureObject_t t, const std::vector<float4>& coords) {
  const int n = (int)coords.size();
  float4* dc; T* dout;
  CK(cudaMalloc(&dc, n * sizeof(float4)));
  CK(cudaMalloc(&dout, n * sizeof(T)));
  CK(cudaMemcpy(dc, coords.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  const int b = 128, g = (n + b - 1) / b;
  switch (kind) {
    case K1: k1<T><<<g, b>>>(t, dc, dout, n); break;
    case K2: k2<T><<<g, b>>>(t, dc, dout, n); break;
    case K3: k3<T><<<g, b>>>(t, dc, dout, n); break;
    case K1L: k1L<T><<<g, b>>>(t, dc, dout, n); break;
    case K2L: k2L<T><<<g, b>>>(t, dc, dout, n); break;
    case KF: kF<T><<<g, b>>>(t, dc, dout, n); break;
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<T> out(n);
  CK(cudaMemcpy(out.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    printf("%s %d %08x %08x %08x %08x :", name, i, bits(coords[i].x), bits(coords[i].y), bits(coords[i].z), bits(coords[i].w));
    uint32_t w[4] = {0, 0, 0, 0};
    memcpy(w, &out[i], sizeof(T));
    for (unsigned k = 0; k < sizeof(T) / 4; ++k) printf(" %08x", w[k]);
    printf("\n");
  }
  cudaFree(dc); cudaFree(dout);
}

// 1-D coordinates: random, a fine grid, and values just beside texel centres and edges.
std::vector<float4> coords1(int N, bool normalized, int layers = 0) {
  std::vector<float4> c;
  auto push = [&](float x) {
    float4 v{normalized ? x / N : x, 0, 0, layers ? float(rnd() % layers) : 0.f};
    c.push_back(v);
  };
  for (int i = 0; i < 150; ++i) push(frand(-2.5f, N + 2.5f));
  for (int k = -2 * 16; k <= (N + 2) * 16; ++k) push(k / 16.0f);
  for (int i = -1; i <= N; ++i)
    for (float d : {1.0f / 1024, 1.0f / 512, 1.0f / 300, 1.0f / 256, 3.0f / 512, 0.0f})
      push(i + 0.5f + d), push(i + 0.5f - d), push(i + d), push(i - d);
  if (normalized) for (int i = 0; i < 80; ++i) { float4 v{frand(-3.f, 4.f), 0, 0, 0}; c.push_back(v); }
  return c;
}
std::vector<float4> coords2(int W, int H, bool normalized, int layers = 0) {
  std::vector<float4> c;
  for (int i = 0; i < 400; ++i) {
    float x = frand(-2.f, W + 2.f), y = frand(-2.f, H + 2.f);
    if (i % 4 == 1) x = (int)(rnd() % (W * 16)) / 16.0f, y = (int)(rnd() % (H * 16)) / 16.0f;
    float4 v{normalized ? x / W : x, normalized ? y / H : y, 0, layers ? float(rnd() % layers) : 0.f};
    c.push_back(v);
  }
  return c;
}
std::vector<float4> coords3(int W, int H, int D, bool normalized) {
  std::vector<float4> c;
  for (int i = 0; i < 400; ++i) {
    float x = frand(-1.5f, W + 1.5f), y = frand(-1.5f, H + 1.5f), z = frand(-1.5f, D + 1.5f);
    float4 v{normalized ? x / W : x, normalized ? y / H : y, normalized ? z / D : z, 0};
    c.push_back(v);
  }
  return c;
}

cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode f, cudaTextureAddressMode m, bool norm,
                         cudaTextureReadMode rm = cudaReadModeElementType, float border = 0.f) {
  cudaResourceDesc r; memset(&r, 0, sizeof r);
  r.resType = cudaResourceTypeArray; r.res.array.array = a;
  cudaTextureDesc td; memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
  td.filterMode = f; td.readMode = rm; td.normalizedCoords = norm;
  td.borderColor[0] = border; td.borderColor[1] = border * 2; td.borderColor[2] = border * 3; td.borderColor[3] = 1.0f;
  cudaTextureObject_t t = 0;
  cudaError_t e = cudaCreateTextureObject(&t, &r, &td, nullptr);
  printf("create f=%d m=%d n=%d rm=%d -> %s\n", f, m, norm, rm, cudaGetErrorName(e));
  return t;
}

int main() {
  const cudaTextureFilterMode filters[] = {cudaFilterModePoint, cudaFilterModeLinear};
  const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder};
  char name[64];
  // A. 1-D float array.
  {
    const int N = 10;
    std::vector<float> v(N);
    for (auto& x : v) x = frand(-4.f, 4.f);
    printf("data A"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMallocArray(&a, &d, N, 0));
    CK(cudaMemcpy2DToArray(a, 0, 0, v.data(), N * 4, N * 4, 1, cudaMemcpyHostToDevice));
    for (auto f : filters) for (auto m : modes) for (int norm = 0; norm < 2; ++norm) {
      cudaTextureObject_t t = make(a, f, m, norm, cudaReadModeElementType, 0.375f);
      snprintf(name, sizeof name, "A_f%d_m%d_n%d", f, m, norm);
      run<float>(name, K1, t, coords1(N, norm));
      cudaDestroyTextureObject(t);
    }
  }
  // B. 2-D float array 7x5.
  {
    const int W = 7, H = 5;
    std::vector<float> v(W * H);
    for (auto& x : v) x = frand(-100.f, 100.f);
    printf("data B"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMallocArray(&a, &d, W, H));
    CK(cudaMemcpy2DToArray(a, 0, 0, v.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    for (auto f : filters) for (auto m : modes) for (int norm = 0; norm < 2; ++norm) {
      cudaTextureObject_t t = make(a, f, m, norm, cudaReadModeElementType, 0.5f);
      snprintf(name, sizeof name, "B_f%d_m%d_n%d", f, m, norm);
      run<float>(name, K2, t, coords2(W, H, norm));
      cudaDestroyTextureObject(t);
    }
  }
  // C. 2-D uchar4 6x4, normalized-float reads.
  {
    const int W = 6, H = 4;
    std::vector<uchar4> v(W * H);
    for (auto& x : v) x = make_uchar4(rnd() & 255, rnd() & 255, rnd() & 255, rnd() & 255);
    v[0] = make_uchar4(0, 255, 1, 254);
    printf("data C"); for (auto x : v) printf(" %02x%02x%02x%02x", x.x, x.y, x.z, x.w); printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a; CK(cudaMallocArray(&a, &d, W, H));
    CK(cudaMemcpy2DToArray(a, 0, 0, v.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    for (auto f : filters) for (auto m : modes) for (int norm = 0; norm < 2; ++norm) {
      cudaTextureObject_t t = make(a, f, m, norm, cudaReadModeNormalizedFloat, 0.25f);
      snprintf(name, sizeof name, "C_f%d_m%d_n%d", f, m, norm);
      run<float4>(name, K2, t, coords2(W, H, norm));
      cudaDestroyTextureObject(t);
    }
    cudaTextureObject_t t = make(a, cudaFilterModePoint, cudaAddressModeClamp, 0, cudaReadModeElementType);
    run<uchar4>("C_elem", K2, t, coords2(W, H, 0));
    cudaDestroyTextureObject(t);
    t = make(a, cudaFilterModeLinear, cudaAddressModeClamp, 0, cudaReadModeElementType);  // expect an error
    cudaDestroyTextureObject(t);
  }
  // D. 1-D short, char, ushort normalized float.
  {
    const int N = 6;
    short s[N] = {-32768, -32767, -1, 0, 12345, 32767};
    signed char ch[N] = {-128, -127, -1, 0, 64, 127};
    unsigned short us[N] = {0, 1, 255, 32768, 65534, 65535};
    struct { const char* n; const void* p; cudaChannelFormatDesc d; int sz; } ds[] = {
      {"Ds", s, cudaCreateChannelDesc<short>(), 2}, {"Dc", ch, cudaCreateChannelDesc<signed char>(), 1}, {"Du", us, cudaCreateChannelDesc<unsigned short>(), 2}};
    for (auto& e : ds) {
      cudaArray_t a; CK(cudaMallocArray(&a, &e.d, N, 0));
      CK(cudaMemcpy2DToArray(a, 0, 0, e.p, N * e.sz, N * e.sz, 1, cudaMemcpyHostToDevice));
      for (auto f : filters) {
        cudaTextureObject_t t = make(a, f, cudaAddressModeClamp, 0, cudaReadModeNormalizedFloat);
        snprintf(name, sizeof name, "%s_f%d", e.n, f);
        run<float>(name, K1, t, coords1(N, false));
        cudaDestroyTextureObject(t);
      }
    }
  }
  // E. 3-D float 4x3x5.
  {
    const int W = 4, H = 3, D = 5;
    std::vector<float> v(W * H * D);
    for (auto& x : v) x = frand(-10.f, 10.f);
    printf("data E"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMalloc3DArray(&a, &d, make_cudaExtent(W, H, D), 0));
    cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, H); p.dstArray = a; p.extent = make_cudaExtent(W, H, D); p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    for (auto f : filters) for (auto m : {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeBorder}) for (int norm = 0; norm < 2; ++norm) {
      cudaTextureObject_t t = make(a, f, m, norm);
      snprintf(name, sizeof name, "E_f%d_m%d_n%d", f, m, norm);
      run<float>(name, K3, t, coords3(W, H, D, norm));
      cudaDestroyTextureObject(t);
    }
  }
  // F. 2-D layered float 5x4, 3 layers; 1-D layered 5, 3 layers.
  {
    const int W = 5, H = 4, L = 3;
    std::vector<float> v(W * H * L);
    for (auto& x : v) x = frand(-10.f, 10.f);
    printf("data F"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMalloc3DArray(&a, &d, make_cudaExtent(W, H, L), cudaArrayLayered));
    cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, H); p.dstArray = a; p.extent = make_cudaExtent(W, H, L); p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    for (auto f : filters) {
      cudaTextureObject_t t = make(a, f, cudaAddressModeClamp, 0);
      snprintf(name, sizeof name, "F_f%d", f);
      run<float>(name, K2L, t, coords2(W, H, false, L));
      cudaDestroyTextureObject(t);
    }
    cudaArray_t a1; CK(cudaMalloc3DArray(&a1, &d, make_cudaExtent(W, 0, L), cudaArrayLayered));
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(v.data(), W * 4, W, 1); p.dstArray = a1; p.extent = make_cudaExtent(W, 1, L); p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    printf("data F1 layered uses first W*L of F\n");
    for (auto f : filters) {
      cudaTextureObject_t t = make(a1, f, cudaAddressModeClamp, 0);
      snprintf(name, sizeof name, "F1_f%d", f);
      run<float>(name, K1L, t, coords1(W, false, L));
      cudaDestroyTextureObject(t);
    }
  }
  // G. Linear memory: tex1Dfetch of float (out of range indices too) and uchar normalized.
  {
    const int N = 12;
    std::vector<float> v(N);
    for (auto& x : v) x = frand(-1.f, 1.f);
    printf("data G"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    float* dv; CK(cudaMalloc(&dv, N * 4)); CK(cudaMemcpy(dv, v.data(), N * 4, cudaMemcpyHostToDevice));
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear; r.res.linear.devPtr = dv; r.res.linear.desc = cudaCreateChannelDesc<float>(); r.res.linear.sizeInBytes = N * 4;
    cudaTextureDesc td; memset(&td, 0, sizeof td); td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t; printf("create G %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)));
    std::vector<float4> c; for (int i = -5; i < N + 5; ++i) c.push_back(float4{float(i), 0, 0, 0});
    c.push_back(float4{-100000.f, 0, 0, 0}); c.push_back(float4{100000.f, 0, 0, 0});
    run<float>("G_fetch", KF, t, c);
    cudaDestroyTextureObject(t);
    td.filterMode = cudaFilterModeLinear; td.addressMode[0] = cudaAddressModeBorder;
    printf("create G linear %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)));
    run<float>("G_fetch_lin", KF, t, c);
    cudaDestroyTextureObject(t);
    unsigned char u8[N]; for (int i = 0; i < N; ++i) u8[i] = (unsigned char)(i * 23);
    unsigned char* du; CK(cudaMalloc(&du, N)); CK(cudaMemcpy(du, u8, N, cudaMemcpyHostToDevice));
    r.res.linear.devPtr = du; r.res.linear.desc = cudaCreateChannelDesc<unsigned char>(); r.res.linear.sizeInBytes = N;
    td.filterMode = cudaFilterModePoint; td.readMode = cudaReadModeNormalizedFloat;
    printf("create G8 %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)));
    run<float>("G_u8", KF, t, c);
    cudaDestroyTextureObject(t);
  }
  // H. Pitch2D float 9x6.
  {
    const int W = 9, H = 6;
    std::vector<float> v(W * H);
    for (auto& x : v) x = frand(-5.f, 5.f);
    printf("data H"); for (float x : v) printf(" %08x", bits(x)); printf("\n");
    float* dv; size_t pitch; CK(cudaMallocPitch(&dv, &pitch, W * 4, H));
    CK(cudaMemcpy2D(dv, pitch, v.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    printf("pitch %zu\n", pitch);
    cudaResourceDesc r; memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D; r.res.pitch2D.devPtr = dv; r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = W; r.res.pitch2D.height = H; r.res.pitch2D.pitchInBytes = pitch;
    for (auto f : filters) for (auto m : modes) {
      cudaTextureDesc td; memset(&td, 0, sizeof td);
      td.addressMode[0] = td.addressMode[1] = m; td.filterMode = f; td.normalizedCoords = 1;
      cudaTextureObject_t t; printf("create H f=%d m=%d %s\n", f, m, cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)));
      snprintf(name, sizeof name, "H_f%d_m%d", f, m);
      run<float>(name, K2, t, coords2(W, H, true));
      cudaDestroyTextureObject(t);
    }
  }
  // I. Errors and handles.
  {
    cudaTextureObject_t t = 0;
    printf("I null res %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, nullptr, nullptr, nullptr)));
    cudaGetLastError();
    printf("I destroy 0 %s\n", cudaGetErrorName(cudaDestroyTextureObject(0)));
    cudaGetLastError();
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMallocArray(&a, &d, 4, 0));
    cudaResourceDesc r; memset(&r, 0, sizeof r); r.resType = cudaResourceTypeArray; r.res.array.array = a;
    cudaTextureDesc td; memset(&td, 0, sizeof td);
    printf("I ok %s handle %llu\n", cudaGetErrorName(cudaCreateTextureObject(&t, &r, &td, nullptr)), (unsigned long long)t);
    cudaTextureObject_t t2 = 0;
    printf("I ok2 %s handle %llu\n", cudaGetErrorName(cudaCreateTextureObject(&t2, &r, &td, nullptr)), (unsigned long long)t2);
    printf("I free array with texture %s\n", cudaGetErrorName(cudaFreeArray(a)));
    printf("I destroy %s\n", cudaGetErrorName(cudaDestroyTextureObject(t)));
    printf("I destroy again %s\n", cudaGetErrorName(cudaDestroyTextureObject(t)));
    cudaGetLastError();
    printf("I mallocarray 0 width %s\n", cudaGetErrorName(cudaMallocArray(&a, &d, 0, 0)));
    cudaGetLastError();
    cudaChannelFormatDesc bad = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    printf("I mallocarray float3 %s\n", cudaGetErrorName(cudaMallocArray(&a, &bad, 4, 0)));
    cudaGetLastError();
    float h[4] = {1, 2, 3, 4};
    cudaArray_t a2; CK(cudaMallocArray(&a2, &d, 4, 2));
    printf("I copy too wide %s\n", cudaGetErrorName(cudaMemcpy2DToArray(a2, 1, 0, h, 16, 16, 1, cudaMemcpyHostToDevice)));
    cudaGetLastError();
    cudaExtent ext; cudaChannelFormatDesc got; unsigned fl;
    printf("I info %s", cudaGetErrorName(cudaArrayGetInfo(&got, &ext, &fl, a2)));
    printf(" %d %d %d %d %d | %zu %zu %zu | %u\n", got.x, got.y, got.z, got.w, got.f, ext.width, ext.height, ext.depth, fl);
    // surfaces
    cudaArray_t s; CK(cudaMallocArray(&s, &d, 4, 2, cudaArraySurfaceLoadStore));
    r.res.array.array = s; cudaSurfaceObject_t so;
    printf("I surface %s handle %llu\n", cudaGetErrorName(cudaCreateSurfaceObject(&so, &r)), (unsigned long long)so);
    r.res.array.array = a2;
    printf("I surface without flag %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&so, &r)));
    cudaGetLastError();
  }
  printf("done\n");
  return 0;
}
