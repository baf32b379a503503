"""GPU launches through libMyTritonRuntime.so (include/MyTriton/Runtime/
Runtime.h), a small CUDA Driver API runtime with no MLIR or LLVM in it, so
cached kernels run on hosts that have only a driver and this library.

A launch runs on the device that holds its GPU arrays (torch's
``.get_device()``, CuPy's ``.device.id``, else the driver's answer for the
array's address), in that device's primary context, on the stream the
arrays' library has current there (torch's current stream, CuPy's current
stream, or the ``__cuda_array_interface__`` "stream"), as Triton launches
run on torch's current stream. Each kernel is loaded once per device.

``driver.active`` is Triton's ``triton.runtime.driver.active`` for this
runtime (current device and stream, device properties, the target)."""

from __future__ import annotations

import ctypes
import re
import sys
import threading

from . import _dtypes, _launcher, _libs
from ._reinterpret import TensorWrapper
from .errors import ArgumentError, GridError, LaunchError
from .jit import _getenv

_lock = threading.Lock()
_lib = None
_lib_error = ""
_initialized = False

# CUdevice_attribute / CUfunction_attribute values (cuda.h).
_ATTR_CC_MAJOR, _ATTR_CC_MINOR = 75, 76
_DEVICE_PROPERTIES = {  # Triton's names -> CUdevice_attribute
    "max_shared_mem": 97,        # MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
    "max_num_regs": 12,          # MAX_REGISTERS_PER_BLOCK
    "multiprocessor_count": 16,
    "warpSize": 10,
    "sm_clock_rate": 13,         # kHz
    "mem_clock_rate": 36,        # kHz
    "mem_bus_width": 37,         # bits
}
FUNC_SHARED_SIZE_BYTES, FUNC_LOCAL_SIZE_BYTES, FUNC_NUM_REGS = 1, 3, 4


def _load():
    global _lib, _lib_error
    if _lib is not None:
        return _lib
    lib, why = _libs.load_library("libMyTritonRuntime.so")
    if lib is None:
        _lib_error = why
        return None
    vp, c_int, c_size = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
    int_p = ctypes.POINTER(c_int)
    lib.mtr_last_error.restype = ctypes.c_char_p
    lib.mtr_last_error.argtypes = []
    signatures = {
        "mtr_init": [c_int],
        "mtr_module_load": [ctypes.c_char_p, c_size, ctypes.POINTER(vp)],
        "mtr_module_load_on": [c_int, ctypes.c_char_p, c_size,
                               ctypes.POINTER(vp)],
        "mtr_module_get_function": [vp, ctypes.c_char_p, ctypes.POINTER(vp)],
        "mtr_function_param_count": [vp, ctypes.POINTER(c_size)],
        "mtr_launch": [vp, ctypes.POINTER(ctypes.c_uint),
                       ctypes.POINTER(ctypes.c_uint), ctypes.c_uint, vp,
                       ctypes.POINTER(vp), c_size],
        "mtr_synchronize": [],
        "mtr_device_count": [int_p],
        "mtr_device_attribute": [c_int, c_int, int_p],
        "mtr_current_device": [int_p],
        "mtr_pointer_device": [ctypes.c_uint64, int_p],
        "mtr_function_attribute": [vp, c_int, int_p],
        "mtr_function_set_shared": [vp, ctypes.c_uint],
        "mtr_function_limit_loads_in_flight": [
            vp, ctypes.c_uint, ctypes.c_uint, ctypes.POINTER(ctypes.c_uint)],
        "mtr_plan_load_cap": [
            ctypes.c_uint, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
            ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)],
        "mtr_stream_synchronize": [vp],
        "mtr_tensor_map_encode": [
            vp, ctypes.c_uint, ctypes.c_uint64, ctypes.c_uint,
            ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64),
            ctypes.POINTER(ctypes.c_uint), ctypes.c_uint],
    }
    for name, argtypes in signatures.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = c_int
    _lib = lib
    return lib


def available() -> bool:
    return _load() is not None


def _check(lib, status, what, where):
    if status != 0:
        raise LaunchError(f"{what}: {lib.mtr_last_error().decode()}", **where)


def _runtime(where, ordinal=0):
    """The library, with the driver initialized and device `ordinal` known
    to exist; the thread's current context is left alone (torch's)."""
    global _initialized
    lib = _load()
    if lib is None:
        raise LaunchError(f"cannot run on the GPU: {_lib_error}", **where)
    if not _initialized:
        count = ctypes.c_int()
        _check(lib, lib.mtr_device_count(ctypes.byref(count)),
               "CUDA initialization failed", where)
        if count.value == 0:
            raise LaunchError("CUDA initialization failed: no CUDA device: "
                              "the driver reports 0 devices", **where)
        _initialized = True
    return lib


def _query(call, *args):
    """call(*args, &out) -> out, or None when the runtime or the driver
    cannot answer (no library, no driver, unknown memory)."""
    lib = _load()
    if lib is None:
        return None
    out = ctypes.c_int(-1)
    if getattr(lib, call)(*args, ctypes.byref(out)) != 0:
        return None
    return out.value


# -- devices ------------------------------------------------------------------

_chips: dict = {}


def device_capability(ordinal: int, where=None) -> tuple[int, int]:
    """(major, minor) of device `ordinal`, from the driver."""
    lib = _runtime(where or {}, ordinal)
    major, minor = ctypes.c_int(), ctypes.c_int()
    _check(lib, lib.mtr_device_attribute(ordinal, _ATTR_CC_MAJOR,
                                         ctypes.byref(major)),
           f"reading device {ordinal}'s compute capability", where or {})
    _check(lib, lib.mtr_device_attribute(ordinal, _ATTR_CC_MINOR,
                                         ctypes.byref(minor)),
           f"reading device {ordinal}'s compute capability", where or {})
    return major.value, minor.value


def chip(ordinal, default: str) -> str:
    """The chip to compile for: $MYTRITON_GPU_ARCH when set, else device
    `ordinal`'s sm_XY from the driver, else `default` (no driver here: a
    build machine filling a cache)."""
    forced = _getenv("MYTRITON_GPU_ARCH", "")
    return forced or _device_chip(ordinal, default)


# The chip a compute capability compiles for: Hopper (9.0) as sm_90a, its
# arch-specific target, for wgmma (as Triton does); others as sm_XY.
DEFAULT_CHIP = "sm_90a"


def chip_for_capability(major: int, minor: int) -> str:
    return f"sm_{major}{minor}" + ("a" if (major, minor) == (9, 0) else "")


def _device_chip(ordinal, default: str) -> str:
    """Device `ordinal`'s chip (cached; chip_for_capability), or `default`
    without a driver."""
    found = _chips.get(ordinal)
    if found is None:
        try:
            major, minor = device_capability(ordinal)
            found = chip_for_capability(major, minor)
        except LaunchError:
            return default
        _chips[ordinal] = found
    return found


def current_device() -> int:
    """torch's current device when torch is in use, else the device of the
    thread's current CUDA context, else 0."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        return torch.cuda.current_device()
    cupy = sys.modules.get("cupy")
    if cupy is not None:
        return cupy.cuda.runtime.getDevice()
    compiled = _compiled_launcher_or_none()
    if compiled is not None:
        ordinal = compiled.current_device()
    else:
        ordinal = _query("mtr_current_device")
    return ordinal if ordinal is not None and ordinal >= 0 else 0


def _pointer_device(address: int):
    compiled = _compiled_launcher_or_none()
    if compiled is not None:
        return compiled.pointer_device(address)
    return _query("mtr_pointer_device", ctypes.c_uint64(address))


def current_stream(ordinal: int) -> int:
    """The handle of the stream torch (else CuPy) has current on device
    `ordinal`; 0, the default stream, without either."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        return _torch_stream(torch, ordinal)
    cupy = sys.modules.get("cupy")
    if cupy is not None:
        return _cupy_stream(cupy, ordinal)
    return 0


_raw_stream = None  # torch's current-stream getter, found once


def _torch_stream(torch, ordinal):
    global _raw_stream
    raw = _raw_stream
    if raw is None:
        # What Triton calls: no Stream object per launch.
        raw = getattr(torch._C, "_cuda_getCurrentRawStream", None) or \
            (lambda device: torch.cuda.current_stream(device).cuda_stream)
        _raw_stream = raw
    return raw(ordinal)


def _cupy_stream(cupy, ordinal):
    with cupy.cuda.Device(ordinal):
        return cupy.cuda.get_current_stream().ptr


class Target:
    """Where a launch runs: device `ordinal` (None: no driver to ask), the
    chip to compile for, the stream handle, and streams whose work must
    finish first (other __cuda_array_interface__ producers)."""
    __slots__ = ("ordinal", "chip", "stream", "wait_for")

    def __init__(self, ordinal, chip_name, stream=0, wait_for=()):
        self.ordinal, self.chip = ordinal, chip_name
        self.stream, self.wait_for = stream, wait_for


def _array_device(obj, address):
    """(device ordinal or None, library) of a GPU array: torch and CuPy say;
    for other __cuda_array_interface__ arrays the driver is asked about the
    address (None when it does not know it)."""
    module = type(obj).__module__
    if module.startswith("torch"):
        return obj.get_device(), "torch"
    if module.startswith("cupy"):
        return obj.device.id, "cupy"
    return _pointer_device(address), "cai"


def _cai_stream(obj, name, where):
    stream = obj.__cuda_array_interface__.get("stream")
    if stream is None:
        return None
    if isinstance(stream, bool) or not isinstance(stream, int) or stream == 0:
        raise ArgumentError(f"argument '{name}': __cuda_array_interface__ "
                            f"stream {stream!r} is not valid (None, 1 for "
                            "the legacy default stream, 2 for the "
                            "per-thread one, or a stream handle)", **where)
    return stream


def target(runtime_args, names, where) -> Target:
    """The device, chip and stream of a launch with these GPU arguments;
    arrays on different devices are refused. `names`: a callable giving
    the runtime parameters' names (only errors need them). The chip is
    $MYTRITON_GPU_ARCH, else the device's, else sm_90a (no driver)."""
    forced = _getenv("MYTRITON_GPU_ARCH", "")
    all_args = runtime_args
    first, libraries, mixed = None, set(), False
    known = _compiled.torch_device(runtime_args) if _compiled is not None \
        else None
    if known is not None:  # only torch tensors: asked in C
        first, mixed = (None if known < 0 else known), known == -2
        libraries.add("torch")
        runtime_args = ()
    for arg in runtime_args:
        if arg.device != "gpu":
            continue
        obj = _array_of(arg)
        if type(obj).__module__ == "torch":  # the common case, inline
            ordinal, library = obj.get_device(), "torch"
        else:
            ordinal, library = _array_device(obj, arg.value)
        libraries.add(library)
        if ordinal is not None and ordinal >= 0:
            if first is None:
                first = ordinal
            elif ordinal != first:
                mixed = True
    if mixed:
        devices = {}
        for name, arg in zip(names(), all_args):
            if arg.device == "gpu":
                ordinal, _ = _array_device(_array_of(arg), arg.value)
                if ordinal is not None and ordinal >= 0:
                    devices.setdefault(ordinal, []).append(name)
        held = "; ".join(f"{', '.join(args)} on cuda:{d}"
                         for d, args in sorted(devices.items()))
        raise ArgumentError(f"GPU arrays on different devices ({held}); a "
                            "launch runs on one device: move them to one "
                            "with .to(device)", **where)
    if first is None:
        if _load() is None:
            return Target(None, forced or DEFAULT_CHIP)
        first = current_device()
    stream, wait_for = 0, ()
    if "torch" in libraries:
        stream = _torch_stream(sys.modules["torch"], first)
    elif "cupy" in libraries:
        stream = _cupy_stream(sys.modules["cupy"], first)
    else:
        # __cuda_array_interface__ v3: the data is ready on its "stream";
        # run there, and let the other arrays' streams finish first.
        streams = []
        for name, arg in zip(names(), all_args):
            if arg.device == "gpu":
                s = _cai_stream(_array_of(arg), name, where)
                if s is not None and s not in streams:
                    streams.append(s)
        if streams:
            stream, wait_for = streams[0], tuple(streams[1:])
    return Target(first, forced or _chips.get(first) or
                  _device_chip(first, DEFAULT_CHIP), stream, wait_for)


def _array_of(arg):
    """The array behind a GPU argument: a mytriton.reinterpret wrapper's
    base (its device and stream are the base's)."""
    obj = arg.obj
    return obj.base if isinstance(obj, TensorWrapper) else obj


def device_properties(ordinal: int) -> dict:
    """Triton's driver.active.utils.get_device_properties(device)."""
    lib = _runtime({}, ordinal)
    out = {}
    for key, attribute in _DEVICE_PROPERTIES.items():
        value = ctypes.c_int()
        _check(lib, lib.mtr_device_attribute(ordinal, attribute,
                                             ctypes.byref(value)),
               f"reading {key} of device {ordinal}", {})
        out[key] = value.value
    return out


# -- kernels ------------------------------------------------------------------

def _image(kernel, where):
    cubin = kernel.asm.get("cubin")
    if cubin:
        return bytes(cubin)
    ptx = kernel.asm.get("ptx")
    if ptx and kernel.backend == "nvvm":
        return ptx.encode() + b"\0"  # The driver JIT-compiles PTX.
    errors = "; ".join(f"{k}: {v}" for k, v in kernel.backend_errors.items())
    raise LaunchError(f"no GPU binary for the {kernel.backend} backend "
                      f"({errors or 'not produced'})", **where)


class _Loaded:
    """A kernel loaded on one device: module and function handles, the
    function's address for the compiled launcher, the driver's facts."""
    __slots__ = ("module", "function", "address", "n_regs", "n_spills",
                 "shared", "reserved_shared")

    def __init__(self, module, function):
        self.module, self.function = module, function
        self.address = function.value
        self.n_regs = self.n_spills = self.shared = None
        # Shared memory the runtime reserved to cap the kernel's occupancy.
        self.reserved_shared = 0


def load(kernel, ordinal, where, chip_name=None):
    """Loads `kernel` on device `ordinal` once (one module per kernel and
    device) and reads its registers and spills from the driver."""
    with kernel._lock:
        loaded = kernel._gpu_functions.get(ordinal)
        if loaded is not None:
            return loaded
        lib = _runtime(where, ordinal)
        if kernel.backend == "cuda" and not kernel.asm.get("cubin") and \
                kernel.asm.get("cuda"):
            # Compiled where neither NVRTC nor nvcc was: finish it here.
            from . import cuda_compile
            try:
                kernel.asm["ptx"], kernel.asm["cubin"] = \
                    cuda_compile.compile_cuda(kernel.asm["cuda"], kernel.name,
                                              chip_name or chip(ordinal,
                                                                DEFAULT_CHIP))
            except cuda_compile.CUDACompileError as e:
                raise LaunchError(str(e), **where) from None
        image = _image(kernel, where)
        module, fn = ctypes.c_void_p(), ctypes.c_void_p()
        _check(lib, lib.mtr_module_load_on(ordinal, image, len(image),
                                           ctypes.byref(module)),
               f"loading kernel '{kernel.name}' on device {ordinal}", where)
        _check(lib, lib.mtr_module_get_function(module, kernel.name.encode(),
                                                ctypes.byref(fn)),
               f"finding kernel '{kernel.name}'", where)
        count = ctypes.c_size_t()
        _check(lib, lib.mtr_function_param_count(fn, ctypes.byref(count)),
               "reading the kernel's parameters", where)
        # The launch ABI appends the tensor maps, then the grid sizes g0 and
        # g1 (see tt.func).
        maps = len(kernel.tensor_maps)
        if count.value != len(kernel.signature) + maps + 2:
            raise LaunchError(f"the GPU binary takes {count.value} parameters "
                              f"but the kernel has {len(kernel.signature)} "
                              + (f"plus {maps} tensor maps " if maps else "")
                              + "plus the 2 grid sizes", **where)
        if kernel.dynamic_shared:
            _check(lib, lib.mtr_function_set_shared(fn, kernel.dynamic_shared),
                   f"giving kernel '{kernel.name}' {kernel.dynamic_shared} "
                   "bytes of shared memory", where)
        loaded = _Loaded(module, fn)
        if kernel.load_bytes:
            reserved = ctypes.c_uint()
            _check(lib, lib.mtr_function_limit_loads_in_flight(
                fn, kernel.threads * kernel.programs_per_cta, kernel.load_bytes,
                ctypes.byref(reserved)),
                f"capping the occupancy of kernel '{kernel.name}'", where)
            loaded.reserved_shared = reserved.value
        value = ctypes.c_int()
        for field, attribute in (("n_regs", FUNC_NUM_REGS),
                                 ("n_spills", FUNC_LOCAL_SIZE_BYTES),
                                 ("shared", FUNC_SHARED_SIZE_BYTES)):
            _check(lib, lib.mtr_function_attribute(fn, attribute,
                                                   ctypes.byref(value)),
                   f"reading the attributes of kernel '{kernel.name}'", where)
            setattr(loaded, field, value.value)
        loaded.n_spills //= 4  # local bytes -> 4-byte words, as Triton counts
        kernel._gpu_functions[ordinal] = loaded
        return loaded


# -- launching ----------------------------------------------------------------

def _scalar_ctype(kind):
    """The ctypes type of a scalar parameter kind (jit.SCALARS): its tt.func
    type's C type, from _dtypes (a bool is an i32 parameter)."""
    dt = _dtypes.int32 if kind.ir == "i32" else kind.dtype
    return getattr(ctypes, dt.ctype_name)


def pack_arguments(signature, values) -> list:
    """The ctypes launch values of arguments `values` of types `signature`
    (jit's signature strings): a pointer as 8 bytes, each scalar in its
    parameter's C type (4 bytes for i1/i32/fp32, 8 for i64/u64/fp64).
    cuLaunchKernel reads each through its own pointer and lays them out
    itself, each aligned to its size (TTOps.cpp getParamBytes)."""
    jit = sys.modules[__package__ + ".jit"]
    out = []
    for ty, value in zip(signature, values):
        if ty in jit.POINTERS:
            out.append(ctypes.c_uint64(value))
            continue
        kind = jit.SCALARS[ty]
        if kind.dtype.is_int() and not kind.dtype.is_bool():
            bits = kind.dtype.primitive_bitwidth
            low = 0 if kind.dtype.is_int_unsigned() else -2**(bits - 1)
            if not low <= value < low + 2**bits:
                raise OverflowError(f"{value} does not fit in {ty}")
        out.append(_scalar_ctype(kind)(value))
    return out


_MAX_BLOCKS_X = 2**31 - 1
_compiled = None  # the compiled launcher module, once initialized
# Program ids are i32: program_id * block_size must stay below 2**31 (arrays
# may be longer: offsets computed in i32 wrap as the kernel says).
_MAX_OFFSETS = 2**31
_PROGRAM_ID = re.compile(r"tt\.get_program_id (\d)")


def _grid_limits(kernel):
    """Per grid axis, the most programs a launch of `kernel` may have: below
    2**31 / block_size on an axis whose tl.program_id the kernel reads (so
    `pid * BLOCK + tl.arange(0, BLOCK)` cannot wrap), unlimited here on the
    others (CUDA's per-axis limits are JITFunction._grid's). Read once from
    the kernel's IR and kept on it."""
    text = kernel.asm.get("ttir-opt") or kernel.asm.get("ttir") or ""
    axes = {int(axis) for axis in _PROGRAM_ID.findall(text)}
    per_axis = (_MAX_OFFSETS - 1) // _elements_per_program(kernel, text)
    limits = tuple(per_axis if axis in axes else _MAX_OFFSETS
                   for axis in range(3))
    kernel._grid_limits = limits
    return limits


_TENSOR_SHAPE = re.compile(r"tensor<((?:\d+x)+)")


def _elements_per_program(kernel, text):
    """The elements a program's offsets may span: the block size of a
    uniform kernel (one tensor width); for a tiled kernel, whose block size
    counts threads, the element count of its largest tensor (a tile
    `pid * BM + tl.arange(0, BM)` per axis spans at most that many)."""
    largest = int(kernel.block_size)
    for dims in _TENSOR_SHAPE.findall(text):
        count = 1
        for extent in dims.rstrip("x").split("x"):
            count *= int(extent)
        largest = max(largest, count)
    kernel._grid_unit = ("lanes" if largest == int(kernel.block_size)
                         else "elements", largest)
    return max(largest, 1)


def check_grid(kernel, grid3, where):
    """Refuses, before anything runs (on the GPU and on the CPU), a grid
    `kernel` cannot be launched over: axes 0 and 1 folded into more CUDA
    blocks than gridDim.x allows, or more programs on an axis than its
    program ids times the block size can count in int32. Returns the
    folded number of CUDA blocks along x."""
    g0, g1, g2 = grid3
    blocks_x = -(-g0 // kernel.programs_per_cta) * g1
    if blocks_x > _MAX_BLOCKS_X:
        raise GridError(f"launch grid {tuple(grid3)!r}: axes 0 and 1 together "
                        f"need {blocks_x} CUDA blocks; CUDA allows at most "
                        f"{_MAX_BLOCKS_X} along x", **where)
    limits = getattr(kernel, "_grid_limits", None) or _grid_limits(kernel)
    if g0 > limits[0] or g1 > limits[1] or g2 > limits[2]:
        axis = next(a for a in range(3) if grid3[a] > limits[a])
        unit, block = getattr(kernel, "_grid_unit",
                              ("lanes", kernel.block_size))
        raise GridError(
            f"launch grid {tuple(grid3)!r}: axis {axis} has {grid3[axis]} "
            f"programs of {block} {unit} and the kernel reads "
            f"tl.program_id({axis}); {grid3[axis]} * {block} reaches 2**31, "
            f"past the int32 element offsets this compiler uses, so axis "
            f"{axis} takes at most {limits[axis]} programs", **where)
    return blocks_x


def _compiled_launcher(lib, where=None):
    """The compiled launcher (initialized with the runtime's entry points),
    or None for the ctypes path; see mytriton/_launcher."""
    global _compiled
    try:
        module, why = _launcher.load()
    except ValueError as e:
        raise LaunchError(str(e), **(where or {})) from None
    if module is None:
        if _launcher.mode() == "c":
            raise LaunchError(f"MYTRITON_LAUNCHER=c: {why}", **(where or {}))
        return None
    if _compiled is not module:
        address = lambda f: ctypes.cast(f, ctypes.c_void_p).value  # noqa: E731
        module.init(address(lib.mtr_launch), address(lib.mtr_pointer_device),
                    address(lib.mtr_current_device))
        _enable_fast_classify(module)
        _compiled = module
    return module


# Whether the compiled module was given torch's dtypes: a driver query can
# load it before the program imports torch (launch() gives them later).
_classify_knows_torch = False


def _enable_fast_classify(module):
    """Lets jit._classify take ints, floats and torch CUDA tensors through
    the compiled module (the same _Arg objects, made in C)."""
    global _classify_knows_torch
    jit = sys.modules[__package__ + ".jit"]  # the module, not mytriton.jit()
    dtypes = {}
    torch = sys.modules.get("torch")
    if torch is not None:
        dtypes = torch_dtype_codes(torch, jit)
    _classify_knows_torch = torch is not None
    module.set_classify(jit._Arg, jit.I32_ARG, jit.F32_ARG, "gpu", dtypes)
    jit._FAST_CLASSIFY = module.classify
    jit._FAST_SPECIALIZE = module.specialize
    jit._FAST_LAUNCH = module.launch_entry


# The fast path's key letter of a tensor of each dtype (its capital when
# the address is divisible by 16); launcher.c's scalar letters (i l u f)
# are not among them.
TENSOR_KEY_CODES = "abcdeghjkmnop"


def torch_dtype_codes(torch, jit) -> dict:
    """{torch dtype: (signature string, fast-path key letter)} for every
    dtype of _dtypes that this torch has, for the compiled launcher."""
    codes = {}
    for dt, code in zip(_dtypes.ALL, TENSOR_KEY_CODES):
        torch_dtype = getattr(torch, dt.torch_name, None)
        if torch_dtype is not None:
            codes[torch_dtype] = (jit.pointer_signature(dt), code)
    return codes


def fast_entry(kernel, where_to):
    """What the launch fast path (_fast_path.py) needs to launch `kernel`
    again as the full path just did on Target `where_to`: (function
    address, threads, programs per CTA, the per-axis program limits of
    check_grid, kernel, torch's stream getter, device ordinal); None when
    that launch did not go through the compiled launcher on torch's stream
    (the full path keeps those)."""
    if where_to is None or where_to.ordinal is None or where_to.wait_for:
        return None
    launcher = kernel._launcher
    loaded = kernel._gpu_functions.get(where_to.ordinal)
    if not launcher or launcher is not _compiled or loaded is None or \
            _raw_stream is None:
        return None
    limits = getattr(kernel, "_grid_limits", None) or _grid_limits(kernel)
    return (loaded.address, kernel.threads, kernel.programs_per_cta,
            *limits, kernel, _raw_stream, where_to.ordinal)


_no_compiled = False  # the compiled launcher failed to load: don't retry


def _compiled_launcher_or_none():
    """The initialized compiled launcher for driver queries, or None."""
    global _no_compiled
    if _compiled is not None:
        return _compiled
    if _no_compiled:
        return None
    lib = _load()
    try:
        module = _compiled_launcher(lib) if lib is not None else None
    except LaunchError:
        module = None
    if module is None:
        _no_compiled = True
    return module


# TMA's limits on a tensor map (cuTensorMapEncodeTiled).
_TMA_MAX_SIZE = 2**32
_TMA_MAX_STRIDE = 2**40


def _evaluate_form(form, values) -> int:
    """A size or stride of a tensor map: [constant, argument, coefficient,
    ...] over the launch's argument values."""
    total = form[0]
    for i in range(1, len(form), 2):
        total += int(values[form[i]]) * form[i + 1]
    return total


class _TensorMap(ctypes.Structure):
    """A CUtensorMap: 128 bytes, passed by value."""
    _fields_ = [("bytes", ctypes.c_uint8 * 128)]


def _encode_tensor_map(lib, spec, values):
    """The CUtensorMap of one hidden parameter for argument `values`, or
    None when TMA cannot describe that tensor (a size above 2^32, a stride
    that is not a positive multiple of 16 bytes): the launch then runs the
    kernel without TMA copies. A size of 0 or less is encoded as 1: the
    kernel's copies then read only zeros (tt-pipeline's size checks), as
    its pointers would, all masked off (K = 0)."""
    element = spec["element_bytes"]
    sizes = [max(1, _evaluate_form(f, values)) if f else _TMA_MAX_SIZE
             for f in spec["sizes"]]
    strides = [_evaluate_form(f, values) * element for f in spec["strides"]]
    if any(n > _TMA_MAX_SIZE for n in sizes) or \
            any(not 0 < n < _TMA_MAX_STRIDE or n % 16 for n in strides):
        return None
    storage = (ctypes.c_uint8 * 192)()
    address = ctypes.addressof(storage)
    address += -address % 64  # CUtensorMap is 64-byte aligned
    rank = len(sizes)
    status = lib.mtr_tensor_map_encode(
        address, rank, int(values[spec["base"]]), element,
        (ctypes.c_uint64 * rank)(*sizes),
        (ctypes.c_uint64 * max(1, rank - 1))(*strides),
        (ctypes.c_uint * rank)(*spec["box"]), spec["swizzle"])
    if status:
        return None
    tensor_map = _TensorMap()
    ctypes.memmove(ctypes.addressof(tensor_map), address, 128)
    return tensor_map


def _tensor_maps(kernel, runtime_args, where):
    """The encoded tensor maps of a launch of `kernel`, or None (see
    _encode_tensor_map). The last launch's maps are reused when its
    arguments were the same."""
    values = [arg.value for arg in runtime_args]
    key = tuple(values)
    cached = getattr(kernel, "_last_tensor_maps", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    lib = _runtime(where)
    maps = []
    for spec in kernel.tensor_maps:
        tensor_map = _encode_tensor_map(lib, spec, values)
        if tensor_map is None:
            return None
        maps.append(tensor_map)
    kernel._last_tensor_maps = (key, maps)
    return maps


def launch(kernel, grid3, runtime_args, where, where_to=None):
    """Launches `kernel` on the GPU under tt.func's launch ABI: blocks of
    kernel.threads x kernel.programs_per_cta threads, grid axes 0 and 1
    folded into gridDim.x, the kernel's tensor maps (encoded from the
    arguments) and the grid sizes g0 and g1 appended to the arguments;
    asynchronous on `where_to`'s stream (a Target; None: device 0's default
    stream), as Triton's launches are."""
    g0, g1, g2 = grid3
    programs = kernel.programs_per_cta
    blocks_x = check_grid(kernel, grid3, where)
    maps = []
    if kernel.tensor_maps:
        maps = _tensor_maps(kernel, runtime_args, where)
        if maps is None:
            return launch(kernel._pointer_variant(where), grid3, runtime_args,
                          where, where_to)
    ordinal, stream = 0, 0
    if where_to is not None:
        ordinal = where_to.ordinal or 0
        stream = where_to.stream
    loaded = kernel._gpu_functions.get(ordinal)
    launcher = kernel._launcher
    if loaded is None or launcher is None or \
            (where_to is not None and where_to.wait_for):
        lib = _runtime(where, ordinal)
        if loaded is None:
            loaded = load(kernel, ordinal, where,
                          where_to and where_to.chip)
        if launcher is None:
            launcher = kernel._launcher = \
                _compiled_launcher(lib, where) or False
        for other in (where_to.wait_for if where_to is not None else ()):
            _check(lib, lib.mtr_stream_synchronize(other),
                   "waiting for an argument's __cuda_array_interface__ "
                   "stream", where)
    if launcher and not _classify_knows_torch and "torch" in sys.modules:
        _enable_fast_classify(launcher)  # torch came after the launcher
    if launcher:
        status = launcher.launch(loaded.address, blocks_x, g2, 1,
                                 kernel.threads, programs, 0, stream,
                                 kernel._signature_codes, runtime_args, g0, g1)
    else:
        lib = _lib
        values = pack_arguments(kernel.signature,
                                [arg.value for arg in runtime_args])
        values += maps + [ctypes.c_int32(g0), ctypes.c_int32(g1)]
        pointers = (ctypes.c_void_p * len(values))(
            *[ctypes.addressof(v) for v in values])
        grid = (ctypes.c_uint * 3)(blocks_x, g2, 1)
        block = (ctypes.c_uint * 3)(kernel.threads, programs, 1)
        status = lib.mtr_launch(loaded.function, grid, block, 0,
                                stream or None, pointers, len(values))
    if status:
        _check(_lib, status, f"launching kernel '{kernel.name}' on device "
               f"{ordinal}", where)


# -- Triton's triton.runtime.driver -------------------------------------------

class GPUTarget:
    """Triton's GPUTarget: backend "cuda", arch as an int (90 for sm_90),
    warp size."""
    __slots__ = ("backend", "arch", "warp_size")

    def __init__(self, backend, arch, warp_size):
        self.backend, self.arch, self.warp_size = backend, arch, warp_size

    def __eq__(self, other):
        return isinstance(other, GPUTarget) and \
            (self.backend, self.arch, self.warp_size) == \
            (other.backend, other.arch, other.warp_size)

    def __hash__(self):
        return hash((self.backend, self.arch, self.warp_size))

    def __repr__(self):
        return (f"GPUTarget(backend={self.backend!r}, arch={self.arch}, "
                f"warp_size={self.warp_size})")


class _Utils:
    @staticmethod
    def get_device_properties(device) -> dict:
        return device_properties(_ordinal(device))


def _ordinal(device):
    if device is None:
        return current_device()
    index = getattr(device, "index", device)  # torch.device or an int
    return current_device() if index is None else int(index)


class CudaDriver:
    """What ``triton.runtime.driver.active`` offers, over this runtime."""

    def __init__(self):
        self.utils = _Utils()

    @staticmethod
    def is_active() -> bool:
        return (_query("mtr_device_count") or 0) > 0

    def get_current_device(self) -> int:
        return current_device()

    def set_current_device(self, device) -> None:
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_available():
            torch.cuda.set_device(_ordinal(device))
        else:
            _check(_runtime({}), _load().mtr_init(_ordinal(device)),
                   "selecting a device", {})

    def get_current_stream(self, device=None) -> int:
        return current_stream(_ordinal(device))

    def get_device_capability(self, device=None) -> tuple[int, int]:
        return device_capability(_ordinal(device))

    def get_current_target(self) -> GPUTarget:
        """The current device's target; without a GPU (a CPU-only host,
        where kernels run on the CPU path or are compiled into a cache) the
        target MyTriton compiles for: $MYTRITON_GPU_ARCH, else sm_90a. So a
        tutorial's `is_cuda()` (backend == "cuda") holds on the CPU too."""
        try:
            major, minor = self.get_device_capability()
        except LaunchError:
            digits = re.match(r"sm_(\d+)", chip(0, DEFAULT_CHIP))
            return GPUTarget("cuda", int(digits.group(1)) if digits else 90,
                             32)
        return GPUTarget("cuda", major * 10 + minor, 32)

    def get_active_torch_device(self):
        import torch
        return torch.device("cuda", self.get_current_device())

    def get_device_interface(self):
        import torch
        return torch.cuda


class _DriverConfig:
    """``driver.active`` (created on first use), as Triton's DriverConfig."""

    def __init__(self):
        self._active = None

    @property
    def active(self) -> CudaDriver:
        if self._active is None:
            self._active = CudaDriver()
        return self._active

    def set_active(self, driver) -> None:
        self._active = driver

    def reset_active(self) -> None:
        self._active = None


driver = _DriverConfig()
