"""The build step pyproject.toml's setuptools backend runs: build MyTriton's
C++ libraries with CMake (scripts/setup.sh, the same configuration as every
other build) and put them in the package's lib/ folder, where
mytriton/_libs.py finds them.

    MYTRITON_BUILD_DIR   CMake build folder (default: build/, shared with
                         scripts/setup.sh, so an existing build is reused)

Editable installs (`pip install -e .`) import python/mytriton from the
checkout, which finds build/lib by itself (with another MYTRITON_BUILD_DIR,
python/mytriton/lib links to it), so a later `ninja -C build` is picked up
without reinstalling.
"""

import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))
# What the package loads with ctypes (_libs.py): the compiler C API (also the
# CPU route's JIT) and the CUDA driver runtime.
LIBRARIES = ("libMyTritonCAPI.so", "libMyTritonRuntime.so")


def build_dir() -> str:
    return os.path.abspath(os.environ.get("MYTRITON_BUILD_DIR")
                           or os.path.join(ROOT, "build"))


def build_libraries() -> str:
    """Configures (first time) and builds; returns the folder of LIBRARIES."""
    env = dict(os.environ, BUILD_DIR=build_dir())
    subprocess.run([os.path.join(ROOT, "scripts", "setup.sh")], cwd=ROOT,
                   env=env, check=True)
    lib_dir = os.path.join(build_dir(), "lib")
    for name in LIBRARIES:
        if not os.path.isfile(os.path.join(lib_dir, name)):
            raise RuntimeError(f"the CMake build made no {lib_dir}/{name}")
    return lib_dir


class BuildPyWithLibraries(build_py):
    def run(self):
        super().run()
        lib_dir = build_libraries()
        if self.editable_mode:
            # _libs.py falls back to <checkout>/build/lib by itself.
            if lib_dir != os.path.join(ROOT, "build", "lib"):
                self.link_into_checkout(lib_dir)
            return
        # The libraries' RUNPATH is $ORIGIN plus LLVM's folder (CMakeLists.txt),
        # so copies of the build's files work from site-packages.
        target = os.path.join(self.build_lib, "mytriton", "lib")
        os.makedirs(target, exist_ok=True)
        for name in LIBRARIES:
            shutil.copy(os.path.join(lib_dir, name), os.path.join(target, name))

    @staticmethod
    def link_into_checkout(lib_dir):
        target = os.path.join(ROOT, "python", "mytriton", "lib")
        os.makedirs(target, exist_ok=True)
        for name in LIBRARIES:
            link = os.path.join(target, name)
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(os.path.join(lib_dir, name), link)


class BinaryDistribution(Distribution):
    """Native libraries inside: the wheel is for this platform and Python."""

    def has_ext_modules(self):
        return True


setup(
    cmdclass={"build_py": BuildPyWithLibraries},
    distclass=BinaryDistribution,
    # CMake owns build/; setuptools' own scratch goes beneath it.
    options={"build": {"build_base": os.path.join("build", "setuptools")}},
)
