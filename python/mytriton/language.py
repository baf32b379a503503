"""``mytriton.language`` (``tl``): what a kernel body may call.

Each function appends tt ops to the kernel being traced (see _tracer.py).
Names and signatures follow Triton's, for the subset mytriton supports.
"""

from __future__ import annotations

from . import _dtypes
from ._dtypes import dtype, pointer_type
from ._tracer import Ty, as_dtype, current_builder, describe_dtype, tensor
from ._tracer import shape_text as _shape_text
from . import _combine

__all__ = [
    "constexpr", "tensor", "program_id", "arange", "load", "store",
    "maximum", "minimum", "clamp", "PropagateNan", "where", "sum", "max",
    "min", "static_range", "static_assert", "static_print", "cdiv",
    "exp", "exp2", "log", "log2", "sqrt", "sqrt_rn", "rsqrt", "abs", "sin",
    "cos", "erf", "floor", "ceil", "fma", "sigmoid", "softmax", "div_rn",
    "fdiv", "umulhi", "math", "zeros", "full", "cast", "dtype",
    "pointer_type", "float16", "bfloat16", "float32", "float64", "int1",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "pi32_t",
    "zeros_like", "full_like", "expand_dims", "broadcast", "broadcast_to",
    "reshape", "view", "ravel", "trans", "permute", "num_programs",
    "multiple_of", "max_contiguous", "assume", "debug_barrier",
    "device_print", "device_assert",
    "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
    "atomic_xor", "atomic_xchg", "atomic_cas", "dot", "to_tensor",
    "max_constancy", "make_tensor_descriptor", "tensor_descriptor",
]

# Triton's dtypes (python/mytriton/_dtypes.py): str(tl.float16) == "fp16".
int1, int8, int16, int32, int64 = (_dtypes.int1, _dtypes.int8, _dtypes.int16,
                                   _dtypes.int32, _dtypes.int64)
uint8, uint16, uint32, uint64 = (_dtypes.uint8, _dtypes.uint16,
                                 _dtypes.uint32, _dtypes.uint64)
float16, bfloat16 = _dtypes.float16, _dtypes.bfloat16
float32, float64 = _dtypes.float32, _dtypes.float64
pi32_t = pointer_type(int32)  # Triton's alias


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
    return b.emit(f"tt.get_program_id {axis} : i32", Ty(int32))


def num_programs(axis):
    """Number of program instances along grid axis 0, 1 or 2: the size the
    launch grid gives that axis (1 for an axis it leaves out)."""
    b = current_builder("tl.num_programs")
    axis = _unwrap(axis)
    if not _is_int(axis) or axis not in (0, 1, 2):
        b.error(f"tl.num_programs(axis) takes a constant axis 0, 1 or 2, got "
                f"{axis!r}")
    return b.emit(f"tt.get_num_programs {axis} : i32", Ty(int32))


def arange(start, end):
    """[start, end) as a 1-D int32 tensor of end - start elements. A kernel
    whose tensors all have this one width (at most 1024) holds one element
    per thread, any width; in any other kernel the width must be a power of
    two (Triton's rule)."""
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
    b.note_origin((width,), f"tl.arange({start}, {end})")
    return b.emit(f"tt.make_range {{end = {end} : i32, start = {start} : i32}}"
                  f" : tensor<{width}xi32>", Ty(int32, (width,)))


def cast(input, dtype, fp_downcast_rounding=None,  # noqa: A002
         bitcast=False):
    """`input` converted to `dtype` (Triton's tl.cast; also x.to(dtype)):
    float <-> float by extf/truncf (fp_downcast_rounding 'rtne', the
    default, or 'rtz' for truncations), int <-> float by sitofp/uitofp
    and fptosi/fptoui (truncating toward zero; out of range is undefined,
    as in C), int <-> int by extsi/extui/trunci, to int1 as `!= 0`.
    `bitcast=True` keeps the bits (same width only)."""
    b = current_builder("tl.cast")
    return b.cast_op(input, dtype, fp_downcast_rounding, bitcast)


def _shape_arg(b, shape, what) -> tuple:
    """A shape given as a tuple/list (or, for *shape parameters, as
    separate ints): compile-time ints."""
    shape = _unwrap(shape)
    if isinstance(shape, tensor) or not hasattr(shape, "__iter__"):
        b.error(f"{what}: the shape must be a tuple of compile-time ints, "
                f"like (BLOCK_M, BLOCK_N), got {shape!r}")
    return tuple(_unwrap(d) for d in shape)


def _star_shape(b, shape, what) -> tuple:
    """Triton's `*shape`: `f(x, (8, 16))` or `f(x, 8, 16)`."""
    if len(shape) == 1 and not _is_int(_unwrap(shape[0])):
        return _shape_arg(b, shape[0], what)
    return _shape_arg(b, shape, what)


_DTYPE_CHOICES = ("tl.float16, tl.bfloat16, tl.float32, tl.float64, "
                  "tl.int1, tl.int8 ... tl.int64 or tl.uint8 ... tl.uint64")


def _element(b, dtype_, what) -> dtype:
    """A dtype argument (tl.float16, ...; Triton's names as strings too)
    as a value's element type: no pointers."""
    dtype_ = _unwrap(dtype_)
    try:
        elem = as_dtype(dtype_)
    except ValueError:
        elem = None
    if elem is None or elem.is_ptr():
        b.error(f"{what}: dtype {dtype_!r} is not supported; use "
                f"{_DTYPE_CHOICES}")
    return elem


def _zero(elem: dtype):
    return False if elem.is_bool() else 0.0 if elem.is_floating() else 0


def full(shape, value, dtype):
    """A tensor of `shape` whose every element is `value` (a Python number,
    which must fit `dtype`, or a traced scalar, converted as tl.cast does)
    as `dtype` (tl.float16 ... tl.uint64, tl.int1)."""
    b = current_builder("tl.full")
    shape = _shape_arg(b, shape, "tl.full")
    elem = _element(b, dtype, "tl.full")
    b.note_origin(shape, f"tl.full({shape!r}, ...)")
    return _filled(b, shape, value, elem, "tl.full")


def zeros(shape, dtype):
    """A tensor of `shape` filled with 0 of `dtype` (any tl dtype)."""
    b = current_builder("tl.zeros")
    shape = _shape_arg(b, shape, "tl.zeros")
    elem = _element(b, dtype, "tl.zeros")
    b.note_origin(shape, f"tl.zeros({shape!r}, ...)")
    return _filled(b, shape, _zero(elem), elem, "tl.zeros")


def _filled(b, shape, value, elem, what):
    value = _unwrap(value)
    if isinstance(value, tensor) and value.type.shape is not None:
        b.error(f"{what}: the value must be a scalar, not a "
                f"{value.type.describe()}")
    if isinstance(value, tensor):
        if value.type.is_ptr:
            b.error(f"{what}: the value must be a number, not a "
                    f"{value.type.describe()}")
        scalar = b.cast(value, elem)
    elif elem.is_bool():
        scalar = b.as_value(value, elem)
        if not scalar.type.elem.is_bool():
            b.error(f"{what}: a boolean tensor takes True or False, got "
                    f"a {scalar.type.describe()}")
    else:
        scalar = b.constant(value, elem)
    return b.splat(scalar, shape) if shape else scalar


def zeros_like(input):  # noqa: A002 - Triton's name
    """zeros(input.shape, input.dtype)."""
    b = current_builder("tl.zeros_like")
    x = _tensor_arg(b, input, "tl.zeros_like")
    elem = _element(b, x.type.elem, "tl.zeros_like")
    return _filled(b, x.type.shape, _zero(elem), elem, "tl.zeros_like")


def full_like(input, value, shape=None, dtype=None):  # noqa: A002
    """full(shape or input.shape, value, dtype or input.dtype), as Gluon's
    ttgl.full_like (Triton's tl has zeros_like only)."""
    b = current_builder("tl.full_like")
    x = _tensor_arg(b, input, "tl.full_like")
    elem = _element(b, x.type.elem if _unwrap(dtype) is None else dtype,
                    "tl.full_like")
    if _unwrap(shape) is None:
        shape = x.type.shape
    else:
        shape = _shape_arg(b, shape, "tl.full_like")
        b.note_origin(shape, f"tl.full_like(x, ..., shape={shape!r})")
    return _filled(b, shape, value, elem, "tl.full_like")


def _tensor_arg(b, value, what) -> tensor:
    value = _unwrap(value)
    if not isinstance(value, tensor):
        b.error(f"{what} takes a traced tensor, got a "
                f"{type(value).__name__}")
    return value


def _block_arg(b, value, what) -> tensor:
    """A traced value of rank >= 1."""
    value = _tensor_arg(b, value, what)
    if value.type.shape is None:
        kind = value.type.describe()
        article = "an" if kind[:1] in "aeiou" else "a"
        b.error(f"{what} takes a tensor, not {article} {kind}")
    return value


def _wrap_axis(b, axis, ndim, what) -> int:
    axis = _unwrap(axis)
    if not _is_int(axis):
        b.error(f"{what}: axis must be a compile-time int, got "
                f"{type(axis).__name__}")
    if not -ndim <= axis < ndim:
        b.error(f"{what}: axis {axis} is out of range for a {ndim}-D "
                f"{'result' if what == 'tl.expand_dims' else 'tensor'} "
                f"(expected {-ndim} <= axis < {ndim})")
    return axis + ndim if axis < 0 else axis


def expand_dims(input, axis):  # noqa: A002
    """`input` with dimensions of extent 1 inserted at `axis` (an int or a
    sequence of ints, positions in the result), as Triton's."""
    b = current_builder("tl.expand_dims")
    x = b.as_value(_unwrap(input))
    axis = _unwrap(axis)
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    ndim = x.type.rank + len(axes)
    axes = [_wrap_axis(b, a, ndim, "tl.expand_dims") for a in axes]
    if len(set(axes)) != len(axes):
        b.error(f"tl.expand_dims: duplicate axes {axes}")
    for a in sorted(axes):
        x = b.expand_dims(x, a)
    return x


def broadcast_to(input, *shape):  # noqa: A002
    """`input` repeated along its dimensions of extent 1 to `shape` (same
    rank; a scalar fills the shape), as Triton's."""
    b = current_builder("tl.broadcast_to")
    shape = _star_shape(b, shape, "tl.broadcast_to")
    b.note_origin(shape, f"tl.broadcast_to(x, {shape!r})")
    x = b.as_value(_unwrap(input))
    return b.broadcast_to(x, shape, "tl.broadcast_to")


def broadcast(input, other):  # noqa: A002
    """Both values broadcast to their common shape (Triton's rules)."""
    b = current_builder("tl.broadcast")
    x, y = b.as_value(_unwrap(input)), b.as_value(_unwrap(other))
    shape = b.common_shape("tl.broadcast", (x, y))
    return b.to_shape(x, shape), b.to_shape(y, shape)


def reshape(input, *shape, can_reorder=False):  # noqa: A002
    """The elements of `input` in row-major order under `shape` (same
    number of elements). `can_reorder` is accepted: the order is always
    kept."""
    b = current_builder("tl.reshape")
    return _reshape(b, input, _star_shape(b, shape, "tl.reshape"),
                    "tl.reshape")


def view(input, *shape):  # noqa: A002
    """Triton's deprecated tl.view: tl.reshape(input, shape,
    can_reorder=True); MyTriton keeps the row-major order."""
    b = current_builder("tl.view")
    return _reshape(b, input, _star_shape(b, shape, "tl.view"), "tl.view")


def ravel(x, can_reorder=False):
    """`x` as a 1-D tensor, row-major."""
    b = current_builder("tl.ravel")
    x = _block_arg(b, x, "tl.ravel")
    return _reshape(b, x, (x.type.numel,), "tl.ravel")


def _reshape(b, input, shape, what):
    x = _block_arg(b, input, what)
    if not shape:
        b.error(f"{what}: reshaping to a scalar (shape ()) is not supported")
    b.note_origin(shape, f"{what}(x, {shape!r})")
    n = 1
    for d in shape:
        n *= d
    if n != x.type.numel:
        b.error(f"{what}: cannot reshape a tensor of shape "
                f"{_shape_text(x.type.shape)} ({x.type.numel} elements) to "
                f"{_shape_text(shape)} ({n} elements); the number of "
                "elements must stay the same")
    if tuple(shape) == x.type.shape:
        return x
    ty = Ty(x.type.elem, tuple(shape))
    return b.emit(f"tt.reshape {x.name} : {x.type.mlir()} -> {ty.mlir()}", ty)


def permute(input, *dims):  # noqa: A002
    """The dimensions of `input` reordered: result dimension i is input
    dimension dims[i] (2-D: (1, 0) transposes, (0, 1) keeps)."""
    b = current_builder("tl.permute")
    return _permute(b, input, dims, "tl.permute")


def trans(input, *dims):  # noqa: A002
    """tl.permute, with (1, 0) when no dims are given: the transpose of a
    2-D tensor (also ``x.T``)."""
    b = current_builder("tl.trans")
    return _permute(b, input, dims or (1, 0), "tl.trans")


def _permute(b, input, dims, what):
    x = _block_arg(b, input, what)
    if len(dims) == 1 and not _is_int(_unwrap(dims[0])):
        dims = _unwrap(dims[0])
    dims = tuple(_unwrap(d) for d in dims)
    if len(dims) != x.type.rank:
        b.error(f"{what}: dims {dims} name {len(dims)} dimensions but the "
                f"tensor of shape {_shape_text(x.type.shape)} has "
                f"{x.type.rank}")
    if sorted(dims) != list(range(len(dims))):
        b.error(f"{what}: dims must be a permutation of 0, ..., "
                f"{len(dims) - 1}, got {dims}")
    if dims == tuple(range(len(dims))):
        return x
    shape = tuple(x.type.shape[d] for d in dims)
    ty = Ty(x.type.elem, shape)
    return b.emit(f"tt.trans {x.name} : {x.type.mlir()} -> {ty.mlir()}", ty)


# tl.dot's input_precision values (Triton's): tf32 rounds f32 operands to
# tf32 on tensor cores, tf32x3 sums three tf32 products, ieee is full f32.
# The FMA path computes in full f32 for all three, which is within Triton's
# tolerances (docs/Python.md#tldot); other operand types ignore it.
_DOT_PRECISIONS = ("tf32", "tf32x3", "ieee")
# Operand element type -> the accumulator (result) type, Triton's
# semantic.dot: int8 accumulates in int32, bfloat16 and float32 in float32,
# float64 in float64, whatever out_dtype says; float16 in out_dtype
# (float32, the default, or float16). One entry each in tt.dot's verifier
# table (getDotTypeRules).
_DOT_RESULTS = {int8: int32, float16: None, bfloat16: float32,
                float32: float32, float64: float64}
_DOT_F16_RESULTS = (float32, float16)


def _dot_name(d) -> str:
    return f"tl.{d.codegen_name()}" if isinstance(d, dtype) else str(d)


def _dot_min_k(elem) -> int:
    """Triton's smallest K on NVIDIA GPUs (min_dot_size): 32 for 8-bit
    operands, 4 for 64-bit ones, else 16; M and N may be as small as 1."""
    return {8: 32, 64: 4}.get(elem.primitive_bitwidth, 16)


def _dot_result(b, elem, out) -> dtype:
    """The accumulator type of `elem` operands with out_dtype `out`."""
    if elem not in _DOT_RESULTS:
        supported = ", ".join(_dot_name(e) for e in _DOT_RESULTS)
        hint = " (Triton takes signed int8 only)" if elem.is_int() else ""
        b.error(f"tl.dot multiplies tiles of {supported}, not of "
                f"{_dot_name(elem)}{hint}")
    if elem != int8 and out == bfloat16:
        b.error("tl.dot: out_dtype=bfloat16 is unsupported (as in Triton); "
                "use out_dtype=tl.float32 and cast with .to(tl.bfloat16)")
    result = _DOT_RESULTS[elem]
    if result is not None:
        return result
    if out not in _DOT_F16_RESULTS:
        b.error(f"tl.dot: {_dot_name(elem)} operands accumulate into "
                f"tl.float32 (the default) or tl.float16, not "
                f"out_dtype={_dot_name(out)}")
    return out


def dot(input, other, acc=None, input_precision=None, allow_tf32=None,  # noqa: A002
        max_num_imprecise_acc=None, out_dtype=float32):
    """The matrix product of 2-D tiles `input` (M x K) and `other` (K x N),
    plus `acc` (M x N) when given, as Triton's tl.dot (also ``a @ b``).
    Both operands have one type, as Triton's: int8 accumulates in int32,
    float16 in out_dtype (float32, the default, or float16), bfloat16 and
    float32 in float32, float64 in float64 (out_dtype is read only for
    float16 operands, and bfloat16 is refused, as Triton). `acc` must be the
    [M, N] tile of that type and of type out_dtype. K is at least 16 (32
    for int8, 4 for float64), M and N at least 1. `input_precision` is
    "tf32" (the default, as Triton's), "tf32x3" or "ieee" (`allow_tf32=False`
    is "ieee"); every backend computes each element as a chain of fused
    multiply-adds over k ascending in the accumulator's type, the operands
    extended to it (exact products for float16/bfloat16 into float32, int8
    sign-extended; docs/Python.md#tldot). `max_num_imprecise_acc` (for fp8
    operands in Triton) is accepted and carried."""
    b = current_builder("tl.dot")
    x = _block_arg(b, input, "tl.dot")
    y = _block_arg(b, other, "tl.dot")
    for name, v in (("first operand", x), ("second operand", y)):
        if v.type.rank != 2:
            b.error(f"tl.dot multiplies 2-D tiles, but the {name} has shape "
                    f"{_shape_text(v.type.shape)}")
    (m, k), (k2, n) = x.type.shape, y.type.shape
    if k != k2:
        b.error(f"tl.dot: the first operand is [M, K] = {_shape_text((m, k))} "
                f"and the second [K, N] = {_shape_text((k2, n))}; the second's "
                f"{k2} rows must equal the first's K = {k} columns")
    elem = x.type.elem
    if y.type.elem != elem:
        b.error(f"tl.dot: both operands must have one element type, got "
                f"{x.type.describe()} and {y.type.describe()}")
    out = _element(b, out_dtype, "tl.dot")
    result = _dot_result(b, elem, out)
    if k < _dot_min_k(elem):
        b.error(f"tl.dot needs K of at least {_dot_min_k(elem)} for "
                f"{_dot_name(elem)} operands (as Triton on NVIDIA GPUs), got "
                f"K = {k} for {_shape_text((m, k))} @ {_shape_text((k2, n))}")
    precision = _unwrap(input_precision)
    tf32 = _unwrap(allow_tf32)
    if precision is not None and tf32 is not None:
        b.error("tl.dot: give input_precision or the older allow_tf32, not "
                "both")
    if precision is None:
        precision = "tf32" if tf32 is None or tf32 else "ieee"
    if precision not in _DOT_PRECISIONS:
        b.error(f"tl.dot: input_precision must be one of "
                f"{', '.join(repr(p) for p in _DOT_PRECISIONS)}, got "
                f"{precision!r}")
    imprecise = _unwrap(max_num_imprecise_acc)
    if imprecise is None:
        imprecise = 0
    if not _is_int(imprecise) or imprecise < 0:
        b.error(f"tl.dot: max_num_imprecise_acc must be a non-negative "
                f"compile-time int or None, got {imprecise!r}")
    ty = Ty(result, (m, n))
    if _unwrap(acc) is None:
        c = b.splat(b.constant(0.0 if result.is_floating() else 0, result),
                    (m, n))
    else:
        c = _block_arg(b, acc, "tl.dot")
        if c.type != ty:
            b.error(f"tl.dot: acc must be the [M, N] = {_shape_text((m, n))} "
                    f"{_dot_name(result)} tile of the product, got a "
                    f"{c.type.describe()}")
        if out != result:
            b.error(f"tl.dot: with an acc of {_dot_name(result)}, out_dtype "
                    f"must be {_dot_name(result)} too (Triton requires acc's "
                    f"type to be out_dtype), got out_dtype={_dot_name(out)}")
    attrs = "" if precision == "tf32" else f", inputPrecision = {precision}"
    if imprecise:
        attrs += f" {{maxNumImpreciseAcc = {imprecise} : i32}}"
    return b.emit(f"tt.dot {x.name}, {y.name}, {c.name}{attrs} : "
                  f"{x.type.mlir()} * {y.type.mlir()} -> {ty.mlir()}", ty)


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
        return b.constant(mask, int1)
    if not (isinstance(mask, tensor) and mask.type.elem.is_bool()):
        kind = mask.type.describe() if isinstance(mask, tensor) \
            else type(mask).__name__
        b.error(f"{what}: mask must be a boolean (a comparison), got a {kind}")
    return mask


def _value_for(b, value, elem: dtype, what: str) -> tensor:
    """`value` converted to the memory element type `elem` as Triton's
    tl.store and tl.load's `other` do (tl.cast; a Python scalar first
    becomes a value of its own type, int32 or float32 ...)."""
    value = b.as_value(_unwrap(value))
    if value.type.is_ptr:
        b.error(f"{what}: cannot use a {value.type.describe()} as "
                f"{describe_dtype(elem)}")
    return b.cast(value, elem)


def _memory_type(ptr: tensor) -> tuple[dtype, dtype]:
    """(pointee dtype, dtype in memory): a bool is a byte in memory."""
    pointee = ptr.type.elem.element_ty
    return pointee, (int8 if pointee.is_bool() else pointee)


def load(pointer, mask=None, other=None, **unsupported):
    """Loads through `pointer`. Lanes whose `mask` is false read `other`
    (0 when not given) and touch no memory. `mask` and `other` broadcast
    with the pointer (Triton's rules); a scalar pointer with a tensor mask
    loads that shape."""
    b = current_builder("tl.load")
    if unsupported:
        b.error(f"tl.load: unsupported argument(s) "
                f"{', '.join(sorted(unsupported))}")
    ptr = _pointer(b, pointer, "tl.load")
    mask = _mask(b, mask, "tl.load")
    if mask is None:
        # As in Triton, `other` only matters for masked-off lanes.
        other = None
    pointee, elem = _memory_type(ptr)
    if other is not None:
        other = _value_for(b, other, elem, "tl.load other")
    shape = b.common_shape("tl.load", (ptr, mask, other))
    ptr = b.to_shape(ptr, shape)
    operands = [ptr.name]
    if mask is not None:
        operands.append(b.to_shape(mask, shape).name)
        if other is not None:
            operands.append(b.to_shape(other, shape).name)
    loaded = b.emit(f"tt.load {', '.join(operands)} : {ptr.type.mlir()}",
                    Ty(elem, shape))
    # A bool in memory is a byte: true where it is not 0 (Triton).
    return b.cast(loaded, pointee)


def store(pointer, value, mask=None, **unsupported):
    """Stores `value` through `pointer` in lanes whose `mask` is true.
    With a tensor of pointers, `value` and `mask` broadcast to its shape
    (Triton's rule); a scalar pointer with a tensor value or mask is
    broadcast to their shape."""
    b = current_builder("tl.store")
    if unsupported:
        b.error(f"tl.store: unsupported argument(s) "
                f"{', '.join(sorted(unsupported))}")
    ptr = _pointer(b, pointer, "tl.store")
    mask = _mask(b, mask, "tl.store")
    _, elem = _memory_type(ptr)
    value = _value_for(b, value, elem, "tl.store")
    if ptr.type.shape is not None:
        shape = ptr.type.shape
        value = b.broadcast_to(value, shape, "tl.store value")
        if mask is not None:
            mask = b.broadcast_to(mask, shape, "tl.store mask")
    else:
        shape = b.common_shape("tl.store", (value, mask))
        ptr, value = b.to_shape(ptr, shape), b.to_shape(value, shape)
        mask = b.to_shape(mask, shape) if mask is not None else None
    operands = [ptr.name, value.name] + ([mask.name] if mask is not None
                                         else [])
    b.emit_void(f"tt.store {', '.join(operands)} : {ptr.type.mlir()}")


class tensor_descriptor:
    """A device-side tensor descriptor (``tl.make_tensor_descriptor``): a
    row-major tensor in global memory, of `shape` and `strides` (the last
    1), read and written a block of `block_shape` at a time, as Triton's.
    ``load(offsets)`` returns the block whose first element is at
    `offsets`, zero where it leaves the tensor (NaN with
    ``padding_option="nan"``); ``store(offsets, value)`` writes the block's
    elements inside the tensor, `value` cast to the descriptor's dtype.
    Both are masked ``tl.load`` / ``tl.store`` of the block on every route:
    MyTriton does not use the TMA copies Triton makes of them on sm_90
    (docs/Python.md#tensor-descriptors)."""

    def __init__(self, base, shape, strides, block_shape, padding):
        self.base, self.shape, self.strides = base, shape, strides
        self.block_shape, self.padding = block_shape, padding

    @property
    def dtype(self):
        return self.base.type.elem.element_ty

    def __repr__(self):
        return (f"tensor_descriptor<{describe_dtype(self.dtype)}, block "
                f"{_shape_text(self.block_shape)}>")

    def _block(self, b, offsets, what):
        """The block's pointers and the mask of its elements inside the
        tensor."""
        offsets = _unwrap(offsets)
        rank = len(self.block_shape)
        if not isinstance(offsets, (list, tuple)) or len(offsets) != rank:
            b.error(f"{what}: expected {rank} offsets (a list, one per "
                    f"dimension of the block), got {offsets!r}")
        ptr, inside = self.base, None
        for d, (offset, size) in enumerate(zip(offsets, self.block_shape)):
            index = arange(0, size) + _unwrap(offset)
            if rank == 2:
                index = expand_dims(index, 1 - d)
            within = (index >= 0) & (index < self.shape[d])
            inside = within if inside is None else inside & within
            # Triton's descriptors address with 64-bit strides.
            index = index.to(int64)
            ptr = ptr + (index if d == rank - 1 else index * self.strides[d])
        return ptr, inside

    def load(self, offsets):
        b = current_builder("tensor_descriptor.load")
        ptr, inside = self._block(b, offsets, "tensor_descriptor.load")
        other = float("nan") if self.padding == "nan" else 0
        return load(ptr, mask=inside, other=other)

    def store(self, offsets, value):
        b = current_builder("tensor_descriptor.store")
        value = b.as_value(_unwrap(value))
        if value.type.shape != tuple(self.block_shape):
            b.error(f"tensor_descriptor.store: the value's shape "
                    f"{_shape_text(value.type.shape or ())} is not the "
                    f"block's {_shape_text(self.block_shape)}")
        ptr, inside = self._block(b, offsets, "tensor_descriptor.store")
        store(ptr, value, mask=inside)

    # Triton's element types for each reduction (its semantic.py); its 16-bit
    # float min/max need TMA, which MyTriton's descriptors do not use.
    _ATOMIC_TYPES = {
        "add": (uint32, int32, uint64, float32, float16, bfloat16),
        "min": (uint32, int32, uint64, int64),
        "max": (uint32, int32, uint64, int64),
        "and": (uint32, int32, uint64, int64),
        "or": (uint32, int32, uint64, int64),
        "xor": (uint32, int32, uint64, int64),
    }

    def _atomic(self, kind, offsets, value):
        what = f"tensor_descriptor.atomic_{kind}"
        b = current_builder(what)
        value = b.as_value(_unwrap(value))
        if value.type.shape != tuple(self.block_shape):
            b.error(f"{what}: the value's shape "
                    f"{_shape_text(value.type.shape or ())} is not the "
                    f"block's {_shape_text(self.block_shape)}")
        elem = self.dtype
        if elem not in self._ATOMIC_TYPES[kind]:
            why = ("16-bit float types require native tma support"
                   if kind in ("min", "max") and elem.is_floating() and
                   elem.primitive_bitwidth == 16 else "unsupported dtype")
            b.error(f"{what}: {why}: a descriptor of "
                    f"{describe_dtype(elem)} (Triton's: "
                    f"{', '.join(map(describe_dtype, self._ATOMIC_TYPES[kind]))})")
        if value.type.elem != elem:
            b.error(f"{what}: the value is {describe_dtype(value.type.elem)}, "
                    f"the descriptor {describe_dtype(elem)}: cast it first")
        ptr, inside = self._block(b, offsets, what)
        globals()[f"atomic_{kind}"](ptr, value, mask=inside)

    def atomic_add(self, offsets, value):
        """Adds `value` to the block at `offsets`, element by element
        atomically, inside the tensor; returns nothing (Triton's)."""
        self._atomic("add", offsets, value)

    def atomic_min(self, offsets, value):
        self._atomic("min", offsets, value)

    def atomic_max(self, offsets, value):
        self._atomic("max", offsets, value)

    def atomic_and(self, offsets, value):
        self._atomic("and", offsets, value)

    def atomic_or(self, offsets, value):
        self._atomic("or", offsets, value)

    def atomic_xor(self, offsets, value):
        self._atomic("xor", offsets, value)


def make_tensor_descriptor(base, shape, strides, block_shape,
                           padding_option="zero"):
    """Triton's ``tl.make_tensor_descriptor``: a tensor_descriptor over the
    row-major tensor at scalar pointer `base`, with Triton's checks (the
    last stride the constant 1, a block of at least 16 bytes along the last
    dimension, no int1 elements, NaN padding for floats only). Ranks 1 and
    2 (Triton: 1 to 5)."""
    b = current_builder("tl.make_tensor_descriptor")
    what = "tl.make_tensor_descriptor"
    base = _pointer(b, base, what)
    if base.type.shape:
        b.error(f"{what}: base must be a scalar pointer (the tensor's first "
                f"element), got a {base.type.describe()}")
    shape, strides = list(_unwrap(shape)), list(_unwrap(strides))
    block_shape = [_unwrap(s) for s in _unwrap(block_shape)]
    ndim = len(shape)
    if ndim not in (1, 2):
        b.error(f"{what}: MyTriton supports descriptors of rank 1 and 2 "
                f"(Triton's go to 5), got {ndim} dimensions")
    if len(strides) != ndim:
        b.error(f"{what}: expected {ndim} strides but got {len(strides)}")
    if len(block_shape) != ndim:
        b.error(f"{what}: expected block_shape to have {ndim} dimensions "
                f"but got {len(block_shape)}")
    if not all(_is_int(s) and s > 0 for s in block_shape):
        b.error(f"{what}: block_shape must be compile-time ints "
                f"(tl.constexpr values or literals), got {block_shape!r}")
    elem = base.type.elem.element_ty
    if elem.primitive_bitwidth == 1:
        b.error(f"{what}: int1 type is not supported for "
                "make_tensor_descriptor yet")
    elem_size = elem.primitive_bitwidth // 8
    if block_shape[-1] * elem_size < 16:
        b.error(f"{what}: descriptor block shape must have at least 16 "
                f"bytes in the last dimension, but got {block_shape[-1]} * "
                f"{elem_size} = {block_shape[-1] * elem_size} bytes")
    last = _unwrap(strides[-1])
    if not (_is_int(last) and last == 1):
        shown = last if _is_int(last) else "a runtime value"
        b.error(f"{what}: tensor descriptor last dim must be 1 but got "
                f"{shown}")
    padding = _unwrap(padding_option)
    if padding not in ("zero", "nan"):
        b.error(f"{what}: padding_option is 'zero' or 'nan', got "
                f"{padding!r}")
    if padding == "nan" and not elem.is_floating():
        b.error(f"{what}: padding option `nan` is not supported for "
                "integer blocks")
    shape = [b.cast(b.as_value(_unwrap(x)), int32) for x in shape]
    return tensor_descriptor(base, shape, strides, block_shape, padding)


# Triton's `sem=` and `scope=` strings; None means the default.
_ATOMIC_SEMS = ("acquire", "release", "acq_rel", "relaxed")
_ATOMIC_SCOPES = ("gpu", "cta", "sys")


def _atomic_order(b, sem, scope, what) -> str:
    """`sem, scope` of a tt atomic: Triton's defaults are acq_rel and gpu."""
    sem, scope = _unwrap(sem), _unwrap(scope)
    sem = "acq_rel" if sem is None else sem
    scope = "gpu" if scope is None else scope
    if sem not in _ATOMIC_SEMS:
        b.error(f"{what}: sem must be one of "
                f"{', '.join(repr(s) for s in _ATOMIC_SEMS)}, got {sem!r}")
    if scope not in _ATOMIC_SCOPES:
        b.error(f"{what}: scope must be one of "
                f"{', '.join(repr(s) for s in _ATOMIC_SCOPES)}, got "
                f"{scope!r}")
    return f"{sem}, {scope}"


def _atomic_shape(b, ptr, values, what):
    """`ptr` and `values` (None entries kept) at one shape, as tl.store
    broadcasts: to a tensor pointer's shape, else to the values' common
    shape (a scalar pointer then addresses one element from every lane)."""
    if ptr.type.shape is not None:
        shape = ptr.type.shape
        return ptr, [None if v is None else
                     b.broadcast_to(v, shape, what) for v in values]
    shape = b.common_shape(what, values)
    return b.to_shape(ptr, shape), [None if v is None else
                                    b.to_shape(v, shape) for v in values]


# tl.atomic_X -> (kind on signed, unsigned, float memory; None: refused).
_RMW_KINDS = {"add": ("add", "add", "fadd"), "max": ("max", "umax", "fmax"),
              "min": ("min", "umin", "fmin"), "and": ("and", "and", None),
              "or": ("or", "or", None), "xor": ("xor", "xor", None),
              "xchg": ("xchg", "xchg", "xchg")}


def _atomic_memory(b, ptr, what, rmw=None) -> dtype:
    """The element type of an atomic's memory, checked as Triton's
    semantic.py does: read-modify-writes take 32- and 64-bit elements and
    float16/bfloat16 for atomic_add only; atomic_cas (rmw None) takes 16-,
    32- and 64-bit elements."""
    elem = ptr.type.elem.element_ty
    width = 1 if elem.is_bool() else elem.primitive_bitwidth
    if rmw is None:
        if width not in (16, 32, 64):
            b.error(f"{what} takes 16-, 32- or 64-bit elements (as Triton), "
                    f"but the pointer is a {ptr.type.describe()}")
        return elem
    if elem in (float16, bfloat16):
        if rmw != "add":
            b.error(f"{what} does not support {describe_dtype(elem)} memory "
                    f"(as in Triton, 16-bit floats take atomic_add only), "
                    f"but the pointer is a {ptr.type.describe()}")
        return elem
    if width not in (32, 64):
        b.error(f"{what} takes 32- or 64-bit elements, or float16/bfloat16 "
                f"for atomic_add (as Triton), but the pointer is a "
                f"{ptr.type.describe()}")
    return elem


def _atomic_rmw(name, pointer, val, mask, sem, scope):
    what = f"tl.atomic_{name}"
    b = current_builder(what)
    ptr = _pointer(b, _unwrap(pointer), what)
    elem = _atomic_memory(b, ptr, what, name)
    signed, unsigned, floating = _RMW_KINDS[name]
    kind = (floating if elem.is_floating() else
            unsigned if elem.is_int_unsigned() else signed)
    if kind is None:
        b.error(f"{what} needs integer memory, but the pointer is a "
                f"{ptr.type.describe()}; float memory takes atomic_add, "
                "atomic_max, atomic_min and atomic_xchg")
    order = _atomic_order(b, sem, scope, what)
    # The value converts to the memory's type as tl.store's does (Triton's
    # atom_red_typechecking_impl casts it).
    value = _value_for(b, val, elem, what)
    mask = _mask(b, mask, what)
    ptr, (value, mask) = _atomic_shape(b, ptr, [value, mask], what)
    operands = [ptr.name, value.name] + ([mask.name] if mask is not None
                                         else [])
    return b.emit(f"tt.atomic_rmw {kind}, {order}, {', '.join(operands)} : "
                  f"{ptr.type.mlir()}", Ty(elem, ptr.type.shape))


def atomic_add(pointer, val, mask=None, sem=None, scope=None):
    """Atomically adds `val` to the element each pointer addresses, in lanes
    whose `mask` is true, and returns the elements' old values (masked-off
    lanes return an unspecified value). `sem` ('acq_rel' by default,
    'acquire', 'release', 'relaxed') and `scope` ('gpu' by default, 'cta',
    'sys') are Triton's. A scalar pointer is updated once per program."""
    return _atomic_rmw("add", pointer, val, mask, sem, scope)


def atomic_max(pointer, val, mask=None, sem=None, scope=None):
    """Atomic maximum, as tl.atomic_add: signed or unsigned as the memory's
    integer type; for float32/float64 Triton's order (IEEE for numbers,
    -0.0 below +0.0; see docs/Python.md for NaN)."""
    return _atomic_rmw("max", pointer, val, mask, sem, scope)


def atomic_min(pointer, val, mask=None, sem=None, scope=None):
    """Atomic minimum, as tl.atomic_max."""
    return _atomic_rmw("min", pointer, val, mask, sem, scope)


def atomic_and(pointer, val, mask=None, sem=None, scope=None):
    """Atomic bitwise and of integer memory, as tl.atomic_add."""
    return _atomic_rmw("and", pointer, val, mask, sem, scope)


def atomic_or(pointer, val, mask=None, sem=None, scope=None):
    """Atomic bitwise or of integer memory, as tl.atomic_add."""
    return _atomic_rmw("or", pointer, val, mask, sem, scope)


def atomic_xor(pointer, val, mask=None, sem=None, scope=None):
    """Atomic bitwise xor of integer memory, as tl.atomic_add."""
    return _atomic_rmw("xor", pointer, val, mask, sem, scope)


def atomic_xchg(pointer, val, mask=None, sem=None, scope=None):
    """Atomically writes `val` and returns the old values, as
    tl.atomic_add."""
    return _atomic_rmw("xchg", pointer, val, mask, sem, scope)


def atomic_cas(pointer, cmp, val, sem=None, scope=None):
    """Atomic compare-and-swap on 16-, 32- or 64-bit memory: where the
    element equals `cmp` (bit for bit for floats), writes `val`; returns
    the old values. A scalar pointer
    is swapped once per program, every lane seeing the old value (a spin
    lock: ``while tl.atomic_cas(lock, 0, 1) == 1: pass``)."""
    what = "tl.atomic_cas"
    b = current_builder(what)
    ptr = _pointer(b, _unwrap(pointer), what)
    elem = _atomic_memory(b, ptr, what)
    order = _atomic_order(b, sem, scope, what)
    cmp = _value_for(b, cmp, elem, f"{what} cmp")
    val = _value_for(b, val, elem, f"{what} val")
    ptr, (cmp, val) = _atomic_shape(b, ptr, [cmp, val], what)
    return b.emit(f"tt.atomic_cas {order}, {ptr.name}, {cmp.name}, "
                  f"{val.name} : {ptr.type.mlir()}", Ty(elem, ptr.type.shape))


class PropagateNan:
    """Triton's NaN policy for tl.maximum/tl.minimum/tl.clamp: NONE (the
    default) ignores a NaN operand when the other is a number, like
    fmaxf; ALL returns NaN when either operand is NaN."""
    NONE = 0
    ALL = 0xFFFF


def _elementwise2(name, fop, sop, uop, a, c):
    b = current_builder(f"tl.{name}")
    x, y = b.unify(f"tl.{name}", a, c)
    elem = x.type.elem
    op = fop if elem.is_floating() else uop if elem.is_int_unsigned() \
        else sop
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
    return _elementwise2("maximum", fmax, "arith.maxsi", "arith.maxui", x, y)


def minimum(x, y, propagate_nan=PropagateNan.NONE):
    """Elementwise minimum; float32 NaN handling follows `propagate_nan`."""
    _, fmin = _nan_ops("minimum", propagate_nan)
    return _elementwise2("minimum", fmin, "arith.minsi", "arith.minui", x, y)


def clamp(x, min, max, propagate_nan=PropagateNan.NONE):  # noqa: A002
    """`minimum(maximum(x, min), max)`, as Triton's tl.clamp. A NaN `x`
    gives NaN with PropagateNan.ALL and `min` with NONE (fmaxf(NaN, min) is
    min)."""
    return minimum(maximum(x, min, propagate_nan), max, propagate_nan)


def _float_unary(name, op, x, approximate=False):
    """`op` elementwise: integers convert to float32 first; float16 and
    bfloat16 compute in float32 and round back (as Triton's backends do);
    float32 and float64 in their own type. `approximate`: in float32 it is
    Triton's fast form (fastmath<afn>; docs/Python.md#floating-point-math)."""
    b = current_builder(f"tl.{name}")
    v = _float(x, name)

    def compute(w):
        flags = " fastmath<afn>" if approximate and w.type.elem.is_fp32() \
            else ""
        return b.emit(f"{op} {w.name}{flags} : {w.type.mlir()}", w.type)
    return b.float_math(v.type.elem, v, compute)


def exp(x):
    """Elementwise e**x, as Triton's: in float32 (halves compute in it) the
    approximate 2**(x * log2(e)) of PTX's ex2.approx.f32 on the GPU routes;
    float64 is exact-rounded libdevice/libm."""
    return _float_unary("exp", "math.exp", x, approximate=True)


def _exp_precise(x):
    """libdevice's exp (__nv_expf): the accurate e**x, never ex2.approx."""
    return _float_unary("extra.libdevice.exp", "math.exp", x)


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
    """Elementwise square root, as Triton's: approximate in float32 on the
    GPU routes (PTX sqrt.approx.f32); tl.sqrt_rn is the IEEE one."""
    return _float_unary("sqrt", "math.sqrt", x, approximate=True)


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
    if v.type.elem.is_floating():
        return b.emit(f"math.absf {v.name} : {v.type.mlir()}", v.type)
    if v.type.elem.is_int_unsigned():
        return v
    return where(v < 0, 0 - v, v)


def fma(x, y, z):
    """Elementwise x * y + z with one rounding, in the promoted float type
    (integers: float32)."""
    b = current_builder("tl.fma")
    x, y, z = b.unify("tl.fma", x, y, z)
    if x.type.elem.is_int():
        x, y, z = (b.to_f32(v) for v in (x, y, z))
    return b.emit(f"math.fma {x.name}, {y.name}, {z.name} : "
                  f"{x.type.mlir()}", x.type)


def sigmoid(x):
    """Elementwise 1 / (1 + exp(-x)), as Triton's tl.sigmoid."""
    return 1.0 / (1.0 + exp(-_float(x, "sigmoid")))


def _float(x, name):
    """`x` as a float value: integers convert to float32, floats stay."""
    b = current_builder(f"tl.{name}")
    (v,) = b.unify(f"tl.{name}", x)
    return v if v.type.elem.is_floating() else b.to_f32(v)


def div_rn(x, y):
    """x / y rounded to nearest (IEEE), in float32 (float64 for doubles)."""
    b = current_builder("tl.div_rn")
    x, y = b.unify("tl.div_rn", _float(x, "div_rn"), _float(y, "div_rn"))
    if x.type.elem.primitive_bitwidth < 32:
        x, y = b.to_f32(x), b.to_f32(y)
    return b.binary("/", x, y, precise=True)


def fdiv(x, y, ieee_rounding=False):
    """x / y of floats (integers convert to float32), promoted as `/`: as
    Triton's, approximate in float32 (as `/`) unless `ieee_rounding`."""
    b = current_builder("tl.fdiv")
    return b.binary("/", _float(x, "fdiv"), _float(y, "fdiv"),
                    precise=bool(_unwrap(ieee_rounding)))


def umulhi(x, y):
    """The high half of the double-width unsigned product (CUDA's __umulhi
    and __umul64hi), of two 32- or 64-bit integers. 32 bits: the product in
    64 bits, shifted, the form LLVM selects as one mul.hi.u32 (x86: one mul);
    64 bits: from 32-bit halves in 64-bit arithmetic, as no backend has a
    128-bit integer type."""
    b = current_builder("tl.umulhi")
    x, y = b.unify("tl.umulhi", x, y)
    if x.type.elem not in (int32, uint32, int64, uint64):
        b.error(f"tl.umulhi takes 32- or 64-bit integers, got "
                f"{x.type.describe()}")
    elem = x.type.elem
    if elem.primitive_bitwidth == 32:
        x, y = b.retype(x, uint32).to(uint64), b.retype(y, uint32).to(uint64)
        return b.retype((x * y >> 32).to(uint32), elem)
    x, y = b.retype(x, uint64), b.retype(y, uint64)
    lo_x, hi_x = x & 0xFFFFFFFF, x >> 32
    lo_y, hi_y = y & 0xFFFFFFFF, y >> 32
    lo_lo, lo_hi = lo_x * lo_y, lo_x * hi_y
    hi_lo, hi_hi = hi_x * lo_y, hi_x * hi_y
    # The carry out of the middle 32 bits: at most 3 * (2^32 - 1).
    middle = (lo_lo >> 32) + (lo_hi & 0xFFFFFFFF) + (hi_lo & 0xFFFFFFFF)
    return b.retype(hi_hi + (lo_hi >> 32) + (hi_lo >> 32) + (middle >> 32),
                    elem)


def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    """exp(x - max(x, dim)) / sum(exp(x - max(x, dim)), dim), exactly as
    Triton's tl.softmax: `dim` defaults to 0 (so a row softmax of a 2-D
    tile is ``tl.softmax(x, dim=1, keep_dims=True)``); the division is
    approximate in float32 as `/` unless `ieee_rounding`."""
    b = current_builder("tl.softmax")
    dim = 0 if _unwrap(dim) is None else _unwrap(dim)
    z = _float(x, "softmax")
    numerator = exp(z - max(z, dim, keep_dims=keep_dims))
    return b.binary("/", numerator, sum(numerator, dim, keep_dims=keep_dims),
                    precise=bool(_unwrap(ieee_rounding)))


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


def _mlir_string(text: str) -> str:
    """`text` as an MLIR string literal: bytes outside printable ASCII (and
    the quote and backslash) as \\XX escapes."""
    out = []
    for byte in text.encode("utf-8"):
        c = chr(byte)
        out.append(c if " " <= c <= "~" and c not in '"\\' else
                   f"\\{byte:02X}")
    return '"' + "".join(out) + '"'


def _hint_values(b, x, values, what) -> tensor:
    """Checks a multiple_of/max_contiguous hint as Triton does: one
    positive compile-time int per dimension of `x` (one for a scalar)."""
    values = _unwrap(values)
    if isinstance(values, (list, tuple)):
        values = [_unwrap(v) for v in values]
    else:
        values = [values]
    if not isinstance(x, tensor) or x.type.is_ptr or \
            not x.type.elem.is_int() or x.type.elem.is_bool():
        kind = x.type.describe() if isinstance(x, tensor) \
            else type(x).__name__
        b.error(f"{what} takes an integer value, got a {kind}")
    rank = len(x.type.shape or ())
    if len(values) != (rank or 1):
        b.error(f"{what}: {len(values)} value(s) for a value of rank {rank}; "
                f"give one per dimension")
    for v in values:
        if not _is_int(v) or v < 1:
            b.error(f"{what}: the values must be positive compile-time ints, "
                    f"got {v!r}")
    return x


def multiple_of(input, values):  # noqa: A002 - Triton's name
    """Promises that the elements of `input` are multiples of `values` (one
    per dimension). Checked at trace time and returned unchanged: MyTriton's
    divisibility analysis derives these facts from the kernel's arithmetic
    and specialized arguments itself and does not take promises, so the
    hint never changes what the kernel computes."""
    b = current_builder("tl.multiple_of")
    return _hint_values(b, input, values, "tl.multiple_of")


def max_contiguous(input, values):  # noqa: A002 - Triton's name
    """Promises runs of `values` consecutive elements in `input`. Checked
    and returned unchanged, as tl.multiple_of."""
    b = current_builder("tl.max_contiguous")
    return _hint_values(b, input, values, "tl.max_contiguous")


def max_constancy(input, values):  # noqa: A002 - Triton's name
    """Promises runs of `values` equal elements in `input`. Checked and
    returned unchanged, as tl.multiple_of."""
    b = current_builder("tl.max_constancy")
    return _hint_values(b, input, values, "tl.max_constancy")


def assume(cond):
    """Promises that `cond` (a boolean scalar or mask) holds. Checked at
    trace time (a compile-time False is an error) and otherwise dropped:
    no MyTriton analysis takes assumptions, so it never changes results."""
    b = current_builder("tl.assume")
    cond = _unwrap(cond)
    if isinstance(cond, tensor):
        if not cond.type.elem.is_bool():
            b.error("tl.assume takes a boolean condition (a comparison), "
                    f"got a {cond.type.describe()}")
        return
    if not isinstance(cond, bool):
        b.error("tl.assume takes a boolean condition, got a "
                f"{type(cond).__name__}")
    if not cond:
        b.error("tl.assume(False): the assumption is false")


def debug_barrier():
    """Waits until every thread of the program's CUDA block gets here
    (__syncthreads); a no-op on the CPU, where a program is one thread."""
    b = current_builder("tl.debug_barrier")
    b.emit_void("tt.debug_barrier")


def device_print(prefix, *args, hex=False):  # noqa: A002 - Triton's name
    """Prints `prefix` and each element of `args` from every program at run
    time, one line per element (`pid (0, 0, 0) idx (3) x: 1.500000`), as
    Triton's device_print; `hex` prints the 32 bits in hexadecimal."""
    b = current_builder("tl.device_print")
    prefix, hex = _unwrap(prefix), _unwrap(hex)
    if not isinstance(prefix, str):
        b.error(f"tl.device_print: the prefix must be a string, got "
                f"{type(prefix).__name__}")
    if any(not (" " <= c <= "~") for c in prefix):
        b.error(f"tl.device_print: the prefix {prefix!r} is not printable "
                "ASCII")
    if not isinstance(hex, bool):
        b.error("tl.device_print: hex must be True or False")
    values = []
    for arg in args:
        v = b.as_value(_unwrap(arg))
        if v.type.is_ptr:
            b.error("tl.device_print cannot print pointers; print the "
                    "offsets instead")
        values.append(v)
    # Triton's normalization: " prefix: " in front of the values.
    if values and not prefix.endswith(" "):
        prefix += " "
    if values and not prefix.endswith(": "):
        prefix = prefix[:-1] + ": "
    if len(prefix) > 2 and not prefix.startswith(" "):
        prefix = " " + prefix
    text = f"tt.print {_mlir_string(prefix)}" + (" {hex}" if hex else "")
    if values:
        text += (" " + ", ".join(v.name for v in values) + " : " +
                 ", ".join(v.type.mlir() for v in values))
    b.emit_void(text)


def device_assert(cond, msg="", mask=None):
    """Fails the launch when an element of `cond` is false (those where
    `mask` is false are not checked). Active only when debugging is on
    (`@jit(debug=True)`, or TRITON_DEBUG=1 when the kernel leaves debug
    unset), as in Triton; otherwise it emits nothing. On the GPU the thread
    traps through __assertfail; on the CPU the launch stops and raises
    DeviceAssertionError at this line."""
    b = current_builder("tl.device_assert")
    msg = _unwrap(msg)
    if not isinstance(msg, str):
        b.error(f"tl.device_assert: msg must be a string, got "
                f"{type(msg).__name__}")
    cond, mask = _unwrap(cond), _unwrap(mask)
    if not getattr(b, "debug", False):
        return
    cond = b.as_value(cond)
    if not cond.type.elem.is_bool():
        b.error("tl.device_assert takes a boolean condition (a comparison), "
                f"got a {cond.type.describe()}")
    if mask is not None:
        cond = cond | ~b.as_value(mask)
    b.emit_void(f"tt.assert {cond.name}, {_mlir_string(msg)} : "
                f"{cond.type.mlir()}")


def to_tensor(x):
    """A traced value of `x`: a Python bool, int or float (or a constexpr of
    one) becomes a scalar of Triton's type for it (int32, uint32, int64 or
    uint64 by value, float32, int1); a traced value stays as it is."""
    b = current_builder("tl.to_tensor")
    value = _unwrap(x)
    if isinstance(value, tensor):
        return value
    if not isinstance(value, (bool, int, float)):
        b.error(f"tl.to_tensor takes a bool, int, float or traced value, "
                f"got a {type(value).__name__}")
    return b.constant(value)


def cdiv(x, div):
    """ceil(x / div) for integers: `(x + div - 1) // div`, as Triton's
    tl.cdiv; on compile-time ints it is computed while tracing."""
    x, div = _unwrap(x), _unwrap(div)
    return (x + div - 1) // div


def where(condition, x, y):
    """Elementwise `x if condition else y`; the three broadcast to one
    shape (Triton's rules). A numeric condition is true where nonzero."""
    b = current_builder("tl.where")
    value = _unwrap(condition)
    if isinstance(value, tensor) and not value.type.is_ptr and \
            not value.type.elem.is_bool():
        # Triton casts the condition to int1: nonzero is true (tutorial
        # 04's keep mask is an int32 tensor of 0s and 1s).
        condition = value != 0
    cond = _mask(b, condition, "tl.where")
    if cond is None:
        b.error("tl.where: condition must be a boolean, got None")
    if isinstance(_unwrap(x), tensor) and isinstance(_unwrap(y), tensor) \
            and (_unwrap(x).type.is_ptr or _unwrap(y).type.is_ptr):
        x, y = _unwrap(x), _unwrap(y)
        if x.type.elem != y.type.elem:
            b.error(f"tl.where: cannot choose between a "
                    f"{x.type.describe()} and a {y.type.describe()}")
        shape = b.common_shape("tl.where", (x, y))
        x, y = b.to_shape(x, shape), b.to_shape(y, shape)
    else:
        x, y = b.unify("tl.where", x, y, numeric=False)
    shape = b.common_shape("tl.where", (cond, x, y))
    cond, x, y = (b.to_shape(v, shape) for v in (cond, x, y))
    types = x.type.mlir() if cond.type.shape is None else \
        f"{cond.type.mlir()}, {x.type.mlir()}"
    return b.emit(f"arith.select {cond.name}, {x.name}, {y.name} : {types}",
                  x.type)


def _reduce_all(b, kind, value):
    """A 1-D tensor to a scalar; a 2-D one along axis 1, then 0."""
    while value.type.rank > 1:
        value = _reduce_axis(b, kind, value, value.type.rank - 1)
    elem = value.type.elem
    return b.emit(f"tt.reduce {kind} {value.name} : {value.type.mlir()} -> "
                  f"{elem.mlir}", Ty(elem))


def _reduce_axis(b, kind, value, axis):
    if value.type.rank == 1:
        return _reduce_all(b, kind, value)
    shape = value.type.shape[:axis] + value.type.shape[axis + 1:]
    ty = Ty(value.type.elem, shape)
    return b.emit(f"tt.reduce {kind} {value.name} {{axis = {axis} : i32}} : "
                  f"{value.type.mlir()} -> {ty.mlir()}", ty)


def _pick_sum_dtype(in_dtype: dtype, dtype_) -> dtype | None:
    """Triton's _pick_sum_dtype: `dtype` when given; else integers
    narrower than 32 bits (bool included) sum in int32/uint32."""
    if dtype_ is not None:
        return dtype_
    if in_dtype.is_int_signed():
        return int32 if in_dtype.int_bitwidth < 32 else None
    if in_dtype.is_int_unsigned():
        return uint32 if in_dtype.int_bitwidth < 32 else None
    return None


def _reduce_input(b, kind, value, dtype_):
    """The tensor tt.reduce combines and the dtype of the result: sums in
    _pick_sum_dtype's type; max/min as Triton's (bfloat16 and types
    narrower than 32 bits in float32/int32); unsigned max/min reduce
    signed with the sign bit flipped (x ^ MIN maps unsigned order onto
    signed order), so tt.reduce needs no unsigned kinds."""
    elem = value.type.elem
    if kind == "sum":
        target = _pick_sum_dtype(elem, dtype_)
        return (value if target is None else b.cast(value, target)), None
    if elem.is_bf16() or elem.primitive_bitwidth < 32:
        value = b.cast(value, float32 if elem.is_floating() else int32)
    elem = value.type.elem
    if elem.is_int_unsigned():
        sign = 1 << (elem.int_bitwidth - 1)
        signed = int64 if elem.int_bitwidth == 64 else int32
        return b.retype(value ^ sign, signed), elem
    return value, None


def _reduce(kind, value, axis, keep_dims=False, dtype_=None):
    b = current_builder(f"tl.{kind}")
    value, axis, keep_dims = _unwrap(value), _unwrap(axis), _unwrap(keep_dims)
    if not isinstance(value, tensor) or value.type.shape is None:
        kind_text = value.type.describe() if isinstance(value, tensor) \
            else type(value).__name__
        b.error(f"tl.{kind} reduces a tensor, but got a {kind_text}")
    if value.type.is_ptr:
        b.error(f"tl.{kind} reduces numbers or masks, not a "
                f"{value.type.describe()}")
    if _unwrap(dtype_) is not None:
        dtype_ = _element(b, dtype_, f"tl.{kind}")
    value, unsigned = _reduce_input(b, kind, value, dtype_)
    rank = value.type.rank
    if axis is None:
        result = _reduce_all(b, kind, value)
        if unsigned is not None:
            result = b.retype(result, unsigned) ^ (
                1 << (unsigned.int_bitwidth - 1))
        # Triton: every reduced dimension kept as an extent of 1.
        return b.splat(result, (1,) * rank) if keep_dims else result
    axis = _wrap_axis(b, axis, rank, f"tl.{kind}")
    result = _reduce_axis(b, kind, value, axis)
    if unsigned is not None:
        result = b.retype(result, unsigned) ^ (
            1 << (unsigned.int_bitwidth - 1))
    return b.expand_dims(result, axis) if keep_dims else result


def sum(input, axis=None, keep_dims=False, dtype=None):  # noqa: A001, A002
    """Sum along `axis` (None: of every element, a scalar); `keep_dims`
    keeps the reduced dimensions with extent 1. The sum is in `dtype` when
    given, else (Triton's _pick_sum_dtype) in int32/uint32 for integers
    narrower than 32 bits and masks, else in the input's type."""
    return _reduce("sum", input, axis, keep_dims, dtype)


def max(input, axis=None, return_indices=False,  # noqa: A001
        return_indices_tie_break_left=True, keep_dims=False):
    """Maximum along `axis` (NaN-ignoring for floats), as tl.sum. As in
    Triton, bfloat16 and types narrower than 32 bits reduce (and return)
    in float32 or int32."""
    if _unwrap(return_indices):
        return _combine.with_indices(
            current_builder("tl.max"), input, axis,
            _combine.argmax_combine(_unwrap(return_indices_tie_break_left)),
            keep_dims, "tl.max")
    return _reduce("max", input, axis, keep_dims)


def min(input, axis=None, return_indices=False,  # noqa: A001
        return_indices_tie_break_left=True, keep_dims=False):
    """Minimum along `axis` (NaN-ignoring for floats), as tl.max."""
    if _unwrap(return_indices):
        return _combine.with_indices(
            current_builder("tl.min"), input, axis,
            _combine.argmin_combine(_unwrap(return_indices_tie_break_left)),
            keep_dims, "tl.min")
    return _reduce("min", input, axis, keep_dims)


def argmax(input, axis, tie_break_left=True, keep_dims=False):  # noqa: A002
    """The index of the maximum along `axis` (None: of the row-major
    flattening), as Triton's: a tl.reduce of (value, index) pairs. NaN is
    the largest value; with `tie_break_left` the first of equal maxima
    wins (numpy's argmax), else any."""
    b = current_builder("tl.argmax")
    return _combine.with_indices(
        b, input, axis, _combine.argmax_combine(_unwrap(tie_break_left)),
        keep_dims, "tl.argmax")[1]


def argmin(input, axis, tie_break_left=True, keep_dims=False):  # noqa: A002
    """The index of the minimum along `axis`, as tl.argmax (NaN is the
    smallest value, as numpy's argmin finds the first NaN)."""
    b = current_builder("tl.argmin")
    return _combine.with_indices(
        b, input, axis, _combine.argmin_combine(_unwrap(tie_break_left)),
        keep_dims, "tl.argmin")[1]


def reduce(input, axis, combine_fn, keep_dims=False):  # noqa: A002
    """Triton's tl.reduce: `input` (a tensor or a tuple of tensors of one
    shape) reduced along `axis` (None: every element) by `combine_fn`, a
    @jit function of 2N scalars (the left elements, then the right ones)
    returning N; it must be associative and commutative. Returns a tensor
    (a tuple for a tuple input)."""
    b = current_builder("tl.reduce")
    return _combine.reduce(b, input, axis, combine_fn, keep_dims, "tl.reduce")


def associative_scan(input, axis, combine_fn, reverse=False):  # noqa: A002
    """Triton's tl.associative_scan: the inclusive scan of `input` (a tensor
    or a tuple of tensors) along `axis` by `combine_fn` (associative; its
    left argument is the earlier part in scan order); `reverse` scans from
    the end."""
    b = current_builder("tl.associative_scan")
    return _combine.scan(b, input, axis, combine_fn, reverse,
                         "tl.associative_scan")


def cumsum(input, axis=0, reverse=False, dtype=None):  # noqa: A002
    """Inclusive cumulative sum along `axis` (tl.associative_scan with +),
    as Triton's: bfloat16 sums in float32; in `dtype` when given, else
    (_pick_sum_dtype) integers narrower than 32 bits and masks in
    int32/uint32."""
    return _cumulative("tl.cumsum", input, axis, reverse, "+",
                       _unwrap(dtype), sum_dtype=True)


def cumprod(input, axis=0, reverse=False):  # noqa: A002
    """Inclusive cumulative product along `axis` (tl.associative_scan
    with *); bfloat16 multiplies in float32, a mask counts as int32."""
    return _cumulative("tl.cumprod", input, axis, reverse, "*")


def _cumulative(what, input, axis, reverse, op, dtype_=None,
                sum_dtype=False):
    b = current_builder(what)
    input = _unwrap(input)
    if isinstance(input, tensor) and input.type.elem.is_bool():
        input = input.to(int32)
    x = _combine.numeric(b, input, what)
    if x.type.elem.is_bf16():  # Triton's _promote_bfloat16_to_float32
        x = b.cast(x, float32)
    if sum_dtype:
        if dtype_ is not None:
            dtype_ = _element(b, dtype_, what)
        target = _pick_sum_dtype(x.type.elem, dtype_)
        if target is not None and target != x.type.elem:
            x = b.cast(x, target)
    return _combine.scan(b, x, axis, _combine.binary_combine(op), reverse,
                         what)


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


# Triton's tl.random functions, also exported as tl.<name>.
_RANDOM_NAMES = ("philox", "philox_impl", "randint", "randint4x", "rand",
                 "rand4x", "randn", "randn4x", "uint_to_uniform_float",
                 "pair_uniform_to_normal")
# Triton's standard.py functions written in the kernel language.
_STANDARD_NAMES = ("xor_sum", "swizzle2d", "join", "split", "interleave")


def __getattr__(name):
    """``tl.range`` (see _control_flow.tl_range): a loop that becomes
    scf.for, also over compile-time bounds, as Triton's; num_stages and
    loop_unroll_factor are accepted hints. Served here, not defined as a
    global, so that this module's own calls of range() stay Python's."""
    if name == "range":
        from ._control_flow import tl_range
        return tl_range
    if name == "random" or name in _RANDOM_NAMES:
        # @jit helpers (python/mytriton/_random.py), imported at first use:
        # they need mytriton.jit, which imports this module.
        from . import _random
        return _random if name == "random" else getattr(_random, name)
    if name in _STANDARD_NAMES:
        from . import _standard
        return getattr(_standard, name)
    if name.startswith("float8"):
        # Triton's fp8 dtypes (float8e5, float8e4nv, ...), e.g. tutorial
        # 03's fp8 inputs or tl.dot's fp8 operands.
        raise AttributeError(
            f"tl.{name}: MyTriton has no 8-bit float types (Triton's fp8 "
            "dtypes); tl.dot takes int8, float16, bfloat16, float32 and "
            "float64 tiles")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


# libdevice functions that are one math-dialect op each, beyond tl's own:
# every backend lowers the op (CPU: LLVM's intrinsic, a libm call per
# lane; gpu/nvvm: libdevice's __nv_ function; CUDA C++: the CUDA math
# function of that name).
_LIBDEVICE_OPS = {
    "asin": "math.asin", "acos": "math.acos", "atan": "math.atan",
    "sinh": "math.sinh", "cosh": "math.cosh", "tanh": "math.tanh",
    "tan": "math.tan", "log10": "math.log10",
}


def _libdevice_function(name, op):
    def function(arg0):
        return _float_unary(f"extra.libdevice.{name}", op, arg0)
    function.__name__ = name
    function.__doc__ = (f"libdevice's {name} elementwise ({op}); float16 and "
                        "bfloat16 compute in float32.")
    return function


def _libdevice_namespace():
    """`triton.language.extra.libdevice` (also `tl.extra.cuda.libdevice`):
    the libdevice functions MyTriton has, by libdevice's names, so that
    `from mytriton.language.extra import libdevice` works as Triton's
    import does (tutorial 07)."""
    import sys
    import types
    extra = types.ModuleType(__name__ + ".extra", "Triton's tl.extra.")
    cuda = types.ModuleType(extra.__name__ + ".cuda", "tl.extra.cuda")
    libdevice = types.ModuleType(extra.__name__ + ".libdevice",
                                 "libdevice functions, by their names.")
    for name, op in _LIBDEVICE_OPS.items():
        setattr(libdevice, name, _libdevice_function(name, op))
    for name in ("exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos",
                 "erf", "floor", "ceil", "fma", "div_rn", "umulhi"):
        setattr(libdevice, name, globals()[name])
    # Triton's libdevice.exp is __nv_expf, not tl.exp's ex2.approx.
    libdevice.exp = _exp_precise
    libdevice.fabs = globals()["abs"]
    extra.libdevice, cuda.libdevice, extra.cuda = libdevice, libdevice, cuda
    for module in (extra, cuda, libdevice):
        sys.modules[module.__name__] = module
    sys.modules[cuda.__name__ + ".libdevice"] = libdevice
    return extra


extra = _libdevice_namespace()
