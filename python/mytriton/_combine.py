"""Reductions and scans with a user combine function (tl.reduce,
tl.associative_scan) and what Triton builds on them (argmax, cumsum).

The combine function, a @jit function of 2N scalars returning N, is traced
once into the region of a ``tt.combine_reduce`` / ``tt.scan`` op: its
arguments are the region's block arguments and its ops the region's body,
which the tracer's usual @jit helper inlining records (so its ops carry the
combine function's own lines).
"""

from __future__ import annotations

import inspect

from . import _dtypes
from ._tracer import Ty, describe_dtype, tensor


def _unwrap(value):
    return value.value if type(value).__name__ == "constexpr" else value


def _fn_name(fn) -> str:
    return getattr(fn, "__name__", type(fn).__name__)


def operands(b, input, what) -> tuple[list, bool]:
    """The tensors of `input` (one tensor or a tuple of them, all of one
    shape) and whether it was a tuple."""
    input = _unwrap(input)
    is_tuple = isinstance(input, (tuple, list))
    values = list(input) if is_tuple else [input]
    if not values:
        b.error(f"{what}: the input is an empty tuple; give one tensor or a "
                "tuple of tensors")
    for i, v in enumerate(values):
        v = _unwrap(v)
        where = f"input {i}" if is_tuple else "the input"
        if not isinstance(v, tensor) or v.type.shape is None:
            kind = v.type.describe() if isinstance(v, tensor) \
                else type(v).__name__
            b.error(f"{what}: {where} must be a tensor, got a {kind}")
        if v.builder is not b:
            b.error(f"{what}: {where} is a traced value from another kernel")
        if v.type.is_ptr:
            b.error(f"{what}: {where} is a {v.type.describe()}; a combine "
                    "function takes numbers, not pointers")
        if v.type.shape != values[0].type.shape:
            b.error(f"{what}: the inputs must have one shape, but input 0 "
                    f"is a {values[0].type.describe()} and input {i} a "
                    f"{v.type.describe()}")
        values[i] = v
    return values, is_tuple


def _check_arity(b, fn, n, what):
    if not callable(fn):
        b.error(f"{what}: combine_fn must be a @jit function, got a "
                f"{type(fn).__name__}")
    try:
        signature = getattr(fn, "signature", None) or inspect.signature(fn)
    except (TypeError, ValueError):
        return  # no signature to check (a builtin); the call will say
    try:
        signature.bind(*range(2 * n))
    except TypeError:
        b.error(f"{what}: combine_fn '{_fn_name(fn)}' must take {2 * n} "
                f"arguments (the left and then the right element of each of "
                f"the {n} input{'s' if n > 1 else ''}), but its signature is "
                f"{_fn_name(fn)}{signature}")


def _combine_result(b, fn, value, elem, i, n, what):
    """The combine function's i-th returned value as a scalar of `elem`."""
    value = _unwrap(value)
    if isinstance(value, (bool, int, float)) and not isinstance(value, tensor):
        value = b.constant(value, elem)
    if not isinstance(value, tensor) or value.type.shape is not None:
        kind = value.type.describe() if isinstance(value, tensor) \
            else type(value).__name__
        b.error(f"{what}: combine_fn '{_fn_name(fn)}' must return {n} "
                f"scalar{'s' if n > 1 else ''}, but value {i} is a {kind}")
    if value.type.elem != elem:
        # An integer (a Python constant's int32, an index) meeting float
        # inputs converts; any other mismatch is the user's to cast.
        if value.type.elem.is_int() and not value.type.elem.is_bool() \
                and elem.is_floating():
            value = value.to(elem)
        else:
            b.error(f"{what}: combine_fn '{_fn_name(fn)}' returns a "
                    f"{describe_dtype(value.type.elem)} as value {i}, but "
                    f"input {i} has {describe_dtype(elem)} elements (cast it "
                    "with .to())")
    return value


def trace_region(b, fn, values, what) -> list[str]:
    """The combine region's text: `fn` traced on 2N scalar block arguments,
    ending in tt.combine_return."""
    n = len(values)
    _check_arity(b, fn, n, what)
    elems = [v.type.elem for v in values]
    region = b.push_region(what="combine function")
    try:
        args = [b.block_arg(Ty(e), "c") for e in elems + elems]
        result = fn(*args)
        result = list(result) if isinstance(result, (tuple, list)) \
            else [result]
        if len(result) != n:
            b.error(f"{what}: combine_fn '{_fn_name(fn)}' must return {n} "
                    f"value{'s' if n > 1 else ''} (one per input), but "
                    f"returned {len(result)}")
        result = [_combine_result(b, fn, r, e, i, n, what)
                  for i, (r, e) in enumerate(zip(result, elems))]
        names = ", ".join(r.name for r in result)
        types = ", ".join(r.type.mlir() for r in result)
        b.lines.append(f"    tt.combine_return {names} : {types} "
                       f"{b.loc_text()}")
    finally:
        b.pop_region()
    arg_text = ", ".join(f"{a.name}: {a.type.mlir()}" for a in args)
    _check_isolated(b, fn, region.lines, args, what)
    return [f"    ^bb0({arg_text}):"] + ["  " + line for line in region.lines]


def _check_isolated(b, fn, lines, args, what):
    """The region is isolated (a combine function sees its arguments only):
    a traced value from the kernel used in it is refused here, not by the
    parser."""
    import re
    defined = {a.name for a in args}
    for line in lines:
        head = line.split("=", 1)
        if len(head) == 2 and head[0].strip().startswith("%"):
            defined.add(head[0].strip().split(":")[0])
    for line in lines:
        body = line.split("=", 1)[-1]
        for name in re.findall(r"%[A-Za-z0-9_$.]+", body):
            if name not in defined:
                b.error(f"{what}: combine_fn '{_fn_name(fn)}' uses a traced "
                        "value of the kernel; a combine function sees only "
                        "its arguments (pass constants as Python numbers)")


def _emit(b, head, values, result_types, region):
    """Emits `head` (an op with its operands) with `region`; the results."""
    name = b.new_name()
    b.define(name)
    srcs = ", ".join(v.name for v in values)
    operand_types = ", ".join(v.type.mlir() for v in values)
    types = ", ".join(t.mlir() for t in result_types)
    if len(result_types) > 1:
        types, lhs = f"({types})", f"{name}:{len(result_types)}"
        results = [tensor(b, f"{name}#{i}", t)
                   for i, t in enumerate(result_types)]
    else:
        lhs, results = name, [tensor(b, name, result_types[0])]
    for t in result_types:
        if t.shape is not None:
            b.note_shape(t.shape)
    loc = b.loc_text()
    b.lines.append(f"    {lhs} = {head.format(srcs=srcs)} : "
                   f"({operand_types}) -> {types} {{")
    b.lines.extend(region)
    b.lines.append(f"    }} {loc}")
    return results


def _flatten(b, v):
    """A tensor of rank > 1 as 1-D, in row-major order (tt.reshape)."""
    if v.type.rank == 1:
        return v
    ty = Ty(v.type.elem, (v.type.numel,))
    return b.emit(f"tt.reshape {v.name} : {v.type.mlir()} -> {ty.mlir()}", ty)


def reduce(b, input, axis, fn, keep_dims, what):
    """tl.reduce: along `axis`, or over every element (axis=None: the
    row-major flattening, as Triton) to scalars."""
    values, is_tuple = operands(b, input, what)
    axis, keep_dims = _unwrap(axis), bool(_unwrap(keep_dims))
    rank = values[0].type.rank
    if axis is None:
        flat = [_flatten(b, v) for v in values]
        results = reduce_axis(b, flat, 0, fn, what)
        if keep_dims:
            results = [b.splat(r, (1,) * rank) for r in results]
    else:
        axis = wrap_axis(b, axis, rank, what)
        results = reduce_axis(b, values, axis, fn, what)
        if keep_dims:
            results = [b.expand_dims(r, axis) for r in results]
    return tuple(results) if is_tuple else results[0]


def reduce_axis(b, values, axis, fn, what):
    region = trace_region(b, fn, values, what)
    shape = values[0].type.shape
    rest = shape[:axis] + shape[axis + 1:]
    result_types = [Ty(v.type.elem, rest or None) for v in values]
    return _emit(b, f"tt.combine_reduce({{srcs}}) axis = {axis}", values,
                 result_types, region)


def scan(b, input, axis, fn, reverse, what):
    """tl.associative_scan: the inclusive scan along `axis`."""
    values, is_tuple = operands(b, input, what)
    axis = wrap_axis(b, axis, values[0].type.rank, what)
    reverse = _unwrap(reverse)
    if not isinstance(reverse, bool):
        b.error(f"{what}: reverse must be a compile-time bool, got a "
                f"{type(reverse).__name__}")
    region = trace_region(b, fn, values, what)
    flag = " reverse" if reverse else ""
    results = _emit(b, f"tt.scan({{srcs}}) axis = {axis}{flag}", values,
                    [v.type for v in values], region)
    return tuple(results) if is_tuple else results[0]


def wrap_axis(b, axis, ndim, what) -> int:
    axis = _unwrap(axis)
    if isinstance(axis, bool) or not isinstance(axis, int):
        b.error(f"{what}: axis must be a compile-time int, got a "
                f"{axis.type.describe() if isinstance(axis, tensor) else type(axis).__name__}")
    if not -ndim <= axis < ndim:
        b.error(f"{what}: axis {axis} is out of range for a {ndim}-D tensor "
                f"(expected {-ndim} <= axis < {ndim})")
    return axis + ndim if axis < 0 else axis


def numeric(b, x, what):
    """`x` as one tensor of numbers (argmax, cumsum)."""
    x = _unwrap(x)
    if not isinstance(x, tensor) or x.type.shape is None:
        kind = x.type.describe() if isinstance(x, tensor) \
            else type(x).__name__
        b.error(f"{what} takes a tensor, got a {kind}")
    if x.type.is_ptr or x.type.elem.is_bool():
        b.error(f"{what} takes a tensor of numbers, not a "
                f"{x.type.describe()}")
    return x


def with_indices(b, x, axis, fn, keep_dims, what):
    """Triton's _reduce_with_indices: (value, index) pairs reduced by `fn`;
    the index is the position along `axis` (of the row-major flattening
    when axis is None)."""
    from . import language as tl
    x = numeric(b, x, what)
    axis = _unwrap(axis)
    shape = x.type.shape
    if axis is None:
        n = x.type.numel
        index = tl.arange(0, n)
        if len(shape) > 1:
            index = tl.reshape(index, shape)
    else:
        axis = wrap_axis(b, axis, len(shape), what)
        index = tl.arange(0, shape[axis])
        if len(shape) > 1:
            index = b.expand_dims(index, 1 - axis)
            index = b.broadcast(index, shape)
    return reduce(b, (x, index), axis, fn, keep_dims, what)


def _is_float(elem) -> bool:
    return elem.is_floating()


def _nan(x):
    """Whether a float is NaN; never, for integers."""
    return x != x if _is_float(x.type.elem) else None


def _order_combine(name, before, tie_break_left):
    """Triton's _argmax_combine/_argmin_combine over (value, index) pairs:
    `before(a, b)` says a strictly precedes b (a > b for argmax). NaN
    precedes every number and NaNs are equal, so the first NaN wins as in
    numpy; on equal values the lower index wins with `tie_break_left`."""
    from . import language as tl

    def combine(value1, index1, value2, index2):
        first = before(value1, value2)
        nan1, nan2 = _nan(value1), _nan(value2)
        equal = value1 == value2
        if nan1 is not None:
            first = first | (nan1 & ~nan2)
            equal = equal | (nan1 & nan2)
        if tie_break_left:
            first = first | (equal & (index1 < index2))
        return tl.where(first, value1, value2), tl.where(first, index1, index2)
    combine.__name__ = name
    return combine


def argmax_combine(tie_break_left):
    return _order_combine("_argmax_combine", lambda a, b: a > b, bool(tie_break_left))


def argmin_combine(tie_break_left):
    return _order_combine("_argmin_combine", lambda a, b: a < b, bool(tie_break_left))


def binary_combine(op):
    """Triton's _sum_combine / _prod_combine."""
    def combine(a, b):
        return b.builder.binary(op, a, b)
    combine.__name__ = "_sum_combine" if op == "+" else "_prod_combine"
    return combine
