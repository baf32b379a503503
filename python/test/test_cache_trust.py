"""The disk cache trusts only its owner and only well-formed entries.

Entries, shard directories and the cache directory that another user owns
or that group/others may write are ignored with one warning; entries are
read only as bounded regular files (no FIFO, no link to /dev/zero, no
symlinked shard directory); a checksummed entry that is still malformed
(missing fields, a wrong kernel name, IR that does not parse or verify, IR
nested deep enough to exhaust the parser's stack) is recompiled."""

import json
import os
import shutil
import stat
import threading
import warnings

import numpy as np
import pytest

import kernels as K
import mytriton as triton
from mytriton import cache
from mytriton.jit import JITFunction
from conftest import requires_compiler

pytestmark = requires_compiler
ARGS = (np.arange(8, dtype=np.float32), np.zeros(8, np.float32), 8)
OTHER_UID = 54321


def compile_fresh(block=8):
    """copy_kernel as a new process would see it: empty memory cache."""
    return JITFunction(K.copy_kernel.fn).warmup(*ARGS, BLOCK=block)


def within(seconds, fn):
    """Runs fn in a thread; fails (instead of hanging the suite) if it has
    not returned after `seconds`."""
    result = {}

    def body():
        try:
            result["value"] = fn()
        except BaseException as e:  # re-raised below
            result["error"] = e
    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    if "error" in result:
        raise result["error"]
    return result["value"]


def reload_counts(**expected):
    """Compiles copy_kernel afresh, expecting these cache counters."""
    cache.reset_stats()
    kernel = within(60, compile_fresh)
    for name, value in expected.items():
        assert cache.stats[name] == value, cache.stats
    return kernel


def resign(path, change):
    """Edits the payload of entry `path` and recomputes its checksum, as an
    attacker (or a buggy writer) can: a checksum only finds accidents."""
    with open(path) as f:
        entry = json.load(f)
    change(entry["payload"])
    entry["checksum"] = cache._checksum(entry["payload"])
    with open(path, "w") as f:
        json.dump(entry, f)


def run_copy():
    x, out, n = np.arange(8, dtype=np.float32), np.zeros(8, np.float32), 8
    JITFunction(K.copy_kernel.fn)[(1,)](x, out, n, BLOCK=8)
    return out


@pytest.fixture
def entry(private_cache):
    """A good cache entry of copy_kernel; its path."""
    kernel = compile_fresh()
    path = cache.entry_path(kernel.cache_key)
    assert os.path.isfile(path)
    return path


def untrusted_warning(record, phrase):
    messages = [str(w.message) for w in record
                if issubclass(w.category, triton.MyTritonWarning)]
    assert len(messages) == 1, messages
    assert phrase in messages[0] and "as ssh does" in messages[0]


# -- files that are not regular files ------------------------------------------

def test_fifo_entry_does_not_hang(entry):
    os.unlink(entry)
    os.mkfifo(entry, 0o600)
    reload_counts(damaged=1, compiles=1, disk_hits=0)
    assert stat.S_ISREG(os.lstat(entry).st_mode)  # replaced by a good entry
    reload_counts(disk_hits=1, compiles=0)


def test_entry_linked_to_dev_zero_is_not_read(entry):
    os.unlink(entry)
    os.symlink("/dev/zero", entry)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        reload_counts(untrusted=1, compiles=1, disk_hits=0)
    untrusted_warning(record, "is a symbolic link, not a regular file")
    assert not os.path.islink(entry) and os.path.isfile(entry)


def test_entry_linked_to_a_good_entry_is_not_followed(entry, tmp_path):
    elsewhere = tmp_path / "elsewhere.json"
    shutil.copy(entry, elsewhere)
    os.unlink(entry)
    os.symlink(elsewhere, entry)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        reload_counts(untrusted=1, compiles=1)


def test_symlinked_shard_directory_neither_read_nor_written(entry, tmp_path):
    shard = os.path.dirname(entry)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(shard, elsewhere)
    before = {p: p.read_bytes() for p in elsewhere.iterdir()}
    shutil.rmtree(shard)
    os.symlink(elsewhere, shard)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        kernel = reload_counts(untrusted=2, compiles=1, disk_hits=0)
    # One warning for the read and the write that were refused.
    untrusted_warning(record, "is a symbolic link, not a directory")
    assert {p: p.read_bytes() for p in elsewhere.iterdir()} == before
    assert "tt.load" in kernel.asm["ttir-opt"]  # compiled, in memory
    np.testing.assert_array_equal(run_copy(), ARGS[0])


def test_oversize_entry_is_not_read(entry):
    with open(entry, "r+b") as f:  # sparse: no disk space used
        f.truncate(cache.MAX_ENTRY_BYTES + 1)
    reload_counts(damaged=1, compiles=1)
    assert os.path.getsize(entry) < 1 << 20


# -- owner and mode ----------------------------------------------------------------

requires_root = pytest.mark.skipif(
    os.geteuid() != 0, reason="chown to another user needs root")


@pytest.mark.parametrize("mode,who", [(0o620, "group"), (0o602, "others"),
                                      (0o666, "group and others")])
def test_entry_writable_by_others_is_ignored(entry, mode, who):
    os.chmod(entry, mode)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        reload_counts(untrusted=1, compiles=1, disk_hits=0)
    untrusted_warning(record, f"is writable by {who}")
    # Rewritten by its owner, private, trusted again.
    assert stat.S_IMODE(os.stat(entry).st_mode) == 0o600
    reload_counts(disk_hits=1)


@requires_root
def test_entry_of_another_user_is_ignored(entry):
    os.chown(entry, OTHER_UID, OTHER_UID)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        reload_counts(untrusted=1, compiles=1, disk_hits=0)
    untrusted_warning(record, f"is owned by uid {OTHER_UID}, not by this user")
    assert os.stat(entry).st_uid == os.geteuid()
    reload_counts(disk_hits=1)


@requires_root
@pytest.mark.parametrize("level", ["shard", "root"])
def test_directory_of_another_user_is_neither_read_nor_written(entry, level):
    directory = os.path.dirname(entry)
    if level == "root":
        directory = os.path.dirname(directory)
    os.chown(directory, OTHER_UID, OTHER_UID)
    os.unlink(entry)  # so a write would show
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        reload_counts(untrusted=2, compiles=1)
    untrusted_warning(record, f"is owned by uid {OTHER_UID}")
    assert not os.path.exists(entry)


@pytest.mark.parametrize("level", ["shard", "root"])
def test_directory_writable_by_others_is_neither_read_nor_written(entry,
                                                                 level):
    directory = os.path.dirname(entry)
    if level == "root":
        directory = os.path.dirname(directory)
    os.chmod(directory, 0o777)
    with open(entry, "rb") as f:
        good = f.read()
    os.unlink(entry)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        reload_counts(untrusted=2, compiles=1)
    untrusted_warning(record, "is writable by group and others (mode 0777)")
    assert not os.path.exists(entry)
    # Even a good entry there is not used.
    with open(entry, "wb") as f:
        f.write(good)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        reload_counts(untrusted=2, disk_hits=0, compiles=1)


def test_one_warning_for_many_untrusted_entries(private_cache):
    paths = [cache.entry_path(compile_fresh(block).cache_key)
             for block in (4, 8, 16)]
    for path in paths:
        os.chmod(path, 0o666)
    cache.reset_stats()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        for block in (4, 8, 16):
            compile_fresh(block)
    assert cache.stats["untrusted"] == 3 and cache.stats["compiles"] == 3
    untrusted_warning(record, "is writable by")


def test_new_directories_are_private_under_a_permissive_umask(private_cache):
    """The cache makes its directories 0700 and entries 0600, so a umask of
    002 does not make it distrust what it wrote itself."""
    old = os.umask(0o002)
    try:
        kernel = compile_fresh()
    finally:
        os.umask(old)
    path = cache.entry_path(kernel.cache_key)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(private_cache).st_mode) == 0o700
    reload_counts(disk_hits=1, untrusted=0)


# -- re-signed (checksum-valid) but malformed entries ------------------------------

def _drop(field):
    return lambda p: p.pop(field)


def _set(field, value):
    return lambda p: p.__setitem__(field, value)


def _set_asm(stage, text):
    return lambda p: p["asm"].__setitem__(stage, text)


NESTED = "module {" * 5000 + "}" * 5000


@pytest.mark.parametrize("change", [
    _drop("asm"), _drop("name"), _drop("signature"), _drop("block_size"),
    _set("block_size", "8"), _set("block_size", 0), _set("signature", "f32"),
    _set("param_names", [1, 2, 3]), _set("asm", ["ttir"]),
    _set("backend_errors", None), _set("cubin", 12),
    _set("cubin", "not base64!"),
], ids=["no-asm", "no-name", "no-signature", "no-block-size",
        "block-size-str", "block-size-0", "signature-str", "param-names-ints",
        "asm-list", "backend-errors-null", "cubin-int", "cubin-not-base64"])
def test_malformed_entry_is_recompiled(entry, change):
    resign(entry, change)
    reload_counts(damaged=1, compiles=1, disk_hits=0)
    reload_counts(disk_hits=1)  # rewritten whole


@pytest.mark.parametrize("change", [
    _set("name", "relu_kernel"), _set("signature", ["f32", "f32", "f32"]),
    _set("param_names", ["a", "b", "c"]), _set("backend", "cuda"),
], ids=["kernel-name", "signature", "param-names", "backend"])
def test_entry_of_another_kernel_is_recompiled(entry, change):
    resign(entry, change)
    reload_counts(damaged=1, compiles=1, disk_hits=0)


def test_deeply_nested_ir_does_not_crash(entry):
    """5000 nested modules exhaust MLIR's parser stack (SIGSEGV) when
    parsed; the entry is refused before anything parses it."""
    resign(entry, _set_asm("ttir-opt", NESTED))
    reload_counts(damaged=1, compiles=1)
    np.testing.assert_array_equal(run_copy(), ARGS[0])


@pytest.mark.parametrize("ir", [
    "this is not MLIR",
    "tt.func @copy_kernel() {\n  tt.return\n}\n",   # no block_size: verifier
    "RELU",  # another kernel's valid IR
], ids=["does-not-parse", "does-not-verify", "another-kernel"])
def test_entry_whose_ir_is_not_this_kernels_is_recompiled(entry, ir):
    if ir == "RELU":
        ir = JITFunction(K.relu_kernel.fn).warmup(*ARGS,
                                                   BLOCK=8).asm["ttir-opt"]
    resign(entry, _set_asm("ttir-opt", ir))
    reload_counts(damaged=1, compiles=1, disk_hits=0)
    np.testing.assert_array_equal(run_copy(), ARGS[0])


def test_ir_nesting_depth():
    assert cache.ir_nesting_depth("") == 0
    assert cache.ir_nesting_depth("a(b[c{d<e>}])") == 4
    assert cache.ir_nesting_depth("(i32) -> (f32)") == 1  # -> is no bracket
    assert cache.ir_nesting_depth('loc("((((((":1:2)') == 1  # in a string
    assert cache.ir_nesting_depth(NESTED) == 5000
    ir = compile_fresh().asm
    for stage in ("ttir", "ttir-opt"):
        assert 2 <= cache.ir_nesting_depth(ir[stage]) < 10
