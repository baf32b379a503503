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
