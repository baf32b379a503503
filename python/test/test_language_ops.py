"""Triton's scalar and math builtins (issue 15, points 3 and 4): integer
operators with C semantics, Python min/max on traced values, NaN policies,
and the tl math functions, each against numpy on the CPU path and, where a
GPU is present, through both GPU backends.

A GPU host without the compiler fills its cache from a compiler host:
    python3 python/test/test_language_ops.py --warm /path/to/cache
"""

import math
import os

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, CompilerNotFoundError, runtime
from test_execution import GPU, HAS_CPU, _to_gpu, _to_host

N = 100


@triton.jit
def int_op_kernel(x, y, out, n, BLOCK: tl.constexpr, OP: tl.constexpr):
    i = tl.arange(0, BLOCK)
    m = i < n
    a = tl.load(x + i, mask=m, other=1)
    b = tl.load(y + i, mask=m, other=1)
    if OP == "floordiv":
        r = a // b
    if OP == "mod":
        r = a % b
    if OP == "shl":
        r = a << (b & 15)
    if OP == "shr":
        r = a >> (b & 15)
    if OP == "xor":
        r = a ^ b
    if OP == "and_or":
        r = (a & b) | (a & 0x0F0F)
    if OP == "invert":
        r = ~a
    if OP == "pow3":
        r = a ** 3
    if OP == "pow0":
        r = a ** 0
    if OP == "min":
        r = min(a, b)
    if OP == "max3":
        r = max(a, b, -5)
    if OP == "minimum":
        r = tl.minimum(a, b)
    if OP == "clamp":
        r = tl.clamp(a, -100, 100)
    if OP == "umulhi":
        r = tl.umulhi(a, b)
    if OP == "abs":
        r = tl.abs(a)
    if OP == "cdiv":
        r = tl.cdiv(a, 7)
    tl.store(out + i, r, mask=m)


def _u32(v):
    return v.astype(np.int64) & 0xFFFFFFFF


INT_REFS = {
    # Triton: C-style truncation for // and % on signed integers.
    "floordiv": lambda a, b: (np.sign(a) * np.sign(b) *
                              (np.abs(a.astype(np.int64)) //
                               np.abs(b.astype(np.int64)))).astype(np.int32),
    "mod": lambda a, b: np.fmod(a, b),
    "shl": lambda a, b: (_u32(a) << (b & 15)).astype(np.uint32).view(np.int32),
    "shr": lambda a, b: a >> (b & 15),  # arithmetic shift, as Triton's
    "xor": lambda a, b: a ^ b,
    "and_or": lambda a, b: (a & b) | (a & 0x0F0F),
    "invert": lambda a, b: ~a,
    "pow3": lambda a, b: (a.astype(np.int64) ** 3).astype(np.uint64)
                         .astype(np.uint32).view(np.int32),
    "pow0": lambda a, b: np.ones_like(a),
    "min": np.minimum,
    "max3": lambda a, b: np.maximum(np.maximum(a, b), -5),
    "minimum": np.minimum,
    "clamp": lambda a, b: np.clip(a, -100, 100),
    "umulhi": lambda a, b: ((_u32(a) * _u32(b)) >> 32).astype(np.uint32)
                            .view(np.int32),
    "abs": lambda a, b: np.abs(a),
    # (a + 6) // 7 in int32 (the sum wraps) with C truncation, as Triton's
    # tl.cdiv on int32.
    "cdiv": lambda a, b: np.trunc((a + np.int32(6)) / 7).astype(np.int32),
}


def int_inputs():
    rs = np.random.RandomState(1)
    a = rs.randint(-100000, 100000, N).astype(np.int32)
    b = rs.randint(-60, 60, N).astype(np.int32)
    b[b == 0] = 7
    a[:4] = [-2**31, 2**31 - 1, -7, 7]
    b[:4] = [3, -3, 2, -2]  # no INT_MIN / -1, which is undefined
    return a, b


@triton.jit
def float_op_kernel(x, y, out, n, BLOCK: tl.constexpr, OP: tl.constexpr):
    i = tl.arange(0, BLOCK)
    m = i < n
    a = tl.load(x + i, mask=m, other=1.0)
    b = tl.load(y + i, mask=m, other=1.0)
    if OP == "exp2":
        r = tl.exp2(a)
    if OP == "log":
        r = tl.log(tl.abs(a))
    if OP == "log2":
        r = tl.log2(tl.abs(a))
    if OP == "sqrt":
        r = tl.sqrt(tl.abs(a))
    if OP == "sqrt_rn":
        r = tl.sqrt_rn(tl.abs(a))
    if OP == "rsqrt":
        r = tl.rsqrt(tl.abs(a) + 0.5)
    if OP == "sin":
        r = tl.sin(a)
    if OP == "cos":
        r = tl.cos(a)
    if OP == "erf":
        r = tl.erf(a)
    if OP == "floor":
        r = tl.floor(a)
    if OP == "ceil":
        r = tl.ceil(a)
    if OP == "fma":
        r = tl.fma(a, b, a)
    if OP == "sigmoid":
        r = tl.sigmoid(a)
    if OP == "softmax":
        r = tl.softmax(a)
    if OP == "div_rn":
        r = tl.div_rn(a, b)
    if OP == "fdiv":
        r = tl.fdiv(a, b)
    if OP == "mod":
        r = a % b
    if OP == "pow2":
        r = a ** 2
    if OP == "pow_half":
        r = tl.abs(a) ** 0.5
    if OP == "max_nan_all":
        r = tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)
    if OP == "min_nan_all":
        r = tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)
    if OP == "max_nan_none":
        r = tl.maximum(a, b)
    if OP == "python_max":
        r = max(a, b)
    if OP == "clamp":
        r = tl.clamp(a, -0.5, 0.5)
    if OP == "abs":
        r = tl.abs(a)
    if OP == "math_exp":
        r = tl.math.exp(a)
    tl.store(out + i, r, mask=m)


def _erf(a):
    return np.array([math.erf(v) if v == v else np.nan for v in a],
                    np.float32)


def _ieee_maximum(a, b):
    """IEEE 754-2019 maximum: NaN propagates and -0 < +0 (numpy's maximum
    propagates NaN but does not order signed zeros)."""
    both_zero = (a == 0) & (b == 0)
    return np.where(both_zero, np.where(np.signbit(a) & np.signbit(b),
                                        np.float32(-0.0), np.float32(0.0)),
                    np.maximum(a, b))


def _ieee_minimum(a, b):
    both_zero = (a == 0) & (b == 0)
    return np.where(both_zero, np.where(np.signbit(a) | np.signbit(b),
                                        np.float32(-0.0), np.float32(0.0)),
                    np.minimum(a, b))


def _softmax(a):
    e = np.exp(a - np.nanmax(a))
    return e / e.sum()


# (reference, relative tolerance). Tolerances are those Triton's test_math_op
# uses for float32 (1e-5 relative, 1e-6 absolute), looser where CUDA's
# functions are documented at a few ulp (rsqrtf 2 ulp, erff 2 ulp, exp2f 2),
# and where Triton's float32 defaults approximate on the GPU routes (`/` and
# fdiv: div.full.f32, 2 ulp; tl.sqrt: sqrt.approx.f32; tl.exp inside
# sigmoid and softmax: ex2.approx.f32). The IEEE forms are exact: sqrt_rn,
# div_rn.
FLOAT_REFS = {
    "exp2": (lambda a, b: np.exp2(a), 1e-5),
    "log": (lambda a, b: np.log(np.abs(a)), 1e-5),
    "log2": (lambda a, b: np.log2(np.abs(a)), 1e-5),
    "sqrt": (lambda a, b: np.sqrt(np.abs(a)), 1e-5),
    "sqrt_rn": (lambda a, b: np.sqrt(np.abs(a)), 0),
    "rsqrt": (lambda a, b: 1 / np.sqrt(np.abs(a) + np.float32(0.5)), 1e-5),
    "sin": (lambda a, b: np.sin(a), 1e-5),
    "cos": (lambda a, b: np.cos(a), 1e-5),
    "erf": (lambda a, b: _erf(a), 1e-5),
    "floor": (lambda a, b: np.floor(a), 0),
    "ceil": (lambda a, b: np.ceil(a), 0),
    "fma": (lambda a, b: (a.astype(np.float64) * b + a).astype(np.float32),
            0),
    "sigmoid": (lambda a, b: 1 / (1 + np.exp(-a)), 1e-5),
    "softmax": (lambda a, b: _softmax(a), 1e-5),
    "div_rn": (lambda a, b: a / b, 0),
    "fdiv": (lambda a, b: a / b, 1e-5),
    "mod": (lambda a, b: np.fmod(a, b), 0),
    "pow2": (lambda a, b: a * a, 0),
    "pow_half": (lambda a, b: np.abs(a) ** np.float32(0.5), 1e-6),
    "max_nan_all": (_ieee_maximum, 0),
    "min_nan_all": (_ieee_minimum, 0),
    "max_nan_none": (np.fmax, 0),    # fmax ignores NaN
    "python_max": (np.fmax, 0),      # Python max is tl.maximum
    "clamp": (lambda a, b: np.clip(np.fmax(a, -0.5), -0.5, 0.5), 0),
    "abs": (lambda a, b: np.abs(a), 0),
    "math_exp": (lambda a, b: np.exp(a), 1e-5),
}


def float_inputs(op):
    rs = np.random.RandomState(2)
    a = (rs.randn(N) * 3).astype(np.float32)
    b = (rs.randn(N) + 0.1).astype(np.float32)
    if op != "softmax":  # softmax of a NaN row is all NaN; checked apart
        a[3], b[5] = np.nan, np.nan
    a[6:10] = [0.0, -0.0, np.inf, -np.inf]
    b[6:10] = [-0.0, 0.0, 1.0, 1.0]
    return a, b


def _same(got, want, rtol):
    np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-6 if rtol else 0,
                               equal_nan=True)


def _signed_zeros_match(got, want):
    zero = want == 0
    assert np.array_equal(np.signbit(got[zero]), np.signbit(want[zero]))


def _run(kernel, args, op, device):
    out = np.zeros(N, args[0].dtype)
    if device == "cpu":
        kernel[(1,)](*args, out, N, BLOCK=128, OP=op)
        return out
    dev = [_to_gpu(a) for a in (*args, out)]
    try:
        kernel[(1,)](*dev, N, BLOCK=128, OP=op)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    return _to_host(dev[-1])


DEVICES = [pytest.param("cpu", marks=[
               requires_compiler,
               pytest.mark.skipif(not HAS_CPU, reason="no CPU path")])] + [
           pytest.param(backend, marks=[
               pytest.mark.skipif(GPU is None, reason="no CUDA GPU"),
               pytest.mark.skipif(not runtime.available(),
                                  reason="no libMyTritonRuntime.so")])
           for backend in ("nvvm", "cuda")]


@pytest.fixture
def device(request, monkeypatch):
    if request.param != "cpu":
        monkeypatch.setenv("MYTRITON_BACKEND", request.param)
        prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
        if prebuilt:
            monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    return request.param


@pytest.mark.parametrize("device", DEVICES, indirect=True)
@pytest.mark.parametrize("op", sorted(INT_REFS))
def test_int_op(op, device):
    a, b = int_inputs()
    got = _run(int_op_kernel, (a, b), op, device)
    with np.errstate(all="ignore"):
        want = INT_REFS[op](a, b)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("device", DEVICES, indirect=True)
@pytest.mark.parametrize("op", sorted(FLOAT_REFS))
def test_float_op(op, device):
    a, b = float_inputs(op)
    got = _run(float_op_kernel, (a, b), op, device)
    ref, rtol = FLOAT_REFS[op]
    with np.errstate(all="ignore"):
        want = ref(a, b).astype(np.float32)
    _same(got, want, rtol)
    if op in ("max_nan_all", "min_nan_all", "abs", "floor", "ceil"):
        _signed_zeros_match(got, want)


# -- scalars: the same operators on program ids and scalar arguments ---------
@triton.jit
def scalar_ops_kernel(out, k):
    pid = tl.program_id(0)
    tl.store(out + pid * 8 + 0, pid // k)
    tl.store(out + pid * 8 + 1, (pid - 5) % k)
    tl.store(out + pid * 8 + 2, pid << 2)
    tl.store(out + pid * 8 + 3, (pid - 5) >> 1)
    tl.store(out + pid * 8 + 4, min(pid, k))
    tl.store(out + pid * 8 + 5, max(pid, k, 3))
    tl.store(out + pid * 8 + 6, tl.cdiv(pid, k))
    tl.store(out + pid * 8 + 7, ~pid ^ k)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="no CPU path")
def test_scalar_operators():
    out = np.zeros(9 * 8, np.int32)
    scalar_ops_kernel[(9,)](out, 4)
    pid = np.arange(9, dtype=np.int32)
    want = np.stack([pid // 4, np.fmod(pid - 5, 4), pid << 2, (pid - 5) >> 1,
                     np.minimum(pid, 4), np.maximum(np.maximum(pid, 4), 3),
                     (pid + 3) // 4, ~pid ^ 4], axis=1).reshape(-1)
    np.testing.assert_array_equal(out, want)


# -- compile-time values stay Python values ----------------------------------
@triton.jit
def constexpr_ops_kernel(out, BLOCK: tl.constexpr):
    # Python semantics on constexprs (floor division of negatives), as Triton.
    tl.static_assert(BLOCK % 2 == 0, "BLOCK must be even")
    tl.store(out + 0, -BLOCK // 3)
    tl.store(out + 1, tl.cdiv(BLOCK, 3))
    tl.store(out + 2, min(BLOCK, 5))
    tl.store(out + 3, BLOCK ** 2)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="no CPU path")
def test_constexpr_operators_use_python_semantics():
    out = np.zeros(4, np.int32)
    constexpr_ops_kernel[(1,)](out, BLOCK=8)
    np.testing.assert_array_equal(out, [-3, 3, 5, 64])


# -- errors point at the user's line -----------------------------------------
def _trace_error(kernel, *args, **kw):
    with pytest.raises(CompilationError) as info:
        kernel.warmup(*args, grid=(1,), **kw)
    return str(info.value)


def _line_of(fn, text):
    import inspect
    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, l in enumerate(lines) if text in l)


@requires_compiler
def test_float_floordiv_is_refused_at_its_line():
    @triton.jit
    def k(x, out):
        v = tl.load(x)
        tl.store(out, v // 2.0)
    message = _trace_error(k, np.zeros(1, np.float32), np.zeros(1, np.float32))
    assert "operator '//' is defined on integer values only" in message
    assert f":{_line_of(k.fn, 'v // 2.0')}:" in message


@requires_compiler
def test_traced_exponent_is_refused():
    @triton.jit
    def k(x, out):
        v = tl.load(x)
        tl.store(out, v ** v)
    message = _trace_error(k, np.zeros(1, np.float32), np.zeros(1, np.float32))
    assert "needs a compile-time exponent" in message
    assert f":{_line_of(k.fn, 'v ** v')}:" in message


@requires_compiler
def test_static_assert_failure_names_its_message():
    message = _trace_error(constexpr_ops_kernel, np.zeros(4, np.int32),
                           BLOCK=7)
    assert "static_assert failed: BLOCK must be even" in message
    assert f":{_line_of(constexpr_ops_kernel.fn, 'tl.static_assert')}:" \
        in message


@requires_compiler
def test_bad_propagate_nan_is_refused():
    @triton.jit
    def k(x, out):
        v = tl.load(x)
        tl.store(out, tl.maximum(v, v, propagate_nan=3))
    message = _trace_error(k, np.zeros(1, np.float32), np.zeros(1, np.float32))
    assert "propagate_nan must be tl.PropagateNan.NONE or tl.PropagateNan.ALL" \
        in message


@requires_compiler
def test_static_print_prints_while_tracing(capsys):
    @triton.jit
    def k(out, BLOCK: tl.constexpr):
        tl.static_print("block is", BLOCK)
        tl.store(out, BLOCK)
    k.warmup(np.zeros(1, np.int32), BLOCK=16, grid=(1,))
    assert "block is 16" in capsys.readouterr().out


@requires_compiler
@pytest.mark.parametrize("op, want, not_want", [
    ("sqrt_rn", "sqrt.rn.f32", "sqrt.approx"),
    ("sqrt", "sqrt.approx.f32", "sqrt.rn"),
    ("div_rn", "div.rn.f32", "div.full"),
    ("fdiv", "div.full.f32", "div.rn"),
    ("math_exp", "ex2.approx.f32", "ex2.approx.ftz")])
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
def test_tritons_approximate_math_in_the_ptx(op, want, not_want, backend):
    """tl.sqrt, `/`/fdiv and tl.exp in float32 are Triton's approximate PTX
    instructions on both GPU routes; sqrt_rn and div_rn are IEEE
    (libdevice's sqrtf would be sqrt.approx.f32 unless NVVMReflect's
    __CUDA_PREC_SQRT is set: the in-process compile sets it)."""
    a, b = float_inputs(op)
    try:
        kernel = float_op_kernel.warmup(a, b, a, N, BLOCK=128, OP=op,
                                        backend=backend, grid=(1,))
    except CompilerNotFoundError as e:
        pytest.skip(f"no CUDA toolkit here: {e.reason[:80]}")
    assert want in kernel.asm["ptx"]
    assert not_want not in kernel.asm["ptx"]


def test_python_min_max_outside_kernels_are_untouched():
    # The kernel's globals are not modified: min/max are only rebound in the
    # copy a trace runs.
    assert min(3, 1) == 1 and max([2, 5]) == 5
    assert int_op_kernel.fn.__globals__.get("min") is None


def warm(cache_dir):
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    for backend in ("nvvm", "cuda"):
        for op in INT_REFS:
            a, b = int_inputs()
            k = int_op_kernel.warmup(a, b, a, N, BLOCK=128, OP=op,
                                     backend=backend, grid=(1,))
            print(f"{backend:5} int {op:12} {sorted(k.backend_errors) or 'ok'}")
        for op in FLOAT_REFS:
            a, b = float_inputs(op)
            k = float_op_kernel.warmup(a, b, a, N, BLOCK=128, OP=op,
                                       backend=backend, grid=(1,))
            print(f"{backend:5} float {op:12} "
                  f"{sorted(k.backend_errors) or 'ok'}")


if __name__ == "__main__":
    import sys
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
