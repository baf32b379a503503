"""The cache key covers everything the kernel's code depends on: the source
of every function it reaches, the values of the globals and closure
variables they read. Each case runs its launches in fresh processes sharing
one disk cache (a warm cache is where a stale key gives a wrong answer), on
the CPU path (numpy arrays)."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from mytriton import cache
from conftest import requires_compiler

pytestmark = requires_compiler
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Prints what the child computed and the cache counters, as one JSON line.
REPORT = """
import json as _json
from mytriton import cache as _cache
print("RESULT", _json.dumps({"values": RESULTS, "stats": _cache.stats}))
"""


def run_child(directory, script, cache_dir, **env):
    """Runs `script` (which fills the list RESULTS) in a new interpreter with
    `directory` on its path; returns (RESULTS, cache.stats)."""
    path = os.path.join(directory, "main_script.py")
    with open(path, "w") as f:
        f.write(textwrap.dedent(script) + REPORT)
    environment = dict(os.environ, MYTRITON_CACHE_DIR=str(cache_dir),
                       PYTHONPATH=os.pathsep.join([str(directory),
                                                   PYTHON_DIR]), **env)
    environment.pop("MYTRITON_DISABLE_DISK_CACHE", None)
    proc = subprocess.run([sys.executable, path], env=environment,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")]
    report = json.loads(line[-1][len("RESULT "):])
    return report["values"], report["stats"]


def write(directory, name, text):
    with open(os.path.join(directory, name), "w") as f:
        f.write(textwrap.dedent(text))


KERNEL_PRELUDE = """
import numpy as np
import mytriton as triton
import mytriton.language as tl
RESULTS = []

def launch(kernel):
    out = np.ones(8, np.float32)
    kernel[(1,)](out, BLOCK=8)
    RESULTS.append(float(out[0]))
"""

HELPER_SPELLINGS = {
    # how the kernel module reaches the helper -> (import line, call)
    "same-module": ("", "scale"),
    "from-import": ("from helpers import scale", "scale"),
    "module-attribute": ("import helpers", "helpers.scale"),
}


@pytest.mark.parametrize("spelling", sorted(HELPER_SPELLINGS))
def test_editing_a_helper_recompiles(tmp_path, private_cache, spelling):
    imports, call = HELPER_SPELLINGS[spelling]
    helper = "def scale(v):\n    return v * {factor}\n"
    home = "user_kernel.py" if spelling == "same-module" else "helpers.py"

    def write_helper(factor):
        if home == "helpers.py":
            write(tmp_path, "helpers.py", helper.format(factor=factor))
        write(tmp_path, "user_kernel.py", KERNEL_PRELUDE + imports + "\n" + (
            helper.format(factor=factor) if home == "user_kernel.py" else "")
            + textwrap.dedent(f"""
            @triton.jit
            def k(out, BLOCK: tl.constexpr):
                offs = tl.arange(0, BLOCK)
                tl.store(out + offs, {call}(tl.load(out + offs)))
            """))

    script = "import user_kernel as u\nu.launch(u.k)\nRESULTS = u.RESULTS\n"
    write_helper("2.0")
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0] and stats["compiles"] == 1
    values, stats = run_child(tmp_path, script, private_cache)  # warm cache
    assert values == [2.0] and stats["disk_hits"] == 1
    write_helper("3.0")
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [3.0] and stats["compiles"] == 1


def test_a_helper_of_a_helper_is_covered(tmp_path, private_cache):
    """Transitively: the kernel calls outer(), which calls inner() of another
    module; editing inner's module recompiles."""
    def write_inner(factor):
        write(tmp_path, "inner_mod.py", f"def inner(v):\n    return v * {factor}\n")
    write(tmp_path, "user_kernel.py", KERNEL_PRELUDE + """
from inner_mod import inner

def outer(v):
    return inner(v) + 1.0

@triton.jit
def k(out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, outer(tl.load(out + offs)))
""")
    script = "import user_kernel as u\nu.launch(u.k)\nRESULTS = u.RESULTS\n"
    write_inner("2.0")
    assert run_child(tmp_path, script, private_cache)[0] == [3.0]
    write_inner("4.0")
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [5.0] and stats["compiles"] == 1


def test_kernels_of_one_factory_differ_by_their_closures(tmp_path,
                                                         private_cache):
    write(tmp_path, "factory.py", KERNEL_PRELUDE + """
def make(s):
    @triton.jit
    def k(out, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(out + offs) * s)
    return k
""")
    script = """
        import factory as f
        for s in (2.0, 5.0, 2.0):
            f.launch(f.make(s))
        RESULTS = f.RESULTS
    """
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 5.0, 2.0]
    assert stats["compiles"] == 2 and stats["disk_hits"] == 1
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 5.0, 2.0]
    assert stats["compiles"] == 0 and stats["disk_hits"] == 3


GLOBAL_MODULE = KERNEL_PRELUDE + """
import os
SCALE = float(os.environ.get("SCALE", "2.0"))

@triton.jit
def k(out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(out + offs) * SCALE)
"""


def test_a_global_changed_between_launches_in_one_process(tmp_path,
                                                          private_cache):
    write(tmp_path, "user_kernel.py", GLOBAL_MODULE)
    script = """
        import mytriton.language as tl
        import user_kernel as u
        u.launch(u.k)
        u.SCALE = 5.0
        u.launch(u.k)
        u.SCALE = tl.constexpr(7.0)
        u.launch(u.k)
        u.SCALE = 2.0          # back to the first value: its kernel again
        u.launch(u.k)
        RESULTS = u.RESULTS
    """
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 5.0, 7.0, 2.0]
    assert stats["compiles"] == 3 and stats["memory_hits"] == 1


def test_a_global_that_differs_between_processes(tmp_path, private_cache):
    """Same source, another value (from the environment): a new key."""
    write(tmp_path, "user_kernel.py", GLOBAL_MODULE)
    script = "import user_kernel as u\nu.launch(u.k)\nRESULTS = u.RESULTS\n"
    assert run_child(tmp_path, script, private_cache, SCALE="2.0")[0] == [2.0]
    values, stats = run_child(tmp_path, script, private_cache, SCALE="5.0")
    assert values == [5.0] and stats["compiles"] == 1
    values, stats = run_child(tmp_path, script, private_cache, SCALE="2.0")
    assert values == [2.0] and stats["disk_hits"] == 1


def test_a_module_attribute_changed_between_launches(tmp_path, private_cache):
    write(tmp_path, "config.py", "SCALE = 2.0\n")
    write(tmp_path, "user_kernel.py", KERNEL_PRELUDE + """
import config

@triton.jit
def k(out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(out + offs) * config.SCALE)
""")
    script = """
        import config, user_kernel as u
        u.launch(u.k)
        config.SCALE = 6.0
        u.launch(u.k)
        RESULTS = u.RESULTS
    """
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 6.0] and stats["compiles"] == 2


EXEC_SOURCE = """
@triton.jit
def k(out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(out + offs) * {constant})
"""


def test_exec_kernels_that_differ_in_a_constant(tmp_path, private_cache):
    write(tmp_path, "exec_kernels.py", KERNEL_PRELUDE + f"""
SOURCE = {EXEC_SOURCE!r}

def build(constant):
    namespace = {{"triton": triton, "tl": tl}}
    exec(SOURCE.format(constant=constant), namespace)
    return namespace["k"]
""")
    script = """
        import exec_kernels as e
        for c in ("2.0", "3.0"):
            e.launch(e.build(c))
        RESULTS = e.RESULTS
    """
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 3.0] and stats["compiles"] == 2
    values, stats = run_child(tmp_path, script, private_cache)
    assert values == [2.0, 3.0] and stats["disk_hits"] == 2


# -- in one process -------------------------------------------------------------

TABLE = [1.0, 2.0]
ARRAY = np.ones(4, np.float32)


class Settings:
    scale = 2.0


SETTINGS = Settings()


def _uses_table(v):
    return v * TABLE[0]


def _kernel_reading(expression):
    namespace = {"tl": tl, "triton": triton, "TABLE": TABLE, "ARRAY": ARRAY,
                 "SETTINGS": SETTINGS, "Settings": Settings,
                 "_uses_table": _uses_table}
    source = ("def k(out, BLOCK: tl.constexpr):\n"
              "    offs = tl.arange(0, BLOCK)\n"
              f"    tl.store(out + offs, {expression})\n")
    exec(compile(source, "<kernel reading " + expression + ">", "exec"),
         namespace)
    return triton.jit(namespace["k"])


@pytest.mark.parametrize("expression,name,what", [
    ("tl.load(out + offs) * TABLE[0]", "TABLE", "a list"),
    ("tl.load(out + offs) * ARRAY[0]", "ARRAY", "a numpy.ndarray"),
    ("tl.load(out + offs) * SETTINGS.scale", "SETTINGS",
     "a test_cache_key.Settings"),
    ("tl.load(out + offs) * Settings.scale", "Settings",
     "a class Settings"),
])
def test_a_global_that_cannot_be_keyed_is_refused(expression, name, what):
    kernel = _kernel_reading(expression)
    with pytest.raises(triton.CompilationError) as info:
        kernel[(1,)](np.ones(8, np.float32), BLOCK=8)
    assert f"reads the global '{name}'" in info.value.reason
    assert f", {what}, " in info.value.reason
    assert info.value.lineno == 3  # the line that reads it
    assert cache.stats["compiles"] == 0


def test_refusal_inside_a_helper_points_at_the_helper():
    kernel = _kernel_reading("_uses_table(tl.load(out + offs))")
    with pytest.raises(triton.CompilationError) as info:
        kernel[(1,)](np.ones(8, np.float32), BLOCK=8)
    error = info.value
    assert "reads the global 'TABLE' (in _uses_table, which the kernel " \
        "calls), a list" in error.reason
    assert error.filename == __file__
    assert error.source_line.strip() == "return v * TABLE[0]"


def test_a_closure_list_is_refused():
    scales = [2.0]

    @triton.jit
    def k(out, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out + offs, tl.load(out + offs) * scales[0])

    with pytest.raises(triton.CompilationError,
                       match="reads the closure variable 'scales'"):
        k[(1,)](np.ones(8, np.float32), BLOCK=8)


def test_a_global_that_becomes_unhashable_is_refused_at_that_launch():
    namespace = {"tl": tl, "S": 2.0}
    exec("def k(out, BLOCK: tl.constexpr):\n"
         "    offs = tl.arange(0, BLOCK)\n"
         "    tl.store(out + offs, tl.load(out + offs) * S)\n", namespace)
    kernel = triton.jit(namespace["k"])
    out = np.ones(8, np.float32)
    kernel[(1,)](out, BLOCK=8)
    assert out[0] == 2.0
    namespace["S"] = [3.0]
    with pytest.raises(triton.CompilationError, match="'S', a list"):
        kernel[(1,)](out, BLOCK=8)


def test_unchanged_reads_reuse_the_analysis():
    """The per-launch check only reads names; nothing is re-analyzed."""
    namespace = {"tl": tl, "S": 2.0}
    exec("def k(out, BLOCK: tl.constexpr):\n"
         "    offs = tl.arange(0, BLOCK)\n"
         "    tl.store(out + offs, tl.load(out + offs) * max(S, 1.0))\n",
         namespace)
    kernel = triton.jit(namespace["k"])
    out = np.ones(8, np.float32)
    kernel[(1,)](out, BLOCK=8)
    first = kernel._deps
    assert {name for _, name, _ in first.dict_reads} == {"tl", "S", "max"}
    kernel[(1,)](out, BLOCK=8)
    assert kernel._deps is first and cache.stats["memory_hits"] == 1
    # A global shadowing the builtin max is noticed.
    namespace["max"] = lambda a, b: a * 10.0
    kernel[(1,)](out, BLOCK=8)
    assert kernel._deps is not first and out[0] == 4.0 * (2.0 * 10.0)


DIGESTS = r"""
import json, sys
sys.path[:0] = sys.argv[1:]
import kernels as K
import mytriton as triton, mytriton.language as tl
from mytriton.jit import JITFunction
SCALE = 3.0

def make(s):
    @triton.jit
    def k(out, BLOCK: tl.constexpr):
        values = [s * i for i in range(2)]  # inlined in 3.12, not in 3.11
        tl.store(out, tl.load(out) * values[1] + SCALE)
    return k

digests = {n: v.dependencies_digest() for n, v in sorted(vars(K).items())
           if isinstance(v, JITFunction)}
digests["closure"] = make(2.0).dependencies_digest()
print(json.dumps(digests, sort_keys=True))
"""


def _other_pythons():
    """Other CPython 3.9+ interpreters here: python3.X on PATH, and pyenv's."""
    import glob
    import shutil
    candidates = [shutil.which(f"python3.{minor}") for minor in range(9, 15)]
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates += sorted(glob.glob(os.path.join(pyenv, "versions", "3.*",
                                                "bin", "python3")))
    found = {}
    for path in candidates:
        if path is None:
            continue
        probe = subprocess.run([path, "-c", "import sys; print(sys.version_info"
                                "[:2] >= (3, 9), sys.version_info[:2])"],
                               capture_output=True, text=True)
        if probe.returncode == 0 and probe.stdout.startswith("True"):
            found[probe.stdout.split(" ", 1)[1].strip()] = path
    found.pop(str(tuple(sys.version_info[:2])), None)
    return sorted(found.values())


def test_digests_are_the_same_under_every_python(tmp_path):
    """A cache filled here serves a GPU host with another Python (see
    docs/GPU.md): the key hashes sources, not bytecode, and sorts what it
    hashes, since the order of loads in bytecode changes between
    versions."""
    others = _other_pythons()
    if not others:
        pytest.skip("no other python3.X on PATH")
    tests = os.path.dirname(os.path.abspath(__file__))
    script = tmp_path / "digests.py"
    script.write_text(DIGESTS)
    answers = {}
    for python in [sys.executable] + others:
        proc = subprocess.run([python, str(script), PYTHON_DIR, tests],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, (python, proc.stderr)
        answers[python] = json.loads(proc.stdout)
    first = answers[sys.executable]
    assert len(first) > 10
    for python, digests in answers.items():
        assert digests == first, python


def test_rebinding_an_equal_value_is_no_change():
    """An equal value of the same type (a new int object each launch) needs
    no analysis; an equal value of another type (2 → 2.0, 0.0 → -0.0) is
    another constant in the IR and a new compile."""
    namespace = {"tl": tl, "S": 1000}
    exec("def k(out, BLOCK: tl.constexpr):\n"
         "    offs = tl.arange(0, BLOCK)\n"
         "    tl.store(out + offs, tl.load(out + offs) + S)\n", namespace)
    kernel = triton.jit(namespace["k"])
    out = np.zeros(8, np.float32)
    kernel[(1,)](out, BLOCK=8)
    first = kernel._deps
    namespace["S"] = int("1000")  # equal, another object
    (old,) = [v for _, name, v in first.dict_reads if name == "S"]
    assert namespace["S"] is not old
    kernel[(1,)](out, BLOCK=8)
    assert kernel._deps is first and cache.stats["compiles"] == 1
    for value in (1000.0, 0.0, -0.0):
        namespace["S"] = value
        kernel[(1,)](out, BLOCK=8)
    assert cache.stats["compiles"] == 4
    assert out[0] == 3000.0
