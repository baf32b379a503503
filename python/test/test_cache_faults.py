"""Cache faults: concurrent writers, damaged entries, unwritable directories."""

import glob
import json
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

from conftest import HERE, requires_compiler
import kernels as K
import mytriton as triton
from mytriton import cache

CHILD = r"""
import sys, time
sys.path[:0] = [{python!r}, {tests!r}]
import numpy as np, kernels as K
from mytriton import cache
while time.time() < {start}:
    time.sleep(0.001)
k = K.softmax_kernel.warmup(np.zeros((2, 8), np.float32),
                            np.zeros((2, 8), np.float32), 8, BLOCK=8)
assert "tt.reduce max" in k.asm["ttir-opt"]
print("compiles", cache.stats["compiles"], "disk_hits", cache.stats["disk_hits"])
"""


@requires_compiler
def test_two_processes_compiling_one_kernel(private_cache):
    """Both succeed and leave one good entry, no temporaries."""
    import time
    code = CHILD.format(python=os.path.dirname(HERE), tests=HERE,
                        start=time.time() + 1.0)
    env = dict(os.environ, MYTRITON_CACHE_DIR=str(private_cache))
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
    entries = glob.glob(str(private_cache / "*" / "*.json"))
    assert len(entries) == 1
    assert not glob.glob(str(private_cache / "*" / ".tmp-*"))
    with open(entries[0]) as f:
        assert "checksum" in json.load(f)
    # The surviving entry is good: a third compile is a disk hit.
    K.softmax_kernel._kernels.clear()
    cache.reset_stats()
    K.softmax_kernel.warmup(np.zeros((2, 8), np.float32),
                            np.zeros((2, 8), np.float32), 8, BLOCK=8)
    assert cache.stats["disk_hits"] == 1 and cache.stats["compiles"] == 0


@requires_compiler
def test_truncated_entry_is_recompiled(private_cache):
    args = (np.zeros(8, np.float32), np.zeros(8, np.float32), 8)
    K.copy_kernel.warmup(*args, BLOCK=8)
    (entry,) = glob.glob(str(private_cache / "*" / "*.json"))
    with open(entry, "r+") as f:
        f.truncate(os.path.getsize(entry) // 2)
    K.copy_kernel._kernels.clear()
    cache.reset_stats()
    k = K.copy_kernel.warmup(*args, BLOCK=8)
    assert cache.stats["damaged"] == 1 and cache.stats["compiles"] == 1
    assert "tt.load" in k.asm["ttir-opt"]
    with open(entry) as f:  # rewritten whole
        json.load(f)


@requires_compiler
def test_unwritable_cache_falls_back_to_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("MYTRITON_CACHE_DIR", str(blocker / "cache"))
    cache._warned_dirs.clear()
    args = (np.zeros(8, np.float32), np.zeros(8, np.float32), 8)
    kernel = triton.JITFunction(K.relu_kernel.fn)
    with pytest.warns(triton.MyTritonWarning, match="not writable.*memory only"):
        first = kernel.warmup(*args, BLOCK=8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once, not on every compile
        second = kernel.warmup(*args, BLOCK=8)
        kernel.warmup(*args, BLOCK=16)
    assert first is second
