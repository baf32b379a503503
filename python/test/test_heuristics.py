"""triton.heuristics: meta-parameters computed from the arguments at each
launch, alone and stacked with autotune in Triton's order."""

import numpy as np
import pytest

import conftest  # noqa: F401 - first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import LaunchError, compiler

try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False

on_cpu = pytest.mark.skipif(not (HAS_CPU and compiler.available()),
                            reason="needs the compiler and the CPU backend")


@triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"]),
                    "SCALE": lambda args: 2.0 if args["double"] else 1.0})
@triton.jit
def scale_row(x, out, n, double, BLOCK: tl.constexpr, SCALE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) * SCALE, mask=mask)


@on_cpu
def test_heuristics_compute_meta_parameters_per_launch():
    for n, double in ((5, 0), (100, 1), (1000, 1)):
        x = np.arange(n, dtype=np.float32)
        out = np.zeros(n, np.float32)
        kernel = scale_row[(1,)](x, out, n, double)
        assert kernel.block_size == triton.next_power_of_2(n)
        np.testing.assert_array_equal(out, x * (2.0 if double else 1.0))


@on_cpu
def test_the_grid_sees_heuristic_values():
    @triton.heuristics({"BLOCK": lambda args: 64})
    @triton.jit
    def copy(x, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask), mask=mask)
    n = 1000
    x, out = np.arange(n, dtype=np.float32), np.zeros(n, np.float32)
    seen = []
    copy[lambda meta: seen.append(meta["BLOCK"]) or
         (triton.cdiv(n, meta["BLOCK"]),)](x, out, n)
    assert seen == [64]
    np.testing.assert_array_equal(out, x)


@on_cpu
def test_stacked_under_autotune_sees_the_config():
    """Triton's order: @autotune over @heuristics over @jit; a heuristic
    reads the meta-parameters the config sets."""
    benched = []

    def fake_bench(kernel_call, quantiles):
        kernel_call()
        benched.append(1)
        return [len(benched)] * 3  # The first config wins.

    @triton.autotune(configs=[triton.Config({"BLOCK": 128}),
                              triton.Config({"BLOCK": 256})],
                     key=["n"], do_bench=fake_bench)
    @triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
    @triton.jit
    def copy(x, out, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        if EVEN:
            tl.store(out + offs, tl.load(x + offs))
        else:
            mask = offs < n
            tl.store(out + offs, tl.load(x + offs, mask=mask), mask=mask)

    for n, even in ((1024, True), (1000, False)):
        x, out = np.arange(n, dtype=np.float32), np.zeros(n, np.float32)
        kernel = copy[lambda m: (triton.cdiv(n, m["BLOCK"]),)](x, out, n)
        np.testing.assert_array_equal(out, x)
        assert copy.best_config.kwargs == {"BLOCK": 128}
        # The EVEN form has no bounds comparison.
        assert kernel.asm["ttir"].count("arith.cmpi") == (0 if even else 1)
    assert len(benched) == 4


@on_cpu
def test_heuristics_over_autotune():
    """The other order Triton allows: the heuristic runs first and the
    autotuner sees its value as an argument."""
    @triton.heuristics({"SCALE": lambda args: float(args["n"] % 3)})
    @triton.autotune(configs=[triton.Config({"BLOCK": 64}),
                              triton.Config({"BLOCK": 128})],
                     key=["n"], do_bench=lambda call, quantiles: [1.0] * 3)
    @triton.jit
    def scale(x, out, n, BLOCK: tl.constexpr, SCALE: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) * SCALE, mask=mask)
    n = 200
    x, out = np.ones(n, np.float32), np.zeros(n, np.float32)
    scale[lambda m: (triton.cdiv(n, m["BLOCK"]),)](x, out, n)
    np.testing.assert_array_equal(out, np.full(n, 2.0, np.float32))


def test_bad_heuristics():
    @triton.jit
    def k(x, B: tl.constexpr):
        pass
    with pytest.raises(TypeError, match="must be a function"):
        triton.heuristics({"B": 4})(k)
    with pytest.raises(LaunchError, match="kernel\\[grid\\]"):
        triton.heuristics({"B": lambda a: 4})(k)(1)
    assert triton.heuristics({"B": lambda a: 4})(k).arg_names == ["x", "B"]
