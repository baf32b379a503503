"""Triton's argument specialization: a pointer whose address, or an i32 whose
value, is a multiple of 16 is marked {tt.divisibility = 16 : i32} on the
traced tt.func; the flags key the in-memory and on-disk caches, so a kernel
compiled for aligned arguments is never reused for unaligned ones."""

import os
import re

import numpy as np
import pytest

from conftest import requires_compiler  # first: puts python/ on sys.path
import kernels as K
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilerNotFoundError, cache, runtime
from mytriton.jit import JITFunction, divisibility

ATTR = "{tt.divisibility = 16 : i32}"
rng = np.random.default_rng(16)

try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False


@triton.jit
def scale_kernel(x, out, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) * alpha, mask=mask)


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def misaligned(*shape):
    """A C-contiguous float32 array one element (4 bytes) past a 16-byte
    boundary: a view into a larger buffer, as buf[1:1+n]."""
    n = int(np.prod(shape))
    buf = rand(n + 4)
    view = buf[1:1 + n].reshape(shape)
    assert view.ctypes.data % 16 == 4 and view.flags.c_contiguous
    return view


def aligned(*shape):
    a = rand(*shape)
    assert a.ctypes.data % 16 == 0
    return a


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def fresh(kernel):
    """The same kernel with an empty memory cache."""
    return JITFunction(kernel.fn)


def specialize(kernel, *args, **constexprs):
    """(types, constants, divisible) as a launch with these arguments
    computes them."""
    runtime_args, constants = kernel._classify(kernel._bind(args, constexprs))
    return (tuple(a.type for a in runtime_args), constants,
            divisibility(runtime_args))


def signature(kernel, *args, **constexprs):
    """The traced tt.func's parameters by name -> their text, for a launch
    with these arguments."""
    types, constants, divisible = specialize(kernel, *args, **constexprs)
    ir = kernel.trace(types, constants, divisible=divisible)[0]
    header = ir.splitlines()[0]
    params = header[header.index("(") + 1:header.index(") attributes")]
    return {m[1]: m[2] for m in re.finditer(r"%(\w+): ([^%]*?) loc\(", params)}


# -- which arguments are specialized ------------------------------------------

def test_softmax_aligned_and_n_cols_1024():
    params = signature(K.softmax_kernel, aligned(4, 1024), aligned(4, 1024),
                       1024, BLOCK=1024)
    assert params == {"x": f"!tt.ptr<f32> {ATTR}",
                      "out": f"!tt.ptr<f32> {ATTR}",
                      "n_cols": f"i32 {ATTR}"}


def test_softmax_n_cols_781_is_not_specialized():
    params = signature(K.softmax_kernel, aligned(4, 781), aligned(4, 781),
                       781, BLOCK=1024)
    assert params == {"x": f"!tt.ptr<f32> {ATTR}",
                      "out": f"!tt.ptr<f32> {ATTR}", "n_cols": "i32"}


def test_attribute_sits_between_type_and_location():
    types, constants, divisible = specialize(
        K.softmax_kernel, aligned(2, 16), aligned(2, 16), 16, BLOCK=16)
    header = K.softmax_kernel.trace(types, constants,
                                    divisible=divisible)[0].splitlines()[0]
    assert re.search(r"%x: !tt\.ptr<f32> \{tt\.divisibility = 16 : i32\} "
                     r'loc\("[^"]+":\d+:1\), %out', header)


@pytest.mark.parametrize("alpha", [16.0, 32.0, 0.0, 1.5])
def test_float_arguments_never(alpha):
    x, out = aligned(64), aligned(64)
    types, constants, divisible = specialize(scale_kernel, x, out, alpha, 64,
                                             BLOCK=64)
    assert divisible == (16, 16, 0, 16)
    # Even when asked to, trace leaves an f32 argument alone (the verifier
    # accepts tt.divisibility only on pointers and integers).
    ir = scale_kernel.trace(types, constants, divisible=(True,) * 4)[0]
    assert "%alpha: f32 loc(" in ir and ir.count(ATTR) == 3


def test_int_values():
    flags = [specialize(K.copy_kernel, aligned(8), aligned(8), n, BLOCK=8)[2]
             for n in (0, 16, 17, 4096, -32, 8, 2**31 - 16)]
    assert [f[2] for f in flags] == [16, 16, 0, 16, 16, 0, 16]


@triton.jit
def strided_copy_kernel(x, out, n, stride, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out + offsets, tl.load(x + offsets * stride, mask=mask),
             mask=mask)


def test_int_equal_to_one_is_a_constant():
    # Triton's equal_to_1 specialization: a unit stride is the constant 1 in
    # the kernel (so loads through it are contiguous); the parameter stays
    # in the launch ABI, unused.
    x, out = aligned(64), aligned(64)
    types, constants, flags = specialize(strided_copy_kernel, x, out, 64, 1,
                                         BLOCK=64)
    assert flags == (16, 16, 16, 1)
    ir = strided_copy_kernel.trace(types, constants, divisible=flags)[0]
    header, body = ir.split("\n", 1)
    assert "%stride: i32 loc(" in header
    assert "%stride" not in body
    # 2 is not specialized; 17 neither; do_not_specialize turns it off.
    assert specialize(strided_copy_kernel, x, out, 64, 2, BLOCK=64)[2][3] == 0
    key = {flag: strided_copy_kernel.disk_key(types, (), "o",
                                              (16, 16, 16, flag))
           for flag in (0, 1, 16)}
    assert len(set(key.values())) == 3
    # A bool flag is the former divisibility flag, never "equal to one".
    assert strided_copy_kernel.disk_key(types, (), "o", (16, 16, 16, True)) \
        == key[16]


@requires_compiler
def test_unit_stride_and_other_strides_compute_alike():
    rs = np.random.RandomState(0)
    x = rs.randn(512).astype(np.float32)
    for stride in (1, 2, 3):
        out = np.zeros(128, np.float32)
        strided_copy_kernel[(2,)](x, out, 128, stride, BLOCK=64)
        np.testing.assert_array_equal(out, x[:128 * stride:stride])
    # do_not_specialize keeps the parameter in the body, as Triton's does.
    unspecialized = triton.jit(do_not_specialize=["stride"])(
        strided_copy_kernel.fn)
    out = np.zeros(128, np.float32)
    compiled = unspecialized[(2,)](x, out, 128, 1, BLOCK=64)
    np.testing.assert_array_equal(out, x[:128])
    assert "%stride" in compiled.asm["ttir-traced"].split("\n", 1)[1]


def test_misaligned_view_is_not_specialized():
    x, out = misaligned(1000), aligned(1000)
    assert specialize(K.copy_kernel, x, out, 1000, BLOCK=256)[2] == \
        (0, 16, 0)
    params = signature(K.copy_kernel, x, out, 1000, BLOCK=256)
    assert params == {"x": "!tt.ptr<f32>", "out": f"!tt.ptr<f32> {ATTR}",
                      "n": "i32"}


class _FakeGPUArray:
    def __init__(self, address):
        self.__cuda_array_interface__ = {
            "shape": (8,), "typestr": "<f4", "data": (address, False),
            "version": 3, "strides": None}


def test_cuda_array_interface_address():
    for address, want in ((0x7f0000000000, 16), (0x7f0000000004, 0),
                          (0x7f0000000010, 16), (0x7f0000000008, 0)):
        arg = K.copy_kernel._classify_one("x", _FakeGPUArray(address))
        assert arg.device == "gpu" and divisibility([arg]) == (want,)


def test_no_specialization_by_default():
    ir = K.softmax_kernel.trace(("ptr<f32>", "ptr<f32>", "i32"),
                                {"BLOCK": 16})[0]
    assert "tt.divisibility" not in ir
    with pytest.raises(ValueError, match="2 flags for 3"):
        K.softmax_kernel.trace(("ptr<f32>", "ptr<f32>", "i32"), {"BLOCK": 16},
                               divisible=(True, True))


# -- cache keys -----------------------------------------------------------------

def test_disk_key_differs():
    kernel = K.softmax_kernel
    types, options = ("ptr<f32>", "ptr<f32>", "i32"), "artifacts=cuda"
    const_key = (("BLOCK", "int", "1024"),)
    keys = {flags: kernel.disk_key(types, const_key, options, flags)
            for flags in ((True, True, True), (False, True, True),
                          (True, True, False), (False, False, False))}
    assert len(set(keys.values())) == 4
    assert kernel.disk_key(types, const_key, options) == \
        keys[(False, False, False)]


@requires_compiler
def test_compiled_ir_verifies_with_the_attribute():
    k = fresh(K.softmax_kernel).warmup(aligned(4, 1024), aligned(4, 1024),
                                       1024, BLOCK=1024)
    assert k.asm["ttir-traced"].splitlines()[0].count(ATTR) == 3
    assert "ttir" in k.asm


@requires_compiler
def test_aligned_then_misaligned_compiles_twice(private_cache):
    kernel = fresh(K.softmax_kernel)
    x = aligned(4, 1024)
    a = kernel.warmup(x, aligned(4, 1024), 1024, BLOCK=1024)
    b = kernel.warmup(misaligned(4, 1024), aligned(4, 1024), 1024, BLOCK=1024)
    assert cache.stats["compiles"] == 2 and len(kernel._kernels) == 2
    assert a is not b and a.cache_key != b.cache_key
    assert "%x: !tt.ptr<f32> loc(" in b.asm["ttir-traced"]
    assert b.asm["ttir-traced"].splitlines()[0].count(ATTR) == 2
    # Each combination compiles once: both are memory hits now.
    assert kernel.warmup(aligned(4, 1024), aligned(4, 1024), 1024,
                         BLOCK=1024) is a
    assert kernel.warmup(misaligned(4, 1024), aligned(4, 1024), 1024,
                         BLOCK=1024) is b
    assert cache.stats["compiles"] == 2 and cache.stats["memory_hits"] == 2
    # And both are on disk, each found again under its own key.
    again = fresh(K.softmax_kernel).warmup(misaligned(4, 1024),
                                           aligned(4, 1024), 1024, BLOCK=1024)
    assert cache.stats["disk_hits"] == 1 and again.cache_key == b.cache_key
    assert again.asm["ttir-traced"] == b.asm["ttir-traced"]


# -- results on the CPU path ------------------------------------------------------

@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("n_cols", [1024, 781])
def test_cpu_softmax_aligned_and_misaligned(n_cols):
    kernel = fresh(K.softmax_kernel)
    rows = 5
    x_aligned, x_shifted = aligned(rows, n_cols) * 4, misaligned(rows, n_cols)
    x_shifted *= 4
    out_aligned, out_shifted = aligned(rows, n_cols), misaligned(rows, n_cols)
    out_aligned[:] = out_shifted[:] = -7.0
    kernel[(rows,)](x_aligned, out_aligned, n_cols, BLOCK=1024)
    kernel[(rows,)](x_shifted, out_shifted, n_cols, BLOCK=1024)
    assert cache.stats["compiles"] == 2 and len(kernel._kernels) == 2
    np.testing.assert_allclose(out_aligned, softmax(x_aligned), rtol=2e-5,
                               atol=2e-6)
    np.testing.assert_allclose(out_shifted, softmax(x_shifted), rtol=2e-5,
                               atol=2e-6)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("n", [1024, 1000, 13])
def test_cpu_vector_add_aligned_and_misaligned(n):
    kernel = fresh(K.vector_add_kernel)
    grid = (triton.cdiv(n, 256),)
    outputs = []
    for make in (aligned, misaligned):
        x, y, out = make(n), make(n), make(n)
        out[:] = -7.0
        kernel[grid](x, y, out, n, BLOCK=256)
        outputs.append(out)
        np.testing.assert_allclose(out, x + y, rtol=1e-6, atol=1e-6)
    # Mixed: only y shifted, a third specialization.
    x, y, out = aligned(n), misaligned(n), aligned(n)
    kernel[grid](x, y, out, n, BLOCK=256)
    np.testing.assert_allclose(out, x + y, rtol=1e-6, atol=1e-6)
    assert cache.stats["compiles"] == 3 and len(kernel._kernels) == 3


# -- results on the GPU ---------------------------------------------------------

def _torch_cuda():
    try:
        import torch
        return torch if torch.cuda.is_available() else None
    except ImportError:
        return None


TORCH = _torch_cuda()
# Softmax (rows, n_cols) and vector add n; each launched with every array
# aligned, every array one element past an aligned address, and mixed.
GPU_SOFTMAX = [(6, 1024), (6, 781), (3, 77)]
GPU_ADD = [1024, 1000, 4099, 13]
SHIFTS = {"softmax": [(0, 0), (1, 1), (1, 0)],
          "add": [(0, 0, 0), (1, 1, 1), (1, 0, 0), (0, 0, 1)]}


def _gpu_launches(make):
    """(kernel, grid, args, constexprs, check) per launch; make(n, shift)
    returns a 1-D float32 array of n elements, one element past an aligned
    address when shift is 1; check(args) compares the output with numpy."""
    for rows, n_cols in GPU_SOFTMAX:
        for shifts in SHIFTS["softmax"]:
            x, out = (make(rows * n_cols, s) for s in shifts)
            yield (K.softmax_kernel, (rows,), [x, out, n_cols],
                   dict(BLOCK=1024),
                   lambda a, rows=rows, n_cols=n_cols: (
                       a[1].reshape(rows, n_cols),
                       softmax(a[0].reshape(rows, n_cols))))
    for n in GPU_ADD:
        for shifts in SHIFTS["add"]:
            yield (K.vector_add_kernel, (triton.cdiv(n, 256),),
                   [make(n, s) for s in shifts] + [n], dict(BLOCK=256),
                   lambda a: (a[2], a[0] + a[1]))


def _numpy_shifted(n, shift):
    return misaligned(n) if shift else aligned(n)


def warm(cache_dir):
    """Compiles the GPU test's specializations for both backends into
    `cache_dir` (numpy arrays of the same alignment), for a GPU host without
    the compiler (see test_execution.py's --warm)."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    for backend in ("nvvm", "cuda"):
        for kernel, _, args, constexprs, _ in _gpu_launches(_numpy_shifted):
            kernel.warmup(*args, backend=backend, **constexprs)


@pytest.mark.skipif(TORCH is None, reason="no CUDA GPU (torch)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
def test_gpu_offset_tensors(backend, monkeypatch):
    """Softmax and vector add on torch tensors one element past an aligned
    address (a 1-D slice of a larger tensor), with sizes that are not
    multiples of 16, next to aligned ones."""
    torch = TORCH
    monkeypatch.setenv("MYTRITON_BACKEND", backend)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        monkeypatch.setenv("MYTRITON_CACHE_DIR", prebuilt)

    def make(n, shift):
        t = torch.randn(n + 1, device="cuda")[shift:shift + n].mul_(4)
        assert t.is_contiguous() and (t.data_ptr() % 16 == 0) == (shift == 0)
        return t

    kernels = {}
    for kernel, grid, args, constexprs, check in _gpu_launches(make):
        kernel = kernels.setdefault(kernel.__name__, fresh(kernel))
        args[-2].fill_(-7.0)  # the output (second to last in both)
        try:
            kernel[grid](*args, **constexprs)
        except CompilerNotFoundError as e:
            pytest.skip(f"not cached and no compiler here: {e.reason[:80]}")
        torch.cuda.synchronize()
        got, want = check([a.cpu().numpy() if not isinstance(a, int) else a
                           for a in args])
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)
    # The shifted launches got their own specializations: softmax 3 pointer
    # combinations x n_cols divisible or not; vector add 4 x 2.
    assert len(kernels["softmax_kernel"]._kernels) == 6
    assert len(kernels["vector_add_kernel"]._kernels) == 8
