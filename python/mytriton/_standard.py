"""Functions of Triton's `triton/language/standard.py` that are written in
the kernel language there and here: @jit helpers that a kernel calls as
`tl.xor_sum`, `tl.swizzle2d` (resolved at first use by language.py)."""

from .jit import jit
from . import language as tl


@jit
def _xor_combine(a, b):
    return a ^ b


@jit
def xor_sum(input, axis=None, keep_dims=False):  # noqa: A002 - Triton's name
    """The xor of the elements of an integer tensor along `axis` (None:
    all of them), as Triton's: tl.reduce with `^`."""
    tl.static_assert(input.dtype.is_int(),
                     "xor_sum only supported for integers")
    return tl.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@jit
def swizzle2d(i, j, size_i, size_j, size_g):
    """Maps the row-major index (i, j) of a size_i x size_j matrix to its
    column-major position within groups of size_g rows, as Triton's (what
    tutorial 03's grouped ordering computes by hand)."""
    # The index in row-major order, and the size_g x size_j groups.
    ij = i * size_j + j
    size_gj = size_g * size_j
    group_id = ij // size_gj
    # The group's first row; the last group may have fewer rows.
    off_i = group_id * size_g
    size_g = tl.minimum(size_i - off_i, size_g)
    # Column-major within the group.
    ij = ij % size_gj
    new_i = off_i + ij % size_g
    new_j = ij // size_g
    return new_i, new_j
