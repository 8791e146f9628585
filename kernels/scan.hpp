// Prefix sums of ints: inclusive (out[i] = in[0] + ... + in[i]) or exclusive (out[i] = in[0] + ...
// + in[i-1], out[0] = 0). out may be in.
//   block_scan: one block; each warp scans with __shfl_up_sync, the warps' totals are scanned by
//               the first warp through shared memory and added back. n <= 1024.
//   scan:       any n, three phases: every block scans its own segment and writes its total; the
//               totals are scanned (exclusively, by this same function, recursively); each block
//               adds its offset. Allocates the totals and frees them, which synchronises the device.
#pragma once
#include <cusim/cusim.hpp>

namespace cusim::kernels {

// Scans each block's segment of blockDim.x elements on its own; if block_totals is not null,
// block_totals[blockIdx.x] = the segment's sum. blockDim.x: a multiple of 32, <= 1024.
__global__ void scan_segments_kernel(const int* in, int* out, int n, int* block_totals, int inclusive);
// out[i] += offsets[blockIdx.x] for the block's segment of blockDim.x elements.
__global__ void add_block_offsets_kernel(int* out, int n, const int* offsets);

enum class ScanKind { inclusive, exclusive };

cudaError_t block_scan(const int* in, int* out, int n, ScanKind kind, cudaStream_t stream = 0);
cudaError_t scan(const int* in, int* out, int n, ScanKind kind, cudaStream_t stream = 0);

inline constexpr unsigned kScanThreads = 512;

}  // namespace cusim::kernels
