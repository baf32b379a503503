"""GPU launches through libMyTritonRuntime.so (include/MyTriton/Runtime/
Runtime.h), a small CUDA Driver API runtime with no MLIR or LLVM in it, so
cached kernels run on hosts that have only a driver and this library."""

from __future__ import annotations

import ctypes
import threading

from . import _libs
from .errors import GridError, LaunchError

_lock = threading.Lock()
_lib = None
_lib_error = ""
_initialized = False


def _load():
    global _lib, _lib_error
    if _lib is not None:
        return _lib
    lib, why = _libs.load_library("libMyTritonRuntime.so")
    if lib is None:
        _lib_error = why
        return None
    vp, c_int, c_size = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
    lib.mtr_last_error.restype = ctypes.c_char_p
    lib.mtr_last_error.argtypes = []
    lib.mtr_init.argtypes = [c_int]
    lib.mtr_module_load.argtypes = [ctypes.c_char_p, c_size,
                                    ctypes.POINTER(vp)]
    lib.mtr_module_get_function.argtypes = [vp, ctypes.c_char_p,
                                            ctypes.POINTER(vp)]
    lib.mtr_function_param_count.argtypes = [vp, ctypes.POINTER(c_size)]
    lib.mtr_launch.argtypes = [vp, ctypes.POINTER(ctypes.c_uint),
                               ctypes.POINTER(ctypes.c_uint), ctypes.c_uint,
                               vp, ctypes.POINTER(vp), c_size]
    lib.mtr_synchronize.argtypes = []
    for name in ("mtr_init", "mtr_module_load", "mtr_module_get_function",
                 "mtr_function_param_count", "mtr_launch", "mtr_synchronize"):
        getattr(lib, name).restype = c_int
    _lib = lib
    return lib


def available() -> bool:
    return _load() is not None


def _check(lib, status, what, where):
    if status != 0:
        raise LaunchError(f"{what}: {lib.mtr_last_error().decode()}", **where)


def _runtime(where):
    global _initialized
    lib = _load()
    if lib is None:
        raise LaunchError(f"cannot run on the GPU: {_lib_error}", **where)
    if not _initialized:
        _check(lib, lib.mtr_init(0), "CUDA initialization failed", where)
        _initialized = True
    return lib


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


def _function(kernel, where):
    with kernel._lock:
        if kernel._gpu_function is not None:
            return kernel._gpu_function
        lib = _runtime(where)
        if kernel.backend == "cuda" and not kernel.asm.get("cubin") and \
                kernel.asm.get("cuda"):
            # Compiled where neither NVRTC nor nvcc was: finish it here.
            from . import cuda_compile
            from .jit import _gpu_arch
            try:
                kernel.asm["ptx"], kernel.asm["cubin"] = \
                    cuda_compile.compile_cuda(kernel.asm["cuda"], kernel.name,
                                              _gpu_arch())
            except cuda_compile.CUDACompileError as e:
                raise LaunchError(str(e), **where) from None
        image = _image(kernel, where)
        module, fn = ctypes.c_void_p(), ctypes.c_void_p()
        _check(lib, lib.mtr_module_load(image, len(image),
                                        ctypes.byref(module)),
               f"loading kernel '{kernel.name}'", where)
        _check(lib, lib.mtr_module_get_function(module, kernel.name.encode(),
                                                ctypes.byref(fn)),
               f"finding kernel '{kernel.name}'", where)
        count = ctypes.c_size_t()
        _check(lib, lib.mtr_function_param_count(fn, ctypes.byref(count)),
               "reading the kernel's parameters", where)
        # The launch ABI appends the grid sizes g0 and g1 (see tt.func).
        if count.value != len(kernel.signature) + 2:
            raise LaunchError(f"the GPU binary takes {count.value} parameters "
                              f"but the kernel has {len(kernel.signature)} "
                              "plus the 2 grid sizes", **where)
        kernel._gpu_function = (module, fn)
        return kernel._gpu_function


_SCALAR_CTYPES = {"i32": ctypes.c_int32, "f32": ctypes.c_float}


_MAX_BLOCKS_X = 2**31 - 1


def launch(kernel, grid3, runtime_args, where):
    """Launches `kernel` on the GPU under tt.func's launch ABI: blocks of
    kernel.threads x kernel.programs_per_cta threads, grid axes 0 and 1
    folded into gridDim.x, the grid sizes g0 and g1 appended to the
    arguments; asynchronous on the default stream, as Triton's launches
    are."""
    g0, g1, g2 = grid3
    programs = kernel.programs_per_cta
    blocks_x = -(-g0 // programs) * g1
    if blocks_x > _MAX_BLOCKS_X:
        raise GridError(f"launch grid {tuple(grid3)!r}: axes 0 and 1 together "
                        f"need {blocks_x} CUDA blocks; CUDA allows at most "
                        f"{_MAX_BLOCKS_X} along x", **where)
    lib = _runtime(where)
    _, fn = kernel._gpu_function or _function(kernel, where)
    values = [ctypes.c_uint64(arg.value) if arg.type.startswith("ptr")
              else _SCALAR_CTYPES[arg.type](arg.value) for arg in runtime_args]
    values += [ctypes.c_int32(g0), ctypes.c_int32(g1)]
    pointers = (ctypes.c_void_p * len(values))(
        *[ctypes.addressof(v) for v in values])
    grid = (ctypes.c_uint * 3)(blocks_x, g2, 1)
    block = (ctypes.c_uint * 3)(kernel.threads, programs, 1)
    status = lib.mtr_launch(fn, grid, block, 0, None, pointers, len(values))
    if status:
        _check(lib, status, f"launching kernel '{kernel.name}'", where)
