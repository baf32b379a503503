"""Triton's device-side tensor descriptors (tl.make_tensor_descriptor,
desc.load, desc.store, triton.set_allocator): blocks read with zeros (or
NaN) outside the tensor and written only inside it, the store's cast, rank
1, a matmul written with descriptors, tutorial 09's descriptor kernel with
its source unchanged, and Triton's checks as located errors. Against numpy
on the CPU path and, where a GPU is present, through both GPU backends
(docs/Python.md#tensor-descriptors).
"""

import os
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, CompilerNotFoundError, runtime
from test_execution import GPU, HAS_CPU, _to_gpu, _to_host
from warm_tests import warm_launch, warm_main, warming

GPU_MARKS = [
    pytest.mark.skipif(not warming() and GPU is None,
                       reason="no CUDA GPU (torch or cupy)"),
    pytest.mark.skipif(not warming() and not runtime.available(),
                       reason="no libMyTritonRuntime.so")]
BACKENDS = [pytest.param("cpu", marks=[
                requires_compiler,
                pytest.mark.skipif(not HAS_CPU, reason="no CPU path")])] + [
            pytest.param(backend, marks=GPU_MARKS)
            for backend in ("nvvm", "cuda")]


def run(backend, monkeypatch, kernel, grid, args, **options):
    """Launches on `backend`; returns the numpy arrays of `args` as they
    are after the launch (copied to the GPU and back). Under --warm, a GPU
    case compiles its launch into the cache instead."""
    if backend == "cpu":
        kernel[grid](*args, **options)
        return [a for a in args if isinstance(a, np.ndarray)]
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
    return [_to_host(d) for a, d in zip(args, device)
            if isinstance(a, np.ndarray)]


@triton.jit
def scale_2d_kernel(x_ptr, y_ptr, M, N, stride_x, stride_y,
                    BM: tl.constexpr, BN: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N],
                                       strides=[stride_x, 1],
                                       block_shape=[BM, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[M, N],
                                       strides=[stride_y, 1],
                                       block_shape=[BM, BN])
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    y_desc.store([off_m, off_n], x_desc.load([off_m, off_n]) * 2)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_blocks_stay_inside_the_tensor(dtype, backend, monkeypatch):
    # 37 x 50 inside row-major buffers of 64 columns: the edge blocks read
    # zeros past row 37 and column 50 and write nothing there, nor in the
    # rows the output buffer has beyond the descriptor's shape.
    m, n = 37, 50
    x = (np.random.default_rng(0).random((m, 64)) * 4).astype(dtype)
    y = np.full((m + 3, 64), -1, dtype)
    _, y = run(backend, monkeypatch, scale_2d_kernel,
               (triton.cdiv(m, 16), triton.cdiv(n, 32)),
               [x, y, m, n, 64, 64], BM=16, BN=32)
    want = np.full_like(y, -1)
    want[:m, :n] = 2 * x[:m, :n]
    np.testing.assert_array_equal(y, want)


@triton.jit
def load_block_kernel(x_ptr, out_ptr, M, N, off_m, off_n,
                      BM: tl.constexpr, BN: tl.constexpr,
                      PADDING: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[BM, BN],
                                     padding_option=PADDING)
    block = desc.load([off_m, off_n])
    rows = tl.arange(0, BM)[:, None]
    cols = tl.arange(0, BN)[None, :]
    tl.store(out_ptr + rows * BN + cols, block)


def padded_block(x, off_m, off_n, bm, bn, fill):
    want = np.full((bm, bn), fill, x.dtype)
    for i in range(bm):
        for j in range(bn):
            r, c = off_m + i, off_n + j
            if 0 <= r < x.shape[0] and 0 <= c < x.shape[1]:
                want[i, j] = x[r, c]
    return want


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("padding", ["zero", "nan"])
@pytest.mark.parametrize("offsets", [(0, 0), (-3, 40), (20, -5), (30, 60)])
def test_load_pads_outside(offsets, padding, backend, monkeypatch):
    # Negative offsets and blocks past the end read the padding, as TMA's
    # out-of-bounds fill does in Triton.
    x = np.random.default_rng(1).random((24, 48)).astype(np.float32) + 1
    out = np.zeros((16, 16), np.float32)
    _, out = run(backend, monkeypatch, load_block_kernel, (1,),
                 [x, out, 24, 48, *offsets], BM=16, BN=16, PADDING=padding)
    fill = np.nan if padding == "nan" else 0
    np.testing.assert_array_equal(out, padded_block(x, *offsets, 16, 16,
                                                    fill))


@triton.jit
def store_cast_kernel(y_ptr, n, B: tl.constexpr):
    desc = tl.make_tensor_descriptor(y_ptr, shape=[n], strides=[1],
                                     block_shape=[B])
    offs = tl.program_id(0) * B
    desc.store([offs], (tl.arange(0, B) + offs).to(tl.float32) + 0.25)


@pytest.mark.parametrize("backend", BACKENDS)
def test_rank_1_store_casts_to_the_descriptor_dtype(backend, monkeypatch):
    # float32 values into a float16 descriptor (Triton casts implicitly);
    # the last block stops at n.
    n = 70
    y = np.full(80, -1, np.float16)
    (y,) = run(backend, monkeypatch, store_cast_kernel, (triton.cdiv(n, 32),),
               [y, n], B=32)
    want = np.full(80, -1, np.float16)
    want[:n] = (np.arange(n) + 0.25).astype(np.float16)
    np.testing.assert_array_equal(y, want)


@triton.jit
def descriptor_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr):
    # Triton's tutorial 09 (matmul_kernel_descriptor_persistent), one tile a
    # program.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    offs_am = tl.program_id(0) * BLOCK_M
    offs_bn = tl.program_id(1) * BLOCK_N
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for ki in range(tl.cdiv(K, BLOCK_K)):
        offs_k = ki * BLOCK_K
        a = a_desc.load([offs_am, offs_k])
        b = b_desc.load([offs_bn, offs_k])
        accumulator = tl.dot(a, b.T, accumulator)
    c_desc.store([offs_am, offs_bn], accumulator.to(tl.float16))


@pytest.mark.parametrize("backend", BACKENDS)
def test_matmul_with_descriptors(backend, monkeypatch):
    # Sizes that are not multiples of the blocks: the K tail reads zeros.
    m, n, k = 70, 40, 90
    rng = np.random.default_rng(2)
    a = rng.integers(-3, 4, (m, k)).astype(np.float16)
    b = rng.integers(-3, 4, (n, k)).astype(np.float16)
    c = np.zeros((m, n), np.float16)
    grid = (triton.cdiv(m, 32), triton.cdiv(n, 32))
    _, _, c = run(backend, monkeypatch, descriptor_matmul_kernel, grid,
                  [a, b, c, m, n, k], BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
    # Small integers: every product and sum is exact in float16/float32.
    want = (a.astype(np.float32) @ b.astype(np.float32).T).astype(np.float16)
    np.testing.assert_array_equal(c, want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_tutorial_09_descriptor_persistent(backend, monkeypatch):
    # Triton's tutorial 09 kernel, source unchanged (tutorial_kernels.py):
    # three persistent programs over a 4 x 3 grid of 32 x 32 tiles, with
    # the tutorial's grouped order, edge tiles and a K tail.
    import tutorial_kernels as T
    m, n, k = 100, 72, 80
    rng = np.random.default_rng(3)
    a = rng.integers(-3, 4, (m, k)).astype(np.float16)
    b = rng.integers(-3, 4, (n, k)).astype(np.float16)  # b stored as N x K
    c = np.zeros((m, n), np.float16)
    _, _, c = run(backend, monkeypatch, T.matmul_kernel_descriptor_persistent,
                  (3,), [a, b, c, m, n, k], BLOCK_SIZE_M=32, BLOCK_SIZE_N=32,
                  BLOCK_SIZE_K=32, GROUP_SIZE_M=8, EPILOGUE_SUBTILE=False,
                  NUM_SMS=3, WARP_SPECIALIZE=False)
    want = (a.astype(np.float32) @ b.astype(np.float32).T).astype(np.float16)
    np.testing.assert_array_equal(c, want)


# Triton's test_tensor_descriptor_reduce (its device-descriptor kernel,
# verbatim but for the out_desc parameter, which is a host-side descriptor
# MyTriton does not take).
@triton.jit(debug=True)
def reduce_kernel(out_ptr, a_ptr, M, N, M_BLOCK: tl.constexpr,
                  N_BLOCK: tl.constexpr, kind: tl.constexpr):
    moffset = tl.program_id(0) * M_BLOCK
    noffset = tl.program_id(1) * N_BLOCK

    midx = moffset + tl.arange(0, M_BLOCK)[:, None]
    nidx = noffset + tl.arange(0, N_BLOCK)[None, :]
    idx = midx * N + nidx

    val = tl.load(a_ptr + idx)

    desc = tl.make_tensor_descriptor(
        out_ptr,
        shape=[M, N],
        strides=[N, 1],
        block_shape=[M_BLOCK, N_BLOCK],
    )

    assert desc.shape[0] == M
    assert desc.shape[1] == N
    assert desc.strides[0] == N
    assert desc.strides[1] == 1
    assert desc.block_shape == [M_BLOCK, N_BLOCK]
    if kind == "add":
        desc.atomic_add([moffset, noffset], val)
    elif kind == "min":
        desc.atomic_min([moffset, noffset], val)
    elif kind == "max":
        desc.atomic_max([moffset, noffset], val)
    elif kind == "and":
        desc.atomic_and([moffset, noffset], val)
    elif kind == "or":
        desc.atomic_or([moffset, noffset], val)
    else:
        tl.static_assert(kind == "xor")
        desc.atomic_xor([moffset, noffset], val)


REDUCE = {"add": np.add, "min": np.minimum, "max": np.maximum,
          "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}
# Triton's element types for each kind that MyTriton's atomics take
# (bfloat16 has no numpy type; 16-bit float min/max need TMA in Triton).
REDUCE_TYPES = {"add": ["uint32", "int32", "uint64", "float32", "float16"],
                **{k: ["uint32", "int32", "uint64", "int64"]
                   for k in ("min", "max", "and", "or", "xor")}}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("m_block, n_block", [(2, 16), (8, 32)])
@pytest.mark.parametrize("kind, dtype", [
    (k, t) for k, types in REDUCE_TYPES.items() for t in types])
def test_tensor_descriptor_reduce(kind, dtype, m_block, n_block, backend,
                                  monkeypatch):
    m, n = 2 * m_block, 2 * n_block
    rng = np.random.default_rng(4)
    a = rng.integers(0, 100, (m, n)).astype(dtype)
    out = rng.integers(0, 100, (m, n)).astype(dtype)
    want = REDUCE[kind](out, a)
    out, _ = run(backend, monkeypatch, reduce_kernel, (2, 2),
                 [out, a, m, n], M_BLOCK=m_block, N_BLOCK=n_block, kind=kind)
    np.testing.assert_array_equal(out, want)


def test_set_allocator_is_accepted_and_never_called():
    calls = []
    triton.set_allocator(lambda size, align, stream: calls.append(size))
    try:
        assert calls == []
    finally:
        triton.set_allocator(None)


# -- Triton's checks, as located errors --------------------------------------
@triton.jit
def bad_descriptor_kernel(x_ptr, n, stride, CASE: tl.constexpr):
    # One line a case: the error quotes the line it points at.
    if CASE == "runtime_last_stride":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, stride], [16, 16])
    if CASE == "last_stride_2":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 2], [16, 16])
    if CASE == "narrow_block":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 2])
    if CASE == "rank_3":
        d = tl.make_tensor_descriptor(x_ptr, [n, n, n], [n, n, 1], [4, 4, 16])
    if CASE == "strides_count":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [1], [16, 16])
    if CASE == "runtime_block":
        d = tl.make_tensor_descriptor(x_ptr, [n], [1], [n])
    if CASE == "padding_word":
        d = tl.make_tensor_descriptor(x_ptr, [n], [1], [16], "one")
    if CASE == "offsets_count":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        d.load([0])
    if CASE == "store_shape":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        d.store([0, 0], tl.zeros((16, 8), dtype=tl.float32))
    if CASE == "atomic_min_float32":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        d.atomic_min([0, 0], tl.zeros((16, 16), dtype=tl.float32))
    if CASE == "atomic_value_type":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        d.atomic_add([0, 0], tl.zeros((16, 16), dtype=tl.int32))
    if CASE == "atomic_shape":
        d = tl.make_tensor_descriptor(x_ptr, [n, n], [n, 1], [16, 16])
        d.atomic_add([0, 0], tl.zeros((8, 16), dtype=tl.float32))


@triton.jit
def int_nan_kernel(x_ptr, n):
    d = tl.make_tensor_descriptor(x_ptr, shape=[n], strides=[1],
                                  block_shape=[16], padding_option="nan")


@requires_compiler
@pytest.mark.parametrize("case, source, phrase", [
    ("runtime_last_stride", "[n, stride]",
     "last dim must be 1 but got a runtime value"),
    ("last_stride_2", "[n, 2]", "last dim must be 1 but got 2"),
    ("narrow_block", "[16, 2]",
     "at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes"),
    ("rank_3", "[4, 4, 16]", "rank 1 and 2"),
    ("strides_count", "[n, n], [1]", "expected 2 strides but got 1"),
    ("runtime_block", "[1], [n]", "compile-time ints"),
    ("padding_word", '"one"', "'zero' or 'nan'"),
    ("offsets_count", "d.load([0])", "expected 2 offsets"),
    ("store_shape", "d.store([0, 0]",
     "shape [16, 8] is not the block's [16, 16]"),
    ("atomic_min_float32", "d.atomic_min([0, 0]", "unsupported dtype"),
    ("atomic_value_type", "d.atomic_add([0, 0]",
     "the value is int32, the descriptor float32"),
    ("atomic_shape", "d.atomic_add([0, 0]",
     "shape [8, 16] is not the block's [16, 16]"),
])
def test_bad_descriptor_is_a_located_error(case, source, phrase):
    # stride 2 stays a runtime value (an int argument of 1 would be
    # specialized to the constant 1, as in Triton, and accepted).
    x = np.zeros((32, 32), np.float32)
    with pytest.raises(CompilationError) as excinfo:
        bad_descriptor_kernel[(1,)](x, 32, 2, CASE=case)
    text = str(excinfo.value)
    assert "kernel 'bad_descriptor_kernel'" in text, text
    assert source in text, text  # the offending line, quoted
    assert phrase in text, text


@triton.jit
def half_min_kernel(x_ptr, n):
    d = tl.make_tensor_descriptor(x_ptr, [n], [1], [16])
    d.atomic_min([0], tl.zeros((16,), dtype=tl.float16))


@requires_compiler
def test_half_precision_descriptor_min_needs_tma():
    # Triton's message where it has no TMA; MyTriton's descriptors never
    # use it.
    with pytest.raises(CompilationError,
                       match="16-bit float types require native tma"):
        half_min_kernel[(1,)](np.zeros(16, np.float16), 16)


@requires_compiler
def test_nan_padding_of_integers_is_a_located_error():
    with pytest.raises(CompilationError, match="not supported for integer"):
        int_nan_kernel[(1,)](np.zeros(16, np.int32), 16)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        sys.exit(warm_main(__file__, sys.argv[2], "nvvm or cuda"))
    sys.exit(__doc__)
