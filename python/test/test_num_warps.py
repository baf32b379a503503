"""num_warps, Triton's launch option: fewer threads than tensor lanes."""

import numpy as np
import pytest

from conftest import requires_compiler
import kernels as K
from mytriton import LaunchError


def args(n=1000):
    return [np.zeros(n, np.float32), np.zeros(n, np.float32), n]


@requires_compiler
def test_num_warps_sets_threads_and_attribute():
    k = K.copy_kernel.warmup(*args(), BLOCK=1024, num_warps=8)
    assert k.block_size == 1024 and k.threads == 256
    assert "num_warps = 8 : i32" in k.asm["ttir-traced"]
    assert "num_warps = 8 : i32" in k.asm["ttir"]


@requires_compiler
def test_threads_never_exceed_lanes():
    k = K.copy_kernel.warmup(*args(), BLOCK=64, num_warps=4)
    assert k.threads == 64


@requires_compiler
def test_default_is_auto(monkeypatch):
    monkeypatch.delenv("MYTRITON_NUM_WARPS", raising=False)
    k = K.copy_kernel.warmup(*args(), BLOCK=256)
    assert k.threads == 64 and "num_warps = 2 : i32" in k.asm["ttir-traced"]


@requires_compiler
def test_one_thread_per_lane(monkeypatch):
    k = K.copy_kernel.warmup(*args(), BLOCK=256, num_warps=32)
    assert k.threads == 256


@requires_compiler
def test_environment_default(monkeypatch):
    monkeypatch.setenv("MYTRITON_NUM_WARPS", "2")
    k = K.copy_kernel.warmup(*args(), BLOCK=256)
    assert k.threads == 64


@requires_compiler
def test_num_warps_is_part_of_the_specialization():
    a = K.copy_kernel.warmup(*args(), BLOCK=1024, num_warps=4)
    b = K.copy_kernel.warmup(*args(), BLOCK=1024, num_warps=8)
    assert a.cache_key != b.cache_key and a.threads != b.threads


@pytest.mark.parametrize("bad", [0, 33, 2.0, True, "4", "automatic"])
def test_bad_num_warps(bad):
    with pytest.raises(LaunchError, match="num_warps"):
        K.copy_kernel.warmup(*args(), BLOCK=256, num_warps=bad)


@requires_compiler
def test_lanes_must_divide_evenly():
    # 96 lanes over 64 threads: the verifier's message reaches the user.
    with pytest.raises(Exception, match="not a multiple of the 64 threads"):
        K.copy_kernel.warmup(*args(), BLOCK=96, num_warps=2)


@requires_compiler
@pytest.mark.parametrize("block,threads", [(1, 1), (32, 32), (64, 32),
                                           (256, 64), (1024, 256),
                                           (512, 128)])
def test_auto_num_warps(block, threads):
    k = K.copy_kernel.warmup(*args(), BLOCK=block, num_warps="auto")
    assert k.threads == threads


# -- layouts of kernels with reductions, and programs_per_cta -----------------
def row_args(cols=256):
    return [np.zeros((4, cols), np.float32), np.zeros(4, np.float32), cols]


@requires_compiler
@pytest.mark.parametrize("block,threads,programs", [(256, 32, 4),
                                                    (1024, 128, 1),
                                                    (64, 32, 4), (8, 8, 16)])
def test_auto_layout_of_reductions(block, threads, programs):
    # Eight lanes per thread; programs of one warp or less share a block.
    k = K.row_sum_kernel.warmup(*row_args(block), BLOCK=block)
    assert (k.threads, k.programs_per_cta) == (threads, programs)
    if programs > 1:
        assert f"programs_per_cta = {programs} : i32" in k.asm["ttir-traced"]
    else:
        assert "programs_per_cta" not in k.asm["ttir-traced"]


@requires_compiler
def test_elementwise_kernels_keep_four_lanes():
    k = K.copy_kernel.warmup(*args(), BLOCK=1024)
    assert (k.threads, k.programs_per_cta) == (256, 1)


@requires_compiler
@pytest.mark.parametrize("dtype,threads,group", [(np.float16, 128, 8),
                                                 (np.int8, 64, 16),
                                                 (np.float64, 256, 4)])
def test_elementwise_kernels_access_16_bytes_of_their_narrowest_element(
        dtype, threads, group):
    # 16 bytes of the narrowest accessed element a thread, at least 4 lanes,
    # in one group of consecutive lanes (one 16-byte access per tensor).
    n = 1024
    k = K.copy_kernel.warmup(np.zeros(n, dtype), np.zeros(n, dtype), n,
                             BLOCK=n, backend="cuda")
    assert k.threads == threads
    assert f"in groups of {group}." in k.asm["cuda"]


@requires_compiler
def test_explicit_programs_per_cta():
    k = K.row_sum_kernel.warmup(*row_args(), BLOCK=256, num_warps=1,
                                programs_per_cta=8)
    assert (k.threads, k.programs_per_cta) == (32, 8)
    assert "programs_per_cta = 8 : i32" in k.asm["ttir"]
    one = K.row_sum_kernel.warmup(*row_args(), BLOCK=256, num_warps=1,
                                  programs_per_cta=1)
    assert one.programs_per_cta == 1 and one.cache_key != k.cache_key


@pytest.mark.parametrize("bad", [0, 3, 2048, 2.0, True, "4"])
def test_bad_programs_per_cta(bad):
    with pytest.raises(LaunchError, match="programs_per_cta"):
        K.row_sum_kernel.warmup(*row_args(), BLOCK=256, programs_per_cta=bad)


@requires_compiler
def test_packing_wide_programs_is_a_verifier_error():
    # Programs of two warps would need barriers shared across programs.
    with pytest.raises(Exception, match="only programs of at most one warp"):
        K.row_sum_kernel.warmup(*row_args(), BLOCK=256, num_warps=2,
                                programs_per_cta=2)


def test_folded_grid_too_large_is_a_grid_error():
    # Axes 0 and 1 fold into gridDim.x: checked before touching the driver.
    from mytriton import GridError, runtime

    class Kernel:
        programs_per_cta = 1

    with pytest.raises(GridError, match="axes 0 and 1 together need"):
        runtime.launch(Kernel, (2**31 - 1, 2, 1), [],
                       dict(kernel="k", filename=__file__, lineno=1))


@requires_compiler
@pytest.mark.parametrize("backend,block,threads", [("cuda", 1024, 64),
                                                   ("nvvm", 1024, 64),
                                                   ("nvvm", 512, 64),
                                                   ("cuda", 256, 32)])
def test_auto_layout_of_softmax(backend, block, threads):
    # Two reductions of one load: 16 lanes per thread at 1024 lanes (64
    # threads, in 32 registers), 8 otherwise.
    x = np.zeros((4, block), np.float32)
    k = K.softmax_kernel.warmup(x, np.zeros_like(x), block, BLOCK=block,
                                backend=backend)
    assert k.threads == threads


def test_auto_num_warps_rule():
    from mytriton.jit import auto_num_warps
    # softmax: two reductions, one load
    assert auto_num_warps("auto", 1024, True, 1, 2) == 2
    assert auto_num_warps("auto", 512, True, 1, 2) == 2
    # row sum: one reduction keeps eight lanes
    assert auto_num_warps("auto", 1024, True, 1, 1) == 4
    # the long-row sum: many loads keep two lanes
    assert auto_num_warps("auto", 1024, True, 8, 1) == 16
    # elementwise: 16 bytes of the narrowest accessed element, 4 lanes at
    # least
    assert auto_num_warps("auto", 1024, False, 2, 0) == 8
    assert auto_num_warps("auto", 1024, False, 2, 0, access_bytes=2) == 4
    assert auto_num_warps("auto", 1024, False, 2, 0, access_bytes=1) == 2
    assert auto_num_warps("auto", 1024, False, 2, 0, access_bytes=8) == 8
    # an explicit choice wins
    assert auto_num_warps(8, 1024, True, 1, 2) == 8
