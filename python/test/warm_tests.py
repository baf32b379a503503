"""`--warm DIR` for GPU test files whose tests launch through one helper.

A GPU host without the compiler library can only launch what was compiled
elsewhere into a cache. Rather than a second list of launch parameters,
warm_main runs the file's GPU tests under pytest with $MYTRITON_WARM_CACHE
set; their launch helper then calls warm_launch, which compiles that very
launch (same arrays' dtypes, scalars, constexprs and options, so the same
cache key) for the test's backend into DIR and ends the test there. A test
must therefore launch once (its checks never run under --warm).
"""

import os
import re

import pytest

from mytriton import CompilationError, cache

ENV = "MYTRITON_WARM_CACHE"
_TAG = "warmed "


def warming() -> str | None:
    """The warm cache while warm_main runs the tests (read at each call: the
    tests' module is imported after warm_main sets it), else None."""
    return os.environ.get(ENV)


def _first_line(text) -> str:
    return (str(text).strip().splitlines() or [""])[0][:200]


def warm_launch(backend, monkeypatch, kernel, args, options):
    """Compiles `kernel`'s launch on host `args` for `backend` into the warm
    cache and ends the test: skipped when the cache holds it (a kernel the
    GPU routes refuse is cached with its refusal, which the GPU host's
    launch then reports), failed when it does not compile or is not cached."""
    monkeypatch.setenv("MYTRITON_CACHE_DIR", warming())
    try:
        compiled = kernel.warmup(*args, backend=backend, **options)
    except CompilationError as e:
        pytest.fail(f"{backend} FAILED: {_first_line(e)}", pytrace=False)
    if cache.load(compiled.cache_key) is None:
        why = compiled.backend_errors.get("cubin", "")
        pytest.fail(f"{backend} FAILED: compiled but not cached: "
                    f"{_first_line(why)}", pytrace=False)
    if compiled.asm.get("cubin"):
        pytest.skip(f"{_TAG}{backend} ok")
    pytest.skip(f"{_TAG}{backend} refused: "
                f"{_first_line(compiled.backend_errors.get('cubin'))}")


class _Tally:
    """Prints one line per warmed launch; counts them per backend."""

    def __init__(self):
        self.counts = {}

    def pytest_runtest_logreport(self, report):
        if report.passed and report.when == "call":
            self._add(report.nodeid, "?", "FAILED: passed without launching")
            return
        if not (report.failed or report.skipped):
            return
        text = report.longrepr[2] if isinstance(report.longrepr, tuple) \
            else str(report.longrepr)
        if report.skipped:
            text = text.removeprefix("Skipped: ")
            if not text.startswith(_TAG):
                return  # skipped before launching (a case that does not apply)
            backend, _, result = text.removeprefix(_TAG).partition(" ")
            self._add(report.nodeid, backend, result)
            return
        # warm_launch's own failure, else whatever else failed in the test.
        own = re.search(r"^(\w+) (FAILED: .*)$", text, re.M)
        backend = own.group(1) if own else "?"
        self._add(report.nodeid, backend,
                  own.group(2) if own else "FAILED: " + _first_line(text))

    def _add(self, nodeid, backend, result):
        kind = result.split(":")[0].split()[0]
        per = self.counts.setdefault(backend, {})
        per[kind] = per.get(kind, 0) + 1
        print(f"{backend:5} {nodeid.split('::')[-1]:60} {result}", flush=True)


def warm_main(path, cache_dir, select):
    """Warms the tests of `path` that `select` (a pytest -k expression)
    picks into `cache_dir`; prints a line per launch and the counts per
    backend; returns 1 if any failed."""
    os.environ[ENV] = os.path.abspath(cache_dir)
    os.environ.pop("MYTRITON_NUM_WARPS", None)
    os.environ.pop("MYTRITON_BACKEND", None)
    tally = _Tally()
    pytest.main(["-s", "-p", "no:terminal", "-p", "no:cacheprovider",
                 path, "-k", select], plugins=[tally])
    failed = 0
    for backend, per in sorted(tally.counts.items()):
        print(f"{backend}: " + ", ".join(f"{n} {kind}" for kind, n in
                                         sorted(per.items())))
        failed += per.get("FAILED", 0)
    return 1 if failed or not tally.counts else 0


def warm_cases(cache_dir, cases) -> int:
    """Compiles every case of `cases` (name -> a function returning the
    kernel, grid, args and options first) for both GPU backends into
    `cache_dir`, a line per compile; returns how many failed."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    width = max(map(len, cases), default=0)
    failed = 0
    for backend in ("nvvm", "cuda"):
        for name in sorted(cases):
            kernel, _, args, options = cases[name]()[:4]
            try:
                compiled = kernel.warmup(*args, backend=backend, **options)
            except CompilationError as e:
                print(f"{backend:5} {name:{width}} FAILED: {_first_line(e)}")
                failed += 1
                continue
            missing = sorted(compiled.backend_errors)
            failed += bool(missing)
            print(f"{backend:5} {name:{width}} "
                  f"{'ok' if not missing else missing}")
    return failed


def warm_cases_main(doc, cases):
    """The `__main__` of a test file whose GPU cases warm_cases compiles:
    `--warm DIR` (exit status 1 when a case failed), else its doc."""
    import sys
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        sys.exit(1 if warm_cases(sys.argv[2], cases) else 0)
    sys.exit(doc)
