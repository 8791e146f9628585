"""What only the simulator does: findings at the lines of the CUDA string, arguments the kernel
would misread, compile errors, settings, and a device that survives its kernels."""

import os
import signal

import numpy as np
import pytest

import cusim

RACY_HISTOGRAM = r'''
extern "C" __global__ void histogram(const unsigned char* data, int n, unsigned int* bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bins[data[i]] += 1;
}
'''  # line 5: the read-modify-write that threads of different blocks race on


def test_racy_histogram_raises_kernel_error_at_its_line():
    histogram = cusim.RawKernel(RACY_HISTOGRAM, "histogram")
    data = cusim.asarray(np.zeros(512, dtype=np.uint8))  # every thread adds to bin 0
    bins = cusim.zeros(256, dtype=cusim.uint32)
    with pytest.raises(cusim.KernelError) as raised:
        histogram((4,), (128,), (data, np.int32(512), bins))
    races = [f for f in raised.value.findings if f.kind.startswith("race-")]
    assert races, raised.value.findings
    assert all(f.line == 5 and f.file == "<RawKernel histogram>" and f.kernel.startswith("histogram") for f in races)
    assert "<RawKernel histogram>:5:" in str(raised.value)
    assert raised.value.status == "CUDA_SUCCESS"  # a race does not end the launch


def test_the_same_histogram_with_an_atomic_raises_nothing():
    histogram = cusim.RawKernel(RACY_HISTOGRAM.replace("bins[data[i]] += 1;", "atomicAdd(&bins[data[i]], 1u);"),
                                "histogram")
    data = cusim.asarray(np.zeros(512, dtype=np.uint8))
    bins = cusim.zeros(256, dtype=cusim.uint32)
    histogram((4,), (128,), (data, np.int32(512), bins))
    assert bins.get()[0] == 512
    assert cusim.findings() == []


OFF_BY_ONE = r'''
extern "C" __global__ void fill(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)
        out[i] = 1.0f;
}
'''


def test_out_of_bounds_write_names_the_array():
    fill = cusim.RawKernel(OFF_BY_ONE, "fill")
    result = cusim.zeros(100, dtype=cusim.float32)
    with pytest.raises(cusim.KernelError) as raised:
        fill((1,), (128,), (result, np.int32(100)))
    [finding] = raised.value.findings
    assert finding.kind == "out-of-bounds" and finding.line == 5
    assert finding.block == (0, 0, 0) and finding.thread == (100, 0, 0)
    assert "result" in finding.text, finding.text  # the caller's name for the array
    assert raised.value.status == "CUDA_ERROR_ILLEGAL_ADDRESS"
    assert isinstance(raised.value, cusim.cuda.driver.CUDADriverError)
    assert "test_findings.py:%d: note: allocated here" % (test_out_of_bounds_write_names_the_array.__code__.co_firstlineno + 2) in finding.text
    # The fault was sticky: the device was reset, and what it held is gone.
    with pytest.raises(cusim.DeviceLostError, match="reset after cudaErrorIllegalAddress in fill"):
        result.get()


def test_findings_kept_instead_of_raised():
    fill = cusim.RawKernel(OFF_BY_ONE, "fill")
    out = cusim.zeros(100, dtype=cusim.float32)
    with cusim.settings(raise_findings=False):
        with pytest.raises(cusim.cuda.driver.CUDADriverError, match="CUDA_ERROR_ILLEGAL_ADDRESS"):
            fill((1,), (128,), (out, np.int32(100)))
    kept = cusim.findings()
    assert [f.kind for f in kept] == ["out-of-bounds"]
    assert cusim.findings() == []


def test_uninitialised_read_of_empty_memory():
    copy = cusim.RawKernel(r'''
extern "C" __global__ void copy(const int* in, int* out) {
    out[threadIdx.x] = in[threadIdx.x];
}
''', "copy")
    src = cusim.empty(32, dtype=cusim.int32)
    dst = cusim.zeros(32, dtype=cusim.int32)
    with pytest.raises(cusim.KernelError) as raised:
        copy((1,), (32,), (src, dst))
    assert {f.kind for f in raised.value.findings} == {"uninitialized-read"}
    assert all(f.line == 3 for f in raised.value.findings)
    # With initcheck off, the same launch reports nothing.
    copy((1,), (32,), (src, dst), checks="memcheck,racecheck,synccheck")


def test_argument_the_kernel_would_misread_is_an_error():
    scale = cusim.RawKernel(r'''
extern "C" __global__ void scale(float* x, float factor, int n) {
    int i = threadIdx.x;
    if (i < n) x[i] *= factor;
}
''', "scale")
    x = cusim.ones(8, dtype=cusim.float32)
    with pytest.raises(TypeError, match=r"float64 2.0 is 8 bytes, but the parameter is floating point of 4 bytes.*numpy.float32"):
        scale((1,), (8,), (x, 2.0, 8))  # a Python float is a double, as CuPy passes it
    with pytest.raises(TypeError, match="takes 3 arguments, 2 given"):
        scale((1,), (8,), (x, np.float32(2)))
    with pytest.raises(TypeError, match="not a pointer"):
        scale((1,), (8,), (x, x, 8))
    scale((1,), (8,), (x, np.float32(2), 8))  # a Python int for an int: the GPU reads its low bytes
    np.testing.assert_array_equal(x.get(), np.full(8, 2, np.float32))


def test_a_kernel_name_the_code_does_not_have():
    with pytest.raises(cusim.cuda.driver.CUDADriverError, match="CUDA_ERROR_NOT_FOUND"):
        cusim.RawKernel(OFF_BY_ONE, "fil").compile()


def test_compile_error_at_the_line_of_the_string():
    broken = cusim.RawKernel(r'''
extern "C" __global__ void broken(float* x) {
    x[threadIdx.x] = undefined_name;
}
''', "broken")
    with pytest.raises(cusim.CompileError) as raised:
        broken.compile()
    assert "<RawKernel broken>:3:" in str(raised.value)
    assert "undefined_name" in str(raised.value)


def test_schedule_and_workers_per_launch_and_as_context():
    order = cusim.RawKernel(r'''
extern "C" __global__ void first_writer(int* slot) {
    if (threadIdx.x == 0 || threadIdx.x == blockDim.x - 1) atomicCAS(slot, -1, (int)threadIdx.x);
}
''', "first_writer")
    for schedule, expected in (("in-order", 0), ("reverse", 31)):
        slot = cusim.full(1, -1, cusim.int32)
        order((1,), (32,), (slot,), schedule=schedule, workers=1)
        assert slot.get()[0] == expected, schedule
    with cusim.settings(schedule="reverse", workers=1):
        slot = cusim.full(1, -1, cusim.int32)
        order((1,), (32,), (slot,))
        assert slot.get()[0] == 31
    with pytest.raises(TypeError, match="unknown setting"):
        order((1,), (32,), (slot,), scheduel="reverse")


def test_a_launch_past_its_timeout_ends_at_the_loop():
    spin = cusim.RawKernel(r'''
extern "C" __global__ void spin(int* flag) {
    while (*flag == 0) { }
}
''', "spin")
    flag = cusim.zeros(1, dtype=cusim.int32)
    with pytest.raises(cusim.KernelError) as raised:
        spin((1,), (1,), (flag,), timeout=0.5)
    assert raised.value.status == "CUDA_ERROR_LAUNCH_TIMEOUT"
    assert [(f.kind, f.file, f.line) for f in raised.value.findings] == [("launch-timeout", "<RawKernel spin>", 3)]


def test_the_device_process_ending_ends_only_the_device():
    kept = cusim.zeros(4, dtype=cusim.int32)
    os.kill(cusim._host.host()._process.pid, signal.SIGKILL)  # as if the simulated device crashed
    with pytest.raises(cusim.DeviceLostError, match="killed by SIGKILL"):
        kept.get()
    # Python goes on: a new device serves what comes next; the old array stays gone.
    fresh = cusim.zeros(4, dtype=cusim.int32)
    one = cusim.RawKernel(r'''
extern "C" __global__ void one(int* x) { x[threadIdx.x] = 1; }
''', "one")
    one((1,), (4,), (fresh,))
    assert fresh.get().tolist() == [1, 1, 1, 1]
    with pytest.raises(cusim.DeviceLostError, match="has ended"):
        kept.get()


LOAD_INLINE_CUDA = r'''
__global__ void add_kernel(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

float add_arrays(const float* a, const float* b, float* c, int n) {
    float *da, *db, *dc;
    cudaMalloc(&da, n * sizeof(float));
    cudaMalloc(&db, n * sizeof(float));
    cudaMalloc(&dc, n * sizeof(float));
    cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice);
    add_kernel<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return c[n - 1];
}

void scale_on_device(float* x, float factor, int n) {
    add_kernel<<<1, n + 1>>>(x, x, x, n + 1);  // one too many: out of bounds
}
'''


def test_load_inline_host_functions_take_numpy_arrays():
    module = cusim.load_inline("arrays", cpp_sources="float add_arrays(const float*, const float*, float*, int);",
                               cuda_sources=LOAD_INLINE_CUDA, functions=["add_arrays"])
    a = np.arange(1000, dtype=np.float32)
    b = np.full(1000, 0.5, dtype=np.float32)
    c = np.zeros(1000, dtype=np.float32)
    last = module.add_arrays(a, b, c, 1000)
    np.testing.assert_array_equal(c, a + b)  # written back: the parameter is not const
    assert last == 999.5
    assert b[0] == 0.5


def test_load_inline_finding_names_the_cuda_source_line():
    module = cusim.load_inline("planted", cuda_sources=LOAD_INLINE_CUDA, functions=["scale_on_device"])
    x = cusim.zeros(64, dtype=cusim.float32)
    with pytest.raises(cusim.KernelError) as raised:
        module.scale_on_device(x, np.float32(2), 64)
    assert any(f.kind == "out-of-bounds" and f.line == 4 and f.file == "<load_inline planted: cuda_sources>"
               for f in raised.value.findings), raised.value
