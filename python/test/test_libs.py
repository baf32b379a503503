"""mytriton/_libs.py: one library lookup for every module, in the order
docs/Python.md gives ($MYTRITON_LIB_DIR alone, else the package's lib/, else
the checkout's build/lib)."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from mytriton import _libs
from conftest import requires_compiler

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(os.path.dirname(HERE), "mytriton")
LIBRARIES = ("libMyTritonCAPI.so", "libMyTritonRuntime.so")

# Runs a kernel on numpy arrays (compiler.py's and backends/cpu.py's loads)
# and prints where each library came from.
SCRIPT = textwrap.dedent("""
    import numpy as np
    import mytriton as triton
    import mytriton.language as tl
    from mytriton import _libs

    @triton.jit
    def twice(x, out, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) * 2.0, mask=mask)

    x = np.arange(16, dtype=np.float32)
    y = np.zeros_like(x)
    twice[(1,)](x, y, 16, BLOCK=16)
    assert (y == 2 * x).all(), y
    print(triton.__file__)
    print(_libs.find_library("libMyTritonCAPI.so"))
""")


def test_env_dir_is_searched_alone(monkeypatch, tmp_path):
    monkeypatch.setenv("MYTRITON_LIB_DIR", f"{tmp_path}/a{os.pathsep}{tmp_path}/b")
    assert _libs.search_dirs() == [f"{tmp_path}/a", f"{tmp_path}/b"]
    assert _libs.find_library("libMyTritonCAPI.so") is None
    lib, why = _libs.load_library("libMyTritonCAPI.so")
    assert lib is None and f"{tmp_path}/a" in why and "MYTRITON_LIB_DIR" in why


def test_package_lib_comes_before_the_checkout_build(monkeypatch):
    monkeypatch.delenv("MYTRITON_LIB_DIR", raising=False)
    dirs = _libs.search_dirs()
    assert dirs[0] == os.path.join(PACKAGE, "lib")
    checkout = os.path.dirname(os.path.dirname(PACKAGE))
    assert dirs[1:] == [os.path.join(checkout, "build", "lib")]


def run_copy(tmp_path, with_libs):
    """Runs SCRIPT on a copy of the package outside the checkout, as an
    installed package is, with no environment variable pointing at it."""
    site = tmp_path / "site"
    shutil.copytree(PACKAGE, site / "mytriton",
                    ignore=shutil.ignore_patterns("__pycache__", "lib"))
    if with_libs:
        (site / "mytriton" / "lib").mkdir()
        for name in LIBRARIES:
            shutil.copy(_libs.find_library(name), site / "mytriton" / "lib" / name)
    env = {k: v for k, v in os.environ.items()
           if k not in ("MYTRITON_LIB_DIR", "PYTHONPATH")}
    env["PYTHONPATH"] = str(site)
    env["MYTRITON_CACHE_DIR"] = str(tmp_path / "cache")
    return subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300)


@requires_compiler
def test_copied_package_runs_on_the_cpu_from_its_own_lib(tmp_path):
    done = run_copy(tmp_path, with_libs=True)
    assert done.returncode == 0, done.stderr
    module, capi = done.stdout.split()
    assert module == str(tmp_path / "site" / "mytriton" / "__init__.py")
    assert capi == str(tmp_path / "site" / "mytriton" / "lib" / "libMyTritonCAPI.so")


@requires_compiler
def test_copied_package_without_libs_says_where_it_looked(tmp_path):
    done = run_copy(tmp_path, with_libs=False)
    assert done.returncode != 0
    assert "libMyTritonCAPI.so not found in" in done.stderr
    assert str(tmp_path / "site" / "mytriton" / "lib") in done.stderr
