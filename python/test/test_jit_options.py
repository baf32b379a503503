"""@jit's Triton options: do_not_specialize (and _on_alignment) keep the
named arguments out of the divisibility-16 specialization; debug is accepted
and changes nothing in a kernel without tl.device_assert (test_builtins_debug.py
covers what it turns on)."""

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, cache

ATTR = "{tt.divisibility = 16 : i32}"


def scale(x, out, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) * alpha, mask=mask)


def params(kernel):
    """The traced tt.func's parameter text by name."""
    header = kernel.asm["ttir-traced"].splitlines()[0]
    inner = header[header.index("(") + 1:header.index(") attributes")]
    return {p.split(":")[0].strip().lstrip("%"): p
            for p in inner.split(", %")}


def aligned_launch(jit_fn):
    n = 1024  # Divisible by 16, as are numpy's fresh buffers.
    x, out = np.ones(n, np.float32), np.zeros(n, np.float32)
    assert x.ctypes.data % 16 == 0 and out.ctypes.data % 16 == 0
    return jit_fn.warmup(x, out, 2.0, n, BLOCK=256, grid=(4,))


@requires_compiler
@pytest.mark.parametrize("dns", [["x", "n"], [0, 3], ("x", 3)])
def test_do_not_specialize_drops_the_attribute(dns):
    kernel = aligned_launch(triton.jit(do_not_specialize=dns)(scale))
    p = params(kernel)
    assert ATTR not in p["x"] and ATTR not in p["n"]
    assert ATTR in p["out"]  # Not named: still specialized.
    plain = params(aligned_launch(triton.jit(scale)))
    assert ATTR in plain["x"] and ATTR in plain["n"]


@requires_compiler
def test_do_not_specialize_on_alignment_too():
    kernel = aligned_launch(
        triton.jit(do_not_specialize_on_alignment=["out"])(scale))
    p = params(kernel)
    assert ATTR not in p["out"] and ATTR in p["x"]


@requires_compiler
def test_one_compile_serves_every_alignment():
    """The point of do_not_specialize: n=1024 and n=1000 share a kernel."""
    plain = triton.jit(scale)
    dns = triton.jit(do_not_specialize=["n", "x", "out"])(scale)
    x = np.ones(1024, np.float32)
    for kernel, compiles in ((plain, 2), (dns, 1)):
        cache.reset_stats()
        for n in (1024, 1000):
            kernel.warmup(x, x, 2.0, n, BLOCK=256, grid=(4,))
        assert cache.stats["compiles"] == compiles


def test_bad_do_not_specialize_is_located():
    with pytest.raises(CompilationError, match="'m' is not a parameter") as e:
        triton.jit(do_not_specialize=["m"])(scale)
    assert e.value.lineno == scale.__code__.co_firstlineno
    with pytest.raises(CompilationError, match="5 is not a parameter"):
        triton.jit(do_not_specialize=[5])(scale)
    with pytest.raises(CompilationError, match="'BLOCK' is a tl.constexpr"):
        triton.jit(do_not_specialize=["BLOCK"])(scale)
    # One name alone is one name, not its letters.
    assert triton.jit(do_not_specialize="alpha")(scale).do_not_specialize \
        == ["alpha"]


@requires_compiler
def test_debug_changes_nothing_without_device_assert():
    on = triton.jit(debug=True)(scale)
    assert on.debug is True and triton.jit(scale).debug is None
    assert aligned_launch(on).asm["ttir-traced"] == \
        aligned_launch(triton.jit(debug=False)(scale)).asm["ttir-traced"]
    with pytest.raises(TypeError, match="debug"):
        triton.jit(debug="yes")(scale)


def test_arg_names_as_triton():
    assert triton.jit(scale).arg_names == ["x", "out", "alpha", "n", "BLOCK"]
