"""Element types on the GPU (issue 16): every dtype through load -> op ->
store, masked loads with `other`, casts (fp_downcast_rounding="rtz"
included), reductions per dtype and int64 offsets, through both GPU
backends (gpu/nvvm and CUDA C++), against numpy references. The block sizes
give each thread 16 bytes of every element size (8 halves, 2 doubles, 16
bytes), so the vector accesses run. They skip without a CUDA GPU; they need
the dtype frontend (branch dt-lang) and the argument marshaling (dt-host).

A GPU host without the compiler library runs them from a cache filled here:
every test's launch goes through launch(), which under --warm compiles the
same specialization (dtypes, scalars, constexprs, options) instead:

    python3 python/test/test_gpu_dtypes.py --warm /path/to/cache
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_gpu_dtypes.py
"""

import os
import sys

import numpy as np
import pytest

from conftest import requires_compiler  # noqa: F401  (puts python/ on sys.path)
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilerNotFoundError, runtime
from mytriton._reinterpret import TensorWrapper
from test_execution import GPU, _to_gpu, _to_host
from warm_tests import warm_launch, warm_main, warming

rng = np.random.default_rng(16)

NUMPY = {"float16": np.float16, "float32": np.float32, "float64": np.float64,
         "int8": np.int8, "int16": np.int16, "int32": np.int32,
         "int64": np.int64, "uint8": np.uint8, "uint16": np.uint16,
         "uint32": np.uint32, "uint64": np.uint64}
FLOATS = ["float16", "bfloat16", "float32", "float64"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
        "uint64"]

requires_gpu = pytest.mark.skipif(
    not warming() and (GPU is None or not runtime.available()),
    reason="no CUDA GPU (torch or cupy) or no libMyTritonRuntime.so")
backends = pytest.mark.parametrize("backend", ["nvvm", "cuda"])


def to_bf16_bits(a):
    """float32 -> bfloat16 bits, rounded to nearest even (NaN kept quiet)."""
    bits = np.asarray(a, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(a, np.float32))
    return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


def from_bf16_bits(u):
    return (np.asarray(u, np.uint16).astype(np.uint32) << 16).view(np.float32)


def sample(name, n):
    """Values every dtype holds exactly, and a host array of them."""
    if name == "bfloat16":
        values = rng.integers(-64, 64, n).astype(np.float32) / 8
        return values, to_bf16_bits(values)
    dtype = NUMPY[name]
    if name in FLOATS:
        values = (rng.integers(-64, 64, n) / 8).astype(dtype)
    else:
        info = np.iinfo(dtype)
        values = rng.integers(max(info.min, -100), min(info.max, 100), n,
                              dtype=np.int64).astype(dtype)
    return values, values


def typed(host, name):
    """A host array as the kernel sees it (bfloat16 bits reinterpreted)."""
    return triton.reinterpret(host, tl.bfloat16) if name == "bfloat16" \
        else host


def _copy(arg, move):
    if isinstance(arg, TensorWrapper):
        return triton.reinterpret(move(arg.base), arg.dtype)
    return move(arg) if not isinstance(arg, (int, float)) else arg


def launch(backend, monkeypatch, kernel, grid, args, **options):
    """Every GPU launch of this file: copies the host `args` (numpy arrays,
    bfloat16 ones reinterpreted) to the GPU, launches on `backend` and
    returns them as host arrays (bfloat16 as its bits). Under --warm it
    compiles the same launch into the cache instead (warm_tests)."""
    if warming():
        warm_launch(backend, monkeypatch, kernel, args, options)
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    device_args = [_copy(a, _to_gpu) for a in args]
    try:
        compiled = kernel[grid](*device_args, **options)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    assert compiled.backend == backend
    out = [_copy(a, _to_host) for a in device_args]
    return [a.base if isinstance(a, TensorWrapper) else a for a in out]


def values(bits, name):
    return from_bf16_bits(bits) if name == "bfloat16" else bits


def elements_per_16_bytes(name):
    return 16 // (2 if name == "bfloat16" else np.dtype(NUMPY[name]).itemsize)


@triton.jit
def add_kernel(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x + offs, mask=mask, other=1)
    b = tl.load(y + offs, mask=mask, other=1)
    tl.store(out + offs, a + b * a, mask=mask)


@requires_gpu
@backends
@pytest.mark.parametrize("name", FLOATS + INTS)
def test_load_op_store(name, backend, monkeypatch):
    # Each op rounds on its own as numpy's do: fusion off (test_fp_fusion).
    n = 1000  # not a multiple of the block: masked tails
    xs, xh = sample(name, n)
    ys, yh = sample(name, n)
    ref = (xs + ys * xs)
    if name == "bfloat16":
        ref = from_bf16_bits(to_bf16_bits(xs + from_bf16_bits(
            to_bf16_bits(ys * xs))))
    block = 128 * elements_per_16_bytes(name)
    _, _, out, _ = launch(backend, monkeypatch, add_kernel,
                          (triton.cdiv(n, block),),
                          [typed(xh, name), typed(yh, name),
                           typed(np.zeros_like(xh), name), n],
                          BLOCK=block, num_warps=4, enable_fp_fusion=False)
    np.testing.assert_array_equal(values(out, name), ref)


@triton.jit
def fma_kernel(x, y, z, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs,
             tl.load(x + offs) * tl.load(y + offs) + tl.load(z + offs))


@requires_gpu
@backends
@pytest.mark.parametrize("fusion", [None, False])
def test_fp_fusion(fusion, backend, monkeypatch):
    """Triton's enable_fp_fusion: (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24
    exactly, but the float32 product rounds (a tie, to even) to 1 + 2^-11.
    On (the default), the gpu/nvvm route makes one fma.rn.f32 and nvcc
    contracts the CUDA C++ route's `*` and `+` (-fmad): 2^-24. Off, both
    round the product: 0."""
    a = np.full(128, 1 + 2.0 ** -12, np.float32)
    c = np.full(128, -(1 + 2.0 ** -11), np.float32)
    options = {} if fusion is None else {"enable_fp_fusion": fusion}
    *_, out = launch(backend, monkeypatch, fma_kernel, (1,),
                     [a, a, c, np.zeros(128, np.float32)], BLOCK=128,
                     **options)
    want = 0.0 if fusion is False else 2.0 ** -24
    np.testing.assert_array_equal(out, np.float32(want))


@triton.jit
def masked_other_kernel(x, out, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(x + offs, mask=offs < n, other=7))


@requires_gpu
@backends
@pytest.mark.parametrize("name", FLOATS + INTS)
def test_masked_other(name, backend, monkeypatch):
    block, n = 256, 100
    xs, xh = sample(name, block)
    _, out, _ = launch(backend, monkeypatch, masked_other_kernel, (1,),
                       [typed(xh, name), typed(np.zeros_like(xh), name), n],
                       BLOCK=block)
    want = np.where(np.arange(block) < n, xs, 7).astype(
        np.float32 if name == "bfloat16" else NUMPY[name])
    np.testing.assert_array_equal(values(out, name), want)


@triton.jit
def rtz_kernel(x, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x + offs)
    tl.store(out + offs, v.to(tl.float16, fp_downcast_rounding="rtz"))


@requires_gpu
@backends
def test_truncation_toward_zero(backend, monkeypatch):
    # Between two halves, and beyond the largest: rtz keeps the smaller
    # magnitude (65504), rtne would round up (to 1 + 2^-10, to inf).
    x = np.array([1 + 2 ** -11 + 2 ** -20, -(1 + 2 ** -11 + 2 ** -20),
                  70000.0, -70000.0] * 64, np.float32)
    _, out = launch(backend, monkeypatch, rtz_kernel, (1,),
                    [x, np.zeros(x.size, np.float16)], BLOCK=x.size)
    want = np.array([1.0, -1.0, 65504.0, -65504.0] * 64, np.float16)
    np.testing.assert_array_equal(out, want)


@triton.jit
def reduce_kernel(x, sums, maxs, mins, BLOCK: tl.constexpr):
    v = tl.load(x + tl.arange(0, BLOCK))
    tl.store(sums, tl.sum(v))
    tl.store(maxs, tl.max(v))
    tl.store(mins, tl.min(v))


@requires_gpu
@backends
@pytest.mark.parametrize("name", FLOATS + INTS)
@pytest.mark.parametrize("block", [32, 1024])
def test_reductions(name, block, backend, monkeypatch):
    xs, xh = sample(name, block)
    if name in INTS:
        # tl.sum of narrow ints sums in int32 (Triton's _pick_sum_dtype).
        sum_dtype = NUMPY[name] if np.dtype(NUMPY[name]).itemsize >= 4 else (
            np.uint32 if name.startswith("u") else np.int32)
    else:
        sum_dtype = np.float32 if name == "bfloat16" else NUMPY[name]
    store_dtype = np.uint16 if name == "bfloat16" else NUMPY[name]
    sums = typed(np.zeros(1, np.uint16 if name == "bfloat16"
                          else sum_dtype), name)
    _, sums, maxs, mins = launch(
        backend, monkeypatch, reduce_kernel, (1,),
        [typed(xh, name), sums, typed(np.zeros(1, store_dtype), name),
         typed(np.zeros(1, store_dtype), name)], BLOCK=block)
    # Sample values are multiples of 1/8 below 8 in magnitude: every
    # partial sum of up to 1024 of them is exact in f16 only while below
    # 2048, so compare sums with a tolerance there, max/min exactly.
    total = np.sum(xs.astype(np.float64))
    got = values(sums, name)[0]
    if name in INTS:
        assert got == np.asarray(xs.astype(np.int64).sum()).astype(sum_dtype)
    else:
        np.testing.assert_allclose(float(got), total, rtol=1e-2, atol=1)
    assert values(maxs, name)[0] == xs.max()
    assert values(mins, name)[0] == xs.min()


@triton.jit
def int64_offsets_kernel(x, out, start, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK).to(tl.int64)
    tl.store(out + tl.arange(0, BLOCK), tl.load(x + offs))


@requires_gpu
@backends
def test_int64_offsets(backend, monkeypatch):
    # The offsets are int64 (arange widened): an i64 addptr, still 16-byte
    # accesses (the contiguity analysis sees through the widening).
    n = 4096
    x = (np.arange(n) % 251).astype(np.int8)
    _, out, _ = launch(backend, monkeypatch, int64_offsets_kernel, (1,),
                       [x, np.zeros(1024, np.int8), 2048], BLOCK=1024)
    np.testing.assert_array_equal(out, x[2048:3072])



@triton.jit
def double_tail_kernel(x, start, n, BLOCK: tl.constexpr):
    offs = start + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x + offs, tl.load(x + offs, mask=mask) * 2, mask=mask)


@requires_gpu
@backends
@pytest.mark.parametrize("name,n,start", [
    # i32 element offsets whose byte offsets pass 2**31
    ("float16", 2**30 + 2**20, 2**30),
    # i64 offsets: start = 2**31 is an int64 argument, by value
    ("int8", 2**31 + 2**20, 2**31)])
def test_tensors_beyond_2_gib(name, n, start, backend, monkeypatch):
    # A tensor of more than 2**31 bytes, its tail doubled in place: every
    # address past 2 GiB is computed in 64 bits, and nothing before the
    # tail is touched.
    options = dict(BLOCK=1024)
    if warming():  # the launch's dtypes and scalars, on a small array
        warm_launch(backend, monkeypatch, double_tail_kernel,
                    [np.zeros(16, NUMPY[name]), start, n], options)
    if GPU != "torch":
        pytest.skip("allocates its 2 GiB tensor on the device with torch")
    import torch
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)
    dtype = getattr(torch, name)
    x = torch.ones(n, dtype=dtype, device="cuda")
    tail = (torch.arange(n - start, device="cuda") % 61).to(dtype)
    x[start:] = tail
    try:
        compiled = double_tail_kernel[(triton.cdiv(n - start, 1024),)](
            x, start, n, **options)
    except CompilerNotFoundError as e:
        pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
    assert compiled.backend == backend
    torch.cuda.synchronize()
    assert torch.equal(x[start:], tail * 2)
    assert torch.equal(x[start - 4096:start],
                       torch.ones(4096, dtype=dtype, device="cuda"))
    del x, tail
    torch.cuda.empty_cache()


# -- --warm compiles what the GPU launch looks up -----------------------------
class _Captured(Exception):
    pass


class _FakeDeviceArray:
    """A GPU array as the launch classifies it: a __cuda_array_interface__
    at a 256-byte aligned address (cudaMalloc's alignment)."""

    def __init__(self, host, address):
        self.__cuda_array_interface__ = {
            "shape": host.shape, "typestr": host.dtype.str, "strides": None,
            "data": (address, False), "version": 3}


def _launch_key(kernel, backend, args, options):
    """The disk key a GPU launch of `args` computes (jit's _run up to the
    cache lookup, on fake device arrays; chip sm_90a, what an H200 compiles for)."""
    options = dict(options)
    num_warps = kernel._num_warps(options.pop("num_warps", None), backend)
    num_stages = kernel._num_stages(options.pop("num_stages", None))
    fp_fusion = kernel._fp_fusion(options.pop("enable_fp_fusion", None))
    device = []
    for i, a in enumerate(args):
        address = 0x7F0000000000 + i * 0x10000
        if isinstance(a, TensorWrapper):
            device.append(triton.reinterpret(
                _FakeDeviceArray(a.base, address), a.dtype))
        elif isinstance(a, np.ndarray):
            device.append(_FakeDeviceArray(a, address))
        else:
            device.append(a)
    runtime_args, constants = kernel._classify(kernel._bind(device, options))
    assert {a.device for a in runtime_args if a.device} == {"gpu"}
    kernel._kernels.clear()  # the disk key, not the warm-up's memory entry
    return kernel._get_kernel(runtime_args, constants, backend, num_warps,
                              chip="sm_90a", num_stages=num_stages,
                              fp_fusion=fp_fusion).cache_key


@requires_compiler
@pytest.mark.parametrize("test,params", [
    (test_load_op_store, dict(name="bfloat16")),
    (test_fp_fusion, dict(fusion=False)),
    (test_masked_other, dict(name="uint8")),
    (test_reductions, dict(name="int16", block=32)),
    (test_int64_offsets, {}),
    (test_tensors_beyond_2_gib, dict(name="int8", n=2**31 + 2**20,
                                      start=2**31))])
def test_warm_key_is_the_launch_key(test, params, tmp_path, monkeypatch):
    # --warm compiles a test's launch on host arrays; the GPU host's launch
    # of the same test (device arrays, the chip's options) must find it.
    def capture(backend, monkeypatch, kernel, args, options):
        raise _Captured(kernel, args, options)
    monkeypatch.setenv("MYTRITON_WARM_CACHE", str(tmp_path))
    monkeypatch.setitem(globals(), "warm_launch", capture)
    with pytest.raises(_Captured) as info:
        test(backend="nvvm", monkeypatch=monkeypatch, **params)
    kernel, args, options = info.value.args
    warmed = kernel.warmup(*args, backend="nvvm", **options)
    assert _launch_key(kernel, "nvvm", args, options) == warmed.cache_key


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        sys.exit(warm_main(__file__, sys.argv[2], "nvvm or cuda"))
    sys.exit(__doc__)
