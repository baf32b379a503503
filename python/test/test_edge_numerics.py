"""Edge cases of every seed kernel against numpy, on every execution path:
the CPU path (numpy arrays, in CI) and, on a GPU host, the gpu/nvvm cubin and
the emitted CUDA with both reduction forms (warp shuffle, shared-memory tree).

Covered: sizes that are and are not multiples of the block, a single
element, rows shorter than the block, every power-of-two reduction width
from 1 to 1024, NaN and +-inf inputs for max, min and softmax, the overflow
row [1000, 1001, 999], long rows over several blocks, and 2-D grids.

GPU host without the compiler (see test_execution.py):
    python3 python/test/test_edge_numerics.py --warm DIR       # compiler host
    MYTRITON_PREBUILT_CACHE=DIR MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_edge_numerics.py     # GPU host
"""

import os
import sys

import numpy as np
import pytest

import conftest  # noqa: F401  (first: puts python/ on sys.path)
import kernels as K
import mytriton as triton
from mytriton import CompilerNotFoundError, compiler, runtime

WIDTHS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]


def rand(rng, *shape):
    return rng.standard_normal(shape).astype(np.float32)


def zeros(*shape):
    return np.zeros(shape, np.float32)


# Triton's (and MyTriton's) max/min ignore NaN unless every lane is NaN.
# The kernels reduce the whole block, where masked-off lanes hold `other`
# (-inf for max, +inf for min): a row of NaN shorter than the block is -inf.
def pad(x, width, fill):
    return np.pad(x, ((0, 0), (0, width - x.shape[1])), constant_values=fill)


def ref_max(x, width):
    return np.fmax.reduce(pad(x, width, -np.inf), axis=1)


def ref_min(x, width):
    return np.fmin.reduce(pad(x, width, np.inf), axis=1)


def ref_softmax(x):
    m = np.fmax.reduce(x, axis=1, keepdims=True)
    with np.errstate(invalid="ignore", over="ignore"):
        e = np.exp(x - m)
        return e / e.sum(axis=1, keepdims=True)


def special_rows(rng, n_cols):
    """Rows with NaN, +inf, -inf, all -inf and the overflow row."""
    x = rand(rng, 6, n_cols) * 10
    x[0, n_cols // 2] = np.nan
    x[1, n_cols - 1] = np.inf
    x[2, 0] = -np.inf
    x[3, :] = -np.inf
    x[4, :] = np.nan
    x[5, :3 if n_cols >= 3 else n_cols] = [1000, 1001, 999][:min(3, n_cols)]
    return x


def cases():
    """(id, kernel, grid, args, constexprs, {arg index: expected})"""
    rng = np.random.default_rng(1234)
    out = []
    for n, block in [(1, 1), (1, 256), (1000, 256), (4096, 256), (3000, 1024),
                     (37, 32)]:
        x, y = rand(rng, n), rand(rng, n)
        grid = (triton.cdiv(n, block),)
        tag = f"n{n}-b{block}"
        out += [
            (f"vector_add-{tag}", K.vector_add_kernel, grid,
             [x, y, zeros(n), n], dict(BLOCK=block), {2: x + y}),
            (f"copy-{tag}", K.copy_kernel, grid, [x, zeros(n), n],
             dict(BLOCK=block), {1: x}),
            (f"relu-{tag}", K.relu_kernel, grid, [x, zeros(n), n],
             dict(BLOCK=block), {1: np.maximum(x, 0)}),
            (f"leaky_relu-{tag}", K.leaky_relu_kernel, grid, [x, zeros(n), n],
             dict(BLOCK=block), {1: np.where(x > 0, x, np.float32(0.01) * x)}),
            (f"sigmoid-{tag}", K.sigmoid_kernel, grid, [x * 20, zeros(n), n],
             dict(BLOCK=block), {1: 1 / (1 + np.exp(-(x * 20)))}),
        ]
    for width in WIDTHS:
        for n_cols in sorted({width, max(1, width - 1), 1}):
            x = special_rows(rng, n_cols) if n_cols >= 1 else None
            x = np.concatenate([x, rand(rng, 3, n_cols)])
            rows = x.shape[0]
            tag = f"w{width}-c{n_cols}"
            out += [
                (f"row_sum-{tag}", K.row_sum_kernel, (rows,),
                 [x, zeros(rows), n_cols], dict(BLOCK=width),
                 {1: x.sum(axis=1, dtype=np.float64).astype(np.float32)}),
                (f"row_max-{tag}", K.row_max_kernel, (rows,),
                 [x, zeros(rows), n_cols], dict(BLOCK=width), {1: ref_max(x, width)}),
                (f"row_min-{tag}", K.row_min_kernel, (rows,),
                 [x, zeros(rows), n_cols], dict(BLOCK=width), {1: ref_min(x, width)}),
                (f"softmax-{tag}", K.softmax_kernel, (rows,),
                 [x, zeros(rows, n_cols), n_cols], dict(BLOCK=width),
                 {1: ref_softmax(x)}),
            ]
    for n_cols, block in [(3000, 1024), (4096, 1024), (10, 4)]:
        x = rand(rng, 5, n_cols)
        out.append((f"long_row_sum-c{n_cols}-b{block}", K.long_row_sum_kernel,
                    (5,), [x, zeros(5)], dict(N_COLS=n_cols, BLOCK=block),
                    {1: x.sum(axis=1, dtype=np.float64).astype(np.float32)}))
    for rows, cols, block in [(1, 1, 1), (5, 300, 128), (3, 1024, 1024)]:
        x, y = rand(rng, rows, cols), rand(rng, rows, cols)
        out.append((f"matrix_add-{rows}x{cols}-b{block}", K.matrix_add_kernel,
                    (rows, triton.cdiv(cols, block)),
                    [x, y, zeros(rows, cols), cols], dict(BLOCK=block),
                    {2: x + y}))
    for m, k, n, block in [(4, 5, 70, 32), (1, 1, 1, 1), (8, 16, 256, 256)]:
        a, b = rand(rng, m, k), rand(rng, k, n)
        out.append((f"naive_matmul-{m}x{k}x{n}-b{block}",
                    K.naive_matmul_kernel, (m, triton.cdiv(n, block)),
                    [a, b, zeros(m, n), n], dict(K=k, BLOCK=block),
                    {2: (a.astype(np.float64) @ b).astype(np.float32)}))
    return out


CASES = {c[0]: c[1:] for c in cases()}

# Execution paths: (device, MYTRITON_BACKEND, MYTRITON_CUDA_REDUCTION,
# MYTRITON_NUM_WARPS). "-nw" paths use the default num_warps ("auto": several
# lanes per thread); the others num_warps=32, one thread per lane.
PATHS = {
    "cpu": ("cpu", None, None, None),
    "gpu-nvvm": ("gpu", "nvvm", None, "32"),
    "gpu-nvvm-nw": ("gpu", "nvvm", None, "auto"),
    "gpu-cuda-warp": ("gpu", "cuda", "warp", "32"),
    "gpu-cuda-warp-nw": ("gpu", "cuda", "warp", "auto"),
    "gpu-cuda-shared": ("gpu", "cuda", "shared", "32"),
    "gpu-cuda-shared-nw": ("gpu", "cuda", "shared", "auto"),
}


def _torch_gpu():
    try:
        import torch
        return torch if torch.cuda.is_available() else None
    except ImportError:
        return None


TORCH = _torch_gpu()
try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False


def _check(name, got, want):
    scale = np.nanmax(np.abs(np.where(np.isfinite(want), want, 0)), initial=1)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * scale,
                               err_msg=name)


def _set_path(monkeypatch, path):
    _, backend, reduction, num_warps = PATHS[path]
    if backend:
        monkeypatch.setenv("MYTRITON_BACKEND", backend)
    if reduction:
        monkeypatch.setenv("MYTRITON_CUDA_REDUCTION", reduction)
    if num_warps:
        monkeypatch.setenv("MYTRITON_NUM_WARPS", num_warps)
    else:
        monkeypatch.delenv("MYTRITON_NUM_WARPS", raising=False)


@pytest.mark.parametrize("path", sorted(PATHS))
@pytest.mark.parametrize("name", sorted(CASES))
def test_edge_case(name, path, monkeypatch):
    device = PATHS[path][0]
    kernel, grid, args, constexprs, expected = CASES[name]
    if device == "cpu":
        if not (HAS_CPU and compiler.available()):
            pytest.skip("CPU execution path or compiler library not built")
        args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        _set_path(monkeypatch, path)
        kernel[grid](*args, **constexprs)
        for i, want in expected.items():
            _check(name, args[i], want)
        return
    if TORCH is None or not runtime.available():
        pytest.skip("no CUDA GPU (torch) or no libMyTritonRuntime.so")
    _set_path(monkeypatch, path)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    dev = [TORCH.from_numpy(a).cuda() if isinstance(a, np.ndarray) else a
           for a in args]
    try:
        kernel[grid](*dev, **constexprs)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    TORCH.cuda.synchronize()
    for i, want in expected.items():
        _check(name, dev[i].cpu().numpy(), want)


def warm(cache_dir):
    """Compiles every case for every GPU path into `cache_dir`."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    for path, (device, backend, reduction, num_warps) in sorted(PATHS.items()):
        if device != "gpu":
            continue
        if reduction:
            os.environ["MYTRITON_CUDA_REDUCTION"] = reduction
        os.environ.pop("MYTRITON_NUM_WARPS", None)
        if num_warps:
            os.environ["MYTRITON_NUM_WARPS"] = num_warps
        for name, (kernel, _, args, constexprs, _) in sorted(CASES.items()):
            compiled = kernel.warmup(*args, backend=backend, **constexprs)
            if compiled.backend_errors:
                print(f"{path:16} {name:30} {sorted(compiled.backend_errors)}")
    print(f"warmed {len(CASES)} cases into {cache_dir}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
