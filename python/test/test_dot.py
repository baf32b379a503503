"""tl.dot (issue 17, first milestone: fp32 on every backend): 2-D tile
products with `tl.dot(a, b, acc=...)` and `a @ b`, a loop-carried
accumulator over K with masked loads (K not a multiple of BLOCK_K),
transposed operand strides, acc= chaining, a fused activation epilogue and
Triton's tutorial 03 matmul kernel, run against numpy on the CPU path and,
where a GPU is present, through both GPU backends; the IR they trace to
verifies; misuse is an error at the user's line.

Every backend computes each element as fma(a[m][k], b[k][n], acc) over k
ascending in float32 (the FMA path; docs/GPULowering.md#tldot), so
integer-valued inputs, whose sums are exact, must match numpy exactly, and
random ones match a float64 product within float32 rounding.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere:

    python3 python/test/test_dot.py --warm /path/to/cache    # compiler host
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_dot.py           # GPU host
"""

import functools
import os
import re
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilerNotFoundError, compiler, runtime
from located import assert_at, line_of, trace_error
from test_execution import GPU, HAS_CPU, _to_gpu, _to_host

rng = np.random.default_rng(17)


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def small_ints(*shape):
    """Integer-valued floats whose products and sums are exact in f32."""
    return rng.integers(-4, 5, shape).astype(np.float32)


# -- kernels ------------------------------------------------------------------
@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, ACTIVATION: tl.constexpr,
                  PLUS_EQUALS: tl.constexpr):
    # A loop-carried accumulator over K, masked on every edge.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) &
                    (offs_n[None, :] < N), other=0.0)
        if PLUS_EQUALS:
            acc += tl.dot(a, b)
        else:
            acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if ACTIVATION == "leaky_relu":
        acc = leaky_relu(acc)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def tile_dot_kernel(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr, MATMUL_OP: tl.constexpr,
                    PRECISION: tl.constexpr):
    # One tile, no loop: `c = a @ b` or tl.dot with a precision.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    if MATMUL_OP:
        c = a @ b
    else:
        c = tl.dot(a, b, input_precision=PRECISION)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], c)


@triton.jit
def chained_kernel(a_ptr, b_ptr, d_ptr, e_ptr, c_ptr, BM: tl.constexpr,
                   BN: tl.constexpr, BK: tl.constexpr):
    # acc= chaining: c = a @ b + d @ e + 1, the second dot taking the first
    # as its accumulator, and a dot of a transposed tile.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    d = tl.load(d_ptr + rk[:, None] * BM + rm[None, :])   # d is stored K x M
    e = tl.load(e_ptr + rk[:, None] * BN + rn[None, :])
    ones = tl.full((BM, BN), 1.0, tl.float32)
    acc = tl.dot(a, b, acc=ones)
    acc = tl.dot(tl.trans(d), e, acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


# -- cases: (kernel, grid, args, options, {arg index: expected}) --------------
def _matmul_case(m, n, k, bm, bn, bk, activation="", plus_equals=False,
                 transposed_b=False, num_warps=4, ints=False):
    make = small_ints if ints else rand
    a = make(m, k)
    b_logical = make(k, n)
    if transposed_b:
        # b stored as its transpose (N x K row-major): strides (1, K).
        b = np.ascontiguousarray(b_logical.T)
        stride_bk, stride_bn = 1, k
    else:
        b = b_logical
        stride_bk, stride_bn = n, 1
    c = np.zeros((m, n), np.float32)
    want = (a.astype(np.float64) @ b_logical.astype(np.float64))
    if activation == "leaky_relu":
        want = np.where(want >= 0, want, 0.01 * want)
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    args = [a, b, c, m, n, k, k, 1, stride_bk, stride_bn, n, 1]
    options = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACTIVATION=activation,
                   PLUS_EQUALS=plus_equals, num_warps=num_warps)
    return matmul_kernel, grid, args, options, {2: want}


def _tile_case(bm, bn, bk, matmul_op=True, precision="tf32"):
    a, b = small_ints(bm, bk), small_ints(bk, bn)
    c = np.zeros((bm, bn), np.float32)
    return (tile_dot_kernel, (1,), [a, b, c],
            dict(BM=bm, BN=bn, BK=bk, MATMUL_OP=matmul_op,
                 PRECISION=precision, num_warps=4),
            {2: a.astype(np.float64) @ b})


def _chained_case(bm, bn, bk):
    a, b, e = rand(bm, bk), rand(bk, bn), rand(bk, bn)
    d = rand(bk, bm)
    c = np.zeros((bm, bn), np.float32)
    want = (a.astype(np.float64) @ b + d.T.astype(np.float64) @ e + 1.0)
    return (chained_kernel, (1,), [a, b, d, e, c],
            dict(BM=bm, BN=bn, BK=bk, num_warps=4), {4: want})


CASES = {
    "tile_16x16x16": lambda: _tile_case(16, 16, 16),
    "tile_32x64x16_ieee": lambda: _tile_case(32, 64, 16, False, "ieee"),
    "tile_64x16x32_tf32x3": lambda: _tile_case(64, 16, 32, False, "tf32x3"),
    "tile_16x128x64": lambda: _tile_case(16, 128, 64),
    "tile_128x32x16": lambda: _tile_case(128, 32, 16),
    "matmul_exact_ints": lambda: _matmul_case(70, 50, 90, 32, 32, 32,
                                              ints=True),
    "matmul_k_ragged": lambda: _matmul_case(64, 64, 100, 64, 64, 32),
    "matmul_ragged_edges": lambda: _matmul_case(45, 77, 37, 16, 32, 16),
    "matmul_plus_equals": lambda: _matmul_case(64, 48, 72, 32, 16, 16,
                                               plus_equals=True),
    "matmul_transposed_b": lambda: _matmul_case(48, 40, 56, 16, 16, 32,
                                                transposed_b=True),
    "matmul_leaky_relu": lambda: _matmul_case(40, 72, 48, 32, 64, 16,
                                              activation="leaky_relu"),
    "matmul_128_tiles_8_warps": lambda: _matmul_case(130, 130, 40, 128, 128,
                                                     16, num_warps=8),
    "matmul_one_warp": lambda: _matmul_case(32, 32, 48, 16, 32, 16,
                                            num_warps=1),
    "chained_acc": lambda: _chained_case(32, 64, 16),
}
# The integer-valued cases sum exactly in f32, whatever the order.
EXACT = {"tile_16x16x16", "tile_32x64x16_ieee", "tile_64x16x32_tf32x3",
         "tile_16x128x64", "tile_128x32x16", "matmul_exact_ints"}


def _check(name, outputs, expected):
    for index, want in expected.items():
        if name in EXACT:
            np.testing.assert_array_equal(outputs[index], want)
        else:
            np.testing.assert_allclose(outputs[index], want, rtol=1e-5,
                                       atol=1e-5)


def _launch(kernel, grid, args, options):
    return kernel[grid](*args, **dict(options))


def _types(args):
    return ["ptr<f32>" if isinstance(a, np.ndarray) else "i32" for a in args]


def _trace(name):
    kernel, _, args, options, _ = CASES[name]()
    options = dict(options)
    num_warps = options.pop("num_warps", "auto")
    return kernel.trace(_types(args), options, num_warps)[0]


def _ops(text):
    return re.sub(r" loc\([^)]*\)", "", text)


# -- the IR -------------------------------------------------------------------
@requires_compiler
@pytest.mark.parametrize("name", sorted(CASES))
def test_ir_verifies(name):
    result = compiler.compile_ir(_trace(name), "artifacts=")
    assert result.status == compiler.STATUS_OK, result.diagnostics


def test_dot_traces_to_tt_dot_with_a_zero_accumulator():
    text = _ops(_trace("tile_16x16x16"))
    assert re.search(r"%(\d+) = tt\.splat %\d+ : f32 -> tensor<16x16xf32>\n"
                     r"\s*%\d+ = tt\.dot %\d+, %\d+, %\1 : tensor<16x16xf32> "
                     r"\* tensor<16x16xf32> -> tensor<16x16xf32>", text), text


def test_input_precision_is_carried():
    assert "inputPrecision = ieee :" in _ops(_trace("tile_32x64x16_ieee"))
    assert "inputPrecision = tf32x3 :" in _ops(_trace("tile_64x16x32_tf32x3"))
    # tf32, the default, is left out.
    assert "inputPrecision" not in _ops(_trace("tile_16x16x16"))


def test_loop_carried_accumulator_is_an_iter_arg():
    text = _ops(_trace("matmul_k_ragged"))
    loop = re.search(r"scf\.for .* iter_args\((.*)\) -> \((.*)\)", text)
    assert loop and "tensor<64x64xf32>" in loop.group(2), text
    assert re.search(r"tt\.dot %\d+, %\d+, %\S+ : tensor<64x32xf32> \* "
                     r"tensor<32x64xf32> -> tensor<64x64xf32>", text), text


# -- running: CPU and both GPU backends ---------------------------------------
@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    kernel, grid, args, options, expected = CASES[name]()
    _launch(kernel, grid, args, options)
    _check(name, args, expected)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
def test_cpu_accumulates_k_ascending_with_fused_multiply_adds():
    # Rows [1, 2^-24, -1, 0, ...] against columns of ones: k ascending,
    # one rounding per step, gives fl(fl(1 + 2^-24) - 1) = 0 (1 + 2^-24
    # is a tie and rounds to 1); k descending gives 2^-24, and so does the
    # exact (float64) product, so only the documented order passes.
    bm = bn = bk = 16
    a = np.zeros((bm, bk), np.float32)
    a[:, 0], a[:, 1], a[:, 2] = 1.0, 2.0 ** -24, -1.0
    b = np.ones((bk, bn), np.float32)
    c = np.full((bm, bn), 7.0, np.float32)  # overwritten by the store
    tile_dot_kernel[(1,)](a, b, c, BM=bm, BN=bn, BK=bk, MATMUL_OP=True,
                          PRECISION="tf32", num_warps=4)
    np.testing.assert_array_equal(c, np.zeros((bm, bn), np.float32))
    # k reversed would give 2^-24: the order is the documented one.
    assert np.float32(np.float32(-1.0 + 2.0 ** -24) + 1.0) != 0.0


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    kernel, grid, args, options, expected = CASES[name]()
    device_args = [_to_gpu(a) if isinstance(a, np.ndarray) else a
                   for a in args]
    try:
        compiled = _launch(kernel, grid, device_args, options)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    assert compiled.backend == backend
    _check(name, [_to_host(a) if i in expected else None
                  for i, a in enumerate(device_args)], expected)


# -- Triton's tutorial 03 --------------------------------------------------
# matmul_kernel and leaky_relu as python/tutorials/03-matrix-multiplication.py
# writes them (grouped program ordering, `% M` wrapped offsets, the masked K
# loop, tl.dot into the accumulator, the fused activation), with one line
# changed: `c = accumulator.to(tl.float16)` is `.to(tl.float32)`, since
# float16 is not a MyTriton type yet (the dtype work). The configs are the
# tutorial's CUDA ones with num_stages and num_warps, the two smallest only,
# to keep the CPU test short.
def get_autotune_config():
    return [
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 32, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=5,
                      num_warps=2),
        triton.Config({'BLOCK_SIZE_M': 32, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=5,
                      num_warps=2),
    ]


@triton.autotune(
    configs=get_autotune_config(),
    key=['M', 'N', 'K'],
)
@triton.jit
def tutorial_matmul_kernel(
        # Pointers to matrices
        a_ptr, b_ptr, c_ptr,
        # Matrix dimensions
        M, N, K,
        # The stride variables represent how much to increase the ptr by when moving by 1
        # element in a particular dimension. E.g. `stride_am` is how much to increase `a_ptr`
        # by to get the element one row down (A has M rows).
        stride_am, stride_ak,  #
        stride_bk, stride_bn,  #
        stride_cm, stride_cn,
        # Meta-parameters
        BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,  #
        GROUP_SIZE_M: tl.constexpr,  #
        ACTIVATION: tl.constexpr  #
):
    """Kernel for computing the matmul C = A x B.
    A has shape (M, K), B has shape (K, N) and C has shape (M, N)
    """
    # -----------------------------------------------------------
    # Map program ids `pid` to the block of C it should compute.
    # This is done in a grouped ordering to promote L2 data reuse.
    # See above `L2 Cache Optimizations` section for details.
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    # -----------------------------------------------------------
    # Add some integer bound assumptions.
    # This helps to guide integer analysis in the backend to optimize
    # load/store offset address calculation
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_ak > 0)
    tl.assume(stride_bn > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    tl.assume(stride_cn > 0)

    # ----------------------------------------------------------
    # Create pointers for the first blocks of A and B.
    # We will advance this pointer as we move in the K direction
    # and accumulate
    # `a_ptrs` is a block of [BLOCK_SIZE_M, BLOCK_SIZE_K] pointers
    # `b_ptrs` is a block of [BLOCK_SIZE_K, BLOCK_SIZE_N] pointers
    # See above `Pointer Arithmetic` section for details
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    # -----------------------------------------------------------
    # Iterate to compute a block of the C matrix.
    # We accumulate into a `[BLOCK_SIZE_M, BLOCK_SIZE_N]` block
    # of fp32 values for higher accuracy.
    # `accumulator` will be converted back to fp16 after the loop.
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        # Load the next block of A and B, generate a mask by checking the K dimension.
        # If it is out of bounds, set it to 0.
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        # We accumulate along the K dimension.
        accumulator = tl.dot(a, b, accumulator)
        # Advance the ptrs to the next K block.
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    # You can fuse arbitrary activation functions here
    # while the accumulator is still in FP32!
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(tl.float32)

    # -----------------------------------------------------------
    # Write back the block of the output matrix C with masks.
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)


def tutorial_matmul(a, b, activation=""):
    # The tutorial's wrapper, with numpy arrays and strides in elements.
    assert a.shape[1] == b.shape[0], "Incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = np.empty((M, N), dtype=np.float32)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) * triton.cdiv(N, META['BLOCK_SIZE_N']), )
    tutorial_matmul_kernel[grid](
        a, b, c,  #
        M, N, K,  #
        a.strides[0] // 4, a.strides[1] // 4,  #
        b.strides[0] // 4, b.strides[1] // 4,  #
        c.strides[0] // 4, c.strides[1] // 4,  #
        ACTIVATION=activation  #
    )
    return c


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("activation", ["", "leaky_relu"])
def test_tutorial_03_matmul_fp32_on_the_cpu(activation):
    a, b = rand(150, 100), rand(100, 90)
    c = tutorial_matmul(a, b, activation)
    want = a.astype(np.float64) @ b
    if activation:
        want = np.where(want >= 0, want, 0.01 * want)
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-5)
    assert tutorial_matmul_kernel.best_config.kwargs["BLOCK_SIZE_K"] == 32


# -- errors point at the user's line ------------------------------------------
_error, _line_of = trace_error, line_of
_assert_at = functools.partial(assert_at, first_line=True, quotes_source=True)


@triton.jit
def misuse_kernel(x, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  BK2: tl.constexpr, WHAT: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    rk2 = tl.arange(0, BK2)
    a = tl.load(x + rm[:, None] * BK + rk[None, :])
    b = tl.load(x + rk2[:, None] * BN + rn[None, :])
    if WHAT == "plain":
        c = tl.dot(a, b)
    elif WHAT == "matmul":
        c = a @ b
    elif WHAT == "precision":
        c = tl.dot(a, b, input_precision="bf16x3")
    elif WHAT == "both":
        c = tl.dot(a, b, input_precision="ieee", allow_tf32=True)
    elif WHAT == "out_dtype":
        c = tl.dot(a, b, out_dtype=tl.int32)
    elif WHAT == "acc":
        c = tl.dot(a, b, acc=tl.zeros((BM, BM), tl.float32))
    elif WHAT == "imprecise":
        c = tl.dot(a, b, max_num_imprecise_acc=-1)
    elif WHAT == "ints":
        c = tl.dot(a.to(tl.int32), b.to(tl.int32))
    elif WHAT == "rank1":
        c = tl.dot(rm.to(tl.float32), b)
    tl.store(x + rm[:, None] * BN + rn[None, :], c)


P = ["ptr<f32>"]


def test_k_mismatch():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=32, BK2=16,
                     WHAT="plain")
    _assert_at(message, misuse_kernel.fn, "c = tl.dot(a, b)\n".strip(),
               "the first operand is [M, K] = [16, 32] and the second "
               "[K, N] = [16, 16]", "must equal the first's K = 32")


def test_operator_matmul_reports_at_its_line():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=32, BK2=16,
                     WHAT="matmul")
    _assert_at(message, misuse_kernel.fn, "c = a @ b",
               "the first operand is [M, K] = [16, 32]")


def test_dims_below_16():
    message = _error(misuse_kernel, P, BM=8, BN=16, BK=16, BK2=16,
                     WHAT="plain")
    _assert_at(message, misuse_kernel.fn, "c = tl.dot(a, b)",
               "tl.dot needs M, N and K of at least 16", "got M = 8")


def test_bad_precision():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="precision")
    _assert_at(message, misuse_kernel.fn, 'input_precision="bf16x3"',
               "input_precision must be one of 'tf32', 'tf32x3', 'ieee', "
               "got 'bf16x3'")


def test_precision_and_allow_tf32():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="both")
    _assert_at(message, misuse_kernel.fn, "allow_tf32=True",
               "give input_precision or the older allow_tf32, not both")


def test_out_dtype():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="out_dtype")
    _assert_at(message, misuse_kernel.fn, "out_dtype=tl.int32",
               "tl.float32 operands accumulate into tl.float32, not "
               "out_dtype=tl.int32")


def test_acc_shape():
    message = _error(misuse_kernel, P, BM=16, BN=32, BK=16, BK2=16,
                     WHAT="acc")
    _assert_at(message, misuse_kernel.fn, "acc=tl.zeros((BM, BM)",
               "acc must be the [M, N] = [16, 32] tl.float32 tile of the "
               "product, got a float32 tensor of shape [16, 16]")


def test_max_num_imprecise_acc():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="imprecise")
    _assert_at(message, misuse_kernel.fn, "max_num_imprecise_acc=-1",
               "max_num_imprecise_acc must be a non-negative")


def test_integer_operands():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="ints")
    _assert_at(message, misuse_kernel.fn, "a.to(tl.int32)",
               "tl.dot multiplies tiles of tl.float32 here, not of tl.int32")


def test_rank_one_operand():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="rank1")
    _assert_at(message, misuse_kernel.fn, "c = tl.dot(rm.to(tl.float32), b)",
               "tl.dot multiplies 2-D tiles, but the first operand has "
               "shape [16]")


# -- filling a cache for a GPU host -------------------------------------------
def warm(cache_dir):
    """Compiles every case for both GPU backends into `cache_dir`."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    failed = 0
    for backend in ("nvvm", "cuda"):
        for name in sorted(CASES):
            kernel, grid, args, options, _ = CASES[name]()
            try:
                kernel.warmup(*args, grid=grid, backend=backend, **options)
                print(f"{backend:5} {name:28} ok")
            except Exception as e:  # noqa: BLE001 - report and go on
                failed += 1
                print(f"{backend:5} {name:28} FAILED: {str(e)[:200]}")
    return failed


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--warm":
        sys.exit(1 if warm(sys.argv[2]) else 0)
    print(__doc__)
