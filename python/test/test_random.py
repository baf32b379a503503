"""tl.rand, tl.randn, tl.randint and the rest of Triton's tl.random (the
Philox generator of python/mytriton/_random.py), ported from Triton's
python/test/unit/language/test_random.py: the integers against a reference
Philox in Python, exactly; the uniform and normal streams by their
statistics; the limits of uint_to_uniform_float; Triton's tutorial 04
(low-memory dropout) unchanged but for the import line. Each case runs on
the CPU and, where a GPU is present, through both GPU backends.

A GPU host without the compiler library runs the GPU cases from a cache
filled elsewhere:

    python3 python/test/test_random.py --warm /path/to/cache
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_random.py
"""


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
import tutorial_kernels as T

BLOCK = tl.constexpr(128)


# -- the reference: Philox in Python integers ------------------------------------
# (key raise A, key raise B, round multiplier A, round multiplier B, bits)
PHILOX_32 = (0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57, 32)
PHILOX_64 = (0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, 0xD2E7470EE14C6C93,
             0xCA5A826395121157, 64)


def philox(counter, key, config, rounds=10):
    """Philox-4xN of the counter (four words) under the key (two words)."""
    key_a, key_b, round_a, round_b, bits = config
    mask = (1 << bits) - 1
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(rounds):
        p0, p2 = round_a * c0, round_b * c2
        c0, c1, c2, c3 = (((p2 >> bits) ^ c1 ^ k0) & mask, p2 & mask,
                          ((p0 >> bits) ^ c3 ^ k1) & mask, p0 & mask)
        k0, k1 = (k0 + key_a) & mask, (k1 + key_b) & mask
    return c0, c1, c2, c3


def reference_words(seed, offsets, bits):
    """The four Philox words Triton's randint4x gives each offset: 32-bit
    offsets are keyed by the seed's two 32-bit halves, 64-bit ones by the
    whole seed and 0."""
    mask = (1 << bits) - 1
    seed &= (1 << 64) - 1
    if bits == 32:
        config, key = PHILOX_32, (seed & mask, seed >> 32)
    else:
        config, key = PHILOX_64, (seed, 0)
    return np.array([philox((int(o) & mask, 0, 0, 0), key, config)
                     for o in offsets], dtype=np.uint64)


def reference_uniform(words, bits):
    """uint_to_uniform_float in numpy, rounding as a kernel does: the
    magnitude converted to float32, times the float32 scale."""
    signed = words.astype(np.uint64).astype(
        np.uint32 if bits == 32 else np.uint64).view(
        np.int32 if bits == 32 else np.int64)
    magnitude = np.where(signed < 0, -signed - 1, signed)
    scale = np.float32(4.6566127342e-10 if bits == 32 else
                       1.0842020432385337e-19)
    return magnitude.astype(np.float32) * scale


def ks_uniform(x):
    """The Kolmogorov-Smirnov statistic of `x` against U(0, 1)."""
    x = np.sort(np.asarray(x, np.float64))
    n = len(x)
    above = np.arange(1, n + 1) / n - x
    below = x - np.arange(n) / n
    return max(above.max(), below.max())


# -- kernels (Triton's test_random.py) ---------------------------------------------
@triton.jit
def randint_kernel(X, N, seed, dtype: tl.constexpr):
    pid = tl.program_id(0).to(dtype)
    offset = pid * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randint(seed, offset)
    tl.store(X + offset, rand, mask=offset < N)


@triton.jit
def randint_const_kernel(X, N, seed: tl.constexpr, dtype: tl.constexpr):
    pid = tl.program_id(0).to(dtype)
    offset = pid * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randint(seed, offset)
    tl.store(X + offset, rand, mask=offset < N)


@triton.jit
def rand_kernel(X, N, seed, dtype: tl.constexpr):
    pid = tl.program_id(0).to(dtype)
    offset = pid * BLOCK + tl.arange(0, BLOCK)
    rand = tl.rand(seed, offset)
    tl.store(X + offset, rand, mask=offset < N)


@triton.jit
def randn_kernel(X, N, seed, dtype: tl.constexpr):
    pid = tl.program_id(0).to(dtype)
    offset = pid * BLOCK + tl.arange(0, BLOCK)
    rand = tl.randn(seed, offset)
    tl.store(X + offset, rand, mask=offset < N)


@triton.jit
def limits_kernel(input, output, n: tl.constexpr):
    idx = tl.arange(0, n)
    x = tl.load(input + idx)
    y = tl.random.uint_to_uniform_float(x)
    tl.store(output + idx, y)


@triton.jit
def four_streams_kernel(W, U, G, seed, N: tl.constexpr):
    # randint4x, rand4x and randn4x of one block of offsets, four rows each.
    offset = tl.arange(0, N)
    w0, w1, w2, w3 = tl.randint4x(seed, offset)
    u0, u1, u2, u3 = tl.rand4x(seed, offset)
    g0, g1, g2, g3 = tl.randn4x(seed, offset)
    tl.store(W + offset, w0)
    tl.store(W + N + offset, w1)
    tl.store(W + 2 * N + offset, w2)
    tl.store(W + 3 * N + offset, w3)
    tl.store(U + offset, u0)
    tl.store(U + N + offset, u1)
    tl.store(U + 2 * N + offset, u2)
    tl.store(U + 3 * N + offset, u3)
    tl.store(G + offset, g0)
    tl.store(G + N + offset, g1)
    tl.store(G + 2 * N + offset, g2)
    tl.store(G + 3 * N + offset, g3)


@triton.jit
def tile_kernel(X, seed, ROWS: tl.constexpr, COLS: tl.constexpr):
    # A 2-D block of offsets draws what the same offsets draw in 1-D.
    rows = tl.arange(0, ROWS)[:, None]
    cols = tl.arange(0, COLS)[None, :]
    offsets = rows * COLS + cols
    tl.store(X + offsets, tl.rand(seed, offsets))


# -- cases: (kernel, grid, args, options, check(outputs)) ------------------------
def case_randint(n, seed, dtype, const_seed):
    np_dtype = np.dtype(dtype)
    bits = np_dtype.itemsize * 8

    def make():
        x = np.zeros(n, np_dtype)
        grid = (triton.cdiv(n, BLOCK.value),)
        options = {"dtype": getattr(tl, dtype)}
        if const_seed:
            kernel, args = randint_const_kernel, [x, n]
            options["seed"] = seed
        else:
            kernel, args = randint_kernel, [x, n, seed]
        want = reference_words(seed, range(n), bits)[:, 0]

        def check(out):
            got = out[0].astype(np.uint64) & np.uint64((1 << bits) - 1)
            np.testing.assert_array_equal(got, want)
        return kernel, grid, args, options, check
    return make


def case_rand(seed, dtype, n=100000):
    def make():
        x = np.zeros(n, np.float32)

        def check(out):
            u = out[0]
            assert ((u >= 0) & (u < 1)).all()
            assert ks_uniform(u) < 0.01
            # The first values exactly: the words, then the conversion.
            bits = np.dtype(dtype).itemsize * 8
            words = reference_words(seed, range(256), bits)[:, 0]
            np.testing.assert_array_equal(u[:256],
                                          reference_uniform(words, bits))
        return (rand_kernel, (triton.cdiv(n, BLOCK.value),), [x, n, seed],
                {"dtype": getattr(tl, dtype)}, check)
    return make


def case_randn(seed, dtype, n=100000):
    def make():
        x = np.zeros(n, np.float32)

        def check(out):
            g = out[0]
            assert abs(g.mean()) < 1e-2
            assert abs(g.std() - 1) < 1e-2
        return (randn_kernel, (triton.cdiv(n, BLOCK.value),), [x, n, seed],
                {"dtype": getattr(tl, dtype)}, check)
    return make


def case_limits(dtype):
    def make():
        info = np.iinfo(dtype)
        x = np.array([info.min, info.max], dtype)
        out = np.zeros(2, np.float32)

        def check(outs):
            y = outs[1]
            assert y[0] == y[1]
            assert 1.0 - np.finfo(np.float32).eps <= y[0] < 1.0
        return limits_kernel, (1,), [x, out], {"n": 2}, check
    return make


def case_four_streams(seed, n=64):
    def make():
        w = np.zeros(4 * n, np.uint32)
        u = np.zeros(4 * n, np.float32)
        g = np.zeros(4 * n, np.float32)

        def check(outs):
            words = reference_words(seed, range(n), 32).T.reshape(-1)
            np.testing.assert_array_equal(outs[0], words.astype(np.uint32))
            uniform = reference_uniform(words, 32)
            np.testing.assert_array_equal(outs[1], uniform)
            # Box-Muller of the pairs (u0, u1) and (u2, u3), as Triton.
            u0, u1, u2, u3 = uniform.reshape(4, n).astype(np.float64)
            want = []
            for a, b in ((u0, u1), (u2, u3)):
                r = np.sqrt(-2.0 * np.log(np.maximum(1e-7, a)))
                th = 6.283185307179586 * b
                want += [r * np.cos(th), r * np.sin(th)]
            np.testing.assert_allclose(outs[2], np.concatenate(want),
                                       rtol=1e-4, atol=1e-4)
        return four_streams_kernel, (1,), [w, u, g, seed], {"N": n}, check
    return make


def case_tile(seed, rows=8, cols=32):
    def make():
        x = np.zeros(rows * cols, np.float32)

        def check(outs):
            words = reference_words(seed, range(rows * cols), 32)[:, 0]
            np.testing.assert_array_equal(outs[0],
                                          reference_uniform(words, 32))
        return (tile_kernel, (1,), [x, seed], {"ROWS": rows, "COLS": cols},
                check)
    return make


def case_dropout(n=3000, p=0.5):
    # Tutorial 04's baseline: the keep mask is an int32 tensor of 0s and 1s.
    def make():
        rs = np.random.default_rng(4)
        x = rs.standard_normal(n).astype(np.float32)
        keep = (rs.random(n) > p).astype(np.int32)
        out = np.zeros(n, np.float32)

        def check(outs):
            want = np.where(keep != 0, x / np.float32(1 - p), 0.0)
            np.testing.assert_allclose(outs[2], want, rtol=1e-6)
        grid = (triton.cdiv(n, 1024),)
        return (T._dropout, grid, [x, keep, out, n, p], {"BLOCK_SIZE": 1024},
                check)
    return make


def case_seeded_dropout(seed, n=3000, p=0.5):
    # Tutorial 04's seeded dropout: the mask is tl.rand(seed, offsets) > p,
    # so the same seed drops the same elements, launch after launch.
    def make():
        x = np.random.default_rng(5).standard_normal(n).astype(np.float32)
        out = np.zeros(n, np.float32)

        def check(outs):
            words = reference_words(seed, range(n), 32)[:, 0]
            keep = reference_uniform(words, 32) > np.float32(p)
            want = np.where(keep, x / np.float32(1 - p), 0.0)
            np.testing.assert_allclose(outs[1], want, rtol=1e-6)
            assert 0.45 < keep.mean() < 0.55
        grid = (triton.cdiv(n, 1024),)
        return (T._seeded_dropout, grid, [x, out, n, p, seed],
                {"BLOCK_SIZE": 1024}, check)
    return make


CASES = {}
for _dtype in ("int32", "int64"):
    for _seed in (0, 42, 124, 0xffffffff, 0x0000000fcafeb0ba):
        for _const in (False, True):
            CASES[f"randint_{_dtype}_{_seed:#x}_{'const' if _const else 'arg'}"
                  ] = case_randint(400, _seed, _dtype, _const)
    for _seed in (0, 42):
        CASES[f"rand_{_dtype}_{_seed}"] = case_rand(_seed, _dtype)
        CASES[f"randn_{_dtype}_{_seed}"] = case_randn(_seed, _dtype)
    CASES[f"limits_{_dtype}"] = case_limits(_dtype)
CASES["randint_10"] = case_randint(10, 42, "int32", False)
# A negative seed widens to uint64 by sign extension, as Triton's cast.
CASES["randint_int32_negative_seed"] = case_randint(400, -5, "int32", False)
CASES["four_streams"] = case_four_streams(7)
CASES["rand_2d_tile"] = case_tile(123)
CASES["tutorial04_dropout"] = case_dropout()
CASES["tutorial04_seeded_dropout_123"] = case_seeded_dropout(123)
CASES["tutorial04_seeded_dropout_512"] = case_seeded_dropout(512)


# -- running: CPU and both GPU backends ---------------------------------------
@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    check_case_on_cpu(CASES[name]())


@requires_gpu
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    check_case_on_gpu(CASES[name](), backend, monkeypatch)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built")
def test_same_seed_same_numbers_other_seed_others():
    # Tutorial 04's claim: seed 123 twice gives one mask, seed 512 another.
    x = np.random.default_rng(6).standard_normal(1000).astype(np.float32)
    outs = []
    for seed in (123, 123, 512):
        out = np.zeros_like(x)
        T._seeded_dropout[(1,)](x, out, 1000, 0.5, seed, BLOCK_SIZE=1024)
        outs.append(out)
    np.testing.assert_array_equal(outs[0], outs[1])
    assert (outs[0] != outs[2]).mean() > 0.3


# -- misuse: Triton's test_seed_is_int, at the user's line ------------------------
@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built")
def test_seed_is_int():
    @triton.jit
    def kernel(X, seed):
        offset = tl.arange(0, 1)
        rand = tl.rand(seed, offset)
        tl.store(X + offset, rand)

    x = np.zeros(1, np.float32)
    for seed in (np.zeros(1, np.int32), 2.3):
        with pytest.raises(CompilationError) as error:
            kernel[(1,)](x, seed)
        assert_at(str(error.value), kernel.fn, "rand = tl.rand(seed, offset)",
                  "the seed of Triton's random functions is an integer")
        # tl.rand's own helpers are located at this line, named once.
        assert "called from" not in str(error.value)



if __name__ == "__main__":
    warm_cases_main(__doc__, CASES)
