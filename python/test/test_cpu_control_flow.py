"""Runtime control flow on the CPU, through the C API, against numpy.

The kernels are tt IR text with scf.for / scf.if / scf.while in their
bodies, as the frontend traces Python loops and branches on traced scalars
(docs/IR.md), so these tests need no frontend: the layer norm of Triton's
tutorial 05 (three loops over the row in blocks, uniform), tutorial 02's
persistent softmax (a loop over rows, tiled), and a bad access inside a
loop, reported at its line.
"""

import numpy as np
import pytest

from conftest import requires_compiler
from mytriton.backends import cpu

pytestmark = requires_compiler

RNG = np.random.default_rng(15)


def layer_norm_ir(block):
    """Tutorial 05's _layer_norm_fwd_fused for one row per program: mean,
    variance and the normalized row each in a loop over the row in blocks of
    `block` (masked past N)."""
    t, i, p = (f"tensor<{block}x{e}>" for e in ("f32", "i32", "!tt.ptr<f32>"))

    def load(ptr, name):
        return f"""
    %{name}_off = tt.splat %off : i32 -> {i}
    %{name}_cols = arith.addi %{name}_off, %lanes : {i}
    %{name}_mask = arith.cmpi slt, %{name}_cols, %n_v : {i}
    %{name}_base = tt.splat {ptr} : !tt.ptr<f32> -> {p}
    %{name}_ptrs = tt.addptr %{name}_base, %{name}_cols : {p}, {i}
    %{name} = tt.load %{name}_ptrs, %{name}_mask, %zeros : {p}"""

    return f"""
tt.func @layer_norm(%X: !tt.ptr<f32>, %Y: !tt.ptr<f32>, %W: !tt.ptr<f32>, %B: !tt.ptr<f32>, %Mean: !tt.ptr<f32>, %Rstd: !tt.ptr<f32>, %stride: i32, %N: i32, %eps: f32) attributes {{block_size = {block} : i32}} {{
  %row = tt.get_program_id 0 : i32
  %start = arith.muli %row, %stride : i32
  %x = tt.addptr %X, %start : !tt.ptr<f32>, i32
  %y = tt.addptr %Y, %start : !tt.ptr<f32>, i32
  %c0 = arith.constant 0 : i32
  %cB = arith.constant {block} : i32
  %zeros = arith.constant dense<0.0> : {t}
  %lanes = tt.make_range {{start = 0 : i32, end = {block} : i32}} : {i}
  %n_v = tt.splat %N : i32 -> {i}
  %n_f = arith.sitofp %N : i32 to f32
  %sum = scf.for %off = %c0 to %N step %cB iter_args(%acc = %zeros) -> ({t}) : i32 {{{load('%x', 'a')}
    %acc2 = arith.addf %acc, %a : {t}
    scf.yield %acc2 : {t}
  }}
  %total = tt.reduce sum %sum : {t} -> f32
  %mean = arith.divf %total, %n_f : f32
  %mean_v = tt.splat %mean : f32 -> {t}
  %sq = scf.for %off = %c0 to %N step %cB iter_args(%acc = %zeros) -> ({t}) : i32 {{{load('%x', 'b')}
    %d = arith.subf %b, %mean_v : {t}
    %dm = arith.select %b_mask, %d, %zeros : tensor<{block}xi1>, {t}
    %d2 = arith.mulf %dm, %dm : {t}
    %acc2 = arith.addf %acc, %d2 : {t}
    scf.yield %acc2 : {t}
  }}
  %sqsum = tt.reduce sum %sq : {t} -> f32
  %var = arith.divf %sqsum, %n_f : f32
  %ve = arith.addf %var, %eps : f32
  %sd = math.sqrt %ve : f32
  %one = arith.constant 1.0 : f32
  %rstd = arith.divf %one, %sd : f32
  %mp = tt.addptr %Mean, %row : !tt.ptr<f32>, i32
  tt.store %mp, %mean : !tt.ptr<f32>
  %rp = tt.addptr %Rstd, %row : !tt.ptr<f32>, i32
  tt.store %rp, %rstd : !tt.ptr<f32>
  %rstd_v = tt.splat %rstd : f32 -> {t}
  scf.for %off = %c0 to %N step %cB : i32 {{{load('%W', 'w')}{load('%B', 'bias')}{load('%x', 'v')}
    %centered = arith.subf %v, %mean_v : {t}
    %x_hat = arith.mulf %centered, %rstd_v : {t}
    %scaled = arith.mulf %x_hat, %w : {t}
    %out = arith.addf %scaled, %bias : {t}
    %y_base = tt.splat %y : !tt.ptr<f32> -> {p}
    %y_ptrs = tt.addptr %y_base, %w_cols : {p}, {i}
    tt.store %y_ptrs, %out, %w_mask : {p}
  }}
  tt.return
}}
"""


@pytest.mark.parametrize("block", [128, 1024])
@pytest.mark.parametrize("rows,n", [(3, 2500), (2, 1), (4, 1024), (2, 129)])
def test_layer_norm_loops(block, rows, n):
    x = RNG.standard_normal((rows, n)).astype(np.float32) * 3 + 1
    w = RNG.standard_normal(n).astype(np.float32)
    b = RNG.standard_normal(n).astype(np.float32)
    y = np.full_like(x, 7.0)
    mean = np.zeros(rows, np.float32)
    rstd = np.zeros(rows, np.float32)
    eps = 1e-5
    cpu.run_on_cpu(layer_norm_ir(block), "layer_norm", (rows,),
                   [x, y, w, b, mean, rstd, n, n, eps])
    ref_mean = x.mean(axis=1, dtype=np.float64)
    ref_var = ((x - ref_mean[:, None]) ** 2).mean(axis=1)
    ref_rstd = 1 / np.sqrt(ref_var + eps)
    ref = (x - ref_mean[:, None]) * ref_rstd[:, None] * w + b
    np.testing.assert_allclose(mean, ref_mean, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-4)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


def persistent_softmax_ir(block, num_warps):
    """Tutorial 02's softmax_kernel: program p handles rows p, p + step, ...
    (a loop from the program id to n_rows by a run-time step; the tutorial's
    step is tl.num_programs(0)), one 1-D tile of `block` columns (tiled)."""
    t, i, p = (f"tensor<{block}x{e}>" for e in ("f32", "i32", "!tt.ptr<f32>"))
    return f"""
tt.func @softmax(%out: !tt.ptr<f32>, %inp: !tt.ptr<f32>, %in_stride: i32, %out_stride: i32, %n_rows: i32, %n_cols: i32, %step: i32) attributes {{block_size = {32 * num_warps} : i32, num_warps = {num_warps} : i32}} {{
  %first = tt.get_program_id 0 : i32
  %cols = tt.make_range {{start = 0 : i32, end = {block} : i32}} : {i}
  %n_v = tt.splat %n_cols : i32 -> {i}
  %mask = arith.cmpi slt, %cols, %n_v : {i}
  %ninf = arith.constant 0xFF800000 : f32
  %ninfs = tt.splat %ninf : f32 -> {t}
  scf.for %row = %first to %n_rows step %step : i32 {{
    %in_off = arith.muli %row, %in_stride : i32
    %in_row = tt.addptr %inp, %in_off : !tt.ptr<f32>, i32
    %in_base = tt.splat %in_row : !tt.ptr<f32> -> {p}
    %in_ptrs = tt.addptr %in_base, %cols : {p}, {i}
    %x = tt.load %in_ptrs, %mask, %ninfs : {p}
    %max = tt.reduce max %x : {t} -> f32
    %max_v = tt.splat %max : f32 -> {t}
    %shifted = arith.subf %x, %max_v : {t}
    %num = math.exp %shifted : {t}
    %den = tt.reduce sum %num : {t} -> f32
    %den_v = tt.splat %den : f32 -> {t}
    %y = arith.divf %num, %den_v : {t}
    %out_off = arith.muli %row, %out_stride : i32
    %out_row = tt.addptr %out, %out_off : !tt.ptr<f32>, i32
    %out_base = tt.splat %out_row : !tt.ptr<f32> -> {p}
    %out_ptrs = tt.addptr %out_base, %cols : {p}, {i}
    tt.store %out_ptrs, %y, %mask : {p}
  }}
  tt.return
}}
"""


@pytest.mark.parametrize("rows,cols,programs", [(37, 200, 5), (4, 256, 8),
                                                 (0, 100, 3), (9, 1, 2)])
def test_persistent_softmax_row_loop(rows, cols, programs):
    x = RNG.standard_normal((rows, cols)).astype(np.float32)
    y = np.full_like(x, 7.0)
    cpu.run_on_cpu(persistent_softmax_ir(256, 4), "softmax", (programs,),
                   [y, x, cols, cols, rows, cols, programs])
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True),
                               rtol=1e-5, atol=1e-6)


# The load inside the loop is on line 7 of "loop.py"; the store after the
# loop on line 11.
OUT_OF_BOUNDS_IR = """
tt.func @sum_blocks(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c4 iter_args(%a = %zeros) -> (tensor<4xf32>) : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %offs = arith.addi %iv, %lanes : tensor<4xi32>
    %ptrs = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %ptrs : tensor<4x!tt.ptr<f32>> loc("loop.py":7:13)
    %a2 = arith.addf %a, %v : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  } loc("loop.py":6:5)
  %s = tt.reduce sum %acc : tensor<4xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32> loc("loop.py":11:5)
  tt.return
}
"""


def test_out_of_bounds_inside_a_loop_is_located():
    x = np.arange(10, dtype=np.float32)
    out = np.full(1, 7.0, np.float32)
    # 8 elements: both steps in bounds.
    cpu.run_on_cpu(OUT_OF_BOUNDS_IR, "sum_blocks", (1,), [x, out, 8],
                   bounds_check=True)
    assert out[0] == 28.0
    # 12: the third step reads elements 8..11 of 10.
    out[0] = 7.0
    with pytest.raises(cpu.CPUOutOfBoundsError) as info:
        cpu.run_on_cpu(OUT_OF_BOUNDS_IR, "sum_blocks", (2,), [x, out, 12],
                       bounds_check=True)
    error = info.value
    assert (error.op, error.arg_index, error.element, error.num_elements,
            error.program_id) == ("load", 0, 10, 10, (0, 0, 0))
    assert (error.filename, error.line, error.col) == ("loop.py", 7, 13)
    assert out[0] == 7.0  # the store after the loop never ran


# A pointer a branch picks from two arguments: the report cannot name one.
CHOSEN_POINTER_IR = """
tt.func @pick(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %which: i32, %at: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1.0 : f32
  %first = arith.cmpi eq, %which, %c0 : i32
  %p = scf.if %first -> (!tt.ptr<f32>) {
    scf.yield %a : !tt.ptr<f32>
  } else {
    scf.yield %b : !tt.ptr<f32>
  }
  %q = tt.addptr %p, %at : !tt.ptr<f32>, i32
  tt.store %q, %one : !tt.ptr<f32> loc("pick.py":9:5)
  tt.return
}
"""


def test_pointer_chosen_from_two_arguments():
    a = np.zeros(4, np.float32)
    b = np.zeros(2, np.float32)
    cpu.run_on_cpu(CHOSEN_POINTER_IR, "pick", (1,), [a, b, 0, 3],
                   bounds_check=True)
    cpu.run_on_cpu(CHOSEN_POINTER_IR, "pick", (1,), [a, b, 1, 1],
                   bounds_check=True)
    assert a.tolist() == [0, 0, 0, 1] and b.tolist() == [0, 1]
    # Element 3 is inside a, outside b: the check uses the chosen buffer.
    with pytest.raises(cpu.CPUOutOfBoundsError) as info:
        cpu.run_on_cpu(CHOSEN_POINTER_IR, "pick", (1,), [a, b, 1, 3],
                       bounds_check=True)
    error = info.value
    assert (error.arg_index, error.element, error.line) == (-1, 3, 9)
    assert "the access reaches element 3" in str(error)
    assert "elements" not in str(error)
