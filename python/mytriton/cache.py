"""The on-disk kernel cache.

One JSON file per compiled specialization, named by a SHA-256 of the kernel's
source, its specialization (argument types and constexpr values), the
mytriton package version and the compile options. It holds everything a
launch needs (tt IR before and after optimization, CUDA, PTX, the cubin,
kernel name, signature, block size), so a host with only the runtime library
can launch kernels compiled elsewhere. Files are written to a temporary name
and renamed into place (atomic on POSIX); a file that does not parse or whose
checksum does not match is reported as damaged and recompiled, never used.

Directory: $MYTRITON_CACHE_DIR, default ~/.mytriton/cache. Set
MYTRITON_DISABLE_DISK_CACHE=1 to neither read nor write it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import tempfile
import warnings

from .errors import MyTritonWarning

FORMAT = 1
# Counters tests and users can read: memory_hits, disk_hits, compiles,
# damaged (entries found corrupt and recompiled).
stats = {"memory_hits": 0, "disk_hits": 0, "compiles": 0, "damaged": 0}


def reset_stats():
    for k in stats:
        stats[k] = 0


def cache_dir() -> str:
    return os.environ.get("MYTRITON_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".mytriton", "cache")


def enabled() -> bool:
    return os.environ.get("MYTRITON_DISABLE_DISK_CACHE", "") not in ("1", "true",
                                                                     "yes")


def make_key(parts: dict) -> str:
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def entry_path(key: str) -> str:
    return os.path.join(cache_dir(), key[:2], key + ".json")


def _checksum(payload: dict) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def store(key: str, payload: dict) -> str | None:
    """Writes an entry atomically. `payload` values are JSON-able; a bytes
    value under "cubin" is stored base64-encoded. Returns the path, or None
    when the cache is disabled or not writable (a cache never breaks a
    launch)."""
    if not enabled():
        return None
    payload = dict(payload)
    if isinstance(payload.get("cubin"), (bytes, bytearray)):
        payload["cubin"] = base64.b64encode(payload["cubin"]).decode()
    payload.update(format=FORMAT, key=key)
    entry = {"payload": payload, "checksum": _checksum(payload)}
    path = entry_path(key)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json",
                                   dir=os.path.dirname(path))
        try:
            with os.fdopen(fd, "w") as f:
                json.dump(entry, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    except OSError as e:
        _warn_unwritable(cache_dir(), e)
        return None
    return path


_warned_dirs: set = set()


def _warn_unwritable(directory: str, error: OSError) -> None:
    """Once per directory: kernels still compile and run, cached in memory."""
    if directory in _warned_dirs:
        return
    _warned_dirs.add(directory)
    warnings.warn(f"mytriton: the kernel cache {cache_dir()} is not writable "
                  f"({error.strerror or error}); compiled kernels are kept in "
                  "memory only. Set MYTRITON_CACHE_DIR to a writable "
                  "directory.", MyTritonWarning, stacklevel=4)


def load(key: str) -> dict | None:
    """The entry's payload (cubin as bytes), or None when absent or damaged."""
    if not enabled():
        return None
    path = entry_path(key)
    try:
        with open(path) as f:
            entry = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, UnicodeDecodeError):
        stats["damaged"] += 1
        return None
    try:
        payload = entry["payload"]
        if entry["checksum"] != _checksum(payload) or \
                payload.get("format") != FORMAT or payload.get("key") != key:
            raise ValueError("checksum")
        payload = dict(payload)
        if payload.get("cubin") is not None:
            payload["cubin"] = base64.b64decode(payload["cubin"])
        return payload
    except (KeyError, TypeError, ValueError, AttributeError):
        stats["damaged"] += 1
        return None
