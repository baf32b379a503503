"""What a kernel's compiled code depends on besides its arguments.

Tracing runs the kernel's Python function, so the traced IR depends on the
source of every function it calls (plain Python helpers and @jit functions,
transitively) and on the values of the globals and closure variables they
read. `analyze` walks the bytecode of the kernel and of every function it
reaches (nested code objects included) and finds each name loaded as a
global (LOAD_GLOBAL, resolved in that function's ``__globals__``, then its
builtins), as a closure cell (LOAD_DEREF of a free variable) or as an
attribute of a user module (``cfg.SCALE``, ``helpers.scale``). The bytecode,
not the AST, says which names are locals, so no scope analysis is guessed.

The result's `digest` hashes:
* each reachable user function's source and first line (the IR's locations
  name its lines); where there is no source (``exec``), its code object:
  bytecode, constants, names, recursively through nested code objects;
* the value of every global, closure variable or module attribute read that
  is constexpr-like: int, float, bool, str, bytes, None, tl.constexpr,
  tl dtypes (``tl.float16``, ``tl.pointer_type(...)``), enum members, numpy scalars, tuples of
  these. Modules, builtins and the functions and classes of mytriton, the
  standard library and installed packages are read as they are and not
  hashed (editing those is a reinstall, not a kernel change).

Any other value read (a list, a numpy array, an object, a user class) is a
`CompilationError` at the line that reads it: its contents could change
without the cache noticing.

Launches call `Dependencies.stale()`: it reads each (namespace, name) pair
found once and compares by identity with what the analysis saw, so a global
rebound between launches (to a value or to another function) is analyzed
again and keys a new compile. Its cost is one dict lookup per distinct name
the kernel reads.
"""

from __future__ import annotations

import builtins
import dis
import enum
import hashlib
import inspect
import json
import os
import sys
import sysconfig
import textwrap
import types

from .errors import CompilationError

_MISSING = object()
_LOAD_GLOBAL = {"LOAD_GLOBAL", "LOAD_NAME"}
_LOAD_CELL = {"LOAD_DEREF", "LOAD_CLASSDEREF", "LOAD_FROM_DICT_OR_DEREF"}
_LOAD_ATTR = {"LOAD_ATTR", "LOAD_METHOD"}
_PACKAGE = __name__.rsplit(".", 1)[0]  # "mytriton"


def _library_roots() -> tuple:
    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths[k]) for k in
             ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    return tuple(sorted(r + os.sep for r in roots))


_LIBRARY_ROOTS = _library_roots()


def _is_library_file(filename: str | None) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = os.path.realpath(filename)
    parts = real.split(os.sep)
    return "site-packages" in parts or "dist-packages" in parts or \
        real.startswith(_LIBRARY_ROOTS)


def _is_own(name: str | None) -> bool:
    return bool(name) and (name == _PACKAGE or name.startswith(_PACKAGE + "."))


def _is_user_module(module: types.ModuleType) -> bool:
    """A module whose attributes a kernel's cache key tracks: not mytriton,
    not built in, not from the standard library or an installed package."""
    if _is_own(module.__name__):
        return False
    return bool(getattr(module, "__file__", None)) and \
        not _is_library_file(module.__file__)


def _is_library_object(value) -> bool:
    """Builtins, and the functions and classes of mytriton, the standard
    library and installed packages: read as they are, not hashed."""
    if isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType)):
        # Not a method bound to an object (a list's append, say).
        owner = getattr(value, "__self__", None)
        return owner is None or isinstance(owner, types.ModuleType)
    if isinstance(value, types.FunctionType):
        return _is_own(value.__module__) or \
            _is_library_file(value.__code__.co_filename)
    if isinstance(value, type):
        if value.__module__ == "builtins" or _is_own(value.__module__):
            return True
        module = sys.modules.get(value.__module__)
        return module is not None and not _is_user_module(module)
    return False


def value_key(value):
    """A JSON-able, process-independent spelling of a constexpr-like value,
    or None when `value` is not one."""
    from . import _dtypes
    from .language import constexpr
    cls = type(value)
    if value is None:
        return ["None"]
    if cls is bool:
        return ["bool", value]
    if cls is int:
        return ["int", str(value)]
    if cls is float:
        return ["float", repr(value)]
    if cls is str:
        return ["str", value]
    if cls is bytes:
        return ["bytes", value.hex()]
    if isinstance(value, _dtypes.dtype):
        return ["dtype", repr(value)]
    if isinstance(value, constexpr):
        inner = value_key(value.value)
        return None if inner is None else ["constexpr", inner]
    if isinstance(value, enum.Enum):
        inner = value_key(value.value)
        return None if inner is None else \
            ["enum", cls.__module__, cls.__qualname__, value.name, inner]
    if isinstance(value, tuple) and (cls is tuple or hasattr(value, "_fields")):
        items = [value_key(v) for v in value]
        if any(i is None for i in items):
            return None
        return ["tuple", "" if cls is tuple else cls.__qualname__, items]
    if cls.__module__ == "numpy":
        if cls.__name__.startswith("dtype"):
            return ["numpy.dtype", value.str]
        if cls.__name__ != "ndarray" and getattr(value, "ndim", None) == 0 \
                and hasattr(value, "item"):  # a numpy scalar
            return ["numpy", str(value.dtype), repr(value.item())]
    return None


def code_fingerprint(code: types.CodeType) -> list:
    """A code object's meaning, for functions without source (exec): its
    bytecode, constants (nested code objects recursively), names, argument
    layout, flags and line table."""
    def const(c):
        if isinstance(c, types.CodeType):
            return ["code", code_fingerprint(c)]
        if isinstance(c, tuple):
            return ["tuple", [const(x) for x in c]]
        if isinstance(c, frozenset):  # repr order depends on hash seeds
            return ["frozenset", sorted(json.dumps(const(x)) for x in c)]
        return [type(c).__name__, repr(c)]

    return [code.co_name, getattr(code, "co_qualname", code.co_name),
            code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount,
            code.co_flags, code.co_code.hex(), list(code.co_names),
            list(code.co_varnames), list(code.co_freevars),
            list(code.co_cellvars), code.co_firstlineno,
            code.co_linetable.hex() if hasattr(code, "co_linetable") else "",
            [const(c) for c in code.co_consts]]


def function_text(fn) -> list:
    """What keys one function: its source where there is one (portable
    across Python versions), else its code object's fingerprint."""
    code = fn.__code__
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError, IndexError):
        source = None
    # getsource finds text by file name and line: code compiled from a
    # string under the name of a real file would get that file's text.
    if source is not None and (f"def {code.co_name}" in source or
                               (code.co_name == "<lambda>" and
                                "lambda" in source)):
        return ["source", source, code.co_firstlineno]
    return ["code", code_fingerprint(code)]


class Dependencies:
    """The digest of a kernel's dependencies and the reads that make it."""
    __slots__ = ("digest", "dict_reads", "cell_reads")

    def __init__(self, digest, dict_reads, cell_reads):
        self.digest = digest
        self.dict_reads = dict_reads  # ((namespace dict, name, value), ...)
        self.cell_reads = cell_reads  # ((cell, value), ...)

    def stale(self) -> bool:
        """Whether a name read at analysis is now bound to another object
        (other than an equal scalar of the same type: rebinding a global to
        an equal new int each launch costs no new analysis)."""
        for namespace, name, value in self.dict_reads:
            current = namespace.get(name, _MISSING)
            if current is not value and not _same_scalar(current, value):
                return True
        for cell, value in self.cell_reads:
            try:
                current = cell.cell_contents
            except ValueError:  # empty cell
                current = _MISSING
            if current is not value and not _same_scalar(current, value):
                return True
        return False


def _same_scalar(a, b) -> bool:
    """Equal and keyed alike: 2 == 2.0 == True and 0.0 == -0.0, but each
    traces to another constant."""
    cls = type(a)
    return cls is type(b) and cls in (int, float, str, bytes) and a == b \
        and (cls is not float or repr(a) == repr(b))


class _Walker:
    def __init__(self, kernel: str):
        self.kernel = kernel
        self.items: set = set()
        self.seen: set = set()     # id() of the functions visited
        self.alive: list = []      # keeps those ids unique meanwhile
        self.dict_reads: dict = {}  # (id(namespace), name) -> read
        self.cell_reads: dict = {}  # id(cell) -> read
        self.root = None

    def add(self, *item):
        self.items.add(json.dumps(item, separators=(",", ":")))

    def digest(self) -> str:
        """Of the set of items, sorted: the bytecode's order of loads
        differs between Python versions (3.12 inlines comprehensions), and
        a cache filled under one version serves another."""
        hasher = hashlib.sha256()
        for item in sorted(self.items):
            hasher.update(item.encode() + b"\n")
        return hasher.hexdigest()

    # -- functions ---------------------------------------------------------
    def function(self, fn):
        if id(fn) in self.seen:
            return
        self.seen.add(id(fn))
        self.alive.append(fn)
        code = fn.__code__
        self.add("function", getattr(fn, "__qualname__", code.co_name),
                 function_text(fn))
        if fn is not self.root:  # the kernel's defaults are its arguments
            for i, value in enumerate(fn.__defaults__ or ()):
                self.value(f"default {i} of {code.co_name}", value,
                           "a default argument", (code, None, fn), [])
            for name, value in sorted((fn.__kwdefaults__ or {}).items()):
                self.value(f"default {name} of {code.co_name}", value,
                           "a default argument", (code, None, fn), [])
        cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
        self.code(code, fn.__globals__, cells, fn)

    def code(self, code, namespace, cells, fn):
        instructions = list(dis.get_instructions(code))
        for i, ins in enumerate(instructions):
            if ins.opname in _LOAD_GLOBAL:
                name = ins.argval
                value = namespace.get(name, _MISSING)
                # A builtin read is recorded as "no global of this name":
                # one defined later shadows it, and is noticed.
                self.read_dict(namespace, name, value)
                if value is _MISSING:
                    value = _builtins_of(namespace).get(name, _MISSING)
                kind = "the global"
            elif ins.opname in _LOAD_CELL and ins.argval in cells:
                name, cell = ins.argval, cells[ins.argval]
                try:
                    value = cell.cell_contents
                except ValueError:
                    value = _MISSING
                if id(cell) not in self.cell_reads:
                    self.cell_reads[id(cell)] = (cell, value)
                kind = "the closure variable"
            else:
                continue
            attrs = []
            for nxt in instructions[i + 1:]:
                if nxt.opname not in _LOAD_ATTR:
                    break
                attrs.append(nxt)
            self.value(name, value, kind, (code, ins, fn), attrs)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                inner = {n: cells[n] for n in const.co_freevars if n in cells}
                self.code(const, namespace, inner, fn)

    def read_dict(self, namespace, name, value):
        key = (id(namespace), name)
        if key not in self.dict_reads:
            self.dict_reads[key] = (namespace, name, value)

    # -- values ------------------------------------------------------------
    def value(self, label, value, kind, where, attrs):
        from .jit import JITFunction
        reader = where[2].__qualname__
        if value is _MISSING:
            self.add("unbound", reader, label)
            return
        if isinstance(value, JITFunction):
            value = value.fn
        if isinstance(value, types.ModuleType):
            if attrs and _is_user_module(value):
                ins = attrs[0]
                attribute = value.__dict__.get(ins.argval, _MISSING)
                self.read_dict(value.__dict__, ins.argval, attribute)
                self.value(f"{label}.{ins.argval}", attribute,
                           "the module attribute", where[:1] + (ins,) +
                           where[2:], attrs[1:])
            return
        if isinstance(value, types.FunctionType) and \
                not _is_library_object(value):
            self.add("calls", reader, label, value.__qualname__)
            self.function(value)
            return
        if _is_library_object(value):
            return
        key = value_key(value)
        if key is None:
            self.refuse(label, value, kind, where)
        self.add("value", reader, label, key)

    def refuse(self, label, value, kind, where):
        code, ins, fn = where
        lineno, col = code.co_firstlineno, 0
        if ins is not None:
            positions = getattr(ins, "positions", None)
            if positions is not None and positions.lineno:
                lineno, col = positions.lineno, (positions.col_offset or 0) + 1
            elif ins.starts_line:
                lineno = ins.starts_line
        cls = type(value)
        what = cls.__name__ if cls.__module__ == "builtins" else \
            f"{cls.__module__}.{cls.__qualname__}"
        if isinstance(value, type):
            what = f"class {value.__qualname__}"
        inside = "" if fn is self.root else \
            f" (in {fn.__qualname__}, which the kernel calls)"
        raise CompilationError(
            f"reads {kind} '{label}'{inside}, a {what}, whose value the "
            "compile cache cannot key on; a kernel may read globals and "
            "closure variables that are ints, floats, bools, strings, None, "
            "tl.constexpr values, dtypes or tuples of these, and functions "
            "and modules: pass this value as an argument (tl.constexpr for a "
            "compile-time one) or make it a tuple",
            kernel=self.kernel, filename=code.co_filename, lineno=lineno,
            col=col)


def _builtins_of(namespace: dict) -> dict:
    b = namespace.get("__builtins__", builtins)
    return b.__dict__ if isinstance(b, types.ModuleType) else b


def analyze(fn, kernel: str) -> Dependencies:
    """The dependencies of the kernel function `fn` (named `kernel` in
    errors). Raises CompilationError for a read that cannot be keyed."""
    walker = _Walker(kernel)
    walker.root = fn
    walker.function(fn)
    return Dependencies(walker.digest(),
                        tuple(walker.dict_reads.values()),
                        tuple(walker.cell_reads.values()))
