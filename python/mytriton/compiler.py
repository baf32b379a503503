"""The in-process compiler: libMyTritonCAPI.so through ctypes
(include/MyTriton-c/Compiler.h)."""

from __future__ import annotations

import ctypes
import re
import threading
from dataclasses import dataclass, field

from . import _libs

_lock = threading.Lock()
_lib = None
_lib_error = ""
_loaded = False

STATUS_OK, STATUS_IR, STATUS_BACKEND, STATUS_ARGUMENT = 0, 1, 2, 3
TEXT_ARTIFACTS = ("ttir-opt", "llir", "cuda", "ptx", "kernel-name",
                  "shared-bytes", "load-bytes", "tensor-maps")
BACKEND_NOT_BUILT = "backend not built"


def _load():
    global _lib, _lib_error, _loaded
    with _lock:
        if _loaded:
            return _lib
        lib, why = _libs.load_library("libMyTritonCAPI.so")
        if lib is not None:
            vp = ctypes.c_void_p
            lib.mytriton_compile.argtypes = [ctypes.c_char_p, ctypes.c_char_p,
                                             ctypes.POINTER(vp)]
            lib.mytriton_compile.restype = ctypes.c_int
            lib.mytriton_result_get.argtypes = [
                vp, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t)]
            lib.mytriton_result_get.restype = vp
            lib.mytriton_result_error.argtypes = [vp, ctypes.c_char_p]
            lib.mytriton_result_error.restype = ctypes.c_char_p
            lib.mytriton_result_free.argtypes = [vp]
            lib.mytriton_result_free.restype = None
            lib.mytriton_compiler_version.argtypes = []
            lib.mytriton_compiler_version.restype = ctypes.c_char_p
        _lib, _lib_error, _loaded = lib, why, True
        return lib


def available() -> bool:
    return _load() is not None


def unavailable_reason() -> str:
    _load()
    return _lib_error


_build_digest = None


def version() -> str | None:
    """The compiler library's version string plus a digest of the library
    file, or None without it. The digest tells two builds of one version
    apart: a cached kernel from an older build of the compiler (a changed
    code generator) is stale, not a hit."""
    global _build_digest
    lib = _load()
    if lib is None:
        return None
    if _build_digest is None:
        import hashlib
        digest = hashlib.sha256()
        try:
            with open(lib._name, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
            _build_digest = digest.hexdigest()[:16]
        except (OSError, TypeError):
            _build_digest = "unknown"
    return f"{lib.mytriton_compiler_version().decode()};build={_build_digest}"


@dataclass
class Diagnostic:
    filename: str
    line: int
    col: int
    severity: str
    message: str


_RECORD = re.compile(r"^(.*):(\d+):(\d+): (error|warning|note|remark): (.*)$")


def parse_diagnostics(text: str) -> list[Diagnostic]:
    out = []
    for record in text.splitlines():
        m = _RECORD.match(record)
        if m:
            out.append(Diagnostic(m[1], int(m[2]), int(m[3]), m[4],
                                  m[5].replace("\\n", "\n")))
        elif record.strip():
            out.append(Diagnostic("<unknown>", 0, 0, "error", record))
    return out


@dataclass
class CompileResult:
    status: int
    artifacts: dict = field(default_factory=dict)  # name -> str / bytes
    errors: dict = field(default_factory=dict)     # artifact -> why missing
    diagnostics: list = field(default_factory=list)


def compile_ir(ir: str, options: str = "") -> CompileResult:
    """Parses, verifies, optimizes `ir` and runs the backends in process.
    Raises RuntimeError when the library is missing."""
    lib = _load()
    if lib is None:
        raise RuntimeError(_lib_error)
    handle = ctypes.c_void_p()
    status = lib.mytriton_compile(ir.encode(), options.encode(),
                                  ctypes.byref(handle))
    try:
        result = CompileResult(status)

        def get(name):
            size = ctypes.c_size_t()
            ptr = lib.mytriton_result_get(handle, name.encode(),
                                          ctypes.byref(size))
            return None if not ptr else ctypes.string_at(ptr, size.value)

        for name in TEXT_ARTIFACTS:
            data = get(name)
            if data is not None:
                result.artifacts[name] = data.decode()
        cubin = get("cubin")
        if cubin is not None:
            result.artifacts["cubin"] = cubin
        for name in ("cuda", "ptx", "cubin"):
            if name not in result.artifacts:
                why = lib.mytriton_result_error(handle, name.encode())
                # "not produced: ..." is the answer for unrequested artifacts.
                if why and not why.startswith(b"not produced"):
                    result.errors[name] = why.decode()
        result.diagnostics = parse_diagnostics(
            (get("diagnostics") or b"").decode())
        return result
    finally:
        lib.mytriton_result_free(handle)
