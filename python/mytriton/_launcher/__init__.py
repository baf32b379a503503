"""The compiled launcher (launcher.c), built for the running interpreter at
first use, as Triton builds its own: the host's C compiler ($CC, else cc,
gcc or clang) with the headers of sysconfig.get_paths()["include"]. The
module lands in <cache dir>/launcher/<key>/, the key hashing the source, the
Python version and ABI (EXT_SUFFIX) and the compiler, and is built under a
temporary name and renamed into place, so concurrent first uses are safe.

MYTRITON_LAUNCHER selects: "auto" (default) the compiled launcher when it
builds, else runtime.py's ctypes path; "ctypes" always the ctypes path;
"c" the compiled launcher or a LaunchError saying why it cannot be built.
Without a compiler or Python headers "auto" falls back silently (status()
says why); a compiler that is present but fails warns once."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import warnings

from .. import cache
from ..errors import MyTritonWarning

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "launcher.c")
MODULE = "_mytriton_launcher"

_lock = threading.Lock()
_state: dict = {}  # mode -> (module or None, why)


def mode() -> str:
    value = (os.environ.get("MYTRITON_LAUNCHER") or "auto").strip().lower()
    if value not in ("auto", "c", "ctypes"):
        raise ValueError(f"MYTRITON_LAUNCHER={value!r}: expected auto, c or "
                         "ctypes")
    return value


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name:
            path = shutil.which(name)
            if path:
                return path
    return None


def _build(directory: str, target: str, cc: str, include: str) -> None:
    os.makedirs(directory, exist_ok=True)
    fd, temporary = tempfile.mkstemp(suffix=".so", dir=directory)
    os.close(fd)
    try:
        command = [cc, "-O2", "-shared", "-fPIC", f"-I{include}", SOURCE,
                   "-o", temporary]
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n"
                               f"{proc.stderr.strip()[-2000:]}")
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _import(path: str):
    loader = importlib.machinery.ExtensionFileLoader(MODULE, path)
    spec = importlib.util.spec_from_file_location(MODULE, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _load_compiled():
    """(module, "") or (None, why not)."""
    cc = _compiler()
    if cc is None:
        return None, "no C compiler (set CC, or install cc/gcc/clang)"
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.exists(os.path.join(include, "Python.h")):
        return None, (f"no Python headers ({include}/Python.h is missing; "
                      "install python3-dev or the Python development package)")
    with open(SOURCE, "rb") as f:
        source = f.read()
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    key = hashlib.sha256(b"\0".join([
        source, sys.version.encode(), suffix.encode(), cc.encode()])).hexdigest()
    directory = os.path.join(cache.cache_dir(), "launcher", key[:24])
    target = os.path.join(directory, MODULE + suffix)
    try:
        if not os.path.exists(target):
            _build(directory, target, cc, include)
        return _import(target), ""
    except (OSError, RuntimeError, ImportError) as e:
        return None, f"building the launcher failed: {e}"


def load():
    """(module, "") for the compiled launcher, or (None, why the ctypes path
    is used); built or imported once per process and mode. ValueError for
    a MYTRITON_LAUNCHER value other than auto, c or ctypes (runtime.py
    turns "c" without a module into a LaunchError)."""
    selected = mode()
    with _lock:
        if selected not in _state:
            if selected == "ctypes":
                _state[selected] = (None, "MYTRITON_LAUNCHER=ctypes")
            else:
                module, why = _load_compiled()
                _state[selected] = (module, why)
                if module is None and selected == "auto" and \
                        why.startswith("building"):
                    warnings.warn(f"mytriton: using the slower ctypes "
                                  f"launcher: {why}", MyTritonWarning,
                                  stacklevel=2)
        return _state[selected]


def status() -> str:
    """"c" or "ctypes (<why>)": which launcher launches use here."""
    module, why = load()
    return "c" if module is not None else f"ctypes ({why})"
