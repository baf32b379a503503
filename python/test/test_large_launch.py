"""Large launches: arrays of 2**31 or more elements are taken (as Triton
takes them: offsets the kernel computes in int32 wrap as it says); grids
whose `program_id * BLOCK` would wrap or that exceed CUDA's grid limits are
refused before anything runs, on the CPU and on the GPU path (GridError).
No test here allocates the huge arrays or needs a GPU: the numpy views
repeat one element, the GPU arrays are fake."""

import ctypes

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from conftest import requires_compiler
from mytriton import ArgumentError, GridError, runtime
from mytriton.backends import cpu

import kernels as K

pytestmark = requires_compiler


class FakeGPUArray:
    """A __cuda_array_interface__ of any shape; nothing may dereference it."""

    def __init__(self, shape, typestr="<f4"):
        self.__cuda_array_interface__ = {
            "shape": shape, "typestr": typestr, "strides": None,
            "data": (0x7F0000000000, False), "version": 3}


def huge_view(n, contiguous=True):
    """A float32 view of n elements over one real element: strides of 4
    (claims to be contiguous) or 0 (a broadcast)."""
    base = np.zeros(1, np.float32)
    return np.lib.stride_tricks.as_strided(
        base, shape=(n,), strides=(4 if contiguous else 0,))


# -- arrays: any length (DTYPES.md: offsets in int32 wrap as the kernel says,
# as in Triton, which does not check either) -----------------------------------

@pytest.mark.parametrize("make", [
    lambda: huge_view(2**31),
    lambda: huge_view(2**32 + 5),
], ids=["contiguous-2**31", "contiguous-2**32+5"])
def test_numpy_array_of_2_31_elements_is_accepted(make):
    # warmup classifies the arguments and compiles, without running.
    kernel = K.copy_kernel.warmup(make(), np.zeros(8, np.float32), 8,
                                  BLOCK=8, grid=(1,))
    assert kernel.signature == ["*fp32", "*fp32", "i32"]


def test_broadcast_view_is_still_refused():
    huge = np.broadcast_to(np.float32(1), (2**20, 2**11))
    with pytest.raises(ArgumentError, match="argument 'x': the numpy array "
                                            "is not contiguous"):
        K.copy_kernel[(1,)](huge, np.zeros(8, np.float32), 8, BLOCK=8)


@pytest.mark.parametrize("shape", [(2**31,), (2**16, 2**15), (3, 2**30)])
def test_gpu_array_of_2_31_elements_is_accepted(shape):
    arg = K.copy_kernel._classify_one("x", FakeGPUArray(shape))
    assert (arg.type, arg.device) == ("*fp32", "gpu")


def test_cpu_runner_takes_buffers_of_2_31_elements_and_more():
    # Through the C API: the lengths are marshaled (the empty grid runs
    # nothing, so the fake addresses are never dereferenced).
    module = cpu.compile_for_cpu(CPU_COPY_IR)
    lib = module._lib
    args = (cpu._Arg * 2)()
    for arg, size in zip(args, (2**31, 2**40)):
        arg.kind = 0  # MYTRITON_CPU_ARG_PTR_F32
        arg.pointer = 0x7F0000000000
        arg.numElements = size
    grid = (ctypes.c_int64 * 1)(0)
    status = lib.mytritonCPUModuleRun(module._handle, b"copy", grid, 1, args,
                                      2)
    assert status == 0, cpu._last_error(lib)
    args[0].numElements = -1
    assert lib.mytritonCPUModuleRun(module._handle, b"copy", grid, 1, args,
                                    2) == 1
    assert "has a negative length -1" in cpu._last_error(lib)


CPU_COPY_IR = """
tt.func @copy(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %range = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xs = tt.addptr %xp, %range : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xs : tensor<4x!tt.ptr<f32>>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %os = tt.addptr %op, %range : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %os, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}
"""


# -- grids: program_id * BLOCK must fit in int32 -----------------------------------

WHERE = dict(kernel="k", filename=__file__, lineno=1)


@pytest.mark.parametrize("programs", [2**26 + 1, 2**26, 2**31 - 1])
def test_grid_whose_offsets_wrap_is_refused_on_the_cpu(programs):
    x = np.ones(64, np.float32)
    out = np.zeros(64, np.float32)
    with pytest.raises(GridError) as e:
        K.copy_kernel[(programs,)](x, out, 64, BLOCK=32)
    text = str(e.value)
    assert f"axis 0 has {programs} programs of 32 lanes" in text
    assert "reads tl.program_id(0)" in text
    assert "axis 0 takes at most 67108863 programs" in text
    assert e.value.lineno == K.copy_kernel.def_line
    assert (out == 0).all()  # nothing ran


def test_grid_whose_offsets_wrap_is_refused_on_the_gpu_path():
    # Refused before the runtime library or a driver is touched.
    x, out = FakeGPUArray((64,)), FakeGPUArray((64,))
    with pytest.raises(GridError, match="axis 0 has 67108865 programs of 32"):
        K.copy_kernel[(2**26 + 1,)](x, out, 64, BLOCK=32)
    with pytest.raises(GridError, match="axis 0 takes at most 2097151"):
        K.copy_kernel[(2**21,)](x, out, 64, BLOCK=1024)


def test_the_limit_is_per_kernel_block_and_axis():
    small = K.copy_kernel.warmup(np.ones(8, np.float32),
                                 np.ones(8, np.float32), 8, BLOCK=32,
                                 grid=(1,))
    runtime.check_grid(small, (2**26 - 1, 1, 1), WHERE)  # largest offset fits
    with pytest.raises(GridError):
        runtime.check_grid(small, (2**26, 1, 1), WHERE)

    # Program id 1 read, 0 not: axis 0 only has CUDA's limits.
    @triton.jit
    def column_only(out, BLOCK: tl.constexpr):
        offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out + offs, offs)

    kernel = column_only.warmup(np.zeros(8, np.int32), BLOCK=1024, grid=(1,))
    runtime.check_grid(kernel, (2**30, 1, 1), WHERE)
    runtime.check_grid(kernel, (1, 65535, 1), WHERE)  # 65535 * 1024 < 2**31


def test_folded_grid_is_refused_on_the_cpu_too():
    # Axes 0 and 1 fold into CUDA's gridDim.x; the CPU path refuses what the
    # GPU path would, so a launch does not work on one and fail on the other.
    a = np.zeros((2, 4), np.float32)
    with pytest.raises(GridError, match="axes 0 and 1 together need"):
        K.matrix_add_kernel[(2**31 - 1, 65535)](a, a, a, 4, BLOCK=4)


def test_cuda_grid_limits_are_named():
    a = np.zeros(8, np.float32)
    with pytest.raises(GridError, match="axis 1 has 65536 programs; CUDA "
                                        "allows at most 65535"):
        K.copy_kernel[(1, 65536)](a, a, 8, BLOCK=8)
    with pytest.raises(GridError, match="axis 0 has 2147483648 programs; "
                                        "CUDA allows at most 2147483647"):
        K.copy_kernel[(2**31,)](a, a, 8, BLOCK=8)


def test_tiled_kernel_grid_limit_counts_the_largest_tile():
    # A tiled kernel's block size counts threads (128 here), not elements:
    # the limit comes from its largest tensor, a 32x128 tile.
    import kernels_2d as K2
    x = np.ones((4, 4), np.float32)
    with pytest.raises(GridError) as e:
        K2.add_2d_kernel[(2**19 + 1, 1)](x, x, x, 4, 4, 4, BM=32, BN=128)
    text = str(e.value)
    assert "axis 0 has 524289 programs of 4096 elements" in text
    assert "axis 0 takes at most 524287 programs" in text
