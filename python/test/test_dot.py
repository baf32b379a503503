"""tl.dot (issue 17): every type pair Triton's tl.dot takes (float16 ->
float32 or float16, bfloat16 -> float32, float32 -> float32, float64 ->
float64, int8 -> int32) in tile products `tl.dot(a, b, acc=...)` and
`a @ b`, a loop-carried accumulator over K with masked loads (K not a
multiple of BLOCK_K), transposed operand strides, acc= chaining, out_dtype,
tiles of 1 to 256 rows or columns, a fused activation epilogue and Triton's
tutorial 03 (tutorial_kernels.py, autotuned), run against numpy on the CPU
path and, where a GPU is present, through both GPU backends; the IR they
trace to verifies; misuse is an error at the user's line.

Every backend computes each element today as a chain over k ascending,
one rounding per step in the accumulator's type, the operands extended to
it (the FMA path; docs/GPULowering.md#tldot-the-fma-path). The CPU tests
check that chain bit for bit where numpy can emulate it exactly (float16
and bfloat16 products are exact in float64 and far from a float32/float16
tie, int32 sums wrap), and integer-valued inputs, whose sums are exact in
any order, everywhere. The GPU tests use Triton's test_core tolerances
(rtol 1e-2; atol 1e-3, or 1e-2 for float16 results and bfloat16 inputs),
which the tensor-core path must meet too.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere (warm_tests: every GPU launch goes through launch()):

    python3 python/test/test_dot.py --warm /path/to/cache    # compiler host
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_dot.py -k gpu     # GPU host
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
from mytriton import CompilationError, compiler
from mytriton._reinterpret import TensorWrapper
from located import assert_at, line_of, trace_error
from mytriton import runtime
from test_execution import GPU, HAS_CPU
from test_gpu_dtypes import _launch_key, from_bf16_bits, launch, to_bf16_bits
from warm_tests import warm_main, warming
import tutorial_kernels as T

rng = np.random.default_rng(17)
requires_cpu = pytest.mark.skipif(not HAS_CPU,
                                  reason="CPU execution path not built yet")
# Read when this module is imported, which --warm does after setting the
# warm cache (test_gpu_dtypes' own may have been read before).
requires_gpu = pytest.mark.skipif(
    not warming() and (GPU is None or not runtime.available()),
    reason="no CUDA GPU (torch or cupy) or no libMyTritonRuntime.so")
backends = pytest.mark.parametrize("backend", ["nvvm", "cuda"])

# Operand type -> accumulator type, the pairs of tt.dot's verifier table.
PAIRS = [("float16", "float32"), ("float16", "float16"),
         ("bfloat16", "float32"), ("float32", "float32"),
         ("float64", "float64"), ("int8", "int32")]
PAIR_IDS = [f"{a}-{c}" for a, c in PAIRS]
NUMPY = {"float16": np.float16, "float32": np.float32,
         "float64": np.float64, "int8": np.int8, "int32": np.int32}


# -- values of every operand type ---------------------------------------------
def sample(shape, name, ints=False):
    """Values of type `name` (float64, or int64 for int8), exactly: small
    integers, else random ones (normal, times 0.1 as in Triton's test_dot;
    int8 over its whole range)."""
    if ints or name == "int8":
        low, high = (-128, 128) if name == "int8" and not ints else (-4, 5)
        return rng.integers(low, high, shape).astype(np.int64)
    values = rng.standard_normal(shape) * 0.1
    if name == "bfloat16":
        return from_bf16_bits(to_bf16_bits(values)).astype(np.float64)
    return values.astype(NUMPY[name]).astype(np.float64)


def host(values, name):
    """The host array a kernel reads for `values` of type `name` (bfloat16
    as its bits, reinterpreted)."""
    values = np.ascontiguousarray(values)
    if name == "bfloat16":
        return triton.reinterpret(to_bf16_bits(values), tl.bfloat16)
    return values.astype(NUMPY[name])


def fma_chain(a, b, acc, acc_name, block_k=None):
    """What the FMA path computes: for k ascending, acc = a[:, k] * b[k, :]
    + acc, one rounding per step in the accumulator's type; with `block_k`,
    `acc += tl.dot(a, b)` per K tile (a chain from zero, then one add).
    Exact here for float16/bfloat16 operands (their products are exact in
    float64, and a float64 sum rounds to a float32/float16 tie only where
    it is one) and for int32 (wrapping)."""
    if acc_name == "int32":
        total = acc.astype(np.int64) + a.astype(np.int64) @ b.astype(np.int64)
        return ((total + 2**31) % 2**32 - 2**31).astype(np.int32)
    step = NUMPY[acc_name]
    acc = np.asarray(acc).astype(step)
    if block_k is not None:
        for k0 in range(0, a.shape[1], block_k):
            part = fma_chain(a[:, k0:k0 + block_k], b[k0:k0 + block_k],
                             np.zeros(acc.shape), acc_name)
            acc = (acc.astype(np.float64) + part).astype(step)
        return acc
    for k in range(a.shape[1]):
        acc = (a[:, k:k + 1] * b[k:k + 1, :] + acc.astype(np.float64)) \
            .astype(step)
    return acc


def exact_chain(in_name):
    """Whether fma_chain is bit exact for these operands."""
    return in_name in ("float16", "bfloat16", "int8")


# -- kernels ------------------------------------------------------------------
@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, ACC: tl.constexpr,
                  ACTIVATION: tl.constexpr, PLUS_EQUALS: tl.constexpr):
    # A loop-carried accumulator of type ACC over K, masked on every edge.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) &
                    (offs_k[None, :] < k_left), other=0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) &
                    (offs_n[None, :] < N), other=0)
        if PLUS_EQUALS:
            acc += tl.dot(a, b, out_dtype=ACC)
        else:
            acc = tl.dot(a, b, acc, out_dtype=ACC)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if ACTIVATION == "leaky_relu":
        acc = leaky_relu(acc)
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def tile_dot_kernel(a_ptr, b_ptr, c_ptr, d_ptr, stride_am, stride_ak,
                    stride_bk, stride_bn, BM: tl.constexpr, BN: tl.constexpr,
                    BK: tl.constexpr, FORM: tl.constexpr,
                    PRECISION: tl.constexpr, OUT: tl.constexpr):
    # One tile, no loop: `d = a @ b`, tl.dot(a, b) or tl.dot(a, b, c) with
    # c read from memory.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak)
    b = tl.load(b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn)
    if FORM == "matmul":
        d = a @ b
    elif FORM == "acc":
        c = tl.load(c_ptr + rm[:, None] * BN + rn[None, :])
        d = tl.dot(a, b, c, input_precision=PRECISION, out_dtype=OUT)
    else:
        d = tl.dot(a, b, input_precision=PRECISION, out_dtype=OUT)
    tl.store(d_ptr + rm[:, None] * BN + rn[None, :], d)


@triton.jit
def chained_kernel(a_ptr, b_ptr, d_ptr, e_ptr, w_ptr, c_ptr,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   ACC: tl.constexpr):
    # acc= chaining: c = (a @ b + d^T @ e + 1) @ w, the second dot taking
    # the first as its accumulator and a transposed tile, the third the
    # result converted back to the operands' type (test_core's chain-dot).
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    d = tl.load(d_ptr + rk[:, None] * BM + rm[None, :])   # d is stored K x M
    e = tl.load(e_ptr + rk[:, None] * BN + rn[None, :])
    w = tl.load(w_ptr + rn[:, None] * BN + rn[None, :])
    ones = tl.full((BM, BN), 1, ACC)
    acc = tl.dot(a, b, acc=ones, out_dtype=ACC)
    acc = tl.dot(tl.trans(d), e, acc, out_dtype=ACC)
    acc = tl.dot(acc.to(w.dtype), w, out_dtype=ACC)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


# -- cases --------------------------------------------------------------------
class Case:
    """A launch and what it must give: `want` the exact (float64/int64)
    product per output argument index, `chain` the FMA path's bits where
    numpy emulates them exactly (else None), `exact` whether every order
    of summation gives `want` (integer-valued inputs)."""

    def __init__(self, kernel, grid, args, options, out, want, chain=None,
                 exact=False, in_name="float32", out_name="float32"):
        self.kernel, self.grid, self.args, self.options = \
            kernel, grid, args, options
        self.out, self.want, self.chain, self.exact = out, want, chain, exact
        self.in_name, self.out_name = in_name, out_name


def _matmul_case(in_name, acc_name, m, n, k, bm, bn, bk, activation="",
                 plus_equals=False, transposed="", num_warps=4, ints=False):
    a = sample((m, k), in_name, ints)
    b = sample((k, n), in_name, ints)
    # A transposed operand is stored as its transpose, row-major: strides
    # (1, rows) instead of (columns, 1).
    a_host = host(a.T if "a" in transposed else a, in_name)
    b_host = host(b.T if "b" in transposed else b, in_name)
    stride_a = (1, m) if "a" in transposed else (k, 1)
    stride_b = (1, k) if "b" in transposed else (n, 1)
    c = np.zeros((m, n), NUMPY[acc_name])
    want = a @ b
    chain = None
    if exact_chain(in_name):
        chain = fma_chain(a, b, np.zeros((m, n)), acc_name,
                          block_k=bk if plus_equals else None)
    if activation == "leaky_relu":
        want = np.where(want >= 0, want, 0.01 * want)
        chain = None
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    args = [a_host, b_host, c, m, n, k, *stride_a, *stride_b, n, 1]
    options = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                   ACC=getattr(tl, acc_name), ACTIVATION=activation,
                   PLUS_EQUALS=plus_equals, num_warps=num_warps)
    return Case(matmul_kernel, grid, args, options, 2, want, chain,
                exact=ints or in_name == "int8", in_name=in_name,
                out_name=acc_name)


def _tile_case(in_name, acc_name, bm, bn, bk, form="dot", precision="tf32",
               ints=True, acc_values=None, transposed=False):
    a = sample((bm, bk), in_name, ints)
    b = sample((bk, bn), in_name, ints)
    acc = np.zeros((bm, bn)) if acc_values is None else acc_values
    a_host = host(a.T if transposed else a, in_name)
    stride_a = (1, bm) if transposed else (bk, 1)
    c = host(acc, acc_name) if form == "acc" else \
        np.zeros((1,), NUMPY[acc_name])
    d = np.zeros((bm, bn), NUMPY[acc_name])
    want = acc + a @ b
    if acc_name == "int32":
        want = fma_chain(a, b, acc, "int32")
    chain = fma_chain(a, b, acc, acc_name) if exact_chain(in_name) else None
    options = dict(BM=bm, BN=bn, BK=bk, FORM=form, PRECISION=precision,
                   OUT=getattr(tl, acc_name), num_warps=4)
    return Case(tile_dot_kernel, (1,),
                [a_host, host(b, in_name), c, d, *stride_a, bn, 1], options,
                3, want, chain, exact=ints or in_name == "int8",
                in_name=in_name, out_name=acc_name)


def _chained_case(in_name, acc_name, bm, bn, bk):
    a, b, e = (sample(s, in_name, True) for s in ((bm, bk), (bk, bn),
                                                   (bk, bn)))
    d = sample((bk, bm), in_name, True)
    w = sample((bn, bn), in_name, True)
    c = np.zeros((bm, bn), NUMPY[acc_name])
    # Small integers: every partial sum is exact, in any order (|c| < 2**11).
    want = (a @ b + d.T @ e + 1) @ w
    args = [host(x, in_name) for x in (a, b, d, e, w)] + [c]
    return Case(chained_kernel, (1,), args,
                dict(BM=bm, BN=bn, BK=bk, ACC=getattr(tl, acc_name),
                     num_warps=4), 5, want, exact=True, in_name=in_name,
                out_name=acc_name)


def _pair_cases():
    cases = {}
    for (i, o), pid in zip(PAIRS, PAIR_IDS):
        bk = 32 if i == "int8" else 16
        cases[f"tile_ints_{pid}"] = functools.partial(
            _tile_case, i, o, 16, 32, bk)
        # K = 100: four K tiles of 32, the last masked; b transposed.
        cases[f"matmul_{pid}"] = functools.partial(
            _matmul_case, i, o, 70, 50, 100, 32, 32, 32, transposed="b")
    return cases


CASES = {
    **_pair_cases(),
    # float32 (the first milestone's cases): a @ b, the precisions.
    "tile_16x16x16": lambda: _tile_case("float32", "float32", 16, 16, 16,
                                        form="matmul"),
    "tile_32x64x16_ieee": lambda: _tile_case("float32", "float32", 32, 64,
                                             16, precision="ieee"),
    "tile_64x16x32_tf32x3": lambda: _tile_case("float32", "float32", 64, 16,
                                               32, precision="tf32x3"),
    "matmul_exact_ints": lambda: _matmul_case("float32", "float32", 70, 50,
                                              90, 32, 32, 32, ints=True),
    "matmul_k_ragged": lambda: _matmul_case("float32", "float32", 64, 64,
                                            100, 64, 64, 32),
    "matmul_ragged_edges": lambda: _matmul_case("float32", "float32", 45, 77,
                                                37, 16, 32, 16),
    "matmul_plus_equals": lambda: _matmul_case("float32", "float32", 64, 48,
                                               72, 32, 16, 16,
                                               plus_equals=True),
    "matmul_transposed_a_b": lambda: _matmul_case("float32", "float32", 48,
                                                  40, 56, 16, 16, 32,
                                                  transposed="ab"),
    "matmul_leaky_relu": lambda: _matmul_case("float32", "float32", 40, 72,
                                              48, 32, 64, 16,
                                              activation="leaky_relu"),
    "matmul_128_tiles_8_warps": lambda: _matmul_case(
        "float32", "float32", 130, 130, 40, 128, 128, 16, num_warps=8),
    "matmul_one_warp": lambda: _matmul_case("float32", "float32", 32, 32, 48,
                                            16, 32, 16, num_warps=1),
    "chained_acc_float32": lambda: _chained_case("float32", "float32", 32,
                                                 64, 16),
    # The other pairs with the same shapes of use.
    "chained_acc_float16": lambda: _chained_case("float16", "float32", 32,
                                                 32, 16),
    "matmul_leaky_relu_float16": lambda: _matmul_case(
        "float16", "float32", 40, 72, 48, 32, 64, 16,
        activation="leaky_relu"),
    "matmul_plus_equals_float16_out": lambda: _matmul_case(
        "float16", "float16", 64, 48, 72, 32, 16, 16, plus_equals=True),
    "matmul_transposed_a_bfloat16": lambda: _matmul_case(
        "bfloat16", "float32", 48, 40, 56, 16, 16, 32, transposed="a"),
    "matmul_int8_ragged_edges": lambda: _matmul_case(
        "int8", "int32", 45, 77, 70, 16, 32, 32),
    # acc= from memory: float16 accumulating in float16 (random: each step
    # rounds), int32 near 2**31 (the sums wrap).
    "tile_acc_float16_out": lambda: _tile_case(
        "float16", "float16", 32, 32, 32, form="acc", ints=False,
        acc_values=sample((32, 32), "float16")),
    "tile_acc_int32_wraps": lambda: _tile_case(
        "int8", "int32", 16, 16, 32, form="acc",
        acc_values=np.full((16, 16), 2**31 - 1000, np.int64) -
        rng.integers(0, 1000, (16, 16))),
    # Tiles of 1 to 256 rows or columns (Triton: M, N >= 1, K >= 16).
    "tile_1x64x16": lambda: _tile_case("float32", "float32", 1, 64, 16),
    "tile_2x4x32_float16": lambda: _tile_case("float16", "float32", 2, 4,
                                              32, ints=False),
    "tile_64x2x32_int8": lambda: _tile_case("int8", "int32", 64, 2, 32),
    "tile_256x16x32_float16": lambda: _tile_case("float16", "float32", 256,
                                                 16, 32, ints=False,
                                                 transposed=True),
    "tile_16x256x16_bfloat16": lambda: _tile_case("bfloat16", "float32", 16,
                                                  256, 16, ints=False),
    "tile_32x32x16_float64": lambda: _tile_case("float64", "float64", 32, 32,
                                                16, ints=False),
}


# num_warps variants (the CPU path has no warps), and a 256-row tile read
# through transposed strides (a gather of 8192 elements per load, 6 s to
# compile for the CPU; the 16x256 tile covers the CPU's long side).
GPU_ONLY = {"matmul_128_tiles_8_warps", "matmul_one_warp",
            "tile_256x16x32_float16"}


def _to_values(array, name):
    return from_bf16_bits(array) if name == "bfloat16" else array


def check_cpu(case, outputs):
    got = outputs[case.out]
    if case.chain is not None:
        np.testing.assert_array_equal(got, case.chain)
    elif case.exact:
        np.testing.assert_array_equal(got, case.want)
    elif case.in_name == "float64":
        np.testing.assert_allclose(got, case.want, rtol=1e-12, atol=1e-12)
    else:
        # float32 operands: fma chains against the float64 product.
        np.testing.assert_allclose(got, case.want, rtol=1e-5, atol=1e-5)


def check_gpu(case, outputs):
    """Triton's test_core tolerances (test_dot's compare), exact where every
    summation order is exact."""
    got = outputs[case.out]
    if case.exact:
        np.testing.assert_array_equal(got, case.want)
    elif case.in_name == "float32":
        np.testing.assert_allclose(got, case.want, rtol=0.01, atol=1e-3)
    elif case.out_name == "float16" or case.in_name == "bfloat16":
        np.testing.assert_allclose(got, case.want, rtol=0.01, atol=1e-2)
    else:
        np.testing.assert_allclose(got, case.want, rtol=0.01, atol=1e-3)


def _types(case):
    types = []
    for a in case.args:
        if isinstance(a, np.ndarray):
            types.append("*" + {"float16": "fp16", "float32": "fp32",
                                "float64": "fp64", "int8": "i8",
                                "int32": "i32"}[a.dtype.name])
        elif not isinstance(a, int):
            types.append("*bf16")
        else:
            types.append("i32")
    return types


def _trace(name):
    case = CASES[name]()
    options = dict(case.options)
    num_warps = options.pop("num_warps", "auto")
    return case.kernel.trace(_types(case), options, num_warps)[0]


def _ops(text):
    """The IR without its location info."""
    return re.sub(r' loc\([^)]*\)', '', text)


# -- the IR -------------------------------------------------------------------
@requires_compiler
@pytest.mark.parametrize("name", sorted(CASES))
def test_ir_verifies(name):
    text = _trace(name)
    assert "tt.dot" in text
    result = compiler.compile_ir(text, "artifacts=")
    assert result.status == compiler.STATUS_OK, result.diagnostics


def test_dot_traces_to_tt_dot_with_a_zero_accumulator():
    text = _ops(_trace("tile_16x16x16"))
    assert re.search(r"%(\d+) = tt\.splat %\d+ : f32 -> tensor<16x16xf32>\n"
                     r"\s*%\d+ = tt\.dot %\d+, %\d+, %\1 : tensor<16x16xf32> "
                     r"\* tensor<16x16xf32> -> tensor<16x16xf32>", text), text


@pytest.mark.parametrize("pair", PAIRS, ids=PAIR_IDS)
def test_each_pair_traces_to_its_accumulator(pair):
    i, o = pair
    ir = {"float16": "f16", "bfloat16": "bf16", "float32": "f32",
          "float64": "f64", "int8": "i8", "int32": "i32"}
    text = _ops(_trace(f"tile_ints_{i}-{o}"))
    k = 32 if i == "int8" else 16
    assert "tt.dot %" in text
    assert (f": tensor<16x{k}x{ir[i]}> * tensor<{k}x32x{ir[i]}> -> "
            f"tensor<16x32x{ir[o]}>") in text, text


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


# -- running on the CPU -------------------------------------------------------
@requires_compiler
@requires_cpu
@pytest.mark.parametrize("name", sorted(set(CASES) - GPU_ONLY))
def test_cpu(name):
    case = CASES[name]()
    case.kernel[case.grid](*case.args, **case.options)
    outputs = [a.base if isinstance(a, TensorWrapper) else a
               for a in case.args]
    outputs[case.out] = _to_values(outputs[case.out], case.out_name)
    check_cpu(case, outputs)


@requires_compiler
@requires_cpu
def test_cpu_accumulates_k_ascending_with_fused_multiply_adds():
    # Rows [1, 2^-24, -1, 0, ...] against columns of ones: k ascending,
    # one rounding per step, gives fl(fl(1 + 2^-24) - 1) = 0 (1 + 2^-24
    # is a tie and rounds to 1); k descending gives 2^-24, and so does the
    # exact (float64) product, so only the documented order passes.
    bm = bn = bk = 16
    a = np.zeros((bm, bk), np.float32)
    a[:, 0], a[:, 1], a[:, 2] = 1.0, 2.0 ** -24, -1.0
    b = np.ones((bk, bn), np.float32)
    d = np.full((bm, bn), 7.0, np.float32)  # overwritten by the store
    tile_dot_kernel[(1,)](a, b, d, d, bk, 1, bn, 1, BM=bm, BN=bn, BK=bk,
                          FORM="matmul", PRECISION="tf32", OUT=tl.float32)
    np.testing.assert_array_equal(d, np.zeros((bm, bn), np.float32))
    # k reversed would give 2^-24: the order is the documented one.
    assert np.float32(np.float32(-1.0 + 2.0 ** -24) + 1.0) != 0.0


@requires_compiler
@requires_cpu
def test_cpu_float16_accumulator_rounds_every_step():
    # a's rows [1, 2^-11, 2^-11, ...] (15 of 2^-11) against columns of
    # ones, into float16: every 1 + 2^-11 is a tie that rounds to even, 1,
    # so the chain gives 1.0; a float32 sum rounded once at the end would
    # give fl16(1 + 15 * 2^-11) = 1 + 2^-7.
    bm, bn, bk = 16, 16, 16
    a = np.full((bm, bk), 2.0 ** -11, np.float16)
    a[:, 0] = 1.0
    b = np.ones((bk, bn), np.float16)
    d = np.zeros((bm, bn), np.float16)
    tile_dot_kernel[(1,)](a, b, d, d, bk, 1, bn, 1, BM=bm, BN=bn, BK=bk,
                          FORM="dot", PRECISION="tf32", OUT=tl.float16)
    np.testing.assert_array_equal(d, np.ones((bm, bn), np.float16))
    assert np.float16(1 + 15 * 2.0 ** -11) == 1 + 2.0 ** -7


@requires_compiler
@requires_cpu
def test_cpu_float32_with_out_dtype_float16_is_float32():
    # Triton reads out_dtype only for float16 operands: float32 ones give
    # float32 whatever it says.
    a, b = sample((16, 16), "float32", True), sample((16, 16), "float32", True)
    d = np.zeros((16, 16), np.float32)
    tile_dot_kernel[(1,)](a.astype(np.float32), b.astype(np.float32), d, d,
                          16, 1, 16, 1, BM=16, BN=16, BK=16, FORM="dot",
                          PRECISION="tf32", OUT=tl.float16)
    np.testing.assert_array_equal(d, a @ b)


# -- running on the GPU: both backends ----------------------------------------
def _run_gpu(case, backend, monkeypatch):
    args = launch(backend, monkeypatch, case.kernel, case.grid, case.args,
                  **case.options)
    args[case.out] = _to_values(args[case.out], case.out_name)
    return args


@requires_gpu
@backends
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    case = CASES[name]()
    check_gpu(case, _run_gpu(case, backend, monkeypatch))


# -- Triton's tutorial 03 (tutorial_kernels.py) -------------------------------
def tutorial_matmul(a, b, in_name, activation=""):
    """The tutorial's wrapper with numpy arrays (strides in elements): `a`
    and `b` are the values (float64) of type `in_name`; c is float16."""
    assert a.shape[1] == b.shape[0], "Incompatible dimensions"
    M, K = a.shape
    K, N = b.shape
    c = np.empty((M, N), dtype=np.float16)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) *  # noqa: E731
                         triton.cdiv(N, META['BLOCK_SIZE_N']), )
    return grid, [host(a, in_name), host(b, in_name), c, M, N, K, K, 1, N, 1,
                  N, 1], dict(ACTIVATION=activation)


def tutorial_reference(a, b, activation):
    want = a @ b
    if activation:
        want = np.where(want >= 0, want, 0.01 * want)
    return want


@pytest.mark.skipif(bool(warming()), reason="launches nothing to warm")
def test_tutorial_03_takes_its_cuda_configs_without_a_gpu(monkeypatch):
    # The tutorial picks its configs at import with is_cuda(), Triton's
    # driver.active.get_current_target(): without a GPU MyTriton answers
    # with the target it compiles for ($MYTRITON_GPU_ARCH, else sm_90a).
    try:
        runtime.device_capability(0)
        pytest.skip("a GPU is present: the target is the device's")
    except triton.LaunchError:
        pass
    assert T.is_cuda() and len(T.matmul_kernel.configs) == 16
    assert runtime.driver.active.get_current_target() == \
        runtime.GPUTarget("cuda", 90, 32)
    monkeypatch.setenv("MYTRITON_GPU_ARCH", "sm_80")
    assert runtime.driver.active.get_current_target().arch == 80


@requires_compiler
@requires_cpu
@pytest.mark.parametrize("in_name,activation", [
    ("float16", "leaky_relu"), ("bfloat16", ""), ("float32", "")])
def test_tutorial_03_on_the_cpu(in_name, activation, monkeypatch):
    # M, N, K of 64..192 with K not a multiple of any BLOCK_SIZE_K; inputs
    # scaled so that |c| < 8 and one float16 ulp is below the tutorial's
    # atol of 1e-2. Autotune on the CPU times the configs of smallest tiles,
    # not the tutorial's 16: here two (64x32x32 and 32x64x32; the default is
    # three, test_autotune.py), to keep CI short.
    monkeypatch.setenv("MYTRITON_CPU_AUTOTUNE_CONFIGS", "2")
    a = sample((150, 100), in_name) * 2.5
    b = sample((100, 90), in_name) * 2.5
    if in_name == "float16":  # *2.5 is not exact: round to float16 again
        a, b = (x.astype(np.float16).astype(np.float64) for x in (a, b))
    elif in_name == "bfloat16":
        a, b = (from_bf16_bits(to_bf16_bits(x)).astype(np.float64)
                for x in (a, b))
    else:
        a, b = (x.astype(np.float32).astype(np.float64) for x in (a, b))
    grid, args, options = tutorial_matmul(a, b, in_name, activation)
    T.matmul_kernel[grid](*args, **options)
    c = args[2]
    want = tutorial_reference(a, b, activation)
    # The tutorial's check (torch.allclose(atol=1e-2, rtol=0)) ...
    np.testing.assert_allclose(c, want, atol=1e-2, rtol=0)
    # ... and the FMA path's own bits: the float32 chain over k ascending
    # across the K tiles (the masked tail adds zeros), rounded to float16.
    if in_name != "float32":
        chain = fma_chain(a, b, np.zeros((150, 90)), "float32")
        if activation:
            chain = np.where(chain >= 0, chain,
                             np.float32(0.01) * chain).astype(np.float32)
        np.testing.assert_array_equal(c, chain.astype(np.float16))
    timed = T.matmul_kernel.configs_timings
    assert sorted((cfg.kwargs["BLOCK_SIZE_M"], cfg.kwargs["BLOCK_SIZE_N"])
                  for cfg in timed) == [(32, 64), (64, 32)]
    assert T.matmul_kernel.best_config in timed


@requires_compiler
@requires_cpu
def test_tutorial_03_fp8_inputs_are_refused():
    # The tutorial's fp8 path passes torch.float8_e5m2 tensors: MyTriton has
    # no fp8 types, so the launch is refused at the argument, before any
    # config is compiled.
    from test_dtypes_args import FakeTensor
    a = FakeTensor("float8_e5m2", cuda=False, numel=64 * 64)
    c = np.empty((64, 64), np.float16)
    grid = lambda META: (1,)  # noqa: E731
    with pytest.raises(triton.ArgumentError,
                       match="a torch tensor of dtype torch.float8_e5m2 is "
                             "not supported"):
        T.matmul_kernel[grid](a, a, c, 64, 64, 64, 64, 1, 64, 1, 64, 1,
                              ACTIVATION="")


# The tutorial's configs that the GPU test times: BLOCK_SIZE_K = 32 and at
# most 8192 accumulator elements (5 of 16), which bounds the FMA path's
# compile time; the benchmark (benchmarks/) autotunes over all 16.
def _gpu_tutorial_configs(configs, named_args, **kwargs):
    return [c for c in configs if c.kwargs["BLOCK_SIZE_K"] == 32 and
            c.kwargs["BLOCK_SIZE_M"] * c.kwargs["BLOCK_SIZE_N"] <= 8192]


@requires_gpu
@backends
def test_gpu_tutorial_03(backend, monkeypatch):
    monkeypatch.setattr(T.matmul_kernel, "early_config_prune",
                        _gpu_tutorial_configs)
    a = sample((512, 512), "float16")
    b = sample((512, 512), "float16")
    grid, args, options = tutorial_matmul(a, b, "float16", "leaky_relu")
    if warming():
        _warm_autotuned(backend, monkeypatch, T.matmul_kernel, args, options)
    out = launch(backend, monkeypatch, T.matmul_kernel, grid, args, **options)
    np.testing.assert_allclose(out[2], tutorial_reference(a, b, "leaky_relu"),
                               rtol=0.01, atol=1e-2)
    assert len(T.matmul_kernel.configs_timings) == 5


@requires_gpu
@backends
@pytest.mark.parametrize("M,N,K", [(200, 136, 40), (130, 260, 100),
                                   (96, 64, 0)])
def test_gpu_tutorial_03_operands_in_wider_rows(M, N, K, backend,
                                                 monkeypatch):
    # a and b inside rows of a multiple of 64 elements (strides divisible by
    # 16: on sm_90a their tiles are TMA copies), M, N and K no multiple of
    # the blocks, and K = 0 (TMA's map then has a size of 1 and the copies
    # read zeros: docs/GPULowering.md#tma-copies).
    monkeypatch.setattr(T.matmul_kernel, "early_config_prune",
                        _gpu_tutorial_configs)
    row_a, row_b = max(64, -(-K // 64) * 64), -(-N // 64) * 64
    a = sample((M, row_a), "float16")
    b = sample((max(K, 16), row_b), "float16")
    c = np.empty((M, N), dtype=np.float16)
    grid = lambda META: (triton.cdiv(M, META['BLOCK_SIZE_M']) *  # noqa: E731
                         triton.cdiv(N, META['BLOCK_SIZE_N']), )
    args = [host(a, "float16"), host(b, "float16"), c, M, N, K, row_a, 1,
            row_b, 1, N, 1]
    options = dict(ACTIVATION="leaky_relu")
    if warming():
        _warm_autotuned(backend, monkeypatch, T.matmul_kernel, args, options)
    out = launch(backend, monkeypatch, T.matmul_kernel, grid, args, **options)
    want = tutorial_reference(a[:, :K], b[:K, :N], "leaky_relu")
    np.testing.assert_allclose(out[2], want, rtol=0.01, atol=1e-2)


@requires_compiler
def test_warm_key_of_a_tuned_config_is_the_launch_key():
    # --warm compiles each config the GPU test times (_warm_autotuned, the
    # autotuner's config options added); the GPU host's launch of it must
    # find that entry.
    a = sample((512, 512), "float16")
    grid, args, options = tutorial_matmul(a, a, "float16", "leaky_relu")
    config = _gpu_tutorial_configs(T.matmul_kernel.configs, {})[-1]
    assert config.kwargs["BLOCK_SIZE_M"] * config.kwargs["BLOCK_SIZE_N"] \
        == 32 * 64
    kwargs = {**options, **config.all_kwargs()}
    warmed = T.matmul_kernel.fn.warmup(*args, backend="nvvm", **kwargs)
    # The launch drops the options MyTriton ignores (num_ctas) before it
    # binds the arguments; _launch_key binds directly. num_stages keys it.
    kept = {k: v for k, v in kwargs.items() if k != "num_ctas"}
    assert _launch_key(T.matmul_kernel.fn, "nvvm", args, kept) == \
        warmed.cache_key


# -- software pipelining (tt-pipeline; gpu/nvvm route, sm_90a) -----------------
@pytest.fixture
def cp_async(monkeypatch):
    """Tiles through cp.async copies, which these tests count: on sm_90a
    tutorial 03's tiles are TMA copies unless MYTRITON_TMA=0."""
    monkeypatch.setenv("MYTRITON_TMA", "0")


def _loop_waits(ptx):
    """The cp.async.wait_group counts of the PTX, in order: the loop's wait
    (num_stages - 2 groups left in flight), then the drain after it (0)."""
    return [int(n) for n in re.findall(r"cp\.async\.wait_group\s+(\d+)", ptx)]


def _warm_matmul(num_stages=None, kernel=None, tma=None, **extra):
    if tma is not None:
        os.environ["MYTRITON_TMA"] = tma
    try:
        return _warm_matmul_now(num_stages, kernel, **extra)
    finally:
        if tma is not None:
            del os.environ["MYTRITON_TMA"]


def _warm_matmul_now(num_stages=None, kernel=None, **extra):
    a = sample((128, 128), "float16")
    grid, args, options = tutorial_matmul(a, a, "float16", "")
    config = dict(BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=32,
                  GROUP_SIZE_M=8, num_warps=4)
    if num_stages is not None:
        config["num_stages"] = num_stages
    return (kernel or T.matmul_kernel.fn).warmup(
        *args, backend="nvvm", **options, **config, **extra)


@requires_compiler
@pytest.mark.parametrize("stages", [2, 3, 4])
def test_num_stages_is_the_depth_of_the_k_loop_pipeline(stages, cp_async):
    compiled = _warm_matmul(stages)
    assert f"num_stages = {stages} : i32" in compiled.asm["ttir-traced"]
    assert compiled.metadata.num_stages == stages
    ptx = compiled.asm["ptx"]
    assert _loop_waits(ptx) == [stages - 2, 0]
    # 64x32 and 32x64 f16 tiles: 2 + 2 16-byte copies per thread a stage,
    # stages - 1 of them before the loop and one in it.
    assert ptx.count("cp.async.cg.shared.global") == 4 * stages
    assert "wgmma.mma_async" in ptx


@requires_compiler
def test_default_num_stages_is_tritons_3(cp_async):
    compiled = _warm_matmul()
    assert "num_stages" not in compiled.asm["ttir-traced"]
    assert compiled.metadata.num_stages == 3
    assert _loop_waits(compiled.asm["ptx"]) == [1, 0]
    assert compiled.cache_key != _warm_matmul(2).cache_key


@requires_compiler
def test_one_stage_loads_each_tile_in_its_iteration():
    ptx = _warm_matmul(1).asm["ptx"]
    assert "cp.async" not in ptx and "wgmma.mma_async" in ptx


@requires_compiler
@pytest.mark.parametrize("stages", [2, 3, 4])
def test_tutorial_03_tiles_are_tma_copies_on_sm_90a(stages):
    # docs/GPULowering.md#tma-copies: one TMA copy per tile and stage (the
    # prologue's S - 1 and the loop's), waits on mbarriers, and two hidden
    # tensor-map parameters that the launcher encodes from the arguments.
    compiled = _warm_matmul(stages)
    ptx = compiled.asm["ptx"]
    assert "cp.async.cg" not in ptx and "wgmma.mma_async" in ptx
    # 64x32 tiles of a and 32x64 of b: one box each (32 and 64 halves wide,
    # 64 and 128 bytes: b's pieces of 128 swizzled bytes are 1).
    assert ptx.count("cp.async.bulk.tensor.2d") == 2 * stages
    assert "mbarrier.try_wait.parity" in ptx
    user = len(compiled.signature)
    a, b = compiled.tensor_maps
    assert (a["argument"], b["argument"]) == (user, user + 1)
    names = compiled.param_names
    # Sizes innermost first as [constant, argument, coefficient]: a is K by
    # M (its rows wrap modulo M), b is N by K.
    assert a["base"] == names.index("a_ptr") and \
        b["base"] == names.index("b_ptr")
    assert a["sizes"] == [[0, names.index("K"), 1], [0, names.index("M"), 1]]
    assert b["sizes"] == [[0, names.index("N"), 1], [0, names.index("K"), 1]]
    assert a["strides"] == [[0, names.index("stride_am"), 1]]
    assert b["strides"] == [[0, names.index("stride_bk"), 1]]
    assert a["element_bytes"] == b["element_bytes"] == 2
    assert a["box"] == [32, 64] and b["box"] == [64, 32]
    # A launch without a GPU cannot be checked here: test_tma_launch.py
    # (fake driver) and scripts/gpu-run.sh (the H200).
    assert compiled.cache_key != _warm_matmul(stages, tma="0").cache_key


@requires_compiler
def test_negative_num_stages_is_refused():
    with pytest.raises(triton.LaunchError, match=r"num_stages=-1: expected "
                       r"an int >= 0"):
        _warm_matmul(-1)


@triton.jit
def staged_loop_kernel(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr,
                       BN: tl.constexpr, BK: tl.constexpr,
                       STAGES: tl.constexpr):
    # tl.range's num_stages is the loop's own, over the launch's.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * BN + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, num_stages=STAGES):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BK
        b_ptrs += BK * BN
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@requires_compiler
def test_tl_range_num_stages_overrides_the_launch_option(cp_async):
    a = host(sample((64, 128), "float16"), "float16")
    b = host(sample((128, 64), "float16"), "float16")
    c = np.empty((64, 64), np.float32)
    compiled = staged_loop_kernel.warmup(a, b, c, 128, BM=64, BN=64, BK=32,
                                         STAGES=2, num_stages=4,
                                         backend="nvvm", grid=(1,))
    assert "{tt.num_stages = 2 : i32}" in compiled.asm["ttir-traced"]
    assert _loop_waits(compiled.asm["ptx"]) == [0, 0]


def _warm_autotuned(backend, monkeypatch, kernel, args, options):
    """warm_launch for an autotuned kernel: every config it times."""
    monkeypatch.setenv("MYTRITON_CACHE_DIR", warming())
    kernel.nargs = dict(zip(kernel.arg_names, args))
    configs = kernel.prune_configs(options)
    kernel.nargs = None
    refused = []
    for config in configs:
        try:
            kernel.fn.warmup(*args, backend=backend, **options,
                             **config.all_kwargs())
        except CompilationError as e:
            refused.append(f"{config}: {str(e).splitlines()[0][:80]}")
    if refused:
        pytest.fail(f"{backend} FAILED: " + "; ".join(refused),
                    pytrace=False)
    pytest.skip(f"warmed {backend} ok")


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
    elif WHAT == "out_bf16":
        c = tl.dot(a, b, out_dtype=tl.bfloat16)
    elif WHAT == "acc":
        c = tl.dot(a, b, acc=tl.zeros((BM, BM), tl.float32))
    elif WHAT == "acc_type":
        c = tl.dot(a, b, acc=tl.zeros((BM, BN), tl.float16))
    elif WHAT == "acc_out_dtype":
        c = tl.dot(a, b, acc=tl.zeros((BM, BN), tl.int32))
    elif WHAT == "imprecise":
        c = tl.dot(a, b, max_num_imprecise_acc=-1)
    elif WHAT == "ints":
        c = tl.dot(a.to(tl.int32), b.to(tl.int32))
    elif WHAT == "mixed":
        c = tl.dot(a, b.to(tl.float32))
    elif WHAT == "rank1":
        c = tl.dot(rm.to(tl.float32), b)
    elif WHAT == "fp8":
        c = tl.dot(a.to(tl.float8e5), b.to(tl.float8e5))
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


@pytest.mark.parametrize("ptr,k,least", [("ptr<f32>", 8, 16),
                                         ("ptr<f16>", 8, 16),
                                         ("ptr<i8>", 16, 32),
                                         ("ptr<f64>", 2, 4)])
def test_k_below_tritons_minimum(ptr, k, least):
    message = _error(misuse_kernel, [ptr], BM=16, BN=16, BK=k, BK2=k,
                     WHAT="plain")
    name = {"ptr<f32>": "float32", "ptr<f16>": "float16", "ptr<i8>": "int8",
            "ptr<f64>": "float64"}[ptr]
    _assert_at(message, misuse_kernel.fn, "c = tl.dot(a, b)",
               f"tl.dot needs K of at least {least} for tl.{name} operands "
               f"(as Triton on NVIDIA GPUs), got K = {k}")


def test_m_and_n_below_16_are_taken():
    # As Triton's min_dot_size on NVIDIA: (1, 1, 16).
    text = misuse_kernel.trace(P, dict(BM=1, BN=2, BK=16, BK2=16,
                                       WHAT="plain"), "auto")[0]
    assert "tensor<1x16xf32> * tensor<16x2xf32> -> tensor<1x2xf32>" in text


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


def test_float16_out_dtype():
    message = _error(misuse_kernel, ["ptr<f16>"], BM=16, BN=16, BK=16,
                     BK2=16, WHAT="out_dtype")
    _assert_at(message, misuse_kernel.fn, "out_dtype=tl.int32",
               "tl.float16 operands accumulate into tl.float32 (the default) "
               "or tl.float16, not out_dtype=tl.int32")


def test_out_dtype_bfloat16_is_tritons_error():
    message = _error(misuse_kernel, ["ptr<bf16>"], BM=16, BN=16, BK=16,
                     BK2=16, WHAT="out_bf16")
    _assert_at(message, misuse_kernel.fn, "out_dtype=tl.bfloat16",
               "out_dtype=bfloat16 is unsupported (as in Triton); use "
               "out_dtype=tl.float32 and cast with .to(tl.bfloat16)")


def test_acc_shape():
    message = _error(misuse_kernel, P, BM=16, BN=32, BK=16, BK2=16,
                     WHAT="acc")
    _assert_at(message, misuse_kernel.fn, "acc=tl.zeros((BM, BM)",
               "acc must be the [M, N] = [16, 32] tl.float32 tile of the "
               "product, got a float32 tensor of shape [16, 16]")


def test_acc_type():
    # float16 operands with the default out_dtype accumulate in float32.
    message = _error(misuse_kernel, ["ptr<f16>"], BM=16, BN=16, BK=16,
                     BK2=16, WHAT="acc_type")
    _assert_at(message, misuse_kernel.fn, "acc=tl.zeros((BM, BN), "
               "tl.float16)", "acc must be the [M, N] = [16, 16] tl.float32 "
               "tile of the product, got a float16 tensor of shape [16, 16]")


def test_acc_needs_out_dtype():
    # int8 accumulates in int32, and Triton asserts acc's type == out_dtype.
    message = _error(misuse_kernel, ["ptr<i8>"], BM=16, BN=16, BK=32,
                     BK2=32, WHAT="acc_out_dtype")
    _assert_at(message, misuse_kernel.fn, "acc=tl.zeros((BM, BN), tl.int32)",
               "with an acc of tl.int32, out_dtype must be tl.int32 too "
               "(Triton requires acc's type to be out_dtype), got "
               "out_dtype=tl.float32")


def test_max_num_imprecise_acc():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="imprecise")
    _assert_at(message, misuse_kernel.fn, "max_num_imprecise_acc=-1",
               "max_num_imprecise_acc must be a non-negative")


@pytest.mark.parametrize("ptr,what,name", [("ptr<f32>", "ints", "tl.int32"),
                                           ("ptr<u8>", "plain", "tl.uint8")])
def test_integer_operands_other_than_int8(ptr, what, name):
    message = _error(misuse_kernel, [ptr], BM=16, BN=16, BK=32, BK2=32,
                     WHAT=what)
    _assert_at(message, misuse_kernel.fn, "a.to(tl.int32)" if what == "ints"
               else "c = tl.dot(a, b)",
               "tl.dot multiplies tiles of tl.int8, tl.float16, tl.bfloat16, "
               f"tl.float32, tl.float64, not of {name} (Triton takes signed "
               "int8 only)")


def test_mixed_operands():
    message = _error(misuse_kernel, ["ptr<f16>"], BM=16, BN=16, BK=16,
                     BK2=16, WHAT="mixed")
    _assert_at(message, misuse_kernel.fn, "b.to(tl.float32)",
               "both operands must have one element type, got float16 "
               "tensor of shape [16, 16] and float32 tensor")


def test_fp8_is_refused():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="fp8")
    _assert_at(message, misuse_kernel.fn, "tl.float8e5",
               "MyTriton has no 8-bit float types")


def test_rank_one_operand():
    message = _error(misuse_kernel, P, BM=16, BN=16, BK=16, BK2=16,
                     WHAT="rank1")
    _assert_at(message, misuse_kernel.fn, "c = tl.dot(rm.to(tl.float32), b)",
               "tl.dot multiplies 2-D tiles, but the first operand has "
               "shape [16]")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        sys.exit(warm_main(__file__, sys.argv[2], "gpu"))
    sys.exit(__doc__)


@requires_compiler
@pytest.mark.parametrize("b_order, instruction", [
    ("rows", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"),
    ("columns", "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32")])
def test_tf32_dot_takes_wgmma_only_when_b_is_copied_whole(b_order,
                                                          instruction):
    # wgmma reads a tf32 b tile K-contiguous. Tutorial 03's row-major b
    # would be copied into it 4 bytes at a time, so that dot takes mma.sync
    # (1.12-1.16 of Triton on the H200 where wgmma made 0.87-0.92;
    # docs/performance.md); b stored transposed (K-contiguous) keeps wgmma.
    a = sample((128, 128), "float32")
    grid, args, options = tutorial_matmul(a, a, "float32", "")
    if b_order == "columns":
        args[8], args[9] = 1, 128  # stride_bk, stride_bn
    ptx = T.matmul_kernel.fn.warmup(
        *args, backend="nvvm", **options, BLOCK_SIZE_M=64, BLOCK_SIZE_N=64,
        BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_warps=4).asm["ptx"]
    assert instruction in ptx
    assert ("wgmma" in ptx) == (b_order == "columns")
