"""Numerics: every seed and tutorial kernel run against numpy, on the GPU
(torch CUDA tensors or CuPy arrays through the runtime, both backends) and on
the CPU path (numpy arrays). Each device is skipped where it is absent.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere:

    python3 python/test/test_execution.py --warm /path/to/cache   # compiler host
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \
        python3 -m pytest python/test/test_execution.py           # GPU host
"""

import os

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import kernels as K
import mytriton as triton
from mytriton import CompilerNotFoundError, runtime

rng = np.random.default_rng(0)


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def zeros(*shape):
    return np.zeros(shape, np.float32)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def case_elementwise(kernel, ref):
    def make():
        x = rand(1000)
        return (kernel, lambda m: (triton.cdiv(1000, m["BLOCK"]),),
                [x, zeros(1000), 1000], dict(BLOCK=256), {1: ref(x)})
    return make


def case_vector_add():
    x, y = rand(1000), rand(1000)
    return (K.vector_add_kernel, lambda m: (triton.cdiv(1000, m["BLOCK"]),),
            [x, y, zeros(1000), 1000], dict(BLOCK=256), {2: x + y})


def case_matrix_add():
    x, y = rand(5, 300), rand(5, 300)
    return (K.matrix_add_kernel, lambda m: (5, triton.cdiv(300, m["BLOCK"])),
            [x, y, zeros(5, 300), 300], dict(BLOCK=128), {2: x + y})


def case_row(kernel, ref):
    def make():
        x = rand(7, 100)
        return (kernel, (7,), [x, zeros(7), 100], dict(BLOCK=128), {1: ref(x)})
    return make


def case_softmax():
    x = rand(7, 100) * 10
    return (K.softmax_kernel, (7,), [x, zeros(7, 100), 100], dict(BLOCK=128),
            {1: softmax(x)})


def case_matmul():
    a, b = rand(4, 5), rand(5, 70)
    return (K.naive_matmul_kernel, (4, triton.cdiv(70, 32)),
            [a, b, zeros(4, 70), 70], dict(K=5, BLOCK=32), {2: a @ b})


def case_long_row_sum():
    x = rand(3, 3000)
    return (K.long_row_sum_kernel, (3,), [x, zeros(3)],
            dict(N_COLS=3000, BLOCK=1024), {1: x.sum(axis=1)})


def case_long_row_sum_axis0():
    x = rand(3, 3000)
    return (K.long_row_sum_axis0_kernel, (3,), [x, zeros(3)],
            dict(N_COLS=3000, BLOCK=1024), {1: x.sum(axis=1)})


def case_tutorial_add():
    x, y = rand(5000), rand(5000)
    return (K.add_kernel, lambda m: (triton.cdiv(5000, m["BLOCK_SIZE"]),),
            [x, y, zeros(5000), 5000], dict(BLOCK_SIZE=1024), {2: x + y})


def case_tutorial_softmax():
    x = rand(9, 781)
    return (K.tutorial_softmax_kernel, (9,),
            [zeros(9, 781), x, 781, 781, 781], dict(BLOCK_SIZE=1024),
            {0: softmax(x)})


CASES = {
    "vector_add": case_vector_add,
    "copy": case_elementwise(K.copy_kernel, lambda x: x),
    "relu": case_elementwise(K.relu_kernel, lambda x: np.maximum(x, 0)),
    "leaky_relu": case_elementwise(K.leaky_relu_kernel,
                                   lambda x: np.where(x > 0, x, x * 0.01)),
    "sigmoid": case_elementwise(K.sigmoid_kernel, sigmoid),
    "matrix_add": case_matrix_add,
    "row_sum": case_row(K.row_sum_kernel, lambda x: x.sum(axis=1)),
    "row_max": case_row(K.row_max_kernel, lambda x: x.max(axis=1)),
    "row_min": case_row(K.row_min_kernel, lambda x: x.min(axis=1)),
    "row_sum_axis0": case_row(K.row_sum_axis0_kernel, lambda x: x.sum(axis=1)),
    "row_max_axis0": case_row(K.row_max_axis0_kernel, lambda x: x.max(axis=1)),
    "row_min_axis0": case_row(K.row_min_axis0_kernel, lambda x: x.min(axis=1)),
    "long_row_sum_axis0": case_long_row_sum_axis0,
    "softmax": case_softmax,
    "naive_matmul": case_matmul,
    "long_row_sum": case_long_row_sum,
    "tutorial_add": case_tutorial_add,
    "tutorial_softmax": case_tutorial_softmax,
}


def _gpu_module():
    try:
        import torch
        if torch.cuda.is_available():
            return "torch"
    except ImportError:
        pass
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() > 0:
            return "cupy"
    except Exception:
        pass
    return None


GPU = _gpu_module()
try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False


def _to_gpu(a):
    if GPU == "torch":
        import torch
        return torch.from_numpy(a).cuda()
    import cupy
    return cupy.asarray(a)


def _to_host(a):
    if GPU == "torch":
        import torch
        torch.cuda.synchronize()
        return a.cpu().numpy()
    import cupy
    cupy.cuda.runtime.deviceSynchronize()
    return cupy.asnumpy(a)


def launch_on_gpu(kernel, grid, args, options, backend, monkeypatch):
    """Launches `kernel[grid]` through `backend` with the numpy arrays of
    `args` copied to the GPU, taking kernels from $MYTRITON_PREBUILT_CACHE
    when it is set (a GPU host without the compiler); skips the test when
    the kernel is neither cached nor compilable here. Returns the compiled
    kernel and the device arguments."""
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    device_args = [_to_gpu(a) if isinstance(a, np.ndarray) else a
                   for a in args]
    try:
        compiled = kernel[grid](*device_args, **dict(options))
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    assert compiled.backend == backend
    return compiled, device_args


def requires_gpu(test):
    """Skips `test` without a CUDA GPU (torch or CuPy) or the runtime."""
    test = pytest.mark.skipif(GPU is None,
                              reason="no CUDA GPU (torch or cupy)")(test)
    return pytest.mark.skipif(not runtime.available(),
                              reason="no libMyTritonRuntime.so")(test)


def check_case_on_gpu(case, backend, monkeypatch):
    """Runs a (kernel, grid, args, options, check) case through `backend`
    (launch_on_gpu) and its check on the arguments copied back."""
    kernel, grid, args, options, check = case
    _, device_args = launch_on_gpu(kernel, grid, args, options, backend,
                                   monkeypatch)
    check([_to_host(a) if hasattr(a, "shape") else a for a in device_args])


def check_case_on_cpu(case):
    """Runs a (kernel, grid, args, options, check) case on the CPU path."""
    kernel, grid, args, options, check = case
    kernel[grid](*args, **options)
    check(args)


def _check(outputs, expected):
    for index, want in expected.items():
        np.testing.assert_allclose(outputs[index], want, rtol=2e-5, atol=2e-5)


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    kernel, grid, args, constexprs, expected = CASES[name]()
    _, device_args = launch_on_gpu(kernel, grid, args, constexprs, backend,
                                   monkeypatch)
    _check([_to_host(a) if i in expected else None
            for i, a in enumerate(device_args)], expected)


# programs_per_cta: rows of one warp packed P to a CUDA block, with row
# counts that leave the last block part empty. Rows past the grid must stay
# untouched (they compute as the last row but store nothing).
PACKED = [(rows, p) for p in (1, 2, 4, 16) for rows in (1, 5, 33)]


def _packed_case(kernel, rows, ref):
    x = rand(rows + 1, 64)
    out = np.full(rows + 1, -7.0, np.float32)
    want = np.append(ref(x[:rows]), np.float32(-7.0))
    return kernel, [x, out, 64], want


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("rows,programs", PACKED)
def test_gpu_packed_programs(rows, programs, backend, monkeypatch):
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    for kernel, ref in ((K.row_sum_kernel, lambda x: x.sum(axis=1)),
                        (K.row_max_kernel, lambda x: x.max(axis=1))):
        kernel, args, want = _packed_case(kernel, rows, ref)
        device_args = [_to_gpu(a) if isinstance(a, np.ndarray) else a
                       for a in args]
        try:
            compiled = kernel[(rows,)](*device_args, BLOCK=64, num_warps=1,
                                       programs_per_cta=programs,
                                       backend=backend)
        except CompilerNotFoundError as e:
            pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
        assert compiled.programs_per_cta == programs
        np.testing.assert_allclose(_to_host(device_args[1]), want, rtol=2e-5,
                                   atol=2e-5)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    kernel, grid, args, constexprs, expected = CASES[name]()
    kernel[grid](*args, **constexprs)
    _check(args, expected)


def warm(cache_dir):
    """Compiles every case for both backends (and both CUDA reduction forms),
    with one thread per lane (num_warps=32) and the default num_warps="auto",
    into `cache_dir`; and test_specialization.py's GPU launches."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    for num_warps in ("32", "auto"):
        os.environ["MYTRITON_NUM_WARPS"] = num_warps
        for backend, reduction in (("nvvm", "warp"), ("cuda", "warp"),
                                   ("cuda", "shared")):
            os.environ["MYTRITON_CUDA_REDUCTION"] = reduction
            for name in sorted(CASES):
                kernel, _, args, constexprs, _ = CASES[name]()
                compiled = kernel.warmup(*args, backend=backend, **constexprs)
                missing = sorted(compiled.backend_errors)
                print(f"{backend:5} {name:18} {'ok' if not missing else missing}")
    os.environ.pop("MYTRITON_NUM_WARPS")
    os.environ["MYTRITON_CUDA_REDUCTION"] = "warp"
    for backend in ("nvvm", "cuda"):
        for _, programs in PACKED:
            for kernel in (K.row_sum_kernel, K.row_max_kernel):
                kernel.warmup(zeros(2, 64), zeros(2), 64, BLOCK=64,
                              num_warps=1, programs_per_cta=programs,
                              backend=backend)
    import test_specialization  # its GPU test's aligned/offset arguments
    test_specialization.warm(cache_dir)


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
