"""General reductions and scans (issue 20, item 2): tl.reduce with a @jit
combine function over one tensor or a tuple, tl.argmax/argmin and
tl.max/min(return_indices=True) with ties and NaN, tl.associative_scan,
tl.cumsum and tl.cumprod (reverse too), on 1-D and 2-D tensors along each
axis, against numpy. Expectations follow Triton's test_core.py
(test_generic_reduction, test_reduce1d/test_reduce for argmax/argmin,
test_scan2d). Every case runs on the CPU and, with a GPU, through both GPU
routes (gpu/nvvm and CUDA C++); misuse is a located error.

A GPU host without the compiler library runs the GPU cases from a cache
filled here (run() compiles each GPU case's launch instead of launching):

    python3 python/test/test_reduce_scan.py --warm /path/to/cache
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_reduce_scan.py
"""

import os
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, CompilerNotFoundError, runtime
from located import assert_at, trace_error
from test_execution import GPU, HAS_CPU, _to_gpu, _to_host
from warm_tests import warm_launch, warm_main, warming

rng = np.random.default_rng(20)

CPU = pytest.mark.skipif(not HAS_CPU, reason="CPU path not built")
GPU_MARKS = [
    pytest.mark.skipif(not warming() and GPU is None,
                       reason="no CUDA GPU (torch or cupy)"),
    pytest.mark.skipif(not warming() and not runtime.available(),
                       reason="no libMyTritonRuntime.so")]
GPU_BACKENDS = [
    pytest.param("nvvm", marks=GPU_MARKS),
    pytest.param("cuda", marks=GPU_MARKS),
]
BACKENDS = [pytest.param("cpu", marks=[requires_compiler, CPU])] + \
    GPU_BACKENDS


def run(backend, monkeypatch, kernel, grid, args, **options):
    """Launches on `backend`; the numpy arrays of `args` hold the results
    afterwards (copied to the GPU and back). Under --warm, a GPU case
    compiles its launch into the cache instead."""
    if backend == "cpu":
        kernel[grid](*args, **options)
        return args
    if warming():
        warm_launch(backend, monkeypatch, kernel, args, options)
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    device = [_to_gpu(a) if isinstance(a, np.ndarray) else a for a in args]
    try:
        kernel[grid](*device, **options)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    for a, d in zip(args, device):
        if isinstance(a, np.ndarray):
            a[...] = _to_host(d)
    return args


def assert_scanned(z, ref, backend):
    """The CPU scans in sequence: a float scan rounds as numpy's. The GPU
    routes combine in a tree (lanes, then warps): a float one agrees within
    rounding; integers and selections (max) are exact everywhere."""
    if backend == "cpu" or not np.issubdtype(ref.dtype, np.floating):
        np.testing.assert_array_equal(z, ref)
    else:
        np.testing.assert_allclose(z, ref, rtol=1e-5, atol=1e-5)


# -- kernels ------------------------------------------------------------------
@triton.jit
def _sum_pair(a0, a1, b0, b1):
    # Triton's test_generic_reduction: Welford-like (sum, count) pairs.
    return a0 + b0, a1 + b1


@triton.jit
def _mul(a, b):
    return a * b


@triton.jit
def _max_abs(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@triton.jit
def _first(a, b):
    # Associative, not commutative: a reduction that kept the order of its
    # operands returns the first element.
    return a


@triton.jit
def _linear(a0, a1, b0, b1):
    # The composition of affine maps x -> a1 * x + a0 (then b): associative,
    # not commutative (Triton's test_scan2d 'linear_recurrence').
    return b1 * a0 + b0, a1 * b1


@triton.jit
def reduce_1d(X, Z, N: tl.constexpr, OP: tl.constexpr):
    x = tl.load(X + tl.arange(0, N))
    if OP == "max_abs":
        tl.store(Z, tl.reduce(x, 0, _max_abs))
    elif OP == "prod":
        tl.store(Z, tl.reduce(x, axis=None, combine_fn=_mul))
    elif OP == "first":
        tl.store(Z, tl.reduce(x, 0, _first))
    elif OP == "argmax":
        tl.store(Z, tl.argmax(x, 0).to(tl.float32))
    elif OP == "argmin":
        tl.store(Z, tl.argmin(x, 0).to(tl.float32))
    elif OP == "argmax_method":
        tl.store(Z, x.argmax(0).to(tl.float32))


@triton.jit
def reduce_2d(X, Z, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
              OP: tl.constexpr, KEEP: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(X + rm[:, None] * N + rn[None, :])
    if OP == "argmax":
        z = tl.argmax(x, AXIS, keep_dims=KEEP)
    elif OP == "argmin":
        z = tl.argmin(x, AXIS, keep_dims=KEEP)
    else:
        z = tl.reduce(x, AXIS, _max_abs, keep_dims=KEEP)
    if AXIS == 0:
        off = rn[None, :] if KEEP else rn
    else:
        off = rm[:, None] if KEEP else rm
    tl.store(Z + off, z)


@triton.jit
def max_with_indices(X, V, I, M: tl.constexpr, N: tl.constexpr,
                     AXIS: tl.constexpr, IS_MAX: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(X + rm[:, None] * N + rn[None, :])
    if IS_MAX:
        v, i = tl.max(x, axis=AXIS, return_indices=True)
    else:
        v, i = tl.min(x, axis=AXIS, return_indices=True,
                      return_indices_tie_break_left=True)
    off = rn if AXIS == 0 else rm
    tl.store(V + off, v)
    tl.store(I + off, i)


@triton.jit
def generic_pair(X, Y, S, C, M: tl.constexpr, N: tl.constexpr,
                 AXIS: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    s, c = tl.reduce((tl.load(X + offs), tl.load(Y + offs)), AXIS, _sum_pair)
    off = rn if AXIS == 0 else rm
    tl.store(S + off, s)
    tl.store(C + off, c)


@triton.jit
def scan_2d(X, Z, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
            OP: tl.constexpr, REVERSE: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(X + offs)
    if OP == "cumsum":
        z = tl.cumsum(x, AXIS, reverse=REVERSE)
    elif OP == "cumprod":
        z = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    elif OP == "cummax":
        z = tl.associative_scan(x, AXIS, _max_abs, reverse=REVERSE)
    else:
        z = x.cumsum(AXIS)
    tl.store(Z + offs, z)


@triton.jit
def scan_1d(X, Z, N: tl.constexpr, REVERSE: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(Z + r, tl.cumsum(tl.load(X + r), 0, REVERSE))


@triton.jit
def linear_recurrence(A, B, Z, M: tl.constexpr, N: tl.constexpr,
                      AXIS: tl.constexpr, REVERSE: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    z, _ = tl.associative_scan((tl.load(A + offs), tl.load(B + offs)), AXIS,
                               _linear, reverse=REVERSE)
    tl.store(Z + offs, z)


# -- tl.reduce ----------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n", [1, 32, 128])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_reduce_1d_user_combine(n, dtype, backend, monkeypatch):
    x = (rng.standard_normal(n) * 10).astype(dtype)
    z = np.zeros(1, dtype)
    run(backend, monkeypatch, reduce_1d, (1,), [x, z], N=n, OP="max_abs")
    # One element is never combined: it is the result as it is.
    assert z[0] == (x[0] if n == 1 else np.abs(x).max())


@pytest.mark.parametrize("backend", BACKENDS)
def test_reduce_without_axis(backend, monkeypatch):
    x = rng.uniform(0.5, 1.5, 64).astype(np.float32)
    z = np.zeros(1, np.float32)
    run(backend, monkeypatch, reduce_1d, (1,), [x, z], N=64, OP="prod")
    np.testing.assert_allclose(z[0], np.prod(x, dtype=np.float64), rtol=1e-5)


@pytest.mark.parametrize("backend", BACKENDS)
def test_reduce_keeps_the_operand_order(backend, monkeypatch):
    # The halving tree keeps left before right.
    x = rng.uniform(0.5, 1.5, 64).astype(np.float32)
    z = np.zeros(1, np.float32)
    run(backend, monkeypatch, reduce_1d, (1,), [x, z], N=64, OP="first")
    assert z[0] == x[0]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("axis", [0, 1])
def test_reduce_2d_user_combine(axis, keep, backend, monkeypatch):
    x = rng.standard_normal((16, 32)).astype(np.float32)
    z = np.zeros(x.shape[1 - axis], np.float32)
    run(backend, monkeypatch, reduce_2d, (1,), [x, z], M=16, N=32, AXIS=axis,
        OP="max_abs", KEEP=keep)
    np.testing.assert_array_equal(z, np.abs(x).max(axis=axis))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("axis", [0, 1])
def test_generic_reduction_of_a_pair(axis, backend, monkeypatch):
    # Triton's test_generic_reduction: a tuple of two tensors reduced by one
    # combine function.
    x = rng.standard_normal((8, 64)).astype(np.float32)
    y = rng.integers(0, 5, (8, 64)).astype(np.int32)
    s = np.zeros(x.shape[1 - axis], np.float32)
    c = np.zeros(x.shape[1 - axis], np.int32)
    run(backend, monkeypatch, generic_pair, (1,), [x, y, s, c], M=8, N=64,
        AXIS=axis)
    np.testing.assert_allclose(s, x.sum(axis=axis), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(c, y.sum(axis=axis))


@triton.jit
def _triton_argmax_combine(value1, index1, value2, index2, tie_break_left):
    # Triton's standard.py, verbatim: a constexpr `if`, `and`/`or` on traced
    # scalars (i1 & and |, no branches).
    if tie_break_left:
        tie = value1 == value2 and index1 < index2
    else:
        tie = False
    gt = value1 > value2 or tie
    v_ret = tl.where(gt, value1, value2)
    i_ret = tl.where(gt, index1, index2)
    return v_ret, i_ret


@triton.jit
def _triton_argmax_left(value1, index1, value2, index2):
    return _triton_argmax_combine(value1, index1, value2, index2, True)


@triton.jit
def user_argmax(X, V, I, N: tl.constexpr):
    r = tl.arange(0, N)
    v, i = tl.reduce((tl.load(X + r), r), 0, _triton_argmax_left)
    tl.store(V, v)
    tl.store(I, i)


@pytest.mark.parametrize("backend", BACKENDS)
def test_triton_style_combine_with_helper_calls(backend, monkeypatch):
    x = rng.integers(-5, 5, 128).astype(np.int32)
    v, i = np.zeros(1, np.int32), np.zeros(1, np.int32)
    run(backend, monkeypatch, user_argmax, (1,), [x, v, i], N=128)
    assert (v[0], i[0]) == (x.max(), np.argmax(x))


# -- argmax / argmin ----------------------------------------------------------
def _with_ties_and_nan(n, dtype, nan):
    x = rng.integers(-4, 4, n).astype(dtype)  # many ties
    if nan:
        x[n // 3] = np.nan
        x[2 * n // 3] = np.nan
    return x


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", ["argmax", "argmin", "argmax_method"])
@pytest.mark.parametrize("dtype,nan", [("float32", False), ("float32", True),
                                       ("int32", False)])
@pytest.mark.parametrize("n", [2, 32, 256])
def test_argmax_1d_ties_and_nan(n, dtype, nan, op, backend, monkeypatch):
    x = _with_ties_and_nan(n, dtype, nan)
    z = np.zeros(1, np.float32)
    run(backend, monkeypatch, reduce_1d, (1,), [x, z], N=n, OP=op)
    ref = np.argmin(x) if op == "argmin" else np.argmax(x)
    assert z[0] == ref, (x, z[0], ref)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("keep", [False, True])
@pytest.mark.parametrize("op", ["argmax", "argmin"])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("nan", [False, True])
def test_argmax_2d(axis, op, keep, nan, backend, monkeypatch):
    x = rng.integers(-3, 3, (16, 32)).astype(np.float32)
    if nan:
        x[rng.random(x.shape) < 0.05] = np.nan
    z = np.zeros(x.shape[1 - axis], np.int32)
    run(backend, monkeypatch, reduce_2d, (1,), [x, z], M=16, N=32, AXIS=axis,
        OP=op, KEEP=keep)
    ref = np.argmin(x, axis) if op == "argmin" else np.argmax(x, axis)
    np.testing.assert_array_equal(z, ref)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("is_max", [True, False])
@pytest.mark.parametrize("axis", [0, 1])
def test_max_min_return_indices(axis, is_max, backend, monkeypatch):
    x = rng.integers(-3, 3, (8, 16)).astype(np.float32)
    v = np.zeros(x.shape[1 - axis], np.float32)
    i = np.zeros(x.shape[1 - axis], np.int32)
    run(backend, monkeypatch, max_with_indices, (1,), [x, v, i], M=8, N=16,
        AXIS=axis, IS_MAX=is_max)
    ref = np.argmax(x, axis) if is_max else np.argmin(x, axis)
    np.testing.assert_array_equal(i, ref)
    np.testing.assert_array_equal(v, x.max(axis) if is_max else x.min(axis))


# -- scans --------------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("op", ["cumsum", "cumprod", "cummax", "method"])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_scan2d(dtype, axis, op, reverse, backend, monkeypatch):
    if op == "method" and reverse:
        pytest.skip("x.cumsum(axis) takes no reverse here")
    shape = (8, 32)
    x = rng.integers(-3, 4, shape).astype(dtype) if op != "cumprod" else \
        rng.choice([-1, 1, 2], shape).astype(dtype)
    if dtype == "float32" and op == "cumsum":
        x = rng.standard_normal(shape).astype(dtype)
    z = np.zeros_like(x)
    run(backend, monkeypatch, scan_2d, (1,), [x, z], M=8, N=32, AXIS=axis,
        OP=op, REVERSE=reverse)
    src = np.flip(x, axis) if reverse else x
    if op in ("cumsum", "method"):
        ref = np.cumsum(src, axis, dtype=x.dtype)
    elif op == "cumprod":
        ref = np.cumprod(src, axis, dtype=x.dtype)
    else:
        ref = np.maximum.accumulate(np.abs(src), axis)
        # The scan's first element is never combined: it stays signed.
        np.moveaxis(ref, axis, 0)[0] = np.moveaxis(src, axis, 0)[0]
    if reverse:
        ref = np.flip(ref, axis)
    assert_scanned(z, ref, backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("n", [1, 16, 1024])
def test_cumsum_1d(n, reverse, backend, monkeypatch):
    x = rng.standard_normal(n).astype(np.float32)
    z = np.zeros_like(x)
    run(backend, monkeypatch, scan_1d, (1,), [x, z], N=n, REVERSE=reverse)
    ref = np.flip(np.cumsum(np.flip(x))) if reverse else np.cumsum(x)
    assert_scanned(z, ref, backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("axis", [0, 1])
def test_scan_of_a_pair_is_ordered(axis, reverse, backend, monkeypatch):
    # Triton's test_scan2d 'linear_recurrence': x_i = b_i * x_{i-1} + a_i.
    shape = (4, 16)
    a = rng.integers(-3, 4, shape).astype(np.float32)
    b = rng.choice([-1.0, 0.5, 2.0], shape).astype(np.float32)
    z = np.zeros_like(a)
    run(backend, monkeypatch, linear_recurrence, (1,), [a, b, z], M=4, N=16,
        AXIS=axis, REVERSE=reverse)
    am, bm = np.moveaxis(a, axis, 0), np.moveaxis(b, axis, 0)
    order = range(am.shape[0] - 1, -1, -1) if reverse else range(am.shape[0])
    ref, acc = np.zeros_like(am), None
    for r in order:
        acc = am[r].copy() if acc is None else bm[r] * acc + am[r]
        ref[r] = acc
    assert_scanned(z, np.moveaxis(ref, 0, axis), backend)


@triton.jit
def _either(a, b):
    return a | b


@triton.jit
def running_any(X, Z, N: tl.constexpr, REVERSE: tl.constexpr):
    r = tl.arange(0, N)
    seen = tl.associative_scan(tl.load(X + r) > 0, 0, _either,
                               reverse=REVERSE)
    tl.store(Z + r, tl.where(seen, 1, 0))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("reverse", [False, True])
def test_scan_of_booleans(reverse, backend, monkeypatch):
    # Masks are kept as bytes in the CPU scan's buffers.
    x = np.zeros(64, np.int32)
    x[[9, 40]] = 1
    z = np.full(64, 7, np.int32)
    run(backend, monkeypatch, running_any, (1,), [x, z], N=64,
        REVERSE=reverse)
    src = x[::-1] if reverse else x
    ref = np.logical_or.accumulate(src > 0).astype(np.int32)
    np.testing.assert_array_equal(z, ref[::-1] if reverse else ref)


# -- the GPU routes' layouts: warps along the axis, several register chunks
# per line, narrow and wide elements (the CPU runs the cases above) ---------
def _tile_input(shape, dtype, nan=False):
    if np.dtype(dtype).kind == "f":
        x = rng.integers(-1, 2, shape).astype(dtype)  # f16 sums stay exact
        if nan:
            x[rng.random(shape) < 0.03] = np.nan
        return x
    return rng.integers(-100, 100, shape).astype(dtype)


@pytest.mark.parametrize("backend", GPU_BACKENDS)
@pytest.mark.parametrize("shape,axis,dtype,reverse", [
    ((128, 16), 0, "float32", False),  # 8 lanes, 4 warps, 4 chunks a line
    ((128, 16), 0, "int32", True),
    ((2, 1024), 1, "int32", False),  # 32 lanes, 2 warps, 4 chunks a line
    ((2, 1024), 1, "float16", True),
    ((2, 1024), 1, "int64", False),
    ((2, 1024), 1, "int8", True),
])
def test_gpu_scan_tiles_and_types(shape, axis, dtype, reverse, backend,
                                  monkeypatch):
    x = _tile_input(shape, dtype)
    out = np.int32 if dtype == "int8" else dtype  # Triton sums int8 as int32
    z = np.zeros(shape, out)
    run(backend, monkeypatch, scan_2d, (1,), [x, z], M=shape[0], N=shape[1],
        AXIS=axis, OP="cumsum", REVERSE=reverse)
    src = np.flip(x, axis) if reverse else x
    ref = np.cumsum(src, axis, dtype=out)
    assert_scanned(z, np.flip(ref, axis) if reverse else ref, backend)


@pytest.mark.parametrize("backend", GPU_BACKENDS)
@pytest.mark.parametrize("dtype", ["float16", "int8"])
def test_gpu_uniform_scan_of_narrow_types(dtype, backend, monkeypatch):
    # A uniform kernel of 8 lanes a thread whose narrow loads group them by
    # 8 (16 bytes): the scan follows the lanes' layout, not 4-lane groups.
    x = _tile_input((1024,), dtype)
    out = np.int32 if dtype == "int8" else dtype
    z = np.zeros(1024, out)
    run(backend, monkeypatch, scan_1d, (1,), [x, z], N=1024, REVERSE=True,
        num_warps=4)
    ref = np.flip(np.cumsum(np.flip(x), dtype=out))
    assert_scanned(z, ref, backend)


@pytest.mark.parametrize("backend", GPU_BACKENDS)
@pytest.mark.parametrize("shape,axis,dtype,op", [
    ((64, 64), 0, "float32", "argmax"),
    ((64, 64), 1, "float16", "argmin"),
    ((128, 16), 0, "int8", "argmax"),
    ((2, 1024), 1, "float32", "argmin"),
])
def test_gpu_argmax_tiles_and_types(shape, axis, dtype, op, backend,
                                    monkeypatch):
    x = _tile_input(shape, dtype, nan=True)
    z = np.zeros(shape[1 - axis], np.int32)
    run(backend, monkeypatch, reduce_2d, (1,), [x, z], M=shape[0], N=shape[1],
        AXIS=axis, OP=op, KEEP=False)
    ref = np.argmin(x, axis) if op == "argmin" else np.argmax(x, axis)
    np.testing.assert_array_equal(z, ref)


# -- IR and errors ------------------------------------------------------------
def _ir(kernel, types, **constexprs):
    return kernel.trace(types, constexprs, "auto")[0]


_error, _assert_at = trace_error, assert_at


def test_traced_ir_holds_the_combine_region():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 64))
        tl.store(X, tl.argmax(x, 0))
        tl.store(X + tl.arange(0, 64), tl.cumsum(x, 0, reverse=True))
    ir = _ir(k, ["ptr<i32>"])
    assert "tt.combine_reduce(" in ir and ") axis = 0 : (tensor<64xi32>, " \
        "tensor<64xi32>) -> (i32, i32) {" in ir, ir
    assert "tt.combine_return " in ir
    assert "tt.scan(" in ir and "axis = 0 reverse : (tensor<64xi32>) -> " \
        "tensor<64xi32> {" in ir, ir


def test_cumsum_sums_in_triton_s_types():
    # Triton's cumsum: int8 in int32 (_pick_sum_dtype), dtype= wins,
    # bfloat16 in float32; cumprod keeps int8 but promotes bfloat16.
    @triton.jit
    def k(X8, XB, Z32, Z16, ZF):
        r = tl.arange(0, 64)
        x8 = tl.load(X8 + r)
        tl.store(Z32 + r, tl.cumsum(x8, 0))
        tl.store(Z16 + r, tl.cumsum(x8, 0, dtype=tl.int16))
        tl.store(ZF + r, tl.cumsum(tl.load(XB + r), 0) +
                 tl.cumprod(tl.load(XB + r), 0))
        tl.static_assert(tl.cumprod(x8, 0).dtype == tl.int8)
    ir = _ir(k, ["ptr<i8>", "ptr<bf16>", "ptr<i32>", "ptr<i16>", "ptr<f32>"])
    assert "(tensor<64xi32>) -> tensor<64xi32>" in ir, ir
    assert "(tensor<64xi16>) -> tensor<64xi16>" in ir, ir
    assert ir.count("(tensor<64xf32>) -> tensor<64xf32>") == 2, ir
    assert "-> tensor<64xbf16> {" not in ir


@triton.jit
def _three(a, b, c):
    return a


@triton.jit
def _two_values(a, b):
    return a, b


@triton.jit
def _tensor_result(a, b):
    return tl.zeros([4], tl.float32)


def test_combine_fn_arity_is_located():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X, tl.reduce(x, 0, _three))
    _assert_at(_error(k, ["ptr<f32>"]), k.fn, "tl.reduce(x, 0, _three)",
               "tl.reduce: combine_fn '_three' must take 2 arguments (the "
               "left and then the right element of each of the 1 input)")


def test_combine_fn_return_count_is_located():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X + tl.arange(0, 32), tl.associative_scan(x, 0, _two_values))
    _assert_at(_error(k, ["ptr<f32>"]), k.fn, "tl.associative_scan(x, 0, _two",
               "tl.associative_scan: combine_fn '_two_values' must return 1 "
               "value (one per input), but returned 2")


def test_combine_fn_tensor_result_is_located():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X, tl.reduce(x, 0, _tensor_result))
    _assert_at(_error(k, ["ptr<f32>"]), k.fn, "tl.reduce(x, 0, _tensor_result)",
               "must return 1 scalar, but value 0 is a float32 tensor of 4 "
               "elements")


def test_bad_inputs_and_axes_are_located():
    @triton.jit
    def scalar_input(X):
        tl.store(X, tl.reduce(tl.load(X), 0, _mul))
    _assert_at(_error(scalar_input, ["ptr<f32>"]), scalar_input.fn,
               "tl.reduce(tl.load(X), 0, _mul)",
               "tl.reduce: the input must be a tensor, got a float32 scalar")

    @triton.jit
    def bad_axis(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X + tl.arange(0, 32), tl.cumsum(x, 1))
    _assert_at(_error(bad_axis, ["ptr<f32>"]), bad_axis.fn,
               "tl.cumsum(x, 1)",
               "tl.cumsum: axis 1 is out of range for a 1-D tensor")

    @triton.jit
    def shapes(X):
        a = tl.load(X + tl.arange(0, 32))
        b = tl.load(X + tl.arange(0, 16))
        tl.store(X, tl.reduce((a, b), 0, _sum_pair)[0])
    _assert_at(_error(shapes, ["ptr<f32>"]), shapes.fn,
               "tl.reduce((a, b), 0, _sum_pair)",
               "tl.reduce: the inputs must have one shape")

    @triton.jit
    def not_callable(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X, tl.reduce(x, 0, 3))
    _assert_at(_error(not_callable, ["ptr<f32>"]), not_callable.fn,
               "tl.reduce(x, 0, 3)",
               "tl.reduce: combine_fn must be a @jit function, got a int")


@triton.jit
def _branchy(a, b):
    if a > b:  # a branch on a traced value: scf.if, which a region refuses
        c = a
    else:
        c = b
    return c


@requires_compiler
@CPU
def test_combine_fn_with_a_runtime_branch_is_located():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 32))
        tl.store(X, tl.reduce(x, 0, _branchy))
    with pytest.raises(CompilationError) as info:
        k[(1,)](np.zeros(32, np.float32))
    _assert_at(str(info.value), _branchy.fn, "if a > b:",
               "is not allowed in a combine region, which holds arith and "
               "math ops on scalars")


def test_combine_fn_capturing_a_kernel_value_is_located():
    @triton.jit
    def k(X):
        x = tl.load(X + tl.arange(0, 32))
        y = tl.load(X)

        def add_y(a, b):
            return a + b + y
        tl.store(X, tl.reduce(x, 0, add_y))
    _assert_at(_error(k, ["ptr<f32>"]), k.fn, "tl.reduce(x, 0, add_y)",
               "combine_fn 'add_y' uses a traced value of the kernel")


@requires_compiler
@CPU
def test_both_gpu_routes_compile_them():
    # A host launch compiles the GPU routes too: neither refuses a scan or
    # an argmax, and each shows its form of the steps (xor shuffles; the
    # CUDA C++ route's combine region as a lambda).
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(256, np.float32)
    kernel = scan_1d[(1,)](x, z, N=256, REVERSE=True)
    np.testing.assert_array_equal(z, np.flip(np.cumsum(np.flip(x))))
    refused = {route: why for route, why in kernel.backend_errors.items()
               if not why.startswith("backend not built")}
    assert refused == {}, refused
    if "ptx" in kernel.asm:
        assert "shfl.sync.bfly.b32" in kernel.asm["ptx"]
    if "cuda" in kernel.asm:
        assert "__shfl_xor_sync(" in kernel.asm["cuda"]
        assert "_combine = [](" in kernel.asm["cuda"]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        sys.exit(warm_main(__file__, sys.argv[2], "nvvm or cuda"))
    sys.exit(__doc__)
