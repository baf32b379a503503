"""2-D tile kernels written as Triton users write them (issue 14's
benchmark and test cases): the same source runs under Triton when the
import lines name triton (benchmarks/bench_gpu.py does that)."""

import mytriton as triton
import mytriton.language as tl


@triton.jit
def add_2d_kernel(x, y, out, M, N, stride, BM: tl.constexpr,
                  BN: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs = offs_m[:, None] * stride + offs_n[None, :]
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    a = tl.load(x + offs, mask=mask)
    b = tl.load(y + offs, mask=mask)
    tl.store(out + offs, a + b, mask=mask)


@triton.jit
def transpose_kernel(x, out, M, N, BM: tl.constexpr, BN: tl.constexpr):
    """out[N, M] = x[M, N].T, one [BM, BN] tile of x per program."""
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    tile = tl.load(x + offs_m[:, None] * N + offs_n[None, :],
                   mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
    tl.store(out + offs_n[:, None] * M + offs_m[None, :], tl.trans(tile),
             mask=(offs_n[:, None] < N) & (offs_m[None, :] < M))


@triton.jit
def column_sum_partial_kernel(x, partial, M, N, ROWS_PER_PROGRAM: tl.constexpr,
                              BM: tl.constexpr, BN: tl.constexpr):
    """partial[p, :] = column sums of rows [p * ROWS_PER_PROGRAM, ...) of
    x[M, N], BN columns per program, BM rows per step."""
    offs_n = tl.program_id(0) * BN + tl.arange(0, BN)
    first = tl.program_id(1) * ROWS_PER_PROGRAM
    acc = tl.zeros((BN,), dtype=tl.float32)
    for step in tl.static_range(ROWS_PER_PROGRAM // BM):
        offs_m = first + step * BM + tl.arange(0, BM)
        mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
        tile = tl.load(x + offs_m[:, None] * N + offs_n[None, :], mask=mask,
                       other=0.0)
        acc += tl.sum(tile, axis=0)
    tl.store(partial + tl.program_id(1) * N + offs_n, acc, mask=offs_n < N)


@triton.jit
def softmax_rows_kernel(x, y, n_rows, n_cols, ROWS: tl.constexpr,
                        BLOCK: tl.constexpr):
    """Row softmax of x[n_rows, n_cols], ROWS rows per program."""
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    offs = rows[:, None] * n_cols + cols[None, :]
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    values = tl.load(x + offs, mask=mask, other=-float("inf"))
    shifted = values - tl.max(values, axis=1)[:, None]
    numerator = tl.exp(shifted)
    denominator = tl.sum(numerator, axis=1)[:, None]
    tl.store(y + offs, numerator / denominator, mask=mask)
