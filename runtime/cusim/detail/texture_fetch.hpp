// Textures and surfaces, kernel side: tex1Dfetch, tex1D, tex2D, tex3D, tex1DLayered, tex2DLayered
// (texture_cubemap.hpp: texCubemap, texCubemapLayered) and surf1D/surf2D read and write, as the
// GPU's texture unit computes them (docs/RUNTIME.md, "Textures and surfaces", has the
// measurements behind each rule):
//  - a normalized coordinate is cut to 21 fractional bits, then scaled by the size;
//  - point filtering takes the texel the coordinate lies in;
//  - linear filtering rounds the coordinate less half a texel to 1/256 of a texel (clamp mode
//    then clamps it between the edge texels' centres), and weighs the 2, 4 or 8 texels around it
//    with weights in 1/256 (2D: the corner weight a*b/256 rounded half up, the others its
//    complements; 3D: sample_texture says), each texel cut to 28 bits below the largest one's
//    leading bit, summed exactly and rounded to float to nearest, ties away from zero
//    (block_filtered; integer formats: filtered_integer);
//  - a 1D texture is a 2D one of height 1 read at y = 0, so linear filtering also weighs row -1,
//    which is the border colour in border mode;
//  - wrap and mirror apply to normalized coordinates; otherwise they clamp;
//  - a border colour reads as the texture's format would store it.
// The texels are read by plain loads here, in the kernel's own translation unit and inlined into
// the kernel, so the checked build sees each as the kernel's read at the line of its tex call: of
// freed memory, memory nothing wrote, or memory another thread writes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <source_location>

#include "cusim/detail/texture_types.hpp"
#include "cusim/detail/vector_types.hpp"

namespace cusim::detail {

// What a kernel needs of a texture or surface object: filled in by the engine from the object's
// record (texture_api.cpp), into the calling thread's own stack.
struct TextureView {
  const unsigned char* base;  // texel (0, 0, 0) of layer 0
  std::size_t row_bytes;      // from one row to the next
  std::size_t slice_bytes;    // from one depth slice, or layer, to the next
  std::size_t linear_texels;  // a linear resource: its size in texels (tex1Dfetch)
  unsigned size[3];           // width, height, depth in texels (1 where the texture has fewer dimensions)
  unsigned layers;            // a layered array's layers, else 0
  unsigned char dims;         // 1, 2 or 3
  unsigned char channels;     // 1, 2 or 4
  unsigned char channel_bytes;
  unsigned char kind;  // cudaChannelFormatKind
  unsigned char address[3];
  unsigned char filter;
  unsigned char read_mode;
  unsigned char normalized;
  unsigned char linear_resource;
  unsigned char cubemap;   // a cudaArrayCubemap array: layers are faces, six per cubemap
  unsigned char seamless;  // cudaTextureDesc::seamlessCubemap
  float border[4];  // as the format stores it (normalized reads), or as given (float formats)
};
// Fills `view` for the texture (or, with `surface`, surface) object `handle`; a handle that names
// no live object ends the running thread's block with an invalid-handle finding at `site`.
void object_view(unsigned long long handle, bool surface, TextureView* view, const char* call,
                 std::source_location site);
// A surface access outside the surface in cudaBoundaryModeTrap: ends the block with an
// illegal-address finding at `site`, as the GPU traps.
[[noreturn]] void surface_out_of_range(const char* call, long long x_bytes, long long y, const TextureView& view,
                                       std::source_location site);

// ---- texel values ----
inline float half_bits_to_float(std::uint16_t h) {
  const unsigned sign = h >> 15, e = (h >> 10) & 31, m = h & 1023;
  float v;
  if (e == 0) v = std::ldexp(static_cast<float>(m), -24);
  else if (e == 31) v = m ? NAN : INFINITY;
  else v = std::ldexp(static_cast<float>(m | 1024), static_cast<int>(e) - 25);
  return sign ? -v : v;
}
// Channel `c` of the texel at `p`, as the float a read of it gives (normalized for integer formats
// in cudaReadModeNormalizedFloat, the value itself otherwise).
[[gnu::always_inline]] inline float channel_float(const TextureView& v, const unsigned char* p, unsigned c) {
  p += c * v.channel_bytes;
  const bool norm = v.read_mode == cudaReadModeNormalizedFloat;
  switch (v.kind) {
    case cudaChannelFormatKindFloat:
      return v.channel_bytes == 4 ? *reinterpret_cast<const float*>(p)
                                  : half_bits_to_float(*reinterpret_cast<const std::uint16_t*>(p));
    case cudaChannelFormatKindUnsigned:
      if (v.channel_bytes == 1) return norm ? *p / 255.0f : *p;
      if (v.channel_bytes == 2) {
        const unsigned short s = *reinterpret_cast<const unsigned short*>(p);
        return norm ? s / 65535.0f : s;
      }
      return static_cast<float>(*reinterpret_cast<const unsigned*>(p));
    default:
      if (v.channel_bytes == 1) {
        const signed char s = *reinterpret_cast<const signed char*>(p);
        return norm ? std::fmax(s / 127.0f, -1.0f) : s;
      }
      if (v.channel_bytes == 2) {
        const short s = *reinterpret_cast<const short*>(p);
        return norm ? std::fmax(s / 32767.0f, -1.0f) : s;
      }
      return static_cast<float>(*reinterpret_cast<const int*>(p));
  }
}

// Linear filtering of an 8- or 16-bit integer format works on integers. Unsigned 8-bit texels are
// widened to 16 bits by repeating their bits (c * 257, the same normalized value); 16-bit ones are
// taken as they are (-32768 too, which reads as -1 alone); their weighted sum is rounded to an
// integer, half up, and normalized as a 16-bit texel, clamped at -1. Signed 8-bit texels are
// summed as they are (-128 too), and the sum, in units of 1/(127 * 256), is scaled to 16 bits by
// s * (1 + 2^-7 + 2^-15) with the 2^-15 term taken from the sum's bits above 2^12 and the whole
// rounded half up (floors throughout): measured for every sum a pair of texels can make
// (tools/gpu-probes/tex_snorm8_probe.cu).
[[gnu::always_inline]] inline long long channel_integer(const TextureView& v, const unsigned char* p, unsigned c) {
  p += c * v.channel_bytes;
  if (v.kind == cudaChannelFormatKindUnsigned)
    return v.channel_bytes == 1 ? *p * 257ll : *reinterpret_cast<const unsigned short*>(p);
  if (v.channel_bytes == 2) return *reinterpret_cast<const short*>(p);
  return *reinterpret_cast<const signed char*>(p);
}
[[gnu::always_inline]] inline long long border_integer(const TextureView& v, unsigned c) {
  const double top = v.kind == cudaChannelFormatKindUnsigned ? 65535.0 : (v.channel_bytes == 1 ? 127.0 : 32767.0);
  return static_cast<long long>(std::nearbyint(static_cast<double>(v.border[c]) * top));
}
inline float filtered_integer(const TextureView& v, long long sum) {
  if (v.kind == cudaChannelFormatKindUnsigned) return static_cast<float>((sum + 128) >> 8) / 65535.0f;
  const long long r = v.channel_bytes == 2 ? (sum + 128) >> 8 : sum + ((sum + 64 + ((sum >> 12) << 4)) >> 7);
  return std::fmax(static_cast<float>(r) / 32767.0f, -1.0f);
}

// The texture unit's linear filter works in a block floating point: each texel that has weight is
// cut, toward zero, to `bits` bits below the leading bit of the largest of them; the weighted sum
// (weights in 1/256) is exact, and rounded once to a float of `mantissa` bits whose last bit is
// at least 2^min_ulp, to nearest with ties away from zero. Floats keep 28 bits (four below a
// float's 24), half floats 15 (four below a half's 11). Measured on an H200: 400,000 half-float
// fetches (tools/gpu-probes/tex_16bit_probe.cu) and every float fetch of corpus 84 and 121, all
// equal; an exact sum differs from the GPU's in 2 of 5,296 cubemap fetches, whose sums lie 0.02
// of a float's last bit from a tie, with texels 16 times smaller than the largest.
// Infinities and NaNs go through float arithmetic.
inline float block_filtered(const float* t, const unsigned* w, int n, int bits, int mantissa, int min_ulp) {
  int top = -1000;  // the largest texel's exponent, as frexp gives it (|t| = m * 2^top, 0.5 <= m < 1)
  for (int k = 0; k < n; ++k) {
    if (!w[k] || t[k] == 0.0f) continue;
    if (!std::isfinite(t[k])) {
      float s = 0.0f;
      for (int j = 0; j < n; ++j) s += (w[j] / 256.0f) * t[j];
      return s;
    }
    int e;
    (void)std::frexp(t[k], &e);
    top = std::max(top, e);
  }
  if (top == -1000) return 0.0f;
  long long sum = 0;  // in units of 2^(top - bits) / 256
  for (int k = 0; k < n; ++k)
    if (w[k]) sum += static_cast<long long>(w[k]) * static_cast<long long>(std::trunc(std::ldexp(t[k], bits - top)));
  if (sum == 0) return 0.0f;
  const int lowest = top - bits - 8;  // the exponent of sum's unit
  const unsigned long long mag = static_cast<unsigned long long>(sum < 0 ? -sum : sum);
  const int lead = 63 - __builtin_clzll(mag) + lowest;  // the exponent of mag's leading bit
  const int ulp = std::max(lead - (mantissa - 1), min_ulp);
  unsigned long long q = mag;
  if (ulp > lowest) {
    const int drop = ulp - lowest;
    q = drop >= 64 ? 0 : mag >> drop;
    if (drop <= 64 && (mag >> (drop - 1)) & 1) ++q;  // halfway and above: away from zero
  }
  const float r = std::ldexp(static_cast<float>(q), ulp > lowest ? ulp : lowest);
  return sum < 0 ? -r : r;
}
inline float filtered_sum(const float* t, const unsigned* w, int n) { return block_filtered(t, w, n, 28, 24, -149); }
// A half-float result: a sum of only negative zeros is -0, as a float sum of them would be.
inline float filtered_half(const float* t, const unsigned* w, int n) {
  bool all_negative_zeros = true;
  for (int k = 0; k < n; ++k) all_negative_zeros = all_negative_zeros && (!w[k] || (t[k] == 0.0f && std::signbit(t[k])));
  const float r = block_filtered(t, w, n, 15, 11, -24);
  return r == 0.0f && all_negative_zeros ? -0.0f : r;
}

// ---- addressing ----
// A coordinate in texels: normalized ones cut to 21 fractional bits first, as the GPU does.
inline double texel_coordinate(float u, unsigned n, bool normalized) {
  if (!normalized) return u;
  return std::floor(static_cast<double>(u) * 2097152.0) / 2097152.0 * n;
}
inline long long floor_index(double x) {
  if (!(x > -4.0e18)) return -(1ll << 62);  // NaN, and coordinates far outside, address like these
  if (x > 4.0e18) return 1ll << 62;
  return static_cast<long long>(std::floor(x));
}
// Whether a dimension clamps: wrap and mirror apply to normalized coordinates only.
inline bool address_clamps(unsigned mode, bool normalized) {
  return mode == cudaAddressModeClamp || (!normalized && mode != cudaAddressModeBorder);
}
// Texel index `i` of a dimension of `n` texels under the address mode, or -1: the border.
inline long long address_texel(long long i, unsigned n, unsigned mode, bool normalized) {
  const long long nn = n;
  if (mode == cudaAddressModeBorder) return i >= 0 && i < nn ? i : -1;
  if (address_clamps(mode, normalized)) return i < 0 ? 0 : (i >= nn ? nn - 1 : i);
  if (mode == cudaAddressModeWrap) return ((i % nn) + nn) % nn;
  const long long k = ((i % (2 * nn)) + 2 * nn) % (2 * nn);  // mirror
  return k < nn ? k : 2 * nn - 1 - k;
}

// The texel at (i, j, k) of `layer` after addressing, or nullptr for the border.
[[gnu::always_inline]] inline const unsigned char* texel_at(const TextureView& v, long long i, long long j, long long k, unsigned layer) {
  const bool norm = v.normalized;
  const long long x = address_texel(i, v.size[0], v.address[0], norm);
  const long long y = v.dims >= 2 ? address_texel(j, v.size[1], v.address[1], norm) : (j == 0 ? 0 : address_texel(j, 1, v.address[1], norm));
  const long long z = v.dims >= 3 ? address_texel(k, v.size[2], v.address[2], norm) : 0;
  if (x < 0 || y < 0 || z < 0) return nullptr;
  const std::size_t texel = std::size_t(v.channels) * v.channel_bytes;
  return v.base + (v.dims >= 3 ? std::size_t(z) : std::size_t(layer)) * v.slice_bytes + std::size_t(y) * v.row_bytes +
         std::size_t(x) * texel;
}

// Every channel of the weighted texels p[k] (nullptr: the border colour), as the filter sums them.
[[gnu::always_inline]] inline void filter_texels(const TextureView& v, const unsigned char* const* p, const unsigned* w,
                                                 int n, float out[4]) {
  for (unsigned c = 0; c < 4; ++c) {
    if (c >= v.channels) {
      out[c] = 0.0f;
      continue;
    }
    if (v.kind != cudaChannelFormatKindFloat) {  // 8- and 16-bit integers, read as normalized floats
      long long sum = 0;
      for (int k = 0; k < n; ++k)
        if (w[k]) sum += static_cast<long long>(w[k]) * (p[k] ? channel_integer(v, p[k], c) : border_integer(v, c));
      out[c] = filtered_integer(v, sum);
      continue;
    }
    float t[8];
    for (int k = 0; k < n; ++k) t[k] = w[k] ? (p[k] ? channel_float(v, p[k], c) : v.border[c]) : 0.0f;
    out[c] = v.channel_bytes == 2 ? filtered_half(t, w, n) : filtered_sum(t, w, n);
  }
}

// The coordinate `x` (in texels) less half a texel, rounded to 1/256 of a texel: the index of the
// texel below is X >> 8, the weight of the one above X & 255. NaN, and coordinates far outside,
// come out as floor_index takes them.
inline long long filter_position(double x) {
  const double fixed = std::floor((x - 0.5) * 256.0 + 0.5);
  return !(fixed > -4.0e18) ? -(1ll << 62) : (fixed > 4.0e18 ? (1ll << 62) : static_cast<long long>(fixed));
}
// 2D weights, in 1/256, of the texels (i,j) (i+1,j) (i,j+1) (i+1,j+1) for fractions a along x and b
// along y: the corner weight a*b/256 rounded half up, the others its complements.
inline void bilinear_weights(unsigned a, unsigned b, unsigned w[4]) {
  const unsigned w11 = (a * b + 128) >> 8;
  w[0] = 256 - a - b + w11;
  w[1] = a - w11;
  w[2] = b - w11;
  w[3] = w11;
}

// The filtered value of every channel at texel coordinates xs (dims of them) of `layer`.
[[gnu::always_inline]] inline void sample_texture(const TextureView& v, const double* xs, unsigned layer, float out[4]) {
  const unsigned dims = v.dims;
  if (v.filter == cudaFilterModePoint) {
    const unsigned char* p =
        texel_at(v, floor_index(xs[0]), dims >= 2 ? floor_index(xs[1]) : 0, dims >= 3 ? floor_index(xs[2]) : 0, layer);
    for (unsigned c = 0; c < 4; ++c) out[c] = c < v.channels ? (p ? channel_float(v, p, c) : v.border[c]) : 0.0f;
    return;
  }
  // The coordinate less half a texel, rounded to 1/256 of a texel: index and weight per dimension.
  long long idx[3] = {0, -1, 0};
  unsigned frac[3] = {0, 128, 0};  // a 1D texture is read at y = 0 of a height-1 one: row -1 half
  for (unsigned d = 0; d < dims; ++d) {
    long long X = filter_position(xs[d]);
    // Clamping clamps the coordinate, between the first and the last texel's centres, before the
    // weights are made: an edge texel read twice is one texel with no fraction, which the 3D
    // weights' rounding tells apart (200,000 fetches measured; 1D and 2D come out the same).
    if (address_clamps(v.address[d], v.normalized)) X = std::clamp(X, 0ll, (static_cast<long long>(v.size[d]) - 1) * 256);
    idx[d] = X >> 8;
    frac[d] = static_cast<unsigned>(X & 255);
  }
  const unsigned a = frac[0], b = frac[1];
  unsigned w2[4];
  bilinear_weights(a, b, w2);
  unsigned w[8];
  long long at[8][3];
  int n = 0;
  if (dims <= 2) {
    for (int q = 0; q < 4; ++q) {
      w[n] = w2[q];
      at[n][0] = idx[0] + (q & 1);
      at[n][1] = idx[1] + (q >> 1);
      at[n][2] = 0;
      ++n;
    }
  } else {
    // 3D: each z weight split along x (the x+1 part rounded half up, the x part its complement),
    // then each of those along y, where the corner on the diagonal (y+1 of the x+1 part, y of the x
    // part) is rounded half up and the other corner is the complement. With no fraction in z this
    // is the 2D rule above. Fitted to fetches measured on the GPU (tex_linear_probe.cu, 2,800 at
    // arbitrary coordinates; tex_snorm8_probe.cu, 200,000 more), every one of them equal.
    const unsigned c = frac[2];
    for (unsigned dz = 0; dz < 2; ++dz)
      for (unsigned dx = 0; dx < 2; ++dx)
        for (unsigned dy = 0; dy < 2; ++dy) {
          const unsigned wz = dz ? c : 256 - c;
          const unsigned hx = (wz * a + 128) >> 8, wx = dx ? hx : wz - hx;
          const unsigned diagonal = (wx * (dx ? b : 256 - b) + 128) >> 8;
          const unsigned wk = dy == dx ? diagonal : wx - diagonal;
          w[n] = wk;
          at[n][0] = idx[0] + dx;
          at[n][1] = idx[1] + dy;
          at[n][2] = idx[2] + dz;
          ++n;
        }
  }
  const unsigned char* p[8];
  for (int k = 0; k < n; ++k) p[k] = w[k] ? texel_at(v, at[k][0], at[k][1], at[k][2], layer) : nullptr;
  filter_texels(v, p, w, n, out);
}

// ---- the result types ----
template <class T>
struct TexelResult {  // scalars
  using scalar = T;
  static constexpr int count = 1;
};
#define CUSIM_TEXEL_RESULT(NAME, S)          \
  template <>                                \
  struct TexelResult<NAME##1> {              \
    using scalar = S;                        \
    static constexpr int count = 1;          \
  };                                         \
  template <>                                \
  struct TexelResult<NAME##2> {              \
    using scalar = S;                        \
    static constexpr int count = 2;          \
  };                                         \
  template <>                                \
  struct TexelResult<NAME##4> {              \
    using scalar = S;                        \
    static constexpr int count = 4;          \
  };
CUSIM_TEXEL_RESULT(char, signed char)
CUSIM_TEXEL_RESULT(uchar, unsigned char)
CUSIM_TEXEL_RESULT(short, short)
CUSIM_TEXEL_RESULT(ushort, unsigned short)
CUSIM_TEXEL_RESULT(int, int)
CUSIM_TEXEL_RESULT(uint, unsigned int)
CUSIM_TEXEL_RESULT(float, float)
#undef CUSIM_TEXEL_RESULT

// A fetch's result as T: the filtered floats, or (an integer format read as its element type) the
// texel's integers themselves, which point filtering selects.
template <class T>
[[gnu::always_inline]] inline T texel_result(const TextureView& v, const float f[4], const unsigned char* raw) {
  using S = typename TexelResult<T>::scalar;
  S s[4] = {};
  for (int c = 0; c < TexelResult<T>::count; ++c) {
    if constexpr (static_cast<S>(0.5) != 0) {
      s[c] = static_cast<S>(f[c]);
    } else if (raw && static_cast<unsigned>(c) < v.channels) {
      std::memcpy(&s[c], raw + c * v.channel_bytes, sizeof(S) < v.channel_bytes ? sizeof(S) : v.channel_bytes);
    } else if (!raw && static_cast<unsigned>(c) < v.channels) {
      s[c] = static_cast<S>(f[c]);  // the border colour
    }
  }
  T r;
  std::memcpy(&r, s, sizeof r);
  return r;
}

template <class T>
[[gnu::always_inline]] inline T fetch_texture(cudaTextureObject_t obj, const float* coords, unsigned dims, int layer, const char* call,
                std::source_location site) {
  TextureView v;
  object_view(obj, false, &v, call, site);
  if (v.cubemap) {  // only texCubemap reads a cubemap: other fetches read zeros (measured: tex2DLayered)
    const float zeros[4] = {0, 0, 0, 0};
    return texel_result<T>(v, zeros, nullptr);
  }
  double xs[3] = {0, 0, 0};
  for (unsigned d = 0; d < dims && d < 3; ++d) xs[d] = texel_coordinate(coords[d], v.size[d], v.normalized);
  const unsigned l = v.layers == 0 || layer < 0 ? 0 : (static_cast<unsigned>(layer) >= v.layers ? v.layers - 1 : layer);
  float f[4];
  sample_texture(v, xs, l, f);
  const unsigned char* raw = nullptr;
  if (v.kind != cudaChannelFormatKindFloat && v.read_mode == cudaReadModeElementType)
    raw = texel_at(v, floor_index(xs[0]), dims >= 2 ? floor_index(xs[1]) : 0, dims >= 3 ? floor_index(xs[2]) : 0, l);
  return texel_result<T>(v, f, raw);
}

}  // namespace cusim::detail

// ---- the CUDA calls ----
template <class T>
[[gnu::always_inline]] inline T tex1Dfetch(cudaTextureObject_t obj, int x, std::source_location site = std::source_location::current()) {
  cusim::detail::TextureView v;
  cusim::detail::object_view(obj, false, &v, "tex1Dfetch", site);
  float f[4] = {0, 0, 0, 0};
  const unsigned char* p = nullptr;
  if (x >= 0 && static_cast<std::size_t>(x) < v.linear_texels) {  // outside: zeros, in every address mode
    p = v.base + std::size_t(x) * v.channels * v.channel_bytes;
    for (unsigned c = 0; c < v.channels; ++c) f[c] = cusim::detail::channel_float(v, p, c);
  }
  if (!p && v.kind != cudaChannelFormatKindFloat && v.read_mode == cudaReadModeElementType) {
    static constexpr unsigned char zeros[16] = {};
    p = zeros;
  }
  return cusim::detail::texel_result<T>(v, f, v.kind != cudaChannelFormatKindFloat && v.read_mode == cudaReadModeElementType ? p : nullptr);
}
template <class T>
[[gnu::always_inline]] inline T tex1D(cudaTextureObject_t obj, float x, std::source_location site = std::source_location::current()) {
  const float c[1] = {x};
  return cusim::detail::fetch_texture<T>(obj, c, 1, 0, "tex1D", site);
}
template <class T>
[[gnu::always_inline]] inline T tex2D(cudaTextureObject_t obj, float x, float y, std::source_location site = std::source_location::current()) {
  const float c[2] = {x, y};
  return cusim::detail::fetch_texture<T>(obj, c, 2, 0, "tex2D", site);
}
template <class T>
[[gnu::always_inline]] inline T tex3D(cudaTextureObject_t obj, float x, float y, float z,
        std::source_location site = std::source_location::current()) {
  const float c[3] = {x, y, z};
  return cusim::detail::fetch_texture<T>(obj, c, 3, 0, "tex3D", site);
}
template <class T>
[[gnu::always_inline]] inline T tex1DLayered(cudaTextureObject_t obj, float x, int layer,
               std::source_location site = std::source_location::current()) {
  const float c[1] = {x};
  return cusim::detail::fetch_texture<T>(obj, c, 1, layer, "tex1DLayered", site);
}
template <class T>
[[gnu::always_inline]] inline T tex2DLayered(cudaTextureObject_t obj, float x, float y, int layer,
               std::source_location site = std::source_location::current()) {
  const float c[2] = {x, y};
  return cusim::detail::fetch_texture<T>(obj, c, 2, layer, "tex2DLayered", site);
}
// The forms that store through a pointer.
template <class T>
[[gnu::always_inline]] inline void tex1Dfetch(T* out, cudaTextureObject_t obj, int x, std::source_location site = std::source_location::current()) {
  *out = tex1Dfetch<T>(obj, x, site);
}
template <class T>
[[gnu::always_inline]] inline void tex1D(T* out, cudaTextureObject_t obj, float x, std::source_location site = std::source_location::current()) {
  *out = tex1D<T>(obj, x, site);
}
template <class T>
[[gnu::always_inline]] inline void tex2D(T* out, cudaTextureObject_t obj, float x, float y,
           std::source_location site = std::source_location::current()) {
  *out = tex2D<T>(obj, x, y, site);
}
template <class T>
[[gnu::always_inline]] inline void tex3D(T* out, cudaTextureObject_t obj, float x, float y, float z,
           std::source_location site = std::source_location::current()) {
  *out = tex3D<T>(obj, x, y, z, site);
}

// ---- surfaces: x in bytes, y in rows ----
namespace cusim::detail {
template <class T>
[[gnu::always_inline]] inline unsigned char* surface_element(cudaSurfaceObject_t obj, long long x, long long y, cudaSurfaceBoundaryMode mode,
                               const char* call, std::source_location site) {
  TextureView v;
  object_view(obj, true, &v, call, site);
  const long long width = static_cast<long long>(v.size[0]) * v.channels * v.channel_bytes;
  const long long height = v.dims >= 2 ? v.size[1] : 1;
  if (x < 0 || y < 0 || x + static_cast<long long>(sizeof(T)) > width || y >= height) {
    if (mode == cudaBoundaryModeZero) return nullptr;
    if (mode == cudaBoundaryModeTrap) surface_out_of_range(call, x, y, v, site);
    x = x < 0 ? 0 : (x + static_cast<long long>(sizeof(T)) > width ? width - static_cast<long long>(sizeof(T)) : x);
    y = y < 0 ? 0 : (y >= height ? height - 1 : y);
  }
  return const_cast<unsigned char*>(v.base) + std::size_t(y) * v.row_bytes + std::size_t(x);
}
}  // namespace cusim::detail

template <class T>
[[gnu::always_inline]] inline void surf1Dwrite(T value, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
                 std::source_location site = std::source_location::current()) {
  if (unsigned char* p = cusim::detail::surface_element<T>(obj, x, 0, mode, "surf1Dwrite", site))
    *reinterpret_cast<T*>(p) = value;
}
template <class T>
[[gnu::always_inline]] inline void surf2Dwrite(T value, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
                 std::source_location site = std::source_location::current()) {
  if (unsigned char* p = cusim::detail::surface_element<T>(obj, x, y, mode, "surf2Dwrite", site))
    *reinterpret_cast<T*>(p) = value;
}
template <class T>
[[gnu::always_inline]] inline T surf1Dread(cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
             std::source_location site = std::source_location::current()) {
  const unsigned char* p = cusim::detail::surface_element<T>(obj, x, 0, mode, "surf1Dread", site);
  return p ? *reinterpret_cast<const T*>(p) : T{};
}
template <class T>
[[gnu::always_inline]] inline T surf2Dread(cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
             std::source_location site = std::source_location::current()) {
  const unsigned char* p = cusim::detail::surface_element<T>(obj, x, y, mode, "surf2Dread", site);
  return p ? *reinterpret_cast<const T*>(p) : T{};
}
template <class T>
[[gnu::always_inline]] inline void surf1Dread(T* out, cudaSurfaceObject_t obj, int x, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
                std::source_location site = std::source_location::current()) {
  *out = surf1Dread<T>(obj, x, mode, site);
}
template <class T>
[[gnu::always_inline]] inline void surf2Dread(T* out, cudaSurfaceObject_t obj, int x, int y, cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap,
                std::source_location site = std::source_location::current()) {
  *out = surf2Dread<T>(obj, x, y, mode, site);
}
