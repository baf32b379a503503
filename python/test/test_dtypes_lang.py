"""Element types inside the kernel (issue 16): Triton's dtype names, type
promotion, casts, unsigned ops, math in float32 for halves, reductions per
dtype, bool memory, pointer offsets of every integer type.

The trace-level tests check the types and ops of the traced tt IR (and that
main's verifiers accept it); the dtype pairs and expectations are those of
Triton's python/test/unit/language/test_core.py (test_bin_op, test_cast,
test_where, test_floordiv, test_shift_op). The end-to-end tests run kernels
on the CPU against numpy.
"""

import inspect
import re

import numpy as np
import pytest

import mytriton
import mytriton.language as tl
from mytriton import compiler
from mytriton.errors import CompilationError
from conftest import requires_compiler

# Triton's test_core lists.
INT = ["int8", "int16", "int32", "int64"]
UINT = ["uint8", "uint16", "uint32", "uint64"]
FLOAT = ["float16", "float32", "float64"]
DTYPES = INT + UINT + FLOAT
DTYPES_BF16 = DTYPES + ["bfloat16"]
SIG = {"int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
       "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
       "float16": "fp16", "bfloat16": "bf16", "float32": "fp32",
       "float64": "fp64", "bool": "i1"}


def _tl(name):
    return getattr(tl, name)


def _bits(name):
    return int(re.search(r"(\d+)$", name).group(1))


# -- tracing helpers ----------------------------------------------------------
_SEEN = []


def _trace(kernel, types, constants=None, verify=True):
    """The traced IR of `kernel` for signature `types` (Triton's strings);
    with `verify`, also parsed and verified by the C++ dialect."""
    ir = kernel.trace(list(types), dict(constants or {}), "auto")[0]
    if verify and compiler.available():
        result = compiler.compile_ir(ir, "artifacts=")
        errors = [d for d in result.diagnostics if d.severity == "error"]
        assert result.status == compiler.STATUS_OK and not errors, \
            f"{[d.message for d in errors]}\n{ir}"
    return ir


def _error(kernel, types, constants=None) -> str:
    with pytest.raises(CompilationError) as e:
        kernel.trace(list(types), dict(constants or {}), "auto")
    return str(e.value)


def _assert_at(message, kernel, line_text, *phrases):
    lines, first = inspect.getsourcelines(kernel.fn)
    line = first + next(i for i, text in enumerate(lines) if line_text in text)
    assert f":{line}:" in message, message
    for phrase in phrases:
        assert phrase in message, message


@mytriton.jit
def binop(X, Y, OP: tl.constexpr):
    offs = tl.arange(0, 8)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    if OP == "+":
        z = x + y
    elif OP == "-":
        z = x - y
    elif OP == "*":
        z = x * y
    elif OP == "/":
        z = x / y
    elif OP == "%":
        z = x % y
    elif OP == "//":
        z = x // y
    elif OP == "&":
        z = x & y
    elif OP == "|":
        z = x | y
    elif OP == "^":
        z = x ^ y
    elif OP == "<<":
        z = x << y
    elif OP == ">>":
        z = x >> y
    elif OP == "<":
        z = x < y
    elif OP == "==":
        z = x == y
    elif OP == "where":
        z = tl.where(offs < 4, x, y)
    elif OP == "maximum":
        z = tl.maximum(x, y)
    else:
        z = tl.minimum(x, y)
    _SEEN.append(z.dtype)


def _result(dtype_x, dtype_y, op):
    """(result dtype, traced IR) of `x op y` on loaded tensors."""
    _SEEN.clear()
    ir = _trace(binop, [f"*{SIG[dtype_x]}", f"*{SIG[dtype_y]}"], {"OP": op})
    return _SEEN[-1], ir


# -- the expectations of Triton's test_core ----------------------------------
# _binary_op_dtype_override: where Triton (C's rules) differs from numpy.
_OVERRIDES = {
    ("float16", "int16"): "float16", ("float16", "int32"): "float16",
    ("float16", "int64"): "float16", ("float16", "uint16"): "float16",
    ("float16", "uint32"): "float16", ("float16", "uint64"): "float16",
    ("int8", "uint8"): "uint8", ("int8", "uint16"): "uint16",
    ("int8", "uint32"): "uint32", ("int8", "uint64"): "uint64",
    ("int16", "uint16"): "uint16", ("int16", "uint32"): "uint32",
    ("int16", "uint64"): "uint64", ("int32", "uint32"): "uint32",
    ("int32", "uint64"): "uint64", ("int64", "uint64"): "uint64",
}
# Two floats: Triton's computation_type_impl checks float16 before
# bfloat16, so fp16 + bf16 is fp16 (not fp32); bf16 stays only with bf16.
_FLOAT_PAIRS = {
    ("float16", "float16"): "float16", ("bfloat16", "float16"): "float16",
    ("float16", "float32"): "float32", ("float16", "float64"): "float64",
    ("bfloat16", "bfloat16"): "bfloat16", ("bfloat16", "float32"): "float32",
    ("bfloat16", "float64"): "float64", ("float32", "float32"): "float32",
    ("float32", "float64"): "float64", ("float64", "float64"): "float64",
}


def _expected_arith(x, y, op):
    """The dtype Triton computes `x op y` in (op among + - * / %), or None
    where Triton refuses the pair ('different signedness')."""
    key = (x, y) if x < y else (y, x)
    signed = {d: d in INT for d in INT + UINT}
    if op in "/%" and x in signed and y in signed and signed[x] != signed[y]:
        return None
    if x in _FLOAT_PAIRS or y in _FLOAT_PAIRS or "float" in x + y:
        floats = [d for d in (x, y) if "float" in d]
        if len(floats) == 2:
            ty = _FLOAT_PAIRS[tuple(sorted(floats))]
        else:
            # Int with float: the float, but bfloat16 only meets bfloat16.
            ty = "float32" if floats[0] == "bfloat16" else floats[0]
        # test_bin_op's promote_to_fp32: halves divide in float32.
        if op in "/%" and ty in ("float16", "bfloat16"):
            ty = "float32"
        return ty
    if op == "/":
        return "float32"  # int / int
    return _OVERRIDES.get(key) or np.result_type(x, y).name


# -- names ----------------------------------------------------------------------
def test_dtype_names_are_tritons():
    assert str(tl.float16) == "fp16" and str(tl.bfloat16) == "bf16"
    assert str(tl.float32) == "fp32" and str(tl.float64) == "fp64"
    assert str(tl.int1) == "int1" and str(tl.uint8) == "uint8"
    for name in DTYPES_BF16:
        assert repr(_tl(name)) == f"triton.language.{name}"
    assert tl.pointer_type(tl.float16).element_ty == tl.float16
    assert tl.pi32_t == tl.pointer_type(tl.int32)
    assert isinstance(tl.int8, tl.dtype)
    assert tl.uint32 != tl.int32 and tl.int32 == tl.dtype("int32")


def test_argument_dtypes_in_the_ir():
    @mytriton.jit
    def k(X, H, B, n, f):
        x = tl.load(X)
        _SEEN.extend([X.dtype, x.dtype, H.dtype.element_ty, n.dtype, f.dtype])
        tl.store(B, x > 0)

    _SEEN.clear()
    ir = _trace(k, ["*fp16", "*bf16", "*i1", "i64", "fp64"])
    assert _SEEN == [tl.pointer_type(tl.float16), tl.float16, tl.bfloat16,
                     tl.int64, tl.float64]
    assert "%X: !tt.ptr<f16>" in ir and "%H: !tt.ptr<bf16>" in ir
    # A bool in memory is a byte.
    assert "%B: !tt.ptr<i8>" in ir
    assert "%n: i64" in ir and "%f: f64" in ir


# -- promotion (test_bin_op) ------------------------------------------------------
@pytest.mark.parametrize("op", ["+", "-", "*", "/", "%"])
@pytest.mark.parametrize("dtype_x", DTYPES_BF16)
def test_bin_op_promotion(dtype_x, op):
    for dtype_y in DTYPES_BF16:
        expected = _expected_arith(dtype_x, dtype_y, op)
        if expected is None:
            message = _error(binop, [f"*{SIG[dtype_x]}", f"*{SIG[dtype_y]}"],
                             {"OP": op})
            assert "different signedness" in message, message
            assert f"operator '{op}'" in message
            continue
        result, ir = _result(dtype_x, dtype_y, op)
        assert result == _tl(expected), (dtype_x, dtype_y, op, result)
        mlir = _tl(expected).mlir
        if "float" in expected:
            name = {"+": "addf", "-": "subf", "*": "mulf", "/": "divf",
                    "%": "remf"}[op]
        else:
            unsigned = expected.startswith("u")
            name = {"+": "addi", "-": "subi", "*": "muli",
                    "%": "remui" if unsigned else "remsi"}[op]
        assert re.search(rf"arith\.{name} .* : tensor<8x{mlir}>", ir), ir


@pytest.mark.parametrize("dtype_x", INT + UINT)
def test_floordiv_and_shifts(dtype_x):
    """test_floordiv's pairs (same signedness) and test_shift_op's (any
    integer shifted by unsigned): C's promotion; // and >> by signedness
    (>> by the shifted operand's, as Triton's __rshift__)."""
    same = INT if dtype_x in INT else UINT
    for dtype_y in same:
        result, ir = _result(dtype_x, dtype_y, "//")
        assert result == _tl(_expected_arith(dtype_x, dtype_y, "+"))
        op = "divui" if dtype_x in UINT else "divsi"
        assert f"arith.{op}" in ir
    for dtype_y in UINT:
        bits = max(_bits(dtype_x), _bits(dtype_y))
        for op in ("<<", ">>"):
            result, ir = _result(dtype_x, dtype_y, op)
            assert result.int_bitwidth == bits
            assert result == _tl(_expected_arith(dtype_x, dtype_y, "+"))
            if op == ">>":
                expected = "shrsi" if dtype_x in INT else "shrui"
                assert f"arith.{expected}" in ir, (dtype_x, dtype_y)


@pytest.mark.parametrize("dtype_x", DTYPES)
def test_compare_op_promotion(dtype_x):
    """test_compare_op's pairs: compared in the promoted type, unsigned
    predicates for unsigned types, ordered float predicates."""
    for dtype_y in DTYPES:
        result, ir = _result(dtype_x, dtype_y, "<")
        assert result == tl.int1
        common = _tl(_expected_arith(dtype_x, dtype_y, "+"))
        if common.is_floating():
            pred = "cmpf olt"
        else:
            pred = "cmpi ult" if common.is_int_unsigned() else "cmpi slt"
        assert re.search(rf"arith\.{pred}, .* : tensor<8x{common.mlir}>",
                         ir), (dtype_x, dtype_y, ir)


@pytest.mark.parametrize("dtype", DTYPES_BF16 + ["bool"])
def test_where_keeps_the_type(dtype):
    result, ir = _result(dtype, dtype, "where")
    assert result == (tl.int1 if dtype == "bool" else _tl(dtype))
    mlir = "i1" if dtype == "bool" else _tl(dtype).mlir
    assert re.search(rf"arith\.select .* tensor<8x{mlir}>", ir), ir


def test_where_promotes_and_selects_pointers():
    @mytriton.jit
    def k(C, A, B, Out):
        offs = tl.arange(0, 8)
        c = tl.load(C + offs)
        a = tl.load(A + offs)
        _SEEN.append(tl.where(c, a, 1.5).dtype)
        _SEEN.append(tl.where(c, a, tl.load(B + offs)).dtype)
        ptr = tl.where(tl.load(C), A, Out)
        tl.store(Out + offs, tl.load(ptr + offs))

    _SEEN.clear()
    ir = _trace(k, ["*i1", "*fp16", "*i64", "*fp16"])
    assert _SEEN == [tl.float16, tl.float16]
    assert re.search(r"arith\.select %\S+, %A, %Out : !tt\.ptr<f16>", ir), ir


@mytriton.jit
def _where_numeric_condition(C, F, Out):
    offs = tl.arange(0, 8)
    tl.store(Out + offs, tl.where(tl.load(C + offs), 1.0, -1.0))
    tl.store(Out + 8 + offs, tl.where(tl.load(F + offs), 2.0, -2.0))


@requires_compiler
def test_where_takes_a_numeric_condition_as_nonzero():
    # Triton casts tl.where's condition to int1 (tutorial 04 selects with an
    # int32 tensor of 0s and 1s): any nonzero value, NaN included, is true.
    _needs_cpu_types()
    c = np.array([0, 1, 2, -1, 0, 7, 0, -8], np.int32)
    f = np.array([0.0, -0.0, 0.5, np.nan, -3.0, 0.0, 1e-30, np.inf],
                 np.float32)
    out = np.zeros(16, np.float32)
    _where_numeric_condition[(1,)](c, f, out)
    np.testing.assert_array_equal(out[:8], np.where(c != 0, 1.0, -1.0))
    np.testing.assert_array_equal(out[8:], np.where(f != 0, 2.0, -2.0))


@pytest.mark.parametrize("dtype", INT + UINT)
def test_unsigned_ops(dtype):
    """min/max by signedness; ~ is xor with all ones of the width."""
    unsigned = dtype in UINT
    for op, signed_name, unsigned_name in (("maximum", "maxsi", "maxui"),
                                           ("minimum", "minsi", "minui")):
        result, ir = _result(dtype, dtype, op)
        assert result == _tl(dtype)
        assert f"arith.{unsigned_name if unsigned else signed_name}" in ir


def test_python_scalars_take_the_tensors_type():
    @mytriton.jit
    def k(H, B, I8, U8, I64):
        offs = tl.arange(0, 8)
        h = tl.load(H + offs)
        b = tl.load(B + offs)
        i8 = tl.load(I8 + offs)
        u8 = tl.load(U8 + offs)
        i64 = tl.load(I64 + offs)
        _SEEN.extend([(h + 1.5).dtype, (h * 2).dtype, (h / 2).dtype,
                      (b + 1.5).dtype, (b % 2.0).dtype, (i8 + 100).dtype,
                      (i8 + 1.5).dtype, (u8 * 3).dtype, (i64 + 2**40).dtype,
                      (i8 / 2).dtype, (u8 // 2).dtype, (2 - u8).dtype,
                      (h + 1e-300).dtype])

    _SEEN.clear()
    ir = _trace(k, ["*fp16", "*bf16", "*i8", "*u8", "*i64"])
    assert _SEEN == [tl.float16, tl.float16, tl.float32, tl.bfloat16,
                     tl.float32, tl.int8, tl.float32, tl.uint8, tl.int64,
                     tl.float32, tl.uint8, tl.uint8, tl.float16]
    # A Python float rounds once to the half's type: 1.5 is 0x3E00.
    assert "arith.constant 0x3E00 : f16" in ir
    assert "arith.constant 1099511627776 : i64" in ir


def test_python_scalar_range_errors():
    @mytriton.jit
    def too_big(X):
        x = tl.load(X + tl.arange(0, 8))
        tl.store(X + tl.arange(0, 8), x + 300)

    @mytriton.jit
    def negative(X):
        x = tl.load(X + tl.arange(0, 8))
        tl.store(X + tl.arange(0, 8), x + -1)

    _assert_at(_error(too_big, ["*i8"]), too_big, "x + 300",
               "scalar 300 is out of range for int8")
    _assert_at(_error(negative, ["*u8"]), negative, "x + -1",
               "negative scalar -1 meets a uint8")
    _trace(too_big, ["*i32"])  # 300 fits int32


# -- casts (test_cast) -------------------------------------------------------------
def _cast_ops(src, dst, bitcast=False):
    """The arith ops of `x.to(dst)` as Triton's semantic.cast makes them."""
    if src == dst:
        return []
    s, d = _tl(src), _tl("int1" if dst == "bool" else dst)
    if bitcast:
        return [] if s.is_int() and d.is_int() else ["arith.bitcast"]
    if dst == "bool":
        return ["arith.cmpf une" if s.is_floating() else "arith.cmpi ne"]
    if src in ("float16", "bfloat16") and dst != "float32":
        return ["arith.extf"] + _cast_ops("float32", dst)
    if s.is_floating() and d.is_floating():
        return ["arith.truncf" if d.primitive_bitwidth < s.primitive_bitwidth
                else "arith.extf"]
    if s.is_int() and d.is_int():
        if s.int_bitwidth == d.int_bitwidth:
            return []
        if s.int_bitwidth > d.int_bitwidth:
            return ["arith.trunci"]
        return ["arith.extsi" if s.is_int_signed() else "arith.extui"]
    if s.is_floating():
        return ["arith.fptosi" if d.is_int_signed() else "arith.fptoui"]
    return ["arith.sitofp" if s.is_int_signed() else "arith.uitofp"]


CAST_PAIRS = [(x, z, False) for x in DTYPES for z in DTYPES] + [
    ("float32", "bfloat16", False), ("bfloat16", "float32", False),
    ("float32", "int32", True), ("float32", "bool", False),
    ("int8", "bfloat16", False)] + [
    (f"uint{b}", f"int{b}", True) for b in (8, 16, 32, 64)] + [
    (f"int{b}", f"uint{b}", True) for b in (8, 16, 32, 64)]


@mytriton.jit
def cast_kernel(X, Z, TO_TYPE: tl.constexpr, BITCAST: tl.constexpr,
                SPELLING: tl.constexpr):
    offs = tl.arange(0, 8)
    x = tl.load(X + offs)
    if SPELLING == 0:
        z = x.to(Z.dtype.element_ty, bitcast=BITCAST)
    elif SPELLING == 1:
        z = x.cast(Z.dtype.element_ty, bitcast=BITCAST)
    elif SPELLING == 2:
        z = tl.cast(x, Z.dtype.element_ty, bitcast=BITCAST)
    else:
        z = tl.cast(x, TO_TYPE, bitcast=BITCAST)
    _SEEN.append(z.dtype)
    tl.store(Z + offs, z)


@pytest.mark.parametrize("dtype_x, dtype_z, bitcast", CAST_PAIRS)
def test_cast_ops(dtype_x, dtype_z, bitcast):
    _SEEN.clear()
    spelling = hash((dtype_x, dtype_z, bitcast)) % 4
    ir = _trace(cast_kernel, [f"*{SIG[dtype_x]}", f"*{SIG[dtype_z]}"],
                {"TO_TYPE": _tl("int1" if dtype_z == "bool" else dtype_z),
                 "BITCAST": bitcast, "SPELLING": spelling})
    assert _SEEN == [_tl("int1" if dtype_z == "bool" else dtype_z)]
    body = ir[ir.index("tt.load"):ir.index("tt.store")]
    ops = re.findall(r"= (arith\.\w+(?: \w+)?)", body)
    ops = [o if o.startswith(("arith.cmpf", "arith.cmpi")) else o.split()[0]
           for o in ops if not o.startswith("arith.constant")]
    expected = _cast_ops(dtype_x, "bool" if dtype_z == "bool" else dtype_z,
                         bitcast)
    if dtype_z == "bool":
        expected = expected + ["arith.extui"]  # the byte stored
    assert ops == expected, (dtype_x, dtype_z, body)


def test_fp_downcast_rounding():
    @mytriton.jit
    def k(X, Z, W):
        offs = tl.arange(0, 8)
        x = tl.load(X + offs)
        tl.store(Z + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
        tl.store(W + offs, tl.cast(x, tl.bfloat16,
                                   fp_downcast_rounding="rtne"))

    ir = _trace(k, ["*fp32", "*fp16", "*bf16"])
    assert re.search(r"arith\.truncf %\d+ toward_zero : tensor<8xf32> to "
                     r"tensor<8xf16>", ir), ir
    assert re.search(r"arith\.truncf %\d+ : tensor<8xf32> to "
                     r"tensor<8xbf16>", ir), ir


def test_invalid_casts_are_located():
    @mytriton.jit
    def widths(X):
        x = tl.load(X)
        y = x.to(tl.int64, bitcast=True)

    @mytriton.jit
    def rounding(X):
        x = tl.load(X)
        y = x.to(tl.float64, fp_downcast_rounding="rtz")

    @mytriton.jit
    def bad_mode(X):
        x = tl.load(X)
        y = x.to(tl.float16, fp_downcast_rounding="up")

    @mytriton.jit
    def not_a_dtype(X):
        x = tl.load(X)
        y = x.to("float8")

    @mytriton.jit
    def pointer(X):
        y = X.to(tl.int64)

    _assert_at(_error(widths, ["*fp32"]), widths, "bitcast=True",
               "cannot bitcast a float32 scalar (32 bits) to int64 (64 bits)")
    _assert_at(_error(rounding, ["*fp32"]), rounding, "rtz",
               "fp_downcast_rounding is for float truncations only")
    _assert_at(_error(bad_mode, ["*fp32"]), bad_mode, '"up"',
               "must be 'rtne' or 'rtz'")
    _assert_at(_error(not_a_dtype, ["*fp32"]), not_a_dtype, "float8",
               "not a dtype")
    _assert_at(_error(pointer, ["*fp32"]), pointer, "X.to",
               "no casts of pointers")


# -- errors ------------------------------------------------------------------------
def test_invalid_operands_are_located():
    @mytriton.jit
    def mixed_div(X, Y):
        x = tl.load(X)
        y = tl.load(Y)
        z = x / y

    @mytriton.jit
    def float_and(X, Y):
        x = tl.load(X)
        y = tl.load(Y)
        z = x & y

    @mytriton.jit
    def float_offset(X, Y):
        y = tl.load(Y + tl.arange(0, 8))
        z = tl.load(X + y)

    @mytriton.jit
    def bad_dtype(X):
        z = tl.zeros((8,), dtype="fp8")

    @mytriton.jit
    def atomic(X):
        tl.atomic_add(X, 1.0)

    @mytriton.jit
    def umulhi16(X):
        x = tl.load(X)
        z = tl.umulhi(x, x)

    _assert_at(_error(mixed_div, ["*i32", "*u32"]), mixed_div, "x / y",
               "operator '/'", "different signedness")
    _assert_at(_error(mixed_div, ["*i8", "*u64"]), mixed_div, "x / y",
               "int8 and uint64 have different signedness")
    _assert_at(_error(float_and, ["*fp16", "*i32"]), float_and, "x & y",
               "needs masks or integer values, not float16")
    _assert_at(_error(float_offset, ["*fp32", "*fp16"]), float_offset,
               "X + y", "offset by integer values, not by a float16 tensor")
    _assert_at(_error(bad_dtype, ["*fp32"]), bad_dtype, "fp8",
               "dtype 'fp8' is not supported")
    _assert_at(_error(atomic, ["*i8"]), atomic, "atomic_add",
               "takes 32- or 64-bit elements", "pointer to int8")
    _assert_at(_error(umulhi16, ["*i16"]), umulhi16, "tl.umulhi(x, x)",
               "takes 32- or 64-bit integers, got int16")


# -- math, reductions, memory ------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_math_on_halves_runs_in_float32(dtype):
    @mytriton.jit
    def k(X, Z, FN: tl.constexpr):
        offs = tl.arange(0, 8)
        x = tl.load(X + offs)
        if FN == "exp":
            z = tl.exp(x)
        elif FN == "sqrt":
            z = tl.sqrt(x)
        elif FN == "log2":
            z = tl.log2(x)
        else:
            z = tl.floor(x)
        _SEEN.append(z.dtype)
        tl.store(Z + offs, z)

    mlir = _tl(dtype).mlir
    for fn in ("exp", "sqrt", "log2", "floor"):
        _SEEN.clear()
        ir = _trace(k, [f"*{SIG[dtype]}"] * 2, {"FN": fn})
        assert _SEEN == [_tl(dtype)]
        assert re.search(
            rf"arith\.extf %\d+ : tensor<8x{mlir}> to tensor<8xf32>.*\n.*"
            rf"math\.{fn} %\d+{' fastmath<afn>' if fn in ('exp', 'sqrt') else ''}"
            rf" : tensor<8xf32>.*\n.*arith\.truncf %\d+ : "
            rf"tensor<8xf32> to tensor<8x{mlir}>", ir), ir
    # float64 math stays float64; add and abs run in the half itself.
    ir = _trace(k, ["*fp64"] * 2, {"FN": "exp"})
    assert "math.exp %3 : tensor<8xf64>" in ir or \
        re.search(r"math\.exp %\d+ : tensor<8xf64>", ir)


def test_reduction_types():
    @mytriton.jit
    def k(I8, U8, U32, H, B, U64):
        offs = tl.arange(0, 8)
        i8 = tl.load(I8 + offs)
        u8 = tl.load(U8 + offs)
        u32 = tl.load(U32 + offs)
        h = tl.load(H + offs)
        b = tl.load(B + offs)
        u64 = tl.load(U64 + offs)
        _SEEN.extend([tl.sum(i8).dtype, tl.sum(u8).dtype, tl.sum(h).dtype,
                      tl.sum(h, dtype=tl.float32).dtype, tl.sum(b).dtype,
                      tl.max(i8).dtype, tl.max(h).dtype, tl.min(u8).dtype,
                      tl.max(u32).dtype, tl.min(u64, axis=0).dtype,
                      i8.sum(dtype=tl.int64).dtype])

    _SEEN.clear()
    ir = _trace(k, ["*i8", "*u8", "*u32", "*fp16", "*i1", "*u64"])
    assert _SEEN == [tl.int32, tl.uint32, tl.float16, tl.float32, tl.uint32,
                     tl.int32, tl.float32, tl.int32, tl.uint32, tl.uint64,
                     tl.int64]
    assert re.search(r"arith\.extsi %\d+ : tensor<8xi8> to tensor<8xi32>",
                     ir)
    assert "tt.reduce sum" in ir and "-> f16" in ir
    # Unsigned max: the sign bit flipped, a signed max, flipped back.
    assert re.search(r"arith\.xori %\d+, %\d+ : tensor<8xi32>", ir)
    assert re.search(r"arith\.constant -2147483648 : i32", ir)
    assert re.search(r"arith\.constant -9223372036854775808 : i64", ir)


def test_bool_memory_is_bytes():
    @mytriton.jit
    def k(M, X, Out):
        offs = tl.arange(0, 8)
        m = tl.load(M + offs)
        x = tl.load(X + offs, mask=m, other=0)
        tl.store(Out + offs, x > 0, mask=m)

    ir = _trace(k, ["*i1", "*fp16", "*i1"])
    assert "%M: !tt.ptr<i8>" in ir and "%Out: !tt.ptr<i8>" in ir
    assert re.search(r"tt\.load %\d+ : tensor<8x!tt\.ptr<i8>>", ir)
    assert re.search(r"arith\.cmpi ne, %\d+, %\d+ : tensor<8xi8>", ir)
    assert re.search(r"arith\.extui %\d+ : tensor<8xi1> to tensor<8xi8>", ir)


@pytest.mark.parametrize("dtype, widened, offset_type", [
    ("int8", "arith.extsi", "i32"), ("int16", "arith.extsi", "i32"),
    ("uint8", "arith.extui", "i32"), ("uint16", "arith.extui", "i32"),
    ("int32", None, "i32"), ("uint32", "arith.extui", "i64"),
    ("int64", None, "i64"), ("uint64", None, "i64")])
def test_pointer_offsets_of_every_integer_type(dtype, widened, offset_type):
    @mytriton.jit
    def k(X, O):
        offs = tl.load(O + tl.arange(0, 8))
        tl.store(X + offs, tl.load(X - offs))

    ir = _trace(k, ["*fp16", f"*{SIG[dtype]}"])
    assert re.search(rf"tt\.addptr %\d+, %\d+ : tensor<8x!tt\.ptr<f16>>, "
                     rf"tensor<8x{offset_type}>", ir), ir
    if widened:
        assert f"{widened} " in ir


def test_int64_scalars_and_loops():
    @mytriton.jit
    def k(X, n, stride):
        pid = tl.program_id(0)
        base = pid * stride  # int32 * int64 -> int64
        _SEEN.append(base.dtype)
        for i in range(0, n):
            tl.store(X + base + i, 1.0)

    _SEEN.clear()
    ir = _trace(k, ["*fp32", "i64", "i64"])
    assert _SEEN == [tl.int64]
    assert re.search(r"scf\.for %\S+ = %\S+ to %\S+ step %\S+ : i64", ir), ir


def test_constants_of_each_type():
    @mytriton.jit
    def k(Z):
        offs = tl.arange(0, 8)
        tl.store(Z + offs, tl.full((8,), 255, tl.uint8) + tl.zeros(
            (8,), tl.uint8))
        tl.store(Z + offs, tl.full((8,), 1.0e5, tl.float16).to(tl.uint8))
        tl.store(Z + offs, tl.full((8,), float("-inf"), tl.bfloat16).to(
            tl.uint8))

    ir = _trace(k, ["*u8"])
    assert "arith.constant -1 : i8" in ir       # 255 as a signless byte
    assert "arith.constant 0x7C00 : f16" in ir  # 1e5 overflows to +inf
    assert "arith.constant 0xFF80 : bf16" in ir


def test_full_refuses_values_that_do_not_fit():
    @mytriton.jit
    def k(Z):
        z = tl.full((8,), 256, tl.uint8)

    _assert_at(_error(k, ["*u8"]), k, "tl.full",
               "integer constant 256 does not fit in uint8")


# -- end to end on the CPU ---------------------------------------------------------
N = 128


def _random(dtype, rs, size=N, low=None, high=None):
    if dtype == "bool":
        return rs.randint(0, 2, size).astype(np.bool_)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        low = info.min if low is None else low
        high = info.max if high is None else high
        return rs.randint(low, high, size, dtype=np.int64 if dtype != "uint64"
                          else np.uint64).astype(dtype)
    return (rs.randn(size) * 10).astype(dtype)


@mytriton.jit
def _binop_e2e(Z, X, Y, OP: tl.constexpr):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    if OP == "+":
        z = x + y
    elif OP == "-":
        z = x - y
    elif OP == "*":
        z = x * y
    elif OP == "/":
        z = x / y
    else:
        z = x % y
    tl.store(Z + offs, z)


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "%"])
@pytest.mark.parametrize("dtype_x", DTYPES)
def test_bin_op_against_numpy(dtype_x, op):
    rs = np.random.RandomState(17)
    for dtype_y in DTYPES:
        expected = _expected_arith(dtype_x, dtype_y, op)
        if expected is None:
            continue
        x = _random(dtype_x, rs)
        y = _random(dtype_y, rs)
        if op in "/%":
            y[y == 0] = 1
        # INT_MIN / -1 and INT_MIN % -1 overflow (x86 traps on the CPU).
        if op in "*/%" and dtype_x in INT and dtype_y in INT:
            y[y == -1] = 1
        compute = "float32" if op == "/" and "float" not in expected else \
            expected
        xs, ys = x.astype(compute), y.astype(compute)
        with np.errstate(all="ignore"):
            ref = {"+": np.add, "-": np.subtract, "*": np.multiply,
                   "/": np.divide, "%": np.fmod}[op](xs, ys)
        z = np.zeros(N, dtype=expected)
        _binop_e2e[(1,)](z, x, y, OP=op)
        np.testing.assert_allclose(z, ref.astype(expected), rtol=1e-2,
                                   atol=7e-3, err_msg=f"{dtype_x} {op} "
                                   f"{dtype_y}")


@mytriton.jit
def _cast_e2e(X, Z, BITCAST: tl.constexpr):
    offs = tl.arange(0, 128)
    tl.store(Z + offs, tl.load(X + offs).to(Z.dtype.element_ty,
                                             bitcast=BITCAST))


@pytest.mark.parametrize("dtype_x, dtype_z, bitcast",
                         [p for p in CAST_PAIRS if "bfloat16" not in p])
def test_cast_against_numpy(dtype_x, dtype_z, bitcast):
    rs = np.random.RandomState(0)
    # Test_cast's values: in [-100, 100], so that float -> int is defined.
    if "float" in dtype_x:
        x = rs.uniform(-100, 100, N).astype(dtype_x)
    else:
        x = (_random("int64", rs, low=-10, high=10) * 10).astype(dtype_x)
    if dtype_z in UINT:
        x = np.absolute(x)
    if "float" in dtype_x and "float" in dtype_z:
        x = x.astype(dtype_z).astype(dtype_x)
    np_z = "bool" if dtype_z == "bool" else dtype_z
    z = np.zeros(N, dtype=np_z)
    _cast_e2e[(1,)](x, z, BITCAST=bitcast)
    ref = x.view(np_z) if bitcast else x.astype(np_z)
    np.testing.assert_array_equal(z, ref)


@mytriton.jit
def _reduce_e2e(X, S, MX, MN):
    x = tl.load(X + tl.arange(0, 128))
    tl.store(S, tl.sum(x))
    tl.store(MX, tl.max(x))
    tl.store(MN, tl.min(x))


@pytest.mark.parametrize("dtype", DTYPES)
def test_reductions_against_numpy(dtype):
    rs = np.random.RandomState(3)
    x = _random(dtype, rs, low=0 if dtype in UINT else -100, high=100) \
        if "float" not in dtype else _random(dtype, rs)
    sum_type = {"int8": "int32", "int16": "int32", "uint8": "uint32",
                "uint16": "uint32"}.get(dtype, dtype)
    s = np.zeros(1, sum_type)
    mx, mn = np.zeros(1, dtype), np.zeros(1, dtype)
    _reduce_e2e[(1,)](x, s, mx, mn)
    assert mx[0] == x.max() and mn[0] == x.min()
    np.testing.assert_allclose(s[0], x.astype("float64").sum(),
                               rtol=1e-2 if dtype == "float16" else 1e-5,
                               atol=1.0 if dtype == "float16" else 1e-3)


@mytriton.jit
def _halves_e2e(X, Z, W):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    tl.store(Z + offs, x * 2 + 1)
    tl.store(W + offs, tl.exp(x))


def test_float16_nan_inf_against_numpy():
    x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 65504.0, -65504.0,
                  6e-8, 1.0, -1.0, 0.5, 11.0, -12.0, 3.0, 1e-3, 2.0],
                 np.float16)
    z, w = np.zeros_like(x), np.zeros_like(x)
    _halves_e2e[(1,)](x, z, w)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(z, x * np.float16(2) + np.float16(1))
        ref = np.exp(x.astype(np.float32)).astype(np.float16)
    np.testing.assert_allclose(w.astype(np.float32), ref.astype(np.float32),
                               rtol=1e-3)


@mytriton.jit
def _bool_e2e(M, X, Out, N: tl.constexpr):
    offs = tl.arange(0, N)
    m = tl.load(M + offs)
    x = tl.load(X + offs, mask=m, other=-1)
    tl.store(Out + offs, x > 0)


def test_bool_masks_from_memory():
    rs = np.random.RandomState(5)
    m = _random("bool", rs, 64)
    x = rs.randint(-5, 5, 64).astype(np.int8)
    out = np.zeros(64, np.bool_)
    _bool_e2e[(1,)](m, x, out, N=64)
    np.testing.assert_array_equal(out, np.where(m, x, -1) > 0)


# -- end to end on the CPU through float32/int32 arrays ---------------------------
# Every type inside the kernel, with today's float32/int32 arguments: these
# need only the CPU lowering of the types (branch dt-cpu).
from conftest import from_bf16_bits, to_bf16_bits  # noqa: E402


@mytriton.jit
def _probe(X, HALF: tl.constexpr):
    tl.store(X, tl.load(X).to(HALF).to(tl.float32) + 1)


_PROBES = {}


def _needs_cpu_types(half=tl.float16):
    """Skips unless a kernel that converts to `half` inside runs on the CPU
    (dt-cpu lowers the types; the launch must not stop at a GPU route that
    does not lower them yet): the reason is what stopped it."""
    if not compiler.available():
        pytest.skip("libMyTritonCAPI.so not built")
    if half not in _PROBES:
        x = np.zeros(1, np.float32)
        try:
            _probe[(1,)](x, HALF=half)
            _PROBES[half] = None if x[0] == 1 else f"the probe stored {x[0]}"
        except Exception as e:  # noqa: BLE001 - the reason is reported
            _PROBES[half] = f"{type(e).__name__}: {e}".splitlines()[0]
    if _PROBES[half] is not None:
        pytest.skip(f"needs dt-cpu/dt-host: a {half} kernel does not run on "
                    f"the CPU yet ({_PROBES[half]})")


@mytriton.jit
def _half_arith(X, Y, Z, E, HALF: tl.constexpr):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs).to(HALF)
    y = tl.load(Y + offs).to(HALF)
    tl.store(Z + offs, (x * y + x - y).to(tl.float32))
    tl.store(E + offs, tl.exp(x).to(tl.float32))


def _round_half(values, half):
    if half == "float16":
        return np.asarray(values, np.float32).astype(np.float16).astype(
            np.float32)
    return from_bf16_bits(to_bf16_bits(values))


@requires_compiler
@pytest.mark.parametrize("half", ["float16", "bfloat16"])
def test_cpu_half_arithmetic_rounds_each_op(half):
    """+ - * in the half type (each op rounded: f32 holds their exact
    results' double rounding harmlessly, 24 >= 2 * 11 + 2 bits), exp in
    float32 rounded once; NaN and inf stay."""
    _needs_cpu_types(getattr(tl, half))
    rs = np.random.RandomState(11)
    x = (rs.randn(64) * 30).astype(np.float32)
    y = (rs.randn(64) * 30).astype(np.float32)
    x[:6] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 70000.0]
    y[:6] = [1.0, 2.0, 3.0, np.inf, -5.0, 2.0]
    z, e = np.zeros(64, np.float32), np.zeros(64, np.float32)
    _half_arith[(1,)](x, y, z, e, HALF=getattr(tl, half))
    hx, hy = _round_half(x, half), _round_half(y, half)
    with np.errstate(all="ignore"):
        ref = _round_half(_round_half(_round_half(hx * hy, half) + hx, half)
                          - hy, half)
        ref_exp = _round_half(np.exp(hx), half)
    np.testing.assert_array_equal(z, ref)
    np.testing.assert_allclose(e, ref_exp, rtol=2e-3 if half == "float16"
                               else 1.6e-2)
    assert np.isnan(e[0]) and e[1] == np.inf and e[2] == 0.0


@mytriton.jit
def _bf16_product(X, Y, Z):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs).to(tl.bfloat16)
    y = tl.load(Y + offs).to(tl.bfloat16)
    tl.store(Z + offs, (x * y).to(tl.float32))


@requires_compiler
def test_cpu_bf16_keeps_subnormal_results():
    """bf16 products below 2**-126 are subnormal, not 0: x86's
    vcvtneps2bf16 (AVX512-BF16, AVX-NE-CONVERT) flushes them, so the CPU
    runner must not use it (it did on such hosts: every product here read
    0)."""
    _needs_cpu_types(tl.bfloat16)
    rs = np.random.RandomState(5)
    x = (rs.uniform(1, 2, 64) * 1e-20).astype(np.float32)
    y = (rs.uniform(-2, 2, 64) * 1e-19).astype(np.float32)
    z = np.zeros(64, np.float32)
    _bf16_product[(1,)](x, y, z)
    hx, hy = _round_half(x, "bfloat16"), _round_half(y, "bfloat16")
    ref = _round_half(hx * hy, "bfloat16")
    assert np.count_nonzero(ref) > 60 and np.all(np.abs(ref) < 2.0**-126)
    np.testing.assert_array_equal(z, ref)


@mytriton.jit
def _int_casts(X, Out):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    tl.store(Out + offs, x.to(tl.int8).to(tl.int32))
    tl.store(Out + 64 + offs, x.to(tl.uint8).to(tl.int32))
    tl.store(Out + 128 + offs, x.to(tl.int16).to(tl.int64).to(tl.int32))
    tl.store(Out + 192 + offs, (x.to(tl.int64) * 1000003 >> 20).to(tl.int32))
    tl.store(Out + 256 + offs, x.to(tl.float16).to(tl.int32))
    tl.store(Out + 320 + offs, (x.to(tl.uint32, bitcast=True) // 7).to(
        tl.int32, bitcast=True))
    tl.store(Out + 384 + offs, (x.to(tl.uint32, bitcast=True) >> 3).to(
        tl.int32, bitcast=True))
    tl.store(Out + 448 + offs, (x.to(tl.uint32, bitcast=True) < 5).to(
        tl.int32))


@requires_compiler
def test_cpu_integer_casts_and_unsigned_ops():
    _needs_cpu_types()
    rs = np.random.RandomState(2)
    x = rs.randint(-2**31, 2**31, 64).astype(np.int32)
    x[:4] = [-1, 255, 256, 2047]
    out = np.zeros(512, np.int32)
    _int_casts[(1,)](x, out)
    u = x.view(np.uint32)
    expect = [x.astype(np.int8), x.astype(np.uint8), x.astype(np.int16),
              (x.astype(np.int64) * 1000003 >> 20).astype(np.int32),
              None,
              (u // 7).view(np.int32), (u >> 3).view(np.int32),
              (u < 5).astype(np.int32)]
    for i, e in enumerate(expect):
        if e is None:  # float16: |x| > 65504 is inf, its int undefined
            small = np.abs(x) <= 2048
            np.testing.assert_array_equal(out[256:320][small], x[small])
            continue
        np.testing.assert_array_equal(out[64 * i:64 * (i + 1)],
                                      e.astype(np.int32), err_msg=str(i))


@mytriton.jit
def _umulhi(A, B, C):
    offs = tl.arange(0, 64)
    tl.store(C + offs, tl.umulhi(tl.load(A + offs), tl.load(B + offs)))


@requires_compiler
@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64"])
def test_umulhi_against_python_ints(dtype):
    """The high half of the double-width unsigned product, as Triton's
    tl.umulhi on 32- and 64-bit integers (philox's rounds use both)."""
    _needs_cpu_types()
    info, bits = np.iinfo(dtype), np.iinfo(dtype).bits
    rs = np.random.default_rng(5)
    a = rs.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    b = rs.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    a[:4] = [info.max, info.min, 0, info.max]
    b[:4] = [info.max, info.max, info.max, 1]
    c = np.zeros(64, dtype)
    _umulhi[(1,)](a, b, c)
    mask = (1 << bits) - 1
    want = [((int(x) & mask) * (int(y) & mask)) >> bits for x, y in zip(a, b)]
    assert [int(v) & mask for v in c] == want


@mytriton.jit
def _typed_reductions(X, F, Out, Fout):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    f = tl.load(F + offs)
    i8 = x.to(tl.int8)
    u32 = x.to(tl.uint32, bitcast=True)
    tl.store(Out, tl.sum(i8))                      # int32 (_pick_sum_dtype)
    tl.store(Out + 1, tl.sum(i8, dtype=tl.int8))   # wraps in int8
    tl.store(Out + 2, tl.max(u32).to(tl.int32, bitcast=True))
    tl.store(Out + 3, tl.min(u32).to(tl.int32, bitcast=True))
    tl.store(Out + 4, tl.max(i8))
    tl.store(Out + 5, tl.sum(x > 0))               # uint32 count
    tl.store(Out + 6, tl.max(x.to(tl.int64) * 4096 * 4096 >> 24).to(
        tl.int32))
    tl.store(Fout, tl.sum(f.to(tl.float16)).to(tl.float32))
    tl.store(Fout + 1, tl.max(f.to(tl.float16)))  # float32 (Triton)
    tl.store(Fout + 2, tl.sum(f.to(tl.float64)).to(tl.float32))


@requires_compiler
def test_cpu_reductions_per_type():
    _needs_cpu_types()
    rs = np.random.RandomState(4)
    x = rs.randint(-2**31, 2**31, 64).astype(np.int32)
    f = rs.randint(-8, 9, 64).astype(np.float32) / 4  # exact in f16
    out, fout = np.zeros(8, np.int32), np.zeros(4, np.float32)
    _typed_reductions[(1,)](x, f, out, fout)
    i8, u = x.astype(np.int8), x.view(np.uint32)
    assert out[0] == i8.astype(np.int32).sum()
    assert out[1] == i8.sum(dtype=np.int8)
    assert out[2] == u.max().view(np.int32)
    assert out[3] == u.min().view(np.int32)
    assert out[4] == i8.max()
    assert out[5] == (x > 0).sum()
    assert out[6] == (x.astype(np.int64) * 4096 * 4096 >> 24).max()
    np.testing.assert_array_equal(fout[:3], [f.sum(), f.max(), f.sum()])


def test_layer_norm_forward_traces_in_float16():
    """Triton's tutorial 05 forward kernel, unchanged, over float16 tensors:
    loads convert to float32 explicitly, `x_hat * w + b` meets float16
    weights in float32, and the float32 result is stored as float16."""
    from tutorial_kernels import _layer_norm_fwd_fused
    ir = _trace(_layer_norm_fwd_fused,
                ["*fp16", "*fp16", "*fp16", "*fp16", "*fp32", "*fp32", "i32",
                 "i32", "fp32"], {"BLOCK_SIZE": 1024})
    assert "%X: !tt.ptr<f16>" in ir
    assert re.search(r"arith\.extf %\S+ : tensor<1024xf16> to "
                     r"tensor<1024xf32>", ir)
    assert re.search(r"arith\.truncf %\S+ : tensor<1024xf32> to "
                     r"tensor<1024xf16>", ir)
    assert re.search(r"tt\.store %\S+, %\S+, %\S+ : "
                     r"tensor<1024x!tt\.ptr<f16>>", ir)
