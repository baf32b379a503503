"""The CUDA C path (MYTRITON_BACKEND=cuda): the emitted CUDA source compiled
to PTX and a cubin with NVRTC (libnvrtc through ctypes) when present, else
with nvcc in a subprocess."""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import subprocess
import tempfile


class CUDACompileError(RuntimeError):
    pass


def _nvrtc_candidates():
    names = ["libnvrtc.so"] + [f"libnvrtc.so.{v}" for v in (13, 12, 11)]
    dirs = [os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", ""),
            "/usr/local/cuda"]
    for d in dirs:
        if d:
            names += sorted(glob.glob(os.path.join(d, "lib64", "libnvrtc.so*")))
    try:  # The nvidia-cuda-nvrtc wheel that PyTorch installs.
        import nvidia.cuda_nvrtc  # type: ignore
        for d in nvidia.cuda_nvrtc.__path__:
            names += sorted(glob.glob(os.path.join(d, "lib", "libnvrtc.so*")))
    except ImportError:
        pass
    return [n for n in names if "builtins" not in n and ".alt." not in n]


_nvrtc = None
_nvrtc_path = None


def _include_dirs():
    """Directories holding cuda_fp16.h and cuda_bf16.h, which kernels with
    float16/bfloat16 elements include: NVRTC has no search path of its own
    (nvcc finds them itself). Next to the loaded libnvrtc first."""
    dirs = []
    if _nvrtc_path and os.path.isabs(_nvrtc_path):
        dirs.append(os.path.join(os.path.dirname(os.path.dirname(
            os.path.realpath(_nvrtc_path))), "include"))
    for d in (os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", ""),
              "/usr/local/cuda"):
        if d:
            dirs.append(os.path.join(d, "include"))
    nvcc = shutil.which("nvcc")
    if nvcc:
        dirs.append(os.path.join(os.path.dirname(os.path.dirname(
            os.path.realpath(nvcc))), "include"))
    for module in ("nvidia.cuda_runtime", "nvidia.cuda_nvrtc", "nvidia.cu13"):
        try:  # The CUDA wheels that PyTorch installs.
            package = __import__(module, fromlist=["__path__"])
            dirs += [os.path.join(d, "include") for d in package.__path__]
        except ImportError:
            pass
    found = []
    for d in dirs:
        if (os.path.exists(os.path.join(d, "cuda_fp16.h"))
                and os.path.exists(os.path.join(d, "cuda_bf16.h"))
                and d not in found):
            found.append(d)
    return found[:1]


def _load_nvrtc():
    global _nvrtc
    if _nvrtc is not None:
        return _nvrtc or None
    for name in _nvrtc_candidates():
        try:
            lib = ctypes.CDLL(name)
            lib.nvrtcCreateProgram  # noqa: B018 - probe the symbol
        except (OSError, AttributeError):
            continue
        global _nvrtc_path
        _nvrtc, _nvrtc_path = lib, name
        return lib
    _nvrtc = False
    return None


def extra_options() -> list[str]:
    """$MYTRITON_NVRTC_OPTIONS: extra options for NVRTC/nvcc on the CUDA C++
    route (e.g. --use_fast_math, which maps expf to __expf and divisions to
    approximate ones, as Triton's defaults do). Part of the cache key."""
    return os.environ.get("MYTRITON_NVRTC_OPTIONS", "").split()


def _nvrtc_compile(lib, source, name, arch, want_cubin):
    prog = ctypes.c_void_p()
    check = lambda rc, what: rc == 0 or (_ for _ in ()).throw(  # noqa: E731
        CUDACompileError(f"NVRTC {what} failed with code {rc}"))
    check(lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(),
                                 (name + ".cu").encode(), 0, None, None),
          "nvrtcCreateProgram")
    try:
        target = arch if want_cubin else arch.replace("sm_", "compute_")
        opts = [f"--gpu-architecture={target}".encode(), b"-default-device",
                b"--std=c++17"] + [o.encode() for o in extra_options()]
        if "#include <cuda_" in source:
            includes = _include_dirs()
            if not includes:
                raise CUDACompileError(
                    f"the CUDA source of '{name}' uses float16 or bfloat16, "
                    "whose CUDA headers (cuda_fp16.h, cuda_bf16.h) NVRTC "
                    "needs and none were found: set CUDA_HOME to the CUDA "
                    "toolkit")
            opts += [f"--include-path={d}".encode() for d in includes]
        arr = (ctypes.c_char_p * len(opts))(*opts)
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        if rc != 0:
            size = ctypes.c_size_t()
            lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetProgramLog(prog, log)
            raise CUDACompileError(
                f"NVRTC could not compile the CUDA source of '{name}':\n"
                + log.value.decode(errors="replace"))
        size = ctypes.c_size_t()
        getter = "CUBIN" if want_cubin else "PTX"
        check(getattr(lib, f"nvrtcGet{getter}Size")(prog, ctypes.byref(size)),
              f"nvrtcGet{getter}Size")
        buf = ctypes.create_string_buffer(size.value)
        check(getattr(lib, f"nvrtcGet{getter}")(prog, buf), f"nvrtcGet{getter}")
        return buf.raw if want_cubin else buf.value.decode()
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


def _nvcc():
    for candidate in (shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def _nvcc_compile(nvcc, source, name, arch):
    with tempfile.TemporaryDirectory(prefix="mytriton-nvcc-") as tmp:
        src = os.path.join(tmp, name + ".cu")
        with open(src, "w") as f:
            f.write(source)
        outputs = {}
        for kind, flag in (("ptx", "-ptx"), ("cubin", "-cubin")):
            out = os.path.join(tmp, f"{name}.{kind}")
            target = arch if kind == "cubin" else arch.replace("sm_", "compute_")
            proc = subprocess.run([nvcc, flag, f"-arch={target}",
                                   *extra_options(), "-o", out, src],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise CUDACompileError(f"nvcc could not compile the CUDA "
                                       f"source of '{name}':\n{proc.stderr}")
            with open(out, "rb") as f:
                outputs[kind] = f.read()
        return outputs["ptx"].decode(), outputs["cubin"]


def available() -> str | None:
    """"nvrtc", "nvcc", or None."""
    if _load_nvrtc() is not None:
        return "nvrtc"
    return "nvcc" if _nvcc() else None


def compile_cuda(source: str, name: str, arch: str) -> tuple[str, bytes]:
    """(PTX, cubin) for `source`; raises CUDACompileError saying why not."""
    lib = _load_nvrtc()
    if lib is not None:
        return (_nvrtc_compile(lib, source, name, arch, False),
                _nvrtc_compile(lib, source, name, arch, True))
    nvcc = _nvcc()
    if nvcc is not None:
        return _nvcc_compile(nvcc, source, name, arch)
    raise CUDACompileError(
        "MYTRITON_BACKEND=cuda needs NVRTC (libnvrtc.so) or nvcc to compile "
        "the emitted CUDA, and neither was found (set CUDA_HOME, or use the "
        "default nvvm backend)")
