"""`from mytriton.language.extra import libdevice` (Triton's
`triton.language.extra.libdevice`, also `tl.extra.cuda.libdevice`): the
libdevice functions beyond tl's own (asin, acos, atan, sinh, cosh, tanh,
tan, log10) against numpy in float32 and float64, and in float16 through
float32; Triton's tutorial 07 kernel unchanged but for the import lines; on
the CPU and, where a GPU is present, through both GPU routes (the lowering
per route: the Target/CUDA and Conversion lit tests).

A GPU host without the compiler library runs the GPU cases from a cache
filled elsewhere:

    python3 python/test/test_libdevice.py --warm /path/to/cache
"""


import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError
from mytriton.language.extra import libdevice
from located import assert_at
from test_execution import (HAS_CPU, check_case_on_cpu, check_case_on_gpu,
                            requires_gpu)
from warm_tests import warm_cases_main
import tutorial_kernels as T

FUNCTIONS = {
    # name: (numpy reference, inputs in its domain)
    "asin": (np.arcsin, (-1.0, 1.0)),
    "acos": (np.arccos, (-1.0, 1.0)),
    "atan": (np.arctan, (-20.0, 20.0)),
    "sinh": (np.sinh, (-10.0, 10.0)),
    "cosh": (np.cosh, (-10.0, 10.0)),
    "tanh": (np.tanh, (-10.0, 10.0)),
    "tan": (np.tan, (-1.5, 1.5)),
    "log10": (np.log10, (1e-3, 1e3)),
}


@triton.jit
def unary_kernel(X, Y, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(X + offs, mask=mask)
    if FN == "asin":
        y = libdevice.asin(x)
    elif FN == "acos":
        y = libdevice.acos(x)
    elif FN == "atan":
        y = libdevice.atan(x)
    elif FN == "sinh":
        y = libdevice.sinh(x)
    elif FN == "cosh":
        y = libdevice.cosh(x)
    elif FN == "tanh":
        y = libdevice.tanh(x)
    elif FN == "tan":
        y = libdevice.tan(x)
    else:
        y = libdevice.log10(x)
    tl.store(Y + offs, y, mask=mask)


# Relative tolerances: libm and libdevice are within a few ulp (float16
# rounds a float32 result once).
RTOL = {"float32": 2e-6, "float64": 1e-14, "float16": 1e-3}


def case_unary(name, dtype, n=1000):
    reference, (low, high) = FUNCTIONS[name]

    def make():
        x = np.random.default_rng(3).uniform(low, high, n).astype(dtype)
        y = np.zeros(n, dtype)

        def check(outs):
            want = reference(x.astype(np.float64))
            np.testing.assert_allclose(outs[1].astype(np.float64), want,
                                       rtol=RTOL[dtype], atol=0)
        return (unary_kernel, (triton.cdiv(n, 256),), [x, y, n],
                {"FN": name, "BLOCK": 256}, check)
    return make


def case_tutorial07(size=98432):
    # Tutorial 07's run: torch.rand inputs (here numpy's) through asin.
    def make():
        x = np.random.default_rng(0).random(size).astype(np.float32)
        out = np.zeros(size, np.float32)

        def check(outs):
            np.testing.assert_allclose(outs[1], np.arcsin(x), rtol=2e-6)
        grid = (triton.cdiv(size, 1024),)
        return T.asin_kernel, grid, [x, out, size], {"BLOCK_SIZE": 1024}, check
    return make


CASES = {f"{name}_{dtype}": case_unary(name, dtype)
         for name in FUNCTIONS for dtype in ("float32", "float64", "float16")}
CASES["tutorial07_asin"] = case_tutorial07()


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    check_case_on_cpu(CASES[name]())


@requires_gpu
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    check_case_on_gpu(CASES[name](), backend, monkeypatch)


def test_libdevice_is_tritons_module_path():
    import mytriton.language.extra.cuda.libdevice as cuda_libdevice
    assert tl.extra.libdevice is libdevice is cuda_libdevice
    assert tl.extra.cuda.libdevice is libdevice
    assert libdevice.sqrt is tl.sqrt and libdevice.fabs is tl.abs
    # Triton's libdevice.exp is __nv_expf, not tl.exp's ex2.approx.
    assert libdevice.exp is not tl.exp


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built")
def test_libdevice_on_a_pointer_is_refused_at_the_call():
    @triton.jit
    def kernel(X):
        y = libdevice.asin(X)
        tl.store(X, y)

    with pytest.raises(CompilationError) as error:
        kernel[(1,)](np.zeros(1, np.float32))
    assert_at(str(error.value), kernel.fn, "y = libdevice.asin(X)",
              "libdevice.asin")



if __name__ == "__main__":
    warm_cases_main(__doc__, CASES)
