"""What a CuPy workshop teaches with RawKernel strings, written as for CuPy: the import is the only
line that changes between the simulator and a GPU (CUSIM_TEST_BACKEND=cupy, on a machine with
CuPy). Each test checks the kernel's output against NumPy."""

import os

import numpy as np
import pytest

if os.environ.get("CUSIM_TEST_BACKEND") == "cupy":
    import cupy as cp
else:
    import cusim as cp

try:
    import cupy
except ImportError:
    cupy = None

VECTOR_ADD = r'''
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
'''


def test_vector_add_one_block():
    add = cp.RawKernel(VECTOR_ADD, "vector_add")
    n = 1000
    a = cp.asarray(np.arange(n, dtype=np.float32))
    b = cp.asarray(np.full(n, 2.0, dtype=np.float32))
    c = cp.zeros(n, dtype=cp.float32)
    add((1,), (1024,), (a, b, c, cp.int32(n)))
    np.testing.assert_array_equal(cp.asnumpy(c), np.arange(n, dtype=np.float32) + 2)


def test_more_than_1024_threads_per_block_is_refused():
    add = cp.RawKernel(VECTOR_ADD, "vector_add")
    n = 2000
    a = cp.ones(n, dtype=cp.float32)
    c = cp.zeros(n, dtype=cp.float32)
    with pytest.raises(cp.cuda.driver.CUDADriverError, match="CUDA_ERROR_INVALID_VALUE"):
        add((1,), (n,), (a, a, c, cp.int32(n)))
    assert not cp.asnumpy(c).any()  # nothing ran


def test_vector_add_many_blocks():
    add = cp.RawKernel(VECTOR_ADD, "vector_add")
    n = 100_000
    threads = 256
    blocks = (n + threads - 1) // threads
    a = cp.asarray(np.linspace(0, 1, n, dtype=np.float32))
    b = cp.asarray(np.linspace(1, 0, n, dtype=np.float32))
    c = cp.empty(n, dtype=cp.float32)
    add((blocks,), (threads,), (a, b, c, np.int32(n)))
    np.testing.assert_allclose(c.get(), np.ones(n, dtype=np.float32), rtol=1e-6)


def test_two_dimensional_grid_indexing():
    fill = cp.RawKernel(r'''
extern "C" __global__ void index_2d(int* out, int width, int height) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) out[y * width + x] = y * 1000 + x;
}
''', "index_2d")
    width, height = 50, 37
    out = cp.zeros((height, width), dtype=cp.int32)
    fill(((width + 15) // 16, (height + 15) // 16), (16, 16), (out, np.int32(width), np.int32(height)))
    y, x = np.mgrid[0:height, 0:width]
    np.testing.assert_array_equal(cp.asnumpy(out), y * 1000 + x)


def test_dynamic_shared_memory_reverses_each_block():
    reverse = cp.RawKernel(r'''
extern "C" __global__ void reverse_blocks(const float* in, float* out) {
    extern __shared__ float tile[];
    int base = blockIdx.x * blockDim.x;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}
''', "reverse_blocks")
    threads, blocks = 128, 8
    host = np.random.default_rng(1).standard_normal(threads * blocks).astype(np.float32)
    x = cp.asarray(host)
    y = cp.empty_like(x)
    reverse((blocks,), (threads,), (x, y), shared_mem=threads * 4)
    np.testing.assert_array_equal(cp.asnumpy(y), host.reshape(blocks, threads)[:, ::-1].ravel())


HISTOGRAM = r'''
extern "C" __global__ void histogram_global(const unsigned char* data, int n, unsigned int* bins) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

extern "C" __global__ void histogram_shared(const unsigned char* data, int n, unsigned int* bins) {
    __shared__ unsigned int local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
'''


@pytest.mark.parametrize("kernel", ["histogram_global", "histogram_shared"])
def test_histogram_with_atomics(kernel):
    module = cp.RawModule(code=HISTOGRAM)
    histogram = module.get_function(kernel)
    host = np.random.default_rng(7).integers(0, 256, 20_000, dtype=np.uint8)
    data = cp.asarray(host)
    bins = cp.zeros(256, dtype=cp.uint32)
    histogram((16,), (128,), (data, np.int32(host.size), bins))
    np.testing.assert_array_equal(cp.asnumpy(bins), np.bincount(host, minlength=256))


def test_constant_memory():
    module = cp.RawModule(code=r'''
extern "C" {
__constant__ float coefficients[4];

__global__ void polynomial(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = coefficients[0] + v * (coefficients[1] + v * (coefficients[2] + v * coefficients[3]));
    }
}
}
''')
    coefficients = np.array([1.0, -2.0, 0.5, 0.25], dtype=np.float32)
    constant = cp.ndarray((4,), cp.float32, module.get_global("coefficients"))
    constant.set(coefficients)
    n = 300
    host_x = np.linspace(-2, 2, n, dtype=np.float32)
    x = cp.asarray(host_x)
    y = cp.empty_like(x)
    module.get_function("polynomial")(((n + 127) // 128,), (128,), (x, y, np.int32(n)))
    expected = np.polynomial.polynomial.polyval(host_x, coefficients).astype(np.float32)
    np.testing.assert_allclose(cp.asnumpy(y), expected, rtol=1e-5, atol=1e-5)


def test_template_kernel_by_name_expression():
    module = cp.RawModule(code=r'''
template <typename T>
__global__ void scale(T* data, T factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}
''', name_expressions=["scale<float>", "scale<double>"])
    for dtype, scalar in ((np.float32, np.float32(3)), (np.float64, np.float64(3))):
        data = cp.asarray(np.arange(10, dtype=dtype))
        module.get_function("scale<float>" if dtype is np.float32 else "scale<double>")((1,), (32,), (data, scalar, np.int32(10)))
        np.testing.assert_array_equal(cp.asnumpy(data), np.arange(10, dtype=dtype) * 3)


@pytest.mark.skipif(cupy is None, reason="CuPy is not installed (backend='cupy' needs it and a GPU)")
def test_backend_cupy_is_cupys_own_kernel():
    import cusim
    add = cusim.RawKernel(VECTOR_ADD, "vector_add", backend="cupy")
    assert isinstance(add, cupy.RawKernel)
    a = cupy.arange(64, dtype=cupy.float32)
    c = cupy.zeros(64, dtype=cupy.float32)
    add((1,), (64,), (a, a, c, np.int32(64)))
    np.testing.assert_array_equal(cupy.asnumpy(c), 2 * np.arange(64, dtype=np.float32))


def test_unknown_backend_is_refused():
    import cusim
    with pytest.raises(ValueError, match="backend must be 'sim'"):
        cusim.RawKernel(VECTOR_ADD, "vector_add", backend="gpu")
