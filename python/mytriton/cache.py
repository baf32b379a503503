"""The on-disk kernel cache.

One JSON file per compiled specialization, named by a SHA-256 of the kernel's
source, what its code depends on (helpers' sources, globals' values: see
_dependencies.py), its specialization (argument types and constexpr values),
the mytriton package version and the compile options. It holds everything a
launch needs (tt IR before and after optimization, CUDA, PTX, the cubin,
kernel name, signature, block size), so a host with only the runtime library
can launch kernels compiled elsewhere. Files are written to a temporary name
and renamed into place (atomic on POSIX); a file that does not parse, whose
checksum does not match or whose contents are malformed is reported as
damaged and recompiled, never used.

The cache runs what it reads, so it trusts only its user, as ssh treats its
files: the cache directory, a shard directory (the key's first two hex
digits) or an entry that another user owns, or that group or others may
write, is ignored with one MyTritonWarning per cache directory (counted in
stats["untrusted"]), and nothing is written into such a directory. Entries
are opened without following symbolic links and without blocking, and read
only if fstat says a regular file of at most MAX_ENTRY_BYTES; shard
directories are opened without following links, and entries are written and
renamed relative to that directory's descriptor, so a link put in their
place redirects nothing.

Directory: $MYTRITON_CACHE_DIR, default ~/.mytriton/cache (the directory
itself may be a symbolic link; its target is checked). Set
MYTRITON_DISABLE_DISK_CACHE=1 to neither read nor write it.
"""

from __future__ import annotations

import base64
import binascii
import errno
import hashlib
import json
import os
import re
import secrets
import stat
import warnings

from .errors import MyTritonWarning

FORMAT = 1
# The largest entry read; a kernel's entry is tens of kilobytes.
MAX_ENTRY_BYTES = 256 * 1024 * 1024
# The deepest bracket nesting accepted in cached IR. MLIR's parser recurses
# per level and exhausts an 8 MiB stack at a few thousand (`module {` x 5000
# kills the process); traced kernels nest less than ten deep.
MAX_IR_NESTING = 64
# Counters tests and users can read: memory_hits, disk_hits, compiles,
# damaged (entries found corrupt and recompiled), untrusted (cache files or
# directories ignored because another user could have written them).
stats = {"memory_hits": 0, "disk_hits": 0, "compiles": 0, "damaged": 0,
         "untrusted": 0}


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


_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC
_KEY = re.compile(r"[0-9a-f]{64}")


class _Untrusted(Exception):
    """A cache file or directory another user could have written."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path} {reason}")
        self.path, self.reason = path, reason


class _Damaged(Exception):
    """An entry that is there but cannot be used (not a regular file, too
    large): recompiled and replaced."""


def _check_owner(fd: int, path: str) -> os.stat_result:
    """fstat of `fd`; raises _Untrusted unless this user owns it and
    neither group nor others may write it."""
    st = os.fstat(fd)
    me = os.geteuid()
    if st.st_uid != me:
        raise _Untrusted(path, f"is owned by uid {st.st_uid}, not by this "
                         f"user (uid {me})")
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        who = " and ".join(w for w, bit in (("group", stat.S_IWGRP),
                                           ("others", stat.S_IWOTH))
                           if st.st_mode & bit)
        raise _Untrusted(path, f"is writable by {who} (mode "
                         f"{stat.S_IMODE(st.st_mode):04o})")
    return st


def _open_root(create: bool) -> int | None:
    """A descriptor of the trusted cache directory; None when it does not
    exist (and `create` is false). OSError when it cannot be made."""
    root = cache_dir()
    if create:
        os.makedirs(root, mode=0o700, exist_ok=True)
    try:
        fd = os.open(root, _DIRECTORY_FLAGS)
    except (FileNotFoundError, NotADirectoryError):
        if create:
            raise
        return None
    try:
        _check_owner(fd, root)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _open_shard(root_fd: int, name: str, create: bool) -> int | None:
    """A descriptor of the trusted shard directory `name` in the cache
    directory, opened without following a symbolic link."""
    path = os.path.join(cache_dir(), name)
    if create:
        try:
            os.mkdir(name, 0o700, dir_fd=root_fd)
        except FileExistsError:
            pass
    try:
        fd = os.open(name, _DIRECTORY_FLAGS | _NOFOLLOW, dir_fd=root_fd)
    except FileNotFoundError:
        if create:
            raise
        return None
    except OSError:
        if stat.S_ISLNK(os.stat(name, dir_fd=root_fd,
                                follow_symlinks=False).st_mode):
            raise _Untrusted(path, "is a symbolic link, not a directory") \
                from None
        if create:
            raise
        return None  # a file where a shard should be: no entries
    try:
        _check_owner(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_entry(shard_fd: int, name: str, path: str) -> bytes | None:
    """The bytes of entry `name`, None when absent. O_NONBLOCK: a FIFO
    opens at once (and is refused by the fstat), O_NOFOLLOW: a link to
    /dev/zero or anywhere else is not followed."""
    flags = os.O_RDONLY | _NOFOLLOW | os.O_NONBLOCK | _CLOEXEC
    try:
        fd = os.open(name, flags, dir_fd=shard_fd)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise _Untrusted(path, "is a symbolic link, not a regular file") \
                from None
        raise _Damaged(f"cannot be opened: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _Damaged("is not a regular file")
        _check_owner(fd, path)
        if st.st_size > MAX_ENTRY_BYTES:
            raise _Damaged(f"has {st.st_size} bytes, more than the "
                           f"{MAX_ENTRY_BYTES} an entry may have")
        chunks, size = [], 0
        while True:  # bounded even if the file grows after the fstat
            chunk = os.read(fd, min(1 << 20, MAX_ENTRY_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_ENTRY_BYTES:
                raise _Damaged("grew past the entry size limit")
        return b"".join(chunks)
    finally:
        os.close(fd)


_warned_untrusted: set = set()


def _warn_untrusted(error: _Untrusted) -> None:
    """Once per cache directory, as ssh does for its files."""
    stats["untrusted"] += 1
    root = cache_dir()
    if root in _warned_untrusted:
        return
    _warned_untrusted.add(root)
    warnings.warn(
        f"mytriton: ignoring the kernel cache's {error.path}: it "
        f"{error.reason}. The cache runs what it reads, so it uses only "
        "files and directories its user owns and no one else can write (as "
        "ssh does); fix the owner or mode (chmod go-w), or set "
        "MYTRITON_CACHE_DIR to a private directory. Kernels still compile; "
        "other untrusted cache files are ignored without a warning.",
        MyTritonWarning, stacklevel=4)


def ir_nesting_depth(text: str) -> int:
    """The deepest nesting of (, [, { and < in MLIR text, outside string
    literals; '->' is not a bracket."""
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{<":
            depth += 1
            deepest = max(deepest, depth)
        elif c in ")]}" or (c == ">" and text[i - 1] != "-"):
            depth = max(0, depth - 1)
        i += 1
    return deepest


# Payload fields and their JSON types (CompiledKernel.payload writes them).
_FIELDS = {"name": str, "block_size": int, "threads": int,
           "programs_per_cta": int, "signature": list, "param_names": list,
           "backend": str, "backend_errors": dict, "compiler_version": str,
           "asm": dict}


def payload_problem(payload) -> str | None:
    """Why a checksummed payload is still not a kernel entry (a field
    missing or of the wrong type, IR nested deeper than MAX_IR_NESTING), or
    None. A checksum only finds accidents: anyone can recompute it."""
    if not isinstance(payload, dict):
        return "the payload is not an object"
    for field, kind in _FIELDS.items():
        value = payload.get(field)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"field {field!r} is missing or not a {kind.__name__}"
    for field in ("block_size", "threads", "programs_per_cta"):
        if not 1 <= payload[field] <= 1024:
            return f"field {field!r} is {payload[field]}, outside [1, 1024]"
    if not all(isinstance(x, str) for x in
               payload["signature"] + payload["param_names"]):
        return "the signature or parameter names are not strings"
    if not all(isinstance(k, str) and isinstance(v, str)
               for k, v in payload["backend_errors"].items()):
        return "backend_errors is not a map of strings"
    asm = payload["asm"]
    if not all(isinstance(k, str) and isinstance(v, str)
               for k, v in asm.items()):
        return "asm is not a map of strings"
    for stage in ("ttir", "ttir-opt"):
        if stage not in asm:
            return f"asm has no {stage!r}"
        depth = ir_nesting_depth(asm[stage])
        if depth > MAX_IR_NESTING:
            return (f"asm {stage!r} nests {depth} deep, more than "
                    f"{MAX_IR_NESTING}")
    if payload.get("cubin") is not None and \
            not isinstance(payload["cubin"], str):
        return "cubin is not base64 text"
    return None


def store(key: str, payload: dict) -> str | None:
    """Writes an entry atomically. `payload` values are JSON-able; a bytes
    value under "cubin" is stored base64-encoded. Returns the path, or None
    when the cache is disabled, untrusted or not writable (a cache never
    breaks a launch)."""
    if not enabled() or not _KEY.fullmatch(key):
        return None
    payload = dict(payload)
    if isinstance(payload.get("cubin"), (bytes, bytearray)):
        payload["cubin"] = base64.b64encode(payload["cubin"]).decode()
    payload.update(format=FORMAT, key=key)
    data = json.dumps({"payload": payload,
                       "checksum": _checksum(payload)}).encode()
    name = key + ".json"
    root_fd = shard_fd = None
    try:
        root_fd = _open_root(create=True)
        shard_fd = _open_shard(root_fd, key[:2], create=True)
        tmp = f".tmp-{os.getpid()}-{secrets.token_hex(8)}.json"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW |
                     _CLOEXEC, 0o600, dir_fd=shard_fd)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, name, src_dir_fd=shard_fd, dst_dir_fd=shard_fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=shard_fd)
            except OSError:
                pass
            raise
    except _Untrusted as e:
        _warn_untrusted(e)
        return None
    except OSError as e:
        _warn_unwritable(cache_dir(), e)
        return None
    finally:
        for fd in (shard_fd, root_fd):
            if fd is not None:
                os.close(fd)
    return entry_path(key)


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


def load(key: str, problem=payload_problem) -> dict | None:
    """The entry's payload (cubin as bytes), or None when absent, damaged
    (counted in stats["damaged"]; `problem(payload)` says what makes a
    checksummed payload unusable, a kernel entry's rules by default) or
    untrusted (stats["untrusted"], one warning)."""
    if not enabled() or not _KEY.fullmatch(key):
        return None
    root_fd = shard_fd = None
    try:
        root_fd = _open_root(create=False)
        if root_fd is not None:
            shard_fd = _open_shard(root_fd, key[:2], create=False)
        if shard_fd is None:
            return None
        data = _read_entry(shard_fd, key + ".json", entry_path(key))
    except _Untrusted as e:
        _warn_untrusted(e)
        return None
    except (_Damaged, OSError):
        stats["damaged"] += 1
        return None
    finally:
        for fd in (shard_fd, root_fd):
            if fd is not None:
                os.close(fd)
    if data is None:
        return None
    try:
        entry = json.loads(data.decode())
        payload = entry["payload"]
        if entry["checksum"] != _checksum(payload) or \
                payload.get("format") != FORMAT or payload.get("key") != key \
                or problem(payload) is not None:
            raise ValueError("damaged")
        payload = dict(payload)
        if payload.get("cubin") is not None:
            payload["cubin"] = base64.b64decode(payload["cubin"],
                                                validate=True)
        return payload
    except (KeyError, TypeError, ValueError, AttributeError,
            UnicodeDecodeError, RecursionError, binascii.Error):
        stats["damaged"] += 1
        return None
