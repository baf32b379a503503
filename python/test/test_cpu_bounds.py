"""Bounds checks on the CPU: a kernel never reads or writes outside the
numpy arrays it is given. Every enabled load/store lane is checked against
its argument's array; the first access outside stops the launch with an
OutOfBoundsError located at the tl.load/tl.store line (docs/CPU.md)."""

import os

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from conftest import requires_compiler
from mytriton import OutOfBoundsError
from mytriton.backends import cpu

import kernels as K

pytestmark = requires_compiler

HERE = os.path.abspath(__file__)


def line_of(marker):
    """The line number of the line of this file that ends with `marker`."""
    with open(HERE) as f:
        for number, line in enumerate(f, 1):
            if line.rstrip().endswith(marker):
                return number
    raise AssertionError(marker)


@triton.jit
def fill_unmasked(out, start, BLOCK: tl.constexpr):
    offs = start + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out + offs, offs)  # store: fill_unmasked


@triton.jit
def fill_masked(out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out + offs, offs, mask=offs < n)


@triton.jit
def load_far(x, out, distance, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    values = tl.load(x + distance + offs)  # load: load_far
    tl.store(out + offs, values)


@triton.jit
def gather_strided(x, out, stride, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(x + offs * stride))  # load: gather_strided


@triton.jit
def scalar_store(out, index, value):
    tl.store(out + index, value)  # store: scalar_store


@triton.jit
def scalar_load(x, out, index):
    tl.store(out, tl.load(x + index))  # load: scalar_load


@triton.jit
def scalar_store_masked(out, index, enabled):
    tl.store(out + index, 7, mask=enabled != 0)


def guarded(n, fill=-1, dtype=np.int32):
    """A view of n elements with 16 guard elements on each side."""
    big = np.full(n + 32, fill, dtype)
    return big, big[16:16 + n]


# -- stores -------------------------------------------------------------------

def test_store_past_the_end_of_a_view_leaves_its_neighbours_alone():
    big, view = guarded(12)
    with pytest.raises(OutOfBoundsError) as e:
        fill_unmasked[(4,)](view, 0, BLOCK=4)
    err = e.value
    assert (err.arg, err.element, err.num_elements) == ("out", 12, 12)
    # Programs run x first: 0..2 wrote their elements, 3 stopped before its
    # store touched memory.
    assert err.program_id == (3, 0, 0)
    assert view.tolist() == list(range(12))
    assert (big[:16] == -1).all() and (big[28:] == -1).all()
    assert isinstance(err, triton.LaunchError)
    assert err.filename == HERE
    assert err.lineno == line_of("# store: fill_unmasked")
    text = str(err)
    assert "kernel 'fill_unmasked'" in text
    assert "tl.store outside its array: argument 'out' has 12 elements" in text
    assert "reaches element 12 (program id (3, 0, 0))" in text
    assert "tl.store(out + offs, offs)" in text  # the source line


def test_the_launch_stops_at_the_first_bad_program():
    big, view = guarded(10)
    with pytest.raises(OutOfBoundsError) as e:
        # Programs of 8 lanes starting at -4: program 0 covers -4..3.
        fill_unmasked[(3,)](view, -4, BLOCK=8)
    assert e.value.program_id == (0, 0, 0)
    assert e.value.element == -4
    assert (big == -1).all()  # nothing ran after the first bad access


def test_negative_offset_store_is_refused():
    big, view = guarded(8)
    with pytest.raises(OutOfBoundsError) as e:
        fill_unmasked[(1,)](view, -1, BLOCK=8)
    assert (e.value.element, e.value.num_elements) == (-1, 8)
    assert (big == -1).all()


def test_zero_size_view_takes_no_store():
    big, view = guarded(0)
    assert view.size == 0
    with pytest.raises(OutOfBoundsError) as e:
        fill_unmasked[(1,)](view, 0, BLOCK=32)
    assert (e.value.element, e.value.num_elements) == (0, 0)
    assert (big == -1).all()
    # Masked off entirely, a zero-size array is fine.
    fill_masked[(1,)](view, 0, BLOCK=32)
    assert (big == -1).all()


def test_masked_off_lanes_past_the_end_are_not_reported():
    big, view = guarded(13)
    fill_masked[(2,)](view, 13, BLOCK=8)
    assert view.tolist() == list(range(13))
    assert (big[:16] == -1).all() and (big[29:] == -1).all()


# -- loads --------------------------------------------------------------------

@pytest.mark.parametrize("distance", [2**30, -2**30, 2**31 - 8, 5])
def test_far_load_raises_instead_of_crashing(distance):
    x = np.ones(8, np.float32)
    out = np.zeros(8, np.float32)
    with pytest.raises(OutOfBoundsError) as e:
        load_far[(1,)](x, out, distance, BLOCK=8)
    err = e.value
    first_bad = distance if distance < 0 or distance >= 8 else 8
    assert (err.arg, err.element, err.num_elements) == ("x", first_bad, 8)
    assert err.lineno == line_of("# load: load_far")
    assert "tl.load outside its array: argument 'x' has 8 elements" in str(err)
    assert (out == 0).all()  # stopped before the store


def test_gather_reports_its_first_bad_lane():
    x = np.arange(10, dtype=np.float32)
    out = np.zeros(4, np.float32)
    gather_strided[(1,)](x, out, 3, BLOCK=4)  # 0, 3, 6, 9: in bounds
    assert out.tolist() == [0, 3, 6, 9]
    with pytest.raises(OutOfBoundsError) as e:
        gather_strided[(1,)](x, out, 4, BLOCK=4)  # 0, 4, 8, 12
    assert (e.value.element, e.value.arg) == (12, "x")
    assert e.value.lineno == line_of("# load: gather_strided")


# -- scalars ------------------------------------------------------------------

def test_scalar_store_out_of_bounds():
    big, view = guarded(4)
    scalar_store[(1,)](view, 3, 9)
    assert view.tolist() == [-1, -1, -1, 9]
    for index in (4, -1, 1000):
        with pytest.raises(OutOfBoundsError) as e:
            scalar_store[(1,)](view, index, 5)
        assert (e.value.arg, e.value.element) == ("out", index)
        assert e.value.lineno == line_of("# store: scalar_store")
    assert (big[:16] == -1).all() and (big[20:] == -1).all()
    assert view.tolist() == [-1, -1, -1, 9]


def test_scalar_load_out_of_bounds():
    x = np.arange(4, dtype=np.float32)
    out = np.zeros(1, np.float32)
    scalar_load[(1,)](x, out, 2)
    assert out[0] == 2
    with pytest.raises(OutOfBoundsError) as e:
        scalar_load[(1,)](x, out, 4)
    assert (e.value.arg, e.value.element, e.value.num_elements) == ("x", 4, 4)
    assert e.value.lineno == line_of("# load: scalar_load")


def test_masked_off_scalar_store_out_of_bounds_is_fine():
    big, view = guarded(4)
    scalar_store_masked[(1,)](view, 100, 0)
    assert (big == -1).all()
    with pytest.raises(OutOfBoundsError):
        scalar_store_masked[(1,)](view, 100, 1)


# -- no false positives on the seed kernels ------------------------------------

def test_seed_kernels_with_tails_still_run():
    n = 100  # not a multiple of the block: the last program's tail is masked
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    out = np.zeros(n, np.float32)
    K.vector_add_kernel[(triton.cdiv(n, 32),)](x, y, out, n, BLOCK=32)
    np.testing.assert_allclose(out, x + y)

    rows, cols = 5, 37
    a = np.random.default_rng(2).standard_normal((rows, cols)).astype(
        np.float32)
    b = np.ones((rows, cols), np.float32)
    c = np.zeros((rows, cols), np.float32)
    K.matrix_add_kernel[(rows, triton.cdiv(cols, 16))](a, b, c, cols,
                                                      BLOCK=16)
    np.testing.assert_allclose(c, a + b)

    probs = np.zeros((rows, cols), np.float32)
    K.softmax_kernel[(rows,)](a, probs, cols, BLOCK=64)
    e = np.exp(a - a.max(axis=1, keepdims=True))
    np.testing.assert_allclose(probs, e / e.sum(axis=1, keepdims=True),
                               rtol=1e-5)


# -- turning it off -------------------------------------------------------------

def test_environment_variable_turns_the_check_off(monkeypatch):
    # Off, the bad store is undefined behaviour; into a view of a larger
    # array it lands in the neighbours, which shows the check is gone.
    big, view = guarded(4)
    monkeypatch.setenv("MYTRITON_CPU_BOUNDS_CHECK", "0")
    assert not cpu.bounds_check_enabled()
    fill_unmasked[(1,)](view, 0, BLOCK=8)
    assert big[16:24].tolist() == list(range(8))
    # The setting is part of the CPU compile's key: on again, checked again.
    monkeypatch.setenv("MYTRITON_CPU_BOUNDS_CHECK", "1")
    with pytest.raises(OutOfBoundsError):
        fill_unmasked[(1,)](view, 0, BLOCK=8)


# -- the backend's own API -------------------------------------------------------

CPU_IR = """
tt.func @fill(%out: !tt.ptr<i32>, %start: i32) attributes {block_size = 4 : i32} {
  %range = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %start_v = tt.splat %start : i32 -> tensor<4xi32>
  %offs = arith.addi %start_v, %range : tensor<4xi32>
  %p = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ptrs = tt.addptr %p, %offs : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %ptrs, %offs : tensor<4x!tt.ptr<i32>> loc("fill.py":7:3)
  tt.return
}
"""


def test_backend_reports_the_access():
    out = np.zeros(6, np.int32)
    cpu.run_on_cpu(CPU_IR, "fill", (1,), [out, 2])
    assert out.tolist() == [0, 0, 2, 3, 4, 5]
    with pytest.raises(cpu.CPUOutOfBoundsError) as e:
        cpu.run_on_cpu(CPU_IR, "fill", (1,), [out, 3])
    err = e.value
    assert isinstance(err, cpu.CPUBackendError)
    assert (err.kernel, err.op, err.arg_index) == ("fill", "store", 0)
    assert (err.filename, err.line, err.col) == ("fill.py", 7, 3)
    assert (err.program_id, err.element, err.num_elements) == \
        ((0, 0, 0), 6, 6)
    assert str(err) == ("kernel 'fill': fill.py:7:3: store outside its "
                        "buffer: argument 0 has 6 elements, the access "
                        "reaches element 6 (program id (0, 0, 0))")
    checked = cpu.compile_for_cpu(CPU_IR, bounds_check=True)
    unchecked = cpu.compile_for_cpu(CPU_IR, bounds_check=False)
    assert unchecked is not checked
    assert "mytriton" not in checked.lowered_ir  # the table stays in C++
    assert "vector.reduce.umax" in checked.lowered_ir
    assert "vector.reduce.umax" not in unchecked.lowered_ir
    out = np.zeros(6, np.int32)
    cpu.run_on_cpu(CPU_IR, "fill", (1,), [out, 2], bounds_check=False)
    assert out.tolist() == [0, 0, 2, 3, 4, 5]
