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

from .errors import CompilationError

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
MAX_BLOCK = 1024

# Element kinds and how MLIR spells them.
F32, I32, I1, PTR_F32, PTR_I32 = "f32", "i32", "i1", "ptr<f32>", "ptr<i32>"
_MLIR_ELEM = {F32: "f32", I32: "i32", I1: "i1",
              PTR_F32: "!tt.ptr<f32>", PTR_I32: "!tt.ptr<i32>"}
_POINTEE = {PTR_F32: F32, PTR_I32: I32}
_DESCRIBE = {F32: "float32", I32: "int32", I1: "boolean",
             PTR_F32: "pointer to float32", PTR_I32: "pointer to int32"}


MAX_ELEMENTS = 1 << 20  # Triton's TRITON_MAX_TENSOR_NUMEL
MAX_RANK = 2


def shape_text(shape) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


class Ty(NamedTuple):
    """A value's type: an element kind and a shape (None for a scalar)."""
    elem: str
    shape: tuple | None = None

    def mlir(self) -> str:
        e = _MLIR_ELEM[self.elem]
        if self.shape is None:
            return e
        return f"tensor<{'x'.join(str(d) for d in self.shape)}x{e}>"

    def with_elem(self, elem: str) -> "Ty":
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
        base = _DESCRIBE[self.elem]
        if self.shape is None:
            return f"{base} scalar"
        if len(self.shape) == 1:
            return f"{base} tensor of {self.shape[0]} elements"
        return f"{base} tensor of shape {shape_text(self.shape)}"

    @property
    def is_ptr(self) -> bool:
        return self.elem in _POINTEE


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
    def dtype(self) -> str:
        return self.type.elem

    def to(self, dtype, fp_downcast_rounding=None, bitcast=False):
        """Triton's x.to(dtype) among float32, int32 and int1: float to int
        truncates toward zero (arith.fptosi), int to float rounds
        (arith.sitofp), a boolean becomes 0/1, a number becomes `!= 0`;
        the same type is `x` itself."""
        return self.builder.convert(self, dtype, bool(bitcast))

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
              "cos", "erf", "floor", "ceil", "cdiv"):
    setattr(tensor, _name, _tensor_method(_name))
del _name


_ARITH = {
    ("+", I32): "arith.addi", ("+", F32): "arith.addf",
    ("-", I32): "arith.subi", ("-", F32): "arith.subf",
    ("*", I32): "arith.muli", ("*", F32): "arith.mulf",
    ("/", F32): "arith.divf",
    ("&", I1): "arith.andi", ("&", I32): "arith.andi",
    ("|", I1): "arith.ori", ("|", I32): "arith.ori",
    ("^", I1): "arith.xori", ("^", I32): "arith.xori",
    # Triton's integer semantics: C-style truncating division and remainder,
    # arithmetic right shift for signed integers; float % is fmod.
    ("//", I32): "arith.divsi", ("%", I32): "arith.remsi",
    ("%", F32): "arith.remf",
    ("<<", I32): "arith.shli", (">>", I32): "arith.shrsi",
}
_BITWISE = ("&", "|", "^")
_INTEGER_ONLY = ("//", "<<", ">>")
_CMPI = {"<": "slt", "<=": "sle", ">": "sgt", ">=": "sge", "==": "eq",
         "!=": "ne"}
_CMPF = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq",
         "!=": "une"}


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
    def constant(self, value, elem: str | None = None) -> tensor:
        """Materializes a Python bool/int/float as a scalar of `elem`
        (inferred from the value when None)."""
        if isinstance(value, bool):
            if elem not in (None, I1):
                self.error(f"a Python bool cannot be used as "
                           f"{_DESCRIBE[elem]}")
            return self.emit(f"arith.constant {'true' if value else 'false'}",
                             Ty(I1))
        if isinstance(value, int):
            if elem == F32:
                return self.emit(f"arith.constant "
                                 f"{_float_literal(float(value))} : f32",
                                 Ty(F32))
            if not -2**31 <= value < 2**31:
                self.error(f"integer constant {value} does not fit in int32")
            return self.emit(f"arith.constant {value} : i32", Ty(I32))
        if isinstance(value, float):
            if elem == I32:
                self.error(f"float constant {value!r} used where an int32 is "
                           "needed")
            return self.emit(f"arith.constant {_float_literal(value)} : f32",
                             Ty(F32))
        self.error(f"a value of type {type(value).__name__} cannot be used in "
                   "a kernel (expected a traced value, int, float or bool)")

    def as_value(self, value, elem_hint: str | None = None) -> tensor:
        if isinstance(value, tensor):
            if value.builder is not self:
                self.error("a traced value from another kernel was used here")
            return value
        try:
            import numpy as np
            if isinstance(value, np.generic):
                value = value.item()
        except ImportError:
            pass
        if hasattr(value, "value") and type(value).__name__ == "constexpr":
            value = value.value
        hint = elem_hint if elem_hint in (I32, F32, I1) else None
        if isinstance(value, int) and not isinstance(value, bool) and \
                hint == I1:
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

    def to_f32(self, value: tensor) -> tensor:
        if value.type.elem == F32:
            return value
        if value.type.elem != I32:
            self.error(f"cannot convert a {value.type.describe()} to float32")
        ty = value.type.with_elem(F32)
        return self.emit(f"arith.sitofp {value.name} : {value.type.mlir()} to "
                         f"{ty.mlir()}", ty)

    def convert(self, value: tensor, dtype, bitcast: bool = False) -> tensor:
        """x.to(dtype), see tensor.to."""
        elem = dtype.value if type(dtype).__name__ == "constexpr" else dtype
        if elem not in (F32, I32, I1):
            self.error(f"x.to({elem!r}): only tl.float32, tl.int32 and "
                       "tl.int1 are supported")
        src = value.type.elem
        if src == elem:
            return value
        if src in _POINTEE:
            self.error(f"x.to(): cannot convert a {value.type.describe()}")
        ty = value.type.with_elem(elem)
        t, s = ty.mlir(), value.type.mlir()
        if bitcast:
            if I1 in (src, elem):
                self.error("x.to(..., bitcast=True) needs types of one width "
                           "(float32 and int32)")
            return self.emit(f"arith.bitcast {value.name} : {s} to {t}", ty)
        if elem == I1:
            return self.compare("!=", value, 0.0 if src == F32 else 0)
        if src == I1:
            op = "arith.uitofp" if elem == F32 else "arith.extui"
            return self.emit(f"{op} {value.name} : {s} to {t}", ty)
        op = "arith.sitofp" if elem == F32 else "arith.fptosi"
        return self.emit(f"{op} {value.name} : {s} to {t}", ty)

    def _python_elem(self, value):
        if isinstance(value, bool):
            return I1
        if isinstance(value, int):
            return I32
        if isinstance(value, float):
            return F32
        return None

    def unify(self, what: str, *values, numeric: bool = True) -> list[tensor]:
        """Makes values share one element type (i32 -> f32 promotion) and one
        shape (Triton's broadcast: scalars splat, a lower rank gets leading
        dimensions of extent 1, extents of 1 repeat)."""
        traced = [v for v in values if isinstance(v, tensor)]
        elems = {v.type.elem for v in traced}
        for v in values:
            if not isinstance(v, tensor):
                e = self._python_elem(v)
                if e is not None:
                    elems.add(e)
        if any(e in _POINTEE for e in elems):
            self.error(f"{what} does not take pointers")
        if I1 in elems and len(elems) > 1:
            self.error(f"{what} mixes a boolean mask with numbers")
        elem = F32 if F32 in elems else (I32 if I32 in elems else I1)
        if elem == I1 and numeric:
            self.error(f"{what} is not defined on boolean masks")
        out = []
        for v in values:
            v = self.as_value(v, elem)
            if elem == F32:
                v = self.to_f32(v)
            out.append(v)
        shape = self.common_shape(what, out)
        return [self.to_shape(v, shape) for v in out]

    # -- operators ---------------------------------------------------------
    def binary(self, op: str, lhs, rhs):
        if op in ("+", "-") and (self._is_ptr(lhs) or self._is_ptr(rhs)):
            return self.pointer_arith(op, lhs, rhs)
        if op in _BITWISE:
            a, b = self.unify(f"operator '{op}'", lhs, rhs, numeric=False)
            if a.type.elem == F32:
                self.error(f"operator '{op}' needs masks or int32 values, "
                           "not float32")
        else:
            a, b = self.unify(f"operator '{op}'", lhs, rhs)
            if a.type.elem == I1:
                self.error(f"operator '{op}' is not defined on masks")
        if op in _INTEGER_ONLY and a.type.elem == F32:
            hint = " (use tl.floor(a / b))" if op == "//" else ""
            self.error(f"operator '{op}' is defined on int32 values only, "
                       f"not float32{hint}, as in Triton")
        if op == "/":
            a, b = self.to_f32(a), self.to_f32(b)
        opname = _ARITH[(op, a.type.elem)]
        return self.emit(f"{opname} {a.name}, {b.name} : {a.type.mlir()}",
                         a.type)

    def invert(self, value: tensor):
        """`~x`: bitwise not of an int32, logical not of a mask."""
        if value.type.is_ptr or value.type.elem == F32:
            self.error(f"operator '~' is not defined on a "
                       f"{value.type.describe()}")
        ones = self.splat_like(True if value.type.elem == I1 else -1, value)
        return self.emit(f"arith.xori {value.name}, {ones.name} : "
                         f"{value.type.mlir()}", value.type)

    def power(self, base: tensor, exponent):
        """`x ** n` with a compile-time exponent: an int n >= 0 multiplies
        (square and multiply, exact for int32 and as numpy's x*x*... for
        float32); any other exponent is math.powf on float32."""
        n = exponent.value if type(exponent).__name__ == "constexpr" \
            else exponent
        if isinstance(n, tensor):
            self.error("operator '**' needs a compile-time exponent (a "
                       "literal or tl.constexpr), not a traced value")
        if isinstance(n, bool) or not isinstance(n, (int, float)):
            self.error(f"operator '**': exponent of type "
                       f"{type(n).__name__} is not a number")
        if base.type.is_ptr or base.type.elem == I1:
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
                return self.splat_like(1.0 if base.type.elem == F32 else 1,
                                       base)
            return result
        if base.type.elem == I32:
            self.error(f"operator '**': an int32 base needs a non-negative "
                       f"int exponent, got {n!r}")
        (b, e) = self.unify("operator '**'", base, float(n))
        return self.emit(f"math.powf {b.name}, {e.name} : {b.type.mlir()}",
                         b.type)

    def compare(self, op: str, lhs, rhs):
        if self._is_ptr(lhs) or self._is_ptr(rhs):
            self.error(f"comparison '{op}' does not take pointers")
        a, b = self.unify(f"comparison '{op}'", lhs, rhs,
                          numeric=op not in ("==", "!="))
        if a.type.elem == F32:
            pred = "arith.cmpf " + _CMPF[op]
        else:
            pred = "arith.cmpi " + _CMPI[op]
        return self.emit(f"{pred}, {a.name}, {b.name} : {a.type.mlir()}",
                         a.type.with_elem(I1))

    def negate(self, value: tensor):
        if value.type.is_ptr or value.type.elem == I1:
            self.error(f"unary '-' is not defined on a "
                       f"{value.type.describe()}")
        if value.type.elem == F32:
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
        ptr, offset = lhs, rhs
        if isinstance(offset, (bool, float)) or (
                isinstance(offset, tensor) and offset.type.elem != I32):
            kind = offset.type.describe() if isinstance(offset, tensor) \
                else type(offset).__name__
            self.error(f"a pointer can only be offset by int32 values, not "
                       f"by a {kind}")
        offset = self.as_value(offset, I32)
        if op == "-":
            offset = self.negate(offset)
        shape = self.common_shape(f"pointer {op} offset", (ptr, offset))
        ptr, offset = self.to_shape(ptr, shape), self.to_shape(offset, shape)
        return self.emit(f"tt.addptr {ptr.name}, {offset.name} : "
                         f"{ptr.type.mlir()}, {offset.type.mlir()}", ptr.type)
