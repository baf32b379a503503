"""tl.atomic_add/max/min/and/or/xor/xchg and tl.atomic_cas (issue 20, item
1): contended (many programs and lanes on one address) and uncontended,
masked lanes untouched, the old values they return, float max/min of
negative numbers, -0.0 and NaN as Triton orders them, and a compare-and-swap
lock guarding a read-modify-write across programs. Expectations follow
Triton's test_core.py (test_atomic_rmw, test_tensor_atomic_rmw_block,
test_tensor_atomic_rmw, test_atomic_cas), in uniform kernels (1-D tensors of
the block's width) and tiled ones (2-D tiles, slices, replicated elements).
Every case runs on the CPU and, where a GPU is present, through both GPU
backends; misuse is a located error.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere:

    python3 python/test/test_atomics.py --warm /path/to/cache  # compiler host
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_atomics.py         # GPU host
"""

import os
import struct
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, CompilerNotFoundError, runtime
from located import assert_at, trace_error
from test_execution import GPU, HAS_CPU, _to_gpu, _to_host

BACKENDS = [
    pytest.param("cpu", marks=[
        requires_compiler,
        pytest.mark.skipif(not HAS_CPU, reason="CPU path not built")]),
    pytest.param("nvvm", marks=[
        pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)"),
        pytest.mark.skipif(not runtime.available(),
                           reason="no libMyTritonRuntime.so")]),
    pytest.param("cuda", marks=[
        pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)"),
        pytest.mark.skipif(not runtime.available(),
                           reason="no libMyTritonRuntime.so")]),
]


def run(backend, monkeypatch, kernel, grid, args, **options):
    """Launches `kernel` on `backend` with numpy `args` (arrays are copied
    to the GPU and back) and returns the arrays as numpy. Under --warm, the
    CPU cases compile the launch for both GPU backends instead."""
    warm = os.environ.get("MYTRITON_ATOMICS_WARM")
    if warm:  # conftest gives every test a private cache: use the bundle's
        monkeypatch.setenv("MYTRITON_CACHE_DIR", warm)
        for gpu_backend in ("nvvm", "cuda"):
            kernel.warmup(*args, backend=gpu_backend, **options)
        pytest.skip("compiled into the cache for the GPU host")
    if backend == "cpu":
        compiled = kernel[grid](*args, **options)
        return args, compiled
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    device = [_to_gpu(a) if isinstance(a, np.ndarray) else a for a in args]
    try:
        compiled = kernel[grid](*device, **options)
    except CompilerNotFoundError as e:
        pytest.skip(f"no compiler here: {e.reason[:80]}")
    return [a if isinstance(a, (int, float)) else _to_host(a)
            for a in device], compiled


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def triton_fmax(old, val, is_max=True):
    """Triton's float atomic max (min): on the bits, a signed max (min) when
    val's sign bit is clear, an unsigned min (max) when it is set."""
    o, v = f32_bits(old), f32_bits(val)
    signed = lambda b: b - (1 << 32) if b & 0x80000000 else b  # noqa: E731
    if v & 0x80000000:
        r = min(o, v) if is_max else max(o, v)
    else:
        r = o if (signed(o) >= signed(v)) == is_max else v
    return bits_f32(r)


# -- Triton's test_atomic_rmw: n programs, one scalar address ------------------
@triton.jit
def scalar_rmw_kernel(X, Z, OP: tl.constexpr, SEM: tl.constexpr):
    pid = tl.program_id(0)
    x = tl.load(X + pid)
    if OP == "add":
        old = tl.atomic_add(Z, x, sem=SEM)
    elif OP == "max":
        old = tl.atomic_max(Z, x, sem=SEM)
    else:
        old = tl.atomic_min(Z, x, sem=SEM)
    tl.static_assert(old.dtype == x.dtype)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("sem", [None, "acquire", "release", "acq_rel",
                                 "relaxed"])
@pytest.mark.parametrize("mode", ["all_neg", "all_pos", "min_neg", "max_pos"])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize("op", ["add", "max", "min"])
def test_atomic_rmw(op, dtype, mode, sem, backend, monkeypatch):
    n_programs = 5
    rs = np.random.RandomState(17)
    x = np.array([2**i for i in range(n_programs)], dtype=dtype)
    if mode == "all_neg":
        x = -np.abs(x)
    if mode == "all_pos":
        x = np.abs(x)
    if mode == "min_neg":
        x[rs.randint(n_programs)] = -np.max(np.abs(x)) - 1
    if mode == "max_pos":
        x[rs.randint(n_programs)] = np.max(np.abs(x)) + 1
    floats = dtype == "float32"
    neutral = {"add": 0,
               "max": -np.inf if floats else np.iinfo(np.int32).min,
               "min": np.inf if floats else np.iinfo(np.int32).max}[op]
    z = np.array([neutral], dtype=dtype)
    (_, z), compiled = run(backend, monkeypatch, scalar_rmw_kernel,
                           (n_programs,), [x, z], OP=op, SEM=sem)
    expected = {"add": np.sum, "max": np.max, "min": np.min}[op](x)
    assert z[0] == expected  # sums of powers of two are exact
    if backend != "cpu":
        assert f"atom.{sem or 'acq_rel'}.gpu.global" in compiled.asm["ptx"]


# -- contended tensors: every lane of every program on a few addresses --------
@triton.jit
def histogram_kernel(X, H, OLD, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(X + offs, mask=mask)
    old = tl.atomic_add(H + x % BINS, 1, mask=mask)
    tl.store(OLD + offs, old, mask=mask)


@pytest.mark.parametrize("backend", BACKENDS)
def test_contended_tensor_add_counts_every_lane(backend, monkeypatch):
    n, bins, block = 1000, 5, 128
    x = np.random.RandomState(3).randint(0, 1 << 20, n).astype(np.int32)
    h = np.zeros(bins, np.int32)
    old = np.full(n, -7, np.int32)
    (_, h, old, _), _ = run(backend, monkeypatch, histogram_kernel,
                            (triton.cdiv(n, block),), [x, h, old, n],
                            BINS=bins, BLOCK=block)
    np.testing.assert_array_equal(h, np.bincount(x % bins, minlength=bins))
    # Each lane saw its bin at a distinct count: per bin, the old values are
    # a permutation of 0..count-1 (every increment was atomic).
    for b in range(bins):
        seen = np.sort(old[x % bins == b])
        np.testing.assert_array_equal(seen, np.arange(len(seen)))


@triton.jit
def splitk_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                         stride_am, stride_ak, stride_bk, stride_bn,
                         stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                         SPLIT_K: tl.constexpr):
    # Tutorial 03's kernel, split along K: program (pid, pid_k) multiplies
    # every SPLIT_K-th K tile and adds its partial tile to c atomically.
    pid = tl.program_id(0)
    pid_k = tl.program_id(1)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K * SPLIT_K)):
        k_left = K - k * BLOCK_K * SPLIT_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) &
                    (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * SPLIT_K * stride_ak
        b_ptrs += BLOCK_K * SPLIT_K * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.atomic_add(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@pytest.mark.parametrize("backend", BACKENDS)
def test_split_k_fp16_matmul_adds_partial_tiles(backend, monkeypatch):
    # Integer-valued fp16 inputs: every partial sum and total is exact in
    # float32, so the atomic additions' order cannot change the result.
    # M, N not multiples of the tile, K not of BLOCK_K * SPLIT_K.
    m, n, k, bm, bn, bk, split = 96, 80, 200, 64, 64, 32, 4
    rs = np.random.RandomState(5)
    a = rs.randint(-4, 5, (m, k)).astype(np.float16)
    b = rs.randint(-4, 5, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn), split)
    (_, _, c, *_), _ = run(backend, monkeypatch, splitk_matmul_kernel, grid,
                           [a, b, c, m, n, k, k, 1, n, 1, n, 1],
                           BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, SPLIT_K=split)
    np.testing.assert_array_equal(
        c, a.astype(np.float32) @ b.astype(np.float32))


@triton.jit
def ticket_kernel(COUNTER, TICKETS):
    # A scalar atomic: once per program, every lane sees the same ticket.
    ticket = tl.atomic_add(COUNTER, 1)
    lanes = tl.arange(0, 64)
    tl.store(TICKETS + tl.program_id(0) * 64 + lanes,
             tl.full((64,), 0, tl.int32) + ticket)


@pytest.mark.parametrize("backend", BACKENDS)
def test_scalar_atomic_runs_once_per_program(backend, monkeypatch):
    programs = 300
    counter = np.zeros(1, np.int32)
    tickets = np.full(programs * 64, -1, np.int32)
    (counter, tickets), _ = run(backend, monkeypatch, ticket_kernel,
                                (programs,), [counter, tickets])
    assert counter[0] == programs
    per_program = tickets.reshape(programs, 64)
    assert (per_program == per_program[:, :1]).all()
    np.testing.assert_array_equal(np.sort(per_program[:, 0]),
                                  np.arange(programs))


# Triton's test_tensor_atomic_rmw_block, on a uniform 1-D tensor.
@triton.jit
def block_min_kernel(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_min(X + offs, offs * 1.0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tensor_atomic_min_block(backend, monkeypatch):
    x = np.ones(64, np.float32)
    (x,), _ = run(backend, monkeypatch, block_min_kernel, (2,), [x],
                  BLOCK=64)
    np.testing.assert_array_equal(x, np.minimum(1.0, np.arange(64)))


# -- uncontended: one lane per address, masks, returned old values ------------
@triton.jit
def lanes_kernel(Z, X, OLD, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(X + offs)
    if OP == "add":
        old = tl.atomic_add(Z + offs, x, mask=mask)
    elif OP == "max":
        old = tl.atomic_max(Z + offs, x, mask=mask)
    elif OP == "min":
        old = tl.atomic_min(Z + offs, x, mask=mask)
    elif OP == "and":
        old = tl.atomic_and(Z + offs, x, mask=mask)
    elif OP == "or":
        old = tl.atomic_or(Z + offs, x, mask=mask)
    elif OP == "xor":
        old = tl.atomic_xor(Z + offs, x, mask=mask)
    else:
        old = tl.atomic_xchg(Z + offs, x, mask=mask)
    tl.store(OLD + offs, old, mask=mask)


def _reference(op, z, x, floats):
    if op == "add":
        return z + x
    if floats and op in ("max", "min"):
        return np.array([triton_fmax(a, b, op == "max") for a, b in zip(z, x)],
                        np.float32)
    return {"max": np.maximum, "min": np.minimum, "and": np.bitwise_and,
            "or": np.bitwise_or, "xor": np.bitwise_xor,
            "xchg": lambda a, b: b}[op](z, x)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op,dtype", [
    (op, "int32") for op in ("add", "max", "min", "and", "or", "xor", "xchg")
] + [(op, "float32") for op in ("add", "max", "min", "xchg")])
def test_uncontended_lanes_return_old_values(op, dtype, backend, monkeypatch):
    n, block, total = 200, 64, 256  # the last program's tail is masked off
    rs = np.random.RandomState(5)
    if dtype == "int32":
        z = rs.randint(-1000, 1000, total).astype(np.int32)
        x = rs.randint(-1000, 1000, total).astype(np.int32)
    else:
        z = rs.standard_normal(total).astype(np.float32)
        x = rs.standard_normal(total).astype(np.float32)
    z0 = z.copy()
    old = np.zeros(total, z.dtype)
    (z, _, old, _), _ = run(backend, monkeypatch, lanes_kernel,
                            (total // block,), [z, x, old, n], OP=op,
                            BLOCK=block)
    want = _reference(op, z0[:n], x[:n], dtype == "float32")
    np.testing.assert_array_equal(z[:n], want)
    np.testing.assert_array_equal(z[n:], z0[n:])  # masked lanes untouched
    np.testing.assert_array_equal(old[:n], z0[:n])
    np.testing.assert_array_equal(old[n:], 0)


# -- float max/min: negative values, -0.0, NaN (Triton's sign-split rule) ----
SPECIALS = [0.0, -0.0, 1.5, -1.5, 3.0, -3.0, np.inf, -np.inf,
            np.nan, -np.nan]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op", ["max", "min"])
def test_float_max_min_of_negatives_zeros_and_nan(op, backend, monkeypatch):
    pairs = [(a, b) for a in SPECIALS for b in SPECIALS]
    z = np.array([a for a, _ in pairs], np.float32)
    x = np.array([b for _, b in pairs], np.float32)
    # -np.nan is NaN with the sign bit set: keep it (numpy keeps it as is).
    assert any(f32_bits(v) == 0xFFC00000 for v in x)
    z0 = z.copy()
    n = len(pairs)
    block = 128
    total = triton.cdiv(n, block) * block
    zz = np.concatenate([z, np.zeros(total - n, np.float32)])
    xx = np.concatenate([x, np.zeros(total - n, np.float32)])
    old = np.zeros(total, np.float32)
    (zz, _, old, _), _ = run(backend, monkeypatch, lanes_kernel,
                             (total // block,), [zz, xx, old, n], OP=op,
                             BLOCK=block)
    want = [f32_bits(triton_fmax(a, b, op == "max")) for a, b in zip(z0, x)]
    assert [f32_bits(v) for v in zz[:n]] == want
    # Where neither is NaN the result is IEEE's max/min, -0.0 below +0.0.
    for (a, b), got in zip(pairs, zz[:n]):
        if np.isnan(a) or np.isnan(b):
            continue
        if a == b == 0.0:
            keep_neg = (np.signbit(a) and np.signbit(b)) if op == "max" \
                else (np.signbit(a) or np.signbit(b))
            assert np.signbit(got) == keep_neg, (a, b, got)
        else:
            assert got == (max(a, b) if op == "max" else min(a, b))
    assert [f32_bits(v) for v in old[:n]] == [f32_bits(v) for v in z0]


@triton.jit
def contended_fmax_kernel(X, Z, IS_MAX: tl.constexpr, BLOCK: tl.constexpr):
    x = tl.load(X + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK))
    if IS_MAX:
        tl.atomic_max(Z + tl.arange(0, BLOCK) * 0, x)
    else:
        tl.atomic_min(Z + tl.arange(0, BLOCK) * 0, x)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("is_max", [True, False])
def test_contended_float_max_min_with_negatives(is_max, backend, monkeypatch):
    x = -np.abs(np.random.RandomState(9).standard_normal(8 * 64)) \
        .astype(np.float32) - 0.5
    z = np.array([np.float32(-np.inf if is_max else np.inf)])
    (_, z), _ = run(backend, monkeypatch, contended_fmax_kernel, (8,), [x, z],
                    IS_MAX=is_max, BLOCK=64)
    assert z[0] == (x.max() if is_max else x.min())


# -- atomic_cas ---------------------------------------------------------------
@triton.jit
def change_value(Lock):
    tl.atomic_cas(Lock, 0, 1)


@pytest.mark.parametrize("backend", BACKENDS)
def test_atomic_cas_changes_value(backend, monkeypatch):
    lock = np.zeros(1, np.int32)
    (lock,), _ = run(backend, monkeypatch, change_value, (1,), [lock])
    assert lock[0] == 1
    lock = np.full(1, 5, np.int32)  # cmp fails: unchanged
    (lock,), _ = run(backend, monkeypatch, change_value, (1,), [lock])
    assert lock[0] == 5


@triton.jit
def try_lock_add(data, Lock, acquired_count, SEM: tl.constexpr):
    # Each program tries the lock once; a holder does a non-atomic
    # read-modify-write of 128 floats and counts itself atomically. Without
    # mutual exclusion concurrent holders would lose updates: data would
    # fall behind the count.
    ptrs = data + tl.arange(0, 128)
    acquired = tl.atomic_cas(Lock, 0, 1, sem=SEM) == 0
    tl.store(ptrs, tl.load(ptrs, mask=acquired) + 1.0, mask=acquired)
    tl.atomic_add(acquired_count, 1, mask=acquired)
    tl.atomic_xchg(Lock, 0, mask=acquired)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("sem", [None, "acq_rel"])
def test_atomic_cas_lock_guards_a_read_modify_write(sem, backend,
                                                    monkeypatch):
    lock = np.zeros(1, np.int32)
    data = np.zeros(128, np.float32)
    count = np.zeros(1, np.int32)
    programs = 2000
    (data, lock, count), compiled = run(
        backend, monkeypatch, try_lock_add, (programs,), [data, lock, count],
        SEM=sem)
    assert lock[0] == 0
    assert 1 <= count[0] <= programs
    if backend == "cpu":  # programs run one at a time: each gets the lock
        assert count[0] == programs
    np.testing.assert_array_equal(data, np.full(128, count[0], np.float32))
    if backend != "cpu":
        assert f"atom.{sem or 'acq_rel'}.gpu.global.cas.b32" in \
            compiled.asm["ptx"]


def _spin_lock_kernel():
    """Triton's serialized_add, when the frontend traces `while` loops on
    run-time values (runtime control flow); None before."""
    @triton.jit
    def serialized_add(data, Lock, SEM: tl.constexpr):
        ptrs = data + tl.arange(0, 128)
        while tl.atomic_cas(Lock, 0, 1, SEM) == 1:
            pass
        tl.store(ptrs, tl.load(ptrs) + 1.0)
        tl.atomic_xchg(Lock, 0)
    try:
        serialized_add.trace(["ptr<f32>", "ptr<i32>"], dict(SEM=None), "auto")
    except CompilationError as e:
        if "Python control flow" in str(e):
            return None
        raise
    return serialized_add


@pytest.mark.parametrize("backend", BACKENDS)
def test_spin_lock_serializes_programs(backend, monkeypatch):
    kernel = _spin_lock_kernel()
    if kernel is None:
        pytest.skip("while loops on run-time values are not traced yet")
    lock = np.zeros(1, np.int32)
    data = np.zeros(128, np.float32)
    (data, lock), _ = run(backend, monkeypatch, kernel, (2000,), [data, lock],
                          SEM=None)
    np.testing.assert_array_equal(data, np.full(128, 2000.0, np.float32))
    assert lock[0] == 0


@triton.jit
def cas_lanes_kernel(Z, CMP, VAL, OLD, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_cas(Z + offs, tl.load(CMP + offs), tl.load(VAL + offs))
    tl.store(OLD + offs, old)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_tensor_atomic_cas_per_lane(dtype, backend, monkeypatch):
    rs = np.random.RandomState(2)
    z = rs.randint(0, 4, 64).astype(dtype)
    cmp = rs.randint(0, 4, 64).astype(dtype)
    if dtype == "float32":  # compared as bits: -0.0 is not 0.0, NaN is NaN
        z[:4], cmp[:4] = [0.0, -0.0, np.nan, np.nan], [-0.0, 0.0, np.nan, 1.0]
    val = (np.arange(64) + 10).astype(dtype)
    z0 = z.copy()
    old = np.zeros(64, dtype)
    (z, _, _, old), _ = run(backend, monkeypatch, cas_lanes_kernel, (1,),
                            [z, cmp, val, old], BLOCK=64)
    equal = z0.view(np.int32) == cmp.view(np.int32)
    np.testing.assert_array_equal(z.view(np.int32),
                                  np.where(equal, val, z0).view(np.int32))
    np.testing.assert_array_equal(old.view(np.int32), z0.view(np.int32))


# -- tiled kernels: tensors laid out by tt-assign-layouts -----------------------
# Each element's atomic happens once, by its owner (threads replicating an
# element skip it, as for stores); replicas see the old value too.
@triton.jit
def row_sums_kernel(Z, X, OLD, SHAPE0: tl.constexpr, SHAPE1: tl.constexpr):
    # Triton's test_tensor_atomic_rmw with axis=1.
    off0 = tl.arange(0, SHAPE0)
    off1 = tl.arange(0, SHAPE1)
    x = tl.load(X + off0[:, None] * SHAPE1 + off1[None, :])
    old = tl.atomic_add(Z + off0, tl.sum(x, axis=1))
    tl.store(OLD + off0, old)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tiled_row_sums_add_once_per_row(backend, monkeypatch):
    # The rows' slice is held by several lanes and warps each: one add per
    # row, and every holder's old value is the one the add returned.
    x = np.arange(8 * 32, dtype=np.float32).reshape(8, 32)
    z = np.full(8, 2.0, np.float32)
    old = np.zeros(8, np.float32)
    (z, _, old), _ = run(backend, monkeypatch, row_sums_kernel, (1,),
                         [z, x, old], SHAPE0=8, SHAPE1=32)
    np.testing.assert_array_equal(z, 2 + x.sum(axis=1))
    np.testing.assert_array_equal(old, np.full(8, 2.0))


@triton.jit
def tile_ops_kernel(Z, X, OLD, n, INTS: tl.constexpr, M: tl.constexpr,
                    N: tl.constexpr):
    # One 2-D tile, every atomic of its dtype on its own block of Z.
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    mask = offs < n
    x = tl.load(X + offs)
    S: tl.constexpr = M * N
    tl.store(OLD + offs, tl.atomic_add(Z + offs, x, mask=mask), mask=mask)
    tl.store(OLD + S + offs, tl.atomic_max(Z + S + offs, x, mask=mask),
             mask=mask)
    tl.store(OLD + 2 * S + offs, tl.atomic_min(Z + 2 * S + offs, x, mask=mask),
             mask=mask)
    tl.store(OLD + 3 * S + offs,
             tl.atomic_xchg(Z + 3 * S + offs, x, mask=mask), mask=mask)
    if INTS:
        tl.store(OLD + 4 * S + offs,
                 tl.atomic_and(Z + 4 * S + offs, x, mask=mask), mask=mask)
        tl.store(OLD + 5 * S + offs,
                 tl.atomic_or(Z + 5 * S + offs, x, mask=mask), mask=mask)
        tl.store(OLD + 6 * S + offs,
                 tl.atomic_xor(Z + 6 * S + offs, x, mask=mask), mask=mask)


def _nan_canonical_bits(values):
    """The bits of `values`, every NaN as numpy's quiet NaN: a float atomic
    add of a NaN gives a NaN whose payload the hardware picks (the H200's
    atom.add.f32 returns 0x7fffffff, numpy keeps the operand's payload), as
    Triton's does; -0.0 keeps its sign."""
    if values.dtype.kind != "f":
        return values.view(np.int32)
    return np.where(np.isnan(values), np.float32(np.nan),
                    values).astype(np.float32).view(np.int32)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_tiled_uncontended_ops_return_old_values(dtype, backend,
                                                 monkeypatch):
    m, n_cols, n = 16, 32, 400  # the tile's last rows are masked off
    ops = ["add", "max", "min", "xchg"] + \
        (["and", "or", "xor"] if dtype == "int32" else [])
    size = m * n_cols
    rs = np.random.RandomState(23)
    if dtype == "int32":
        z = rs.randint(-1000, 1000, len(ops) * size).astype(np.int32)
        x = rs.randint(-1000, 1000, size).astype(np.int32)
    else:  # negatives, -0.0 and NaN for float max/min
        z = rs.standard_normal(len(ops) * size).astype(np.float32)
        x = rs.standard_normal(size).astype(np.float32)
        z[:8], x[:8] = [0.0, -0.0, np.nan, 1.0, -np.inf, 3.0, -2.0, -0.0], \
            [-0.0, 0.0, 1.0, np.nan, 5.0, -np.nan, -3.0, -0.0]
        z[size:size + 8], z[2 * size:2 * size + 8] = z[:8], z[:8]
    z0 = z.copy()
    old = np.zeros(len(ops) * size, z.dtype)
    (z, _, old, _), _ = run(backend, monkeypatch, tile_ops_kernel, (1,),
                            [z, x, old, n], INTS=dtype == "int32", M=m,
                            N=n_cols)
    for k, op in enumerate(ops):
        block = slice(k * size, (k + 1) * size)
        zk, z0k, oldk = z[block], z0[block], old[block]
        want = _reference(op, z0k[:n], x[:n], dtype == "float32")
        np.testing.assert_array_equal(_nan_canonical_bits(zk[:n]),
                                      _nan_canonical_bits(want), err_msg=op)
        np.testing.assert_array_equal(zk[n:], z0k[n:], err_msg=op)
        np.testing.assert_array_equal(oldk[:n].view(np.int32),
                                      z0k[:n].view(np.int32), err_msg=op)
        np.testing.assert_array_equal(oldk[n:], 0, err_msg=op)


@triton.jit
def tile_histogram_kernel(X, H, OLD, BINS: tl.constexpr, M: tl.constexpr,
                          N: tl.constexpr):
    offs = tl.program_id(0) * M * N + tl.arange(0, M)[:, None] * N + \
        tl.arange(0, N)[None, :]
    x = tl.load(X + offs)
    tl.store(OLD + offs, tl.atomic_add(H + x % BINS, 1))


@pytest.mark.parametrize("backend", BACKENDS)
def test_tiled_contended_add_counts_every_element(backend, monkeypatch):
    programs, m, n, bins = 6, 16, 64, 7
    x = np.random.RandomState(4).randint(0, 1 << 20, programs * m * n) \
        .astype(np.int32)
    h = np.zeros(bins, np.int32)
    old = np.full(x.size, -7, np.int32)
    (_, h, old), _ = run(backend, monkeypatch, tile_histogram_kernel,
                         (programs,), [x, h, old], BINS=bins, M=m, N=n)
    np.testing.assert_array_equal(h, np.bincount(x % bins, minlength=bins))
    for b in range(bins):
        seen = np.sort(old[x % bins == b])
        np.testing.assert_array_equal(seen, np.arange(len(seen)))


@triton.jit
def replicated_cas_kernel(Z, CMP, VAL, OLD, WIDE):
    # 64 elements on 128 threads (a second width makes the kernel tiled):
    # the second half of the threads holds copies of the first half's.
    r = tl.arange(0, 64)
    old = tl.atomic_cas(Z + r, tl.load(CMP + r), tl.load(VAL + r))
    tl.store(OLD + r, old)
    w = tl.arange(0, 128)
    tl.store(WIDE + w, tl.load(WIDE + w) + 1)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_tiled_replicated_cas_once_per_element(dtype, backend, monkeypatch):
    rs = np.random.RandomState(8)
    z = rs.randint(0, 3, 64).astype(dtype)
    cmp = rs.randint(0, 3, 64).astype(dtype)
    if dtype == "float32":  # compared as bits: -0.0 is not 0.0, NaN is NaN
        z[:4], cmp[:4] = [0.0, -0.0, np.nan, np.nan], [-0.0, 0.0, np.nan, 1.0]
    val = (np.arange(64) + 10).astype(dtype)
    z0, old = z.copy(), np.zeros(64, dtype)
    wide = np.zeros(128, np.int32)
    (z, _, _, old, wide), _ = run(
        backend, monkeypatch, replicated_cas_kernel, (1,),
        [z, cmp, val, old, wide], num_warps=4)
    equal = z0.view(np.int32) == cmp.view(np.int32)
    # A second compare-and-swap by a replica would see val, not z0.
    np.testing.assert_array_equal(z.view(np.int32),
                                  np.where(equal, val, z0).view(np.int32))
    np.testing.assert_array_equal(old.view(np.int32), z0.view(np.int32))
    np.testing.assert_array_equal(wide, 1)


@triton.jit
def tiled_spin_lock_kernel(data, Lock, M: tl.constexpr, N: tl.constexpr):
    # Tutorial 05's lock around a 2-D read-modify-write.
    ptrs = data + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    tl.store(ptrs, tl.load(ptrs) + 1.0)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tiled_spin_lock_serializes_programs(backend, monkeypatch):
    lock = np.zeros(1, np.int32)
    data = np.zeros(16 * 32, np.float32)
    (data, lock), _ = run(backend, monkeypatch, tiled_spin_lock_kernel,
                          (500,), [data, lock], M=16, N=32)
    np.testing.assert_array_equal(data, 500.0)
    assert lock[0] == 0


# -- IR and errors ------------------------------------------------------------
def _ir(kernel, types, **constexprs):
    return kernel.trace(types, constexprs, "auto")[0]


def test_traced_ir_names_kind_order_and_scope():
    @triton.jit
    def k(f, i, n):
        offs = tl.arange(0, 32)
        tl.atomic_add(f + offs, 1, mask=offs < n)  # int value to float memory
        tl.atomic_max(f, 2.0, sem="relaxed", scope="cta")
        tl.atomic_xor(i + offs, offs, sem="release", scope="sys")
        tl.atomic_cas(i, 0, 1, sem="acquire")
    ir = _ir(k, ["ptr<f32>", "ptr<i32>", "i32"])
    assert "tt.atomic_rmw fadd, acq_rel, gpu, " in ir
    assert "tt.atomic_rmw fmax, relaxed, cta, " in ir
    assert "tt.atomic_rmw xor, release, sys, " in ir
    assert "tt.atomic_cas acquire, gpu, " in ir


_error, _assert_at = trace_error, assert_at


@pytest.mark.parametrize("name", ["and", "or", "xor"])
def test_bitwise_atomics_on_floats_are_refused(name):
    @triton.jit
    def k(f, OP: tl.constexpr):
        getattr(tl, "atomic_" + OP)(f, 1)
    _assert_at(_error(k, ["ptr<f32>"], OP=name), k.fn,
               'getattr(tl, "atomic_" + OP)(f, 1)',
               f"tl.atomic_{name} needs int32 memory, but the pointer is a "
               "pointer to float32 scalar")


def test_bad_sem_and_scope_are_located():
    @triton.jit
    def bad_sem(p):
        tl.atomic_add(p, 1, sem="seq_cst")
    _assert_at(_error(bad_sem, ["ptr<i32>"]), bad_sem.fn,
               'tl.atomic_add(p, 1, sem="seq_cst")',
               "tl.atomic_add: sem must be one of 'acquire', 'release', "
               "'acq_rel', 'relaxed', got 'seq_cst'")

    @triton.jit
    def bad_scope(p):
        tl.atomic_cas(p, 0, 1, scope="device")
    _assert_at(_error(bad_scope, ["ptr<i32>"]), bad_scope.fn,
               'tl.atomic_cas(p, 0, 1, scope="device")',
               "tl.atomic_cas: scope must be one of 'gpu', 'cta', 'sys', got "
               "'device'")


def test_non_pointer_and_float_to_int_memory_are_refused():
    @triton.jit
    def not_pointer(x):
        tl.atomic_add(x, 1)
    _assert_at(_error(not_pointer, ["i32"]), not_pointer.fn,
               "tl.atomic_add(x, 1)", "tl.atomic_add needs a pointer")

    @triton.jit
    def float_value(p):
        tl.atomic_xchg(p, 1.5)
    _assert_at(_error(float_value, ["ptr<i32>"]), float_value.fn,
               "tl.atomic_xchg(p, 1.5)", "float constant 1.5 used where an "
               "int32 is needed")


# -- CPU bounds checks cover atomics --------------------------------------------
@triton.jit
def add_unmasked(out, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(out + offs, 1)  # atomic: add_unmasked


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU path not built")
def test_out_of_bounds_atomic_is_refused_on_the_cpu():
    from mytriton import OutOfBoundsError
    big = np.full(12 + 32, -1, np.int32)
    view = big[16:28]
    view[:] = 0
    with pytest.raises(OutOfBoundsError) as info:
        add_unmasked[(4,)](view, BLOCK=4)
    err = info.value
    assert (err.arg, err.element, err.num_elements) == ("out", 12, 12)
    assert err.program_id == (3, 0, 0)
    # Programs 0..2 added; 3 stopped before touching memory; the view's
    # neighbours are untouched.
    assert view.tolist() == [1] * 12
    assert (big[:16] == -1).all() and (big[28:] == -1).all()
    assert "tl.atomic_add(out + offs, 1)" in str(err)
    assert "outside its array: argument 'out' has 12 elements" in str(err)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        os.environ["MYTRITON_ATOMICS_WARM"] = os.path.abspath(sys.argv[2])
        os.environ.pop("MYTRITON_NUM_WARPS", None)
        sys.exit(pytest.main(["-q", __file__, "-k", "cpu"]))
    sys.exit(__doc__)
