"""The launcher passes the tensor maps of a kernel whose loads became TMA
copies (sm_90a, tt-pipeline{tma}; docs/GPULowering.md#tma-copies), on the
CPU: the fake libcuda (test/Runtime/FakeCuda.c) logs each
cuTensorMapEncodeTiled call and, for kernel tma_mm, the maps' first and
last bytes (the fake encoder's 0xab) and the grid sizes after them. A launch
whose maps TMA cannot describe runs the kernel compiled without TMA
copies (tma_mm_pointers, which the fake knows with 14 parameters): a
stride that is not a positive multiple of 16 bytes; a size of 0 or less
is encoded as 1."""

import textwrap

from conftest import requires_fake_cuda
from test_gpu_devices import launches, run

pytestmark = requires_fake_cuda

# Tutorial 03's operands without the grouped ordering, on fp16 arrays in
# fake device memory (the fake kernel computes nothing).
KERNEL = textwrap.dedent("""
    @triton.jit
    def NAME(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
             stride_bn, stride_cm, stride_cn, BM: tl.constexpr,
             BN: tl.constexpr, BK: tl.constexpr):
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
        offs_am = (pid_m * BM + tl.arange(0, BM)) % M
        offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
        offs_k = tl.arange(0, BK)
        a_ptrs = a_ptr + offs_am[:, None] * stride_am + \\
            offs_k[None, :] * stride_ak
        b_ptrs = b_ptr + offs_k[:, None] * stride_bk + \\
            offs_bn[None, :] * stride_bn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
            b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(a, b, acc)
            a_ptrs += BK * stride_ak
            b_ptrs += BK * stride_bk
        offs_cm = pid_m * BM + tl.arange(0, BM)
        offs_cn = pid_n * BN + tl.arange(0, BN)
        c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + \\
            stride_cn * offs_cn[None, :]
        tl.store(c_ptrs, acc.to(tl.float16),
                 mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))
""")
# A module of its own: loops need the kernels' source.
KERNELS = "import mytriton as triton\nimport mytriton.language as tl\n" + \
    KERNEL.replace("NAME", "tma_mm") + KERNEL.replace("NAME", "tma_mm_pointers")
MATMUL = textwrap.dedent("""
    from tma_kernels import tma_mm, tma_mm_pointers

    class Half:
        # fp16 memory from cuMemAlloc on device 0 (host memory in the fake).
        def __init__(self, n):
            assert lib.mtr_init(0) == 0
            ptr = ctypes.c_uint64()
            assert lib.mtr_malloc(ctypes.byref(ptr), 2 * n) == 0
            self.__cuda_array_interface__ = {
                "shape": (n,), "typestr": "<f2", "strides": None,
                "data": (ptr.value, False), "version": 3}

    def launch(kernel, M, N, K):
        a, b, c = Half(M * K), Half(K * N), Half(M * N)
        grid = (-(-M // 64), -(-N // 64))
        return kernel[grid](a, b, c, M, N, K, K, 1, N, 1, N, 1,
                            BM=64, BN=64, BK=32)
""")


def run_matmul(tmp_path, body, **env):
    (tmp_path / "tma_kernels.py").write_text(KERNELS)
    return run(tmp_path, MATMUL + textwrap.dedent(body), devices=1,
               extra_path=str(tmp_path), **env)


def encodes(stderr):
    return [line for line in stderr.splitlines()
            if line.startswith("fake: cuTensorMapEncodeTiled")]


def test_launch_encodes_the_kernels_tensor_maps(tmp_path):
    proc = run_matmul(tmp_path, """
        k = launch(tma_mm, 256, 128, 96)
        print(len(k.tensor_maps), "cp.async.bulk.tensor" in k.asm["ptx"])
        launch(tma_mm, 256, 128, 96)  # new arrays: new maps
    """)
    assert proc.stdout.split() == ["2", "True"], proc.stdout
    # a: K (96) by M (256) elements, rows of stride_am = K halves (192
    # bytes), boxes of 32 halves (BK: 64 bytes, swizzled by 64: 2) by BM
    # rows; b: N (128) by K, rows of 256 bytes, boxes of 64 halves (128
    # bytes, swizzled by 128: 3) by BK rows. (type 1: 16-bit elements,
    # l2 3: 256-byte L2 promotion.)
    a = ("type=1 rank=2 {} dim0=96 box0=32 step0=1 dim1=256 box1=64 "
         "step1=1 stride1=192 interleave=0 swizzle=2 l2=3 fill=0")
    b = ("type=1 rank=2 {} dim0=128 box0=64 step0=1 dim1=96 box1=32 "
         "step1=1 stride1=256 interleave=0 swizzle=3 l2=3 fill=0")
    lines = encodes(proc.stderr)
    assert len(lines) == 4, proc.stderr
    for line, expected in zip(lines, (a, b, a, b)):
        fields = line.split()
        base = fields[4]
        assert " ".join(fields[2:]) == expected.format(base), line
    ran = [line for line in proc.stderr.splitlines()
           if line.startswith("fake: tma_mm ")]
    assert ran == ["fake: tma_mm K=96 maps=abab,abab g0=4 g1=2"] * 2
    assert all("tma_mm grid=8x1x1" in line for line in launches(proc.stderr))


def test_same_arguments_reuse_the_encoded_maps(tmp_path):
    proc = run_matmul(tmp_path, """
        a, b, c = Half(64 * 64), Half(64 * 64), Half(64 * 64)
        for _ in range(3):
            tma_mm[(1, 1)](a, b, c, 64, 64, 64, 64, 1, 64, 1, 64, 1,
                           BM=64, BN=64, BK=32)
    """)
    assert len(encodes(proc.stderr)) == 2, proc.stderr
    assert len(launches(proc.stderr)) == 3


def test_k_of_0_is_encoded_as_a_size_of_1(tmp_path):
    # TMA cannot encode an empty tensor: the size is 1, and the kernel's
    # copies read zeros (their size checks; software-pipeline-tma.mlir).
    # (The operands are views of no columns, of rows of 64 elements.)
    proc = run_matmul(tmp_path, """
        a, b, c = Half(64), Half(64), Half(64 * 64)
        k = tma_mm[(1, 1)](a, b, c, 64, 64, 0, 64, 1, 64, 1, 64, 1,
                           BM=64, BN=64, BK=32)
        assert k._without_tma is None
    """)
    a, b = encodes(proc.stderr)
    assert " dim0=1 box0=32 " in a and " dim1=64 " in a, a
    assert " dim0=64 " in b and " dim1=1 box1=32 " in b, b
    ran = [line for line in proc.stderr.splitlines()
           if line.startswith("fake: tma_mm ")]
    assert ran == ["fake: tma_mm K=0 maps=abab,abab g0=1 g1=1"]


def test_a_stride_tma_cannot_take_runs_the_kernel_without_tma_copies(
        tmp_path):
    # a's row stride 0 (a broadcast row; 0 is divisible by 16, so the
    # kernel was specialized for TMA): the launch compiles and runs the
    # kernel with cp.async copies instead, once.
    proc = run_matmul(tmp_path, """
        a, b, c = Half(64), Half(64 * 64), Half(64 * 64)
        for _ in range(2):
            k = tma_mm_pointers[(1, 1)](a, b, c, 64, 64, 64, 0, 1, 64, 1,
                                        64, 1, BM=64, BN=64, BK=32)
        assert len(k.tensor_maps) == 2
        fallback = k._without_tma
        assert fallback is not None and not fallback.tensor_maps
        ptx = fallback.asm["ptx"]
        print("cp.async.bulk.tensor" in ptx, "cp.async.cg" in ptx)
    """)
    assert proc.stdout.split() == ["False", "True"], proc.stdout
    assert encodes(proc.stderr) == []
    assert len(launches(proc.stderr)) == 2


def test_tma_0_compiles_every_tile_through_cp_async(tmp_path):
    proc = run_matmul(tmp_path, """
        k = launch(tma_mm_pointers, 128, 128, 64)
        print(len(k.tensor_maps), "cp.async.bulk.tensor" in k.asm["ptx"])
    """, MYTRITON_TMA="0")
    assert proc.stdout.split() == ["0", "False"], proc.stdout
    assert encodes(proc.stderr) == []
