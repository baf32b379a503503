"""Every bad input of issue 5 point 3 raises a clear exception that names the
kernel and shows the offending source line; nothing crashes."""

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from mytriton import ArgumentError, CompilationError, GridError
from conftest import requires_compiler


def check(excinfo, kernel, source, *phrases):
    text = str(excinfo.value)
    assert f"kernel '{kernel}'" in text, text
    assert source in text, text  # the offending line, quoted
    assert __file__ in text or "test_errors.py" in text, text
    for phrase in phrases:
        assert phrase in text, text
    return text


def f32(*shape):
    return np.zeros(shape, np.float32)


@triton.jit
def copy(x, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(x + offs, mask=offs < n), mask=offs < n)


class FakeGPUArray:
    """Stands in for a torch CUDA tensor / CuPy array (no GPU here)."""

    def __init__(self, typestr="<f4", shape=(8,), strides=None):
        self.__cuda_array_interface__ = {
            "shape": shape, "typestr": typestr, "data": (0x7F0000000000, False),
            "strides": strides, "version": 3}


# -- tracing ------------------------------------------------------------------

def test_if_on_a_traced_tensor():
    # An if on a traced scalar is scf.if (test_control_flow.py); on a
    # tensor of conditions it has no meaning.
    @triton.jit
    def branchy(x, n, BLOCK: tl.constexpr):
        v = tl.load(x + tl.arange(0, BLOCK))
        if v > 0:
            tl.store(x + tl.arange(0, BLOCK), v)

    with pytest.raises(CompilationError) as e:
        branchy.warmup(f32(8), 8, BLOCK=8)
    text = check(e, "branchy", "if v > 0:", "must be a scalar", "tl.where")
    assert "^" in text


def test_break_in_a_loop_over_runtime_bounds():
    @triton.jit
    def loopy(x, n, BLOCK: tl.constexpr):
        for i in range(n):
            tl.store(x + i, 1.0)
            if i == 3:
                break

    with pytest.raises(CompilationError) as e:
        loopy.warmup(f32(8), 8, BLOCK=8)
    check(e, "loopy", "for i in range(n):", "break/continue in a loop over "
          "runtime bounds is not supported")


def test_static_range_with_runtime_bound():
    @triton.jit
    def unroll(x, n, BLOCK: tl.constexpr):
        for i in tl.static_range(0, n):
            tl.store(x + i, 1.0)

    with pytest.raises(CompilationError) as e:
        unroll.warmup(f32(8), 8, BLOCK=8)
    check(e, "unroll", "tl.static_range(0, n)",
          "static_range stop must be a compile-time int")


def test_static_range_with_float_step():
    @triton.jit
    def unroll_step(x, BLOCK: tl.constexpr):
        for i in tl.static_range(0, BLOCK, 0.5):
            tl.store(x + i, 1.0)

    with pytest.raises(CompilationError) as e:
        unroll_step.warmup(f32(8), BLOCK=8)
    check(e, "unroll_step", "tl.static_range(0, BLOCK, 0.5)", "step")


@requires_compiler
def test_reduction_width_not_power_of_two_reported_by_verifier():
    @triton.jit
    def sum6(x, out, BLOCK: tl.constexpr):
        values = tl.load(x + tl.arange(0, BLOCK))
        total = tl.sum(values)
        tl.store(out, total)

    with pytest.raises(CompilationError) as e:
        sum6.warmup(f32(6), f32(1), BLOCK=6)
    text = check(e, "sum6", "total = tl.sum(values)", "power of two")
    assert "'tt.reduce' op" not in text  # said in the user's terms


def test_two_widths_need_power_of_two_extents():
    # Tensors of two widths make a tiled kernel (issue 14), whose every
    # extent is a power of two: 6 is refused at the tl.arange that chose it.
    @triton.jit
    def two_widths(x, out, BLOCK: tl.constexpr):
        lanes = tl.arange(0, BLOCK)
        wide = tl.arange(0, 2 * BLOCK)
        tl.store(out + lanes, tl.sum(tl.load(x + wide)))

    with pytest.raises(CompilationError) as e:
        two_widths.warmup(f32(16), f32(8), BLOCK=3)
    check(e, "two_widths", "lanes = tl.arange(0, BLOCK)",
          "tl.arange(0, 3): extent 3 is not a power of two",
          "has tensors of 3 and 6 elements")


def test_block_wider_than_1024():
    # One width over 1024 is a tiled kernel (several elements per thread);
    # then the width must be a power of two.
    with pytest.raises(CompilationError) as e:
        copy.warmup(f32(8), f32(8), 8, BLOCK=3000)
    check(e, "copy", "tl.arange(0, BLOCK)", "extent 3000 is not a power of "
          "two", "more than the 1024 of one element per thread")


def test_program_id_axis_out_of_range():
    @triton.jit
    def axis3(x):
        tl.store(x + tl.program_id(3), 1.0)

    with pytest.raises(CompilationError) as e:
        axis3.warmup(f32(8))
    check(e, "axis3", "tl.program_id(3)", "0, 1 or 2")


def test_matmul_operator_on_a_scalar_is_refused():
    @triton.jit
    def matmul(x, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK) @ n
        tl.store(x + offs, 1.0)

    with pytest.raises(CompilationError) as e:
        matmul.warmup(f32(8), 8, BLOCK=8)
    check(e, "matmul", "tl.arange(0, BLOCK) @ n",
          "tl.dot takes a tensor, not an int32 scalar")


def test_python_error_inside_kernel_is_located():
    @triton.jit
    def typo(x, BLOCK: tl.constexpr):
        tl.store(x + tl.arange(0, BLOCK), undefined_name)  # noqa: F821

    with pytest.raises(CompilationError) as e:
        typo.warmup(f32(8), BLOCK=8)
    check(e, "typo", "undefined_name", "NameError")


def test_storing_to_a_non_pointer():
    @triton.jit
    def bad_store(x, n):
        tl.store(n, 1.0)

    with pytest.raises(CompilationError) as e:
        bad_store.warmup(f32(8), 3)
    check(e, "bad_store", "tl.store(n, 1.0)", "needs a pointer")


def test_language_outside_a_kernel():
    with pytest.raises(CompilationError, match="inside a @mytriton.jit"):
        tl.arange(0, 8)


# -- arguments ----------------------------------------------------------------

def test_unsupported_dtype_array():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(np.zeros(8, np.complex128), f32(8), 8, BLOCK=8)
    check(e, "copy", "def copy(x, out, n, BLOCK: tl.constexpr):",
          "argument 'x'", "complex128", "float16, bfloat16, float32")


def test_non_contiguous_array():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(16)[::2], f32(8), 8, BLOCK=8)
    check(e, "copy", "def copy(", "argument 'x'", "not contiguous")


def test_unsupported_dtype_gpu_array():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(FakeGPUArray("<c16"), FakeGPUArray(), 8, BLOCK=8)
    check(e, "copy", "def copy(", "<c16")


def test_non_contiguous_gpu_array():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(FakeGPUArray(shape=(8,), strides=(8,)), FakeGPUArray(), 8,
                    BLOCK=8)
    check(e, "copy", "def copy(", "not contiguous")


@pytest.mark.parametrize("value,phrase", [
    ([1.0, 2.0], "list is not supported"),
    ("text", "str is not supported"),
    (None, "NoneType is not supported"),
    (2**64, "does not fit in 64 bits"),
    (np.float16(1), "a numpy float16 scalar is not supported"),
])
def test_unsupported_argument_type(value, phrase):
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(8), f32(8), value, BLOCK=8)
    check(e, "copy", "def copy(", "argument 'n'", phrase)


def test_missing_argument():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(8), f32(8), BLOCK=8)
    check(e, "copy", "def copy(", "missing", "'n'")


def test_missing_constexpr():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(8), f32(8), 8)
    check(e, "copy", "def copy(", "BLOCK")


def test_extra_positional_argument():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(8), f32(8), 8, 8, 9, grid=(1,))
    check(e, "copy", "def copy(", "too many")


def test_extra_keyword_argument():
    with pytest.raises(ArgumentError) as e:
        copy.warmup(f32(8), f32(8), 8, BLOCK=8, BLOCKK=8)
    check(e, "copy", "def copy(", "BLOCKK")


def test_mixing_host_and_gpu_arrays():
    with pytest.raises(ArgumentError) as e:
        copy[(1,)](f32(8), FakeGPUArray(), 8, BLOCK=8)
    check(e, "copy", "def copy(", "mixes host arrays (x)",
          "GPU arrays (out)")


# -- grids --------------------------------------------------------------------

@pytest.mark.parametrize("grid,phrase", [
    ((), "1 to 3 dimensions"),
    ((1, 2, 3, 4), "1 to 3 dimensions"),
    (("a",), "axis 0 is a str"),
    ((1.5,), "axis 0 is a float"),
    ((-1,), "negative"),
    ((1, 70000), "at most 65535"),
    ("grid", "tuple of 1 to 3 ints"),
    (lambda meta: (), "1 to 3 dimensions"),
    (lambda meta: (meta["NOPE"],), "raised KeyError"),
    (None, "a grid is required"),
])
def test_bad_grid(grid, phrase):
    with pytest.raises(GridError) as e:
        copy[grid](f32(8), f32(8), 8, BLOCK=8)
    check(e, "copy", "def copy(", phrase)


def test_direct_call_is_refused():
    with pytest.raises(triton.LaunchError, match=r"kernel\[grid\]"):
        copy(f32(8), f32(8), 8, BLOCK=8)
