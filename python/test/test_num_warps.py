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
    assert "num_warps = 8 : i32" in k.asm["ttir"]
    assert "num_warps = 8 : i32" in k.asm["ttir-opt"]


@requires_compiler
def test_threads_never_exceed_lanes():
    k = K.copy_kernel.warmup(*args(), BLOCK=64, num_warps=4)
    assert k.threads == 64


@requires_compiler
def test_default_is_auto(monkeypatch):
    monkeypatch.delenv("MYTRITON_NUM_WARPS", raising=False)
    k = K.copy_kernel.warmup(*args(), BLOCK=256)
    assert k.threads == 64 and "num_warps = 2 : i32" in k.asm["ttir"]


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
