"""Triton's enable_fp_fusion launch option (on by default): the GPU routes
may fuse a float multiply and add into one fma (one rounding instead of
two); enable_fp_fusion=False rounds every op. What each route generates is
checked here without a GPU; the numbers on the GPU are in
test_gpu_dtypes.py::test_fp_fusion. The CPU route never fuses: its results
are numpy's, op by op.

(1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 exactly, but the product rounds (a tie,
to even) to 1 + 2^-11 in float32: unfused the result is 0, fused 2^-24."""

import numpy as np
import pytest

from conftest import requires_compiler
import mytriton as triton
import mytriton.language as tl
from mytriton import LaunchError
from test_execution import HAS_CPU

A = np.full(128, 1 + 2.0 ** -12, np.float32)
C = np.full(128, -(1 + 2.0 ** -11), np.float32)


@triton.jit
def fma_kernel(x, y, z, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs,
             tl.load(x + offs) * tl.load(y + offs) + tl.load(z + offs))


def warm(backend, **options):
    out = np.zeros(128, np.float32)
    return fma_kernel.warmup(A, A, C, out, BLOCK=128, backend=backend,
                             grid=(1,), **options)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="no CPU runner")
@pytest.mark.parametrize("fusion", [None, True, False])
def test_cpu_rounds_every_op(fusion):
    out = np.ones(128, np.float32)
    options = {} if fusion is None else {"enable_fp_fusion": fusion}
    fma_kernel[(1,)](A, A, C, out, BLOCK=128, **options)  # numpy: the CPU
    np.testing.assert_array_equal(out, 0.0)
    # numpy, op by op, agrees.
    assert (A * A + C)[0] == 0.0


@requires_compiler
def test_nvvm_fuses_by_default():
    ptx = warm("nvvm").asm["ptx"]
    assert "fma.rn.f32" in ptx
    assert "mul.rn.f32" not in ptx and "add.rn.f32" not in ptx
    assert warm("nvvm", enable_fp_fusion=True).asm["ptx"] == ptx


@requires_compiler
def test_nvvm_without_fusion_rounds_every_op():
    ptx = warm("nvvm", enable_fp_fusion=False).asm["ptx"]
    assert "fma.rn" not in ptx
    assert "mul.rn.f32" in ptx and "add.rn.f32" in ptx


@requires_compiler
def test_cuda_route_leaves_fusion_to_nvcc_unless_off():
    fused = warm("cuda").asm["cuda"]
    assert "_rn(" not in fused and " * " in fused
    unfused = warm("cuda", enable_fp_fusion=False).asm["cuda"]
    assert "__fmul_rn(" in unfused and "__fadd_rn(" in unfused


@requires_compiler
def test_the_option_keys_the_caches():
    fused, unfused = warm("nvvm"), warm("nvvm", enable_fp_fusion=False)
    assert fused is not unfused
    assert warm("nvvm", enable_fp_fusion=False) is unfused


@requires_compiler
@pytest.mark.parametrize("value", [1, "yes"])
def test_a_value_that_is_not_a_bool_is_refused(value):
    with pytest.raises(LaunchError) as info:
        warm("nvvm", enable_fp_fusion=value)
    assert f"enable_fp_fusion={value!r}: expected True or False" in str(
        info.value)
