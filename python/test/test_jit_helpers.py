"""@jit helper functions called from kernels and from other helpers
(issue 15, point 5): traced in place, with positional, keyword and default
arguments, constexpr parameters, tensors and scalars in and out, tuple
returns and early returns; errors inside a helper name the helper's line and
the calling line; the cache key follows helpers."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, LaunchError

pytestmark = requires_compiler


@triton.jit
def leaky_relu(x, slope=0.01):
    return tl.where(x >= 0, x, slope * x)


@triton.jit
def scale_and_shift(x, scale, SHIFT: tl.constexpr = 1.0):
    return x * scale + SHIFT, x - SHIFT  # a tuple, as Triton allows


@triton.jit
def clamp_or_pass(x, CLAMP: tl.constexpr):
    if not CLAMP:
        return x  # an early return on a compile-time condition
    return min(max(x, -1.0), 1.0)


@triton.jit
def twice_leaky(x):
    return leaky_relu(leaky_relu(x), slope=0.5)  # a helper calling helpers


@triton.jit
def helpers_kernel(x, out, n, scale, BLOCK: tl.constexpr, CLAMP: tl.constexpr):
    i = tl.arange(0, BLOCK)
    m = i < n
    v = tl.load(x + i, mask=m)
    a, b = scale_and_shift(v, scale)
    c, _ = scale_and_shift(v, scale=2.0, SHIFT=0.0)
    tl.store(out + i, leaky_relu(a), mask=m)
    tl.store(out + n + i, b, mask=m)
    tl.store(out + 2 * n + i, c, mask=m)
    tl.store(out + 3 * n + i, clamp_or_pass(v, CLAMP), mask=m)
    tl.store(out + 4 * n + i, twice_leaky(v), mask=m)


def _leaky(x, slope=0.01):
    return np.where(x >= 0, x, slope * x)


@pytest.mark.parametrize("clamp", [False, True])
def test_helpers_compute_like_numpy(clamp):
    n = 50
    x = (np.random.RandomState(0).randn(n) * 3).astype(np.float32)
    out = np.zeros(5 * n, np.float32)
    helpers_kernel[(1,)](x, out, n, 3.0, BLOCK=64, CLAMP=clamp)
    want = np.concatenate([
        _leaky(x * 3.0 + 1.0), x - 1.0, x * 2.0,
        np.clip(x, -1, 1) if clamp else x, _leaky(_leaky(x), 0.5)])
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)


def test_helper_ops_carry_the_helpers_lines():
    kernel = helpers_kernel.warmup(np.zeros(4, np.float32),
                                   np.zeros(20, np.float32), 4, 1.0,
                                   BLOCK=64, CLAMP=True, grid=(1,))
    import inspect
    _, line = inspect.getsourcelines(leaky_relu.fn)
    assert f"test_jit_helpers.py\":{line + 2}:" in kernel.asm["ttir-traced"]


def _located(e):
    return str(e.value)


def test_error_inside_a_helper_names_both_lines():
    @triton.jit
    def bad_helper(x):
        return x // 2.0  # float floor division is refused

    @triton.jit
    def caller(x, out):
        tl.store(out, bad_helper(tl.load(x)))

    with pytest.raises(CompilationError) as e:
        caller.warmup(np.zeros(1, np.float32), np.zeros(1, np.float32),
                      grid=(1,))
    text = _located(e)
    assert "in kernel 'caller'" in text
    assert "return x // 2.0" in text
    assert "called from" in text and "bad_helper(tl.load(x))" in text


def test_python_error_inside_a_helper_names_both_lines():
    @triton.jit
    def typo_helper(x):
        return x + undefined_name  # noqa: F821

    @triton.jit
    def caller(x, out):
        tl.store(out, typo_helper(tl.load(x)))

    with pytest.raises(CompilationError) as e:
        caller.warmup(np.zeros(1, np.float32), np.zeros(1, np.float32),
                      grid=(1,))
    text = _located(e)
    assert "NameError" in text and "in kernel 'caller'" in text
    assert "x + undefined_name" in text and "typo_helper(tl.load(x))" in text


def test_wrong_arguments_to_a_helper_point_at_the_call():
    @triton.jit
    def caller(x, out):
        tl.store(out, leaky_relu(tl.load(x), 0.1, 7))

    with pytest.raises(CompilationError) as e:
        caller.warmup(np.zeros(1, np.float32), np.zeros(1, np.float32),
                      grid=(1,))
    text = _located(e)
    assert "calling @jit helper 'leaky_relu'" in text
    assert "leaky_relu(tl.load(x), 0.1, 7)" in text


def test_traced_value_for_a_constexpr_parameter_is_refused():
    @triton.jit
    def caller(x, out):
        v = tl.load(x)
        tl.store(out, clamp_or_pass(v, v))

    with pytest.raises(CompilationError) as e:
        caller.warmup(np.zeros(1, np.float32), np.zeros(1, np.float32),
                      grid=(1,))
    assert "parameter 'CLAMP' is a tl.constexpr but got a traced value" in \
        _located(e)


def test_calling_a_helper_outside_a_kernel_is_a_launch_error():
    with pytest.raises(LaunchError):
        leaky_relu(np.zeros(3, np.float32))


HELPER_MODULE = """
import mytriton as triton
import mytriton.language as tl


@triton.jit
def scale(v):
    return v * FACTOR
"""

KERNEL_SCRIPT = """
import numpy as np
import mytriton as triton
import mytriton.language as tl
import helper_module


@triton.jit
def k(x, out, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(out + i, helper_module.scale(tl.load(x + i)))


x = np.ones(8, np.float32)
out = np.zeros(8, np.float32)
k[(1,)](x, out, BLOCK=8)
print(out[0])
"""


def test_editing_a_jit_helper_recompiles_in_a_new_process(tmp_path):
    """The disk cache key covers @jit helpers: a helper edited between two
    processes gives the new result, not the cached one."""
    (tmp_path / "run.py").write_text(KERNEL_SCRIPT)
    env = dict(os.environ, MYTRITON_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(
                   [str(tmp_path), os.path.dirname(triton.__path__[0])]))
    results = []
    for factor in ("2.0", "3.0"):
        (tmp_path / "helper_module.py").write_text(
            HELPER_MODULE.replace("FACTOR", factor))
        done = subprocess.run([sys.executable, str(tmp_path / "run.py")],
                              env=env, capture_output=True, text=True,
                              cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        results.append(float(done.stdout.split()[-1]))
    assert results == [2.0, 3.0]
