"""``mytriton.language`` (``tl``): what a kernel body may call.

Each function appends tt ops to the kernel being traced (see _tracer.py).
Names and signatures follow Triton's, for the subset mytriton supports.
"""

from __future__ import annotations

from ._tracer import F32, I1, I32, Ty, current_builder, tensor

__all__ = [
    "constexpr", "tensor", "program_id", "arange", "load", "store",
    "maximum", "minimum", "exp", "where", "sum", "max", "min",
    "static_range", "float32", "int32",
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


def _elementwise2(name, fop, iop, a, c):
    b = current_builder(f"tl.{name}")
    x, y = b.unify(f"tl.{name}", a, c)
    op = fop if x.type.elem == F32 else iop
    return b.emit(f"{op} {x.name}, {y.name} : {x.type.mlir()}", x.type)


def maximum(x, y):
    """Elementwise maximum (NaN-ignoring for float32, like fmaxf)."""
    return _elementwise2("maximum", "arith.maxnumf", "arith.maxsi", x, y)


def minimum(x, y):
    """Elementwise minimum (NaN-ignoring for float32, like fminf)."""
    return _elementwise2("minimum", "arith.minnumf", "arith.minsi", x, y)


def exp(x):
    """Elementwise e**x in float32 (int32 input is converted)."""
    b = current_builder("tl.exp")
    (v,) = b.unify("tl.exp", x)
    v = b.to_f32(v)
    return b.emit(f"math.exp {v.name} : {v.type.mlir()}", v.type)


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
