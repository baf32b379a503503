"""Finding mytriton's shared libraries: the one lookup every module uses
(compiler.py, runtime.py, backends/cpu.py).

Searched in order:
1. $MYTRITON_LIB_DIR (folders separated by os.pathsep), alone when it is set,
   so a host can point at another build or pretend the compiler is absent;
2. the package's own lib/ folder, where `pip install .` puts the libraries;
3. <checkout>/build/lib, when the package is imported from a source checkout
   (PYTHONPATH=python, or `pip install -e .`)."""

from __future__ import annotations

import ctypes
import os

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def _checkout_build_dir() -> str | None:
    repo = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
    if os.path.isfile(os.path.join(repo, "pyproject.toml")) and \
            os.path.isdir(os.path.join(repo, "python", "mytriton")):
        return os.path.join(repo, "build", "lib")
    return None


def search_dirs() -> list[str]:
    env = os.environ.get("MYTRITON_LIB_DIR")
    if env:
        return [d for d in env.split(os.pathsep) if d]
    dirs = [os.path.join(_PACKAGE_DIR, "lib")]
    build = _checkout_build_dir()
    if build:
        dirs.append(build)
    return dirs


def find_library(filename: str) -> str | None:
    for directory in search_dirs():
        path = os.path.join(directory, filename)
        if os.path.exists(path):
            return path
    return None


def load_library(filename: str) -> tuple[ctypes.CDLL | None, str]:
    """(library, "") or (None, why it could not be loaded)."""
    path = find_library(filename)
    if path is None:
        return None, (f"{filename} not found in {', '.join(search_dirs())} "
                      "(pip install the package, build it with "
                      "scripts/setup.sh, or set MYTRITON_LIB_DIR to the "
                      "folder that holds it)")
    try:
        return ctypes.CDLL(path), ""
    except OSError as e:
        return None, f"{path} could not be loaded: {e}"
