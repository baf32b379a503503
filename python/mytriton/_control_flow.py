"""Runtime control flow: the kernel's Python source rewritten into calls of
this module, which emit scf ops when a condition or loop bound is a traced
value and run plain Python otherwise.

Each @jit function (kernel or helper) is parsed once from its source (line
and column numbers kept, compiled under its own file name, so `loc(...)`
and error carets stay right) and rewritten:

* ``for T in ITER: BODY`` becomes a nested function ``body(item, *names)``
  (``names``: what the body assigns, found statically) and the call
  ``names = for_(ITER, body, meta, <the names' values before>)``. A Python
  iterable (a constexpr ``range``, ``tl.static_range``, a tuple) runs the
  body once per item, as Python would; a ``RuntimeRange`` (``range`` or
  ``tl.range`` over traced bounds) emits ``scf.for``.
* ``while C: BODY`` becomes ``while_(cond, body, ...)``; Python while the
  condition is a Python value, ``scf.while`` from the first traced one.
* ``if C: A else: B`` becomes ``if_(C, then, else, ...)``: one branch in
  Python for a Python condition, ``scf.if`` for a traced scalar. An ``if``
  holding a ``return`` (``if pid >= n: return``) gets the statements after
  it moved into its branches, so it ends its function, and becomes
  ``return if_return(...)``; its branches' return values are merged.
* ``a if c else b``, ``x and y``, ``x or y``, ``not x`` and chained
  comparisons (``a < b < c``) become calls that keep Python's meaning on
  Python values and give scf.if / i1 logic on traced ones.

A loop with ``break``, ``continue``, ``return`` or an ``else:`` clause stays
a Python loop; its iterable (or condition) being traced is a located error,
as is an ``if`` on a traced condition around a ``break`` or a non-final
``return``.

Names a body assigns that were bound before it are carried: a loop traces
its body (at least twice: the first pass finds which names change and to
what types, as Triton's frontend does), a branch merges both branches'
values. Python numbers carried into a runtime loop or branch are
materialized (int32, float32, int1); a traced value's type and shape must
not change. A name bound only inside a runtime loop or in one branch of a
runtime ``if`` is unbound afterwards, and reading it is a located error
saying so.
"""

from __future__ import annotations

import ast
import builtins
import types

from . import _dtypes
from ._tracer import (Ty, computation_type, current_builder, int_range,
                      python_dtype, tensor)

# This module and builtins.locals, as the rewritten code sees them.
from ._cf_rewrite import CF_NAME as _CF, COMPARE_OPS  # noqa: E402
from ._cf_rewrite import LOCALS_NAME as _LOCALS  # noqa: E402


class _Undefined:
    """The value of a name not bound before a block (see pack)."""
    __slots__ = ()

    def __repr__(self):
        return "<undefined>"


UNDEFINED = _Undefined()


def pack(local_vars: dict, names) -> tuple:
    """The values of `names` in a frame's locals(), UNDEFINED if unbound."""
    return tuple([local_vars.get(n, UNDEFINED) for n in names])


def _unwrap(value):
    return value.value if type(value).__name__ == "constexpr" else value


def _traced(value) -> bool:
    return isinstance(value, tensor)


# -- ranges ---------------------------------------------------------------
class RuntimeRange:
    """``range``/``tl.range`` over traced bounds: only a ``for`` statement
    can iterate it (as scf.for)."""

    def __init__(self, start, stop, step, hints=None):
        self.start, self.stop, self.step = start, stop, step
        self.hints = hints or {}

    def __iter__(self):
        current_builder("range").error(
            "a range over traced bounds can only be the iterable of a for "
            "statement (it becomes scf.for); it cannot be iterated in Python")


def _range_args(what, args):
    if not 1 <= len(args) <= 3:
        current_builder(what).error(
            f"{what} expected 1 to 3 arguments, got {len(args)}")
    args = [_unwrap(a) for a in args]
    if len(args) == 1:
        return 0, args[0], 1
    if len(args) == 2:
        return args[0], args[1], 1
    return tuple(args)


def range_(*args, **kwargs):
    """Python's ``range`` inside a kernel: a Python range over ints (the
    loop unrolls while tracing), a RuntimeRange (scf.for) when a bound or
    the step is a traced value."""
    if kwargs:
        return builtins.range(*args, **kwargs)  # Python's TypeError
    values = [_unwrap(a) for a in args]
    if not any(_traced(v) for v in values):
        return builtins.range(*values)
    return RuntimeRange(*_range_args("range", values))


def tl_range(arg1, arg2=None, step=None, num_stages=None,
             loop_unroll_factor=None, disallow_acc_multi_buffer=False,
             flatten=False, warp_specialize=False, disable_licm=False):
    """``tl.range``: always a loop (scf.for), also over compile-time bounds
    (as in Triton; ``tl.static_range`` unrolls). The hints are checked;
    num_stages becomes the loop's tt.num_stages (tt-pipeline's stages for
    it), the others are recorded and not acted on."""
    b = current_builder("tl.range")
    args = [a for a in (arg1, arg2, step) if a is not None]
    start, stop, step = _range_args("tl.range", args)
    hints = {}
    for name, value in (("num_stages", num_stages),
                        ("loop_unroll_factor", loop_unroll_factor)):
        value = _unwrap(value)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            b.error(f"tl.range: {name} must be a compile-time int >= 0 or "
                    f"None, got {value!r}")
        hints[name] = value
    for name, value in (("disallow_acc_multi_buffer",
                         disallow_acc_multi_buffer), ("flatten", flatten),
                        ("warp_specialize", warp_specialize),
                        ("disable_licm", disable_licm)):
        if _traced(_unwrap(value)):
            b.error(f"tl.range: {name} must be a compile-time bool")
        if _unwrap(value):
            hints[name] = True
    return RuntimeRange(start, stop, step, hints)


# -- trace-time helpers called by the rewritten code ------------------------
class Meta:
    """What the rewrite knows about one statement: its kind and line, the
    names it carries and the line where each is first assigned in it."""
    __slots__ = ("kind", "line", "names", "assigned_at", "target")

    def __init__(self, kind, line, names, assigned_at, target=None):
        self.kind, self.line, self.names = kind, line, names
        self.assigned_at = assigned_at
        self.target = target


def _error_at(b, line, reason):
    filename, _, _ = b.location()
    b.error_at((filename, line, 0), reason)


def _describe(value) -> str:
    if _traced(value):
        return value.type.describe()
    if isinstance(value, bool):
        return "Python bool"
    if isinstance(value, (int, float)):
        return f"Python {type(value).__name__} {value!r}"
    if value is UNDEFINED:
        return "unbound name"
    return f"Python {type(value).__name__}"


def _is_number(value) -> bool:
    return isinstance(value, (bool, int, float)) and not _traced(value)


def _python_value(value):
    """A numpy scalar or constexpr as the Python value it stands for."""
    value = _unwrap(value)
    if type(value).__module__ == "numpy" and hasattr(value, "item") and \
            getattr(value, "ndim", None) == 0:
        return value.item()
    return value


def _fits(value, ty: Ty) -> bool:
    """Whether Python number `value` can be materialized as `ty`."""
    elem = ty.elem
    if isinstance(value, bool):
        return elem.is_bool()
    if isinstance(value, int):
        if elem.is_floating():
            return True
        if elem.is_ptr() or elem.is_bool():
            return False
        low, high = int_range(elem)
        return low <= value <= high
    if isinstance(value, float):
        return elem.is_floating()
    return False


def _python_type(value) -> Ty | None:
    if isinstance(value, (bool, int, float)):
        try:
            return Ty(python_dtype(value))
        except ValueError:
            return None
    return None


def _same_python(a, b) -> bool:
    """Unchanged: the same object, or an equal Python scalar of one type."""
    if a is b:
        return True
    if _traced(a) or _traced(b) or type(a) is not type(b):
        return False
    if isinstance(a, (bool, int, float, str, bytes, type(None))):
        return a == b and repr(a) == repr(b)
    return False


def _materialize(b, value, ty: Ty) -> tensor:
    if _traced(value):
        return value
    scalar = b.constant(value, ty.elem)
    return b.splat(scalar, ty.shape) if ty.shape else scalar


def _condition(b, cond, what) -> tensor:
    """A traced value as the i1 scalar condition of scf.if/scf.while."""
    if cond.type.shape is not None:
        b.error(f"the condition of {what} is a {cond.type.describe()}; a "
                "condition must be a scalar (a tensor of conditions is "
                "tl.where(cond, a, b) or a mask)")
    if cond.type.is_ptr:
        b.error(f"the condition of {what} is a {cond.type.describe()}")
    if cond.type.elem.is_bool():
        return cond
    return b.compare("!=", cond, 0.0 if cond.type.elem.is_floating() else 0)


def _note_control_flow(b):
    if b.control_flow_line is None:
        b.control_flow_line = b.location()[1]


def _types_text(values) -> str:
    return ", ".join(v.type.mlir() for v in values)


def _yield(b, op, values):
    if values:
        b.lines.append(f"    {op} {', '.join(v.name for v in values)} : "
                       f"{_types_text(values)} {b.loc_text()}")
    elif op == "scf.yield":
        b.lines.append(f"    scf.yield {b.loc_text()}")


def _nest(lines) -> list:
    return ["  " + line for line in lines]


def _results(b, types_):
    """Result values of an op with these result types, and the text before
    the op's name (``%N = ``, ``%N:k = `` or nothing)."""
    if not types_:
        return [], ""
    name = b.new_name()
    b.define(name)
    if len(types_) == 1:
        return [tensor(b, name, types_[0])], f"{name} = "
    return ([tensor(b, f"{name}#{i}", t) for i, t in enumerate(types_)],
            f"{name}:{len(types_)} = ")


def _unbind(b, meta, index, reason):
    """The name at `index` is unbound after the statement, for `reason`."""
    b.undefined_reasons[meta.names[index]] = reason
    return UNDEFINED


def _carried_type(b, meta, name, before, after, known: Ty | None):
    """The type a loop carries `name` at, given its value before the loop
    and at the end of the body (`known`: the type chosen by an earlier
    pass); None when it does not change. Raises a located error when it
    cannot be carried."""
    where = meta.assigned_at.get(name) or meta.line
    if known is None and _same_python(before, after):
        return None
    if known is not None and _traced(after) and after.type == known:
        return known
    if not (_traced(before) or _is_number(before)) or \
            not (_traced(after) or _is_number(after)):
        _error_at(b, where, (
            f"'{name}' is a {_describe(before)} before the loop at line "
            f"{meta.line} and a {_describe(after)} at the end of its body: "
            "only traced values and Python numbers can change in a loop over "
            "runtime bounds (they become loop-carried values)"))
    if _traced(before):
        ty = before.type
    elif _traced(after):
        ty = after.type
    elif known is not None:
        ty = known
    else:
        ty = _merge_python_types(before, after)
    if ty is None or (_is_number(before) and not _fits(before, ty)) or \
            (_is_number(after) and not _fits(after, ty)) or \
            (_traced(after) and after.type != ty):
        initial = _describe(before)
        reassigned = _describe(after)
        _error_at(b, where, (
            f"Loop-carried variable '{name}' has initial type {initial} but "
            f"is re-assigned to {reassigned} in the loop at line {meta.line}; "
            "its type and shape must stay the same in every iteration"))
    return ty


def _merge_python_types(a, b_) -> Ty | None:
    ta, tb = _python_type(a), _python_type(b_)
    if ta is None or tb is None:
        return None
    if ta == tb:
        return ta
    if ta.elem.is_bool() or tb.elem.is_bool():
        return None
    return Ty(computation_type(ta.elem, False, tb.elem, False, False))


def _loop(b, meta, initial, trace_body, emit):
    """The fixpoint shared by scf.for and scf.while: `trace_body(carried)`
    traces the body with block arguments for the names in `carried` (index
    -> Ty) and returns its regions, the values the body started from and
    its end-of-body values; the set grows until one pass carries exactly
    what the body changes. The first pass (nothing carried) is Triton's dry
    run: it finds which names change and to what."""
    carried: dict = {}
    for _ in range(2 * len(meta.names) + 2):
        try:
            regions, inputs, after = trace_body(carried)
        except _Retry as retry:
            # A type chosen from Python numbers was too narrow (0 became an
            # int32, the body makes it a float32): chosen again from the
            # initial value and this one, or a located error.
            i = retry.index
            ty = _carried_type(b, meta, meta.names[i], initial[i],
                               retry.value, None)
            if ty is None or ty == carried[i]:
                raise AssertionError("loop-carried type did not change")
            carried[i] = ty
            continue
        new = dict(carried)
        for i, name in enumerate(meta.names):
            if i == meta.target or initial[i] is UNDEFINED or i in carried:
                continue
            if _same_python(inputs[i], after[i]):
                continue
            ty = _carried_type(b, meta, name, initial[i], after[i], None)
            if ty is not None:
                new[i] = ty
        if new == carried:
            return emit(regions, inputs, after, carried)
        carried = new
    raise AssertionError("loop-carried types did not settle")


def for_(iterable, body, meta: Meta, initial):
    iterable = _unwrap(iterable)
    if isinstance(iterable, RuntimeRange):
        return _runtime_for(iterable, body, meta, list(initial))
    if _traced(iterable):
        current_builder("for").error("a traced tensor cannot be iterated in "
                                     "Python")
    state = initial
    for item in iterable:
        state = body(item, *state)
    return state


def python_iter(iterable, why):
    """The iterable of a loop kept in Python (it has break/continue/return
    or an else clause)."""
    value = _unwrap(iterable)
    if isinstance(value, RuntimeRange):
        current_builder("for").error(
            f"{why} in a loop over runtime bounds is not supported, as in "
            "Triton (the loop is scf.for); restructure it with a condition "
            "or a mask")
    return iterable


def python_cond(cond, why, kind="if"):
    """The condition of an if/while kept in Python."""
    value = _python_value(cond)
    if _traced(value) and kind == "while":
        current_builder("while").error(
            f"a while loop with {why} cannot have a condition on a traced "
            "value (it would be scf.while), as in Triton")
    if _traced(value):
        current_builder("if").error(
            f"{why} under a condition on a traced value is not supported, as "
            "in Triton: the condition is only known when the kernel runs")
    return value


_LOOP_TYPES = (_dtypes.int32, _dtypes.int64)


def _bound(b, value, what, elem=_dtypes.int32) -> tensor:
    """A loop bound as a scalar of `elem` (int32, or int64 when a bound is
    an int64, as Triton's loops)."""
    value = _python_value(value)
    if _traced(value):
        if value.type.shape is not None or value.type.elem not in \
                _LOOP_TYPES:
            b.error(f"the {what} of a loop over runtime bounds must be an "
                    f"int32 or int64 scalar, got a {value.type.describe()}")
        return b.cast(value, elem)
    if isinstance(value, bool) or not isinstance(value, int):
        b.error(f"the {what} of range() must be an int, got "
                f"{_describe(value)}")
    return b.constant(value, elem)


def _loop_type(values):
    """int64 when a bound is an int64 scalar or a Python int beyond int32,
    else int32."""
    for v in values:
        v = _python_value(v)
        if _traced(v) and v.type.elem == _dtypes.int64:
            return _dtypes.int64
        if isinstance(v, int) and not isinstance(v, bool) and \
                not -2**31 <= v < 2**31:
            return _dtypes.int64
    return _dtypes.int32


def _runtime_for(rng: RuntimeRange, body, meta, initial):
    b = current_builder("for")
    _note_control_flow(b)
    step = _python_value(rng.step)
    negative = not _traced(step) and isinstance(step, int) and step < 0
    if not _traced(step) and step == 0:
        b.error("range() arg 3 must not be zero")
    iv_type = _loop_type((rng.start, rng.stop, step))
    lb = _bound(b, rng.start, "start", iv_type)
    ub = _bound(b, rng.stop, "stop", iv_type)
    if negative:
        # Triton's rewrite: scf.for needs step > 0, so iterate j over
        # [stop, start) upwards and use iv = start - j + stop.
        lb, ub = ub, lb
        step = -step
    st = _bound(b, step, "step", iv_type)
    loc = b.loc_text()

    def trace_body(carried):
        region = b.push_region(what="loop")
        try:
            iv = b.block_arg(Ty(iv_type), "iv")
            user_iv = b.binary("+", b.binary("-", ub, iv), lb) \
                if negative else iv
            inputs = [b.block_arg(carried[i]) if i in carried else v
                      for i, v in enumerate(initial)]
            after = list(body(user_iv, *inputs))
            for i, ty in carried.items():
                after[i] = _materialize(
                    b, _check_yield(meta, i, after[i], ty), ty)
        finally:
            b.pop_region()
        return (region, iv), inputs, after

    def emit(regions, inputs, after, carried):
        region, iv = regions
        indices = sorted(carried)
        inits = [_materialize(b, initial[i], carried[i]) for i in indices]
        b.push_region(region)
        _yield(b, "scf.yield", [after[i] for i in indices])
        b.pop_region()
        results, head = _results(b, [carried[i] for i in indices])
        iter_args = ""
        if indices:
            pairs = ", ".join(f"{inputs[i].name} = {v.name}"
                              for i, v in zip(indices, inits))
            iter_args = (f" iter_args({pairs}) -> "
                         f"({_types_text(results)})")
        b.lines.append(f"    {head}scf.for {iv.name} = {lb.name} to "
                       f"{ub.name} step {st.name}{iter_args} : "
                       f"{iv_type.mlir} {{")
        b.lines.extend(_nest(region.lines))
        # tl.range's num_stages: the loop's own stages for tt-pipeline.
        stages = rng.hints.get("num_stages")
        attrs = f" {{tt.num_stages = {stages} : i32}}" \
            if stages is not None else ""
        b.lines.append(f"    }}{attrs} {loc}")
        return _after_loop(b, meta, initial, indices, results)

    return _loop(b, meta, initial, trace_body, emit)


def _check_yield(meta, i, value, ty):
    """A carried name's end-of-body value in a pass that carries it at
    `ty`."""
    if _traced(value) and value.type == ty:
        return value
    if _is_number(value) and _fits(value, ty):
        return value
    # A different type: an error unless the first pass's guess (from
    # Python numbers) was too narrow, which the next pass fixes.
    raise _Retry(i, value)


class _Retry(Exception):
    def __init__(self, index, value):
        self.index, self.value = index, value


def _after_loop(b, meta, initial, indices, results):
    out = list(initial)
    for i, name in enumerate(meta.names):
        if i == meta.target:
            out[i] = _unbind(b, meta, i, (
                f"'{name}' is the variable of the loop over runtime bounds at "
                f"line {meta.line} and is not defined after it"))
        elif initial[i] is UNDEFINED:
            out[i] = _unbind(b, meta, i, (
                f"'{name}' is defined only inside the loop at line "
                f"{meta.line} (a loop over runtime bounds), not before it; "
                "assign it before the loop to carry its value out"))
    for i, value in zip(indices, results):
        out[i] = value
        b.undefined_reasons.pop(meta.names[i], None)
    return tuple(out)


def while_(cond, body, meta: Meta, initial):
    state = tuple(initial)
    while True:
        value, probe = _probe_condition(cond, state)
        if _traced(value):
            # Traced again in the scf.while's condition region: the probe's
            # ops must not also run once before the loop (a spin lock's
            # `while tl.atomic_cas(lock, 0, 1) == 1` would take its own
            # lock there and then spin forever).
            return _runtime_while(cond, body, meta, list(state))
        _keep(probe)
        if not value:
            return state
        state = tuple(body(*state))


def _probe_condition(cond, state):
    """The condition's value on `state`, traced into a scratch region that
    the caller keeps (a Python condition) or drops (a traced one)."""
    b = current_builder("while")
    probe = b.push_region(what="while loop's condition")
    try:
        value = _python_value(cond(*state))
    finally:
        b.pop_region()
    return value, probe


def _keep(probe):
    """Moves a probe region's ops into the region being traced."""
    b = current_builder("while")
    b.lines.extend(probe.lines)
    here = b.regions[-1] if b.regions else None
    for name, region in list(b.defined_in.items()):
        if region is probe:
            if here is None:
                del b.defined_in[name]
            else:
                b.defined_in[name] = here


def _runtime_while(cond, body, meta, initial):
    b = current_builder("while")
    _note_control_flow(b)
    loc = b.loc_text()
    def trace_body(carried):
        indices = sorted(carried)
        before = b.push_region(what="while loop's condition")
        try:
            inputs = [b.block_arg(carried[i]) if i in carried else v
                      for i, v in enumerate(initial)]
            c = _python_value(cond(*inputs))
            c = _condition(b, c, "a while loop") if _traced(c) else \
                b.constant(bool(c))
            fwd = [inputs[i] for i in indices]
            b.lines.append(
                f"    scf.condition({c.name})"
                + (f" {', '.join(v.name for v in fwd)} : {_types_text(fwd)}"
                   if fwd else "") + f" {b.loc_text()}")
        finally:
            b.pop_region()
        after_region = b.push_region(what="while loop")
        try:
            args = [b.block_arg(carried[i]) if i in carried else v
                    for i, v in enumerate(initial)]
            after = list(body(*args))
            for i, ty in carried.items():
                after[i] = _materialize(
                    b, _check_yield(meta, i, after[i], ty), ty)
        finally:
            b.pop_region()
        return (before, after_region, inputs), args, after

    def emit(regions, args, after, carried):
        before, after_region, before_args = regions
        indices = sorted(carried)
        inits = [_materialize(b, initial[i], carried[i]) for i in indices]
        b.push_region(after_region)
        _yield(b, "scf.yield", [after[i] for i in indices])
        b.pop_region()
        results, head = _results(b, [carried[i] for i in indices])
        pairs = ", ".join(f"{before_args[i].name} = {v.name}"
                          for i, v in zip(indices, inits))
        types_ = _types_text(results)
        b.lines.append(f"    {head}scf.while ({pairs}) : ({types_}) -> "
                       f"({types_}) {{")
        b.lines.extend(_nest(before.lines))
        b.lines.append("    } do {")
        block = ", ".join(f"{args[i].name}: {args[i].type.mlir()}"
                          for i in indices)
        b.lines.append(f"    ^bb0({block}):" if block else "    ^bb0:")
        b.lines.extend(_nest(after_region.lines))
        b.lines.append(f"    }} {loc}")
        return _after_loop(b, meta, initial, indices, results)

    return _loop(b, meta, initial, trace_body, emit)


# -- branches ---------------------------------------------------------------
def _merge(b, meta, what, then_value, else_value):
    """How a name (or a return value) merges after an scf.if: None when both
    branches leave the same Python value, else the result type."""
    if _same_python(then_value, else_value):
        return None
    for value in (then_value, else_value):
        if not (_traced(value) or _is_number(value)):
            _error_at(b, meta.line, (
                f"{what} is a {_describe(then_value)} in the then branch and "
                f"a {_describe(else_value)} in the else branch of the if on a "
                f"traced value at line {meta.line}; only traced values and "
                "Python numbers can differ between the branches (they become "
                "the results of scf.if)"))
    if _traced(then_value) and _traced(else_value):
        ty = then_value.type if then_value.type == else_value.type else None
    elif _traced(then_value):
        ty = then_value.type if _fits(else_value, then_value.type) else None
    elif _traced(else_value):
        ty = else_value.type if _fits(then_value, else_value.type) else None
    else:
        ty = _merge_python_types(then_value, else_value)
    if ty is None:
        _error_at(b, meta.line, (
            f"Mismatched type for {what} between the then branch "
            f"({_describe(then_value)}) and the else branch "
            f"({_describe(else_value)}) of the if on a traced "
            f"value at line {meta.line}; both must have one type and shape"))
    return ty


def _trace_branch(b, fn, args, what):
    region = b.push_region(what=what)
    try:
        value = fn(*args)
    finally:
        b.pop_region()
    return region, value


def _emit_if(b, cond, then_region, else_region, then_values, else_values,
             types_, loc):
    for region, values in ((then_region, then_values),
                           (else_region, else_values)):
        b.push_region(region)
        try:
            values = [_materialize(b, v, t) for v, t in zip(values, types_)]
            _yield(b, "scf.yield", values)
        finally:
            b.pop_region()
    results, head = _results(b, types_)
    arrow = f" -> ({_types_text(results)})" if results else ""
    b.lines.append(f"    {head}scf.if {cond.name}{arrow} {{")
    b.lines.extend(_nest(then_region.lines))
    if results or len(else_region.lines) > 1:
        b.lines.append("    } else {")
        b.lines.extend(_nest(else_region.lines))
    b.lines.append(f"    }} {loc}")
    return results


def if_(cond, then_fn, else_fn, meta: Meta, initial):
    value = _python_value(cond)
    if not _traced(value):
        return (then_fn if value else else_fn)(*initial)
    b = current_builder("if")
    _note_control_flow(b)
    c = _condition(b, value, "an if")
    loc = b.loc_text()
    then_region, then_out = _trace_branch(b, then_fn, initial, "if branch")
    else_region, else_out = _trace_branch(b, else_fn, initial, "else branch")
    out, merged, types_ = list(initial), [], []
    for i, name in enumerate(meta.names):
        t, e = then_out[i], else_out[i]
        if t is UNDEFINED or e is UNDEFINED:
            if t is not e:
                branch = "if" if e is UNDEFINED else "else"
                out[i] = _unbind(b, meta, i, (
                    f"'{name}' is defined only in the {branch} branch of the "
                    f"if on a traced value at line {meta.line}; assign it in "
                    "both branches (or before the if) to use it after"))
            else:
                out[i] = UNDEFINED
            continue
        ty = _merge(b, meta, f"'{name}'", t, e)
        if ty is None:
            out[i] = t
            continue
        merged.append(i)
        types_.append(ty)
    results = _emit_if(b, c, then_region, else_region,
                       [then_out[i] for i in merged],
                       [else_out[i] for i in merged], types_, loc)
    for i, value in zip(merged, results):
        out[i] = value
        b.undefined_reasons.pop(meta.names[i], None)
    return tuple(out)


def _flatten(value, path, leaves):
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        for k, item in enumerate(value):
            _flatten(item, path + (k,), leaves)
    else:
        leaves.append((path, value))


def if_return(cond, then_fn, else_fn, meta: Meta, initial):
    """An if whose branches end the function (see the module's doc): the
    value the taken branch returns; on a traced condition, scf.if whose
    results are the merged return values."""
    value = _python_value(cond)
    if not _traced(value):
        return (then_fn if value else else_fn)(*initial)
    b = current_builder("if")
    _note_control_flow(b)
    c = _condition(b, value, "an if")
    loc = b.loc_text()
    then_region, t = _trace_branch(b, then_fn, initial, "if branch")
    else_region, e = _trace_branch(b, else_fn, initial, "else branch")
    then_leaves, else_leaves = [], []
    _flatten(t, (), then_leaves)
    _flatten(e, (), else_leaves)
    if [p for p, _ in then_leaves] != [p for p, _ in else_leaves]:
        _error_at(b, meta.line, (
            f"the branches of the if on a traced value at line {meta.line} "
            f"return different things ({_shape_of(t)} and {_shape_of(e)}); "
            "both must return the same number of values (a function without "
            "a return value returns None)"))
    merged, types_, leaves = [], [], []
    for (path, tv), (_, ev) in zip(then_leaves, else_leaves):
        what = "the return value" + ("" if not path else
                                     " " + "".join(f"[{k}]" for k in path))
        ty = _merge(b, meta, what, tv, ev)
        leaves.append(tv)
        if ty is not None:
            merged.append(len(leaves) - 1)
            types_.append(ty)
    results = _emit_if(b, c, then_region, else_region,
                       [then_leaves[i][1] for i in merged],
                       [else_leaves[i][1] for i in merged], types_, loc)
    for i, value in zip(merged, results):
        leaves[i] = value
    return _rebuild(t, iter(leaves))


def _shape_of(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, tuple):
        return f"a tuple of {len(value)}"
    return "a value"


def _rebuild(value, leaves):
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_rebuild(v, leaves) for v in value)
    return next(leaves)


def ifexp(cond, then_thunk, else_thunk, line):
    """``a if c else b``."""
    value = _python_value(cond)
    if not _traced(value):
        return then_thunk() if value else else_thunk()
    b = current_builder("a if c else b")
    _note_control_flow(b)
    if value.type.shape is not None:
        b.error(f"the condition of `a if c else b` is a "
                f"{value.type.describe()}; it must be a scalar (use "
                "tl.where(c, a, b) for a tensor condition)")
    c = _condition(b, value, "`a if c else b`")
    loc = b.loc_text()
    meta = Meta("ifexp", line, (), {})
    then_region, t = _trace_branch(b, then_thunk, (), "if branch")
    else_region, e = _trace_branch(b, else_thunk, (), "else branch")
    ty = _merge(b, meta, "the value of `a if c else b`", t, e)
    if ty is None:
        _emit_if(b, c, then_region, else_region, [], [], [], loc)
        return t
    (result,) = _emit_if(b, c, then_region, else_region, [t], [e], [ty], loc)
    return result


# -- boolean operators and chained comparisons ------------------------------
def _to_i1(b, value) -> tensor:
    if value.type.is_ptr:
        b.error(f"a {value.type.describe()} has no truth value")
    if value.type.elem.is_bool():
        return value
    return b.compare("!=", value, 0.0 if value.type.elem.is_floating() else 0)


def bool_and(*thunks):
    """``x and y and ...``: Python's on Python values; with a traced
    operand, the i1 `&` of the operands' truth values (no short circuit
    past a traced value, as Triton's logical_and)."""
    acc, value = None, None
    for thunk in thunks:
        value = _python_value(thunk())
        if _traced(value):
            bit = _to_i1(value.builder, value)
            acc = bit if acc is None else acc & bit
        elif not value:
            return value if acc is None else False
    return value if acc is None else acc


def bool_or(*thunks):
    """``x or y or ...``, as bool_and."""
    acc, value = None, None
    for thunk in thunks:
        value = _python_value(thunk())
        if _traced(value):
            bit = _to_i1(value.builder, value)
            acc = bit if acc is None else acc | bit
        elif value:
            return value if acc is None else True
    return value if acc is None else acc


def assert_(test, msg_thunk):
    """``assert test, msg``. On a traced value Triton's meaning:
    tl.device_assert(test, msg), which checks each element when the kernel
    runs with debugging on and emits nothing otherwise (a non-boolean is
    tested against 0, as Python tests truth). On a Python value Python's:
    AssertionError while tracing, when it is false."""
    value = _python_value(test)
    if not _traced(value):
        if not value:
            msg = msg_thunk()
            raise AssertionError() if msg is None else AssertionError(msg)
        return
    msg = msg_thunk()
    from . import language as tl
    if not value.type.elem.is_bool():
        value = value != 0
    tl.device_assert(value, "" if msg is None else str(_python_value(msg)))


def not_(value):
    """``not x``: Python's, or the i1 negation of a traced value."""
    value = _python_value(value)
    if not _traced(value):
        return not value
    b = value.builder
    return b.invert(_to_i1(b, value))


_COMPARE = {
    ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_OPS = COMPARE_OPS


def compare_chain(left, ops, thunks):
    """``a < b < c``: Python's meaning (``a < b and b < c``, `b` evaluated
    once) on Python values; a traced comparison joins with `&`."""
    acc, result, current = None, True, left
    for op, thunk in zip(ops, thunks):
        right = thunk()
        result = _COMPARE[_OPS[op]](current, right)
        if _traced(result):
            acc = result if acc is None else acc & result
        elif not result:
            return result if acc is None else False
        current = right
    return result if acc is None else acc


# -- the rewrite ------------------------------------------------------------
_REWRITTEN: dict = {}


def rewritten(fn, overrides: dict, source=None):
    """`fn` rewritten (see the module's doc), with `overrides` over its
    globals; `fn` itself (with the overrides) when its source is not
    available. `source`: (lines, first line number) as read when the
    function was decorated (Triton compiles that text too: an edit of the
    file without a reload changes nothing); None reads it now."""
    code = _REWRITTEN.get(fn.__code__)
    if code is None:
        from ._cf_rewrite import rewrite_code
        code = _REWRITTEN[fn.__code__] = \
            rewrite_code(fn, source) or fn.__code__
    namespace = {**fn.__globals__, **overrides}
    if code is not fn.__code__:
        namespace[_CF] = _this_module()
        namespace[_LOCALS] = builtins.locals
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    closure = tuple(cells[n] for n in code.co_freevars) or None
    traced = types.FunctionType(code, namespace, fn.__name__, fn.__defaults__,
                                closure)
    traced.__kwdefaults__ = fn.__kwdefaults__
    return traced


def _this_module():
    import sys
    return sys.modules[__name__]


def explain_name_error(error: NameError) -> str | None:
    """Why a name read while tracing is unbound, when a runtime loop or
    branch left it so."""
    name = getattr(error, "name", None)
    if name is None:  # UnboundLocalError names it in its message only
        import re
        found = re.search(r"'([A-Za-z_][A-Za-z0-9_]*)'", str(error))
        name = found and found.group(1)
    builder = current_builder_or_none()
    if builder is None or name is None:
        return None
    return builder.undefined_reasons.get(name)


def current_builder_or_none():
    from ._tracer import _state
    return getattr(_state, "builder", None)
