// The CUDA arrays, texture objects and surface objects the program has made (texture_api.cpp).
#pragma once

namespace cusim::backend {
// cudaDeviceReset: every array (whose memory the reset frees), texture and surface object is gone.
void forget_texture_objects();
}  // namespace cusim::backend
