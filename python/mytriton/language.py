"""``mytriton.language`` (``tl``): what a kernel body may call.

Each function appends tt ops to the kernel being traced (see _tracer.py).
Names and signatures follow Triton's, for the subset mytriton supports.
"""

from __future__ import annotations

from ._tracer import F32, I1, I32, Ty, current_builder, tensor

__all__ = [
    "constexpr", "tensor", "program_id", "arange", "load", "store",
    "maximum", "minimum", "clamp", "PropagateNan", "where", "sum", "max",
    "min", "static_range", "static_assert", "static_print", "cdiv",
    "exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "abs", "sin",
    "cos", "erf", "floor", "ceil", "fma", "sigmoid", "softmax", "div_rn",
    "fdiv", "umulhi", "math", "float32", "int32",
]

float32 = "f32"
int32 = "i32"


class constexpr:
    """Marks a kernel parameter as a compile-time constant
    (``BLOCK: tl.constexpr``). The kernel is specialized on its value, which
    the body sees as a plain Python value. ``tl.constexpr(v)`` wraps a value
    the same way Triton's does."""

    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr({self.value!r})"


def _unwrap(value):
    return value.value if isinstance(value, constexpr) else value


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def program_id(axis):
    """Index of this program instance along grid axis 0, 1 or 2."""
    b = current_builder("tl.program_id")
    axis = _unwrap(axis)
    if not _is_int(axis) or axis not in (0, 1, 2):
        b.error(f"tl.program_id(axis) takes a constant axis 0, 1 or 2, got "
                f"{axis!r}")
    return b.emit(f"tt.get_program_id {axis} : i32", Ty(I32))


def arange(start, end):
    """The lanes' indices [start, end): one element per thread. Its width
    end - start is the kernel's block size (at most 1024)."""
    b = current_builder("tl.arange")
    start, end = _unwrap(start), _unwrap(end)
    if not (_is_int(start) and _is_int(end)):
        b.error("tl.arange(start, end) needs compile-time int bounds "
                "(tl.constexpr values or literals), got "
                f"{type(start).__name__} and {type(end).__name__}")
    if end <= start:
        b.error(f"tl.arange({start}, {end}) is empty: end must be greater "
                "than start")
    width = end - start
    b.set_width(width)
    return b.emit(f"tt.make_range {{end = {end} : i32, start = {start} : i32}}"
                  f" : tensor<{width}xi32>", Ty(I32, width))


def _pointer(b, ptr, what) -> tensor:
    if not (isinstance(ptr, tensor) and ptr.type.is_ptr):
        kind = ptr.type.describe() if isinstance(ptr, tensor) \
            else type(ptr).__name__
        b.error(f"{what} needs a pointer (an array argument plus offsets), "
                f"got a {kind}")
    return ptr


def _mask(b, mask, what) -> tensor | None:
    if mask is None:
        return None
    mask = _unwrap(mask)
    if isinstance(mask, bool):
        return b.constant(mask, I1)
    if not (isinstance(mask, tensor) and mask.type.elem == I1):
        kind = mask.type.describe() if isinstance(mask, tensor) \
            else type(mask).__name__
        b.error(f"{what}: mask must be a boolean (a comparison), got a {kind}")
    return mask


def _value_for(b, value, elem: str, what: str) -> tensor:
    """Converts `value` to the pointee type `elem` (i32 -> f32 allowed)."""
    value = b.as_value(_unwrap(value), elem)
    if value.type.is_ptr or value.type.elem == I1:
        b.error(f"{what}: cannot use a {value.type.describe()} as "
                f"{'float32' if elem == F32 else 'int32'}")
    if elem == F32:
        return b.to_f32(value)
    if value.type.elem != I32:
        b.error(f"{what}: a {value.type.describe()} cannot be written to or "
                "read as int32 memory; convert explicitly")
    return value


def load(pointer, mask=None, other=None, **unsupported):
    """Loads through `pointer`. Lanes whose `mask` is false read `other`
    (0 when not given) and touch no memory."""
    b = current_builder("tl.load")
    if unsupported:
        b.error(f"tl.load: unsupported argument(s) "
                f"{', '.join(sorted(unsupported))}")
    ptr = _pointer(b, pointer, "tl.load")
    mask = _mask(b, mask, "tl.load")
    if mask is None:
        # As in Triton, `other` only matters for masked-off lanes.
        other = None
    width = ptr.type.width or (mask.type.width if mask is not None else None)
    if width is not None:
        ptr = b.splat(ptr, width)
        mask = b.splat(mask, width) if mask is not None else None
    elem = {"ptr<f32>": F32, "ptr<i32>": I32}[ptr.type.elem]
    operands = [ptr.name]
    if mask is not None:
        operands.append(mask.name)
        if other is not None:
            other = _value_for(b, other, elem, "tl.load other")
            if other.type.width is not None and width is not None and \
                    other.type.width != width:
                b.error("tl.load: other has a different shape than pointer")
            if width is not None:
                other = b.splat(other, width)
            operands.append(other.name)
    return b.emit(f"tt.load {', '.join(operands)} : {ptr.type.mlir()}",
                  Ty(elem, width))


def store(pointer, value, mask=None, **unsupported):
    """Stores `value` through `pointer` in lanes whose `mask` is true. A
    scalar pointer with a tensor mask or value is broadcast, as in Triton."""
    b = current_builder("tl.store")
    if unsupported:
        b.error(f"tl.store: unsupported argument(s) "
                f"{', '.join(sorted(unsupported))}")
    ptr = _pointer(b, pointer, "tl.store")
    mask = _mask(b, mask, "tl.store")
    elem = {"ptr<f32>": F32, "ptr<i32>": I32}[ptr.type.elem]
    value = _value_for(b, value, elem, "tl.store")
    widths = {v.type.width for v in (ptr, value, mask) if v is not None} - {None}
    width = widths.pop() if widths else None
    if width is not None:
        ptr, value = b.splat(ptr, width), b.splat(value, width)
        mask = b.splat(mask, width) if mask is not None else None
    operands = [ptr.name, value.name] + ([mask.name] if mask is not None
                                         else [])
    b.emit_void(f"tt.store {', '.join(operands)} : {ptr.type.mlir()}")


class PropagateNan:
    """Triton's NaN policy for tl.maximum/tl.minimum/tl.clamp: NONE (the
    default) ignores a NaN operand when the other is a number, like
    fmaxf; ALL returns NaN when either operand is NaN."""
    NONE = 0
    ALL = 0xFFFF


def _elementwise2(name, fop, iop, a, c):
    b = current_builder(f"tl.{name}")
    x, y = b.unify(f"tl.{name}", a, c)
    op = fop if x.type.elem == F32 else iop
    return b.emit(f"{op} {x.name}, {y.name} : {x.type.mlir()}", x.type)


def _nan_ops(name, propagate_nan):
    propagate_nan = _unwrap(propagate_nan)
    if propagate_nan == PropagateNan.NONE:
        return "arith.maxnumf", "arith.minnumf"
    if propagate_nan == PropagateNan.ALL:
        return "arith.maximumf", "arith.minimumf"
    current_builder(f"tl.{name}").error(
        f"tl.{name}: propagate_nan must be tl.PropagateNan.NONE or "
        f"tl.PropagateNan.ALL, got {propagate_nan!r}")


def maximum(x, y, propagate_nan=PropagateNan.NONE):
    """Elementwise maximum; float32 NaN handling follows `propagate_nan`."""
    fmax, _ = _nan_ops("maximum", propagate_nan)
    return _elementwise2("maximum", fmax, "arith.maxsi", x, y)


def minimum(x, y, propagate_nan=PropagateNan.NONE):
    """Elementwise minimum; float32 NaN handling follows `propagate_nan`."""
    _, fmin = _nan_ops("minimum", propagate_nan)
    return _elementwise2("minimum", fmin, "arith.minsi", x, y)


def clamp(x, min, max, propagate_nan=PropagateNan.NONE):  # noqa: A002
    """`minimum(maximum(x, min), max)`, as Triton's tl.clamp. A NaN `x`
    gives NaN with PropagateNan.ALL and `min` with NONE (fmaxf(NaN, min) is
    min)."""
    return minimum(maximum(x, min, propagate_nan), max, propagate_nan)


def _float_unary(name, op, x):
    b = current_builder(f"tl.{name}")
    (v,) = b.unify(f"tl.{name}", x)
    v = b.to_f32(v)
    return b.emit(f"{op} {v.name} : {v.type.mlir()}", v.type)


def exp(x):
    """Elementwise e**x in float32 (int32 input is converted)."""
    return _float_unary("exp", "math.exp", x)


def exp2(x):
    """Elementwise 2**x in float32."""
    return _float_unary("exp2", "math.exp2", x)


def log(x):
    """Elementwise natural logarithm in float32."""
    return _float_unary("log", "math.log", x)


def log2(x):
    """Elementwise base-2 logarithm in float32."""
    return _float_unary("log2", "math.log2", x)


def sqrt(x):
    """Elementwise square root in float32. Triton's tl.sqrt may be
    approximate; MyTriton's is correctly rounded (as sqrt_rn) on every
    backend."""
    return _float_unary("sqrt", "math.sqrt", x)


def sqrt_rn(x):
    """Elementwise square root, rounded to nearest (IEEE)."""
    return _float_unary("sqrt_rn", "math.sqrt", x)


def rsqrt(x):
    """Elementwise 1 / sqrt(x) in float32 (CUDA's rsqrtf: within 2 ulp)."""
    return _float_unary("rsqrt", "math.rsqrt", x)


def sin(x):
    """Elementwise sine in float32."""
    return _float_unary("sin", "math.sin", x)


def cos(x):
    """Elementwise cosine in float32."""
    return _float_unary("cos", "math.cos", x)


def erf(x):
    """Elementwise error function in float32."""
    return _float_unary("erf", "math.erf", x)


def floor(x):
    """Elementwise floor in float32."""
    return _float_unary("floor", "math.floor", x)


def ceil(x):
    """Elementwise ceiling in float32."""
    return _float_unary("ceil", "math.ceil", x)


def abs(x):  # noqa: A001 - Triton's name
    """Elementwise absolute value: fabsf for float32; for int32 the
    two's-complement negation of negative values (abs(INT32_MIN) wraps to
    INT32_MIN, as Triton's)."""
    b = current_builder("tl.abs")
    (v,) = b.unify("tl.abs", x)
    if v.type.elem == F32:
        return b.emit(f"math.absf {v.name} : {v.type.mlir()}", v.type)
    return where(v < 0, 0 - v, v)


def fma(x, y, z):
    """Elementwise x * y + z with one rounding (float32)."""
    b = current_builder("tl.fma")
    x, y, z = (b.to_f32(v) for v in b.unify("tl.fma", x, y, z))
    return b.emit(f"math.fma {x.name}, {y.name}, {z.name} : "
                  f"{x.type.mlir()}", x.type)


def sigmoid(x):
    """Elementwise 1 / (1 + exp(-x)), as Triton's tl.sigmoid."""
    return 1.0 / (1.0 + exp(-_float(x, "sigmoid")))


def _float(x, name):
    b = current_builder(f"tl.{name}")
    (v,) = b.unify(f"tl.{name}", x)
    return b.to_f32(v)


def div_rn(x, y):
    """x / y in float32, rounded to nearest (IEEE)."""
    return _float(x, "div_rn") / _float(y, "div_rn")


def fdiv(x, y, ieee_rounding=False):
    """x / y in float32. Triton's fdiv without ieee_rounding may be
    approximate; MyTriton's division is always IEEE."""
    return _float(x, "fdiv") / _float(y, "fdiv")


def umulhi(x, y):
    """The high 32 bits of the 64-bit unsigned product of two int32 values
    (CUDA's __umulhi), built from 16-bit halves so that every backend
    computes it with 32-bit integer operations."""
    b = current_builder("tl.umulhi")
    x, y = b.unify("tl.umulhi", x, y)
    if x.type.elem != I32:
        b.error(f"tl.umulhi takes int32 values, not a {x.type.describe()}")

    def shr16(v):
        return b.emit(f"arith.shrui {v.name}, {b.splat_like(16, v).name} : "
                      f"{v.type.mlir()}", v.type)

    lo_x, hi_x = x & 0xFFFF, shr16(x)
    lo_y, hi_y = y & 0xFFFF, shr16(y)
    lo_lo, lo_hi = lo_x * lo_y, lo_x * hi_y
    hi_lo, hi_hi = hi_x * lo_y, hi_x * hi_y
    middle = shr16(lo_lo) + (lo_hi & 0xFFFF) + (hi_lo & 0xFFFF)
    return hi_hi + shr16(lo_hi) + shr16(hi_lo) + shr16(middle)


def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    """exp(x - max(x)) / sum(exp(x - max(x))) over a 1-D tensor, as
    Triton's tl.softmax (division is always IEEE here)."""
    b = current_builder("tl.softmax")
    if _unwrap(dim) not in (None, 0):
        b.error(f"tl.softmax: only 1-D tensors are supported, so dim must be "
                f"0 or None, got {_unwrap(dim)!r}")
    z = _float(x, "softmax")
    numerator = exp(z - max(z))
    return numerator / sum(numerator)


def static_assert(cond, msg=""):
    """Fails the compile, at this line, when the compile-time `cond` is
    false."""
    b = current_builder("tl.static_assert")
    value = _unwrap(cond)
    if isinstance(value, tensor):
        b.error("tl.static_assert needs a compile-time condition (constexpr "
                "values), not a traced value; use tl.device_assert for "
                "run-time checks")
    if not value:
        b.error(f"static_assert failed: {_unwrap(msg)}" if msg
                else "static_assert failed")


def static_print(*values, sep=" ", end="\n", file=None, flush=False):
    """Prints at compile time (once per specialization), like Python's
    print; traced values print as their type."""
    import builtins
    current_builder("tl.static_print")
    builtins.print(*(_unwrap(v) for v in values), sep=sep, end=end,
                   file=file, flush=flush)


def cdiv(x, div):
    """ceil(x / div) for integers: `(x + div - 1) // div`, as Triton's
    tl.cdiv; on compile-time ints it is computed while tracing."""
    x, div = _unwrap(x), _unwrap(div)
    return (x + div - 1) // div


def where(condition, x, y):
    """Elementwise `x if condition else y`."""
    b = current_builder("tl.where")
    cond = _mask(b, condition, "tl.where")
    if cond is None:
        b.error("tl.where: condition must be a boolean, got None")
    x, y = b.unify("tl.where", x, y, numeric=False)
    width = cond.type.width or x.type.width
    if width is not None:
        cond, x, y = b.splat(cond, width), b.splat(x, width), b.splat(y, width)
    types = x.type.mlir() if cond.type.width is None else \
        f"{cond.type.mlir()}, {x.type.mlir()}"
    return b.emit(f"arith.select {cond.name}, {x.name}, {y.name} : {types}",
                  x.type)


def _reduce(kind, value, axis):
    b = current_builder(f"tl.{kind}")
    axis = _unwrap(axis)
    if axis not in (None, 0):
        b.error(f"tl.{kind}: only 1-D tensors are supported, so axis must be "
                f"0 or None, got {axis!r}")
    if not isinstance(value, tensor) or value.type.width is None:
        kind_text = value.type.describe() if isinstance(value, tensor) \
            else type(value).__name__
        b.error(f"tl.{kind} reduces a tensor to a scalar, but got a "
                f"{kind_text}")
    if value.type.elem not in (F32, I32):
        b.error(f"tl.{kind} reduces float32 or int32 tensors, not a "
                f"{value.type.describe()}")
    elem = value.type.elem
    return b.emit(f"tt.reduce {kind} {value.name} : {value.type.mlir()} -> "
                  f"{elem}", Ty(elem))


def sum(input, axis=None):  # noqa: A001 - Triton's name
    """Sum of all lanes; every lane sees the scalar result."""
    return _reduce("sum", input, axis)


def max(input, axis=None):  # noqa: A001
    """Maximum of all lanes (NaN-ignoring for float32)."""
    return _reduce("max", input, axis)


def min(input, axis=None):  # noqa: A001
    """Minimum of all lanes (NaN-ignoring for float32)."""
    return _reduce("min", input, axis)


def static_range(start, stop=None, step=1):
    """A loop unrolled while tracing: bounds must be compile-time ints."""
    b = current_builder("tl.static_range")
    if stop is None:
        start, stop = 0, start
    bounds = {"start": _unwrap(start), "stop": _unwrap(stop),
              "step": _unwrap(step)}
    for name, value in bounds.items():
        if not _is_int(value):
            kind = value.type.describe() if isinstance(value, tensor) \
                else type(value).__name__
            b.error(f"tl.static_range {name} must be a compile-time int "
                    f"(a tl.constexpr or literal), got a {kind}")
    if bounds["step"] == 0:
        b.error("tl.static_range step must not be zero")
    return range(bounds["start"], bounds["stop"], bounds["step"])


def _math_namespace():
    """`tl.math`: Triton's math module names for the functions above."""
    import sys
    import types
    module = types.ModuleType(__name__ + ".math", "Triton's tl.math names.")
    for name in ("exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt",
                 "abs", "sin", "cos", "erf", "floor", "ceil", "fma", "div_rn",
                 "fdiv", "umulhi", "cdiv", "maximum", "minimum", "clamp"):
        setattr(module, name, globals()[name])
    sys.modules[module.__name__] = module
    return module


math = _math_namespace()
