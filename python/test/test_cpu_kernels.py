"""The seed kernels run on the CPU backend, checked against numpy.

Until the Python frontend traces them, each kernel is written here as the tt
IR the frontend emits (a builder below spells it), for any block size. Inputs
are random, sizes cover multiples and non-multiples of the block, a single
element, rows shorter and longer than a block, 2-D and 3-D grids, and
NaN/inf inputs for the reductions and softmax.
"""

import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from mytriton.backends.cpu import (CPUBackendError, compile_for_cpu,  # noqa: E402
                                   run_on_cpu)

RNG = np.random.default_rng(1234)
F32 = "f32"
I32 = "i32"
PF32 = "!tt.ptr<f32>"
PI32 = "!tt.ptr<i32>"


def cdiv(a, b):
    return (a + b - 1) // b


def _f32_literal(value):
    """An f32 constant as tt IR spells it (hex for inf/nan)."""
    if np.isnan(value) or np.isinf(value):
        bits = np.array([value], dtype=np.float32).view(np.uint32)[0]
        return f"0x{bits:08X}"
    return repr(float(value))


class KernelBuilder:
    """Emits a tt.func the way the frontend traces it: one op per line,
    a constant per use, explicit splats."""

    def __init__(self, name, params, block):
        self.name, self.params, self.block = name, params, block
        self.lines = []
        self.count = 0

    def t(self, elem):
        return f"tensor<{self.block}x{elem}>"

    def emit(self, text):
        self.count += 1
        value = f"%v{self.count}"
        self.lines.append(f"  {value} = {text}")
        return value

    def stmt(self, text):
        self.lines.append(f"  {text}")

    # Values.
    def pid(self, axis):
        return self.emit(f"tt.get_program_id {axis} : i32")

    def i32(self, c):
        return self.emit(f"arith.constant {c} : i32")

    def f32(self, c):
        return self.emit(f"arith.constant {_f32_literal(c)} : f32")

    def arange(self):
        b = self.block
        return self.emit(f"tt.make_range {{start = 0 : i32, end = {b} : i32}}"
                         f" : {self.t(I32)}")

    def splat(self, x, elem):
        return self.emit(f"tt.splat {x} : {elem} -> {self.t(elem)}")

    def arith(self, op, a, b, ty):
        return self.emit(f"arith.{op} {a}, {b} : {ty}")

    def cmp(self, op, pred, a, b, ty):
        return self.emit(f"arith.{op} {pred}, {a}, {b} : {ty}")

    def select(self, c, a, b, elem):
        return self.emit(f"arith.select {c}, {a}, {b} : {self.t(I1)}, "
                         f"{self.t(elem)}")

    def unary(self, op, a, ty):
        return self.emit(f"{op} {a} : {ty}")

    # Pointers and memory.
    def addptr(self, p, off, pty):
        return self.emit(f"tt.addptr {p}, {off} : {pty}, {I32}")

    def addptr_t(self, p, off, pty):
        return self.emit(f"tt.addptr {p}, {off} : {self.t(pty)}, {self.t(I32)}")

    def ptrs(self, base, offsets, pty=PF32):
        """splat(base) + offsets: one pointer per lane."""
        return self.addptr_t(self.splat(base, pty), offsets, pty)

    def load(self, p, pty, mask=None, other=None):
        ops = ", ".join(x for x in (p, mask, other) if x is not None)
        return self.emit(f"tt.load {ops} : {pty}")

    def store(self, p, v, pty, mask=None):
        ops = ", ".join(x for x in (p, v, mask) if x is not None)
        self.stmt(f"tt.store {ops} : {pty}")

    def reduce(self, kind, v, elem):
        return self.emit(f"tt.reduce {kind} {v} : {self.t(elem)} -> {elem}")

    def build(self):
        params = ", ".join(f"%{n}: {ty}" for n, ty in self.params)
        head = (f"tt.func @{self.name}({params}) attributes "
                f"{{block_size = {self.block} : i32}} {{")
        return "\n".join([head, *self.lines, "  tt.return", "}", ""])


I1 = "i1"


def block_offsets(k, pid_axis=0):
    """pid * BLOCK + arange(0, BLOCK)."""
    pid = k.pid(pid_axis)
    start = k.arith("muli", pid, k.i32(k.block), I32)
    return k.arith("addi", k.splat(start, I32), k.arange(), k.t(I32))


# ----------------------------------------------------------------------------
# The seed kernels.
# ----------------------------------------------------------------------------

def elementwise_ir(kind, block, elem=F32):
    """out[i] = f(x[i] (, y[i])) for i < n; kind names f."""
    pty = PF32 if elem == F32 else PI32
    binary = kind in ("add", "div")
    params = [("x", pty)] + ([("y", pty)] if binary else []) + \
        [("out", pty), ("n", I32)]
    k = KernelBuilder(f"{kind}_kernel", params, block)
    offs = block_offsets(k)
    mask = k.cmp("cmpi", "slt", offs, k.splat("%n", I32), k.t(I32))
    zero = k.f32(0.0) if elem == F32 else k.i32(0)
    x = k.load(k.ptrs("%x", offs, pty), k.t(pty), mask, k.splat(zero, elem))
    t = k.t(elem)
    if kind == "add":
        y = k.load(k.ptrs("%y", offs, pty), k.t(pty), mask,
                   k.splat(k.f32(0.0) if elem == F32 else k.i32(0), elem))
        res = k.arith("addf" if elem == F32 else "addi", x, y, t)
    elif kind == "div":  # masked-off lanes divide by the `other` of 0
        y = k.load(k.ptrs("%y", offs, pty), k.t(pty), mask,
                   k.splat(k.i32(0), elem))
        res = k.arith("divsi", x, y, t)
    elif kind == "copy":
        res = x
    elif kind == "relu":
        res = k.arith("maxnumf", x, k.splat(k.f32(0.0), F32), t)
    elif kind == "leaky_relu":
        pos = k.cmp("cmpf", "ogt", x, k.splat(k.f32(0.0), F32), t)
        scaled = k.arith("mulf", k.splat(k.f32(0.01), F32), x, t)
        res = k.select(pos, x, scaled, F32)
    elif kind == "sigmoid":
        e = k.unary("math.exp", k.unary("arith.negf", x, t), t)
        den = k.arith("addf", k.splat(k.f32(1.0), F32), e, t)
        res = k.arith("divf", k.splat(k.f32(1.0), F32), den, t)
    else:
        raise ValueError(kind)
    k.store(k.ptrs("%out", offs, pty), res, k.t(pty), mask)
    return k.build()


def matrix_add_ir(block):
    k = KernelBuilder("matrix_add_kernel", [("x", PF32), ("y", PF32),
                                            ("out", PF32), ("n_cols", I32)],
                      block)
    row = k.pid(0)
    cols = block_offsets(k, pid_axis=1)
    row_start = k.arith("muli", row, "%n_cols", I32)
    offs = k.arith("addi", k.splat(row_start, I32), cols, k.t(I32))
    mask = k.cmp("cmpi", "slt", cols, k.splat("%n_cols", I32), k.t(I32))
    lhs = k.load(k.ptrs("%x", offs), k.t(PF32), mask,
                 k.splat(k.f32(0.0), F32))
    rhs = k.load(k.ptrs("%y", offs), k.t(PF32), mask,
                 k.splat(k.f32(0.0), F32))
    k.store(k.ptrs("%out", offs), k.arith("addf", lhs, rhs, k.t(F32)),
            k.t(PF32), mask)
    return k.build()


REDUCE_FILL = {"sum": 0.0, "max": -np.inf, "min": np.inf}


def row_reduce_ir(kind, block, elem=F32, scalar_store=False):
    """out[row] = reduce(x[row, :n_cols]), one block per row; lane 0 stores
    (the seed's `first_lane` mask), or a scalar store."""
    pty = PF32 if elem == F32 else PI32
    k = KernelBuilder(f"row_{kind}_kernel", [("x", pty), ("out", pty),
                                             ("n_cols", I32)], block)
    row = k.pid(0)
    cols = k.arange()
    start = k.arith("muli", row, "%n_cols", I32)
    offs = k.arith("addi", k.splat(start, I32), cols, k.t(I32))
    mask = k.cmp("cmpi", "slt", cols, k.splat("%n_cols", I32), k.t(I32))
    if elem == F32:
        fill = k.f32(REDUCE_FILL[kind])
    else:
        fill = k.i32({"sum": 0, "max": -2**31, "min": 2**31 - 1}[kind])
    values = k.load(k.ptrs("%x", offs, pty), k.t(pty), mask,
                    k.splat(fill, elem))
    total = k.reduce(kind, values, elem)
    outp = k.addptr("%out", row, pty)
    if scalar_store:
        k.store(outp, total, pty)
    else:
        first = k.cmp("cmpi", "slt", cols, k.splat(k.i32(1), I32), k.t(I32))
        k.store(k.splat(outp, pty), k.splat(total, elem), k.t(pty), first)
    return k.build()


def softmax_ir(block):
    k = KernelBuilder("softmax_kernel", [("x", PF32), ("out", PF32),
                                         ("n_cols", I32)], block)
    row = k.pid(0)
    cols = k.arange()
    start = k.arith("muli", row, "%n_cols", I32)
    offs = k.arith("addi", k.splat(start, I32), cols, k.t(I32))
    mask = k.cmp("cmpi", "slt", cols, k.splat("%n_cols", I32), k.t(I32))
    values = k.load(k.ptrs("%x", offs), k.t(PF32), mask,
                    k.splat(k.f32(-np.inf), F32))
    row_max = k.reduce("max", values, F32)
    shifted = k.arith("subf", values, k.splat(row_max, F32), k.t(F32))
    num = k.unary("math.exp", shifted, k.t(F32))
    den = k.reduce("sum", num, F32)
    probs = k.arith("divf", num, k.splat(den, F32), k.t(F32))
    k.store(k.ptrs("%out", offs), probs, k.t(PF32), mask)
    return k.build()


def long_row_sum_ir(block, n_cols):
    """tl.static_range(0, N_COLS, BLOCK) unrolled into masked loads."""
    k = KernelBuilder("long_row_sum_kernel", [("x", PF32), ("out", PF32)],
                      block)
    row = k.pid(0)
    lanes = k.arange()
    row_start = k.arith("muli", row, k.i32(n_cols), I32)
    partial = k.splat(k.f32(0.0), F32)
    for start in range(0, n_cols, block):
        cols = k.arith("addi", k.splat(k.i32(start), I32), lanes, k.t(I32))
        mask = k.cmp("cmpi", "slt", cols, k.splat(k.i32(n_cols), I32),
                     k.t(I32))
        base = k.addptr("%x", row_start, PF32)
        values = k.load(k.ptrs(base, cols), k.t(PF32), mask,
                        k.splat(k.f32(0.0), F32))
        partial = k.arith("addf", partial, values, k.t(F32))
    total = k.reduce("sum", partial, F32)
    first = k.cmp("cmpi", "slt", lanes, k.splat(k.i32(1), I32), k.t(I32))
    outp = k.addptr("%out", row, PF32)
    k.store(k.splat(outp, PF32), k.splat(total, F32), k.t(PF32), first)
    return k.build()


def naive_matmul_ir(block, K):
    """c[row, cols] = sum_k a[row, k] * b[k, cols], K unrolled."""
    k = KernelBuilder("naive_matmul_kernel", [("a", PF32), ("b", PF32),
                                              ("c", PF32), ("n_cols", I32)],
                      block)
    row = k.pid(0)
    cols = block_offsets(k, pid_axis=1)
    mask = k.cmp("cmpi", "slt", cols, k.splat("%n_cols", I32), k.t(I32))
    acc = k.splat(k.f32(0.0), F32)
    a_row_start = k.arith("muli", row, k.i32(K), I32)
    for kk in range(K):
        ap = k.addptr(k.addptr("%a", a_row_start, PF32), k.i32(kk), PF32)
        a_value = k.load(ap, PF32)
        kn = k.arith("muli", k.i32(kk), "%n_cols", I32)
        b_offs = k.arith("addi", k.splat(kn, I32), cols, k.t(I32))
        b_values = k.load(k.ptrs("%b", b_offs), k.t(PF32), mask,
                          k.splat(k.f32(0.0), F32))
        prod = k.arith("mulf", k.splat(a_value, F32), b_values, k.t(F32))
        acc = k.arith("addf", acc, prod, k.t(F32))
    rs = k.arith("muli", row, "%n_cols", I32)
    c_offs = k.arith("addi", k.splat(rs, I32), cols, k.t(I32))
    k.store(k.ptrs("%c", c_offs), acc, k.t(PF32), mask)
    return k.build()


# ----------------------------------------------------------------------------
# numpy references that follow the kernels' lane semantics.
# ----------------------------------------------------------------------------

def padded_rows(x, block, fill):
    rows, n = x.shape
    padded = np.full((rows, block), fill, dtype=x.dtype)
    padded[:, :n] = x
    return padded


def reduce_ref(kind, x, block):
    padded = padded_rows(x, block, REDUCE_FILL[kind] if x.dtype == np.float32
                         else {"sum": 0, "max": -2**31, "min": 2**31 - 1}[kind])
    if kind == "sum":
        return padded.sum(axis=1, dtype=x.dtype)
    # fmax/fmin: NaN only when every lane is NaN.
    return (np.fmax if kind == "max" else np.fmin).reduce(padded, axis=1)


def softmax_ref(x, block):
    padded = padded_rows(x, block, -np.inf)
    with np.errstate(invalid="ignore", over="ignore"):
        m = np.fmax.reduce(padded, axis=1, keepdims=True)
        e = np.exp(padded - m)
        out = e / e.sum(axis=1, keepdims=True)
    return out[:, :x.shape[1]].astype(np.float32)


def random_f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def assert_close(actual, expected, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol,
                               equal_nan=True)


# ----------------------------------------------------------------------------
# Tests.
# ----------------------------------------------------------------------------

SIZES = [1, 7, 255, 256, 257, 1000, 4096]


@pytest.mark.parametrize("block", [4, 256])
@pytest.mark.parametrize("n", SIZES)
def test_vector_add(block, n):
    ir = elementwise_ir("add", block)
    x, y = random_f32(n), random_f32(n)
    out = np.full(n + 3, 42.0, dtype=np.float32)  # tail past n stays
    run_on_cpu(ir, "add_kernel", (cdiv(n, block),), [x, y, out, n])
    assert_close(out[:n], x + y)
    assert np.all(out[n:] == 42.0), "a masked-off lane wrote memory"


def test_masked_lanes_touch_no_memory():
    """Buffers of exactly n elements placed at the end of a page would fault
    on an unmasked access; here the sentinel past n checks the store side and
    n < block checks loads of a 1-element buffer."""
    ir = elementwise_ir("copy", 256)
    x = np.array([3.5], dtype=np.float32)
    out = np.zeros(2, dtype=np.float32)
    run_on_cpu(ir, "copy_kernel", (1,), [x, out, 1])
    assert out.tolist() == [3.5, 0.0]


@pytest.mark.parametrize("kind,ref", [
    ("copy", lambda x: x),
    ("relu", lambda x: np.fmax(x, np.float32(0))),
    ("leaky_relu", lambda x: np.where(x > 0, x, np.float32(0.01) * x)),
    ("sigmoid", lambda x: 1 / (1 + np.exp(-x))),
])
@pytest.mark.parametrize("n", [1, 100, 256, 1031])
def test_elementwise(kind, ref, n):
    ir = elementwise_ir(kind, 256)
    x = random_f32(n) * 4
    x[: min(n, 4)] = [np.nan, np.inf, -np.inf, 0.0][: min(n, 4)]
    out = np.empty_like(x)
    run_on_cpu(ir, f"{kind}_kernel", (cdiv(n, 256),), [x, out, n])
    with np.errstate(over="ignore", invalid="ignore"):
        expected = ref(x).astype(np.float32)
    assert_close(out, expected)


def test_i32_add_wraps():
    ir = elementwise_ir("add", 8, elem=I32)
    x = np.array([2**31 - 1, -2**31, 5, -7, 2**30], dtype=np.int32)
    y = np.array([1, -1, 6, 7, 2**30], dtype=np.int32)
    out = np.zeros_like(x)
    run_on_cpu(ir, "add_kernel", (1,), [x, y, out, x.size])
    with np.errstate(over="ignore"):
        assert out.tolist() == (x + y).tolist()


def test_i32_division_never_traps():
    """Masked-off lanes divide by their `other` of 0, and INT_MIN / -1
    overflows: on x86 both would kill the process; the results of valid
    lanes truncate toward zero like C."""
    ir = elementwise_ir("div", 8, elem=I32)
    x = np.array([7, -7, 7, -2**31, 100], dtype=np.int32)
    y = np.array([2, 2, -2, -1, 7], dtype=np.int32)
    out = np.zeros_like(x)
    run_on_cpu(ir, "div_kernel", (1,), [x, y, out, x.size])
    assert out[[0, 1, 2, 4]].tolist() == [3, -3, -3, 14]


@pytest.mark.parametrize("block", [16, 256])
@pytest.mark.parametrize("shape", [(1, 1), (3, 5), (4, 256), (5, 300),
                                   (17, 1000)])
def test_matrix_add_2d_grid(block, shape):
    rows, cols = shape
    x, y = random_f32(rows, cols), random_f32(rows, cols)
    out = np.zeros_like(x)
    run_on_cpu(matrix_add_ir(block), "matrix_add_kernel",
               (rows, cdiv(cols, block)), [x, y, out, cols])
    assert_close(out, x + y)


def row_cases(block):
    return [1, 3, block - 1, block]


@pytest.mark.parametrize("kind", ["sum", "max", "min"])
@pytest.mark.parametrize("block", [8, 128])
@pytest.mark.parametrize("scalar_store", [False, True])
def test_row_reductions(kind, block, scalar_store):
    ir = row_reduce_ir(kind, block, scalar_store=scalar_store)
    for n_cols in row_cases(block):
        x = random_f32(6, n_cols)
        out = np.full(6, 9.0, dtype=np.float32)
        run_on_cpu(ir, f"row_{kind}_kernel", (6,), [x, out, n_cols])
        assert_close(out, reduce_ref(kind, x, block), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kind", ["max", "min"])
@pytest.mark.parametrize("n_cols", [4, 8])
def test_max_min_nan_inf(kind, n_cols):
    """fmaxf/fminf: NaN lanes are ignored unless every lane is NaN."""
    block = 8
    nan, inf = np.nan, np.inf
    rows = np.array([
        [nan, 1.0, 2.0, -3.0, 5.0, 0.5, -1.0, 4.0],
        [1.0, nan, nan, 2.0, nan, nan, nan, nan],
        [nan] * 8,
        [inf, 1.0, nan, -inf, 0.0, 2.0, 3.0, 4.0],
        [-inf] * 8,
        [inf] * 8,
        [nan, -inf, nan, nan, nan, nan, nan, inf],
    ], dtype=np.float32)[:, :n_cols].copy()
    out = np.zeros(rows.shape[0], dtype=np.float32)
    run_on_cpu(row_reduce_ir(kind, block), f"row_{kind}_kernel",
               (rows.shape[0],), [rows, out, n_cols])
    expected = reduce_ref(kind, rows, block)
    assert_close(out, expected)
    if n_cols == block:  # an all-NaN row without masked lanes gives NaN
        assert np.isnan(out[2])


@pytest.mark.parametrize("kind", ["sum", "max", "min"])
def test_i32_row_reductions(kind):
    block = 8
    x = RNG.integers(-2**31, 2**31, size=(5, 6), dtype=np.int64)
    x = x.astype(np.int32)
    out = np.zeros(5, dtype=np.int32)
    run_on_cpu(row_reduce_ir(kind, block, elem=I32), f"row_{kind}_kernel",
               (5,), [x, out, 6])
    with np.errstate(over="ignore"):
        assert out.tolist() == reduce_ref(kind, x, block).tolist()


@pytest.mark.parametrize("block", [8, 256])
def test_softmax(block):
    ir = softmax_ir(block)
    for n_cols in row_cases(block):
        x = random_f32(9, n_cols) * 3
        out = np.zeros_like(x)
        run_on_cpu(ir, "softmax_kernel", (9,), [x, out, n_cols])
        assert_close(out, softmax_ref(x, block))
        np.testing.assert_allclose(out.sum(axis=1), 1.0, rtol=1e-5)


def test_softmax_is_stable_for_large_inputs():
    """[1000, 1001, 999] overflows exp without the max subtraction."""
    x = np.array([[1000, 1001, 999], [-1000, -1001, -999],
                  [88.0, 89.0, 90.0]], dtype=np.float32)
    out = np.zeros_like(x)
    run_on_cpu(softmax_ir(8), "softmax_kernel", (3,), [x, out, 3])
    expected = softmax_ref(x, 8)
    assert np.all(np.isfinite(out))
    assert_close(out, expected)
    assert_close(out[0], [0.24472847, 0.66524096, 0.09003057])


def test_softmax_nan_inf():
    nan, inf = np.nan, np.inf
    x = np.array([
        [1.0, nan, 2.0, 3.0],       # a NaN lane makes the row NaN
        [1.0, inf, 2.0, 3.0],       # inf - inf is NaN
        [1.0, -inf, 2.0, 3.0],      # -inf lanes get probability 0
        [-inf, -inf, -inf, -inf],   # every lane -inf: NaN
        [0.0, 0.0, 0.0, 0.0],
    ], dtype=np.float32)
    out = np.zeros_like(x)
    run_on_cpu(softmax_ir(8), "softmax_kernel", (5,), [x, out, 4])
    expected = softmax_ref(x, 8)
    assert_close(out, expected)
    assert out[2, 1] == 0.0
    assert np.isnan(out[0]).all() and np.isnan(out[3]).all()


@pytest.mark.parametrize("block", [8, 32])
@pytest.mark.parametrize("n_cols", [1, 5, 8, 9, 32, 33, 200])
def test_long_row_sum(block, n_cols):
    """Rows shorter and longer than one block."""
    x = random_f32(4, n_cols)
    out = np.zeros(4, dtype=np.float32)
    run_on_cpu(long_row_sum_ir(block, n_cols), "long_row_sum_kernel", (4,),
               [x, out])
    assert_close(out, x.sum(axis=1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("block", [4, 64])
@pytest.mark.parametrize("m,K,n", [(1, 1, 1), (3, 3, 5), (4, 7, 64),
                                   (5, 2, 100)])
def test_naive_matmul(block, m, K, n):
    a, b = random_f32(m, K), random_f32(K, n)
    c = np.zeros((m, n), dtype=np.float32)
    run_on_cpu(naive_matmul_ir(block, K), "naive_matmul_kernel",
               (m, cdiv(n, block)), [a, b, c, n])
    assert_close(c, a @ b, rtol=1e-5, atol=1e-5)


def test_3d_grid_program_ids():
    """Every program id of a 3-D grid runs once with its own ids."""
    k = KernelBuilder("ids_kernel", [("out", PI32), ("gx", I32), ("gy", I32)],
                      4)
    x, y, z = k.pid(0), k.pid(1), k.pid(2)
    yz = k.arith("addi", k.arith("muli", z, "%gy", I32), y, I32)
    linear = k.arith("addi", k.arith("muli", yz, "%gx", I32), x, I32)
    code = k.arith("addi", x, k.arith("addi",
                                      k.arith("muli", y, k.i32(100), I32),
                                      k.arith("muli", z, k.i32(10000), I32),
                                      I32), I32)
    outp = k.addptr("%out", linear, PI32)
    old = k.load(outp, PI32)
    k.store(outp, k.arith("addi", old, code, I32), PI32)
    gx, gy, gz = 3, 4, 5
    out = np.zeros(gx * gy * gz, dtype=np.int32)
    run_on_cpu(k.build(), "ids_kernel", (gx, gy, gz), [out, gx, gy])
    zz, yy, xx = np.meshgrid(range(gz), range(gy), range(gx), indexing="ij")
    assert out.tolist() == (xx + 100 * yy + 10000 * zz).ravel().tolist()


def test_strided_gather_and_scatter():
    """Non-contiguous offsets: out[2i+1] = x[3i] for i < n (vector.gather
    and vector.scatter)."""
    k = KernelBuilder("strided_kernel", [("x", PF32), ("out", PF32),
                                         ("n", I32)], 8)
    offs = block_offsets(k)
    mask = k.cmp("cmpi", "slt", offs, k.splat("%n", I32), k.t(I32))
    src = k.arith("muli", offs, k.splat(k.i32(3), I32), k.t(I32))
    dst = k.arith("addi", k.arith("muli", offs, k.splat(k.i32(2), I32),
                                  k.t(I32)),
                  k.splat(k.i32(1), I32), k.t(I32))
    v = k.load(k.ptrs("%x", src), k.t(PF32), mask, k.splat(k.f32(0.0), F32))
    k.store(k.ptrs("%out", dst), v, k.t(PF32), mask)
    ir = k.build()
    n = 11
    x = random_f32(3 * n)
    out = np.zeros(2 * n + 1, dtype=np.float32)
    run_on_cpu(ir, "strided_kernel", (cdiv(n, 8),), [x, out, n])
    expected = np.zeros_like(out)
    expected[1::2] = x[::3][:n]
    assert_close(out, expected)
    assert "vector.gather" not in compile_for_cpu(ir).lowered_ir  # lowered
    assert "llvm.intr.masked.gather" in compile_for_cpu(ir).lowered_ir


def test_scalar_masked_load_and_store():
    """Scalar loads and stores with an i1 mask touch memory only when true."""
    k = KernelBuilder("pick_kernel", [("x", PF32), ("out", PF32),
                                      ("n", I32)], 4)
    pid = k.pid(0)
    ok = k.cmp("cmpi", "slt", pid, "%n", I32)
    v = k.load(k.addptr("%x", pid, PF32), PF32, ok, k.f32(-1.0))
    k.store(k.addptr("%out", pid, PF32), v, PF32, ok)
    ir = k.build()
    x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    out = np.full(5, 7.0, dtype=np.float32)
    run_on_cpu(ir, "pick_kernel", (5,), [x, out, 3])  # pids 3, 4 masked
    assert out.tolist() == [1.0, 2.0, 3.0, 7.0, 7.0]


# ----------------------------------------------------------------------------
# Errors are reported, not crashes.
# ----------------------------------------------------------------------------

def test_bad_arguments_are_rejected():
    ir = elementwise_ir("add", 8)
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(CPUBackendError, match="expected !tt.ptr<f32>, got i32"):
        run_on_cpu(ir, "add_kernel", (1,), [1, x, x, 4])
    with pytest.raises(CPUBackendError, match="takes 4 arguments, got 3"):
        run_on_cpu(ir, "add_kernel", (1,), [x, x, x])
    with pytest.raises(CPUBackendError, match="no kernel named 'nope'"):
        run_on_cpu(ir, "nope", (1,), [x, x, x, 4])
    with pytest.raises(CPUBackendError,
                       match="expected !tt.ptr<f32>, got !tt.ptr<f64>"):
        run_on_cpu(ir, "add_kernel", (1,), [x.astype(np.float64), x, x, 4])
    with pytest.raises(TypeError, match="dtype <c8 are not supported"):
        run_on_cpu(ir, "add_kernel", (1,), [x.astype(np.complex64), x, x, 4])
    with pytest.raises(ValueError, match="C-contiguous"):
        run_on_cpu(ir, "add_kernel", (1,), [np.zeros(8, np.float32)[::2], x,
                                            x, 4])
    with pytest.raises(CPUBackendError, match="expected !tt.ptr<i32>"):
        run_on_cpu(elementwise_ir("add", 8, elem=I32), "add_kernel", (1,),
                   [x, x, x, 4])
    with pytest.raises(ValueError, match="1 to 3 sizes"):
        run_on_cpu(ir, "add_kernel", (1, 1, 1, 1), [x, x, x, 4])


def test_empty_grid_runs_nothing():
    ir = elementwise_ir("copy", 8)
    x, out = np.ones(4, np.float32), np.zeros(4, np.float32)
    run_on_cpu(ir, "copy_kernel", (0,), [x, out, 4])
    assert not out.any()


def test_invalid_ir_reports_a_located_diagnostic():
    bad = "tt.func @k(%x: !tt.ptr<f32>) attributes {block_size = 8 : i32} {\n" \
          "  %r = tt.make_range {start = 0 : i32, end = 4 : i32} : " \
          "tensor<4xi32>\n  tt.return\n}\n"
    with pytest.raises(CPUBackendError, match=r"2:\d+: error"):
        compile_for_cpu(bad)


def test_vector_exp_accuracy():
    """Vector exp is a polynomial approximation: within 6 ulp where the
    result is a normal float, exact on the special values softmax relies on
    (exp(-inf) = 0 for masked lanes, overflow to inf, NaN stays NaN)."""
    k = KernelBuilder("exp_kernel", [("x", PF32), ("out", PF32), ("n", I32)],
                      256)
    offs = block_offsets(k)
    mask = k.cmp("cmpi", "slt", offs, k.splat("%n", I32), k.t(I32))
    x = k.load(k.ptrs("%x", offs), k.t(PF32), mask, k.splat(k.f32(0.0), F32))
    k.store(k.ptrs("%out", offs), k.unary("math.exp", x, k.t(F32)),
            k.t(PF32), mask)
    xs = np.linspace(-87, 88.7, 400_001, dtype=np.float32)
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 89.0, -200.0],
                        dtype=np.float32)
    xs = np.concatenate([xs, specials])
    out = np.empty_like(xs)
    run_on_cpu(k.build(), "exp_kernel", (cdiv(xs.size, 256),),
               [xs, out, xs.size])
    ref = np.exp(xs[:-specials.size].astype(np.float64))
    ulp = np.abs(out[:-specials.size] - ref) / np.spacing(
        ref.astype(np.float32))
    assert ulp.max() <= 6.0
    tail = out[-specials.size:]
    assert np.isnan(tail[0])
    assert tail[1:].tolist() == [np.inf, 0.0, 1.0, 1.0, np.inf, 0.0]
