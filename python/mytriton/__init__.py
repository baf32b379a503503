"""mytriton: a small Triton-like GPU kernel compiler.

    import mytriton as triton
    import mytriton.language as tl

    @triton.jit
    def add(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) +
                 tl.load(y + offs, mask=mask), mask=mask)

    add[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, out, n, BLOCK=256)

See docs/Python.md.
"""

from . import language, testing
from .autotuner import Config, autotune, heuristics
from .errors import (ArgumentError, CompilationError, CompilerNotFoundError,
                     GridError, LaunchError, MyTritonError, MyTritonWarning)
from ._version import __version__
from .errors import DeviceAssertionError, OutOfBoundsError
from .jit import CompiledKernel, JITFunction, jit
from ._reinterpret import TensorWrapper, reinterpret
from . import runtime  # noqa: E402 - triton.runtime.driver.active

__all__ = [
    "jit", "cdiv", "next_power_of_2", "language", "testing", "autotune",
    "Config", "heuristics", "JITFunction",
    "CompiledKernel", "MyTritonError", "CompilationError", "ArgumentError",
    "GridError", "LaunchError", "CompilerNotFoundError", "MyTritonWarning",
    "OutOfBoundsError", "DeviceAssertionError", "__version__",
    "reinterpret", "TensorWrapper", "set_allocator",
]

_allocator = None


def set_allocator(allocator):
    """Triton's hook for the global scratch memory that its device-side
    tensor descriptors (tl.make_tensor_descriptor) are written to on
    sm_90. MyTriton's descriptors need none: the allocator is kept, never
    called (docs/Python.md#tensor-descriptors)."""
    global _allocator
    _allocator = allocator


def cdiv(x: int, y: int) -> int:
    """Ceiling division: the number of blocks of size y covering x."""
    return (x + y - 1) // y


def next_power_of_2(n: int) -> int:
    """The smallest power of two >= n (1 for n <= 1)."""
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()
