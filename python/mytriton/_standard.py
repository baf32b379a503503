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


@jit
def _first(a, b):
    return a


@jit
def _second(a, b):
    return b


@jit
def join(a, b):
    """Triton's tl.join: a and b (broadcast to one shape) stacked along a
    new last dimension of extent 2, so that [..., 0] is a and [..., 1] is b.
    MyTriton's tensors have at most two dimensions: scalars and 1-D tensors
    join (to [2] and [N, 2])."""
    a, b = tl.broadcast(tl.to_tensor(a), tl.to_tensor(b))
    tl.static_assert(len(a.shape) <= 1,
                     "tl.join of 2-D tensors makes a 3-D one, and MyTriton's "
                     "tensors have at most two dimensions")
    pick_a = tl.arange(0, 2) == 0
    if len(a.shape) == 0:
        return tl.where(pick_a, a, b)
    return tl.where(pick_a[None, :], a[:, None], b[:, None])


@jit
def split(a):
    """Triton's tl.split: the two halves of a tensor whose last dimension
    has extent 2 ([N, 2] gives two [N] tensors, [2] two scalars), exactly
    (a selection, not arithmetic: -0.0 and NaN payloads stay)."""
    tl.static_assert(a.shape[len(a.shape) - 1] == 2,
                     "tl.split takes a tensor whose last dimension is 2")
    axis: tl.constexpr = len(a.shape) - 1
    return tl.reduce(a, axis, _first), tl.reduce(a, axis, _second)


@jit
def interleave(a, b):
    """Triton's tl.interleave: the elements of a and b alternating along the
    last dimension (join, then the last two dimensions merged)."""
    c = join(a, b)
    if len(c.shape) == 1:
        return c
    return tl.reshape(c, (c.shape[0] * 2, ))
