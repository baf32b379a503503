"""The compile caches: in memory by argument types and constexprs, on disk by
source + specialization + version + options; atomic writes; damaged entries
recompiled; cached kernels usable without the compiler library."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import kernels as K
import mytriton
from mytriton import cache
from mytriton.jit import JITFunction
from conftest import requires_compiler

pytestmark = requires_compiler
HERE = os.path.dirname(os.path.abspath(__file__))


def f32(*shape):
    return np.zeros(shape, np.float32)


def fresh(kernel):
    """The same kernel with an empty memory cache (as in a new process)."""
    return JITFunction(kernel.fn)


def entries(cache_dir):
    out = []
    for root, _, files in os.walk(cache_dir):
        out += [os.path.join(root, f) for f in files]
    return out


def test_miss_then_memory_hit(private_cache):
    kernel = fresh(K.softmax_kernel)
    first = kernel.warmup(f32(4, 6), f32(4, 6), 6, BLOCK=8)
    assert cache.stats["compiles"] == 1
    again = kernel.warmup(f32(4, 6), f32(4, 6), 7, BLOCK=8)  # same types
    assert again is first
    assert cache.stats == {"memory_hits": 1, "disk_hits": 0, "compiles": 1,
                           "damaged": 0, "untrusted": 0}
    files = entries(private_cache)
    assert len(files) == 1 and files[0].endswith(first.cache_key + ".json")


def test_specialization_changes_are_misses():
    kernel = fresh(K.copy_kernel)
    a = kernel.warmup(f32(6), f32(6), 6, BLOCK=8)
    b = kernel.warmup(f32(6), f32(6), 6, BLOCK=16)          # constexpr
    c = kernel.warmup(np.zeros(6, np.int32), f32(6), 6, BLOCK=8)  # arg type
    assert cache.stats["compiles"] == 3
    assert len({a.cache_key, b.cache_key, c.cache_key}) == 3
    assert b.block_size == 16
    assert "*i32" in c.signature


def test_disk_hit_in_a_new_process_equivalent():
    first = fresh(K.row_sum_kernel).warmup(f32(3, 6), f32(3), 6, BLOCK=8)
    second = fresh(K.row_sum_kernel).warmup(f32(3, 6), f32(3), 6, BLOCK=8)
    assert cache.stats["compiles"] == 1 and cache.stats["disk_hits"] == 1
    assert second is not first
    assert second.asm == first.asm
    assert second.block_size == 8 and second.signature == first.signature


def _write_kernel(path, body):
    with open(path, "w") as f:
        f.write(textwrap.dedent(f"""
            import mytriton as triton
            import mytriton.language as tl

            @triton.jit
            def k(x, n, BLOCK: tl.constexpr):
                offs = tl.arange(0, BLOCK)
                tl.store(x + offs, {body}, mask=offs < n)
            """))


def _import(path, name):
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_source_change_invalidates(tmp_path):
    path = tmp_path / "user_kernel.py"
    _write_kernel(path, "1.0")
    v1 = _import(path, "user_kernel_v1").k.warmup(f32(8), 8, BLOCK=8)
    _write_kernel(path, "2.0")
    v2 = _import(path, "user_kernel_v2").k.warmup(f32(8), 8, BLOCK=8)
    assert cache.stats["compiles"] == 2 and cache.stats["disk_hits"] == 0
    assert v1.cache_key != v2.cache_key
    assert "2.0" in v2.asm["ttir-traced"] and "2.0" not in v1.asm["ttir-traced"]
    # Back to the first source: its entry is still there.
    _write_kernel(path, "1.0")
    again = _import(path, "user_kernel_v3").k.warmup(f32(8), 8, BLOCK=8)
    assert cache.stats["disk_hits"] == 1 and again.cache_key == v1.cache_key


@pytest.mark.parametrize("damage", ["truncate", "garbage", "tamper",
                                    "wrong-key", "empty"])
def test_damaged_entry_is_recompiled(private_cache, damage):
    first = fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    (path,) = entries(private_cache)
    text = open(path).read()
    if damage == "truncate":
        text = text[:len(text) // 2]
    elif damage == "garbage":
        text = "\x00\xff not json"
    elif damage == "empty":
        text = ""
    else:
        entry = json.loads(text)
        if damage == "tamper":  # valid JSON, checksum no longer matches
            entry["payload"]["asm"]["ttir"] = "tt.func @evil() {}"
        else:
            entry["payload"]["key"] = "0" * 64
        text = json.dumps(entry)
    with open(path, "w", errors="surrogateescape") as f:
        f.write(text)
    second = fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert cache.stats["damaged"] == 1
    assert cache.stats["compiles"] == 2 and cache.stats["disk_hits"] == 0
    assert second.asm == first.asm
    # The entry was rewritten whole and is trusted again.
    fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert cache.stats["disk_hits"] == 1


def test_entry_from_another_compiler_build_is_recompiled():
    kernel = fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    payload = kernel.payload()
    payload["compiler_version"] = "0.0.0-other"
    cache.store(kernel.cache_key, payload)
    fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert cache.stats["compiles"] == 2 and cache.stats["disk_hits"] == 0


def test_writes_are_atomic_and_leave_no_temporaries(private_cache):
    for block in (4, 8, 16):
        fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=block)
    names = [os.path.basename(p) for p in entries(private_cache)]
    assert len(names) == 3
    assert not [n for n in names if n.startswith(".tmp-")]


def test_disabled_disk_cache(private_cache, monkeypatch):
    monkeypatch.setenv("MYTRITON_DISABLE_DISK_CACHE", "1")
    fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    fresh(K.copy_kernel).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert cache.stats["compiles"] == 2
    assert entries(private_cache) == []


def test_cached_kernel_loads_without_the_compiler_library(private_cache):
    fresh(K.softmax_kernel).warmup(f32(4, 6), f32(4, 6), 6, BLOCK=8)
    script = textwrap.dedent("""
        import numpy as np, mytriton
        from mytriton import cache, compiler
        import kernels as K
        assert not compiler.available(), compiler.unavailable_reason()
        z = lambda *s: np.zeros(s, np.float32)
        k = K.softmax_kernel.warmup(z(4, 6), z(4, 6), 6, BLOCK=8)
        assert cache.stats["disk_hits"] == 1, cache.stats
        assert "tt.reduce max" in k.asm["ttir-opt"] and k.block_size == 8
        try:
            K.softmax_kernel.warmup(z(4, 6), z(4, 6), 6, BLOCK=16)
        except mytriton.CompilerNotFoundError as e:
            assert "not in the cache" in str(e), e
            print("OK")
    """)
    env = dict(os.environ, MYTRITON_LIB_DIR=os.path.join(str(private_cache),
                                                        "no-libs-here"),
               MYTRITON_CACHE_DIR=str(private_cache),
               PYTHONPATH=os.pathsep.join([os.path.dirname(HERE), HERE]))
    proc = subprocess.run([sys.executable, "-c", script], env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "OK"


def test_a_kernel_from_another_frontend_is_not_a_hit(monkeypatch):
    """The disk key covers the package's own Python sources: a kernel traced
    by another version of the tracer may differ, so it is compiled again."""
    jit = sys.modules["mytriton.jit"]  # mytriton.jit is also the decorator
    fresh(K.copy_kernel).warmup(f32(6), f32(6), 6, BLOCK=8)
    monkeypatch.setattr(jit, "_FRONTEND_DIGEST", "another-frontend")
    fresh(K.copy_kernel).warmup(f32(6), f32(6), 6, BLOCK=8)
    assert cache.stats["compiles"] == 2 and cache.stats["disk_hits"] == 0


def test_a_kernel_from_another_compiler_build_is_stale(monkeypatch):
    """Two builds of one compiler version differ in the library's digest: a
    cached kernel from the other build is recompiled, not served (a changed
    code generator must not leave old binaries in use)."""
    from mytriton import compiler
    first = fresh(K.copy_kernel).warmup(f32(6), f32(6), 6, BLOCK=8)
    assert ";build=" in first.compiler_version
    monkeypatch.setattr(compiler, "_build_digest", "another-build")
    second = fresh(K.copy_kernel).warmup(f32(6), f32(6), 6, BLOCK=8)
    assert cache.stats["compiles"] == 2 and cache.stats["disk_hits"] == 0
    assert second.compiler_version.endswith(";build=another-build")
