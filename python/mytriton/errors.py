"""Exceptions of mytriton. Every error names the kernel and, where there is
one, shows the offending line of the user's Python source with a caret."""

from __future__ import annotations

import linecache


class MyTritonError(Exception):
    """Base class of every mytriton error.

    Attributes: ``kernel`` (the kernel's name), ``filename``, ``lineno``,
    ``col`` (1-based; 0 when unknown), ``source_line`` (the text of that
    line, or None) and ``reason`` (what is wrong, without the location)."""

    def __init__(self, reason: str, kernel: str | None = None,
                 filename: str | None = None, lineno: int = 0, col: int = 0):
        self.reason = reason
        self.kernel = kernel
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.source_line = None
        self.callers = []  # "called from ..." lines, innermost first
        self._sites = [(filename, lineno, col)]  # the lines named so far
        if filename and lineno > 0:
            line = linecache.getline(filename, lineno)
            if line:
                self.source_line = line.rstrip("\n")
        super().__init__(self._format())

    def add_caller(self, filename: str, lineno: int, col: int = 0):
        """Notes the line that called the @jit helper the error is in; not
        again the line already named (helpers of mytriton's own, such as
        tl.rand's, are located at the user's line that reached them)."""
        line = linecache.getline(filename, lineno).strip()
        where = f"{filename}:{lineno}" + (f":{col}" if col > 0 else "")
        sites = self.__dict__.setdefault(
            "_sites", [(self.filename, self.lineno, self.col)])
        if (filename, lineno, col) == sites[-1]:
            return
        sites.append((filename, lineno, col))
        self.callers.append(f"called from {where}" +
                            (f": {line}" if line else ""))
        self.args = (self._format(),)

    def _format(self) -> str:
        head = f"kernel '{self.kernel}'" if self.kernel else "mytriton"
        if self.filename and self.lineno > 0:
            where = f"{self.filename}:{self.lineno}"
            if self.col > 0:
                where += f":{self.col}"
            head = f"{where}: in {head}"
        text = f"{head}: {self.reason}"
        if self.source_line is not None:
            text += f"\n    {self.source_line.rstrip()}"
            if self.col > 0:
                # Keep tabs so the caret lines up under the column.
                prefix = "".join(c if c == "\t" else " "
                                 for c in self.source_line[:self.col - 1])
                text += f"\n    {prefix}^"
        for caller in self.callers:
            text += f"\n  {caller}"
        return text


class CompilationError(MyTritonError):
    """The kernel cannot be traced or compiled: a language misuse found while
    tracing, or a verifier/compiler diagnostic mapped to the source line."""


class ArgumentError(MyTritonError, TypeError):
    """A launch argument is missing, extra, or of an unsupported type."""


class GridError(MyTritonError, ValueError):
    """The launch grid is empty or malformed."""


class LaunchError(MyTritonError, RuntimeError):
    """The kernel compiled but cannot run here (no GPU runtime, no backend,
    a CUDA failure)."""


class OutOfBoundsError(LaunchError):
    """On the CPU, a tl.load or tl.store reached outside the array its
    pointer came from. The launch stopped at that access, which touched no
    memory; programs before it took effect, the stopped program's earlier
    stores may or may not have. Located at the
    access's source line; ``arg`` (the parameter's name), ``program_id``
    (x, y, z), ``element`` (the offending element index) and
    ``num_elements`` (the array's length) say which."""

    def __init__(self, reason, *, arg=None, program_id=(0, 0, 0), element=0,
                 num_elements=0, **where):
        self.arg, self.program_id = arg, tuple(program_id)
        self.element, self.num_elements = element, num_elements
        super().__init__(reason, **where)


class DeviceAssertionError(LaunchError):
    """On the CPU, a tl.device_assert (active under debug) found a false
    element. The launch stopped there; located at the assert's line, with
    the ``program_id`` (x, y, z) and the flat index ``element`` of the
    first false element."""

    def __init__(self, reason, *, program_id=(0, 0, 0), element=0, **where):
        self.program_id, self.element = tuple(program_id), element
        super().__init__(reason, **where)


class CompilerNotFoundError(MyTritonError, RuntimeError):
    """libMyTritonCAPI.so is not available and the kernel is not cached."""


class MyTritonWarning(RuntimeWarning):
    """Something worked only in part (e.g. compiled but did not run)."""
