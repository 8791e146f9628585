// A call that a stream capture cannot record, made in a capturing stream: the call fails and the
// capture is invalidated, so that the work after it is refused too, the stream reports the
// capture as invalidated and cudaStreamEndCapture returns no graph. Each sequence begins a
// capture, records a kernel, makes one such call, then tries to go on; afterwards the stream runs
// work as before; an event recorded, or waited for, in an invalidated capture is refused the same
// way. A cudaFreeAsync of memory the capture did not allocate is only refused
// (cudaErrorInvalidValue), but a wait for an event recorded outside any capture invalidates it
// (cudaErrorStreamCaptureIsolation), as does one for another capture's event, both captures then
// (cudaErrorStreamCaptureMerge); an event never recorded is no dependency. Every line is what an
// H200 printed.
// EXPECT: synchronize: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated event=cudaErrorStreamCaptureInvalidated wait=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: query: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated event=cudaErrorStreamCaptureInvalidated wait=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: callback: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated event=cudaErrorStreamCaptureInvalidated wait=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: peer_copy: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated event=cudaErrorStreamCaptureInvalidated wait=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: free_outside_memory: call=cudaErrorInvalidValue status=1 info=cudaSuccess/1 launch=cudaSuccess copy=cudaSuccess event=cudaSuccess wait=cudaErrorStreamCaptureIsolation end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: never: wait=cudaSuccess status=1 end=cudaSuccess graph=made
// EXPECT: other_capture: wait=cudaErrorStreamCaptureMerge status=2 other=2 end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: other_end: end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: outside_relaxed: wait=cudaErrorStreamCaptureIsolation status=2 end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: after: status=0 values=ok
#include <cstdio>
#include <vector>

#include "check.cuh"

__global__ void fill(int* v, int n, int base) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = base + i;
}

static void CUDART_CB nothing(cudaStream_t, cudaError_t, void*) {}

static const int n = 256;
static int *a, *b, *outside;
static cudaEvent_t in_capture, outside_capture;  // recorded in the capture; recorded before it, elsewhere

template <class Call>
static void sequence(const char* name, cudaStream_t s, Call call) {
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  fill<<<1, n, 0, s>>>(a, n, 1);
  const cudaError_t result = call();
  cudaStreamCaptureStatus status;
  CHECK_CUDA(cudaStreamIsCapturing(s, &status));
  cudaStreamCaptureStatus info_status;
  const cudaError_t info = cudaStreamGetCaptureInfo(s, &info_status);
  cudaGetLastError();
  fill<<<1, n, 0, s>>>(a, n, 2);
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t copy = cudaMemcpyAsync(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice, s);
  const cudaError_t event = cudaEventRecord(in_capture, s);
  const cudaError_t wait = cudaStreamWaitEvent(s, outside_capture, 0);
  cudaGetLastError();
  cudaGraph_t graph = nullptr;
  const cudaError_t end = cudaStreamEndCapture(s, &graph);
  std::printf("%s: call=%s status=%d info=%s/%d launch=%s copy=%s event=%s wait=%s end=%s graph=%s\n", name,
              cudaGetErrorName(result), int(status), cudaGetErrorName(info), int(info_status), cudaGetErrorName(launch),
              cudaGetErrorName(copy), cudaGetErrorName(event), cudaGetErrorName(wait), cudaGetErrorName(end),
              graph ? "made" : "none");
  if (graph) CHECK_CUDA(cudaGraphDestroy(graph));
  cudaGetLastError();
}

int main() {
  CHECK_CUDA(cudaMalloc(&a, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&b, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&outside, n * sizeof(int)));
  cudaStream_t s, other;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  CHECK_CUDA(cudaEventCreate(&in_capture));
  CHECK_CUDA(cudaEventCreate(&outside_capture));
  CHECK_CUDA(cudaEventRecord(outside_capture, other));

  sequence("synchronize", s, [&] { return cudaStreamSynchronize(s); });
  sequence("query", s, [&] { return cudaStreamQuery(s); });
  sequence("callback", s, [&] { return cudaStreamAddCallback(s, nothing, nullptr, 0); });
  sequence("peer_copy", s, [&] { return cudaMemcpyPeerAsync(b, 0, a, 0, n * sizeof(int), s); });
  sequence("free_outside_memory", s, [&] { return cudaFreeAsync(outside, s); });

  cudaEvent_t never, other_capture, done;
  CHECK_CUDA(cudaEventCreate(&never));
  CHECK_CUDA(cudaEventCreate(&other_capture));
  CHECK_CUDA(cudaEventCreate(&done));
  cudaGraph_t g = nullptr;
  cudaStreamCaptureStatus st, st_other;
  // A wait for an event never recorded, in a capture.
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  fill<<<1, n, 0, s>>>(a, n, 3);
  cudaError_t w = cudaStreamWaitEvent(s, never, 0);
  CHECK_CUDA(cudaStreamIsCapturing(s, &st));
  cudaError_t e = cudaStreamEndCapture(s, &g);
  std::printf("never: wait=%s status=%d end=%s graph=%s\n", cudaGetErrorName(w), int(st), cudaGetErrorName(e), g ? "made" : "none");
  if (g) CHECK_CUDA(cudaGraphDestroy(g));
  g = nullptr;
  cudaGetLastError();
  // A wait for an event of another capture, which goes on meanwhile.
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  CHECK_CUDA(cudaStreamBeginCapture(other, cudaStreamCaptureModeRelaxed));
  fill<<<1, n, 0, other>>>(b, n, 4);
  CHECK_CUDA(cudaEventRecord(other_capture, other));
  fill<<<1, n, 0, s>>>(a, n, 5);
  w = cudaStreamWaitEvent(s, other_capture, 0);
  CHECK_CUDA(cudaStreamIsCapturing(s, &st));
  CHECK_CUDA(cudaStreamIsCapturing(other, &st_other));
  e = cudaStreamEndCapture(s, &g);
  std::printf("other_capture: wait=%s status=%d other=%d end=%s graph=%s\n", cudaGetErrorName(w), int(st), int(st_other),
              cudaGetErrorName(e), g ? "made" : "none");
  if (g) CHECK_CUDA(cudaGraphDestroy(g));
  g = nullptr;
  cudaGetLastError();
  e = cudaStreamEndCapture(other, &g);
  std::printf("other_end: end=%s graph=%s\n", cudaGetErrorName(e), g ? "made" : "none");
  if (g) CHECK_CUDA(cudaGraphDestroy(g));
  g = nullptr;
  cudaGetLastError();
  // A wait for an event recorded, and complete, outside any capture.
  fill<<<1, n, 0, other>>>(b, n, 6);
  CHECK_CUDA(cudaEventRecord(done, other));
  CHECK_CUDA(cudaStreamSynchronize(other));
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  fill<<<1, n, 0, s>>>(a, n, 7);
  w = cudaStreamWaitEvent(s, done, 0);
  CHECK_CUDA(cudaStreamIsCapturing(s, &st));
  e = cudaStreamEndCapture(s, &g);
  std::printf("outside_relaxed: wait=%s status=%d end=%s graph=%s\n", cudaGetErrorName(w), int(st), cudaGetErrorName(e),
              g ? "made" : "none");
  if (g) CHECK_CUDA(cudaGraphDestroy(g));
  cudaGetLastError();
  CHECK_CUDA(cudaEventDestroy(never));
  CHECK_CUDA(cudaEventDestroy(other_capture));
  CHECK_CUDA(cudaEventDestroy(done));

  cudaStreamCaptureStatus status;
  CHECK_CUDA(cudaStreamIsCapturing(s, &status));
  fill<<<1, n, 0, s>>>(a, n, 40);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpyAsync(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice, s));
  std::vector<int> host(n);
  CHECK_CUDA(cudaMemcpyAsync(host.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  bool same = true;
  for (int i = 0; i < n; ++i) same = same && host[i] == 40 + i;
  std::printf("after: status=%d values=%s\n", int(status), same ? "ok" : "WRONG");

  CHECK_CUDA(cudaStreamDestroy(s));
  CHECK_CUDA(cudaStreamDestroy(other));
  CHECK_CUDA(cudaEventDestroy(in_capture));
  CHECK_CUDA(cudaEventDestroy(outside_capture));
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  cudaFree(outside);
  return 0;
}
