// Cubemap textures, kernel side: texCubemap and texCubemapLayered, as the GPU's texture unit
// computes them (docs/RUNTIME.md, "Textures and surfaces"; corpus 121 has the measurements):
//  - the direction's face is that of its largest component, ties going to z, then y (so (1, 1, 1)
//    reads face +z); a component of -0 is positive;
//  - the face coordinates are s / m and t / m (m the largest magnitude, s and t as CUDA's table
//    gives them, a float division), taken to (q + 1) / 2 exactly, then read as normalized
//    coordinates whatever the texture's normalizedCoords: cut to 21 fractional bits and scaled by
//    the face's width. A zero direction reads the centre of face +z;
//  - without seamlessCubemap, a face is a 2D texture in the texture's filter and address modes;
//  - with seamlessCubemap, point filtering clamps to the face, and linear filtering takes a texel
//    past an edge from the face across it (the texel that edge's direction meets), and at a corner,
//    where no face has a texel, gives the missing texel's weight to the three around it: a third,
//    rounded, to each of the two beside it and the rest to the one across.
// As in texture_fetch.hpp, the texels are read by plain loads inlined into the kernel.
#pragma once
#include <cmath>
#include <source_location>

#include "cusim/detail/texture_fetch.hpp"

namespace cusim::detail {

// A direction's face (0..5: +x, -x, +y, -y, +z, -z), its largest magnitude m, and the face's
// coordinates s and t (in [-m, m]).
template <class F>
struct CubeFace {
  unsigned face;
  F m, s, t;
};
template <class F>
inline CubeFace<F> cube_face(F x, F y, F z) {
  const F ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  if (az >= ax && az >= ay) return z < 0 ? CubeFace<F>{5, az, -x, -y} : CubeFace<F>{4, az, x, -y};
  if (ay >= ax) return y < 0 ? CubeFace<F>{3, ay, x, -z} : CubeFace<F>{2, ay, x, z};
  return x < 0 ? CubeFace<F>{1, ax, z, -y} : CubeFace<F>{0, ax, -z, -y};
}
// The direction to the point (s, t) of face f's plane at distance 1: cube_face's inverse.
inline void cube_direction(unsigned f, double s, double t, double d[3]) {
  switch (f) {
    case 0: d[0] = 1, d[1] = -t, d[2] = -s; break;
    case 1: d[0] = -1, d[1] = -t, d[2] = s; break;
    case 2: d[0] = s, d[1] = 1, d[2] = t; break;
    case 3: d[0] = s, d[1] = -1, d[2] = -t; break;
    case 4: d[0] = s, d[1] = -t, d[2] = 1; break;
    default: d[0] = -s, d[1] = -t, d[2] = -1; break;
  }
}
// A face coordinate in texels of a face `n` texels wide.
inline double cube_texel_coordinate(float s, float m, unsigned n) {
  const float q = m == 0.0f ? 0.0f : s / m;
  const double u = (static_cast<double>(q) + 1.0) * 0.5;
  return std::floor(u * 2097152.0) / 2097152.0 * n;
}

// Seamless filtering: the texel (i, j) of face `face`, or, one texel past one of its edges, the
// texel of the face across that edge which the direction through (i, j)'s centre meets.
[[gnu::always_inline]] inline const unsigned char* cube_seamless_texel(const TextureView& v, unsigned face, long long i,
                                                                       long long j, unsigned first_face) {
  const long long n = v.size[0];
  if (i < 0 || i >= n || j < 0 || j >= n) {
    double d[3];
    cube_direction(face, (2.0 * static_cast<double>(i) + 1.0) / static_cast<double>(n) - 1.0,
                   (2.0 * static_cast<double>(j) + 1.0) / static_cast<double>(n) - 1.0, d);
    const CubeFace<double> g = cube_face(d[0], d[1], d[2]);
    face = g.face;
    i = std::clamp(static_cast<long long>(std::floor((g.s / g.m + 1.0) * 0.5 * static_cast<double>(n))), 0ll, n - 1);
    j = std::clamp(static_cast<long long>(std::floor((g.t / g.m + 1.0) * 0.5 * static_cast<double>(n))), 0ll, n - 1);
  }
  return v.base + (first_face + face) * v.slice_bytes + std::size_t(j) * v.row_bytes +
         std::size_t(i) * v.channels * v.channel_bytes;
}

template <class T>
[[gnu::always_inline]] inline T fetch_cubemap(cudaTextureObject_t obj, float x, float y, float z, int layer,
                                              const char* call, std::source_location site) {
  TextureView v;
  object_view(obj, false, &v, call, site);
  float f[4] = {0, 0, 0, 0};
  if (!v.cubemap) return texel_result<T>(v, f, nullptr);
  const CubeFace<float> c = cube_face(x, y, z);
  const unsigned cubes = v.layers / 6;
  const unsigned first_face = 6 * (layer < 0 ? 0u : (static_cast<unsigned>(layer) >= cubes ? cubes - 1 : layer));
  const double xs[2] = {cube_texel_coordinate(c.s, c.m, v.size[0]), cube_texel_coordinate(c.t, c.m, v.size[0])};
  v.normalized = 1;  // the face coordinates are normalized ones
  if (v.seamless) v.address[0] = v.address[1] = cudaAddressModeClamp;
  const unsigned char* raw = nullptr;
  if (v.filter == cudaFilterModePoint || !v.seamless) {
    sample_texture(v, xs, first_face + c.face, f);
    if (v.kind != cudaChannelFormatKindFloat && v.read_mode == cudaReadModeElementType)
      raw = texel_at(v, floor_index(xs[0]), floor_index(xs[1]), 0, first_face + c.face);
    return texel_result<T>(v, f, raw);
  }
  // Seamless linear filtering (integer elements cannot filter linearly, so no raw texel).
  long long idx[2];
  unsigned frac[2];
  for (int d = 0; d < 2; ++d) {
    const long long X = filter_position(xs[d]);
    idx[d] = X >> 8;
    frac[d] = static_cast<unsigned>(X & 255);
  }
  unsigned w[4];
  bilinear_weights(frac[0], frac[1], w);
  const long long n = v.size[0];
  const unsigned char* p[4];
  for (int q = 0; q < 4; ++q) {
    const long long i = idx[0] + (q & 1), j = idx[1] + (q >> 1);
    const bool corner = (i < 0 || i >= n) && (j < 0 || j >= n);
    if (corner && w[q]) {  // tap q's weight to the two taps beside it and the one across
      const unsigned third = (w[q] + 1) / 3;
      w[q ^ 1] += third;
      w[q ^ 2] += third;
      w[3 - q] += w[q] - 2 * third;
      w[q] = 0;
    }
  }
  for (int q = 0; q < 4; ++q)
    p[q] = w[q] ? cube_seamless_texel(v, c.face, idx[0] + (q & 1), idx[1] + (q >> 1), first_face) : nullptr;
  filter_texels(v, p, w, 4, f);
  return texel_result<T>(v, f, nullptr);
}

}  // namespace cusim::detail

template <class T>
[[gnu::always_inline]] inline T texCubemap(cudaTextureObject_t obj, float x, float y, float z,
                                           std::source_location site = std::source_location::current()) {
  return cusim::detail::fetch_cubemap<T>(obj, x, y, z, 0, "texCubemap", site);
}
template <class T>
[[gnu::always_inline]] inline T texCubemapLayered(cudaTextureObject_t obj, float x, float y, float z, int layer,
                                                  std::source_location site = std::source_location::current()) {
  return cusim::detail::fetch_cubemap<T>(obj, x, y, z, layer, "texCubemapLayered", site);
}
// The forms that store through a pointer.
template <class T>
[[gnu::always_inline]] inline void texCubemap(T* out, cudaTextureObject_t obj, float x, float y, float z,
                                              std::source_location site = std::source_location::current()) {
  *out = texCubemap<T>(obj, x, y, z, site);
}
template <class T>
[[gnu::always_inline]] inline void texCubemapLayered(T* out, cudaTextureObject_t obj, float x, float y, float z,
                                                     int layer,
                                                     std::source_location site = std::source_location::current()) {
  *out = texCubemapLayered<T>(obj, x, y, z, layer, site);
}
