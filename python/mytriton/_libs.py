"""Finding mytriton's shared libraries.

Searched in order: $MYTRITON_LIB_DIR alone when it is set (so a host can
pretend the compiler is absent), else the package's own lib/ folder (an
installed copy), then the build folder of a source checkout
(<repo>/build/lib)."""

from __future__ import annotations

import ctypes
import os

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def search_dirs() -> list[str]:
    env = os.environ.get("MYTRITON_LIB_DIR")
    if env:
        return [d for d in env.split(os.pathsep) if d]
    repo = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
    return [os.path.join(_PACKAGE_DIR, "lib"),
            os.path.join(repo, "build", "lib")]


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
                      "(set MYTRITON_LIB_DIR to the folder that holds it)")
    try:
        return ctypes.CDLL(path), ""
    except OSError as e:
        return None, f"{path} could not be loaded: {e}"
