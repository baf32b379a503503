"""Tracing a kernel into tt IR text.

The kernel's Python function runs once per specialization with proxy
``tensor`` objects for its runtime arguments; every ``tl`` call and operator
on a proxy appends one or more MLIR ops to the current ``Builder``. Python
values (constexprs, loop counters of ``tl.static_range``) stay Python values,
so loops unroll and constant arithmetic happens in Python. Broadcasting and
promotion are explicit: a scalar meeting a tensor is ``tt.splat``-ed, an i32
meeting an f32 goes through ``arith.sitofp``. Every op carries the location of
the user's source line (``loc("file":line:col)``).
"""

from __future__ import annotations

import math
import os
import re
import struct
import sys
import threading
from typing import NamedTuple

from . import _dtypes
from ._dtypes import dtype, pointer_type
from .errors import CompilationError

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
MAX_BLOCK = 1024

# The legacy spellings of runtime argument types that jit.py's signatures
# use ("ptr<f32>", "i32"); Ty() also takes Triton's signature strings
# ("*fp16", "i64", "bf16") and _dtypes.dtype objects (see as_dtype).
F32, I32, I1, PTR_F32, PTR_I32 = "f32", "i32", "i1", "ptr<f32>", "ptr<i32>"


def _dtype_names() -> dict:
    names = dict(_dtypes.SIGNATURE_NAMES)
    for d in _dtypes.ALL:
        names[d.name] = d                # int8, fp16, ...
        names[d.codegen_name()] = d      # float16, bfloat16, ...
        names.setdefault(d.mlir, d)      # f16, i8 (signless: signed)
    return names


_DTYPE_NAMES = _dtype_names()


def as_dtype(spec) -> dtype:
    """`spec` as a _dtypes.dtype: a dtype (or a constexpr of one), a legacy
    signature string ("f32", "ptr<i32>"), a Triton signature string
    ("*fp16", "u8", "bf16") or a dtype name ("int8", "float16").
    Raises ValueError for anything else."""
    spec = getattr(spec, "value", spec) if type(spec).__name__ == \
        "constexpr" else spec
    if isinstance(spec, dtype):
        return spec
    if isinstance(spec, str):
        text = spec.strip()
        if text.startswith("*"):
            return pointer_type(as_dtype(text[1:]))
        match = re.fullmatch(r"(?:!tt\.)?ptr<(.+)>", text)
        if match:
            return pointer_type(as_dtype(match.group(1)))
        if text in _DTYPE_NAMES:
            return _DTYPE_NAMES[text]
    raise ValueError(f"unknown element type {spec!r}")


def describe_dtype(d: dtype) -> str:
    """A dtype as error messages name it: float16, uint8, boolean, pointer
    to float32."""
    if d.is_ptr():
        return f"pointer to {describe_dtype(d.element_ty)}"
    return "boolean" if d.is_bool() else d.codegen_name()


# Triton's kinds for Python scalars meeting tensors (computation_type_impl):
# a scalar of a lower or equal kind takes the tensor's type.
_KIND_BOOL, _KIND_INT, _KIND_FLOAT = 0, 1, 2


def _kind(d: dtype) -> int:
    if d.is_bool():
        return _KIND_BOOL
    return _KIND_INT if d.is_int() else _KIND_FLOAT


def int_range(d: dtype) -> tuple[int, int]:
    """[min, max] of an integer dtype (0, 1 for a bool)."""
    bits = d.int_bitwidth
    if d.is_bool():
        return 0, 1
    if d.is_int_signed():
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def python_dtype(value) -> dtype:
    """Triton's to_tensor_type: the dtype a Python scalar becomes."""
    if isinstance(value, bool):
        return _dtypes.int1
    if isinstance(value, int):
        if -2**31 <= value < 2**31:
            return _dtypes.int32
        if 2**31 <= value < 2**32:
            return _dtypes.uint32
        if -2**63 <= value < 2**63:
            return _dtypes.int64
        if 2**63 <= value < 2**64:
            return _dtypes.uint64
        raise ValueError(f"integer constant {value} does not fit in 64 bits "
                         "(int64 or uint64)")
    if isinstance(value, float):
        magnitude = abs(value)
        if magnitude in (0.0, math.inf) or value != value or \
                2**-126 <= magnitude <= (2 - 2**-23) * 2**127:
            return _dtypes.float32
        return _dtypes.float64
    raise TypeError(type(value).__name__)


def integer_promote(a: dtype, b: dtype) -> dtype:
    """Triton's integer_promote_impl (C's usual arithmetic conversions)."""
    a_unsigned, b_unsigned = a.is_int_unsigned(), b.is_int_unsigned()
    if a_unsigned == b_unsigned:
        return a if a.int_bitwidth > b.int_bitwidth else b
    if a_unsigned:
        return a if a.int_bitwidth >= b.int_bitwidth else b
    return b if b.int_bitwidth >= a.int_bitwidth else a


def computation_type(a: dtype, a_scalar: bool, b: dtype, b_scalar: bool,
                     div_or_mod: bool) -> dtype:
    """Triton's computation_type_impl: the type a binary op computes in.
    Raises TypeError for `/`, `//` or `%` of integers of different
    signedness."""
    half = (_dtypes.float16, _dtypes.bfloat16)
    if a_scalar != b_scalar:
        scalar, tensor_ty = (a, b) if a_scalar else (b, a)
        if _kind(scalar) <= _kind(tensor_ty):
            if div_or_mod and tensor_ty in half:
                return _dtypes.float32
            return tensor_ty
    if a.is_fp64() or b.is_fp64():
        return _dtypes.float64
    if a.is_fp32() or b.is_fp32():
        return _dtypes.float32
    if a.is_fp16() or b.is_fp16():
        return _dtypes.float32 if div_or_mod else _dtypes.float16
    if a.is_bf16() and b.is_bf16():
        return _dtypes.float32 if div_or_mod else _dtypes.bfloat16
    if a.is_bf16() or b.is_bf16():
        return _dtypes.float32
    if div_or_mod and a.is_int_signed() != b.is_int_signed():
        raise TypeError(f"{describe_dtype(a)} and {describe_dtype(b)} have "
                        "different signedness")
    return integer_promote(a, b)


MAX_ELEMENTS = 1 << 20  # Triton's TRITON_MAX_TENSOR_NUMEL
MAX_RANK = 2


def shape_text(shape) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


class _TyFields(NamedTuple):
    elem: dtype
    shape: tuple | None = None


class Ty(_TyFields):
    """A value's type: an element dtype (a _dtypes.dtype, signedness
    included; any spelling as_dtype takes) and a shape (None for a
    scalar)."""
    __slots__ = ()

    def __new__(cls, elem, shape=None):
        return super().__new__(cls, as_dtype(elem),
                               None if shape is None else tuple(shape))

    def mlir(self) -> str:
        e = self.elem.mlir
        if self.shape is None:
            return e
        return f"tensor<{'x'.join(str(d) for d in self.shape)}x{e}>"

    def with_elem(self, elem) -> "Ty":
        return Ty(elem, self.shape)

    @property
    def rank(self) -> int:
        return 0 if self.shape is None else len(self.shape)

    @property
    def numel(self) -> int:
        n = 1
        for d in self.shape or ():
            n *= d
        return n

    def describe(self) -> str:
        base = describe_dtype(self.elem)
        if self.shape is None:
            return f"{base} scalar"
        if len(self.shape) == 1:
            return f"{base} tensor of {self.shape[0]} elements"
        return f"{base} tensor of shape {shape_text(self.shape)}"

    @property
    def is_ptr(self) -> bool:
        return self.elem.is_ptr()


_state = threading.local()


def _python_min_max(name, builtin, combine):
    """Python's min/max inside a kernel, as Triton maps them: over traced
    values they are tl.minimum/tl.maximum (pairwise, left to right); over
    Python values they are the builtins."""
    def min_max(*args, **kwargs):
        items = args[0] if len(args) == 1 and not isinstance(args[0], tensor) \
            and hasattr(args[0], "__iter__") else args
        items = list(items)
        if not any(isinstance(v, tensor) for v in items):
            return builtin(*args, **kwargs)
        if kwargs:
            current_builder(name).error(
                f"{name}() over traced values takes no keyword arguments")
        result = items[0]
        for v in items[1:]:
            result = combine(result, v)
        return result
    min_max.__name__ = name
    return min_max


def traceable(fn, source=None):
    """`fn` as the tracer runs it: its `for`, `while`, `if` and `a if c else
    b` rewritten into calls of _control_flow (which emit scf ops when the
    condition or bounds are traced values, see there), and Python's min,
    max and range bound to their traced forms, unless its module defines
    names of its own for them. `source`: the function's (lines, first
    line) as read at decoration (see _control_flow.rewritten)."""
    import builtins
    from . import _control_flow
    from . import language as tl
    overrides = {"min": _python_min_max("min", builtins.min, tl.minimum),
                 "max": _python_min_max("max", builtins.max, tl.maximum),
                 "range": _control_flow.range_}
    overrides = {k: v for k, v in overrides.items() if k not in fn.__globals__}
    return _control_flow.rewritten(fn, overrides, source)


def current_builder(what: str) -> "Builder":
    builder = getattr(_state, "builder", None)
    if builder is None:
        raise CompilationError(
            f"{what} can only be used inside a @mytriton.jit kernel while it "
            "is being compiled")
    return builder


def _code_positions(code):
    cache = _code_positions.cache
    positions = cache.get(code)
    if positions is None:
        positions = list(code.co_positions()) if hasattr(
            code, "co_positions") else []
        cache[code] = positions
    return positions


_code_positions.cache = {}


def _mlir_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _float_literal(value: float) -> str:
    """An f32 literal MLIR parses to the same float32 numpy would round to."""
    if math.isfinite(value):
        if abs(value) > 3.4028234663852886e38:
            # Rounds to +-inf in f32, as numpy.float32 does.
            value = math.copysign(math.inf, value)
        else:
            text = repr(float(value))
            if "e" in text and "." not in text:
                mantissa, exponent = text.split("e")
                text = f"{mantissa}.0e{exponent}"
            return text
    return "0x%08X" % struct.unpack(">I", struct.pack(">f", value))[0]


class tensor:
    """A traced value: a scalar or a tensor of rank 1 or 2.

    Named ``tensor`` as in Triton; scalars (``tl.program_id``, reductions,
    scalar kernel arguments) are tensors of rank 0 here."""

    __slots__ = ("builder", "name", "type")

    def __init__(self, builder: "Builder", name: str, ty: Ty):
        self.builder = builder
        self.name = name
        self.type = ty

    # Python control flow on a traced value cannot be traced.
    def __bool__(self):
        self.builder.error(
            "a traced value has no Python truth value (here: a plain Python "
            "function, an assert, bool() or a construct the kernel's rewrite "
            "does not cover) because its value is only known when the kernel "
            "runs; in a @jit function use if/while/and/or/not on a traced "
            "scalar (they become scf ops), or tl.where(cond, a, b) / a mask "
            "for tensors")

    def __index__(self):
        self.builder.error(
            "a traced value cannot be used where Python needs a number "
            "(indexing, int(), a plain Python function's range()) because it "
            "is only known when the kernel runs; a loop over traced bounds "
            "is `for i in range(a, b, step)` or tl.range in a @jit function")

    __int__ = __index__

    def __float__(self):
        self.__index__()

    def __iter__(self):
        self.builder.error("a traced tensor cannot be iterated in Python")

    def __len__(self):
        self.builder.error("a traced tensor has no Python len(); use "
                           "x.shape[0]")

    def __getitem__(self, slices):
        """Triton's indexing: `None` inserts a dimension of extent 1 at that
        position (``x[:, None]``, ``x[None, :]``, ``x[None]``), `:` keeps
        one; nothing else is an index."""
        if not isinstance(slices, tuple):
            slices = (slices,)
        result = self
        for dim, item in enumerate(slices):
            if type(item).__name__ == "constexpr":
                item = item.value
            if item is None:
                result = self.builder.expand_dims(result, dim)
            elif isinstance(item, slice) and item.start is None and \
                    item.stop is None and item.step is None:
                continue
            else:
                self.builder.error(
                    f"unsupported tensor index {item!r}: a traced tensor is "
                    "indexed only with None (a new dimension of extent 1) "
                    "and ':' (keep a dimension), as in Triton")
        return result

    @property
    def shape(self) -> tuple:
        """The compile-time shape, a tuple of ints (() for a scalar)."""
        return tuple(self.type.shape or ())

    @property
    def numel(self) -> int:
        return self.type.numel

    @property
    def T(self):  # noqa: N802 - Triton's name
        """The transpose of a 2-D tensor (tl.trans)."""
        from . import language as tl
        return tl.trans(self)

    __hash__ = object.__hash__

    def __add__(self, other): return self.builder.binary("+", self, other)
    def __radd__(self, other): return self.builder.binary("+", other, self)
    def __sub__(self, other): return self.builder.binary("-", self, other)
    def __rsub__(self, other): return self.builder.binary("-", other, self)
    def __mul__(self, other): return self.builder.binary("*", self, other)
    def __rmul__(self, other): return self.builder.binary("*", other, self)
    def __truediv__(self, other): return self.builder.binary("/", self, other)
    def __rtruediv__(self, other): return self.builder.binary("/", other, self)
    def __and__(self, other): return self.builder.binary("&", self, other)
    def __rand__(self, other): return self.builder.binary("&", other, self)
    def __or__(self, other): return self.builder.binary("|", self, other)
    def __ror__(self, other): return self.builder.binary("|", other, self)
    def __lt__(self, other): return self.builder.compare("<", self, other)
    def __le__(self, other): return self.builder.compare("<=", self, other)
    def __gt__(self, other): return self.builder.compare(">", self, other)
    def __ge__(self, other): return self.builder.compare(">=", self, other)
    def __eq__(self, other): return self.builder.compare("==", self, other)
    def __ne__(self, other): return self.builder.compare("!=", self, other)
    def __neg__(self): return self.builder.negate(self)
    def __pos__(self): return self

    def __floordiv__(self, o): return self.builder.binary("//", self, o)
    def __rfloordiv__(self, o): return self.builder.binary("//", o, self)
    def __mod__(self, o): return self.builder.binary("%", self, o)
    def __rmod__(self, o): return self.builder.binary("%", o, self)
    def __xor__(self, o): return self.builder.binary("^", self, o)
    def __rxor__(self, o): return self.builder.binary("^", o, self)
    def __lshift__(self, o): return self.builder.binary("<<", self, o)
    def __rlshift__(self, o): return self.builder.binary("<<", o, self)
    def __rshift__(self, o): return self.builder.binary(">>", self, o)
    def __rrshift__(self, o): return self.builder.binary(">>", o, self)
    def __invert__(self): return self.builder.invert(self)
    def __pow__(self, o): return self.builder.power(self, o)

    def __rpow__(self, o):
        self.builder.error("operator '**' needs a compile-time exponent; a "
                           "traced exponent is not supported (use "
                           "tl.exp2(y * tl.log2(x)))")

    def __matmul__(self, o):
        """`a @ b` is tl.dot(a, b)."""
        from . import language as tl
        return tl.dot(self, o)

    def __rmatmul__(self, o):
        from . import language as tl
        return tl.dot(o, self)

    @property
    def dtype(self) -> dtype:
        """The element type (a tl.dtype; tl.pointer_type for pointers)."""
        return self.type.elem

    def to(self, dtype, fp_downcast_rounding=None, bitcast=False):
        """Triton's x.to(dtype): tl.cast(x, dtype, fp_downcast_rounding,
        bitcast)."""
        return self.builder.cast_op(self, dtype, fp_downcast_rounding,
                                    bitcast)

    def cast(self, dtype, fp_downcast_rounding=None, bitcast=False):
        """x.cast(dtype, ...) is x.to(dtype, ...), as in Triton."""
        return self.to(dtype, fp_downcast_rounding, bitcast)

    def __repr__(self):
        return f"<traced {self.type.describe()} {self.name}>"


def _tensor_method(name):
    def method(self, *args, **kwargs):
        from . import language as tl
        return getattr(tl, name)(self, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = f"x.{name}(...) is tl.{name}(x, ...), as in Triton."
    return method


# Triton's tensor member functions (tl.X(x, ...) as x.X(...)).
for _name in ("sum", "max", "min", "reshape", "view", "ravel", "trans",
              "permute", "expand_dims", "broadcast_to", "softmax", "sigmoid",
              "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "abs", "sin",
              "cos", "erf", "floor", "ceil", "cdiv", "argmax", "argmin",
              "reduce", "associative_scan", "cumsum", "cumprod", "xor_sum"):
    setattr(tensor, _name, _tensor_method(_name))
del _name


# The arith op of each operator: (integer op, unsigned integer op, float op);
# None where the operator is not defined on that kind. Integers are
# signless in the IR: the frontend's dtype picks the signed or unsigned op.
_ARITH = {
    "+": ("arith.addi", "arith.addi", "arith.addf"),
    "-": ("arith.subi", "arith.subi", "arith.subf"),
    "*": ("arith.muli", "arith.muli", "arith.mulf"),
    "/": (None, None, "arith.divf"),
    # Triton's integer semantics: C-style truncating division and
    # remainder; float % is fmod.
    "//": ("arith.divsi", "arith.divui", None),
    "%": ("arith.remsi", "arith.remui", "arith.remf"),
    "&": ("arith.andi", "arith.andi", None),
    "|": ("arith.ori", "arith.ori", None),
    "^": ("arith.xori", "arith.xori", None),
    "<<": ("arith.shli", "arith.shli", None),
    # Arithmetic or logical by the signedness of the shifted operand.
    ">>": ("arith.shrsi", "arith.shrui", None),
}
_BITWISE = ("&", "|", "^")
_INTEGER_ONLY = ("//", "<<", ">>")
_DIV_OR_MOD = ("/", "//", "%")
_CMPI = {"<": "slt", "<=": "sle", ">": "sgt", ">=": "sge", "==": "eq",
         "!=": "ne"}
_CMPU = {"<": "ult", "<=": "ule", ">": "ugt", ">=": "uge", "==": "eq",
         "!=": "ne"}
_CMPF = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq",
         "!=": "une"}
_ROUNDING = {None: "", "rtne": "", "rtz": " toward_zero"}


def _float_bits_literal(value: float, d: dtype) -> str:
    """A Python float rounded (to nearest even, once) to f16 or bf16, as
    the hex bit pattern MLIR takes for those types."""
    if d.is_fp16():
        import numpy as np
        with np.errstate(over="ignore"):  # beyond 65504 rounds to inf
            bits = int(np.array(value, dtype=np.float16).view(np.uint16))
        return "0x%04X" % bits
    # bfloat16: f32's exponent range, 8 significant bits.
    if value != value:
        return "0x7FC0"
    sign = 0x8000 if math.copysign(1.0, value) < 0 else 0
    magnitude = abs(value)
    if magnitude != math.inf and magnitude != 0.0:
        _, exponent = math.frexp(magnitude)
        quantum = 2.0 ** (max(exponent, -125) - 8)
        magnitude = round(magnitude / quantum) * quantum
        if magnitude >= 2.0 ** 128:
            magnitude = math.inf
    if magnitude == math.inf:
        return "0x%04X" % (sign | 0x7F80)
    f32 = struct.unpack(">I", struct.pack(">f", magnitude))[0]
    return "0x%04X" % (sign | (f32 >> 16))


def _float64_literal(value: float) -> str:
    if math.isfinite(value):
        text = repr(float(value))
        if "e" in text and "." not in text:
            mantissa, exponent = text.split("e")
            text = f"{mantissa}.0e{exponent}"
        return text
    return "0x%016X" % struct.unpack(">Q", struct.pack(">d", value))[0]


def float_literal(value: float, d: dtype) -> str:
    """`value` as an MLIR literal of float dtype `d`, rounded as numpy
    rounds a Python float to that type."""
    if d.is_fp32():
        return _float_literal(value)
    if d.is_fp64():
        return _float64_literal(value)
    return _float_bits_literal(value, d)


class Region:
    """The ops of one scf region being traced (a loop body, a branch)."""
    __slots__ = ("what", "line", "lines", "live", "saved_lines")

    def __init__(self, what: str, line: int):
        self.what, self.line = what, line
        self.lines: list[str] = []
        self.live = False
        self.saved_lines = None


class Builder:
    """Collects the ops of one kernel being traced."""

    def __init__(self, kernel_name: str, fn, def_line: int | None = None):
        self.kernel_name = kernel_name
        self.code = fn.__code__
        self.filename = self.code.co_filename
        self.def_line = def_line or self.code.co_firstlineno
        self.lines: list[str] = []
        self.counter = 0
        # Runtime control flow (see _control_flow.py): the regions being
        # traced (outermost first; the function body is None), the region
        # each op result was defined in, and the line of the first scf op.
        self.regions: list = []
        self.defined_in: dict = {}
        self.control_flow_line: int | None = None
        # Why a name is unbound after a loop or branch on a traced value.
        self.undefined_reasons: dict = {}
        # The kernel is uniform (today's model: every tensor 1-D of one width
        # <= 1024, the block size) until a tensor says otherwise; then it is
        # tiled, and `tiled_reason` says which tensor made it so.
        self.block: int | None = None
        self.block_origin = None  # (file, line, col) of the first tensor
        self.tiled_reason: str | None = None
        # Where user-chosen extents come from (tl.arange, tl.zeros, ...):
        # (shape, (file, line, col), what); checked by finish().
        self.origins: list = []
        # Whether tl.device_assert emits checks (JITFunction.debug_enabled).
        self.debug = False

    # -- locations ---------------------------------------------------------
    def user_frame(self):
        """The innermost frame of user code (outside the mytriton package)."""
        frame = sys._getframe(1)
        while frame is not None:
            filename = frame.f_code.co_filename
            if not os.path.abspath(filename).startswith(_PACKAGE_DIR + os.sep):
                return frame
            frame = frame.f_back
        return None

    def location(self) -> tuple[str, int, int]:
        frame = self.user_frame()
        if frame is None:
            return self.filename, self.def_line, 0
        line, col = frame.f_lineno, 0
        positions = _code_positions(frame.f_code)
        index = frame.f_lasti // 2
        if 0 <= index < len(positions):
            pos_line, _, pos_col, _ = positions[index]
            if pos_line is not None and pos_col is not None:
                line, col = pos_line, pos_col + 1
        return frame.f_code.co_filename, line, col

    def loc_text(self, where=None) -> str:
        filename, line, col = where or self.location()
        return f"loc({_mlir_string(filename)}:{line}:{max(col, 1)})"

    def def_loc_text(self) -> str:
        return f"loc({_mlir_string(self.filename)}:{self.def_line}:1)"

    def error(self, reason: str):
        filename, line, col = self.location()
        raise CompilationError(reason, kernel=self.kernel_name,
                               filename=filename, lineno=line, col=col)

    # -- emission ----------------------------------------------------------
    def emit(self, rhs: str, ty: Ty) -> tensor:
        where = self.location()
        if ty.shape is not None:
            self.note_shape(ty.shape, where)
        self.check_visible(rhs)
        name = f"%{self.counter}"
        self.counter += 1
        self.lines.append(f"    {name} = {rhs} {self.loc_text(where)}")
        self.define(name)
        return tensor(self, name, ty)

    def emit_void(self, text: str):
        self.check_visible(text)
        self.lines.append(f"    {text} {self.loc_text()}")

    # -- regions (scf bodies) ----------------------------------------------
    def new_name(self, prefix: str = "") -> str:
        name = f"%{prefix}{self.counter}"
        self.counter += 1
        return name

    def define(self, name: str):
        """Notes that SSA value `name` lives in the current region."""
        if self.regions:
            self.defined_in[name] = self.regions[-1]

    def push_region(self, region: "Region | None" = None,
                    what: str = "") -> "Region":
        """Starts (or resumes) tracing into a nested region: ops go to its
        own lines until pop_region()."""
        if region is None:
            region = Region(what, self.location()[1])
        region.saved_lines = self.lines
        self.lines = region.lines
        region.live = True
        self.regions.append(region)
        return region

    def pop_region(self) -> "Region":
        region = self.regions.pop()
        region.live = False
        self.lines = region.saved_lines
        region.saved_lines = None
        return region

    def block_arg(self, ty: Ty, prefix: str = "cf") -> tensor:
        """A block argument of the current region."""
        name = self.new_name(prefix)
        self.define(name)
        return tensor(self, name, ty)

    def check_visible(self, text: str):
        """Refuses an op that uses a value defined in a region (a loop body
        or branch on a traced value) that is not enclosing this op: MLIR's
        dominance rule, said at the user's line."""
        if not self.defined_in:
            return
        for name in re.findall(r"%[A-Za-z0-9_$.]+", text):
            region = self.defined_in.get(name)
            if region is not None and not region.live:
                self.error(
                    f"a value computed inside the {region.what} at line "
                    f"{region.line} is used outside it; only the names the "
                    "body assigns (and that were defined before it) carry "
                    "values out of a loop or branch on a traced value")

    def argument(self, name: str, ty: Ty) -> tensor:
        return tensor(self, f"%{name}", ty)

    def error_at(self, where, reason: str):
        filename, line, col = where
        raise CompilationError(reason, kernel=self.kernel_name,
                               filename=filename, lineno=line, col=col)

    # -- shapes ------------------------------------------------------------
    def note_shape(self, shape: tuple, where=None):
        """Records a tensor's shape: refuses ranks above 2 and more than
        2**20 elements; the first shape that is not 1-D of the block's
        width makes the kernel tiled."""
        if len(shape) > MAX_RANK:
            self.error(f"a tensor of shape {shape_text(shape)} has rank "
                       f"{len(shape)}; MyTriton supports tensors of rank 1 "
                       "and 2")
        numel = 1
        for d in shape:
            numel *= d
        if numel > MAX_ELEMENTS:
            self.error(f"a tensor of shape {shape_text(shape)} has {numel} "
                       f"elements, more than the {MAX_ELEMENTS} (2**20) a "
                       "tensor may have, as in Triton")
        if self.tiled_reason is not None:
            return
        where = where or self.location()
        if len(shape) != 1:
            self.tiled_reason = (f"has a tensor of shape {shape_text(shape)} "
                                 f"(line {where[1]})")
        elif shape[0] > MAX_BLOCK:
            self.tiled_reason = (f"has a tensor of {shape[0]} elements, more "
                                 f"than the {MAX_BLOCK} of one element per "
                                 f"thread (line {where[1]})")
        elif self.block is None:
            self.block, self.block_origin = shape[0], where
        elif shape[0] != self.block:
            self.tiled_reason = (
                f"has tensors of {self.block} and {shape[0]} elements (lines "
                f"{self.block_origin[1]} and {where[1]})")

    def note_origin(self, shape: tuple, what: str):
        """`what` (tl.arange(0, 6), tl.zeros(...)) chose the extents
        `shape`: each must be positive now, and a power of two if the
        kernel turns out tiled (finish())."""
        for d in shape:
            if isinstance(d, bool) or not isinstance(d, int):
                self.error(f"{what}: a shape holds compile-time ints "
                           f"(tl.constexpr values or literals), got a "
                           f"{type(d).__name__}")
            if d < 1:
                self.error(f"{what}: extent {d} must be at least 1")
        self.origins.append((tuple(shape), self.location(), what))

    @property
    def tiled(self) -> bool:
        return self.tiled_reason is not None

    def finish(self) -> bool:
        """After the trace: whether the kernel is tiled. A tiled kernel's
        dimensions are powers of two (Triton's rule); the first extent that
        is not is refused at the line that chose it. A uniform kernel keeps
        today's rules (any width up to 1024)."""
        if not self.tiled:
            return False
        for shape, where, what in self.origins:
            for d in shape:
                if d & (d - 1):
                    self.error_at(where, (
                        f"{what}: extent {d} is not a power of two; every "
                        "dimension of a tensor must be a power of two (as in "
                        f"Triton) in a kernel that {self.tiled_reason}"))
        return True

    def refuse_width(self, threads: int, warps: int):
        """A uniform kernel's width that its threads cannot share evenly,
        refused at the line that chose it (the verifier would say so at the
        `def` line)."""
        where, what = self.block_origin, f"this {self.block}-wide tensor"
        for shape, origin, text in self.origins:
            if shape == (self.block,):
                where, what = origin, text
                break
        self.error_at(where, (
            f"{what}: {self.block} elements is not a multiple of the "
            f"{threads} threads of num_warps {warps}; every thread must own "
            "the same number of elements (a power-of-two width always "
            "works)"))

    @staticmethod
    def broadcast_shape(what: str, lhs: tuple, rhs: tuple, error) -> tuple:
        """Triton's broadcast of two shapes: the lower rank gets leading
        1s, then each dimension of extent 1 takes the other's extent."""
        a, b = tuple(lhs), tuple(rhs)
        if len(a) < len(b):
            a = (1,) * (len(b) - len(a)) + a
        elif len(b) < len(a):
            b = (1,) * (len(a) - len(b)) + b
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            if x == 1:
                out.append(y)
            elif y == 1 or x == y:
                out.append(x)
            else:
                error(f"{what}: shapes {shape_text(lhs)} and "
                      f"{shape_text(rhs)} cannot be broadcast together: "
                      f"dimension {i} is {x} and {y} (only a dimension of "
                      "extent 1 broadcasts)")
        return tuple(out)

    def common_shape(self, what: str, values) -> tuple | None:
        shape = None
        for v in values:
            if v is None or v.type.shape is None:
                continue
            shape = v.type.shape if shape is None else \
                self.broadcast_shape(what, shape, v.type.shape, self.error)
        return shape

    def expand_dims(self, value: tensor, axis: int) -> tensor:
        """A dimension of extent 1 inserted at `axis`; a scalar becomes a
        tensor of shape [1] (Triton's expand_dims)."""
        if value.type.shape is None:
            return self.splat(value, (1,))
        shape = list(value.type.shape)
        shape.insert(axis, 1)
        ty = Ty(value.type.elem, tuple(shape))
        return self.emit(f"tt.expand_dims {value.name} {{axis = {axis} : i32}}"
                         f" : {value.type.mlir()} -> {ty.mlir()}", ty)

    def broadcast(self, value: tensor, shape: tuple) -> tensor:
        """`value` repeated along its dimensions of extent 1 to `shape`, of
        the same rank (tt.broadcast; a scalar is splat)."""
        if value.type.shape is None:
            return self.splat(value, shape)
        if value.type.shape == shape:
            return value
        ty = Ty(value.type.elem, tuple(shape))
        return self.emit(f"tt.broadcast {value.name} : {value.type.mlir()} -> "
                         f"{ty.mlir()}", ty)

    def to_shape(self, value: tensor, shape: tuple | None) -> tensor:
        """`value` at a shape that common_shape() found compatible: leading
        dimensions inserted, size-1 dimensions broadcast, scalars splat."""
        if shape is None or value.type.shape == shape:
            return value
        if value.type.shape is None:
            return self.splat(value, shape)
        while value.type.rank < len(shape):
            value = self.expand_dims(value, 0)
        return self.broadcast(value, shape)

    def broadcast_to(self, value: tensor, shape: tuple, what: str) -> tensor:
        """Triton's broadcast_impl_shape: same rank, only extents of 1
        grow; a scalar is splat."""
        shape = tuple(shape)
        src = value.type.shape
        if src is None:
            return self.splat(value, shape)
        if len(src) != len(shape):
            self.error(f"{what}: cannot broadcast a tensor of shape "
                       f"{shape_text(src)} to {shape_text(shape)}: the ranks "
                       "differ (add dimensions with x[None, :] or "
                       "tl.expand_dims first)")
        for i, (x, y) in enumerate(zip(src, shape)):
            if x != y and x != 1:
                self.error(f"{what}: cannot broadcast a tensor of shape "
                           f"{shape_text(src)} to {shape_text(shape)}: "
                           f"dimension {i} is {x}, not 1 or {y}")
        return self.broadcast(value, shape)

    # -- conversions -------------------------------------------------------
    def constant(self, value, elem=None) -> tensor:
        """Materializes a Python bool/int/float as a scalar of dtype `elem`
        (Triton's type of the value when None: int32, uint32, int64 or
        uint64 by range, float32 or float64)."""
        elem = None if elem is None else as_dtype(elem)
        if isinstance(value, bool):
            if elem is not None and not elem.is_bool():
                self.error(f"a Python bool cannot be used as "
                           f"{describe_dtype(elem)}")
            return self.emit(f"arith.constant {'true' if value else 'false'}",
                             Ty(_dtypes.int1))
        if not isinstance(value, (int, float)):
            self.error(f"a value of type {type(value).__name__} cannot be "
                       "used in a kernel (expected a traced value, int, float "
                       "or bool)")
        if elem is None:
            try:
                elem = python_dtype(value)
            except ValueError as e:
                self.error(str(e))
        if elem.is_ptr():
            self.error(f"a Python number cannot be used as a "
                       f"{describe_dtype(elem)}")
        if elem.is_floating():
            return self.emit(f"arith.constant "
                             f"{float_literal(float(value), elem)} : "
                             f"{elem.mlir}", Ty(elem))
        if isinstance(value, float):
            self.error(f"float constant {value!r} used where an "
                       f"{describe_dtype(elem)} is needed")
        if elem.is_bool():
            self.error(f"the int {value} used where a boolean is needed "
                       "(use True or False, or a comparison)")
        low, high = int_range(elem)
        if not low <= value <= high:
            self.error(f"integer constant {value} does not fit in "
                       f"{describe_dtype(elem)}")
        bits = elem.int_bitwidth
        signed = value - (1 << bits) if value >= 1 << (bits - 1) else value
        return self.emit(f"arith.constant {signed} : {elem.mlir}", Ty(elem))

    def as_value(self, value, elem_hint=None) -> tensor:
        """A traced value, or a Python scalar materialized as one (as
        `elem_hint` when given and it can hold the value)."""
        if isinstance(value, tensor):
            if value.builder is not self:
                self.error("a traced value from another kernel was used here")
            return value
        value = _python_scalar(value)
        hint = None if elem_hint is None else as_dtype(elem_hint)
        if hint is not None and (hint.is_ptr() or (
                isinstance(value, bool) != hint.is_bool()) or (
                isinstance(value, float) and not hint.is_floating())):
            hint = None
        return self.constant(value, hint)

    def splat(self, value: tensor, shape) -> tensor:
        if shape is None or value.type.shape == tuple(shape):
            return value
        if value.type.shape is not None:
            raise AssertionError(f"splat of a {value.type.describe()}")
        ty = Ty(value.type.elem, tuple(shape))
        return self.emit(f"tt.splat {value.name} : {value.type.mlir()} -> "
                         f"{ty.mlir()}", ty)

    def splat_like(self, number, like: tensor) -> tensor:
        """The Python number as a value of `like`'s element type and shape."""
        return self.splat(self.constant(number, like.type.elem),
                          like.type.shape)

    def retype(self, value: tensor, elem) -> tensor:
        """`value` seen as another integer dtype of the same width (int32
        and uint32 are one signless i32 in the IR): no op."""
        return tensor(self, value.name, value.type.with_elem(elem))

    def _conversion(self, op: str, value: tensor, elem, suffix="") -> tensor:
        ty = value.type.with_elem(elem)
        return self.emit(f"{op} {value.name}{suffix} : {value.type.mlir()} "
                         f"to {ty.mlir()}", ty)

    def to_f32(self, value: tensor) -> tensor:
        """An integer or float value as float32 (tl.exp's and friends'
        argument rule)."""
        if value.type.is_ptr or value.type.elem.is_bool():
            self.error(f"cannot convert a {value.type.describe()} to float32")
        return self.cast(value, _dtypes.float32)

    def cast(self, value: tensor, elem, rounding=None) -> tensor:
        """Triton's semantic.cast: `value` converted to dtype `elem`
        (same shape). `rounding` ('rtne' or 'rtz') applies to float
        truncations only."""
        elem = as_dtype(elem)
        src = value.type.elem
        if src == elem:
            return value
        if rounding not in _ROUNDING:
            self.error(f"fp_downcast_rounding must be 'rtne' or 'rtz', got "
                       f"{rounding!r}")
        truncating = src.is_floating() and elem.is_floating() and \
            elem.primitive_bitwidth < src.primitive_bitwidth
        if rounding is not None and not truncating:
            self.error(f"fp_downcast_rounding is for float truncations only "
                       f"(float64 -> float32 -> float16/bfloat16), not "
                       f"{describe_dtype(src)} -> {describe_dtype(elem)}, as "
                       "in Triton")
        if src.is_ptr() or elem.is_ptr():
            self.error(f"cannot convert a {value.type.describe()} to "
                       f"{describe_dtype(elem)}: MyTriton has no casts of "
                       "pointers")
        # Halves convert to anything but float32 through float32 (Triton).
        if (src.is_fp16() or src.is_bf16()) and not elem.is_fp32() and \
                rounding is None:
            return self.cast(self.cast(value, _dtypes.float32), elem)
        if truncating:
            return self._conversion("arith.truncf", value, elem,
                                    _ROUNDING[rounding])
        if src.is_floating() and elem.is_floating():
            return self._conversion("arith.extf", value, elem)
        if elem.is_bool():
            return self.compare("!=", value, 0.0 if src.is_floating() else 0)
        if src.is_int() and elem.is_int():
            if src.int_bitwidth == elem.int_bitwidth:
                return self.retype(value, elem)
            if src.int_bitwidth > elem.int_bitwidth:
                return self._conversion("arith.trunci", value, elem)
            op = "arith.extsi" if src.is_int_signed() else "arith.extui"
            return self._conversion(op, value, elem)
        if src.is_floating():
            op = "arith.fptosi" if elem.is_int_signed() else "arith.fptoui"
            return self._conversion(op, value, elem)
        op = "arith.sitofp" if src.is_int_signed() else "arith.uitofp"
        return self._conversion(op, value, elem)

    def bitcast(self, value: tensor, elem) -> tensor:
        """Triton's semantic.bitcast: the same bits as another dtype of the
        same width."""
        elem = as_dtype(elem)
        src = value.type.elem
        if src == elem:
            return value
        if src.is_ptr() or elem.is_ptr():
            self.error(f"cannot bitcast a {value.type.describe()} to "
                       f"{describe_dtype(elem)}: MyTriton has no casts of "
                       "pointers")
        if src.primitive_bitwidth != elem.primitive_bitwidth:
            self.error(f"cannot bitcast a {value.type.describe()} "
                       f"({src.primitive_bitwidth} bits) to "
                       f"{describe_dtype(elem)} ({elem.primitive_bitwidth} "
                       "bits): a bitcast keeps the width")
        if src.is_int() and elem.is_int():
            return self.retype(value, elem)
        return self._conversion("arith.bitcast", value, elem)

    def cast_op(self, value, dtype_, fp_downcast_rounding=None,
                bitcast=False) -> tensor:
        """x.to(dtype, fp_downcast_rounding=, bitcast=) and tl.cast."""
        unwrap = _unwrap_constexpr
        value, bitcast = self.as_value(unwrap(value)), unwrap(bitcast)
        rounding = unwrap(fp_downcast_rounding)
        try:
            elem = as_dtype(unwrap(dtype_))
        except ValueError:
            self.error(f"x.to({unwrap(dtype_)!r}): not a dtype; use "
                       "tl.float16, tl.bfloat16, tl.float32, tl.float64, "
                       "tl.int1, tl.int8 ... tl.int64 or tl.uint8 ... "
                       "tl.uint64")
        if not isinstance(bitcast, bool):
            self.error(f"x.to(): bitcast must be True or False, got "
                       f"{bitcast!r}")
        if bitcast:
            if rounding is not None:
                self.error("x.to(): fp_downcast_rounding does not apply to a "
                           "bitcast")
            return self.bitcast(value, elem)
        return self.cast(value, elem, rounding)

    def unify(self, what: str, *values, numeric: bool = True,
              div_or_mod: bool = False) -> list[tensor]:
        """Makes values share one element type, Triton's promotion
        (computation_type: Python scalars of a lower or equal kind take the
        tensor's type, with range checks), and one shape (Triton's
        broadcast: scalars splat, a lower rank gets leading dimensions of
        extent 1, extents of 1 repeat). Booleans meet only booleans (a
        MyTriton rule; Triton would widen them) and take part in numeric
        operators not at all."""
        values = [v if isinstance(v, tensor) else _python_scalar(v)
                  for v in values]
        types = []
        for v in values:
            if isinstance(v, tensor):
                types.append((v.type.elem, False))
            elif isinstance(v, (bool, int, float)):
                try:
                    types.append((python_dtype(v), True))
                except ValueError as e:
                    self.error(f"{what}: {e}")
            else:
                self.as_value(v)  # the located "cannot be used" error
        if any(t.is_ptr() for t, _ in types):
            self.error(f"{what} does not take pointers")
        bools = [t.is_bool() for t, _ in types]
        if any(bools) and not all(bools):
            self.error(f"{what} mixes a boolean mask with numbers")
        if all(bools) and numeric:
            self.error(f"{what} is not defined on boolean masks")
        elem, scalar = types[0]
        for t, t_scalar in types[1:]:
            try:
                elem = computation_type(elem, scalar, t, t_scalar, div_or_mod)
            except TypeError as e:
                self.error(f"{what}: {e}, which `/`, `//` and `%` refuse "
                           "(as Triton); cast one of them")
            scalar = scalar and t_scalar
        out = []
        for v in values:
            if isinstance(v, tensor):
                out.append(self.cast(v, elem))
                continue
            if elem.is_int() and not elem.is_bool():
                low, high = int_range(elem)
                if v < 0 and elem.is_int_unsigned():
                    self.error(f"{what}: the negative scalar {v} meets a "
                               f"{describe_dtype(elem)} value; cast one of "
                               "them explicitly (as in Triton)")
                if not low <= v <= high:
                    self.error(f"{what}: the scalar {v} is out of range for "
                               f"{describe_dtype(elem)}")
            out.append(self.constant(v, elem))
        shape = self.common_shape(what, out)
        return [self.to_shape(v, shape) for v in out]

    # -- operators ---------------------------------------------------------
    def binary(self, op: str, lhs, rhs, precise: bool = False):
        """`lhs op rhs` with Triton's promotion. A float32 `/` is Triton's
        approximate division (PTX div.full.f32, marked fastmath<afn>)
        unless `precise` (tl.div_rn: IEEE)."""
        if op in ("+", "-") and (self._is_ptr(lhs) or self._is_ptr(rhs)):
            return self.pointer_arith(op, lhs, rhs)
        what = f"operator '{op}'"
        if op in _BITWISE:
            a, b = self.unify(what, lhs, rhs, numeric=False)
        else:
            a, b = self.unify(what, lhs, rhs, div_or_mod=op in _DIV_OR_MOD)
            if a.type.elem.is_bool():
                self.error(f"operator '{op}' is not defined on masks")
        elem = a.type.elem
        if elem.is_floating() and (op in _BITWISE or op in _INTEGER_ONLY):
            if op in _BITWISE:
                self.error(f"operator '{op}' needs masks or integer values, "
                           f"not {describe_dtype(elem)}")
            hint = " (use tl.floor(a / b))" if op == "//" else ""
            self.error(f"operator '{op}' is defined on integer values only, "
                       f"not {describe_dtype(elem)}{hint}, as in Triton")
        if op == "/" and elem.is_int():
            # Triton: integer / integer is a float32 division.
            a, b = (self.cast(v, _dtypes.float32) for v in (a, b))
            elem = _dtypes.float32
        signed_op, unsigned_op, float_op = _ARITH[op]
        if elem.is_floating():
            opname = float_op
        elif op == ">>":
            # Triton: the shifted operand's own signedness decides.
            shifted = lhs if isinstance(lhs, tensor) else rhs
            opname = unsigned_op if shifted.type.elem.is_int_unsigned() \
                else signed_op
        else:
            opname = unsigned_op if elem.is_int_unsigned() else signed_op
        flags = " fastmath<afn>" if op == "/" and elem.is_fp32() and \
            not precise else ""
        return self.emit(f"{opname} {a.name}, {b.name}{flags} : "
                         f"{a.type.mlir()}", a.type)

    def invert(self, value: tensor):
        """`~x`: bitwise not of an integer, logical not of a mask."""
        value = self.as_value(value)
        if value.type.is_ptr or value.type.elem.is_floating():
            self.error(f"operator '~' is not defined on a "
                       f"{value.type.describe()}")
        elem = value.type.elem
        ones = self.splat_like(True if elem.is_bool() else
                               int_range(elem)[1] if elem.is_int_unsigned()
                               else -1, value)
        return self.emit(f"arith.xori {value.name}, {ones.name} : "
                         f"{value.type.mlir()}", value.type)

    def power(self, base: tensor, exponent):
        """`x ** n` with a compile-time exponent: an int n >= 0 multiplies
        (square and multiply, exact for integers and as numpy's x*x*... for
        floats); any other exponent is math.powf (in float32 for halves)."""
        n = exponent.value if type(exponent).__name__ == "constexpr" \
            else exponent
        if isinstance(n, tensor):
            self.error("operator '**' needs a compile-time exponent (a "
                       "literal or tl.constexpr), not a traced value")
        if isinstance(n, bool) or not isinstance(n, (int, float)):
            self.error(f"operator '**': exponent of type "
                       f"{type(n).__name__} is not a number")
        if base.type.is_ptr or base.type.elem.is_bool():
            self.error(f"operator '**' is not defined on a "
                       f"{base.type.describe()}")
        if isinstance(n, int) and n >= 0:
            result, square = None, base
            while True:
                if n & 1:
                    result = square if result is None else \
                        self.binary("*", result, square)
                n >>= 1
                if not n:
                    break
                square = self.binary("*", square, square)
            if result is None:  # x ** 0
                return self.splat_like(
                    1.0 if base.type.elem.is_floating() else 1, base)
            return result
        if base.type.elem.is_int():
            self.error(f"operator '**': an integer base needs a non-negative "
                       f"int exponent, got {n!r}")
        (b, e) = self.unify("operator '**'", base, float(n))
        return self.float_math(b.type.elem, b, lambda v: self.emit(
            f"math.powf {v.name}, "
            f"{self.cast(e, v.type.elem).name} : {v.type.mlir()}", v.type))

    def float_math(self, elem, value: tensor, compute):
        """`compute(value)` in float32 when `elem` is a half (float16,
        bfloat16), rounded back to it; in `elem` otherwise."""
        if elem.is_fp16() or elem.is_bf16():
            wide = compute(self.cast(value, _dtypes.float32))
            return self.cast(wide, elem)
        return compute(value)

    def compare(self, op: str, lhs, rhs):
        if self._is_ptr(lhs) or self._is_ptr(rhs):
            self.error(f"comparison '{op}' does not take pointers")
        a, b = self.unify(f"comparison '{op}'", lhs, rhs,
                          numeric=op not in ("==", "!="))
        elem = a.type.elem
        if elem.is_floating():
            pred = "arith.cmpf " + _CMPF[op]
        elif elem.is_int_unsigned():
            pred = "arith.cmpi " + _CMPU[op]
        else:
            pred = "arith.cmpi " + _CMPI[op]
        return self.emit(f"{pred}, {a.name}, {b.name} : {a.type.mlir()}",
                         a.type.with_elem(_dtypes.int1))

    def negate(self, value: tensor):
        if value.type.is_ptr or value.type.elem.is_bool():
            self.error(f"unary '-' is not defined on a "
                       f"{value.type.describe()}")
        if value.type.elem.is_floating():
            return self.emit(f"arith.negf {value.name} : {value.type.mlir()}",
                             value.type)
        return self.binary("-", 0, value)

    def _is_ptr(self, v) -> bool:
        return isinstance(v, tensor) and v.type.is_ptr

    def pointer_arith(self, op: str, lhs, rhs):
        if self._is_ptr(lhs) and self._is_ptr(rhs):
            self.error(f"pointer {op} pointer is not supported")
        if self._is_ptr(rhs):
            if op == "-":
                self.error("integer - pointer is not defined")
            lhs, rhs = rhs, lhs
        ptr, offset = lhs, _python_scalar(rhs)
        if isinstance(offset, (bool, float)) or (
                isinstance(offset, tensor) and not (
                    offset.type.elem.is_int() and
                    not offset.type.elem.is_bool())):
            kind = offset.type.describe() if isinstance(offset, tensor) \
                else type(offset).__name__
            self.error(f"a pointer can only be offset by integer values, not "
                       f"by a {kind}")
        offset = self.as_value(offset)
        elem = offset.type.elem
        # tt.addptr takes i32 or i64 offsets, read as signed: narrow ints
        # widen to int32 by their sign; uint32 needs int64 (Triton
        # zero-extends unsigned offsets).
        if elem.int_bitwidth < 32:
            offset = self.cast(offset, _dtypes.int32 if elem.is_int_signed()
                               else _dtypes.uint32)
            offset = self.retype(offset, _dtypes.int32)
        elif elem == _dtypes.uint32:
            offset = self.cast(offset, _dtypes.int64)
        elif elem == _dtypes.uint64:
            offset = self.retype(offset, _dtypes.int64)
        if op == "-":
            offset = self.negate(offset)
        shape = self.common_shape(f"pointer {op} offset", (ptr, offset))
        ptr, offset = self.to_shape(ptr, shape), self.to_shape(offset, shape)
        return self.emit(f"tt.addptr {ptr.name}, {offset.name} : "
                         f"{ptr.type.mlir()}, {offset.type.mlir()}", ptr.type)


def _unwrap_constexpr(value):
    return value.value if type(value).__name__ == "constexpr" else value


def _python_scalar(value):
    """A constexpr or numpy scalar as the Python value it stands for."""
    value = _unwrap_constexpr(value)
    if type(value).__module__ == "numpy" and hasattr(value, "item") and \
            getattr(value, "ndim", None) == 0:
        return value.item()
    return value
