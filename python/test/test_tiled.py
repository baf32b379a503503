"""Tiled kernels (issue 14, points 3 and 5): 2-D tensors written as a Triton
user writes them -- `offs_m[:, None] * stride + offs_n[None, :]`, masks on
both axes, tl.trans, reductions along an axis, broadcasting, an outer-product
matmul over a static_range -- run against numpy on the CPU path and, where a
GPU is present, through both GPU backends; the IR each traces to is checked
by the compiler's parser and verifier; misuse is a located error.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere:

    python3 python/test/test_tiled.py --warm /path/to/cache    # compiler host
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_tiled.py           # GPU host
"""

import functools
import os
import re

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import kernels as K
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, compiler, runtime
from located import assert_at, line_of, trace_error
from test_execution import GPU, HAS_CPU, _to_host, launch_on_gpu

rng = np.random.default_rng(14)


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def zeros(*shape):
    return np.zeros(shape, np.float32)


# -- kernels, as a Triton user writes them ------------------------------------
@triton.jit
def add_2d_kernel(x_ptr, y_ptr, out_ptr, M, N, stride_m,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs = offs_m[:, None] * stride_m + offs_n[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr, USE_T: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    if USE_T:
        flipped = tile.T
    else:
        flipped = tl.trans(tile)
    # out is N x M: element (n, m) of the transposed tile goes to row n.
    out_offs = offs_n[:, None] * M + offs_m[None, :]
    out_mask = (offs_n[:, None] < N) & (offs_m[None, :] < M)
    tl.store(out_ptr + out_offs, flipped, mask=out_mask)


@triton.jit
def softmax_rows_kernel(out_ptr, x_ptr, n_rows, n_cols, ROWS: tl.constexpr,
                        BLOCK: tl.constexpr, BUILTIN: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    offs = rows[:, None] * n_cols + cols[None, :]
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + offs, mask=mask, other=-float("inf"))
    if BUILTIN:
        y = tl.softmax(x, dim=1, keep_dims=True)
    else:
        z = x - tl.max(x, axis=1)[:, None]
        num = tl.exp(z)
        den = tl.sum(num, axis=1)
        y = num / den[:, None]
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def column_sums_kernel(x_ptr, out_ptr, N, M: tl.constexpr,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for i in tl.static_range(0, tl.cdiv(M, BLOCK_M)):
        rows = i * BLOCK_M + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        tile = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask,
                       other=0.0)
        acc += tl.sum(tile, axis=0)
    tl.store(out_ptr + cols, acc, mask=cols < N)


@triton.jit
def tile_reduce_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr, OP: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    offs = rows[:, None] * N + cols[None, :]
    at = out_ptr + pid_m * tl.cdiv(N, BLOCK_N) + pid_n
    if OP == "sum":
        tl.store(at, tl.sum(tl.load(x_ptr + offs, mask=mask, other=0.0)))
    if OP == "max":
        x = tl.load(x_ptr + offs, mask=mask, other=-float("inf"))
        tl.store(at, x.max())
    if OP == "min":
        x = tl.load(x_ptr + offs, mask=mask, other=float("inf"))
        tl.store(at, tl.min(x, axis=None))
    if OP == "sum_keep":
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        total = tl.sum(x, keep_dims=True)  # shape [1, 1]
        tl.store(at + tl.zeros((1, 1), tl.int32), total)


@triton.jit
def broadcast_kernel(col_ptr, row_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr, HOW: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    col = tl.load(col_ptr + rows, mask=rows < M, other=0.0)  # [BLOCK_M]
    row = tl.load(row_ptr + cols, mask=cols < N, other=0.0)  # [BLOCK_N]
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    if HOW == "index":
        tile = col[:, None] * 10.0 + row[None, :]
    if HOW == "rank":
        # [BLOCK_N] meets [BLOCK_M, 1]: a leading 1 is added, then both
        # broadcast (Triton's rules).
        tile = tl.expand_dims(col, 1) * 10.0 + row
    if HOW == "broadcast_to":
        tile = tl.broadcast_to(col[:, None], (BLOCK_M, BLOCK_N)) * 10.0 + \
            tl.broadcast_to(row[None, :], BLOCK_M, BLOCK_N)
    if HOW == "where":
        # A [BLOCK_M, 1] condition chooses between a row and a scalar.
        tile = tl.where(col[:, None] > 0, row[None, :], -1.0)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], tile, mask=mask)


@triton.jit
def outer_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K: tl.constexpr,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.static_range(K):
        a = tl.load(a_ptr + offs_m * K + k, mask=offs_m < M, other=0.0)
        b = tl.load(b_ptr + k * N + offs_n, mask=offs_n < N, other=0.0)
        acc += a[:, None] * b[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc, mask=mask)


@triton.jit
def row_stats_kernel(x_ptr, sum_ptr, max_ptr, colmin_ptr, M, N,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # One program holds the whole matrix (tiles larger than it); keep_dims
    # keeps the reduced axis with extent 1.
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask,
                other=0.0)
    s = tl.sum(x, axis=1, keep_dims=True)          # [BLOCK_M, 1]
    tl.store(sum_ptr + rows[:, None], s, mask=rows[:, None] < M)
    big = tl.where(mask, x, -float("inf"))
    mx = big.max(axis=-1)                          # [BLOCK_M]
    tl.store(max_ptr + rows, mx, mask=rows < M)
    small = tl.where(mask, x, float("inf"))
    mn = tl.min(small, 0, keep_dims=True)          # [1, BLOCK_N]
    tl.store(colmin_ptr + cols[None, :], mn, mask=cols[None, :] < N)


@triton.jit
def reshape_kernel(x_ptr, rowsum_ptr, viewsum_ptr, out_ptr, tr_ptr,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # 1-D -> 2-D -> 1-D, row-major both ways.
    flat = tl.load(x_ptr + tl.arange(0, BLOCK_M * BLOCK_N))
    tile = tl.reshape(flat, (BLOCK_M, BLOCK_N))
    tl.store(rowsum_ptr + tl.arange(0, BLOCK_M), tile.sum(1))
    other = tl.view(tile, BLOCK_N, BLOCK_M)
    tl.store(viewsum_ptr + tl.arange(0, BLOCK_N), tl.sum(other, axis=1))
    doubled = (tile * 2.0).reshape(BLOCK_M * BLOCK_N)
    tl.store(out_ptr + tl.arange(0, BLOCK_M * BLOCK_N), doubled)
    tl.store(tr_ptr + tl.arange(0, BLOCK_M * BLOCK_N), tl.ravel(tile.T))


@triton.jit
def int_tile_kernel(x_ptr, out_ptr, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr):
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rows[:, None] * BLOCK_N + cols[None, :])
    ones = tl.full(x.shape, 1, tl.int32)
    base = tl.zeros_like(x) + ones
    acc = tl.max(x, axis=1) * 0 + tl.min(x, axis=1) + base.sum(axis=1)
    tl.store(out_ptr + rows, acc)
    tl.store(out_ptr + BLOCK_M + rows[:, None] * BLOCK_N + cols[None, :],
             x % tl.full_like(x, 7) - (x >> 2))


@triton.jit
def wide_copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # One width over 1024: a tiled 1-D kernel, several elements per thread.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 3.0,
             mask=offs < n)


@triton.jit
def two_widths_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    # Tensors of two widths: each element of x plus the sum of twice as
    # many elements of y.
    i = tl.arange(0, BLOCK)
    total = tl.sum(tl.load(y_ptr + tl.arange(0, 2 * BLOCK)))
    tl.store(out_ptr + i, tl.load(x_ptr + i) + total)


def softmax_ref(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# -- cases: (kernel, grid, args, constexprs + launch options, expected) -------
def case_add(m, n, bm, bn, num_warps=None):
    def make():
        x, y = rand(m, n), rand(m, n)
        options = dict(BLOCK_M=bm, BLOCK_N=bn)
        if num_warps is not None:
            options["num_warps"] = num_warps
        grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
        return (add_2d_kernel, grid, [x, y, zeros(m, n), m, n, n], options,
                {2: x + y})
    return make


def case_transpose(m, n, bm, bn, use_t=False):
    def make():
        x = rand(m, n)
        return (transpose_kernel, (triton.cdiv(m, bm), triton.cdiv(n, bn)),
                [x, zeros(n, m), m, n],
                dict(BLOCK_M=bm, BLOCK_N=bn, USE_T=use_t), {1: x.T.copy()})
    return make


def case_softmax(rows, cols, rows_per_program, block, builtin=False,
                 num_warps=None):
    def make():
        x = rand(rows, cols) * 5
        options = dict(ROWS=rows_per_program, BLOCK=block, BUILTIN=builtin)
        if num_warps is not None:
            options["num_warps"] = num_warps
        return (softmax_rows_kernel, (triton.cdiv(rows, rows_per_program),),
                [zeros(rows, cols), x, rows, cols], options,
                {0: softmax_ref(x)})
    return make


def case_column_sums(m, n, bm, bn):
    def make():
        x = rand(m, n)
        return (column_sums_kernel, (triton.cdiv(n, bn),), [x, zeros(n), n],
                dict(M=m, BLOCK_M=bm, BLOCK_N=bn), {1: x.sum(axis=0)})
    return make


def _tile_ref(x, bm, bn, fn):
    m, n = x.shape
    out = np.zeros((triton.cdiv(m, bm), triton.cdiv(n, bn)), np.float32)
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = fn(x[i * bm:(i + 1) * bm, j * bn:(j + 1) * bn])
    return out


def case_tile_reduce(op, m, n, bm, bn):
    fn = {"sum": np.sum, "sum_keep": np.sum, "max": np.max, "min": np.min}[op]

    def make():
        x = rand(m, n)
        grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
        return (tile_reduce_kernel, grid, [x, zeros(*grid), m, n],
                dict(BLOCK_M=bm, BLOCK_N=bn, OP=op),
                {1: _tile_ref(x, bm, bn, fn)})
    return make


def case_broadcast(how, m=20, n=50, bm=16, bn=32):
    def make():
        col, row = rand(m), rand(n)
        if how == "where":
            want = np.where(col[:, None] > 0, row[None, :],
                            np.float32(-1)).astype(np.float32)
        else:
            want = col[:, None] * np.float32(10) + row[None, :]
        return (broadcast_kernel, (triton.cdiv(m, bm), triton.cdiv(n, bn)),
                [col, row, zeros(m, n), m, n],
                dict(BLOCK_M=bm, BLOCK_N=bn, HOW=how), {2: want})
    return make


def case_outer_matmul(m, n, k, bm, bn):
    def make():
        a, b = rand(m, k), rand(k, n)
        return (outer_matmul_kernel, (triton.cdiv(m, bm), triton.cdiv(n, bn)),
                [a, b, zeros(m, n), m, n], dict(K=k, BLOCK_M=bm, BLOCK_N=bn),
                {2: a @ b})
    return make


def case_row_stats():
    x = rand(5, 11)
    return (row_stats_kernel, (1,), [x, zeros(5), zeros(5), zeros(11), 5, 11],
            dict(BLOCK_M=8, BLOCK_N=16),
            {1: x.sum(axis=1), 2: x.max(axis=1), 3: x.min(axis=0)})


def case_reshape():
    x = rand(8 * 16)
    return (reshape_kernel, (1,),
            [x, zeros(8), zeros(16), zeros(8 * 16), zeros(8 * 16)],
            dict(BLOCK_M=8, BLOCK_N=16),
            {1: x.reshape(8, 16).sum(axis=1), 2: x.reshape(16, 8).sum(axis=1),
             3: x * 2, 4: x.reshape(8, 16).T.reshape(-1)})


def case_int_tile():
    x = rng.integers(-1000, 1000, (4, 32)).astype(np.int32)
    out = np.zeros(4 + 4 * 32, np.int32)
    want = np.concatenate([x.min(axis=1) + 32,
                           (np.fmod(x, 7) - (x >> 2)).reshape(-1)])
    return (int_tile_kernel, (1,), [x, out], dict(BLOCK_M=4, BLOCK_N=32),
            {1: want})


def case_wide_copy():
    x = rand(10000)
    return (wide_copy_kernel, (triton.cdiv(10000, 4096),),
            [x, zeros(10000), 10000], dict(BLOCK=4096), {1: x * 3})


def case_two_widths():
    x, y = rand(64), rand(128)
    return (two_widths_kernel, (1,), [x, y, zeros(64)], dict(BLOCK=64),
            {2: x + y.sum()})


CASES = {
    "add": case_add(37, 70, 16, 32),
    "add_tile_larger_than_matrix": case_add(5, 7, 16, 64),
    "add_1xN": case_add(9, 70, 1, 64),
    "add_Nx1": case_add(70, 3, 64, 1),
    "add_warps1": case_add(37, 70, 16, 32, num_warps=1),
    "add_warps8": case_add(100, 300, 64, 128, num_warps=8),
    # 32 and 8 KiB of loads a block: capped, and never capped
    # (test_gpu_occupancy_cap).
    "add_occupancy_32x128": case_add(256, 512, 32, 128, num_warps=4),
    "add_occupancy_8x128": case_add(256, 512, 8, 128, num_warps=4),
    "transpose": case_transpose(70, 45, 32, 16),
    "transpose_T": case_transpose(33, 64, 16, 64, use_t=True),
    "transpose_tile_larger": case_transpose(3, 5, 16, 8),
    "softmax_rows": case_softmax(37, 100, 4, 128),
    "softmax_rows_builtin": case_softmax(19, 256, 8, 256, builtin=True),
    "softmax_rows_warps2": case_softmax(10, 30, 2, 32, num_warps=2),
    # benchmarks/bench_gpu.py's softmax_rows shape: 8192 programs
    "softmax_rows_32768x256": case_softmax(32768, 256, 4, 256, num_warps=4),
    "column_sums": case_column_sums(50, 70, 16, 32),
    "column_sums_1_row_block": case_column_sums(3, 40, 4, 64),
    "tile_sum": case_tile_reduce("sum", 37, 70, 16, 32),
    "tile_max": case_tile_reduce("max", 37, 70, 16, 32),
    "tile_min": case_tile_reduce("min", 20, 9, 32, 8),
    "tile_sum_keep_dims": case_tile_reduce("sum_keep", 37, 70, 16, 32),
    "broadcast_index": case_broadcast("index"),
    "broadcast_rank": case_broadcast("rank"),
    "broadcast_to": case_broadcast("broadcast_to"),
    "broadcast_where": case_broadcast("where"),
    "outer_matmul": case_outer_matmul(20, 50, 8, 16, 32),
    "outer_matmul_1x1_tiles": case_outer_matmul(3, 4, 5, 1, 1),
    "row_stats_keep_dims": case_row_stats,
    "reshape": case_reshape,
    "int_tile": case_int_tile,
    "wide_1d": case_wide_copy,
    "two_widths_1d": case_two_widths,
}


def _check(outputs, expected):
    for index, want in expected.items():
        np.testing.assert_allclose(outputs[index], want, rtol=2e-5,
                                   atol=2e-5)


def _launch(kernel, grid, args, options):
    options = dict(options)
    return kernel[grid](*args, **options)


# -- the IR: parsed and verified by the compiler ------------------------------
def _types(args):
    types = []
    for a in args:
        if isinstance(a, np.ndarray):
            types.append("ptr<f32>" if a.dtype == np.float32 else "ptr<i32>")
        else:
            types.append("i32")
    return types


def _trace(name):
    kernel, _, args, options, _ = CASES[name]()
    options = dict(options)
    num_warps = options.pop("num_warps", "auto")
    text, block, threads, programs = kernel.trace(_types(args), options,
                                                  num_warps)
    return text, block, threads, programs


@requires_compiler
@pytest.mark.parametrize("name", sorted(CASES))
def test_ir_verifies(name):
    text, block, threads, programs = _trace(name)
    result = compiler.compile_ir(text, "artifacts=")
    assert result.status == compiler.STATUS_OK, result.diagnostics
    warps = CASES[name]()[3].get("num_warps", 4)
    assert f"block_size = {32 * warps} : i32, num_warps = {warps} : i32" \
        in text
    assert (block, threads, programs) == (32 * warps, 32 * warps, 1)


def _ops(name):
    text = _trace(name)[0]
    return re.sub(r" loc\([^)]*\)", "", text)


def test_index_with_none_is_expand_dims_and_broadcast():
    ir = _ops("add")
    assert re.search(r"tt.expand_dims %\d+ \{axis = 1 : i32\} : "
                     r"tensor<16xi32> -> tensor<16x1xi32>", ir)
    assert re.search(r"tt.expand_dims %\d+ \{axis = 0 : i32\} : "
                     r"tensor<32xi32> -> tensor<1x32xi32>", ir)
    assert re.search(r"tt.broadcast %\d+ : tensor<16x1xi32> -> "
                     r"tensor<16x32xi32>", ir)
    # Every elementwise op has operands of one shape: the mask's & too.
    assert re.search(r"arith.andi %\d+, %\d+ : tensor<16x32xi1>", ir)
    assert re.search(r"tt.load %\d+, %\d+, %\d+ : "
                     r"tensor<16x32x!tt.ptr<f32>>", ir)


def test_rank_promotion_prepends_a_dimension():
    ir = _ops("broadcast_rank")
    # row: [32] -> [1, 32] (expand_dims at 0) -> [16, 32].
    assert re.search(r"tt.expand_dims %\d+ \{axis = 0 : i32\} : "
                     r"tensor<32xf32> -> tensor<1x32xf32>", ir)


def test_reductions_along_an_axis_and_of_the_whole_tile():
    ir = _ops("tile_sum")
    # axis=None on a 2-D tile: along axis 1, then the 1-D result.
    assert re.search(r"tt.reduce sum %\d+ \{axis = 1 : i32\} : "
                     r"tensor<16x32xf32> -> tensor<16xf32>", ir)
    assert re.search(r"tt.reduce sum %\d+ : tensor<16xf32> -> f32", ir)
    ir = _ops("column_sums")
    assert len(re.findall(r"tt.reduce sum %\d+ \{axis = 0 : i32\} : "
                          r"tensor<16x32xf32> -> tensor<32xf32>", ir)) == 4
    ir = _ops("row_stats_keep_dims")
    assert re.search(r"tt.reduce max %\d+ \{axis = 1 : i32\}", ir)  # -1
    assert re.search(r"tt.reduce min %\d+ \{axis = 0 : i32\} : "
                     r"tensor<8x16xf32> -> tensor<16xf32>\n.*tt.expand_dims "
                     r"%\d+ \{axis = 0 : i32\} : tensor<16xf32> -> "
                     r"tensor<1x16xf32>", ir)


def test_trans_and_reshape():
    ir = _ops("transpose")
    assert re.search(r"tt.trans %\d+ : tensor<32x16xf32> -> "
                     r"tensor<16x32xf32>", ir)
    ir = _ops("reshape")
    assert re.search(r"tt.reshape %\d+ : tensor<128xf32> -> "
                     r"tensor<8x16xf32>", ir)
    assert re.search(r"tt.reshape %\d+ : tensor<8x16xf32> -> "
                     r"tensor<128xf32>", ir)


def test_uniform_kernels_stay_uniform():
    # A seed kernel (every tensor 1-D of one width) keeps today's IR: its
    # block size is the width, not 32 * num_warps.
    x = np.zeros(1000, np.float32)
    text, block, threads, _ = K.vector_add_kernel.trace(
        ["ptr<f32>"] * 3 + ["i32"], dict(BLOCK=256), "auto")
    assert block == 256 and "block_size = 256 : i32, num_warps = 2" in text
    assert "tt.expand_dims" not in text and "tt.broadcast" not in text
    del x


def test_tiled_num_warps_is_the_launch_option():
    kernel, _, args, options, _ = case_add(37, 70, 16, 32)()
    for warps in (1, 2, 8, 16):
        text, block, threads, _ = kernel.trace(_types(args), options, warps)
        assert block == threads == 32 * warps
        assert f"block_size = {32 * warps} : i32, num_warps = {warps} " \
            f": i32}}" in text


def test_shape_and_numel_are_python_values():
    seen = {}

    @triton.jit
    def k(x, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
        t = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
        seen["shape"], seen["numel"] = t.shape, t.numel
        seen["row"] = t.sum(axis=0).shape
        seen["scalar"] = tl.sum(t).shape
        seen["keep"] = tl.max(t, keep_dims=True).shape
        seen["expanded"] = tl.expand_dims(tl.arange(0, 8), -1).shape
        seen["axes"] = tl.expand_dims(tl.arange(0, 8), (0,)).shape
        seen["none"] = tl.arange(0, 8)[None].shape
        tl.store(x + tl.arange(0, BLOCK_N), t.sum(0))
    k.trace(["ptr<f32>"], dict(BLOCK_M=4, BLOCK_N=16), "auto")
    assert seen == {"shape": (4, 16), "numel": 64, "row": (16,),
                    "scalar": (), "keep": (1, 1), "expanded": (8, 1),
                    "axes": (1, 8), "none": (1, 8)}


# -- running: CPU and both GPU backends ---------------------------------------
@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    kernel, grid, args, options, expected = CASES[name]()
    _launch(kernel, grid, args, options)
    _check(args, expected)


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    kernel, grid, args, options, expected = CASES[name]()
    compiled, device_args = launch_on_gpu(kernel, grid, args, options,
                                          backend, monkeypatch)
    warps = options.get("num_warps", 4)
    assert compiled.threads == 32 * warps
    _check([_to_host(a) if i in expected else None
            for i, a in enumerate(device_args)], expected)


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("bm, bn", [(32, 128), (8, 128)])
def test_gpu_occupancy_cap(bm, bn, backend, monkeypatch):
    """A straight-line tile of 32 KiB of loads a block ([32x128] floats)
    runs capped at 5 blocks an SM where its registers allow more (the
    runtime reserves shared memory for it: metadata.shared); 8 KiB a block
    is never capped. Either way the sums are right."""
    kernel, grid, args, options, expected = \
        CASES[f"add_occupancy_{bm}x{bn}"]()
    compiled, device_args = launch_on_gpu(kernel, grid, args, options,
                                          backend, monkeypatch)
    print(f"{backend} [{bm}x{bn}]: {compiled.n_regs} registers, "
          f"{compiled.metadata.shared} B shared")
    _check([_to_host(a) if i in expected else None
            for i, a in enumerate(device_args)], expected)
    assert compiled.load_bytes == 2 * 4 * bm * bn
    # Blocks an SM holds by registers and threads alone (H100/H200: 64 K
    # registers, 2048 threads an SM), against the cap of 160 KiB of loads.
    blocks = min(2048 // 128, 65536 // (compiled.n_regs * 128))
    capped = blocks > (160 * 1024) // compiled.load_bytes
    assert (compiled.metadata.shared > 0) == capped, (blocks,
                                                      compiled.metadata)


# -- errors point at the user's line ------------------------------------------
_error, _line_of = trace_error, line_of
_assert_at = functools.partial(assert_at, quotes_source=True)


@triton.jit
def tile_of(x, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    tl.store(x + rows[:, None] * BN + cols[None, :], 1.0)


def test_arange_not_a_power_of_two_in_a_tiled_kernel():
    message = _error(tile_of, ["ptr<f32>"], BM=16, BN=48)
    _assert_at(message, tile_of.fn, "cols = tl.arange(0, BN)",
               "tl.arange(0, 48): extent 48 is not a power of two",
               "has tensors of 16 and 48 elements")
    message = _error(tile_of, ["ptr<f32>"], BM=48, BN=48)
    _assert_at(message, tile_of.fn, "rows = tl.arange(0, BM)",
               "tl.arange(0, 48): extent 48 is not a power of two",
               "has a tensor of shape [48, 1]")


def test_zeros_not_a_power_of_two():
    @triton.jit
    def k(x, BM: tl.constexpr):
        acc = tl.zeros((BM, 24), dtype=tl.float32)
        tl.store(x + tl.arange(0, BM), tl.sum(acc, axis=1))
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "acc = tl.zeros((BM, 24), dtype=tl.float32)",
               "extent 24 is not a power of two")


def test_incompatible_broadcast():
    @triton.jit
    def k(x, BM: tl.constexpr):
        a = tl.arange(0, BM)[:, None]
        b = tl.arange(0, 2 * BM)[:, None]
        tl.store(x + a + b, 1.0)
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "tl.store(x + a + b, 1.0)",
               "shapes [16, 1] and [32, 1] cannot be broadcast together",
               "dimension 0 is 16 and 32")


def test_reduce_axis_out_of_range():
    @triton.jit
    def k(x, BM: tl.constexpr):
        t = tl.zeros((BM, BM), tl.float32)
        tl.store(x + tl.arange(0, BM), tl.sum(t, axis=2))
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "tl.sum(t, axis=2)",
               "tl.sum: axis 2 is out of range for a 2-D tensor",
               "-2 <= axis < 2")


def test_reshape_must_keep_the_element_count():
    @triton.jit
    def k(x, BM: tl.constexpr):
        t = tl.reshape(tl.arange(0, BM), (4, 8))
        tl.store(x + t, 1.0)
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "t = tl.reshape(tl.arange(0, BM), (4, 8))",
               "cannot reshape a tensor of shape [16] (16 elements) to "
               "[4, 8] (32 elements)")


def test_store_value_must_broadcast_to_the_pointer():
    @triton.jit
    def k(x, BM: tl.constexpr):
        rows = tl.arange(0, BM)
        tl.store(x + rows[:, None] * BM + rows[None, :], rows)
    message = _error(k, ["ptr<i32>"], BM=16)
    _assert_at(message, k.fn, "tl.store(x + rows[:, None]",
               "cannot broadcast a tensor of shape [16] to [16, 16]")


def test_rank_three_is_refused():
    @triton.jit
    def k(x, BM: tl.constexpr):
        cube = tl.arange(0, BM)[:, None, None]
        tl.store(x + cube, 1.0)
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "cube = tl.arange(0, BM)[:, None, None]",
               "shape [16, 1, 1] has rank 3")


def test_too_many_elements():
    @triton.jit
    def k(x):
        t = tl.zeros((2048, 1024), tl.float32)
        tl.store(x, tl.sum(t))
    message = _error(k, ["ptr<f32>"])
    _assert_at(message, k.fn, "t = tl.zeros((2048, 1024), tl.float32)",
               "2097152 elements, more than the 1048576")


def test_integer_index_is_refused():
    @triton.jit
    def k(x, BM: tl.constexpr):
        t = tl.arange(0, BM)[0]
        tl.store(x, t)
    message = _error(k, ["ptr<i32>"], BM=16)
    _assert_at(message, k.fn, "t = tl.arange(0, BM)[0]",
               "unsupported tensor index 0")


def test_trans_of_a_1d_tensor_is_refused():
    @triton.jit
    def k(x, BM: tl.constexpr):
        t = tl.trans(tl.arange(0, BM))
        tl.store(x + t, 1)
    message = _error(k, ["ptr<i32>"], BM=16)
    _assert_at(message, k.fn, "t = tl.trans(tl.arange(0, BM))",
               "dims (1, 0) name 2 dimensions but the tensor of shape [16] "
               "has 1")


def test_uniform_width_that_threads_cannot_share_is_located():
    # A uniform kernel keeps any width (7 runs on 7 threads), but 100 lanes
    # over num_warps="auto"'s 32 threads used to be refused at the def line.
    @triton.jit
    def k(x, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x + offs, 1.0, mask=offs < n)
    k.trace(["ptr<f32>", "i32"], dict(BLOCK=7), "auto")
    message = _error(k, ["ptr<f32>", "i32"], BLOCK=100)
    _assert_at(message, k.fn, "offs = tl.arange(0, BLOCK)",
               "tl.arange(0, 100): 100 elements is not a multiple of the 32 "
               "threads of num_warps 1")


def test_zeros_like_of_pointers_is_refused():
    @triton.jit
    def k(x, BM: tl.constexpr):
        ptrs = x + tl.arange(0, BM)
        tl.store(ptrs, tl.zeros_like(ptrs))
    message = _error(k, ["ptr<f32>"], BM=16)
    _assert_at(message, k.fn, "tl.store(ptrs, tl.zeros_like(ptrs))",
               "tl.zeros_like: dtype pointer<fp32> is not supported")


def test_programs_per_cta_is_for_uniform_kernels():
    with pytest.raises(CompilationError, match="programs_per_cta=2 packs "
                       "programs.*has a tensor of shape"):
        tile_of.trace(["ptr<f32>"], dict(BM=4, BN=4), "auto",
                      programs_per_cta=2)


def warm(cache_dir):
    """Compiles every case for both GPU backends into `cache_dir`."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    os.environ.pop("MYTRITON_NUM_WARPS", None)
    for backend in ("nvvm", "cuda"):
        for name in sorted(CASES):
            kernel, _, args, options, _ = CASES[name]()
            try:
                compiled = kernel.warmup(*args, backend=backend, **options)
            except CompilationError as e:
                print(f"{backend:5} {name:28} FAILED: {str(e)[:200]}")
                continue
            missing = sorted(compiled.backend_errors)
            print(f"{backend:5} {name:28} {'ok' if not missing else missing}")


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
