"""Run optimized tt IR on the host CPU.

The kernel is lowered by MyTriton's `tt-to-llvm-cpu` pipeline (tensors become
vectors of the block's lanes) and JIT-compiled by MLIR's ExecutionEngine,
through the C API in libMyTritonCAPI.so, loaded with ctypes. numpy arrays are
passed as raw buffers and updated in place.

    run_on_cpu(ttir, "softmax_kernel", (rows,), [x, out, n_cols])

Every load and store is checked against the array its pointer came from; an
access outside raises CPUOutOfBoundsError (MYTRITON_CPU_BOUNDS_CHECK=0 turns
the checks off at compile time, for speed).

The library is found as every other module finds it (mytriton/_libs.py).
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Iterable, Sequence

import numpy as np

from .. import _dtypes, _libs
from .._reinterpret import TensorWrapper

__all__ = ["CPUBackendError", "CPUOutOfBoundsError", "CPUModule",
           "bounds_check_enabled", "compile_for_cpu", "run_on_cpu"]

# Values of MyTritonCPUArg.kind (include/MyTriton-c/CPURunner.h): a pointer
# to elements of each memory type, and scalars of each value type, by the
# MLIR type (integers are signless there; a bool array is a byte buffer).
_POINTER_KINDS = {"f32": 0, "i32": 1, "f16": 5, "bf16": 6, "f64": 7,
                  "i8": 8, "i16": 9, "i64": 10}
_SCALAR_KINDS = {"i32": 2, "f32": 3, "i1": 4, "i8": 11, "i16": 12,
                 "i64": 13, "f16": 14, "bf16": 15, "f64": 16}
_KIND_NAMES = {**{k: f"!tt.ptr<{t}>" for t, k in _POINTER_KINDS.items()},
               **{k: t for t, k in _SCALAR_KINDS.items()}}
_I32, _I64, _F32, _F64, _I1 = (_SCALAR_KINDS[t] for t in
                               ("i32", "i64", "f32", "f64", "i1"))
# Status codes of mytritonCPUModuleRun and compile flags.
_RUN_OUT_OF_BOUNDS = 2
_NO_BOUNDS_CHECK = 1


class CPUBackendError(RuntimeError):
    """The C library rejected a module or a launch; the message says why."""


class CPUOutOfBoundsError(CPUBackendError):
    """A load or store reached outside the array its pointer came from; the
    launch stopped there (that access touched no memory, earlier programs took
    effect).

    Attributes: ``kernel``, ``op`` ("load", "store", or "assert" for a failed
    tl.device_assert), ``arg_index`` (the
    kernel parameter, -1 if unknown), ``filename``/``line``/``col`` (the
    op's source location, "" and 0 when unknown), ``program_id`` (x, y, z),
    ``element`` (the first offending element offset) and ``num_elements``
    (the array's length)."""

    def __init__(self, message, kernel, op, arg_index, filename, line, col,
                 program_id, element, num_elements):
        super().__init__(message)
        self.kernel, self.op, self.arg_index = kernel, op, arg_index
        self.filename, self.line, self.col = filename, line, col
        self.program_id, self.element = program_id, element
        self.num_elements = num_elements


class _OutOfBounds(ctypes.Structure):
    _fields_ = [
        ("accessId", ctypes.c_int32),
        ("isStore", ctypes.c_int32),
        ("argIndex", ctypes.c_int32),
        ("line", ctypes.c_int32),
        ("col", ctypes.c_int32),
        ("programId", ctypes.c_int32 * 3),
        ("element", ctypes.c_int64),
        ("numElements", ctypes.c_int64),
        ("file", ctypes.c_char_p),
    ]


def bounds_check_enabled() -> bool:
    """Whether CPU compiles check every access: on unless
    $MYTRITON_CPU_BOUNDS_CHECK is 0/false/off/no."""
    value = os.environ.get("MYTRITON_CPU_BOUNDS_CHECK", "1")
    return value.strip().lower() not in ("0", "false", "off", "no")


class _Arg(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
        ("pointer", ctypes.c_void_p),
        ("numElements", ctypes.c_int64),
        ("intValue", ctypes.c_int64),
        ("floatValue", ctypes.c_double),
    ]


_lib = None
_lib_lock = threading.Lock()


def _load_library():
    global _lib
    with _lib_lock:
        if _lib is not None:
            return _lib
        lib, why = _libs.load_library("libMyTritonCAPI.so")
        if lib is None:
            raise CPUBackendError(why)
        lib.mytritonCPUModuleCompile.argtypes = [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]
        lib.mytritonCPUModuleCompile.restype = ctypes.c_void_p
        lib.mytritonCPUModuleCompileWithFlags.argtypes = [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_uint]
        lib.mytritonCPUModuleCompileWithFlags.restype = ctypes.c_void_p
        lib.mytritonCPULastOutOfBounds.argtypes = [
            ctypes.POINTER(_OutOfBounds)]
        lib.mytritonCPULastOutOfBounds.restype = ctypes.c_int
        lib.mytritonCPUModuleDestroy.argtypes = [ctypes.c_void_p]
        lib.mytritonCPUModuleDestroy.restype = None
        lib.mytritonCPUModuleRun.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64),
            ctypes.c_int, ctypes.POINTER(_Arg), ctypes.c_size_t]
        lib.mytritonCPUModuleRun.restype = ctypes.c_int
        lib.mytritonCPUModuleNumKernels.argtypes = [ctypes.c_void_p]
        lib.mytritonCPUModuleNumKernels.restype = ctypes.c_int
        lib.mytritonCPUModuleGetKernel.argtypes = [
            ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
            ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int32),
            ctypes.c_int]
        lib.mytritonCPUModuleGetKernel.restype = ctypes.c_int
        lib.mytritonCPUModuleGetLoweredIR.argtypes = [ctypes.c_void_p]
        lib.mytritonCPUModuleGetLoweredIR.restype = ctypes.c_char_p
        lib.mytritonCPULastError.argtypes = []
        lib.mytritonCPULastError.restype = ctypes.c_char_p
        _lib = lib
        return lib


def _last_error(lib) -> str:
    return lib.mytritonCPULastError().decode("utf-8", "replace")


def _normalize_grid(grid) -> tuple[int, ...]:
    if isinstance(grid, (int, np.integer)):
        grid = (grid,)
    grid = tuple(grid)
    if not 1 <= len(grid) <= 3:
        raise ValueError(f"a launch grid has 1 to 3 sizes, got {grid!r}")
    for size in grid:
        if not isinstance(size, (int, np.integer)) or isinstance(size, bool):
            raise TypeError(f"grid sizes are ints, got {grid!r}")
        if size < 0:
            raise ValueError(f"grid sizes are >= 0, got {grid!r}")
    return tuple(int(size) for size in grid)


def _buffer(index: int, value):
    """(dtype, address, elements) of a host array argument: a numpy array, a
    CPU torch tensor, or either reinterpreted (mytriton.reinterpret); None
    when `value` is not an array."""
    if isinstance(value, TensorWrapper):
        found = _buffer(index, value.base)
        if found is None:
            raise TypeError(f"argument {index}: reinterpret wraps an array, "
                            f"not a {type(value.base).__name__}")
        if found[0].itemsize != value.dtype.itemsize:
            raise TypeError(f"argument {index}: {found[0]!r} elements cannot "
                            f"be read as {value.dtype!r}")
        return value.dtype, found[1], found[2]
    if isinstance(value, np.ndarray):
        dt = _dtypes.from_numpy(value.dtype) if value.dtype.isnative else None
        if dt is None:
            raise TypeError(
                f"argument {index}: arrays of dtype {value.dtype.str} are not "
                "supported; the CPU path takes arrays of "
                + ", ".join(d.numpy_name for d in _dtypes.ALL if d.numpy_name)
                + " (bfloat16 through mytriton.reinterpret or torch)")
        if not value.flags.c_contiguous:
            raise ValueError(
                f"argument {index}: the array must be C-contiguous (the "
                "kernel addresses it as a flat buffer)")
        if not value.flags.writeable:
            raise ValueError(f"argument {index}: the array is read-only")
        return dt, value.ctypes.data, value.size
    if type(value).__module__ == "torch" and hasattr(value, "data_ptr"):
        dt = _dtypes.from_torch(value.dtype)
        if dt is None:
            raise TypeError(f"argument {index}: torch tensors of dtype "
                            f"{value.dtype} are not supported")
        if getattr(value, "is_cuda", False) or \
                str(getattr(value, "device", "cpu")) != "cpu":
            raise ValueError(f"argument {index}: a torch tensor on "
                             f"{value.device} is not host memory")
        if not value.is_contiguous():
            raise ValueError(f"argument {index}: the tensor must be "
                             "contiguous (the kernel addresses it as a flat "
                             "buffer)")
        return dt, value.data_ptr(), value.numel()
    return None


def _to_c_arg(index: int, value) -> _Arg:
    arg = _Arg()
    buffer = _buffer(index, value)
    if buffer is not None:
        dt, arg.pointer, arg.numElements = buffer
        # A bool is a byte in memory (DTYPES.md).
        arg.kind = _POINTER_KINDS["i8" if dt.is_bool() else dt.mlir]
    elif isinstance(value, (bool, np.bool_)):
        arg.kind = _I1
        arg.intValue = int(value)
    elif isinstance(value, (int, np.integer)):
        value = int(value)
        if -2**31 <= value < 2**31:
            arg.kind = _I32
        elif -2**63 <= value < 2**64:
            # A uint64 above 2**63 - 1 passes its bits (i64 is signless).
            arg.kind = _I64
            value -= 2**64 if value >= 2**63 else 0
        else:
            raise OverflowError(f"argument {index}: {value} does not fit in "
                                "64 bits")
        arg.intValue = value
    elif isinstance(value, (float, np.floating)):
        # floatValue is a double either way; the runner converts it to the
        # parameter's float type.
        arg.kind = _F64 if type(value) is np.float64 else _F32
        arg.floatValue = float(value)
    else:
        raise TypeError(
            f"argument {index}: expected an array (numpy, CPU torch, "
            f"mytriton.reinterpret), an int, a float or a bool, got "
            f"{type(value).__name__}")
    return arg


class CPUModule:
    """A tt module compiled for the host; run its kernels with `run`."""

    def __init__(self, ttir: str, opt_level: int = 3,
                 bounds_check: bool = True):
        self._lib = _load_library()
        self.bounds_check = bounds_check
        source = ttir.encode("utf-8")
        flags = 0 if bounds_check else _NO_BOUNDS_CHECK
        handle = self._lib.mytritonCPUModuleCompileWithFlags(
            source, len(source), opt_level, flags)
        if not handle:
            raise CPUBackendError(_last_error(self._lib))
        self._handle = handle
        self.kernels = self._read_signatures()

    def _read_signatures(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """kernel name -> (block size, parameter types as tt spells them)."""
        kernels = {}
        for index in range(self._lib.mytritonCPUModuleNumKernels(self._handle)):
            name = ctypes.c_char_p()
            block = ctypes.c_int32()
            kinds = (ctypes.c_int32 * 64)()
            count = self._lib.mytritonCPUModuleGetKernel(
                self._handle, index, ctypes.byref(name), ctypes.byref(block),
                kinds, len(kinds))
            params = tuple(_KIND_NAMES[kinds[i]] for i in range(min(count, 64)))
            kernels[name.value.decode()] = (block.value, params)
        return kernels

    @property
    def lowered_ir(self) -> str:
        """The LLVM dialect module that was JIT-compiled."""
        return self._lib.mytritonCPUModuleGetLoweredIR(self._handle).decode()

    def run(self, kernel_name: str, grid, args: Sequence) -> None:
        grid = _normalize_grid(grid)
        c_args = (_Arg * max(len(args), 1))(
            *[_to_c_arg(i, a) for i, a in enumerate(args)])
        c_grid = (ctypes.c_int64 * len(grid))(*grid)
        # `args` stays referenced until the call returns: the arrays live.
        status = self._lib.mytritonCPUModuleRun(
            self._handle, kernel_name.encode(), c_grid, len(grid), c_args,
            len(args))
        if status == _RUN_OUT_OF_BOUNDS:
            raise self._out_of_bounds(kernel_name)
        if status != 0:
            raise CPUBackendError(_last_error(self._lib))

    def _out_of_bounds(self, kernel_name) -> CPUOutOfBoundsError:
        info = _OutOfBounds()
        message = _last_error(self._lib)
        if not self._lib.mytritonCPULastOutOfBounds(ctypes.byref(info)):
            return CPUOutOfBoundsError(message, kernel_name, "access", -1, "",
                                       0, 0, (0, 0, 0), 0, 0)
        return CPUOutOfBoundsError(
            message, kernel_name,
            {0: "load", 1: "store", 2: "assert"}.get(info.isStore, "access"),
            info.argIndex, (info.file or b"").decode("utf-8", "replace"),
            info.line, info.col, tuple(info.programId), info.element,
            info.numElements)

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            self._lib.mytritonCPUModuleDestroy(handle)
            self._handle = None


_modules: dict[tuple[str, int, bool], CPUModule] = {}
_modules_lock = threading.Lock()


def compile_for_cpu(ttir_opt: str, opt_level: int = 3,
                    bounds_check: bool | None = None) -> CPUModule:
    """Compiles `ttir_opt` once per process per options; later calls reuse
    the module. `bounds_check` None: bounds_check_enabled()."""
    if bounds_check is None:
        bounds_check = bounds_check_enabled()
    key = (ttir_opt, opt_level, bool(bounds_check))
    module = _modules.get(key)  # a dict read is atomic: hits take no lock
    if module is not None:
        return module
    with _modules_lock:
        module = _modules.get(key)
        if module is None:
            module = CPUModule(ttir_opt, opt_level, bool(bounds_check))
            _modules[key] = module
        return module


def run_on_cpu(ttir_opt: str, kernel_name: str, grid, args: Iterable,
               bounds_check: bool | None = None) -> None:
    """Runs `kernel_name` of the tt module `ttir_opt` over `grid` on the CPU.

    `args` are host arrays of any dtype of _dtypes (numpy arrays, CPU torch
    tensors, mytriton.reinterpret wrappers; C-contiguous, updated in place)
    and int/float/bool scalars, in the kernel's parameter order.
    `bounds_check` None: on unless MYTRITON_CPU_BOUNDS_CHECK=0.
    """
    compile_for_cpu(ttir_opt, bounds_check=bounds_check).run(
        kernel_name, grid, list(args))
