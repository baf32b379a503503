"""@jit kernels: specialization, tracing, compiling, caching, launching."""

from __future__ import annotations

import inspect
import json
import os
import re
import textwrap
import threading
import warnings

from . import _dependencies, _dtypes, _fast_path, cache, compiler
from ._reinterpret import TensorWrapper
from ._tracer import (Builder, Ty, _state, tensor as _TracedValue,
                      traceable)
from .errors import (ArgumentError, CompilationError, CompilerNotFoundError,
                     GridError, LaunchError, MyTritonError, MyTritonWarning)
from .errors import DeviceAssertionError, OutOfBoundsError
from .language import constexpr

from ._version import __version__

# Launch keywords Triton accepts that mean nothing here (the block size is the
# kernel's tensor width); they are accepted and ignored so kernels port as-is.
_IGNORED_LAUNCH_OPTIONS = ("num_ctas", "maxnreg")
# Keywords a launch (kernel[grid](...), warmup) takes for itself. A kernel
# parameter of one of these names is refused when the kernel is decorated:
# Triton lets such a parameter take the value both as an argument and as the
# option (or raises a bare TypeError for `grid`), which launches something
# other than what was asked for.
_LAUNCH_OPTIONS = ("backend", "num_warps", "num_stages", "programs_per_cta",
                   "enable_fp_fusion", *_IGNORED_LAUNCH_OPTIONS)
# Triton's default num_stages on NVIDIA GPUs: the shared-memory buffers of a
# software-pipelined tensor-core loop (tt-pipeline).
DEFAULT_NUM_STAGES = 3
# run()'s own keywords: a parameter of these names could never be passed.
# A parameter named like a launch option (tutorial 02's `num_stages:
# tl.constexpr`) is allowed: the name is then the parameter's, never the
# option's, so an option cannot shadow a parameter.
RESERVED_PARAMETER_NAMES = ("grid", "warmup")
_BACKENDS = ("nvvm", "cuda")
# Triton's argument specialization: a pointer whose address, or an int whose
# value, is a multiple of this gets {tt.divisibility = 16 : i32} (see
# divisibility()); an int equal to 1 (a unit stride) is traced as the
# constant 1, as Triton's equal_to_1 specialization makes it a constexpr.
DIVISIBILITY = 16
EQUAL_TO_ONE = 1
_MAX_GRID = (2**31 - 1, 65535, 65535)


def _make_getenv():
    """os.environ.get for the settings every launch reads (so changing one
    between launches takes effect). On POSIX os.environ keeps its values in
    the bytes-keyed dict `_data`, which it updates on every change; reading
    that directly skips os.environ.get's Mapping machinery, about 1 us a
    read on the H200 host's Python, four reads a launch. Elsewhere, or if
    CPython ever changes it, os.environ.get."""
    data = getattr(os.environ, "_data", None)
    if os.name != "posix" or not isinstance(data, dict) or \
            any(not isinstance(k, bytes) for k in list(data)[:1]):
        return os.environ.get

    def getenv(name, default=None):
        value = data.get(name.encode())
        return default if value is None else os.fsdecode(value)
    return getenv


_getenv = _make_getenv()


def _is_located_refusal(error: str) -> bool:
    """Whether a route's error is the compiler's diagnostic at a source
    line (its verdict on this kernel, the same on every run)."""
    return any(d.filename != "<unknown>" and d.severity == "error"
               for d in compiler.parse_diagnostics(error))


def _default_backend() -> str:
    return _getenv("MYTRITON_BACKEND", "nvvm") or "nvvm"


def _gpu_arch() -> str:
    from .runtime import DEFAULT_CHIP
    return _getenv("MYTRITON_GPU_ARCH", DEFAULT_CHIP) or DEFAULT_CHIP


class _Bound:
    """The arguments of a launch by parameter name (inspect.BoundArguments'
    `arguments`, for the common case)."""
    __slots__ = ("arguments",)

    def __init__(self, arguments: dict):
        self.arguments = arguments


class _Arg:
    """One runtime argument: its tt type, where it lives, the value to pass."""
    __slots__ = ("type", "device", "value", "obj")

    def __init__(self, ty: str, device: str | None, value, obj):
        self.type, self.device, self.value, self.obj = ty, device, value, obj


# -- argument types -------------------------------------------------------------
# A runtime argument's type is its Triton signature string: "*fp16" (a
# pointer to fp16 elements), "i32", "i64", "u64", "fp32", "fp64", or "i1"
# (a Python bool: an i32 parameter holding 0/1 that the kernel compares
# with 0). Every dtype fact comes from _dtypes.
_SIGNATURE_NAME = {dt: name for name, dt in _dtypes.SIGNATURE_NAMES.items()
                   if name != "u1"}


def pointer_signature(dt) -> str:
    """The signature string of a pointer to `dt` elements ("*bf16")."""
    return "*" + _SIGNATURE_NAME[dt]


class _Scalar:
    """A scalar parameter kind: its dtype in the kernel, its type in the
    tt.func signature and the compiled launcher's packing code."""
    __slots__ = ("dtype", "ir", "code")

    def __init__(self, dt, ir, code):
        self.dtype, self.ir, self.code = dt, ir, code


# The scalar parameters the frontend produces (DTYPES.md): launchers pack
# only 4- and 8-byte values. A bool is an i32 parameter (Triton packs its
# i1 as an int32 too).
SCALARS = {
    "i1": _Scalar(_dtypes.int1, "i32", b"i"),
    "i32": _Scalar(_dtypes.int32, "i32", b"i"),
    "i64": _Scalar(_dtypes.int64, "i64", b"l"),
    "u64": _Scalar(_dtypes.uint64, "i64", b"u"),
    "fp32": _Scalar(_dtypes.float32, "f32", b"f"),
    "fp64": _Scalar(_dtypes.float64, "f64", b"d"),
}
I32_ARG, I64_ARG, U64_ARG, F32_ARG, F64_ARG, BOOL_ARG = \
    "i32", "i64", "u64", "fp32", "fp64", "i1"
POINTERS = {pointer_signature(dt): dt for dt in _dtypes.ALL}
# Types whose value is specialized on divisibility by 16, as Triton does:
# pointers and ints (not floats, not bools).
_DIVISIBLE = frozenset([*POINTERS, I32_ARG, I64_ARG, U64_ARG])
_INTS = frozenset([I32_ARG, I64_ARG, U64_ARG])
# The former spellings of signature strings ("ptr<f32>", "f32"), still taken
# by JITFunction.trace.
_FORMER_NAMES = {"f16": "fp16", "f32": "fp32", "f64": "fp64"}


def parse_signature(text: str):
    """The signature string `text` ("*fp16", "i64", or the former "ptr<f32>")
    in its canonical form, as _Arg.type holds it; ValueError otherwise."""
    name = str(text).strip()
    pointer = False
    if name.startswith("*"):
        pointer, name = True, name[1:].strip()
    elif name.startswith("ptr<") and name.endswith(">"):
        pointer, name = True, name[4:-1].strip()
    name = _FORMER_NAMES.get(name, name)
    dt = _dtypes.SIGNATURE_NAMES.get(name)
    if dt is not None and pointer:
        return pointer_signature(dt)
    if dt is not None and _SIGNATURE_NAME[dt] in SCALARS:
        return _SIGNATURE_NAME[dt]
    raise ValueError(
        f"unknown argument type {text!r}: pointers are '*' and one of "
        f"{', '.join(sorted(set(_SIGNATURE_NAME.values())))}; scalars are "
        f"{', '.join(SCALARS)}")


def param_mlir_type(sig: str) -> str:
    """The tt.func parameter type of a (canonical) signature string."""
    if sig in POINTERS:
        return _dtypes.pointer_type(POINTERS[sig]).mlir
    return SCALARS[sig].ir


def _supported_dtypes() -> str:
    return ", ".join(d.codegen_name() for d in _dtypes.ALL
                     if d is not _dtypes.int1) + " and bool"


def _torch_arg(value):
    """A contiguous torch tensor of a dtype in _dtypes: a CUDA one read
    without building its __cuda_array_interface__ dict (a large share of a
    launch's host time), a CPU one for the CPU path; None for anything else
    (the general way decides, and says what is wrong)."""
    if type(value).__module__ != "torch":
        return None
    dt = _dtypes.from_torch(getattr(value, "dtype", None))
    if dt is None or not value.is_contiguous():
        return None
    device = "gpu" if getattr(value, "is_cuda", False) else \
        "host" if str(getattr(value, "device", "cpu")) == "cpu" else None
    if device is None:
        return None
    return _Arg(pointer_signature(dt), device, value.data_ptr(), value)


def _refuse_torch(tensor, bad):
    """Says why `tensor` (torch's) is not an argument _torch_arg takes."""
    dt = _dtypes.from_torch(getattr(tensor, "dtype", None))
    if dt is None:
        bad(f"a torch tensor of dtype {tensor.dtype} is not supported; "
            f"mytriton kernels take arrays of {_supported_dtypes()}")
    if not tensor.is_contiguous():
        bad("the torch tensor is not contiguous; pass .contiguous()")
    bad(f"a torch tensor on device {tensor.device} is not supported; pass a "
        "CUDA or a CPU tensor")


def _int_arg(value, bad) -> _Arg:
    """A Python int by its value, as Triton specializes it: i32, else i64,
    else u64."""
    if -2**31 <= value < 2**31:
        return _Arg(I32_ARG, None, value, value)
    if -2**63 <= value < 2**63:
        return _Arg(I64_ARG, None, value, value)
    if 2**63 <= value < 2**64:
        return _Arg(U64_ARG, None, value, value)
    bad(f"the int {value} does not fit in 64 bits (int64, or uint64 for "
        "values from 2**63 to 2**64 - 1)")


# numpy scalars by their dtype (DTYPES.md): the four scalar parameter types
# and uint64; a numpy bool is a bool.
_NUMPY_SCALARS = {"int32": I32_ARG, "int64": I64_ARG, "uint64": U64_ARG,
                  "float32": F32_ARG, "float64": F64_ARG}


def _numpy_scalar(value, bad) -> _Arg:
    name = value.dtype.name
    if name == "bool":
        return _Arg(BOOL_ARG, None, int(value), bool(value))
    ty = _NUMPY_SCALARS.get(name)
    if ty is None:
        bad(f"a numpy {name} scalar is not supported; scalar arguments are "
            "int32, int64, uint64, float32 or float64 (numpy's, or a Python "
            "int, float or bool)")
    item = value.item()
    return _Arg(ty, None, item, item)


def _numpy_dtype(typestr):
    """The _dtypes dtype of a __cuda_array_interface__ typestr in this
    machine's byte order ("<f2" -> fp16, "|b1" -> bool), or None."""
    import numpy as np
    try:
        dt = np.dtype(typestr)
    except TypeError:
        return None
    return _dtypes.from_numpy(dt) if dt.isnative else None


def _runtime_module():
    """mytriton.runtime (imported on first use: it imports this module)."""
    global _RUNTIME
    if _RUNTIME is None:
        from . import runtime
        _RUNTIME = runtime
    return _RUNTIME


_RUNTIME = None
# Set by runtime.py once the compiled launcher is loaded: a C version of
# _classify_one for ints, floats and torch CUDA tensors (None: Python only),
# and the fast path's specialize and launch_entry (see _fast_path.py).
_FAST_CLASSIFY = None
_FAST_SPECIALIZE = None
_FAST_LAUNCH = None


def divisibility(runtime_args) -> tuple:
    """Per runtime argument, its specialization: DIVISIBILITY (16) when it
    is divisible by 16 -- a pointer whose address is (`_Arg.value` holds
    the address) or an int (i32, i64, u64) whose value is (0 included) --,
    EQUAL_TO_ONE for an int equal to 1, else 0. Floats and bools never.
    Part of both cache keys; the traced arguments carry it as
    tt.divisibility or as the constant 1 (trace's `divisible`)."""
    # A list comprehension: cheaper than a generator (this runs per launch).
    return tuple([(DIVISIBILITY if a.value % DIVISIBILITY == 0 else
                   EQUAL_TO_ONE if a.value == 1 and a.type in _INTS else 0)
                  if a.type in _DIVISIBLE else 0 for a in runtime_args])


def _specialization_code(flag) -> str:
    """A divisibility() flag in the cache key: "D" (by 16; a bool True, the
    former flag, too), "1" (equal to one) or ""."""
    if flag is True or (flag is not False and flag == DIVISIBILITY):
        return "D"
    return "1" if flag is not False and flag == EQUAL_TO_ONE else ""


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_cuda_array_interface(iface, bad) -> tuple:
    """(pointer type, device address) of a __cuda_array_interface__ dict,
    checked before anything reaches the driver: `bad(reason)` raises for a
    dict that is malformed (version 2/3 of the spec: shape a tuple of ints,
    typestr a str, data a (pointer, read-only) pair, strides None or one int
    per axis, no mask), for a null pointer to a non-empty array (the spec
    allows 0 for empty ones only), a read-only or non-contiguous array."""
    what = "its __cuda_array_interface__"
    if not isinstance(iface, dict):
        bad(f"{what} is a {type(iface).__name__}, not a dict")
    shape = iface.get("shape")
    if not isinstance(shape, (tuple, list)) or \
            not all(_is_int(n) and n >= 0 for n in shape):
        bad(f"{what} has no valid shape (a tuple of non-negative ints), got "
            f"{shape!r}")
    typestr = iface.get("typestr")
    if not isinstance(typestr, str):
        bad(f"{what} has no valid typestr (a str such as '<f4'), got "
            f"{typestr!r}")
    dt = _numpy_dtype(typestr)
    if dt is None:
        bad(f"a GPU array of dtype {typestr} is not supported; mytriton "
            f"kernels take arrays of {_supported_dtypes()}")
    data = iface.get("data")
    if not isinstance(data, (tuple, list)) or len(data) != 2 or \
            not _is_int(data[0]) or not 0 <= data[0] < 2**64:
        bad(f"{what} has no valid data entry (a (pointer, read-only) pair "
            f"with an int pointer), got {data!r}")
    size = 1
    for n in shape:
        size *= n
    if data[0] == 0 and size:
        bad(f"{what} has a null data pointer for a non-empty array of shape "
            f"{tuple(shape)}")
    if data[1]:
        bad("the GPU array is read-only; kernels may write through any "
            "pointer argument")
    strides = iface.get("strides")
    if strides is not None and (
            not isinstance(strides, (tuple, list)) or
            len(strides) != len(shape) or
            not all(_is_int(n) for n in strides)):
        bad(f"{what} has malformed strides {strides!r} (None, or one int per "
            f"axis of shape {tuple(shape)})")
    if iface.get("mask") is not None:
        bad("masked GPU arrays (a __cuda_array_interface__ mask) are not "
            "supported")
    if not _contiguous(shape, strides, dt.itemsize):
        bad("the GPU array is not contiguous; pass .contiguous() (torch) or "
            "a C-contiguous copy")
    return pointer_signature(dt), data[0]


def _contiguous(shape, strides, itemsize) -> bool:
    if strides is None:
        return True
    expected = itemsize
    for dim, stride in zip(reversed(shape), reversed(strides)):
        if dim != 1 and stride != expected:
            return False
        expected *= dim
    return True


class _Asm(dict):
    """CompiledKernel.asm: Triton's keys (see CompiledKernel), with "sass"
    disassembled from the cubin on first access when cuobjdump or nvdisasm
    is there (a KeyError saying why otherwise)."""

    def __missing__(self, key):
        if key != "sass" or "cubin" not in self:
            raise KeyError(key)
        from . import _sass
        value = _sass.disassemble(self["cubin"])
        self["sass"] = value
        return value


# Keys derived on demand: not stored in the cache entry.
_DERIVED_ASM = ("sass",)


class KernelMetadata:
    """CompiledKernel.metadata, as Triton's: ``name``, ``num_warps`` (warps
    per CUDA block: threads x programs_per_cta / 32, rounded up),
    ``num_stages`` (the launch option, 3 by default: the shared-memory
    buffers tt-pipeline gives the kernel's tensor-core loops on the
    gpu/nvvm route for sm_90a), ``num_ctas`` (1), ``shared`` (shared
    memory in bytes: the static part from the cubin, then the driver's
    CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES once loaded, plus the dynamic part
    every launch passes: tiled kernels' tensor-core tiles and layout
    scratch) and ``backend``."""
    __slots__ = ("name", "num_warps", "num_stages", "num_ctas", "shared",
                 "backend")

    def __init__(self, **fields):
        for key, value in fields.items():
            setattr(self, key, value)

    def __repr__(self):
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__)
        return f"KernelMetadata({fields})"


# The compiled launcher's packing code of each argument type: 'p' a
# pointer (8 bytes), then the scalars' codes (launcher.c's pack()).
_SIGNATURE_CODES = {**{p: b"p" for p in POINTERS},
                    **{name: s.code for name, s in SCALARS.items()}}


class CompiledKernel:
    """A kernel compiled for one specialization.

    ``asm`` holds Triton's keys: "ttir" (the optimized tt IR, as Triton's
    "ttir" is after its tt passes), "ttir-traced" (the tt IR as traced, with
    a loc(...) on every op), "llir" (LLVM IR of the gpu/nvvm route, when
    the compiler returned it), "ptx", "cubin" (bytes), "cuda" (the CUDA C++
    route's source) and "sass" (disassembled on first access when cuobjdump
    or nvdisasm is installed). "ttir-opt" is the former name of "ttir" and
    still works. ``backend_errors`` says why any is missing.
    ``block_size`` is lanes per program, ``threads`` CUDA threads per
    program, ``signature`` the runtime parameters' types. ``metadata``,
    ``n_regs`` and ``n_spills`` are Triton's (see KernelMetadata): registers
    per thread and spilled 4-byte words, from the cubin and then, once the
    kernel is loaded on a device (``_init_handles()`` or a launch), from the
    driver (cuFuncGetAttribute, as Triton reads them)."""

    def __init__(self, name, asm, block_size, signature, param_names, backend,
                 backend_errors, compiler_version, cache_key, threads=None,
                 programs_per_cta=1, dynamic_shared=0, load_bytes=0,
                 tensor_maps=()):
        self.name = name
        # Dynamic shared memory (bytes) every launch of the gpu/nvvm binary
        # gives the kernel, as the compiler reported it ("shared-bytes").
        self.dynamic_shared = dynamic_shared
        # Global-memory bytes a block has in flight at once ("load-bytes"),
        # from which the runtime caps its occupancy (runtime.load).
        self.load_bytes = load_bytes
        # The hidden !tt.tensor_map parameters the launcher encodes, after
        # the kernel's own ("tensor-maps"; docs/GPULowering.md#tma-copies).
        self.tensor_maps = list(tensor_maps)
        self.asm = _Asm(asm)
        if "ttir-traced" not in self.asm and "ttir-opt" in self.asm:
            # Built from the former keys ("ttir" as traced, "ttir-opt").
            self.asm["ttir-traced"] = self.asm["ttir"]
            self.asm["ttir"] = self.asm["ttir-opt"]
        if "ttir" in self.asm and "ttir-opt" not in self.asm:
            self.asm["ttir-opt"] = self.asm["ttir"]  # the former name
        self.block_size = block_size
        # CUDA threads per program: block_size, or fewer with num_warps (each
        # thread then owns block_size / threads lanes).
        self.threads = threads or block_size
        # Programs of axis 0 per CUDA block (blockDim.y); see tt.func.
        self.programs_per_cta = programs_per_cta
        # The launch's num_stages (set by the launch that compiled it).
        self.num_stages = DEFAULT_NUM_STAGES
        self.signature = signature
        self.param_names = param_names
        self.backend = backend
        self.backend_errors = backend_errors
        self.compiler_version = compiler_version
        self.cache_key = cache_key
        # Per device ordinal: the loaded module and function (runtime.load).
        self._gpu_functions = {}
        # The compiled launcher or False (runtime.py); the ctypes path passes
        # tensor maps.
        self._launcher = False if self.tensor_maps else None
        # The compile options (for the variant without TMA copies) and that
        # variant, once a launch needed it (_pointer_variant).
        self._options = None
        self._without_tma = None
        self._signature_codes = b"".join(
            [_SIGNATURE_CODES.get(t, b"?") for t in signature])
        self._function = None  # the JITFunction, for kernel[grid](...)
        self._lock = threading.Lock()
        self._facts = None
        # The chosen GPU route's located CompilationError, raised when the
        # kernel is warmed up or launched on the GPU (JITFunction._run).
        self._route_error = None

    def __repr__(self):
        return (f"<CompiledKernel {self.name} block_size={self.block_size} "
                f"signature=({', '.join(self.signature)}) "
                f"backend={self.backend}>")

    # -- Triton's facts --------------------------------------------------------
    def _cubin_facts(self) -> dict:
        if self._facts is None:
            from . import _cubin
            cubin = self.asm.get("cubin")
            self._facts = _cubin.kernel_facts(cubin, self.name) if cubin \
                else {"n_regs": None, "n_spills": None, "shared": None}
        return self._facts

    def _loaded_fact(self, field):
        """The driver's value on the current device (else any device the
        kernel is loaded on), or the cubin's."""
        if self._gpu_functions:
            from . import runtime
            loaded = self._gpu_functions.get(runtime.current_device()) or \
                next(iter(self._gpu_functions.values()))
            return getattr(loaded, field)
        return self._cubin_facts().get(field)

    @property
    def n_regs(self):
        """Registers per thread as the SM allocates them: the driver's (or
        the cubin's) count rounded up to a multiple of 8 (a warp's
        registers come in units of 256), so that the tutorials'
        occupancy rule, 65536 // (n_regs * 32 * num_warps), counts blocks
        that fit. Triton reports the unrounded count (docs/Python.md)."""
        regs = self._loaded_fact("n_regs")
        return -(-regs // 8) * 8 if regs else regs

    @property
    def n_spills(self):
        return self._loaded_fact("n_spills")

    @property
    def metadata(self) -> KernelMetadata:
        return KernelMetadata(
            name=self.name,
            num_warps=max(1, -(-self.threads * self.programs_per_cta // 32)),
            num_stages=self.num_stages, num_ctas=1,
            shared=(self._loaded_fact("shared") or 0) +
            max(self.dynamic_shared, self._loaded_fact("reserved_shared") or 0),
            backend=self.backend)

    def _init_handles(self, device=None):
        """Loads the kernel on `device` (default: the current one), as
        Triton's _init_handles; n_regs/n_spills/metadata.shared then come
        from the driver."""
        from . import runtime
        ordinal = runtime.current_device() if device is None else \
            int(getattr(device, "index", device) or 0)
        runtime.load(self, ordinal, dict(kernel=self.name, filename="<kernel>",
                                         lineno=0))

    def __getitem__(self, grid):
        """Triton's ``compiled[grid](*args)``: launches this compiled kernel
        with the JITFunction's full argument list; constexpr arguments are
        accepted and ignored, runtime ones must match the signature."""
        def launcher(*args, **kwargs):
            if self._function is None:
                raise LaunchError("this CompiledKernel was not made by a "
                                  "JITFunction in this process; launch it "
                                  "with kernel[grid](...)", kernel=self.name,
                                  filename="<kernel>", lineno=0)
            return self._function._launch_compiled(self, grid, args, kwargs)
        return launcher

    def payload(self) -> dict:
        return {"name": self.name, "block_size": self.block_size,
                "threads": self.threads,
                "programs_per_cta": self.programs_per_cta,
                "dynamic_shared": self.dynamic_shared,
                "load_bytes": self.load_bytes,
                "tensor_maps": self.tensor_maps,
                "signature": self.signature, "param_names": self.param_names,
                "backend": self.backend,
                "backend_errors": self.backend_errors,
                "compiler_version": self.compiler_version,
                "asm": {k: v for k, v in self.asm.items()
                        if k != "cubin" and k not in _DERIVED_ASM},
                "cubin": self.asm.get("cubin")}

    @classmethod
    def from_payload(cls, payload, key):
        asm = dict(payload["asm"])
        if payload.get("cubin") is not None:
            asm["cubin"] = payload["cubin"]
        return cls(payload["name"], asm, int(payload["block_size"]),
                   list(payload["signature"]), list(payload["param_names"]),
                   payload["backend"], dict(payload["backend_errors"]),
                   payload["compiler_version"], key,
                   int(payload.get("threads") or payload["block_size"]),
                   int(payload.get("programs_per_cta") or 1),
                   int(payload.get("dynamic_shared") or 0),
                   int(payload.get("load_bytes") or 0),
                   list(payload.get("tensor_maps") or ()))

    def _pointer_variant(self, where):
        """This kernel compiled without TMA copies (tma=0): what a launch
        runs when it cannot encode a tensor map (a size of 0 or less, say:
        K = 0). Compiled once, at the first such launch."""
        with self._lock:
            if self._without_tma is None:
                function = self._function
                if function is None or self._options is None or \
                        compiler.version() is None:
                    raise LaunchError(
                        "this launch cannot pass the kernel's tensor maps "
                        "and the compiler is not here to build it without "
                        "TMA copies (set MYTRITON_TMA=0)", **where)
                kernel = function._compile_traced(
                    self.asm["ttir-traced"], self.block_size, self.signature,
                    self._options + ";tma=0", self.backend, None,
                    compiler.version())
                if kernel._route_error is not None:
                    raise kernel._route_error
                kernel.threads = self.threads
                kernel.programs_per_cta = self.programs_per_cta
                kernel.num_stages = self.num_stages
                kernel._function = function
                self._without_tma = kernel
            return self._without_tma


def auto_num_warps(num_warps, block_size: int, reduces: bool = False,
                   loads: int = 1, reductions: int = 0,
                   access_bytes: int = 4) -> int:
    """num_warps="auto" (the default). Elementwise kernels: 16 bytes of the
    narrowest element a load or store accesses per thread (`access_bytes`:
    four floats, eight halves; one 128-bit access, as the kernel's lanes per
    group follow the same element, tt.func's getLanesPerGroup), at least
    four lanes, at most 8 warps. Kernels with a reduction,
    where a thread's own lanes combine without shuffles: about eight
    elements in flight per thread, so 8 // loads lanes (at least 2), at
    most 32 warps. A row reduced twice from one load (softmax) of 1024 lanes
    gets 16 lanes: programs of half the threads, twice as many rows in
    flight per SM to cover the two reductions' barriers, in 32 registers.
    Chosen by measurement on an H200 (docs/performance.md): softmax
    32768x1024 ran at 1342 GB/s with one lane per thread and 4000+ with
    eight, and 16 lanes beat Triton in every round where eight tie it; the
    long-row sum (8 and 16 loads) ran at 88-91% of copy with eight lanes and
    90-98% with two."""
    if num_warps != "auto":
        return num_warps
    if not reduces:
        lanes = max(4, 16 // max(1, access_bytes))
        return max(1, min(8, block_size // (32 * lanes)))
    lanes = max(2, 8 // max(1, loads))
    if reductions >= 2 and loads == 1 and block_size >= 1024:
        lanes = 16
    return max(1, min(32, block_size // (32 * lanes)))


_ACCESS_RE = re.compile(r"= tt\.load |^\s*tt\.store ")
_POINTEE_RE = re.compile(r"!tt\.ptr<([a-z]+)(\d+)>")


def _narrowest_access_bytes(lines) -> int:
    """Bytes of the narrowest element a traced tt.load or tt.store
    accesses (4 when none is narrower)."""
    narrowest = 4
    for line in lines:
        if _ACCESS_RE.search(line):
            for _, bits in _POINTEE_RE.findall(line):
                narrowest = min(narrowest, max(1, int(bits) // 8))
    return narrowest


def auto_programs_per_cta(programs_per_cta, threads: int) -> int:
    """programs_per_cta="auto" (the default): programs of at most one warp
    share 128-thread CUDA blocks; wider programs get a block each. A block
    of one 32-thread program per row left an H200 at a third of its
    bandwidth on 256-wide row reductions (docs/performance.md)."""
    if programs_per_cta != "auto":
        return programs_per_cta
    if threads > 32:
        return 1
    return 1 << ((128 // threads).bit_length() - 1)


def _as_list(items) -> list:
    """do_not_specialize's value: None, one name or index, or a sequence."""
    if items is None:
        return []
    if isinstance(items, (str, int)):
        return [items]
    return list(items)


_FRONTEND_DIGEST = None


def _frontend_digest() -> str:
    """A digest of this package's Python sources (the tracer, the language,
    the launch ABI): a kernel cached by another version of the frontend may
    have been traced differently, so it keys the disk cache, as Triton keys
    its cache on its own sources."""
    global _FRONTEND_DIGEST
    if _FRONTEND_DIGEST is None:
        import hashlib
        digest = hashlib.sha256()
        root = os.path.dirname(os.path.abspath(__file__))
        for folder, dirs, files in sorted(os.walk(root)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    digest.update(os.path.relpath(path, root).encode())
                    with open(path, "rb") as f:
                        digest.update(f.read())
        _FRONTEND_DIGEST = digest.hexdigest()[:16]
    return _FRONTEND_DIGEST


class JITFunction:
    """What @mytriton.jit returns: launch with ``kernel[grid](*args)``."""

    def __init__(self, fn, backend: str | None = None, *,
                 do_not_specialize=None, do_not_specialize_on_alignment=None,
                 debug=None):
        if not inspect.isfunction(fn):
            raise TypeError("@mytriton.jit decorates a Python function")
        if backend is not None and backend not in _BACKENDS:
            raise ValueError(f"backend must be one of {_BACKENDS}")
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn
        self.backend = backend
        self.signature = inspect.signature(fn)
        self.params = list(self.signature.parameters.values())
        self._param_names = [p.name for p in self.params]
        # The launch options a parameter of the same name does not take.
        self._launch_options = frozenset(_LAUNCH_OPTIONS) - \
            set(self._param_names)
        self._plain_params = all(
            p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and
            p.default is inspect.Parameter.empty for p in self.params)
        for p in self.params:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise CompilationError(
                    "kernels take named parameters only (no *args/**kwargs)",
                    kernel=fn.__name__, filename=fn.__code__.co_filename,
                    lineno=fn.__code__.co_firstlineno)
        self.constexprs = {p.name for p in self.params
                           if self._is_constexpr_annotation(p.annotation)}
        self.def_line = fn.__code__.co_firstlineno
        try:
            lines, start = inspect.getsourcelines(fn)
            self.src = textwrap.dedent("".join(lines))
            self._source_lines = (lines, start)  # what tracing rewrites
            # co_firstlineno is the first decorator; errors show the def.
            for offset, line in enumerate(lines):
                if line.lstrip().startswith(("def ", "async def ")):
                    self.def_line = start + offset
                    break
        except (OSError, TypeError):
            self.src = fn.__code__.co_code.hex()
            self._source_lines = None
        for p in self.params:
            if p.name in RESERVED_PARAMETER_NAMES:
                raise CompilationError(
                    f"parameter '{p.name}' has the name of a launch keyword; "
                    "rename it (a launch takes these names for itself: "
                    f"{', '.join(RESERVED_PARAMETER_NAMES)})", **self._where())
        self.arg_names = self._param_names  # Triton's name for them.
        if debug is not None and not isinstance(debug, bool):
            raise TypeError("@jit(debug=...) takes True, False or None")
        # As in Triton: turns tl.device_assert on; None defers to
        # $TRITON_DEBUG (debug_enabled()).
        self.debug = debug
        self.do_not_specialize = _as_list(do_not_specialize)
        self.do_not_specialize_on_alignment = _as_list(
            do_not_specialize_on_alignment)
        # Per runtime argument: True where divisibility() must not mark it.
        # MyTriton's only specialization is the alignment one, so both lists
        # mean the same here.
        unspecialized = self._parameter_set(
            self.do_not_specialize + self.do_not_specialize_on_alignment)
        self._unspecialized = tuple(
            [name in unspecialized for name in self._runtime_names()]) \
            if unspecialized else None
        self._kernels: dict = {}
        self._lock = threading.Lock()
        # What the kernel's code reads besides its arguments (helpers'
        # sources, globals' values): found at the first launch, when the
        # module's later definitions exist (see _dependencies.py).
        self._deps = None
        self._runtime_names_list = None  # _runtime_names(), for _classify
        # The launch fast path (see _fast_path.py): a function made for this
        # kernel's parameters once the compiled launcher is loaded, and the
        # launches it has seen, by specialization key.
        self._fast = None
        self._fast_table: dict = {}

    def _parameter_set(self, items) -> set:
        """The parameter names that do_not_specialize's items (names, or
        indices into the parameter list as in Triton) refer to."""
        names = set()
        for item in items:
            if isinstance(item, int) and not isinstance(item, bool) and \
                    0 <= item < len(self.params):
                name = self._param_names[item]
            elif isinstance(item, str) and item in self._param_names:
                name = item
            else:
                raise CompilationError(
                    f"do_not_specialize: {item!r} is not a parameter name or "
                    f"index (the kernel takes: "
                    f"{', '.join(self._param_names)})", **self._where())
            if name in self.constexprs:
                raise CompilationError(
                    f"do_not_specialize: {name!r} is a tl.constexpr, which "
                    "is always specialized on its value", **self._where())
            names.add(name)
        return names

    @staticmethod
    def _is_constexpr_annotation(annotation) -> bool:
        if annotation is constexpr or (isinstance(annotation, type) and
                                       issubclass(annotation, constexpr)):
            return True
        if isinstance(annotation, str):
            return annotation.split(".")[-1] == "constexpr"
        return False

    # -- errors ------------------------------------------------------------
    def _where(self):
        return dict(kernel=self.__name__,
                    filename=self.fn.__code__.co_filename,
                    lineno=self.def_line)

    # -- Triton's surface ----------------------------------------------------
    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            # The fast path first (see _fast_path.py): a kernel, a LaunchError
            # to raise, or the key for the full path to remember.
            fast, key = self._fast, None
            if fast is not None:
                try:
                    key = fast(grid, *args, **kwargs)
                except Exception:  # the full path says what is wrong
                    key = None
                if key.__class__ is CompiledKernel:
                    return key
                if key.__class__ is LaunchError:
                    raise key
            return self._run(args, kwargs, grid, False, key)
        return launcher

    def __call__(self, *args, **kwargs):
        builder = getattr(_state, "builder", None)
        if builder is not None:
            return self._inline(builder, args, kwargs)
        raise LaunchError("launch a kernel with kernel[grid](*args); calling "
                          "it directly is not supported (inside a kernel, "
                          "a @jit function is a helper)", **self._where())

    def _inline(self, builder, args, kwargs):
        """A @jit helper called while a kernel is traced: its body is traced
        in place with these arguments (tensors, scalars, Python values),
        like Triton's inlined calls; it returns what the body returns (a
        value, a tuple, None). Its ops carry the helper's own lines; an
        error inside it also names the calling line."""
        filename, line, col = builder.location()
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            names = ", ".join(p.name for p in self.params)
            builder.error(f"calling @jit helper '{self.__name__}': {e} (it "
                          f"takes: {names})")
        bound.apply_defaults()
        for name in self.constexprs:
            value = bound.arguments[name]
            if isinstance(value, _TracedValue):
                builder.error(f"calling @jit helper '{self.__name__}': "
                              f"parameter '{name}' is a tl.constexpr but "
                              "got a traced value")
            bound.arguments[name] = value.value \
                if isinstance(value, constexpr) else value
        try:
            return traceable(self.fn, self._source_lines)(**bound.arguments)
        except MyTritonError as e:
            e.add_caller(filename, line, col)
            raise
        except RecursionError:
            raise
        except Exception as e:
            error = self._tracing_error(e)
            error.kernel = builder.kernel_name
            error.add_caller(filename, line, col)
            raise error from e

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles for these arguments without launching."""
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def run(self, *args, grid=None, warmup=False, **kwargs):
        fast, key = self._fast, None
        if fast is not None and not warmup:
            try:
                key = fast(grid, *args, **kwargs)
            except Exception:  # the full path says what is wrong
                key = None
            if key.__class__ is CompiledKernel:
                return key
            if key.__class__ is LaunchError:
                raise key
        return self._run(args, kwargs, grid, warmup, key)

    def _run(self, args, kwargs, grid, warmup, fast_key=None):
        """The full launch path. `fast_key`: the fast path's key for this
        launch when it missed (remembered once the launch went through the
        compiled launcher), else None."""
        backend, num_warps, programs_per_cta = None, None, "auto"
        num_stages, fp_fusion = None, None
        options = self._launch_options
        if kwargs and not options.isdisjoint(kwargs):
            # Options named like a kernel parameter are the parameter's.
            if "backend" in options:
                backend = kwargs.pop("backend", None)
            if "num_warps" in options:
                num_warps = kwargs.pop("num_warps", None)
            if "num_stages" in options:
                num_stages = kwargs.pop("num_stages", None)
            if "enable_fp_fusion" in options:
                fp_fusion = kwargs.pop("enable_fp_fusion", None)
            if "programs_per_cta" in options:
                programs_per_cta = kwargs.pop("programs_per_cta", "auto")
            for option in _IGNORED_LAUNCH_OPTIONS:
                if option in options:
                    kwargs.pop(option, None)
        backend = backend or self.backend or _default_backend()
        if backend not in _BACKENDS:
            raise LaunchError(f"unknown backend {backend!r} (MYTRITON_BACKEND "
                              f"or backend=): expected one of "
                              f"{', '.join(_BACKENDS)}", **self._where())
        num_warps = self._num_warps(num_warps, backend)
        num_stages = self._num_stages(num_stages)
        fp_fusion = self._fp_fusion(fp_fusion)
        programs_per_cta = self._programs_per_cta(programs_per_cta)
        bound = self._bind(args, kwargs)
        runtime_args, constants = self._classify(bound)
        devices = {a.device for a in runtime_args if a.device}
        if len(devices) > 1:
            host = [n for n, a in zip(self._runtime_names(), runtime_args)
                    if a.device == "host"]
            gpu = [n for n, a in zip(self._runtime_names(), runtime_args)
                   if a.device == "gpu"]
            raise ArgumentError(
                f"mixes host arrays ({', '.join(host)}) with GPU arrays "
                f"({', '.join(gpu)}); pass all arrays on the GPU or all as "
                "numpy arrays", **self._where())
        grid3 = None
        if grid is not None or not warmup:
            grid3 = self._grid(grid, bound)
        device = devices.pop() if devices else "host"
        target = None
        if device == "gpu":
            # The device holding the arrays, its chip and current stream:
            # known before compiling, since the chip keys the caches.
            runtime = _runtime_module()
            where = self._where()
            target = runtime.target(runtime_args, self._runtime_names, where)
        kernel = self._get_kernel(runtime_args, constants, backend, num_warps,
                                  programs_per_cta,
                                  chip=target.chip if target else None,
                                  num_stages=num_stages, fp_fusion=fp_fusion)
        if kernel._route_error is not None and (warmup or device == "gpu"):
            raise kernel._route_error
        if warmup:
            return kernel
        if 0 in grid3:
            return kernel  # As in Triton: an empty grid launches nothing.
        if device == "gpu":
            runtime.launch(kernel, grid3, runtime_args, where, target)
            if fast_key is not None:
                _fast_path.remember(self, fast_key, kernel, target)
            elif self._fast is None and _FAST_LAUNCH is not None:
                self._fast = _fast_path.make(self)
        else:
            self._run_on_cpu(kernel, grid3, runtime_args)
        return kernel

    def _launch_compiled(self, kernel, grid, args, kwargs):
        """CompiledKernel[grid](*args): this kernel, these arguments."""
        bound = self._bind(args, kwargs)
        runtime_args, _ = self._classify(bound)
        types = [a.type for a in runtime_args]
        if types != list(kernel.signature):
            raise ArgumentError(f"the compiled kernel takes "
                                f"({', '.join(kernel.signature)}), not "
                                f"({', '.join(types)})", **self._where())
        grid3 = self._grid(grid, bound)
        if 0 in grid3:
            return kernel
        devices = {a.device for a in runtime_args if a.device}
        if devices == {"gpu"}:
            if kernel._route_error is not None:
                raise kernel._route_error
            from . import runtime
            target = runtime.target(runtime_args, self._runtime_names,
                                    self._where())
            runtime.launch(kernel, grid3, runtime_args, self._where(), target)
        else:
            self._run_on_cpu(kernel, grid3, runtime_args)
        return kernel

    # -- arguments -----------------------------------------------------------
    def _runtime_names(self):
        return [p.name for p in self.params if p.name not in self.constexprs]

    def _bind(self, args, kwargs):
        # The common launch (every parameter given once, positionally or by
        # name, none with a default) skips inspect's general binding, a large
        # share of a launch's host time.
        names = self._param_names
        if self._plain_params and len(args) + len(kwargs) == len(names) and \
                all(k in names[len(args):] for k in kwargs):
            return _Bound(dict(zip(names, args), **kwargs))
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            names = ", ".join(p.name for p in self.params)
            raise ArgumentError(f"{e} (the kernel takes: {names})",
                                **self._where()) from None
        bound.apply_defaults()
        return bound

    def _classify(self, bound):
        runtime_args, constants = [], {}
        arguments, constexprs = bound.arguments, self.constexprs
        if _FAST_CLASSIFY is not None:
            # The compiled launcher's classify (runtime.py) takes the common
            # kinds (ints, floats, torch CUDA tensors) in C; anything else,
            # errors included, goes the Python way below.
            names = self._runtime_names_list
            if names is None:
                names = self._runtime_names_list = self._runtime_names()
            fast = _FAST_CLASSIFY([arguments[n] for n in names])
            if fast is not None:
                for name in self._param_names:
                    if name not in constexprs:
                        continue
                    value = arguments[name]
                    constants[name] = value.value \
                        if isinstance(value, constexpr) else value
                return fast, constants
        for name in self._param_names:
            value = arguments[name]
            if name in constexprs:
                if isinstance(value, constexpr):
                    value = value.value
                constants[name] = value
                continue
            runtime_args.append(self._classify_one(name, value))
        return runtime_args, constants

    def _classify_one(self, name, value) -> _Arg:
        # The common scalars first (exactly int or float: bool goes below).
        cls = type(value)
        if cls is int and -2**31 <= value < 2**31:
            return _Arg(I32_ARG, None, value, value)
        if cls is float:
            return _Arg(F32_ARG, None, value, value)

        def bad(reason):
            raise ArgumentError(f"argument '{name}': {reason}",
                                **self._where())

        if isinstance(value, constexpr):
            bad("a tl.constexpr value was passed for a parameter not "
                "annotated tl.constexpr")
        if isinstance(value, TensorWrapper):
            return self._classify_wrapper(name, value, bad)
        if type(value).__module__ == "torch" and hasattr(value, "data_ptr"):
            # (The compiled launcher's classify leaves CPU tensors and
            # anything unusual to this.)
            return _torch_arg(value) or _refuse_torch(value, bad)
        if isinstance(value, type):
            iface = None
        else:
            try:
                iface = getattr(value, "__cuda_array_interface__", None)
            except Exception as e:  # a property that raises
                bad(f"reading its __cuda_array_interface__ raised "
                    f"{type(e).__name__}: {e}")
        if iface is not None:
            ty, pointer = _check_cuda_array_interface(iface, bad)
            return _Arg(ty, "gpu", pointer, value)
        try:
            import numpy as np
        except ImportError:  # pragma: no cover - numpy is a dependency
            np = None
        if np is not None and isinstance(value, np.ndarray):
            dt = _dtypes.from_numpy(value.dtype) if value.dtype.isnative \
                else None
            if dt is None:
                what = value.dtype if value.dtype.isnative else \
                    f"{value.dtype} in non-native byte order ({value.dtype.str})"
                bad(f"a numpy array of dtype {what} is not supported; mytriton kernels take arrays of "
                    f"{_supported_dtypes()} (bfloat16 through torch, or "
                    "mytriton.reinterpret(uint16_array, tl.bfloat16))")
            if not value.flags.c_contiguous:
                bad("the numpy array is not contiguous; pass "
                    "np.ascontiguousarray(...)")
            if not value.flags.writeable:
                bad("the numpy array is read-only; kernels may write through "
                    "any pointer argument")
            return _Arg(pointer_signature(dt), "host", value.ctypes.data,
                        value)
        if np is not None and isinstance(value, np.generic):
            return _numpy_scalar(value, bad)
        if isinstance(value, bool):
            # An i32 parameter of 0 or 1 (see SCALARS).
            return _Arg(BOOL_ARG, None, int(value), value)
        if isinstance(value, int):
            return _int_arg(value, bad)
        if isinstance(value, float):
            return _Arg(F32_ARG, None, value, value)
        kind = type(value).__module__ + "." + type(value).__qualname__ \
            if type(value).__module__ != "builtins" else type(value).__name__
        bad(f"a {kind} is not supported; pass an array (numpy, a torch "
            "tensor, or a GPU array exposing __cuda_array_interface__ such as "
            "a CuPy array), an int, a float or a bool")

    def _classify_wrapper(self, name, wrapper, bad) -> _Arg:
        """mytriton.reinterpret(base, dtype): the base array's place and
        checks, the wrapper's element type (of the same size)."""
        base = self._classify_one(name, wrapper.base)
        if base.type not in POINTERS:
            bad("mytriton.reinterpret wraps an array, not a "
                f"{type(wrapper.base).__name__}")
        size = POINTERS[base.type].itemsize
        if size != wrapper.dtype.itemsize:
            bad(f"mytriton.reinterpret as {wrapper.dtype!r} needs an array "
                f"of {wrapper.dtype.itemsize}-byte elements, not of "
                f"{size}-byte {POINTERS[base.type]!r}")
        return _Arg(pointer_signature(wrapper.dtype), base.device, base.value,
                    wrapper)

    def _grid(self, grid, bound):
        def bad(reason):
            raise GridError(f"launch grid {grid!r}: {reason}", **self._where())

        if grid is None:
            bad("a grid is required: kernel[grid](...) with a tuple of 1 to 3 "
                "ints, an int, or a callable taking the meta-parameters")
        if callable(grid):
            meta = dict(bound.arguments)
            meta = {k: (v.value if isinstance(v, constexpr) else v)
                    for k, v in meta.items()}
            try:
                grid = grid(meta)
            except MyTritonError:
                raise
            except Exception as e:
                bad(f"the grid callable raised {type(e).__name__}: {e}")
        try:
            import numpy as np
            int_types = (int, np.integer)
        except ImportError:  # pragma: no cover
            int_types = (int,)
        if isinstance(grid, int_types) and not isinstance(grid, bool):
            grid = (grid,)
        if isinstance(grid, list):
            grid = tuple(grid)
        if not isinstance(grid, tuple):
            bad(f"expected a tuple of 1 to 3 ints, got a "
                f"{type(grid).__name__}")
        if not 1 <= len(grid) <= 3:
            bad(f"expected 1 to 3 dimensions, got {len(grid)}")
        dims = []
        for axis, n in enumerate(grid):
            if isinstance(n, bool) or not isinstance(n, int_types):
                bad(f"axis {axis} is a {type(n).__name__}, not an int")
            n = int(n)
            if n < 0:
                bad(f"axis {axis} is negative ({n})")
            if n > _MAX_GRID[axis]:
                bad(f"axis {axis} has {n} programs; CUDA allows at most "
                    f"{_MAX_GRID[axis]}")
            dims.append(n)
        while len(dims) < 3:
            dims.append(1)
        return tuple(dims)

    # -- compiling -----------------------------------------------------------
    def _fp_fusion(self, fp_fusion):
        """The launch's enable_fp_fusion (Triton's option): True (the
        default) lets the GPU routes fuse float multiplies and adds into
        fmas; LaunchError unless a bool."""
        if fp_fusion is None:
            return True
        if not isinstance(fp_fusion, bool):
            raise LaunchError(f"enable_fp_fusion={fp_fusion!r}: expected "
                              "True or False", **self._where())
        return fp_fusion

    def _num_stages(self, num_stages):
        """The launch's num_stages (Triton's option), None when not given
        (DEFAULT_NUM_STAGES then applies)."""
        if num_stages is None:
            return None
        if isinstance(num_stages, bool) or not isinstance(num_stages, int) \
                or num_stages < 0:
            raise LaunchError(f"num_stages={num_stages!r}: expected an int "
                              ">= 0 (the stages of a software-pipelined "
                              "tensor-core loop)", **self._where())
        return num_stages

    def _num_warps(self, num_warps, backend):
        """The launch's num_warps (Triton's option): explicit, else
        $MYTRITON_NUM_WARPS, else "auto", which picks one from the block size
        once the kernel is traced (see auto_num_warps)."""
        if num_warps is None:
            num_warps = _getenv("MYTRITON_NUM_WARPS", "").strip() or \
                "auto"
            if num_warps != "auto":
                try:
                    num_warps = int(num_warps)
                except ValueError:
                    pass
        if num_warps == "auto":
            return num_warps
        if isinstance(num_warps, bool) or not isinstance(num_warps, int) \
                or not 1 <= num_warps <= 32:
            raise LaunchError(f"num_warps={num_warps!r}: expected an int from "
                              "1 to 32, or \"auto\"", **self._where())
        return num_warps

    def _programs_per_cta(self, programs_per_cta):
        """programs_per_cta: "auto" (see auto_programs_per_cta) or a power of
        two; the verifier checks it against the program's threads."""
        if programs_per_cta == "auto":
            return programs_per_cta
        if isinstance(programs_per_cta, bool) or \
                not isinstance(programs_per_cta, int) or \
                not 1 <= programs_per_cta <= 1024 or \
                programs_per_cta & (programs_per_cta - 1):
            raise LaunchError(f"programs_per_cta={programs_per_cta!r}: "
                              "expected a power of two from 1 to 1024, or "
                              "\"auto\"", **self._where())
        return programs_per_cta

    def _get_kernel(self, runtime_args, constants, backend,
                    num_warps=None, programs_per_cta="auto",
                    chip=None, num_stages=None,
                    fp_fusion=True) -> CompiledKernel:
        types = tuple([a.type for a in runtime_args])
        # Specialized like Triton: a kernel traced with tt.divisibility on an
        # argument is only valid for launches where that argument is
        # divisible by 16, so the flags key both caches.
        divisible = divisibility(runtime_args)
        if self._unspecialized is not None:
            divisible = tuple([0 if u else d for d, u in
                               zip(divisible, self._unspecialized)])
        const_key = tuple((k, type(v).__name__, repr(v))
                          for k, v in sorted(constants.items()))
        if num_warps is not None:
            # Changes the traced IR (a tt.func attribute), so it keys both
            # caches like a constexpr does.
            const_key += (("<num_warps>", "int", repr(num_warps)),)
        if num_stages is not None:
            # A tt.func attribute too (tt-pipeline's stages).
            const_key += (("<num_stages>", "int", repr(num_stages)),)
        if programs_per_cta != "auto":
            const_key += (("<programs_per_cta>", "int",
                           repr(programs_per_cta)),)
        if self.debug_enabled():
            # tl.device_assert emits checks only then: a different kernel.
            const_key += (("<debug>", "bool", "True"),)
        options = self._compile_options(backend, chip, fp_fusion)
        dependencies = self.dependencies_digest()
        memory_key = (types, divisible, const_key, options,
                      _getenv("MYTRITON_NVRTC_OPTIONS", ""), dependencies)
        # A dict read is atomic: hits take no lock; a miss compiles under it
        # (another thread may have compiled the kernel meanwhile).
        kernel = self._kernels.get(memory_key)
        if kernel is not None:
            cache.stats["memory_hits"] += 1
            return kernel
        with self._lock:
            kernel = self._kernels.get(memory_key)
            if kernel is not None:
                cache.stats["memory_hits"] += 1
                return kernel
            kernel = self._compile(types, constants, const_key, options,
                                   backend, num_warps, programs_per_cta,
                                   divisible, dependencies, num_stages)
            kernel._function = self
            kernel._options = options
            kernel.num_stages = DEFAULT_NUM_STAGES if num_stages is None \
                else num_stages
            self._kernels[memory_key] = kernel
            return kernel

    @staticmethod
    def _compile_options(backend, chip=None, fp_fusion=True) -> str:
        """`chip`: the launch device's sm_XY (runtime.target); None for
        host arrays and warm-ups without a GPU: $MYTRITON_GPU_ARCH or
        sm_90a (runtime.DEFAULT_CHIP). `fp_fusion`: enable_fp_fusion, named
        only when off (the compiler's default is on), so that it keys both
        caches."""
        artifacts = "cuda,ptx,cubin" if backend == "nvvm" else "cuda"
        reduction = _getenv("MYTRITON_CUDA_REDUCTION", "warp")
        options = (f"artifacts={artifacts};chip={chip or _gpu_arch()};"
                   f"reduction={reduction}")
        if _getenv("MYTRITON_TMA", "1").strip() == "0":
            options += ";tma=0"  # sm_90a: every tile through cp.async
        return options if fp_fusion else options + ";fp-fusion=0"

    def dependencies_digest(self) -> str:
        """The digest of what the kernel's code reads besides its arguments:
        the functions it reaches (their source) and the globals and closure
        variables they read (their values). Analyzed at the first launch and
        again whenever one of those names is rebound; otherwise a launch
        costs one lookup per name. Raises CompilationError, at the reading
        line, for a value that cannot be keyed (a list, an array, ...)."""
        deps = self._deps
        if deps is None or deps.stale():
            deps = self._deps = _dependencies.analyze(self.fn, self.__name__)
        return deps.digest

    def disk_key(self, types, const_key, options, divisible=None,
                 dependencies=None) -> str:
        """The on-disk cache key. `divisible`: the launch's divisibility()
        flags (None: no argument specialized); `dependencies`:
        dependencies_digest() (None: computed now)."""
        divisible = divisible or (0,) * len(types)
        if dependencies is None:
            dependencies = self.dependencies_digest()
        return cache.make_key({
            "name": self.__name__, "source": self.src,
            "dependencies": dependencies,
            "signature": list(types), "constexprs": [list(c) for c in const_key],
            "specialization": [_specialization_code(d) for d in divisible],
            "options": options, "mytriton": __version__,
            "frontend": _frontend_digest(),
            "nvrtc": os.environ.get("MYTRITON_NVRTC_OPTIONS", ""),
        })

    def _compile(self, types, constants, const_key, options, backend,
                 num_warps=None, programs_per_cta="auto", divisible=None,
                 dependencies=None, num_stages=None):
        key = self.disk_key(types, const_key, options, divisible,
                            dependencies)
        current = compiler.version()
        payload = cache.load(key)
        if payload is not None:
            kernel = self._cached_kernel(payload, key, types, backend, current)
            if kernel is not None:
                cache.stats["disk_hits"] += 1
                return kernel
        if current is None:
            raise CompilerNotFoundError(
                "cannot compile: the compiler library is not available and "
                f"this specialization is not in the cache ({cache.cache_dir()})"
                f": {compiler.unavailable_reason()}", **self._where())
        ttir, block_size, threads, programs = self.trace(
            types, constants, num_warps, programs_per_cta,
            divisible=divisible, num_stages=num_stages)
        kernel = self._compile_traced(ttir, block_size, types, options,
                                      backend, key, current)
        kernel.threads, kernel.programs_per_cta = threads, programs
        cache.stats["compiles"] += 1
        errors = kernel.backend_errors.values()
        if all(e.startswith(compiler.BACKEND_NOT_BUILT) or
               _is_located_refusal(e) for e in errors):
            # Deterministic for this compiler build (a backend left out, an
            # op or type a GPU route refuses at a source line): safe to
            # cache, so that a GPU host without the compiler reports the
            # refusal. Other backend failures (a missing ptxas, say) may be
            # transient.
            cache.store(key, kernel.payload())
        return kernel

    def _cached_kernel(self, payload, key, types, backend, current):
        """The kernel of a cache entry, or None: when the entry is not this
        kernel's specialization or its optimized IR (which the CPU path
        parses and runs) does not parse, verify and name this kernel, it
        is damaged; with the compiler here, an entry from another compiler
        build is stale; without it, the entry is all there is."""
        try:
            kernel = CompiledKernel.from_payload(payload, key)
        except (KeyError, TypeError, ValueError):
            kernel = None
        if kernel is None or kernel.name != self.__name__ or \
                kernel.signature != list(types) or \
                kernel.param_names != self._runtime_names() or \
                kernel.backend != backend:
            cache.stats["damaged"] += 1
            return None
        if current is None:
            return kernel
        if kernel.compiler_version != current:
            return None
        # cache.load bounded the IR's nesting, so this parse cannot exhaust
        # the stack; about a millisecond, once per specialization.
        check = compiler.compile_ir(kernel.asm["ttir-opt"], "artifacts=")
        if check.status != compiler.STATUS_OK or \
                check.artifacts.get("kernel-name") != self.__name__:
            cache.stats["damaged"] += 1
            return None
        return kernel

    def _compile_traced(self, ttir, block_size, types, options, backend, key,
                        version) -> CompiledKernel:
        result = compiler.compile_ir(ttir, options)
        if result.status in (compiler.STATUS_IR, compiler.STATUS_ARGUMENT):
            raise self._diagnostic_error(result.diagnostics)
        # Triton's names: "ttir" is the optimized tt IR.
        asm = {"ttir-traced": ttir}
        asm.update({("ttir" if k == "ttir-opt" else k): v
                    for k, v in result.artifacts.items()
                    if k not in ("kernel-name", "shared-bytes",
                                 "tensor-maps")})
        errors = dict(result.errors)
        # The chosen route failing on this kernel is a compile error, shown
        # at the source line its diagnostic names, for GPU launches and
        # warm-ups (_run raises it; a launch on the CPU path does not need
        # the route); the other route's failure only matters if someone
        # asks for that artifact.
        needed = "cubin" if backend == "nvvm" else "cuda"
        why = errors.get(needed, "")
        route_error = None
        if why and not why.startswith(compiler.BACKEND_NOT_BUILT):
            located = [d for d in compiler.parse_diagnostics(why)
                       if d.filename != "<unknown>"]
            if located:
                route_error = self._diagnostic_error(located)
        if backend == "cuda":
            errors.pop("ptx", None)
            errors.pop("cubin", None)
            if "cuda" in asm:
                from . import cuda_compile
                try:
                    chip = re.search(r"chip=([^;]+)", options)
                    ptx, cubin = cuda_compile.compile_cuda(
                        asm["cuda"], self.__name__,
                        chip.group(1) if chip else _gpu_arch())
                    asm["ptx"], asm["cubin"] = ptx, cubin
                except cuda_compile.CUDACompileError as e:
                    if not cuda_compile.available():
                        # Finished at launch, on a host that has NVRTC.
                        errors["cubin"] = str(e)
                    else:
                        raise CompilationError(
                            f"the CUDA C path failed: {e}",
                            **self._where()) from None
            else:
                errors["cubin"] = "no CUDA source: " + errors.get("cuda", "")
        # The CUDA C++ route's shared memory is static, in its source.
        dynamic_shared = int(result.artifacts.get("shared-bytes") or 0) \
            if backend == "nvvm" else 0
        kernel = CompiledKernel(self.__name__, asm, block_size, list(types),
                                self._runtime_names(), backend, errors,
                                version, key, dynamic_shared=dynamic_shared,
                                load_bytes=int(result.artifacts.get(
                                    "load-bytes") or 0),
                                tensor_maps=json.loads(
                                    result.artifacts.get("tensor-maps")
                                    or "[]") if backend == "nvvm" else ())
        kernel._route_error = route_error
        return kernel

    def _diagnostic_error(self, diagnostics) -> CompilationError:
        errors = [d for d in diagnostics if d.severity == "error"] or \
            diagnostics
        if not errors:
            return CompilationError("the compiler failed without a diagnostic",
                                    **self._where())
        first = errors[0]
        reason = re.sub(r"^'[\w.]+' op ", "", first.message)
        notes = [d for d in diagnostics if d.severity == "note"]
        for note in notes:
            reason += f"\n  note: {note.message}"
        if first.filename == "<unknown>" or first.line == 0:
            return CompilationError(reason, **self._where())
        return CompilationError(reason, kernel=self.__name__,
                                filename=first.filename, lineno=first.line,
                                col=first.col)

    def debug_enabled(self) -> bool:
        """Whether tl.device_assert emits checks: @jit(debug=...) when
        given, else $TRITON_DEBUG (or $MYTRITON_DEBUG) set to 1/true."""
        if self.debug is not None:
            return self.debug
        value = _getenv("TRITON_DEBUG", "") or _getenv("MYTRITON_DEBUG", "")
        return value.strip().lower() in ("1", "true", "on", "yes")

    # -- tracing -------------------------------------------------------------
    def trace(self, types, constants, num_warps=None,
              programs_per_cta="auto", *,
              divisible=None, num_stages=None) -> tuple[str, int, int, int]:
        """Runs the kernel on proxies; returns (tt IR text, block size,
        threads per program, programs per CUDA block).

        `types`: one signature string per runtime argument ("*fp16",
        "i32", "fp32", "i1" for a bool, ...; parse_signature's forms).
        `divisible`: one flag per runtime argument (divisibility()'s), or
        None for no specialization; a pointer or int argument flagged
        DIVISIBILITY (or True) gets {tt.divisibility = 16 : i32}, an int
        flagged EQUAL_TO_ONE is the constant 1 in the body (a flag on a
        float or a bool is ignored). `num_stages`: the launch option, a
        tt.func attribute of tiled kernels when given."""
        if divisible is None:
            divisible = (0,) * len(types)
        elif len(divisible) != len(types):
            raise ValueError(f"divisible has {len(divisible)} flags for "
                             f"{len(types)} runtime arguments")
        builder = Builder(self.__name__, self.fn, self.def_line)
        builder.debug = self.debug_enabled()
        values, params, bools = {}, [], []
        runtime_types = iter(zip(types, divisible))
        for i, p in enumerate(self.params):
            if p.name in self.constexprs:
                values[p.name] = constants[p.name]
                continue
            sig, div = next(runtime_types)
            try:
                sig = parse_signature(sig)
            except ValueError as e:
                raise CompilationError(f"argument '{p.name}': {e}",
                                       **self._where()) from None
            name = p.name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", p.name) \
                else f"arg{i}"
            values[p.name] = builder.argument(name, self._traced_type(sig))
            if sig == BOOL_ARG:
                bools.append(p.name)
            # True: the former flag, divisibility by 16.
            if div is not True and div == EQUAL_TO_ONE and sig in _INTS:
                values[p.name] = 1  # still a parameter of the launch ABI
            attr = f" {{tt.divisibility = {DIVISIBILITY} : i32}}" \
                if (div is True or div == DIVISIBILITY) and \
                sig in _DIVISIBLE else ""
            params.append(f"%{name}: {param_mlir_type(sig)}{attr} "
                          f"{builder.def_loc_text()}")
        previous = getattr(_state, "builder", None)
        _state.builder = builder
        try:
            for name in bools:  # the i32 parameter's 0/1 as an i1
                values[name] = builder.compare("!=", values[name], 0)
            returned = traceable(self.fn, self._source_lines)(**values)
        except MyTritonError:
            raise
        except RecursionError:
            raise
        except Exception as e:
            raise self._tracing_error(e) from e
        finally:
            _state.builder = previous
        if returned is not None:
            raise CompilationError("a kernel returns nothing; write results "
                                   "with tl.store", **self._where())
        tiled = builder.finish()
        block = builder.block or 1
        body = "\n".join(builder.lines)
        loc = builder.def_loc_text()
        attrs = f"block_size = {block} : i32"
        threads = block
        if tiled:
            # Tensors of their own shapes, distributed over num_warps warps
            # by tt-assign-layouts: 32 * num_warps threads per program.
            # num_warps="auto" is Triton's default, 4, for these for now.
            warps = 4 if num_warps in (None, "auto") else num_warps
            if programs_per_cta not in ("auto", 1):
                raise CompilationError(
                    f"programs_per_cta={programs_per_cta} packs programs "
                    "whose tensors all have one width of at most 1024; "
                    f"this kernel {builder.tiled_reason}", **self._where())
            block = threads = 32 * warps
            attrs = f"block_size = {block} : i32, num_warps = {warps} : i32"
            if num_stages is not None:
                attrs += f", num_stages = {num_stages} : i32"
            programs_per_cta = 1
        elif num_warps is not None:
            warps = auto_num_warps(num_warps, block, "tt.reduce" in body,
                                   body.count("tt.load "),
                                   body.count("tt.reduce "),
                                   _narrowest_access_bytes(builder.lines))
            attrs += f", num_warps = {warps} : i32"
            threads = min(32 * warps, block)
            if block % threads:
                builder.refuse_width(threads, warps)
        if builder.control_flow_line is not None:
            # Programs sharing a CTA could diverge around a barrier.
            if programs_per_cta not in ("auto", 1):
                raise CompilationError(
                    f"programs_per_cta={programs_per_cta}: a kernel with "
                    "runtime control flow (a loop or branch on a traced "
                    f"value, line {builder.control_flow_line}) runs one "
                    "program per CUDA block", **self._where())
            programs_per_cta = 1
        programs = auto_programs_per_cta(programs_per_cta, threads)
        if programs != 1:
            attrs += f", programs_per_cta = {programs} : i32"
        text = (f"tt.func @{self.__name__}({', '.join(params)}) attributes "
                f"{{{attrs}}} {{\n"
                + (body + "\n" if body else "")
                + f"    tt.return {loc}\n}} {loc}\n")
        return text, block, threads, programs

    @staticmethod
    def _traced_type(sig):
        """The tracer's type of a runtime argument of signature `sig`: its
        dtype, a bool's i32 parameter an int32 (compared with 0 next)."""
        return Ty(I32_ARG if sig == BOOL_ARG else sig)

    def _tracing_error(self, e: Exception) -> CompilationError:
        """An ordinary Python error inside the kernel body, located at the
        innermost line of user code in its traceback."""
        tb, where = e.__traceback__, None
        package = os.path.dirname(os.path.abspath(__file__))
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            if not os.path.abspath(filename).startswith(package + os.sep):
                where = (filename, tb.tb_lineno)
            tb = tb.tb_next
        reason = f"{type(e).__name__} while tracing the kernel: {e}"
        if isinstance(e, NameError):
            from . import _control_flow
            reason = _control_flow.explain_name_error(e) or reason
        if where is None:
            return CompilationError(reason, **self._where())
        return CompilationError(reason, kernel=self.__name__,
                                filename=where[0], lineno=where[1])

    # -- CPU -----------------------------------------------------------------
    def _run_on_cpu(self, kernel, grid3, runtime_args):
        try:
            from .backends import cpu as cpu_backend
            run_on_cpu = cpu_backend.run_on_cpu
        except (ImportError, AttributeError):
            warnings.warn(
                f"kernel '{self.__name__}': CPU execution path not built yet; "
                "the kernel was compiled (see .asm) but not run, so the numpy "
                "arrays are unchanged. Pass GPU arrays (torch CUDA tensors, "
                "CuPy) to run it.", MyTritonWarning, stacklevel=4)
            return
        # The traced IR keeps the source locations that a bounds-check error
        # names (the optimized "ttir" is printed without them); the CPU
        # compile runs tt-optimize itself.
        ttir = kernel.asm.get("ttir-traced") or kernel.asm.get("ttir")
        if not ttir:
            raise LaunchError("the cached kernel has no tt IR to run on the "
                              "CPU", **self._where())
        from . import runtime
        runtime.check_grid(kernel, grid3, self._where())
        args = [a.obj for a in runtime_args]
        try:
            run_on_cpu(ttir, kernel.name, grid3, args)
        except cpu_backend.CPUOutOfBoundsError as e:
            raise self._out_of_bounds_error(kernel, e) from None

    def _out_of_bounds_error(self, kernel, e) -> OutOfBoundsError:
        """The CPU backend's report of a bad access, located at the
        tl.load/tl.store and naming the argument by its parameter."""
        where = self._where()
        if e.filename and e.line > 0 and e.filename != "<tt module>":
            where = dict(kernel=self.__name__, filename=e.filename,
                         lineno=e.line, col=e.col)
        if e.op == "assert":
            # The C library's text has the assert's message after this.
            message = str(e).split("device assertion failed: ", 1)[-1]
            return DeviceAssertionError(
                f"device assertion failed: {message}",
                program_id=e.program_id, element=e.element, **where)
        names = kernel.param_names
        arg = names[e.arg_index] if 0 <= e.arg_index < len(names) else None
        what = f"argument '{arg}'" if arg else "the array"
        reason = (f"tl.{e.op} outside its array: {what} has "
                  f"{e.num_elements} elements but the access reaches element "
                  f"{e.element} (program id {e.program_id}); the launch "
                  "stopped there")
        return OutOfBoundsError(reason, arg=arg, program_id=e.program_id,
                                element=e.element,
                                num_elements=e.num_elements, **where)


def jit(fn=None, *, backend: str | None = None, do_not_specialize=None,
        do_not_specialize_on_alignment=None, debug=None):
    """Decorator: ``@mytriton.jit`` or ``@mytriton.jit(backend="cuda")``.

    do_not_specialize / do_not_specialize_on_alignment: parameter names or
    indices whose values never get tt.divisibility (a kernel compiled once
    for every alignment). debug: turns tl.device_assert on (None: as
    $TRITON_DEBUG says), as Triton's."""
    def make(f):
        return JITFunction(
            f, backend=backend, do_not_specialize=do_not_specialize,
            do_not_specialize_on_alignment=do_not_specialize_on_alignment,
            debug=debug)
    return make if fn is None else make(fn)
