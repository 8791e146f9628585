// A call that a stream capture cannot record, made in a capturing stream: the call fails and the
// capture is invalidated, so that the work after it is refused too, the stream reports the
// capture as invalidated and cudaStreamEndCapture returns no graph. Each sequence begins a
// capture, records a kernel, makes one such call, then tries to go on; afterwards the stream runs
// work as before. A cudaFreeAsync of memory the capture did not allocate is only refused
// (cudaErrorInvalidValue): the capture goes on. Every line is what an H200 printed.
// EXPECT: synchronize: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: query: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: callback: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: peer_copy: call=cudaErrorStreamCaptureUnsupported status=2 info=cudaSuccess/2 launch=cudaErrorStreamCaptureInvalidated copy=cudaErrorStreamCaptureInvalidated end=cudaErrorStreamCaptureInvalidated graph=none
// EXPECT: free_outside_memory: call=cudaErrorInvalidValue status=1 info=cudaSuccess/1 launch=cudaSuccess copy=cudaSuccess end=cudaSuccess graph=made
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
  cudaGraph_t graph = nullptr;
  const cudaError_t end = cudaStreamEndCapture(s, &graph);
  std::printf("%s: call=%s status=%d info=%s/%d launch=%s copy=%s end=%s graph=%s\n", name, cudaGetErrorName(result),
              int(status), cudaGetErrorName(info), int(info_status), cudaGetErrorName(launch), cudaGetErrorName(copy),
              cudaGetErrorName(end), graph ? "made" : "none");
  if (graph) CHECK_CUDA(cudaGraphDestroy(graph));
  cudaGetLastError();
}

int main() {
  CHECK_CUDA(cudaMalloc(&a, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&b, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&outside, n * sizeof(int)));
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  sequence("synchronize", s, [&] { return cudaStreamSynchronize(s); });
  sequence("query", s, [&] { return cudaStreamQuery(s); });
  sequence("callback", s, [&] { return cudaStreamAddCallback(s, nothing, nullptr, 0); });
  sequence("peer_copy", s, [&] { return cudaMemcpyPeerAsync(b, 0, a, 0, n * sizeof(int), s); });
  sequence("free_outside_memory", s, [&] { return cudaFreeAsync(outside, s); });

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
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  cudaFree(outside);
  return 0;
}
