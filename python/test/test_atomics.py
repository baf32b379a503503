"""tl.atomic_add/max/min/and/or/xor/xchg and tl.atomic_cas (issue 20, item
1): contended (many programs and lanes on one address) and uncontended,
masked lanes untouched, the old values they return, float max/min of
negative numbers, -0.0 and NaN as Triton orders them, and a compare-and-swap
lock guarding a read-modify-write across programs, on every element type
Triton's atomics take (RMW_DTYPES, CAS_DTYPES). Expectations follow
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

from conftest import (requires_compiler,  # first: puts python/ on sys.path
                      from_bf16_bits, to_bf16_bits)
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, CompilerNotFoundError, runtime
from mytriton._reinterpret import TensorWrapper
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
        return [_unwrap(a) for a in args], compiled
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    device = [_move(a, _to_gpu) for a in args]
    try:
        compiled = kernel[grid](*device, **options)
    except CompilerNotFoundError as e:
        pytest.skip(f"no compiler here: {e.reason[:80]}")
    return [_unwrap(_move(a, _to_host)) for a in device], compiled


def _move(arg, move):
    """`arg` copied by `move` (an array; a bfloat16 one stays
    reinterpreted); scalars as they are."""
    if isinstance(arg, TensorWrapper):
        return triton.reinterpret(move(arg.base), arg.dtype)
    return move(arg) if not isinstance(arg, (int, float)) else arg


def _unwrap(arg):
    """A bfloat16 array as its uint16 bits."""
    return arg.base if isinstance(arg, TensorWrapper) else arg


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def triton_fmax(old, val, is_max=True):
    """Triton's float atomic max (min) of two float32 scalars."""
    return float(triton_float_max_min(np.array([old], np.float32),
                                      np.array([val], np.float32), is_max)[0])


def triton_float_max_min(old, val, is_max):
    """Triton's float atomic max (min) of float arrays, on the bits: a
    signed max (min) where val's sign bit is clear, an unsigned min (max)
    where it is set."""
    u, i = f"u{old.dtype.itemsize}", f"i{old.dtype.itemsize}"
    unsigned = (np.minimum if is_max else np.maximum)(old.view(u), val.view(u))
    signed = (np.maximum if is_max else np.minimum)(old.view(i), val.view(i))
    return np.where(val.view(i) < 0, unsigned, signed.view(u)).view(old.dtype)


def bits(values):
    """The bit patterns of an array: floats compared bit for bit."""
    values = np.asarray(values)
    return values.view(f"u{values.dtype.itemsize}")


def host(values, dtype):
    """Memory of `dtype` holding `values` for a kernel (bfloat16 as its
    bits, reinterpreted; integers wrap into the type)."""
    if dtype == "bfloat16":
        return triton.reinterpret(to_bf16_bits(np.asarray(values, np.float32)),
                                  tl.bfloat16)
    return np.asarray(values).astype(dtype)


def as_values(memory, dtype):
    """What `run` returned for memory of `dtype`, as numbers."""
    return from_bf16_bits(memory) if dtype == "bfloat16" else memory


# Triton's element types for each read-modify-write (semantic.py): 16-bit
# floats take atomic_add only; bitwise ops take integers.
INTS = ["int32", "uint32", "int64", "uint64"]
FLOATS = ["float32", "float64"]
RMW_DTYPES = {"add": ["bfloat16", "float16"] + INTS + FLOATS,
              "max": INTS + FLOATS, "min": INTS + FLOATS,
              "and": INTS, "or": INTS, "xor": INTS, "xchg": INTS + FLOATS}
CAS_DTYPES = ["int16", "uint16", "float16", "bfloat16"] + INTS + FLOATS


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


SEMS = [None, "acquire", "release", "acq_rel", "relaxed"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("mode", ["all_neg", "all_pos", "min_neg", "max_pos"])
@pytest.mark.parametrize("op,dtype,sem", [
    # Every order on 32-bit elements; two on the others (the qualifiers do
    # not depend on the type).
    (op, dtype, sem) for op in ("add", "max", "min")
    for dtype in RMW_DTYPES[op] for sem in SEMS
    if dtype in ("int32", "float32") or sem in (None, "relaxed")])
def test_atomic_rmw(op, dtype, mode, sem, backend, monkeypatch):
    n_programs = 5
    rs = np.random.RandomState(17)
    x = np.array([2**i for i in range(n_programs)], np.int64)
    if mode == "all_neg":
        x = -np.abs(x)
    if mode == "all_pos":
        x = np.abs(x)
    if mode == "min_neg":
        x[rs.randint(n_programs)] = -np.max(np.abs(x)) - 1
    if mode == "max_pos":
        x[rs.randint(n_programs)] = np.max(np.abs(x)) + 1
    floats = dtype in ("float16", "bfloat16") + tuple(FLOATS)
    # Unsigned types take the negative values wrapped, as in Triton's test.
    x = x.astype(np.float64 if floats else dtype)
    kind = np.float64 if floats else np.dtype(dtype)
    neutral = {"add": 0,
               "max": -np.inf if floats else np.iinfo(kind).min,
               "min": np.inf if floats else np.iinfo(kind).max}[op]
    z = host([neutral], dtype)
    (_, z), compiled = run(backend, monkeypatch, scalar_rmw_kernel,
                           (n_programs,), [host(x, dtype), z], OP=op, SEM=sem)
    reduce = {"add": np.sum, "max": np.max, "min": np.min}[op]
    expected = reduce(x) if floats else reduce(x, dtype=x.dtype) \
        if op == "add" else reduce(x)
    assert as_values(z, dtype)[0] == expected  # sums of powers of two: exact
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
    """What an atomic `op` leaves in memory holding `z`, for values `x` (both
    numpy arrays of the memory's type; bfloat16 as its bits)."""
    if op == "add" and z.dtype == np.uint16 and floats:  # bfloat16 bits
        return to_bf16_bits(from_bf16_bits(z) + from_bf16_bits(x))
    if op == "add":
        return z + x
    if floats and op in ("max", "min"):
        return triton_float_max_min(z, x, op == "max")
    return {"max": np.maximum, "min": np.minimum, "and": np.bitwise_and,
            "or": np.bitwise_or, "xor": np.bitwise_xor,
            "xchg": lambda a, b: b}[op](z, x)


def _sample(rs, dtype, n):
    """`n` values for memory of `dtype`: wide integers for 64-bit types,
    negative ones for unsigned (wrapped), normal floats."""
    if dtype in ("float16", "bfloat16") or dtype in FLOATS:
        return rs.standard_normal(n)
    bound = 1 << 40 if "64" in dtype else 1000
    return rs.randint(-bound, bound, n, dtype=np.int64)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op,dtype", [
    (op, dtype) for op, dtypes in RMW_DTYPES.items() for dtype in dtypes])
def test_uncontended_lanes_return_old_values(op, dtype, backend, monkeypatch):
    n, block, total = 200, 64, 256  # the last program's tail is masked off
    rs = np.random.RandomState(5)
    z, x = host(_sample(rs, dtype, total), dtype), \
        host(_sample(rs, dtype, total), dtype)
    z0 = _unwrap(z).copy()
    old = host(np.zeros(total), dtype)
    (z, x, old, _), _ = run(backend, monkeypatch, lanes_kernel,
                            (total // block,), [z, x, old, n], OP=op,
                            BLOCK=block)
    floats = dtype in ("float16", "bfloat16") + tuple(FLOATS)
    want = _reference(op, z0[:n], x[:n], floats)
    np.testing.assert_array_equal(bits(z[:n]), bits(want))
    np.testing.assert_array_equal(z[n:], z0[n:])  # masked lanes untouched
    np.testing.assert_array_equal(bits(old[:n]), bits(z0[:n]))
    np.testing.assert_array_equal(old[n:], 0)


# -- float max/min: negative values, -0.0, NaN (Triton's sign-split rule) ----
SPECIALS = [0.0, -0.0, 1.5, -1.5, 3.0, -3.0, np.inf, -np.inf,
            np.nan, -np.nan]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("op", ["max", "min"])
def test_float_max_min_of_negatives_zeros_and_nan(op, dtype, backend,
                                                  monkeypatch):
    pairs = [(a, b) for a in SPECIALS for b in SPECIALS]
    z = np.array([a for a, _ in pairs], dtype)
    x = np.array([b for _, b in pairs], dtype)
    # -np.nan is NaN with the sign bit set: keep it (numpy keeps it as is).
    assert (x.view(f"i{x.dtype.itemsize}") < 0)[np.isnan(x)].any()
    z0 = z.copy()
    n = len(pairs)
    block = 128
    total = triton.cdiv(n, block) * block
    zz = np.concatenate([z, np.zeros(total - n, dtype)])
    xx = np.concatenate([x, np.zeros(total - n, dtype)])
    old = np.zeros(total, dtype)
    (zz, _, old, _), _ = run(backend, monkeypatch, lanes_kernel,
                             (total // block,), [zz, xx, old, n], OP=op,
                             BLOCK=block)
    want = triton_float_max_min(z0, x, op == "max")
    np.testing.assert_array_equal(bits(zz[:n]), bits(want))
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
    np.testing.assert_array_equal(bits(old[:n]), bits(z0))


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


def _cas_operands(rs, dtype, count):
    """Memory, compared and new values for a compare-and-swap test, as
    memory of `dtype`: about a third of the lanes match; floats also hold
    -0.0 against 0.0 (no match: compared as bits) and NaN against the same
    NaN (a match) and against 1.0."""
    z = rs.randint(0, 3, count).astype(np.float64)
    cmp = rs.randint(0, 3, count).astype(np.float64)
    if dtype in ("float16", "bfloat16") or dtype in FLOATS:
        z[:4], cmp[:4] = [0.0, -0.0, np.nan, np.nan], [-0.0, 0.0, np.nan, 1.0]
    val = np.arange(count) + 10.0
    return host(z, dtype), host(cmp, dtype), host(val, dtype)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", CAS_DTYPES)
def test_tensor_atomic_cas_per_lane(dtype, backend, monkeypatch):
    z, cmp, val = _cas_operands(np.random.RandomState(2), dtype, 64)
    z0 = _unwrap(z).copy()
    old = host(np.zeros(64), dtype)
    (z, cmp, val, old), _ = run(backend, monkeypatch, cas_lanes_kernel, (1,),
                                [z, cmp, val, old], BLOCK=64)
    equal = bits(z0) == bits(cmp)
    np.testing.assert_array_equal(bits(z), np.where(equal, bits(val),
                                                    bits(z0)))
    np.testing.assert_array_equal(bits(old), bits(z0))


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
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16",
                                   "float64"])
def test_tiled_row_sums_add_once_per_row(dtype, backend, monkeypatch):
    # The rows' slice is held by several lanes and warps each: one add per
    # row, and every holder's old value is the one the add returned (16-
    # and 64-bit old values pass through the scratch buffer too). The
    # float32 sums convert to the memory's type, then add in it.
    x = np.arange(8 * 32, dtype=np.float32).reshape(8, 32)
    z = host(np.full(8, 2.0), dtype)
    z0 = _unwrap(z).copy()
    old = host(np.zeros(8), dtype)
    (z, _, old), _ = run(backend, monkeypatch, row_sums_kernel, (1,),
                         [z, x, old], SHAPE0=8, SHAPE1=32)
    sums = _unwrap(host(x.sum(axis=1), dtype))
    np.testing.assert_array_equal(bits(z), bits(_reference("add", z0, sums,
                                                           True)))
    np.testing.assert_array_equal(bits(old), bits(z0))


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
        return bits(values)
    return bits(np.where(np.isnan(values), values.dtype.type(np.nan),
                         values).astype(values.dtype))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["int32", "float32", "uint32", "int64",
                                   "float64"])
def test_tiled_uncontended_ops_return_old_values(dtype, backend,
                                                 monkeypatch):
    m, n_cols, n = 16, 32, 400  # the tile's last rows are masked off
    ints = dtype not in FLOATS
    ops = ["add", "max", "min", "xchg"] + (["and", "or", "xor"] if ints
                                           else [])
    size = m * n_cols
    rs = np.random.RandomState(23)
    z = _sample(rs, dtype, len(ops) * size).astype(dtype)
    x = _sample(rs, dtype, size).astype(dtype)
    if not ints:  # negatives, -0.0 and NaN for float max/min
        z[:8], x[:8] = [0.0, -0.0, np.nan, 1.0, -np.inf, 3.0, -2.0, -0.0], \
            [-0.0, 0.0, 1.0, np.nan, 5.0, -np.nan, -3.0, -0.0]
        z[size:size + 8], z[2 * size:2 * size + 8] = z[:8], z[:8]
    z0 = z.copy()
    old = np.zeros(len(ops) * size, z.dtype)
    (z, _, old, _), _ = run(backend, monkeypatch, tile_ops_kernel, (1,),
                            [z, x, old, n], INTS=ints, M=m, N=n_cols)
    for k, op in enumerate(ops):
        block = slice(k * size, (k + 1) * size)
        zk, z0k, oldk = z[block], z0[block], old[block]
        want = _reference(op, z0k[:n], x[:n], not ints)
        np.testing.assert_array_equal(_nan_canonical_bits(zk[:n]),
                                      _nan_canonical_bits(want), err_msg=op)
        np.testing.assert_array_equal(zk[n:], z0k[n:], err_msg=op)
        np.testing.assert_array_equal(bits(oldk[:n]), bits(z0k[:n]),
                                      err_msg=op)
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
@pytest.mark.parametrize("dtype", ["int32", "float32", "int16", "float16",
                                   "bfloat16", "int64", "float64"])
def test_tiled_replicated_cas_once_per_element(dtype, backend, monkeypatch):
    z, cmp, val = _cas_operands(np.random.RandomState(8), dtype, 64)
    z0, old = _unwrap(z).copy(), host(np.zeros(64), dtype)
    wide = np.zeros(128, np.int32)
    (z, cmp, val, old, wide), _ = run(
        backend, monkeypatch, replicated_cas_kernel, (1,),
        [z, cmp, val, old, wide], num_warps=4)
    equal = bits(z0) == bits(cmp)
    # A second compare-and-swap by a replica would see val, not z0.
    np.testing.assert_array_equal(bits(z), np.where(equal, bits(val),
                                                    bits(z0)))
    np.testing.assert_array_equal(bits(old), bits(z0))
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
               f"tl.atomic_{name} needs integer memory, but the pointer is "
               "a pointer to float32 scalar")


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


def test_non_pointer_is_refused():
    @triton.jit
    def not_pointer(x):
        tl.atomic_add(x, 1)
    _assert_at(_error(not_pointer, ["i32"]), not_pointer.fn,
               "tl.atomic_add(x, 1)", "tl.atomic_add needs a pointer")


def test_values_convert_to_the_memory_type_as_in_triton():
    # Triton's atom_red_typechecking_impl casts the value (as tl.store
    # does): a float to int memory truncates, an int to float64 converts.
    @triton.jit
    def k(i, d, u):
        tl.atomic_xchg(i, 1.5)
        tl.atomic_add(d, 1)
        tl.atomic_max(u, 3)
        tl.atomic_cas(d, 0, 2.5)
    ir = _ir(k, ["ptr<i32>", "ptr<f64>", "ptr<u64>"])
    assert "arith.fptosi" in ir and "tt.atomic_rmw xchg" in ir
    assert "tt.atomic_rmw fadd, acq_rel, gpu, " in ir and "!tt.ptr<f64>" in ir
    assert "tt.atomic_rmw umax, acq_rel, gpu, " in ir  # unsigned memory
    assert "tt.atomic_cas acq_rel, gpu, " in ir


@triton.jit
def refused_kernel(p, CALL: tl.constexpr):
    if CALL == "max":
        tl.atomic_max(p, 1.0)
    elif CALL == "xchg":
        tl.atomic_xchg(p, 1.0)
    elif CALL == "add":
        tl.atomic_add(p, 1)
    elif CALL == "or":
        tl.atomic_or(p, 1)
    else:
        tl.atomic_cas(p, 0, 1)


@pytest.mark.parametrize("call,pointer,message", [
    ("max", "ptr<f16>",
     "tl.atomic_max does not support float16 memory (as in Triton, 16-bit "
     "floats take atomic_add only), but the pointer is a pointer to float16 "
     "scalar"),
    ("xchg", "ptr<bf16>", "tl.atomic_xchg does not support bfloat16 memory"),
    ("add", "ptr<i16>",
     "tl.atomic_add takes 32- or 64-bit elements, or float16/bfloat16 for "
     "atomic_add (as Triton), but the pointer is a pointer to int16 scalar"),
    ("or", "ptr<u8>", "tl.atomic_or takes 32- or 64-bit elements"),
    ("cas", "ptr<i8>",
     "tl.atomic_cas takes 16-, 32- or 64-bit elements (as Triton), but the "
     "pointer is a pointer to int8 scalar"),
])
def test_element_types_triton_refuses_are_located(call, pointer, message):
    _assert_at(_error(refused_kernel, [pointer], CALL=call), refused_kernel.fn,
               f"tl.atomic_{call}(p, ", message)


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


# -- contended, every kind on every element type --------------------------------
@triton.jit
def contended_kernel(Z, X, OLD, OP: tl.constexpr, ADDRESSES: tl.constexpr,
                     BLOCK: tl.constexpr):
    # Every lane of every program on one of a few addresses.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    target = Z + offs % ADDRESSES
    if OP == "add":
        old = tl.atomic_add(target, x)
    elif OP == "max":
        old = tl.atomic_max(target, x)
    elif OP == "min":
        old = tl.atomic_min(target, x)
    elif OP == "and":
        old = tl.atomic_and(target, x)
    elif OP == "or":
        old = tl.atomic_or(target, x)
    elif OP == "xor":
        old = tl.atomic_xor(target, x)
    else:
        old = tl.atomic_xchg(target, x)
    tl.store(OLD + offs, old)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("op,dtype", [
    (op, dtype) for op, dtypes in RMW_DTYPES.items() for dtype in dtypes])
def test_contended_ops_on_every_type(op, dtype, backend, monkeypatch):
    # 8 programs of 64 lanes on 4 addresses: 128 atomics per address. Adds
    # of ones count (exact in bfloat16 too) and each sees a distinct old
    # count; max/min/and/or/xor end at the reduction of every value (order
    # free); exchanges pass each value on exactly once.
    programs, block, addresses = 8, 64, 4
    rs = np.random.RandomState(11)
    n = programs * block
    if op == "add":
        values = np.ones(n)
    elif op in ("and", "or", "xor"):
        values = rs.randint(0, 1 << 30, n, dtype=np.int64) | \
            (1 << 40 if "64" in dtype else 0)
    else:
        values = _sample(rs, dtype, n)
    x = host(values, dtype)
    start = {"add": 0.0, "and": -1}.get(op, 0)
    if op in ("max", "min") and dtype.startswith("u"):
        start = 1 << 20  # unsigned: a middle value both ways
    z = host(np.full(addresses, start), dtype)
    z0 = _unwrap(z).copy()
    old = host(np.zeros(n), dtype)
    (z, x, old), _ = run(backend, monkeypatch, contended_kernel, (programs,),
                         [z, x, old], OP=op, ADDRESSES=addresses, BLOCK=block)
    x, old, z, z0 = (as_values(a, dtype) for a in (x, old, z, z0))
    for a in range(addresses):
        lanes = x[a::addresses]
        if op == "add":
            assert z[a] == z0[a] + len(lanes)
            np.testing.assert_array_equal(np.sort(old[a::addresses]),
                                          np.arange(len(lanes)))
        elif op == "xchg":
            # Old values and the final one are the initial one and every
            # value, each once.
            seen = np.sort(np.append(old[a::addresses], z[a]))
            np.testing.assert_array_equal(seen,
                                          np.sort(np.append(lanes, z0[a])))
        else:
            reduce = {"max": np.maximum, "min": np.minimum,
                      "and": np.bitwise_and, "or": np.bitwise_or,
                      "xor": np.bitwise_xor}[op].reduce
            assert z[a] == reduce(np.append(lanes, z0[a]))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        os.environ["MYTRITON_ATOMICS_WARM"] = os.path.abspath(sys.argv[2])
        os.environ.pop("MYTRITON_NUM_WARPS", None)
        sys.exit(pytest.main(["-q", __file__, "-k", "cpu"]))
    sys.exit(__doc__)
