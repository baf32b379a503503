"""The occupancy cap of straight-line kernels (docs/GPU.md#occupancy): the
compiler reports the global-memory bytes a block has in flight at once
("load-bytes"), and the runtime's plan (mtr_plan_load_cap) turns it into
shared memory reserved and a carveout. Both are checked here without a GPU;
test_tiled.py's test_gpu_occupancy_cap checks the launch on one."""

import ctypes

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import kernels as K
import kernels_2d as K2
import mytriton as triton
import mytriton.language as tl
from mytriton import runtime

H200_SHARED_PER_SM = 233472  # MAX_SHARED_MEMORY_PER_MULTIPROCESSOR
H200_RESERVED_PER_BLOCK = 1024  # RESERVED_SHARED_MEMORY_PER_BLOCK


def plan(load_bytes, blocks, shared_per_sm=H200_SHARED_PER_SM,
         reserved=H200_RESERVED_PER_BLOCK):
    lib = runtime._load()
    if lib is None:
        pytest.skip("no libMyTritonRuntime.so")
    shared, carveout = ctypes.c_uint(), ctypes.c_uint()
    planned = lib.mtr_plan_load_cap(load_bytes, blocks, shared_per_sm,
                                    reserved, ctypes.byref(shared),
                                    ctypes.byref(carveout))
    return (shared.value, carveout.value) if planned else None


def test_32_kib_blocks_are_capped_at_five_an_sm():
    shared, carveout = plan(32768, 9)
    footprint = shared + H200_RESERVED_PER_BLOCK
    assert 5 * footprint <= H200_SHARED_PER_SM < 6 * footprint
    # The carveout fits the five blocks and leaves the L1 32 KiB or more.
    assert 5 * footprint <= carveout * H200_SHARED_PER_SM // 100
    assert 5 * footprint <= H200_SHARED_PER_SM - 32 * 1024
    assert (shared, carveout) == (38016, 84)


def test_no_cap_when_the_registers_hold_few_enough_blocks():
    assert plan(32768, 5) is None
    assert plan(32768, 4) is None
    assert plan(8192, 16) is None  # [8x128] floats: 128 KiB in flight


def test_no_cap_that_would_starve_the_l1():
    # 16 KiB a block: a cap of 10 blocks would leave no room for the L1.
    assert plan(16384, 12) is None


def test_large_blocks_are_capped_at_one_or_two():
    shared, _ = plan(65536, 4)
    footprint = shared + H200_RESERVED_PER_BLOCK
    assert 2 * footprint <= H200_SHARED_PER_SM < 3 * footprint
    shared, _ = plan(1 << 20, 2)
    assert H200_SHARED_PER_SM < 2 * (shared + H200_RESERVED_PER_BLOCK)


def test_nothing_to_plan():
    assert plan(0, 9) is None
    assert plan(32768, 0) is None
    assert plan(32768, 9, shared_per_sm=0) is None


x = np.zeros((256, 256), np.float32)
h = np.zeros((256, 256), np.float16)


def load_bytes(kernel, *args, **options):
    return kernel.warmup(*args, grid=(1,), backend="nvvm", **options).load_bytes


@triton.jit
def row_sums(x, out, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * N + tl.arange(0, BLOCK)
    tl.store(out + tl.program_id(0), tl.sum(tl.load(x + offs), axis=0))


@triton.jit
def looped_copy(x, out, N, BLOCK: tl.constexpr):
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(x + offs, mask=offs < N), mask=offs < N)


@requires_compiler
def test_load_bytes_of_a_straight_line_tile():
    assert load_bytes(K2.add_2d_kernel, x, x, x, 256, 256, 256, BM=32,
                      BN=128, num_warps=4) == 2 * 32 * 128 * 4
    assert load_bytes(K2.add_2d_kernel, h, h, h, 256, 256, 256, BM=32,
                      BN=128, num_warps=4) == 2 * 32 * 128 * 2


@requires_compiler
def test_no_load_bytes_where_loads_wait_on_something():
    # A reduction, a loop, a transpose through shared memory.
    assert load_bytes(row_sums, x, x, 256, BLOCK=256) == 0
    assert load_bytes(looped_copy, x, x, 65536, BLOCK=1024) == 0
    assert load_bytes(K2.transpose_kernel, x, x, 256, 256, BM=64,
                      BN=64, num_warps=4) == 0


@requires_compiler
@pytest.mark.parametrize("k, block, num_warps",
                         [(64, 256, "auto"), (256, 256, "auto"),
                          (64, 1024, 32), (5, 32, 1)])
def test_no_load_bytes_of_an_unrolled_loop(k, block, num_warps):
    """The seed's naive matmul unrolls K steps of loads into straight-line
    code (kilobytes a thread, or 256 bytes a thread at 1024 threads, or
    few bytes but many loads): capping its occupancy by their sum made it
    three times slower on the H200 (a regression the benchmark caught)."""
    b = np.zeros((k, block), np.float32)
    assert load_bytes(K.naive_matmul_kernel, x, b, x, block, K=k,
                      BLOCK=block, num_warps=num_warps) == 0
