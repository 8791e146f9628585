// Graph memory: the allocations of graphs' memory nodes (cudaGraphAddMemAllocNode, cudaMallocAsync
// in a capture). As on CUDA, an allocation's address is fixed when its node is made and stays the
// same in every launch; it is live from its allocation node's issue until a free node's, a
// cudaFree's or a cudaFreeAsync's, and a graph whose allocation is still live does not launch.
//
// The memory is an ordinary device allocation on the simulator's heap, held while any graph or
// executable graph made from its node exists, or while it is live; then it goes back to the heap
// once the device's queued work is done (release_unused_graph_memory). The
// checkers see it as device memory throughout: an access between a free node and the next
// allocation node is not reported.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "backends/sim/findings.hpp"
#include "backends/sim/stream_capture.hpp"

namespace cusim::backend {

// A new graph allocation of `size` bytes for an allocation node, and the node's hold on it.
cudaError_t new_graph_allocation(std::size_t size, const ApiCaller& caller, void** address,
                                 std::shared_ptr<void>* hold);
// The work of an allocation node (the allocation becomes live) and of a free node.
NodeWork graph_allocation_work(void* address);
NodeWork graph_free_work(void* address);
// cudaMallocAsync (or cudaMallocFromPoolAsync) in a capturing stream: a new graph allocation, and
// its allocation node in the capture.
cudaError_t capture_graph_allocation(void** out, std::size_t size, cudaStream_t stream, const ApiCaller& caller);
// cudaFreeAsync in a capturing stream: if p is a graph allocation, a free node in the capture
// (true); false for any other pointer.
bool capture_graph_free(void* p, cudaStream_t stream, cudaError_t* result);
// Whether p is the start of a graph allocation.
bool is_graph_allocation(const void* p);
// cudaFree or cudaFreeAsync of p: if p is a graph allocation, frees it (cudaErrorInvalidValue if it
// is not live) and returns true; false for any other pointer.
bool free_graph_allocation(const void* p, cudaError_t* result);
// Whether none of these allocations is live (a graph holding them may launch).
bool graph_allocations_free(const std::vector<void*>& allocations);
// Gives the memory of allocations neither live nor held back to the heap, after the device's
// queued work. Called where the program waits or lets go of graphs (never with the graph lock
// held): cudaDeviceSynchronize, cudaFree, cudaGraphDestroy, cudaGraphExecDestroy, trims and new
// graph allocations.
void release_unused_graph_memory();
// cudaDeviceReset: the heap's allocations are gone, and so is every record of them.
void forget_graph_allocations();

}  // namespace cusim::backend
