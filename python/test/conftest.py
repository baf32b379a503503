import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # python/
sys.path.insert(0, HERE)                   # kernels.py

import mytriton  # noqa: E402
from mytriton import cache, compiler  # noqa: E402


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Each test gets an empty disk cache and zeroed counters."""
    monkeypatch.setenv("MYTRITON_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MYTRITON_BACKEND", raising=False)
    monkeypatch.delenv("MYTRITON_DISABLE_DISK_CACHE", raising=False)
    cache.reset_stats()
    yield tmp_path / "cache"


requires_compiler = pytest.mark.skipif(
    not compiler.available(),
    reason="libMyTritonCAPI.so not built (ninja MyTritonCAPI)")

# The fake libcuda of test/Runtime, which GPU-launch tests run against.
FAKE_CUDA = os.environ.get("MYTRITON_FAKE_CUDA") or os.path.join(
    os.path.dirname(os.path.dirname(HERE)), "build", "test", "Runtime",
    "libmytriton-fake-cuda.so")


def _requires_fake_cuda():
    from mytriton import runtime
    return [
        requires_compiler,
        pytest.mark.skipif(not runtime.available(),
                           reason="libMyTritonRuntime.so not built"),
        pytest.mark.skipif(not os.path.exists(FAKE_CUDA),
                           reason="fake libcuda not built "
                                  "(ninja mytriton-fake-cuda)"),
    ]


requires_fake_cuda = _requires_fake_cuda()


def to_bf16_bits(values):
    """float32 values rounded to bfloat16 (to nearest even, NaN kept a
    quiet NaN), as uint16 bit patterns: the numpy reference for bf16."""
    import numpy as np
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(np.asarray(values, np.float32))
    return np.where(nan, (bits >> 16) | 0x40, rounded).astype(np.uint16)


def from_bf16_bits(bits):
    """uint16 bfloat16 bit patterns as the float32 values they are."""
    import numpy as np
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(
        np.float32)


def run_tool(args, text):
    """Runs one of our command-line tools (mytriton-opt, -translate) on
    `text`. Under scripts/fuzz.sh python runs with the shared ASan runtime
    preloaded, while a sanitized tool links its own static copy: the two
    refuse to load together, so the tool runs without the preload."""
    import subprocess
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    return subprocess.run(args, input=text, text=True, capture_output=True,
                          env=env)
