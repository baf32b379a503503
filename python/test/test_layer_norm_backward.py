"""Triton's tutorial 05 backward pass (tutorial_kernels.py, source
unchanged): _layer_norm_bwd_dx_fused (dx, and partial dw/db sums per group
of rows under a compare-and-swap spin lock with a first-writer count) and
_layer_norm_bwd_dwdb (the groups' sums, a 2-D tile loop). On the CPU against
a numpy reference of layer-norm backward, with every GPU route compiled; on
a GPU through both routes, the tutorial's LayerNorm forward and backward
against torch autograd at its size (M = 1151, N = 1024, fp16).

A GPU host without the compiler library runs the GPU tests from a cache
filled here (--warm compiles the launches they make):

    python3 python/test/test_layer_norm_backward.py --warm /path/to/cache
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_layer_norm_backward.py
"""

import os
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
from mytriton import CompilerNotFoundError, runtime
from test_execution import GPU, HAS_CPU
import tutorial_kernels as T

WARM = "MYTRITON_LAYER_NORM_WARM"


def numpy_backward(x, w, dy, mean, rstd):
    """Layer-norm backward in float64: dx, dw, db."""
    x, w, dy = (a.astype(np.float64) for a in (x, w, dy))
    xhat = (x - mean[:, None]) * rstd[:, None]
    wdy = w * dy
    c1 = (xhat * wdy).mean(axis=1, keepdims=True)
    c2 = wdy.mean(axis=1, keepdims=True)
    dx = (wdy - (xhat * c1 + c2)) * rstd[:, None]
    return dx, (dy * xhat).sum(axis=0), dy.sum(axis=0)


def group_size(n):
    """The tutorial's GROUP_SIZE_M heuristic."""
    if n <= 1024:
        return 256
    if n <= 4096:
        return 128
    return 96 if n <= 8192 else 64


def backward(x, w, dy, mean, rstd, group, zeros, empty, empty_like,
             **options):
    """The tutorial's LayerNorm.backward: `zeros`/`empty` allocate like
    torch.zeros/empty (shape, dtype), on the device the arrays live on."""
    m, n = x.shape
    itemsize = x.element_size() if hasattr(x, "element_size") \
        else x.itemsize
    block = min(65536 // itemsize, triton.next_power_of_2(n))
    num_warps = min(max(block // 256, 1), 8)
    locks = zeros(2 * group, "int32")
    _dw, _db = zeros((group, n), x.dtype), zeros((group, n), x.dtype)
    dw, db = empty((n,), w.dtype), empty((n,), w.dtype)
    dx = empty_like(dy)
    compiled = [T._layer_norm_bwd_dx_fused[(m,)](
        dx, dy, _dw, _db, x, w, mean, rstd, locks, n, n,
        BLOCK_SIZE_N=block, GROUP_SIZE_M=group, num_warps=num_warps,
        **options)]
    compiled.append(T._layer_norm_bwd_dwdb[(triton.cdiv(n, 128),)](
        _dw, _db, dw, db, min(group, m), n, BLOCK_SIZE_M=32,
        BLOCK_SIZE_N=128, **options))
    return dx, dw, db, locks, compiled


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU path not built")
@pytest.mark.parametrize("m,n,group", [(37, 100, 8), (5, 300, 256)])
def test_backward_on_the_cpu(m, n, group):
    # Several programs per lock (8 groups of 37 rows), and more groups than
    # rows (the tutorial's 256: only the first 5 are summed).
    rng = np.random.default_rng(5)
    x = (-2.3 + 0.5 * rng.standard_normal((m, n))).astype(np.float16)
    w = rng.random(n).astype(np.float16)
    dy = (0.1 * rng.standard_normal((m, n))).astype(np.float16)
    xf = x.astype(np.float32)
    mean = xf.mean(axis=1).astype(np.float32)
    rstd = (1 / np.sqrt(xf.var(axis=1) + 1e-5)).astype(np.float32)
    dx, dw, db, locks, _ = backward(
        x, w, dy, mean, rstd, group, np.zeros,
        lambda shape, dtype: np.full(shape, np.nan, dtype), np.empty_like)
    want_dx, want_dw, want_db = numpy_backward(x, w, dy, mean, rstd)
    np.testing.assert_allclose(dx.astype(np.float64), want_dx, atol=2e-3,
                               rtol=2e-3)
    # Partial sums are kept in fp16 between programs, as in the tutorial.
    np.testing.assert_allclose(dw.astype(np.float64), want_dw, atol=2e-2,
                               rtol=2e-2)
    np.testing.assert_allclose(db.astype(np.float64), want_db, atol=2e-2,
                               rtol=2e-2)
    # Every lock released; every group that got rows counted once.
    np.testing.assert_array_equal(locks[:group], 0)
    np.testing.assert_array_equal(locks[group:], np.arange(group) < m)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU path not built")
def test_both_gpu_routes_compile_the_backward_kernels():
    # A host launch compiles every route: neither refuses the lock (a
    # while loop on a scalar compare-and-swap, a branch on a loaded count,
    # a debug barrier) or the 2-D tile loop.
    x = np.zeros((4, 64), np.float16)
    mean = np.zeros(4, np.float32)
    *_, compiled = backward(x, x[0], x, mean, mean, 4, np.zeros,
                            lambda shape, dtype: np.zeros(shape, dtype),
                            np.empty_like)
    for kernel in compiled:
        refused = {route: why for route, why in kernel.backend_errors.items()
                   if not why.startswith("backend not built")}
        assert refused == {}, refused
        assert "cuda" in kernel.asm and "cubin" in kernel.asm


def _torch():
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def _warm(backend):
    """Compiles the launches test_backward_against_torch makes (same dtypes,
    shapes, constexprs and alignments, so the same cache keys) into the
    warm cache."""
    m, n = 1151, 1024
    os.environ["MYTRITON_CACHE_DIR"] = os.environ[WARM]
    x = np.zeros((m, n), np.float16)
    w = np.zeros(n, np.float16)
    stats = np.zeros(m, np.float32)
    block = triton.next_power_of_2(n)
    num_warps = min(max(block // 256, 1), 8)
    group = group_size(n)
    T._layer_norm_fwd_fused.warmup(x, x, w, w, stats, stats, n, n, 1e-5,
                                   BLOCK_SIZE=block, num_warps=num_warps,
                                   backend=backend)
    locks = np.zeros(2 * group, np.int32)
    part = np.zeros((group, n), np.float16)
    T._layer_norm_bwd_dx_fused.warmup(
        x, x, part, part, x, w, stats, stats, locks, n, n,
        BLOCK_SIZE_N=block, GROUP_SIZE_M=group, num_warps=num_warps,
        backend=backend)
    T._layer_norm_bwd_dwdb.warmup(part, part, w, w, min(group, m), n,
                                  BLOCK_SIZE_M=32, BLOCK_SIZE_N=128,
                                  backend=backend)


@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
def test_backward_against_torch(backend, monkeypatch):
    if os.environ.get(WARM):
        _warm(backend)
        pytest.skip("compiled into the cache for the GPU host")
    torch = _torch()
    if torch is None or GPU != "torch":
        pytest.skip("needs torch with a CUDA GPU")
    if not runtime.available():
        pytest.skip("no libMyTritonRuntime.so")
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    m, n, eps, dtype = 1151, 1024, 1e-5, torch.float16
    torch.manual_seed(0)
    weight = torch.rand(n, dtype=dtype, device="cuda", requires_grad=True)
    bias = torch.rand(n, dtype=dtype, device="cuda", requires_grad=True)
    x = -2.3 + 0.5 * torch.randn((m, n), dtype=dtype, device="cuda")
    dy = .1 * torch.randn_like(x)
    x.requires_grad_(True)
    # The tutorial's LayerNorm.forward, then its backward.
    y = torch.empty_like(x)
    mean = torch.empty((m,), dtype=torch.float32, device="cuda")
    rstd = torch.empty((m,), dtype=torch.float32, device="cuda")
    block = min(65536 // x.element_size(), triton.next_power_of_2(n))
    num_warps = min(max(block // 256, 1), 8)
    try:
        T._layer_norm_fwd_fused[(m,)](x, y, weight, bias, mean, rstd,
                                      x.stride(0), n, eps, BLOCK_SIZE=block,
                                      num_warps=num_warps)
        dx, dw, db, locks, _ = backward(
            x.detach(), weight.detach(), dy, mean, rstd, group_size(n),
            lambda shape, dt: torch.zeros(shape, dtype=_dt(torch, dt),
                                          device="cuda"),
            lambda shape, dt: torch.empty(shape, dtype=_dt(torch, dt),
                                          device="cuda"),
            torch.empty_like)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    y_ref = torch.nn.functional.layer_norm(x, (n,), weight, bias, eps)
    y_ref.backward(dy, retain_graph=True)
    # The tutorial's checks.
    assert torch.allclose(y, y_ref.to(dtype), atol=1e-2, rtol=0)
    assert torch.allclose(dx, x.grad, atol=1e-2, rtol=0)
    assert torch.allclose(db, bias.grad, atol=1e-2, rtol=0)
    assert torch.allclose(dw, weight.grad, atol=1e-2, rtol=0)
    assert int(locks[:group_size(n)].abs().sum()) == 0


def _dt(torch, dtype):
    """A dtype as torch names it (the helpers pass numpy's or torch's)."""
    if isinstance(dtype, torch.dtype):
        return dtype
    return {"int32": torch.int32}[str(dtype)]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        os.environ[WARM] = os.path.abspath(sys.argv[2])
        sys.exit(pytest.main(["-q", __file__, "-k", "against_torch"]))
    sys.exit(__doc__)
