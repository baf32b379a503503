"""Triton's standard-library functions that are written in the kernel
language (python/mytriton/_standard.py: tl.xor_sum, tl.swizzle2d, tl.join,
tl.split, tl.interleave) and the tl.max_constancy hint, against numpy and
Triton's own expectations (test_core.py's test_swizzle2d, verbatim), on the
CPU path; join/split/interleave also through both GPU routes where a GPU
is (`python3 python/test/test_standard.py --warm DIR` fills a cache for a
GPU host without the compiler)."""


import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError
from located import assert_at
from test_execution import (HAS_CPU, check_case_on_cpu, check_case_on_gpu,
                            requires_gpu)
from warm_tests import warm_cases_main

def on_cpu(test):
    return requires_compiler(pytest.mark.skipif(
        not HAS_CPU, reason="CPU path not built")(test))


@on_cpu
@pytest.mark.parametrize("size_i, size_j, size_g", [[5, 7, 3]])
def test_swizzle2d(size_i, size_j, size_g):
    # Triton's test_core.py test, with numpy for torch.

    @triton.jit
    def swizzle2d_kernel(output, size_i, size_j, size_g):
        for i in tl.range(0, size_i, 1):
            for j in tl.range(0, size_j, 1):
                new_i, new_j = tl.swizzle2d(i, j, size_i, size_j, size_g)
                tl.store(output + new_i * size_j + new_j, i * size_j + j)

    output = np.zeros((size_i, size_j), np.float32)
    swizzle2d_kernel[(1, )](output, size_i, size_j, size_g)
    expected_order = np.array([[0, 3, 6, 9, 12, 15, 18],
                               [1, 4, 7, 10, 13, 16, 19],
                               [2, 5, 8, 11, 14, 17, 20],
                               [21, 23, 25, 27, 29, 31, 33],
                               [22, 24, 26, 28, 30, 32, 34]])
    assert (output == expected_order).all(), (output, expected_order)


@triton.jit
def swizzle_tile_kernel(I, J, M: tl.constexpr, N: tl.constexpr,
                        G: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    i, j = tl.swizzle2d(rows, cols, M, N, G)
    tl.store(I + rows * N + cols, i)
    tl.store(J + rows * N + cols, j)


@on_cpu
@pytest.mark.parametrize("group", [1, 3, 8])
def test_swizzle2d_of_a_tile_is_a_grouped_permutation(group):
    # On whole tiles: every (i, j) lands once, and within each group of
    # `group` rows the row-major order becomes column-major.
    m, n = 8, 16
    new_i, new_j = np.zeros((m, n), np.int32), np.zeros((m, n), np.int32)
    swizzle_tile_kernel[(1,)](new_i, new_j, M=m, N=n, G=group)
    assert len(set(zip(new_i.ravel(), new_j.ravel()))) == m * n
    for first in range(0, m, group):
        rows = min(group, m - first)
        order = np.arange(rows * n)
        np.testing.assert_array_equal(
            new_i[first:first + rows].ravel(), first + order % rows)
        np.testing.assert_array_equal(
            new_j[first:first + rows].ravel(), order // rows)


@triton.jit
def xor_sum_kernel(X, Out, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(X + rows * N + cols)
    tl.store(Out + tl.arange(0, N), tl.xor_sum(x, axis=0))
    tl.store(Out + N + tl.arange(0, M), x.xor_sum(1))
    tl.store(Out + N + M, tl.xor_sum(x))
    kept = tl.xor_sum(x, axis=1, keep_dims=True)
    tl.store(Out + N + M + 1 + rows, kept)


@on_cpu
@pytest.mark.parametrize("dtype", ["int8", "int32", "uint32", "int64"])
def test_xor_sum_against_numpy(dtype):
    m, n = 8, 32
    info = np.iinfo(dtype)
    x = np.random.default_rng(9).integers(info.min, info.max, (m, n),
                                          dtype=dtype, endpoint=True)
    out = np.zeros(n + 2 * m + 1, dtype)
    xor_sum_kernel[(1,)](x, out, M=m, N=n)
    np.testing.assert_array_equal(out[:n], np.bitwise_xor.reduce(x, 0))
    np.testing.assert_array_equal(out[n:n + m], np.bitwise_xor.reduce(x, 1))
    assert out[n + m] == np.bitwise_xor.reduce(x.ravel())
    np.testing.assert_array_equal(out[n + m + 1:],
                                  np.bitwise_xor.reduce(x, 1))


@on_cpu
def test_xor_sum_of_floats_is_refused_at_the_call():
    @triton.jit
    def kernel(X):
        x = tl.load(X + tl.arange(0, 8))
        tl.store(X, tl.xor_sum(x))

    with pytest.raises(CompilationError) as error:
        kernel[(1,)](np.zeros(8, np.float32))
    assert_at(str(error.value), kernel.fn, "tl.store(X, tl.xor_sum(x))",
              "xor_sum only supported for integers")


@on_cpu
def test_max_constancy_is_a_checked_hint():
    @triton.jit
    def kernel(X, Y):
        offs = tl.arange(0, 8)
        block = tl.max_constancy(offs // 4, 4)
        tl.store(Y + offs, tl.load(X + block))

    x = np.arange(2, dtype=np.float32)
    y = np.zeros(8, np.float32)
    kernel[(1,)](x, y)
    np.testing.assert_array_equal(y, np.repeat(x, 4))

    @triton.jit
    def bad(X):
        tl.store(X + tl.max_constancy(tl.arange(0, 8), 0), 1.0)

    with pytest.raises(CompilationError, match="positive compile-time ints"):
        bad[(1,)](np.zeros(8, np.float32))


# -- join, split, interleave ---------------------------------------------------------
@triton.jit
def join_split_kernel(A, B, J, S0, S1, I, N: tl.constexpr):
    i = tl.arange(0, N)
    a = tl.load(A + i)
    b = tl.load(B + i)
    joined = tl.join(a, b)
    tl.store(J + i[:, None] * 2 + tl.arange(0, 2)[None, :], joined)
    s0, s1 = tl.split(joined)
    tl.store(S0 + i, s0)
    tl.store(S1 + i, s1)
    tl.store(I + tl.arange(0, 2 * N), tl.interleave(a, b))


@triton.jit
def join_scalars_kernel(A, Out):
    x = tl.load(A)
    pair = tl.join(x, x * 2)
    tl.store(Out + tl.arange(0, 2), pair)
    first, second = tl.split(pair)
    tl.store(Out + 2, second - first)


def case_join_split(n=64):
    def make():
        rs = np.random.default_rng(2)
        a = rs.standard_normal(n).astype(np.float32)
        b = rs.standard_normal(n).astype(np.float32)
        a[0], b[1] = -0.0, np.nan  # selection, not arithmetic: both stay
        outs = [np.zeros((n, 2), np.float32), np.zeros(n, np.float32),
                np.zeros(n, np.float32), np.zeros(2 * n, np.float32)]

        def check(got):
            j, s0, s1, i = got[2:6]
            np.testing.assert_array_equal(j, np.stack([a, b], 1))
            assert (s0.view(np.uint32) == a.view(np.uint32)).all()
            assert (s1.view(np.uint32) == b.view(np.uint32)).all()
            np.testing.assert_array_equal(i, np.stack([a, b], 1).ravel())
        return join_split_kernel, (1,), [a, b, *outs], {"N": n}, check
    return make


def case_join_scalars():
    def make():
        a = np.array([1.5], np.float32)
        out = np.zeros(3, np.float32)

        def check(got):
            np.testing.assert_array_equal(got[1], [1.5, 3.0, 1.5])
        return join_scalars_kernel, (1,), [a, out], {}, check
    return make


CASES = {"join_split_interleave": case_join_split(),
         "join_split_scalars": case_join_scalars()}


@on_cpu
@pytest.mark.parametrize("name", sorted(CASES))
def test_join_split_interleave_cpu(name):
    check_case_on_cpu(CASES[name]())


@requires_gpu
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_join_split_interleave_gpu(name, backend, monkeypatch):
    check_case_on_gpu(CASES[name](), backend, monkeypatch)


@on_cpu
def test_join_of_2d_tensors_is_refused_at_the_call():
    @triton.jit
    def kernel(X):
        x = tl.load(X + tl.arange(0, 4)[:, None] * 4 + tl.arange(0, 4)[None, :])
        tl.store(X, tl.sum(tl.join(x, x)))

    with pytest.raises(CompilationError) as error:
        kernel[(1,)](np.zeros(16, np.float32))
    assert_at(str(error.value), kernel.fn,
              "tl.store(X, tl.sum(tl.join(x, x)))",
              "at most two dimensions")



if __name__ == "__main__":
    warm_cases_main(__doc__, CASES)
