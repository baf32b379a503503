"""tl.num_programs, the debugging builtins (issue 15, point 6) and Triton's
own test_core expectations for the integer and math operators (points 3
and 4), on the CPU path; GPU-route IR is checked by compiling without a
device (warmup) and in lit (test/Conversion/TTToGPU, test/Target/CUDA).
"""

import re

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError
from test_execution import HAS_CPU

needs_cpu = pytest.mark.skipif(not HAS_CPU, reason="no CPU runner built")


# --------------------------------------------------------------------------
# tl.num_programs
# --------------------------------------------------------------------------

@triton.jit
def grid_kernel(out):
    # One row per program: its ids, then the grid sizes it sees.
    x, y, z = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    nx, ny, nz = tl.num_programs(0), tl.num_programs(1), tl.num_programs(2)
    row = (z * ny + y) * nx + x
    tl.store(out + row * 6 + 0, x)
    tl.store(out + row * 6 + 1, y)
    tl.store(out + row * 6 + 2, z)
    tl.store(out + row * 6 + 3, nx)
    tl.store(out + row * 6 + 4, ny)
    tl.store(out + row * 6 + 5, nz)


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("grid", [(5,), (3, 4), (2, 3, 2)])
def test_num_programs_is_the_launch_grid(grid):
    full = tuple(grid) + (1,) * (3 - len(grid))
    count = int(np.prod(full))
    out = np.full((count, 6), -1, dtype=np.int32)
    grid_kernel[grid](out)
    ids = np.array([(x, y, z) for z in range(full[2]) for y in range(full[1])
                    for x in range(full[0])], dtype=np.int32)
    np.testing.assert_array_equal(out[:, :3], ids)
    np.testing.assert_array_equal(out[:, 3:], np.tile(full, (count, 1)))


@triton.jit
def persistent_rows_kernel(x, out, n_rows, BLOCK: tl.constexpr):
    # Tutorial 02's pattern without a runtime loop: each program handles
    # rows pid, pid + num_programs, ... up to a compile-time count.
    pid = tl.program_id(0)
    step = tl.num_programs(0)
    cols = tl.arange(0, BLOCK)
    for k in tl.static_range(4):
        row = pid + k * step
        mask = (cols < BLOCK) & (row < n_rows)
        v = tl.load(x + row * BLOCK + cols, mask=mask, other=0.0)
        tl.store(out + row * BLOCK + cols, v * 2.0, mask=mask)


@needs_cpu
@requires_compiler
def test_num_programs_strides_a_persistent_kernel():
    rows, block = 11, 16
    x = np.random.default_rng(0).standard_normal((rows, block)).astype(
        np.float32)
    out = np.zeros_like(x)
    persistent_rows_kernel[(3,)](x, out, rows, BLOCK=block)
    np.testing.assert_array_equal(out, 2 * x)


@requires_compiler
def test_num_programs_axis_is_checked_at_the_call():
    @triton.jit
    def bad_axis(out):
        tl.store(out, tl.num_programs(3))

    with pytest.raises(CompilationError, match=r"axis 0, 1 or 2, got 3") as e:
        bad_axis.warmup(np.zeros(1, np.int32), grid=(1,))
    assert e.value.lineno == bad_axis.fn.__code__.co_firstlineno + 2


@requires_compiler
@pytest.mark.parametrize("backend", ["cuda", "nvvm"])
def test_num_programs_with_packed_programs_is_the_grid_size(backend):
    """With several programs per CTA, num_programs(0) is g0 (the kernel's
    grid-size parameter), not gridDim.x."""
    @triton.jit
    def packed(out, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        tl.store(out + tl.program_id(0) * BLOCK + i, i * 0 + tl.num_programs(0))

    kernel = packed.warmup(np.zeros(64, np.int32), BLOCK=32, grid=(2,),
                           backend=backend, programs_per_cta=4)
    cuda = kernel.asm["cuda"]
    params = re.search(r"const int (num_programs_0\w*), const int "
                       r"(num_programs_1\w*)\)", cuda)
    assert params, cuda
    if backend == "cuda":
        body = cuda.split('extern "C"', 1)[1]
        assert "gridDim.x" not in body
        assert re.search(r"= %s;" % params.group(1), body), body
    else:
        assert "nvvm.read.ptx.sreg.nctaid.x" not in kernel.asm["ptx"]


# --------------------------------------------------------------------------
# tl.device_print
# --------------------------------------------------------------------------

@triton.jit
def print_kernel(x, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v = tl.load(x + i)
    tl.device_print("v", v)
    tl.device_print("i and pid", i, tl.program_id(0))
    tl.device_print("bits", v, hex=True)
    tl.device_print("just text")


@needs_cpu
@requires_compiler
def test_device_print_prints_every_element_from_every_program(capfd):
    x = np.array([1.5, -2.0, 0.25, 3.0], dtype=np.float32)
    print_kernel[(2,)](x, BLOCK=4)
    lines = capfd.readouterr().out.splitlines()
    for pid in range(2):
        for i, value in enumerate(x):
            assert f"pid ({pid}, 0, 0) idx ({i}) v: {value:f}" in lines
            assert (f"pid ({pid}, 0, 0) idx ({i}) i and pid: (operand 0) {i}"
                    in lines)
            bits = int(x[i:i + 1].view(np.uint32)[0])
            assert f"pid ({pid}, 0, 0) idx ({i}) bits: 0x{bits:08x}" in lines
        assert f"pid ({pid}, 0, 0) i and pid: (operand 1) {pid}" in lines
        assert f"pid ({pid}, 0, 0) just text" in lines
    assert len(lines) == 2 * (4 + 4 + 1 + 4 + 1)


@needs_cpu
@requires_compiler
def test_device_print_of_a_2d_tensor_names_both_indices(capfd):
    @triton.jit
    def print_2d(x, M: tl.constexpr, N: tl.constexpr):
        offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
        tl.device_print("t ", tl.load(x + offs))

    y = np.arange(8, dtype=np.int32).reshape(2, 4) * 10
    print_2d[(1,)](y, M=2, N=4)
    lines = capfd.readouterr().out.splitlines()
    for r in range(2):
        for c in range(4):
            assert f"pid (0, 0, 0) idx ({r}, {c}) t: {y[r, c]}" in lines
    assert len(lines) == 8


@requires_compiler
def test_device_print_refuses_pointers_at_its_line():
    @triton.jit
    def print_pointer(x):
        tl.device_print("x", x)

    with pytest.raises(CompilationError, match="cannot print pointers") as e:
        print_pointer.warmup(np.zeros(1, np.float32), grid=(1,))
    assert e.value.lineno == print_pointer.fn.__code__.co_firstlineno + 2


@requires_compiler
def test_device_print_needs_a_string_prefix():
    @triton.jit
    def print_number(x):
        tl.device_print(3, tl.load(x))

    with pytest.raises(CompilationError, match="prefix must be a string"):
        print_number.warmup(np.zeros(1, np.float32), grid=(1,))


@requires_compiler
@pytest.mark.parametrize("backend", ["cuda", "nvvm"])
def test_device_print_is_printf_on_the_gpu_routes(backend):
    x = np.zeros(4, np.float32)
    kernel = print_kernel.warmup(x, BLOCK=4, grid=(1,), backend=backend)
    if backend == "cuda":
        assert 'printf("pid (%d, %d, %d) idx (%d) v: %f\\n"' in \
            kernel.asm["cuda"]
    else:
        assert "vprintf" in kernel.asm["ptx"]


# --------------------------------------------------------------------------
# tl.device_assert, tl.debug_barrier, hints
# --------------------------------------------------------------------------

@triton.jit
def assert_kernel(x, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v = tl.load(x + i, mask=i < n, other=1)
    tl.device_assert(v > 0, "values must be positive", mask=i < n)
    tl.store(x + i, v * 2, mask=i < n)


@requires_compiler
def test_device_assert_is_dropped_without_debug(monkeypatch):
    monkeypatch.delenv("TRITON_DEBUG", raising=False)
    monkeypatch.delenv("MYTRITON_DEBUG", raising=False)
    x = np.array([1, -1, 3, 4], dtype=np.int32)
    kernel = assert_kernel.warmup(x, 4, BLOCK=4, grid=(1,))
    assert "tt.assert" not in kernel.asm["ttir-traced"]


@requires_compiler
@pytest.mark.parametrize("how", ["jit", "env"])
def test_device_assert_is_emitted_under_debug(how, monkeypatch):
    monkeypatch.delenv("MYTRITON_DEBUG", raising=False)
    if how == "jit":
        monkeypatch.delenv("TRITON_DEBUG", raising=False)
        kernel_fn = triton.jit(assert_kernel.fn, debug=True)
    else:
        monkeypatch.setenv("TRITON_DEBUG", "1")
        kernel_fn = triton.jit(assert_kernel.fn)
    x = np.array([1, 2, 3, 4], dtype=np.int32)
    kernel = kernel_fn.warmup(x, 4, BLOCK=4, grid=(1,))
    assert '"values must be positive"' in kernel.asm["ttir-traced"]


@requires_compiler
def test_debug_keys_the_cache(monkeypatch):
    """A debug compile and a plain one are different kernels."""
    monkeypatch.delenv("MYTRITON_DEBUG", raising=False)
    x = np.array([1, 2, 3, 4], dtype=np.int32)
    kernel_fn = triton.jit(assert_kernel.fn)
    monkeypatch.delenv("TRITON_DEBUG", raising=False)
    plain = kernel_fn.warmup(x, 4, BLOCK=4, grid=(1,))
    monkeypatch.setenv("TRITON_DEBUG", "1")
    debug = kernel_fn.warmup(x, 4, BLOCK=4, grid=(1,))
    assert "tt.assert" not in plain.asm["ttir-traced"]
    assert "tt.assert" in debug.asm["ttir-traced"]


@needs_cpu
@requires_compiler
def test_failed_device_assert_raises_at_its_line_on_the_cpu():
    kernel_fn = triton.jit(assert_kernel.fn, debug=True)
    x = np.array([1, 2, -3, 4, -5, 6, 7, 8], dtype=np.int32)
    with pytest.raises(triton.DeviceAssertionError,
                       match="values must be positive") as e:
        kernel_fn[(1,)](x, 8, BLOCK=8)
    assert e.value.lineno == assert_kernel.fn.__code__.co_firstlineno + 4
    assert e.value.element == 2  # the first false element
    assert e.value.program_id == (0, 0, 0)
    # The launch stopped at the assert: the store after it never ran.
    np.testing.assert_array_equal(x, [1, 2, -3, 4, -5, 6, 7, 8])


@needs_cpu
@requires_compiler
def test_prints_and_stores_before_a_failed_assert_happen(capfd):
    @triton.jit(debug=True)
    def print_then_assert(x, out, BLOCK: tl.constexpr):
        i = tl.arange(0, BLOCK)
        v = tl.load(x + i)
        tl.store(out + i, v + 1)
        tl.device_print("before", v)
        tl.device_assert(i < 2, "lane 2 and up")

    x = np.arange(4, dtype=np.int32) * 10
    out = np.zeros_like(x)
    with pytest.raises(triton.DeviceAssertionError, match="lane 2 and up"):
        print_then_assert[(1,)](x, out, BLOCK=4)
    lines = capfd.readouterr().out.splitlines()
    assert "pid (0, 0, 0) idx (3) before: 30" in lines
    np.testing.assert_array_equal(out, x + 1)


@needs_cpu
@requires_compiler
def test_passing_and_masked_device_asserts_let_the_kernel_run():
    kernel_fn = triton.jit(assert_kernel.fn, debug=True)
    x = np.array([1, 2, 3, 4, -5, -6, -7, -8], dtype=np.int32)
    # Elements past n are masked off: their negatives are not checked.
    kernel_fn[(1,)](x, 4, BLOCK=8)
    np.testing.assert_array_equal(x, [2, 4, 6, 8, -5, -6, -7, -8])


@needs_cpu
@requires_compiler
def test_device_assert_names_the_failing_program():
    @triton.jit(debug=True)
    def row_assert(x, BLOCK: tl.constexpr):
        v = tl.load(x + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK))
        tl.device_assert(v == v * 0 + tl.program_id(0), "row mismatch")

    x = np.repeat(np.arange(4, dtype=np.int32), 4)
    row_assert[(4,)](x, BLOCK=4)
    x[13] = 7
    with pytest.raises(triton.DeviceAssertionError, match="row mismatch") as e:
        row_assert[(4,)](x, BLOCK=4)
    assert e.value.program_id == (3, 0, 0)
    assert e.value.element == 1


# Python's assert statement in a kernel: Triton's tl.device_assert on a
# traced value, Python's own on a Python value.
@triton.jit
def assert_statement_kernel(x, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v = tl.load(x + i)
    assert v < n, "values must stay below n"
    count = tl.sum(v, axis=0) * 0 + BLOCK
    assert count  # an int: tested against 0, as Python tests truth
    tl.store(x + i, v * 2)


@needs_cpu
@requires_compiler
def test_assert_statement_is_a_device_assert_under_debug(monkeypatch):
    monkeypatch.delenv("MYTRITON_DEBUG", raising=False)
    monkeypatch.delenv("TRITON_DEBUG", raising=False)
    kernel_fn = triton.jit(assert_statement_kernel.fn, debug=True)
    x = np.arange(8, dtype=np.int32)
    kernel_fn[(1,)](x, 100, BLOCK=8)
    np.testing.assert_array_equal(x, np.arange(8) * 2)
    x = np.arange(8, dtype=np.int32)
    with pytest.raises(triton.DeviceAssertionError,
                       match="values must stay below n") as e:
        kernel_fn[(1,)](x, 5, BLOCK=8)
    assert e.value.lineno == \
        assert_statement_kernel.fn.__code__.co_firstlineno + 4
    assert e.value.element == 5  # the first false element
    np.testing.assert_array_equal(x, np.arange(8))  # the store never ran
    compiled = kernel_fn.warmup(x, 5, BLOCK=8, grid=(1,))
    assert compiled.asm["ttir-traced"].count("tt.assert") == 2


@needs_cpu
@requires_compiler
def test_assert_statement_is_dropped_without_debug(monkeypatch):
    # As tl.device_assert: nothing is emitted, the kernel runs on.
    monkeypatch.delenv("MYTRITON_DEBUG", raising=False)
    monkeypatch.delenv("TRITON_DEBUG", raising=False)
    x = np.arange(8, dtype=np.int32)
    assert_statement_kernel[(1,)](x, 5, BLOCK=8)
    np.testing.assert_array_equal(x, np.arange(8) * 2)
    compiled = assert_statement_kernel.warmup(x, 5, BLOCK=8, grid=(1,))
    assert "tt.assert" not in compiled.asm["ttir-traced"]


@triton.jit
def python_assert_kernel(x, BLOCK: tl.constexpr):
    assert BLOCK % 16 == 0, f"BLOCK={BLOCK} is not a multiple of 16"
    tl.store(x + tl.arange(0, BLOCK), tl.arange(0, BLOCK))


@requires_compiler
def test_assert_statement_on_a_python_value_fails_while_tracing():
    x = np.zeros(16, dtype=np.int32)
    if HAS_CPU:  # true: the kernel runs
        python_assert_kernel[(1,)](x, BLOCK=16)
        np.testing.assert_array_equal(x, np.arange(16))
    with pytest.raises(CompilationError) as e:
        python_assert_kernel.warmup(x, BLOCK=8, grid=(1,))
    text = str(e.value)
    assert "AssertionError" in text and "BLOCK=8 is not a multiple" in text
    assert 'assert BLOCK % 16 == 0' in text  # the line, quoted


@requires_compiler
@pytest.mark.parametrize("backend", ["cuda", "nvvm"])
def test_device_assert_calls_assertfail_on_the_gpu_routes(backend):
    kernel_fn = triton.jit(assert_kernel.fn, debug=True)
    x = np.array([1, 2, 3, 4], dtype=np.int32)
    kernel = kernel_fn.warmup(x, 4, BLOCK=4, grid=(1,), backend=backend)
    text = kernel.asm["cuda" if backend == "cuda" else "ptx"]
    assert "__assertfail" in text
    if backend == "cuda":
        assert '"values must be positive"' in text


@needs_cpu
@requires_compiler
def test_debug_barrier_and_hints_leave_results_unchanged():
    @triton.jit
    def hinted(x, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
        tl.assume(n > 0)
        tl.assume(offs >= 0)
        mask = offs < n
        v = tl.load(x + offs, mask=mask)
        tl.debug_barrier()
        tl.store(out + offs, v + 1.0, mask=mask)

    x = np.arange(100, dtype=np.float32)
    out = np.zeros_like(x)
    hinted[(4,)](x, out, 100, BLOCK=32)
    np.testing.assert_array_equal(out, x + 1)


@requires_compiler
@pytest.mark.parametrize("body, message", [
    ("tl.multiple_of(offs, (4, 4))", r"2 value\(s\) for a value of rank 1"),
    ("tl.multiple_of(offs, 0)", "must be positive compile-time ints"),
    ("tl.max_contiguous(1.0 * offs, 4)", "takes an integer value"),
    ("tl.assume(offs)", "takes a boolean condition"),
    ("tl.assume(False)", "the assumption is false"),
])
def test_bad_hints_are_refused(body, message, tmp_path):
    source = tmp_path / "hint_kernel.py"
    source.write_text(
        "import mytriton as triton\n"
        "import mytriton.language as tl\n"
        "@triton.jit\n"
        "def hint_kernel(out):\n"
        "    offs = tl.arange(0, 16)\n"
        f"    {body}\n"
        "    tl.store(out + offs, offs)\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location("hint_kernel", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(CompilationError, match=message) as e:
        module.hint_kernel.warmup(np.zeros(16, np.int32), grid=(1,))
    assert e.value.lineno == 6


# --------------------------------------------------------------------------
# Triton's test_core expectations (int32/float32, what MyTriton has)
# --------------------------------------------------------------------------

SIZE = 128


def _binary_kernel(expr):
    """test_core's _test_binary kernels for `expr` in x and y: tensor-tensor,
    a constexpr scalar rhs, and broadcast scalars on either side."""
    source = (
        "import mytriton as triton\n"
        "import mytriton.language as tl\n"
        "@triton.jit\n"
        "def kernel(Z, X, Y, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    x = tl.load(X + off)\n"
        "    y = tl.load(Y + off)\n"
        f"    z = {expr}\n"
        "    tl.store(Z + off, z)\n"
        "@triton.jit\n"
        "def kernel_scalar_rhs(Z, X, y: tl.constexpr, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    x = tl.load(X + off)\n"
        f"    z = {expr}\n"
        "    tl.store(Z + off, z)\n"
        "@triton.jit\n"
        "def kernel_broadcast_lhs(Z, X, Y, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    x = tl.load(X)\n"
        "    y = tl.load(Y + off)\n"
        f"    z = {expr}\n"
        "    tl.store(Z + off, z)\n")
    namespace = {}
    exec(compile(source, f"<test_core {expr}>", "exec"), namespace)
    return namespace


def _random(dtype, rs, low=None, high=None):
    if dtype == "int32":
        low = -2**31 if low is None else low
        high = 2**31 if high is None else high
        return rs.randint(low, high, SIZE, dtype=np.int64).astype(np.int32)
    return rs.randn(SIZE).astype(np.float32)


def _check_binary(dtype_x, dtype_y, expr, ref, filter_y=None,
                  y_low=None, y_high=None, scalar=True):
    """`ref(x, y)`: numpy's result, of the dtype the kernel stores."""
    rs = np.random.RandomState(17)
    x = _random(dtype_x, rs)
    y = _random(dtype_y, rs, y_low, y_high)
    if filter_y is not None:
        y[filter_y(y)] = 1
    kernels = _binary_kernel(expr)
    with np.errstate(all="ignore"):
        want = ref(x, y)
    got = np.empty(SIZE, dtype=want.dtype)
    kernels["kernel"][(1,)](got, x, y, SIZE=SIZE)
    np.testing.assert_allclose(got, want, atol=7e-3, rtol=0.01,
                               err_msg=expr)
    if scalar:
        y0 = 4 if dtype_y == "int32" else float(y[0])
        with np.errstate(all="ignore"):
            want = ref(x, np.full(SIZE, y0, dtype=y.dtype))
        got = np.empty(SIZE, dtype=want.dtype)
        kernels["kernel_scalar_rhs"][(1,)](got, x, y0, SIZE=SIZE)
        np.testing.assert_allclose(got, want, atol=7e-3, rtol=0.01,
                                   err_msg=f"{expr}, scalar rhs")
    with np.errstate(all="ignore"):
        want = ref(np.full(SIZE, x[0], dtype=x.dtype), y)
    got = np.empty(SIZE, dtype=want.dtype)
    kernels["kernel_broadcast_lhs"][(1,)](got, x, y, SIZE=SIZE)
    np.testing.assert_allclose(got, want, atol=7e-3, rtol=0.01,
                               err_msg=f"{expr}, broadcast lhs")


DTYPES = ["int32", "float32"]


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("op", ["+", "-", "*", "/", "%"])
@pytest.mark.parametrize("dtype_x", DTYPES)
@pytest.mark.parametrize("dtype_y", DTYPES)
def test_core_bin_op(op, dtype_x, dtype_y):
    # test_bin_op: % is np.fmod (C's truncated remainder, the sign of x);
    # an int32 meeting a float32, and int32 / int32, compute in float32.
    ints = dtype_x == dtype_y == "int32"
    fn = {"+": np.add, "-": np.subtract, "*": np.multiply,
          "/": np.true_divide, "%": np.fmod}[op]
    if ints and op != "/":
        ref = fn
    else:
        def ref(x, y):
            return fn(x.astype(np.float32), y.astype(np.float32))
    not_zero = op in ("/", "%") and ints
    not_minus_one = op in ("*", "/") and ints
    filter_y = None
    if not_zero or not_minus_one:
        def filter_y(y):
            return (not_zero * (y == 0)) | (not_minus_one * (y == -1))
    _check_binary(dtype_x, dtype_y, f"x {op} y", ref, filter_y,
                  y_low=-100 if op == "%" and ints else None,
                  y_high=100 if op == "%" and ints else None,
                  scalar=op != "%")


@needs_cpu
@requires_compiler
def test_core_floordiv():
    # test_floordiv: C-style truncation, ((x - fmod(x, y)) / y).
    _check_binary("int32", "int32", "x // y",
                  lambda x, y: ((x - np.fmod(x, y)) // y).astype(np.int32),
                  filter_y=lambda y: (y == -1) | (y == 0))


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("op", ["&", "|", "^"])
def test_core_bitwise_op(op):
    fn = {"&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor}[op]
    _check_binary("int32", "int32", f"x {op} y", fn)


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("op", ["<<", ">>"])
def test_core_shift_op(op):
    # test_shift_op: int32 >> is arithmetic; shift counts in [0, 32).
    fn = np.left_shift if op == "<<" else np.right_shift
    _check_binary("int32", "int32", f"x {op} y", fn, y_low=0,
                  y_high=32, scalar=False)


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("op", ["==", "!=", ">", "<", ">=", "<="])
@pytest.mark.parametrize("mode", ["real", "nan_x", "nan_y"])
def test_core_compare_op(op, mode):
    rs = np.random.RandomState(17)
    x, y = _random("float32", rs), _random("float32", rs)
    if mode == "nan_x":
        x[:] = np.nan
    if mode == "nan_y":
        y[:] = np.nan
    kernels = _binary_kernel(f"tl.where(x {op} y, 1, 0)")
    got = np.empty(SIZE, dtype=np.int32)
    kernels["kernel"][(1,)](got, x, y, SIZE=SIZE)
    with np.errstate(all="ignore"):
        want = eval(f"x {op} y").astype(np.int32)
    np.testing.assert_array_equal(got, want)


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("expr", ["-x", "~x"])
def test_core_unary_op(expr):
    rs = np.random.RandomState(17)
    x = _random("int32", rs)

    source = (
        "import mytriton as triton\n"
        "import mytriton.language as tl\n"
        "@triton.jit\n"
        "def kernel(Z, X, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    x = tl.load(X + off)\n"
        f"    tl.store(Z + off, {expr})\n")
    namespace = {}
    exec(compile(source, f"<test_core {expr}>", "exec"), namespace)
    got = np.empty(SIZE, dtype=np.int32)
    namespace["kernel"][(1,)](got, x, SIZE=SIZE)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(got, eval(expr))


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("name", ["exp", "log", "cos", "sin", "exp2", "log2",
                                  "sqrt", "rsqrt", "floor", "ceil"])
@pytest.mark.parametrize("arg", ["x", "3.0"])
def test_core_math_op(name, arg):
    # test_math_op: rtol 0.01 against numpy, on a tensor and on a Python
    # float (a scalar the store broadcasts).
    rs = np.random.RandomState(17)
    x = rs.randn(SIZE).astype(np.float32)
    if "log" in name or "sqrt" in name:
        x = np.abs(x) + 0.01
    source = (
        "import mytriton as triton\n"
        "import mytriton.language as tl\n"
        "@triton.jit\n"
        "def kernel(Z, X, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    x = tl.load(X + off)\n"
        f"    tl.store(Z + off, tl.{name}({arg}))\n")
    namespace = {}
    exec(compile(source, f"<test_core {name}>", "exec"), namespace)
    got = np.empty(SIZE, dtype=np.float32)
    namespace["kernel"][(1,)](got, x, SIZE=SIZE)
    ref = (lambda v: 1 / np.sqrt(v)) if name == "rsqrt" else getattr(np, name)
    want = np.broadcast_to(ref(eval(arg)), (SIZE,)).astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=0.01)


@needs_cpu
@requires_compiler
def test_core_math_erf_op():
    @triton.jit
    def erf_kernel(Z, X, SIZE: tl.constexpr):
        off = tl.arange(0, SIZE)
        tl.store(Z + off, tl.math.erf(tl.load(X + off)))

    import math
    x = np.random.RandomState(17).randn(SIZE).astype(np.float32)
    got = np.empty_like(x)
    erf_kernel[(1,)](got, x, SIZE=SIZE)
    want = np.array([math.erf(v) for v in x.astype(np.float64)], np.float32)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("op", ["maximum", "minimum"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_core_maximum_minimum(op, dtype):
    _check_binary(dtype, dtype, f"tl.{op}(x, y)", getattr(np, op))


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("propagate_nan", ["NONE", "ALL"])
@pytest.mark.parametrize("func", ["minimum", "maximum", "clamp"])
def test_core_propagate_nan(propagate_nan, func):
    # test_propagate_nan: NaN out when both operands are NaN or with ALL.
    @triton.jit
    def nan_kernel(A, B, C, PROPAGATE: tl.constexpr, FUNC: tl.constexpr):
        policy = tl.PropagateNan.ALL if PROPAGATE == "ALL" else \
            tl.PropagateNan.NONE
        if FUNC == "clamp":
            tl.store(C, tl.clamp(tl.load(A), -tl.load(B), tl.load(B),
                                 propagate_nan=policy))
        if FUNC == "minimum":
            tl.store(C, tl.minimum(tl.load(A), tl.load(B),
                                   propagate_nan=policy))
        if FUNC == "maximum":
            tl.store(C, tl.maximum(tl.load(A), tl.load(B),
                                   propagate_nan=policy))

    for mode in ["A", "B", "both"]:
        if func == "clamp" and mode == "B":
            continue
        a = np.array([0.5], np.float32)
        b = np.array([1.5], np.float32)
        if mode in ("A", "both"):
            a[0] = np.nan
        if mode in ("B", "both"):
            b[0] = np.nan
        c = np.zeros(1, np.float32)
        nan_kernel[(1,)](a, b, c, PROPAGATE=propagate_nan, FUNC=func)
        if mode == "both" or propagate_nan == "ALL":
            assert np.isnan(c[0]), (mode, c)
        else:
            assert not np.isnan(c[0]), (mode, c)


@needs_cpu
@requires_compiler
def test_core_clamp():
    @triton.jit
    def clamp_kernel(x_ptr, min_ptr, max_ptr, out_ptr, ref_ptr, N,
                     BLOCK_SIZE: tl.constexpr):
        off = tl.arange(0, BLOCK_SIZE)
        mask = off < N
        x = tl.load(x_ptr + off, mask=mask)
        _min = tl.load(min_ptr + off, mask=mask)
        _max = tl.load(max_ptr + off, mask=mask)
        tl.store(out_ptr + off, tl.clamp(x, _min, _max), mask=mask)
        tl.store(ref_ptr + off, tl.minimum(tl.maximum(x, _min), _max),
                 mask=mask)

    rs = np.random.RandomState(0)
    x, a, b = (rs.randn(128).astype(np.float32) for _ in range(3))
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    out, ref = np.zeros_like(x), np.zeros_like(x)
    clamp_kernel[(1,)](x, lo, hi, out, ref, 128, BLOCK_SIZE=128)
    np.testing.assert_array_equal(out, ref)
    np.testing.assert_array_equal(out, np.clip(x, lo, hi))


@needs_cpu
@requires_compiler
@pytest.mark.parametrize("exponent", [0, 1, 2, 3, 5])
def test_core_pow_with_constexpr_exponent(exponent):
    source = (
        "import mytriton as triton\n"
        "import mytriton.language as tl\n"
        "@triton.jit\n"
        "def kernel(Z, X, E: tl.constexpr, SIZE: tl.constexpr):\n"
        "    off = tl.arange(0, SIZE)\n"
        "    tl.store(Z + off, tl.load(X + off) ** E)\n")
    namespace = {}
    exec(compile(source, "<pow>", "exec"), namespace)
    x = np.arange(-64, 64, dtype=np.int32) % 9 - 4
    got = np.empty_like(x)
    namespace["kernel"][(1,)](got, x, E=exponent, SIZE=SIZE)
    np.testing.assert_array_equal(got, x ** exponent)

