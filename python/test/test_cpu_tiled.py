"""Tiled (2-D) kernels on the CPU, against numpy.

The kernels are tt IR text, as the frontend traces them (layout-free; rank-2
tensors, expand_dims/broadcast/trans/reshape, reductions along an axis), run
through the C API (mytriton.backends.cpu), so these tests need no frontend.
Each kernel is generated for its tile shape by the small builder below.
"""

import numpy as np
import pytest

from conftest import requires_compiler
from mytriton.backends import cpu

pytestmark = requires_compiler

NEG_INF = "0xFF800000"


class Kernel:
    """Writes the body of a tt.func line by line with fresh value names."""

    def __init__(self, name, params, num_warps=4):
        self.name, self.params, self.num_warps = name, params, num_warps
        self.lines, self.count = [], 0

    def op(self, text, type_=None):
        self.count += 1
        value = f"%v{self.count}"
        self.lines.append(f"  {value} = {text}")
        return value

    def stmt(self, text):
        self.lines.append(f"  {text}")

    def text(self):
        params = ", ".join(f"%{n}: {t}" for n, t in self.params)
        w = self.num_warps
        return (f"tt.func @{self.name}({params}) attributes "
                f"{{block_size = {32 * w} : i32, num_warps = {w} : i32}} {{\n"
                + "\n".join(self.lines) + "\n  tt.return\n}\n")

    # Helpers that mirror the language.
    def const(self, value, type_):
        return self.op(f"arith.constant {value} : {type_}")

    def pid(self, axis):
        return self.op(f"tt.get_program_id {axis} : i32")

    def arange(self, n, start_scalar=None):
        r = self.op(f"tt.make_range {{start = 0 : i32, end = {n} : i32}} "
                    f": tensor<{n}xi32>")
        if start_scalar is None:
            return r
        s = self.op(f"tt.splat {start_scalar} : i32 -> tensor<{n}xi32>")
        return self.op(f"arith.addi {s}, {r} : tensor<{n}xi32>")

    def splat(self, scalar, stype, shape, etype=None):
        etype = etype or stype
        return self.op(f"tt.splat {scalar} : {stype} -> {tensor(shape, etype)}")

    def expand(self, x, shape, axis, etype="i32"):
        out = list(shape)
        out.insert(axis, 1)
        return self.op(f"tt.expand_dims {x} {{axis = {axis} : i32}} : "
                       f"{tensor(shape, etype)} -> {tensor(out, etype)}"), out

    def broadcast(self, x, shape, to, etype="i32"):
        if list(shape) == list(to):
            return x
        return self.op(f"tt.broadcast {x} : {tensor(shape, etype)} -> "
                       f"{tensor(to, etype)}")

    def binary(self, opname, a, b, shape, etype):
        return self.op(f"{opname} {a}, {b} : {tensor(shape, etype)}")

    def ptrs(self, base, offsets, shape, elem="f32"):
        p = self.splat(base, f"!tt.ptr<{elem}>", shape, f"!tt.ptr<{elem}>")
        return self.op(f"tt.addptr {p}, {offsets} : "
                       f"{tensor(shape, '!tt.ptr<' + elem + '>')}, "
                       f"{tensor(shape, 'i32')}")

    def load(self, ptrs, shape, mask=None, other=None, elem="f32"):
        args = ptrs + (f", {mask}" if mask else "") + (
            f", {other}" if other else "")
        return self.op(f"tt.load {args} : "
                       f"{tensor(shape, '!tt.ptr<' + elem + '>')}")

    def store(self, ptrs, value, shape, mask=None, elem="f32"):
        args = f"{ptrs}, {value}" + (f", {mask}" if mask else "")
        self.stmt(f"tt.store {args} : "
                  f"{tensor(shape, '!tt.ptr<' + elem + '>')}")

    def reduce(self, kind, x, shape, axis=None, etype="f32"):
        if axis is None:
            return self.op(f"tt.reduce {kind} {x} : {tensor(shape, etype)} "
                           f"-> {etype}")
        out = [e for d, e in enumerate(shape) if d != axis]
        return self.op(f"tt.reduce {kind} {x} {{axis = {axis} : i32}} : "
                       f"{tensor(shape, etype)} -> {tensor(out, etype)}")

    def grid2d(self, rows, cols, row0, col0, stride):
        """Offsets row*stride + col of the [BM, BN] tile at (row0, col0),
        with the mask row < %M and col < %N; returns (offsets, mask)."""
        shape = [rows, cols]
        rm = self.arange(rows, row0)
        rn = self.arange(cols, col0)
        rm2, s_rm = self.expand(rm, [rows], 1)
        rn2, s_rn = self.expand(rn, [cols], 0)
        st = self.splat(stride, "i32", s_rm)
        rows_off = self.binary("arith.muli", rm2, st, s_rm, "i32")
        offs = self.binary("arith.addi",
                           self.broadcast(rows_off, s_rm, shape),
                           self.broadcast(rn2, s_rn, shape), shape, "i32")
        m_lim = self.splat("%M", "i32", s_rm)
        n_lim = self.splat("%N", "i32", s_rn)
        mrow = self.op(f"arith.cmpi slt, {rm2}, {m_lim} : {tensor(s_rm, 'i32')}")
        mcol = self.op(f"arith.cmpi slt, {rn2}, {n_lim} : {tensor(s_rn, 'i32')}")
        mask = self.binary("arith.andi",
                           self.broadcast(mrow, s_rm, shape, "i1"),
                           self.broadcast(mcol, s_rn, shape, "i1"), shape, "i1")
        return offs, mask

    def tile_origin(self, rows, cols):
        pm, pn = self.pid(0), self.pid(1)
        cm = self.const(rows, "i32")
        cn = self.const(cols, "i32")
        return (self.op(f"arith.muli {pm}, {cm} : i32"),
                self.op(f"arith.muli {pn}, {cn} : i32"))


def tensor(shape, etype):
    return "tensor<" + "x".join(str(e) for e in shape) + f"x{etype}>"


def cdiv(a, b):
    return -(-a // b)


def run(kernel, grid, args):
    cpu.run_on_cpu(kernel.text(), kernel.name, grid, args)


# ----------------------------------------------------------------------------
# Elementwise 2-D tiles with masks on both axes.

def add_kernel(bm, bn):
    k = Kernel("add2d", [("x", "!tt.ptr<f32>"), ("y", "!tt.ptr<f32>"),
                         ("out", "!tt.ptr<f32>"), ("M", "i32"), ("N", "i32"),
                         ("stride", "i32")])
    row0, col0 = k.tile_origin(bm, bn)
    offs, mask = k.grid2d(bm, bn, row0, col0, "%stride")
    shape = [bm, bn]
    a = k.load(k.ptrs("%x", offs, shape), shape, mask)
    b = k.load(k.ptrs("%y", offs, shape), shape, mask)
    s = k.binary("arith.addf", a, b, shape, "f32")
    k.store(k.ptrs("%out", offs, shape), s, shape, mask)
    return k


# (tile, matrix): a matrix of several tiles with ragged edges, tiles larger
# than the matrix, 1xN and Nx1 tiles.
ADD_CASES = [((32, 32), (100, 70)), ((16, 32), (5, 7)), ((1, 64), (9, 130)),
             ((64, 1), (130, 3)), ((8, 128), (8, 128)), ((1, 1), (3, 2))]


@pytest.mark.parametrize("tile,matrix", ADD_CASES)
def test_add_2d_masks_on_both_axes(tile, matrix):
    (bm, bn), (m, n) = tile, matrix
    rng = np.random.default_rng(0)
    stride = n + 3  # a row pitch wider than the row
    x = rng.standard_normal((m, stride)).astype(np.float32)
    y = rng.standard_normal((m, stride)).astype(np.float32)
    out = np.full((m, stride), 7.0, np.float32)
    run(add_kernel(bm, bn), (cdiv(m, bm), cdiv(n, bn)),
        [x.ravel(), y.ravel(), out.ravel(), m, n, stride])
    expected = np.full((m, stride), 7.0, np.float32)
    expected[:, :n] = x[:, :n] + y[:, :n]
    np.testing.assert_array_equal(out, expected)
