"""The checks of the tests that a compile error points at the user's
kernel line: trace a kernel to its CompilationError, find a source line of
a function, and assert that a message names it."""

import inspect

import pytest

from mytriton import CompilationError


def trace_error(kernel, types, **constexprs) -> str:
    """The message of the CompilationError that tracing `kernel` for the
    argument `types` and `constexprs` raises (the test fails without one)."""
    with pytest.raises(CompilationError) as info:
        kernel.trace(list(types), constexprs, "auto")
    return str(info.value)


def line_of(fn, text) -> int:
    """The file line number of the first line of `fn` (a function or a
    @jit kernel) that contains `text`."""
    lines, start = inspect.getsourcelines(getattr(fn, "fn", fn))
    return start + next(i for i, line in enumerate(lines) if text in line)


def assert_at(message, fn, text, *phrases, first_line=False,
              quotes_source=False):
    """`message` names the line of `fn` holding `text` (as `:LINE:`; in its
    first line when `first_line`), quotes that source text when
    `quotes_source`, and contains every one of `phrases`."""
    where = message.splitlines()[0] if first_line else message
    assert f":{line_of(fn, text)}:" in where, message
    if quotes_source:
        assert text in message, message
    for phrase in phrases:
        assert phrase in message, message
