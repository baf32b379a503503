"""Kernel arguments of every dtype (issue 16, DTYPES.md): how numpy arrays,
torch tensors (faked: no torch here), __cuda_array_interface__ arrays,
mytriton.reinterpret wrappers and Python/numpy scalars become signature
strings; the kernel signature and caches per dtype; the launchers' packing
of 8-byte scalars; the CPU runner's marshaling; end-to-end CPU copies."""

import ctypes
import importlib
import struct

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from conftest import requires_compiler
from mytriton import ArgumentError, _dtypes, cache, runtime
from mytriton.backends import cpu

jit = importlib.import_module("mytriton.jit")  # the module, not triton.jit

# -- helpers ----------------------------------------------------------------


@triton.jit
def copy(x, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask), mask=mask)


@triton.jit
def takes(x, s):
    pass


def classify(value, name="x"):
    """The _Arg the launch path makes of `value` for parameter `name`."""
    return takes._classify_one(name, value)


NUMPY_DTYPES = [d for d in _dtypes.ALL if d.numpy_name]
SIG = {d: jit.pointer_signature(d) for d in _dtypes.ALL}


class FakeTorchDtype:
    """str() as torch's dtypes print ("torch.bfloat16")."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return f"torch.{self.name}"

    __repr__ = __str__


class FakeTensor:
    """What the launch path reads of a torch tensor (no torch here)."""

    def __init__(self, dtype_name, cuda=True, contiguous=True,
                 address=0x7F0000001000, numel=8, device_index=0):
        self.dtype = FakeTorchDtype(dtype_name)
        self.is_cuda = cuda
        self.device = f"cuda:{device_index}" if cuda else "cpu"
        self._contiguous, self._address, self._numel = \
            contiguous, address, numel
        self._index = device_index

    def is_contiguous(self):
        return self._contiguous

    def data_ptr(self):
        return self._address

    def numel(self):
        return self._numel

    def element_size(self):
        return _dtypes.from_torch(self.dtype).itemsize

    def get_device(self):
        return self._index if self.is_cuda else -1


FakeTensor.__module__ = "torch"  # as torch.Tensor's


class FakeGPUArray:
    def __init__(self, typestr, shape=(8,), strides=None):
        self.__cuda_array_interface__ = {
            "shape": shape, "typestr": typestr, "strides": strides,
            "data": (0x7F0000000000, False), "version": 3}


# -- arrays of every dtype ----------------------------------------------------

@pytest.mark.parametrize("dt", NUMPY_DTYPES, ids=str)
def test_numpy_array_of_every_dtype(dt):
    a = np.zeros(4, dt.numpy_name)
    arg = classify(a)
    assert (arg.type, arg.device, arg.value) == (SIG[dt], "host",
                                                 a.ctypes.data)


def test_signature_strings_are_tritons():
    assert [SIG[d] for d in _dtypes.ALL] == [
        "*i1", "*i8", "*i16", "*i32", "*i64", "*u8", "*u16", "*u32", "*u64",
        "*fp16", "*bf16", "*fp32", "*fp64"]


@pytest.mark.parametrize("dt", _dtypes.ALL, ids=str)
@pytest.mark.parametrize("cuda", [True, False], ids=["cuda", "cpu"])
def test_torch_tensor_of_every_dtype(dt, cuda):
    t = FakeTensor(dt.torch_name, cuda=cuda)
    arg = classify(t)
    assert (arg.type, arg.device, arg.value, arg.obj) == \
        (SIG[dt], "gpu" if cuda else "host", t.data_ptr(), t)


@pytest.mark.parametrize("typestr,sig", [
    ("<f2", "*fp16"), ("<f4", "*fp32"), ("<f8", "*fp64"), ("|b1", "*i1"),
    ("|i1", "*i8"), ("<i2", "*i16"), ("<i4", "*i32"), ("<i8", "*i64"),
    ("|u1", "*u8"), ("<u2", "*u16"), ("<u4", "*u32"), ("<u8", "*u64")])
def test_gpu_array_of_every_numpy_dtype(typestr, sig):
    assert classify(FakeGPUArray(typestr)).type == sig


def test_gpu_array_contiguity_counts_its_element_size():
    assert classify(FakeGPUArray("<f2", (4,), (2,))).type == "*fp16"
    assert classify(FakeGPUArray("<f8", (2, 3), (24, 8))).type == "*fp64"
    with pytest.raises(ArgumentError, match="argument 'x': the GPU array is "
                                            "not contiguous"):
        classify(FakeGPUArray("<f2", (4,), (4,)))


@pytest.mark.parametrize("value,phrase", [
    (np.zeros(4, np.complex64), "dtype complex64 is not supported"),
    (np.zeros(4, object), "dtype object is not supported"),
    (np.zeros(4, np.longdouble), "dtype float128 is not supported"),
    (np.zeros(4, "datetime64[s]"), "dtype datetime64[s] is not supported"),
    (np.zeros(4, ">f4"), "non-native byte order (>f4)"),
    (FakeGPUArray("<c8"), "a GPU array of dtype <c8 is not supported"),
    (FakeGPUArray(">f4"), "a GPU array of dtype >f4 is not supported"),
    (FakeTensor("complex64"), "a torch tensor of dtype torch.complex64 is "
                              "not supported"),
    (FakeTensor("float8_e4m3fn", cuda=False), "torch.float8_e4m3fn is not"),
    (FakeTensor("float16", contiguous=False), "torch tensor is not "
                                              "contiguous"),
])
def test_unsupported_dtype_is_named_with_the_argument(value, phrase):
    with pytest.raises(ArgumentError) as e:
        classify(value, "x_ptr")
    text = str(e.value)
    assert "argument 'x_ptr': " in text and phrase in text
    assert e.value.lineno == takes.def_line  # located at the kernel
    if "not supported" in phrase:
        # The message says what is taken.
        assert "float16, bfloat16, float32, float64 and bool" in text


def test_unsupported_dtype_through_a_launch_names_the_parameter():
    with pytest.raises(ArgumentError, match="argument 'x': a numpy array of "
                                            "dtype complex128"):
        copy.warmup(np.zeros(8, np.complex128), np.zeros(8, np.float32), 8,
                    BLOCK=8)


def test_arrays_of_2_31_or_more_elements_are_accepted():
    base = np.zeros(1, np.float16)
    huge = np.lib.stride_tricks.as_strided(base, shape=(2**32 + 3,),
                                           strides=(2,))
    assert classify(huge).type == "*fp16"
    assert classify(FakeGPUArray("<f4", (2**16, 2**16))).type == "*fp32"
    assert classify(FakeTensor("bfloat16", numel=2**33)).type == "*bf16"


# -- mytriton.reinterpret -----------------------------------------------------

def test_reinterpret_passes_bits_as_another_dtype():
    bits = np.zeros(8, np.uint16)
    wrapped = triton.reinterpret(bits, _dtypes.bfloat16)
    assert isinstance(wrapped, triton.TensorWrapper)
    assert wrapped.base is bits and wrapped.dtype == _dtypes.bfloat16
    assert (wrapped.data_ptr(), wrapped.numel(), wrapped.shape) == \
        (bits.ctypes.data, 8, (8,))
    arg = classify(wrapped)
    assert (arg.type, arg.device, arg.value, arg.obj) == \
        ("*bf16", "host", bits.ctypes.data, wrapped)
    on_gpu = classify(triton.reinterpret(FakeTensor("int16"),
                                         _dtypes.float16))
    assert (on_gpu.type, on_gpu.device) == ("*fp16", "gpu")
    # As Triton's: a wrapper of a wrapper wraps the base; the base's own
    # dtype gives the base back.
    assert triton.reinterpret(wrapped, _dtypes.uint16) is bits
    assert triton.reinterpret(wrapped, _dtypes.int16).base is bits
    assert classify(triton.reinterpret(np.zeros(2, np.float32),
                                       _dtypes.uint32)).type == "*u32"


def test_reinterpret_refuses_another_element_size():
    with pytest.raises(ValueError, match="needs elements of 2 bytes; the "
                                         "array's float32 elements have 4"):
        triton.reinterpret(np.zeros(4, np.float32), _dtypes.bfloat16)
    with pytest.raises(TypeError, match="an element dtype"):
        triton.reinterpret(np.zeros(4, np.uint16), "bf16")
    with pytest.raises(TypeError, match="__cuda_array_interface__ array, "
                                        "not a list"):
        triton.reinterpret([1, 2], _dtypes.bfloat16)


def test_reinterpreted_array_keeps_the_base_checks():
    view = np.zeros(8, np.uint16)[::2]
    with pytest.raises(ArgumentError, match="argument 'x': the numpy array "
                                            "is not contiguous"):
        classify(triton.reinterpret(view, _dtypes.bfloat16))


def test_assert_close_reads_bfloat16_bits():
    values = np.array([1.0, -2.5, 3.140625], np.float32)
    bits = (values.view(np.uint32) >> 16).astype(np.uint16)
    triton.testing.assert_close(triton.reinterpret(bits, _dtypes.bfloat16),
                                values, atol=0)
    with pytest.raises(AssertionError):
        triton.testing.assert_close(
            triton.reinterpret(bits, _dtypes.bfloat16), values + 1, atol=0)


# -- scalars --------------------------------------------------------------------

@pytest.mark.parametrize("value,sig", [
    (0, "i32"), (2**31 - 1, "i32"), (-2**31, "i32"),
    (2**31, "i64"), (-2**31 - 1, "i64"), (2**63 - 1, "i64"), (-2**63, "i64"),
    (2**63, "u64"), (2**64 - 1, "u64"),
    (1.5, "fp32"), (True, "i1"), (False, "i1"),
    (np.int32(-3), "i32"), (np.int64(5), "i64"), (np.uint64(2**64 - 1), "u64"),
    (np.float32(0.5), "fp32"), (np.float64(0.1), "fp64"),
    (np.bool_(True), "i1")])
def test_scalar_specialization(value, sig):
    arg = classify(value, "s")
    assert arg.type == sig and arg.device is None
    assert arg.value == (int(value) if sig == "i1" else value)
    assert type(arg.value) in (int, float)


@pytest.mark.parametrize("value,phrase", [
    (2**64, "the int 18446744073709551616 does not fit in 64 bits"),
    (-2**63 - 1, "does not fit in 64 bits"),
    (np.int8(1), "a numpy int8 scalar is not supported"),
    (np.float16(1), "a numpy float16 scalar is not supported"),
    (np.uint32(1), "a numpy uint32 scalar is not supported"),
    (1j, "a complex is not supported"),
])
def test_unsupported_scalars_are_refused(value, phrase):
    with pytest.raises(ArgumentError, match="argument 's': ") as e:
        classify(value, "s")
    assert phrase in str(e.value)


def test_scalar_parameter_types():
    assert {s: jit.param_mlir_type(s) for s in jit.SCALARS} == {
        "i1": "i32", "i32": "i32", "i64": "i64", "u64": "i64",
        "fp32": "f32", "fp64": "f64"}
    assert jit.param_mlir_type("*i1") == "!tt.ptr<i8>"  # a bool is a byte
    assert jit.param_mlir_type("*bf16") == "!tt.ptr<bf16>"
    assert jit.param_mlir_type("*u16") == "!tt.ptr<i16>"


@pytest.mark.parametrize("text,sig", [
    ("*fp16", "*fp16"), ("* bf16", "*bf16"), ("ptr<f32>", "*fp32"),
    ("ptr<i32>", "*i32"), ("f32", "fp32"), ("i64", "i64"), ("u64", "u64"),
    ("*u1", "*i1"), ("fp64", "fp64"), ("i1", "i1")])
def test_parse_signature(text, sig):
    assert jit.parse_signature(text) == sig


@pytest.mark.parametrize("text", ["*fp8", "complex", "u8", "fp16", "ptr<>"])
def test_parse_signature_refuses(text):
    with pytest.raises(ValueError, match="unknown argument type"):
        jit.parse_signature(text)


def test_divisibility_of_every_type():
    args = [jit._Arg(t, None, v, v) for t, v in [
        ("*fp16", 32), ("*fp16", 34), ("i64", 2**40), ("u64", 2**63),
        ("i32", 7), ("fp32", 16.0), ("fp64", 32.0), ("i1", 0),
        ("i32", 1), ("i64", 1), ("fp32", 1.0), ("i1", 1)]]
    D, ONE = jit.DIVISIBILITY, jit.EQUAL_TO_ONE
    # 16 for divisible pointers and ints, 1 for ints equal to one, else 0:
    # floats and bools are never specialized.
    assert jit.divisibility(args) == (D, 0, D, D, 0, 0, 0, 0, ONE, ONE, 0, 0)


# -- the launchers' packing -----------------------------------------------------

SCALAR_CASES = [
    ("i32", -7, struct.pack("<i", -7)),
    ("i1", 1, struct.pack("<i", 1)),
    ("i64", -2**40 - 3, struct.pack("<q", -2**40 - 3)),
    ("i64", 2**63 - 1, struct.pack("<q", 2**63 - 1)),
    ("u64", 2**64 - 1, struct.pack("<Q", 2**64 - 1)),
    ("fp32", 1.1, struct.pack("<f", 1.1)),
    ("fp64", 1.1, struct.pack("<d", 1.1)),
    ("*bf16", 0x7F0000001234, struct.pack("<Q", 0x7F0000001234)),
]


def test_ctypes_path_packs_each_scalar_in_its_size():
    signature = [s for s, _, _ in SCALAR_CASES]
    values = runtime.pack_arguments(signature, [v for _, v, _ in SCALAR_CASES])
    for value, (sig, _, expected) in zip(values, SCALAR_CASES):
        assert ctypes.sizeof(value) == len(expected), sig
        assert ctypes.string_at(ctypes.addressof(value),
                                ctypes.sizeof(value)) == expected, sig


@pytest.mark.parametrize("sig,value", [("i32", 2**31), ("i64", 2**63),
                                       ("u64", -1)])
def test_ctypes_path_refuses_values_outside_the_type(sig, value):
    with pytest.raises(OverflowError, match=f"does not fit in {sig}"):
        runtime.pack_arguments([sig], [value])


def test_signature_codes():
    kernel = triton.CompiledKernel(
        "k", {}, 8, ["*fp16", "*i1", "i64", "u64", "fp64", "fp32", "i32",
                     "i1"], [], "nvvm", {}, None, "key")
    assert kernel._signature_codes == b"pplud" + b"fii"


def _compiled_launcher():
    from mytriton import _launcher
    module, why = _launcher.load()
    if module is None:
        pytest.skip(f"no compiled launcher here: {why}")
    return module


def test_compiled_launcher_packs_8_byte_scalars():
    module = _compiled_launcher()
    codes = b"".join(jit._SIGNATURE_CODES[s] for s, _, _ in SCALAR_CASES)
    packed = module.pack_slots(codes, [v for _, v, _ in SCALAR_CASES])
    assert len(packed) == 8 * len(SCALAR_CASES)
    for i, (sig, _, expected) in enumerate(SCALAR_CASES):
        slot = packed[8 * i:8 * i + 8]
        assert slot[:len(expected)] == expected, sig
    with pytest.raises(OverflowError):
        module.pack_slots(b"l", [2**63])
    with pytest.raises(OverflowError):
        module.pack_slots(b"u", [-1])


class FakeTorchModule:
    """A torch module's dtype attributes (for runtime.torch_dtype_codes)."""

    def __init__(self):
        for d in _dtypes.ALL:
            setattr(self, d.torch_name, FakeTorchDtype(d.torch_name))


def test_compiled_launcher_specializes_every_dtype_and_64_bit_ints():
    module = _compiled_launcher()
    torch = FakeTorchModule()
    codes = runtime.torch_dtype_codes(torch, jit)
    assert len(set(c for _, c in codes.values())) == len(_dtypes.ALL)
    # Tensors are found by their dtype object, as torch's are.
    by_name = {str(k): v for k, v in codes.items()}
    tensors = {d: FakeTensor(d.torch_name) for d in _dtypes.ALL}
    for t in tensors.values():
        t.dtype = getattr(torch, t.dtype.name)
    module.set_classify(jit._Arg, jit.I32_ARG, jit.F32_ARG, "gpu", codes)
    try:
        values = (tensors[_dtypes.float16], 2**40, 2**63 + 16, -5, 2.5,
                  tensors[_dtypes.bfloat16], 2**40 + 1)
        key, packed = module.specialize(values, None)
        fp16, bf16 = by_name["torch.float16"][1], by_name["torch.bfloat16"][1]
        # Capitals: divisible by 16 (the fake addresses are).
        assert key == (f"{fp16.upper()}LUif{bf16.upper()}l@0").encode()
        assert packed[8:16] == struct.pack("<q", 2**40)
        assert packed[16:24] == struct.pack("<Q", 2**63 + 16)
        assert packed[24:28] == struct.pack("<i", -5)
        assert packed[32:36] == struct.pack("<f", 2.5)
        assert module.specialize((tensors[_dtypes.float32], 2**64), None) \
            is None  # beyond 64 bits: Python says why
        args = module.classify([tensors[_dtypes.int8], 3])
        assert [a.type for a in args] == ["*i8", "i32"]
    finally:
        module.set_classify(jit._Arg, jit.I32_ARG, jit.F32_ARG, "gpu", {})


# -- the CPU runner's marshaling ------------------------------------------------

SCALARS_IR = """
tt.func @scalars(%out: !tt.ptr<i32>, %a: i32, %b: f32, %c: i64) attributes {block_size = 1 : i32} {
  tt.store %out, %a : !tt.ptr<i32>
  tt.return
}
"""


@requires_compiler
def test_cpu_runner_takes_64_bit_argument_kinds_where_they_fit():
    out = np.zeros(1, np.int32)
    module = cpu.compile_for_cpu(SCALARS_IR)
    assert module.kernels["scalars"][1] == ("!tt.ptr<i32>", "i32", "f32",
                                            "i64")
    lib = module._lib

    def run(kind, value):
        args = (cpu._Arg * 4)()
        args[0].kind, args[0].pointer, args[0].numElements = \
            0 + 1, out.ctypes.data, 1  # MYTRITON_CPU_ARG_PTR_I32
        args[1].kind, args[1].intValue = kind, value
        args[2].kind, args[2].floatValue = 16, 0.25  # F64 to an f32
        args[3].kind, args[3].intValue = 4, 1  # I1 (a bool) to an i64
        grid = (ctypes.c_int64 * 1)(1)
        return lib.mytritonCPUModuleRun(module._handle, b"scalars", grid, 1,
                                        args, 4)

    assert run(13, -9) == 0 and out[0] == -9  # MYTRITON_CPU_ARG_I64
    # Integers are signless: an i32 takes -2**31 .. 2**32 - 1.
    assert run(13, 2**32 - 1) == 0 and out[0] == -1
    assert run(13, 2**32) == 1
    assert "argument 1 of kernel 'scalars': 4294967296 does not fit in i32" \
        in cpu._last_error(lib)
    assert run(17, 0) == 1
    assert "argument 1 has an unknown kind 17" in cpu._last_error(lib)
    assert run(7, 0) == 1  # a buffer kind for a scalar
    assert "expected i32, got !tt.ptr<f64>" in cpu._last_error(lib)


@requires_compiler
def test_cpu_runner_refuses_a_buffer_of_another_element_type():
    out = np.zeros(1, np.int32)
    with pytest.raises(cpu.CPUBackendError,
                       match="argument 0 of kernel 'scalars': expected "
                             "!tt.ptr<i32>, got !tt.ptr<i16>"):
        cpu.run_on_cpu(SCALARS_IR, "scalars", (1,),
                       [np.zeros(1, np.uint16), 1, 1.0, True])
    with pytest.raises(cpu.CPUBackendError, match="got !tt.ptr<i8>"):
        cpu.run_on_cpu(SCALARS_IR, "scalars", (1,),
                       [np.zeros(1, np.bool_), 1, 1.0, True])
    cpu.run_on_cpu(SCALARS_IR, "scalars", (1,),
                   [triton.reinterpret(np.zeros(1, np.float32),
                                       _dtypes.int32), 1, 1.0, True])
    cpu.run_on_cpu(SCALARS_IR, "scalars", (1,), [out, 2**31 + 5, 1.0, True])
    assert out[0] == 2**31 + 5 - 2**32  # passed as its bits


@requires_compiler
def test_cpu_python_side_marshals_every_array_dtype():
    for dt in NUMPY_DTYPES:
        a = np.zeros(3, dt.numpy_name)
        arg = cpu._to_c_arg(0, a)
        memory = "i8" if dt.is_bool() else dt.mlir
        assert cpu._KIND_NAMES[arg.kind] == f"!tt.ptr<{memory}>", dt
        assert (arg.pointer, arg.numElements) == (a.ctypes.data, 3)
    bf16 = cpu._to_c_arg(0, triton.reinterpret(np.zeros(2, np.uint16),
                                               _dtypes.bfloat16))
    assert cpu._KIND_NAMES[bf16.kind] == "!tt.ptr<bf16>"
    t = cpu._to_c_arg(0, FakeTensor("bfloat16", cuda=False, numel=5))
    assert (cpu._KIND_NAMES[t.kind], t.pointer, t.numElements) == \
        ("!tt.ptr<bf16>", 0x7F0000001000, 5)
    big = cpu._to_c_arg(0, 2**63 + 1)
    assert (cpu._KIND_NAMES[big.kind], big.intValue) == \
        ("i64", 2**63 + 1 - 2**64)
    with pytest.raises(ValueError, match="on cuda:0 is not host memory"):
        cpu._to_c_arg(0, FakeTensor("float32"))
    with pytest.raises(TypeError, match="dtype <c8 are not supported"):
        cpu._to_c_arg(0, np.zeros(2, np.complex64))


# -- the kernel's signature, caches and CPU runs per dtype ----------------------

def _values(dt, n, seed=0):
    """n values of numpy dtype `dt`'s range (bools included)."""
    rng = np.random.default_rng(seed)
    if dt.is_bool():
        return rng.integers(0, 2, n).astype(np.bool_)
    if dt.is_floating():
        return (rng.standard_normal(n) * 100).astype(dt.numpy_name)
    info = np.iinfo(dt.numpy_name)
    return rng.integers(info.min, info.max, n, dtype=dt.numpy_name,
                        endpoint=True)


def compile_for(kernel, *args, **kwargs):
    """The kernel the launch path compiles for these arguments, without
    running it (and without a warm-up's stop at a GPU route that does not
    lower every type yet: branch dt-nvvm)."""
    runtime_args, constants = kernel._classify(kernel._bind(args, kwargs))
    return kernel._get_kernel(runtime_args, constants, "nvvm")


def _param(ir, name):
    """The tt.func parameter `%name`'s type and attributes in `ir`."""
    signature = ir.split(") attributes", 1)[0]
    for part in signature.split("%")[1:]:
        if part.startswith(name + ":"):
            return part.split(" loc(")[0][len(name) + 1:].strip()
    raise AssertionError(f"no parameter %{name} in {signature}")


@requires_compiler
@pytest.mark.parametrize("dt", _dtypes.ALL, ids=str)
def test_every_dtype_reaches_the_kernel_signature(dt):
    if dt.numpy_name:
        x = np.zeros(16, dt.numpy_name)
    else:  # bfloat16: its bits
        x = triton.reinterpret(np.zeros(16, np.uint16), dt)
    kernel = compile_for(copy, x, x, 16, BLOCK=16)
    assert kernel.signature == [SIG[dt], SIG[dt], "i32"]
    memory = "i8" if dt.is_bool() else dt.mlir
    assert _param(kernel.asm["ttir-traced"], "x") == \
        f"!tt.ptr<{memory}> {{tt.divisibility = 16 : i32}}"
    assert _param(kernel.asm["ttir-traced"], "n") == \
        "i32 {tt.divisibility = 16 : i32}"


@requires_compiler
@pytest.mark.parametrize("value,sig,param", [
    (2**40, "i64", "i64 {tt.divisibility = 16 : i32}"),
    (2**40 + 1, "i64", "i64"),
    (2**63 + 3, "u64", "i64"),
    (np.float64(0.5), "fp64", "f64"),
    (0.5, "fp32", "f32"),
])
def test_scalar_parameters_in_the_kernel_signature(value, sig, param):
    x = np.zeros(16, np.float32)
    kernel = copy[(1,)](x, x, value, BLOCK=16)
    assert kernel.signature == ["*fp32", "*fp32", sig]
    assert _param(kernel.asm["ttir-traced"], "n") == param


@requires_compiler
def test_a_bool_is_compared_with_zero_in_the_kernel():
    @triton.jit
    def pick(out, flag):
        tl.store(out, tl.where(flag, 5, 7))

    out = np.zeros(1, np.int32)
    kernel = pick[(1,)](out, True)
    assert out[0] == 5
    assert _param(kernel.asm["ttir-traced"], "flag") == "i32"
    assert "arith.cmpi ne, %flag" in kernel.asm["ttir-traced"]
    assert pick[(1,)](out, np.bool_(False)) is kernel and out[0] == 7


@requires_compiler
def test_cache_keys_separate_dtypes():
    @triton.jit  # its own, so no other test's launch is in its memory cache
    def fresh_copy(x, out, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(x + offs, mask=offs < n), mask=offs < n)

    def run(x, n=16):
        # Launched on the CPU: a warm-up would stop at the GPU route, which
        # does not lower every type yet (branch dt-nvvm).
        return fresh_copy[(1,)](x, np.empty_like(x), n, BLOCK=16)

    first = run(np.zeros(16, np.float16))
    assert cache.stats["compiles"] == 1
    assert run(np.ones(16, np.float16)) is first  # same dtype: a hit
    assert cache.stats["compiles"] == 1
    other = run(np.zeros(16, np.float32))
    assert cache.stats["compiles"] == 2 and other is not first
    # int16 and uint16, of one MLIR type, are other kernels too.
    assert run(np.zeros(16, np.uint16)).signature[0] == "*u16"
    assert run(np.zeros(16, np.int16)).signature[0] == "*i16"
    f32 = np.zeros(16, np.float32)
    ints = [run(f32, n) for n in (17, 2**40 + 1, 2**63 + 1)]
    assert [k.signature[2] for k in ints] == ["i32", "i64", "u64"]
    assert cache.stats["compiles"] == 7
    # The disk cache keys them apart too.
    assert len({k.cache_key for k in ints + [first, other]}) == 5


@requires_compiler
@pytest.mark.parametrize("dt", _dtypes.ALL, ids=str)
def test_copy_of_every_dtype_on_the_cpu(dt):
    n = 37
    if dt.is_bf16():
        import conftest
        reference = conftest.to_bf16_bits(_values(_dtypes.float32, n))
        x = triton.reinterpret(reference.copy(), dt)
        out_bits = np.zeros(n, np.uint16)
        out = triton.reinterpret(out_bits, dt)
        result = out_bits
    else:
        reference = _values(dt, n)
        x = reference.copy()
        out = result = np.zeros(n, dt.numpy_name)
    copy[(triton.cdiv(n, 16),)](x, out, n, BLOCK=16)
    np.testing.assert_array_equal(result, reference)


@triton.jit
def store_scalar(out, value):
    tl.store(out, value)


@requires_compiler
@pytest.mark.parametrize("value,np_dtype", [
    (2**40 + 7, np.int64), (-2**40, np.int64), (2**63 - 1, np.int64),
    (2**64 - 1, np.uint64), (2**63 + 5, np.uint64),
    (np.float64(0.1), np.float64), (np.int64(-3), np.int64),
    (np.uint64(2**63), np.uint64),
])
def test_64_bit_scalars_reach_the_kernel_on_the_cpu(value, np_dtype):
    out = np.zeros(1, np_dtype)
    store_scalar[(1,)](out, value)
    assert out[0] == value


@triton.jit
def to_bf16(x, out, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask).to(tl.bfloat16),
             mask=mask)


@requires_compiler
@pytest.mark.parametrize("source", [np.float32, np.float64])
def test_bf16_rounding_on_the_cpu(source):
    """The CPU runner's __truncsfbf2/__truncdfbf2 (GCC 12's libgcc has
    neither: a kernel storing bf16 did not link): to nearest even, NaN a
    quiet NaN, and a double rounded once (1 + 2**-8 + 2**-40 is above the
    tie; through float32 it would be the tie, rounded down to 1)."""
    import conftest
    special = [1 + 2**-8, 1 + 3 * 2**-8, -0.0, np.inf, -np.inf, np.nan,
               3.0e38, 1e-40, -2.5]
    values = np.array(special + list(_values(_dtypes.float32, 23)), source)
    if source is np.float64:
        values[0] = 1 + 2**-8 + 2**-40
    n = len(values)
    bits = np.zeros(n, np.uint16)
    to_bf16[(1,)](values, triton.reinterpret(bits, _dtypes.bfloat16), n,
                  BLOCK=32)
    expected = conftest.to_bf16_bits(values.astype(np.float32))
    if source is np.float64:
        expected[0] = 0x3F81  # 1.0078125: once-rounded
    np.testing.assert_array_equal(bits, expected)
