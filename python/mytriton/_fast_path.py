"""The launch fast path: per kernel, a function generated with exec for its
parameters (as Triton 3.x generates a binder per kernel), which takes a
launch from its arguments to the GPU in a few operations:

1. Python's own call binding matches the arguments to the parameters
   (defaults included); launch options are keyword-only parameters.
2. The compiled launcher's ``specialize`` classifies the runtime arguments
   in C: exact ints (int32, int64 or uint64 by value), exact floats,
   contiguous torch CUDA tensors of every dtype of _dtypes; it returns the
   signature and divisibility codes with the tensors' device, and the
   packed 8-byte launch slots (docs/Runtime.md).
3. The key: those codes, each constexpr's value (an exact int as itself,
   anything else as its type and repr, as the cache key sees it), the
   launch options with their types, the raw values of every environment
   variable the full path reads per launch (ENV_KEYS), the kernel's
   backend= and its dependencies digest (after the same staleness check
   the full path makes). One dict lookup finds what an earlier launch with
   this key resolved: the device function, threads, programs per CTA, grid
   limits, torch's stream getter.
4. ``launch_entry`` checks the grid against CUDA's and the kernel's limits,
   asks torch for its current stream and launches, in C.

Anything else (a key not seen yet, numpy or CuPy arrays, a bool, a grid the
limits refuse, ``warmup``, an error of any kind) goes to the full path,
JITFunction._run, which decides, raises the errors and, for a miss, records
the key's entry after launching (remember()). Since the key holds everything
the full path's kernel choice depends on (each of its parts distinguishes
at least what the memory cache key does), a hit launches what the full
path would: a changed environment variable, constexpr, option, argument
type, alignment, device or rebound global is a new key."""

from __future__ import annotations

import os
import sys

from . import cache

# The environment variables the full launch path reads on every launch (the
# backend, num_warps, the chip, the CUDA reduction, the NVRTC options, the
# debug switch): their raw values are part of the key, so changing one
# between launches takes effect as it does on the full path.
ENV_KEYS = ("MYTRITON_BACKEND", "MYTRITON_NUM_WARPS", "MYTRITON_GPU_ARCH",
            "MYTRITON_CUDA_REDUCTION", "MYTRITON_NVRTC_OPTIONS",
            "TRITON_DEBUG", "MYTRITON_DEBUG")
# Launch options that choose the kernel (the others are ignored).
_KEYED_OPTIONS = ("backend", "num_warps", "num_stages", "programs_per_cta",
                  "enable_fp_fusion")


def _environ_reader():
    """(get, keys): a reader of raw environment values and the keys it
    takes. On POSIX os.environ keeps its values in the bytes-keyed dict
    `_data`, which it updates on every change; reading it directly is a
    plain dict lookup. Elsewhere os.environ.get."""
    data = getattr(os.environ, "_data", None)
    if os.name == "posix" and isinstance(data, dict) and \
            all(isinstance(k, bytes) for k in list(data)[:1]):
        return data.get, tuple(os.fsencode(k) for k in ENV_KEYS)
    return os.environ.get, ENV_KEYS


def _constexpr_key(value, constexpr):
    """A constexpr's value as the fast key holds it when it is not an exact
    int: its type and repr (what the cache key's const_key holds, with the
    type itself rather than its name), so that 1, 1.0 and True, or 0.0 and
    -0.0, never share a key."""
    if isinstance(value, constexpr):
        value = value.value
    return (value.__class__, repr(value))


def _unwrap(value, constexpr):
    return value.value if isinstance(value, constexpr) else value


def make(function):
    """The fast-path function for JITFunction `function`, or None when the
    compiled launcher is not loaded. Called as fast(grid, *args, **kwargs);
    returns a CompiledKernel (launched), a LaunchError (the launch failed:
    raise it), a key tuple (a miss: the full path runs and remembers it) or
    None (the full path decides)."""
    jit = sys.modules[__package__ + ".jit"]
    if jit._FAST_SPECIALIZE is None or jit._FAST_LAUNCH is None:
        return None
    names = list(function._param_names)
    # Names of the generated code's own that no parameter can shadow.
    prefix = "_mt_"
    while any(n.startswith(prefix) for n in names):
        prefix += "_"
    ns = {f"{prefix}{k}": v for k, v in {
        "self": function, "spec": jit._FAST_SPECIALIZE,
        "launch": jit._FAST_LAUNCH, "table": function._fast_table,
        "cache": cache, "ck": _constexpr_key, "cv": _unwrap,
        "constexpr": jit.constexpr, "failed": _failed,
    }.items()}
    get, env_keys = _environ_reader()
    ns[prefix + "env"] = get
    unspecialized = function._unspecialized
    ns[prefix + "mask"] = None if unspecialized is None else \
        bytes([1 if u else 0 for u in unspecialized])

    # The parameter list: the grid first, the kernel's parameters with
    # their kinds and defaults, then the launch options as keyword-only.
    params, positional_only, keyword_only = [f"{prefix}grid"], [], False
    for i, p in enumerate(function.params):
        if p.kind is p.KEYWORD_ONLY and not keyword_only:
            params.append("*")
            keyword_only = True
        text = p.name
        if p.default is not p.empty:
            ns[f"{prefix}d{i}"] = p.default
            text += f"={prefix}d{i}"
        params.append(text)
        if p.kind is p.POSITIONAL_ONLY:
            positional_only.append(len(params))
    if positional_only:
        params.insert(positional_only[-1], "/")
    else:
        params.insert(1, "/")
    options = function._launch_options
    if not keyword_only:
        params.append("*")
    params.append("warmup=False")
    for option in sorted(options):
        params.append(f"{option}=" +
                      ("'auto'" if option == "programs_per_cta" else "None"))

    runtime_names = function._runtime_names()
    constexprs = [n for n in names if n in function.constexprs]
    runtime_tuple = "".join(f"{n}, " for n in runtime_names)
    key_parts = [f"{prefix}s[0]"]
    key_parts += [f"({n} if {n}.__class__ is int else "
                  f"{prefix}ck({n}, {prefix}constexpr))" for n in constexprs]
    for option in _KEYED_OPTIONS:
        if option in options:
            key_parts += [option, f"{option}.__class__"]
    key_parts += [f"{prefix}env({k!r})" for k in env_keys]
    key_parts.append(f"{prefix}self.backend")  # @jit(backend=), if reassigned
    key_parts.append(f"{prefix}deps.digest")
    meta = ", ".join(
        f"{n!r}: {prefix}cv({n}, {prefix}constexpr)"
        if n in function.constexprs else f"{n!r}: {n}" for n in names)
    P = prefix
    source = f"""
def {P}fast({", ".join(params)}):
    {P}deps = {P}self._deps
    if warmup or {P}deps is None or {P}deps.stale():
        return None
    {P}args = ({runtime_tuple})
    {P}s = {P}spec({P}args, {P}mask)
    if {P}s is None:
        return None
    {P}key = ({", ".join(key_parts)},)
    {P}entry = {P}table.get({P}key)
    if {P}entry is None:
        return {P}key
    {P}g = {P}grid
    if {P}g.__class__ is not tuple and callable({P}g):
        {P}g = {P}g({{{meta}}})
    {P}r = {P}launch({P}entry, {P}g, {P}s[1])
    if {P}r is None:
        return None
    {P}cache.stats["memory_hits"] += 1
    if {P}r.__class__ is int:
        return {P}failed({P}entry, {P}r, {P}self)
    return {P}r
"""
    exec(compile(source, f"<mytriton fast path of {function.__name__}>",
                 "exec"), ns)
    fast = ns[prefix + "fast"]
    fast.source = source  # for debugging: what was generated
    return fast


def _failed(entry, status, function):
    """The LaunchError of a failed launch (mtr_last_error on this thread),
    returned for the caller to raise outside the fast path's try."""
    from . import runtime
    kernel, ordinal = entry[6], entry[8]
    try:
        runtime._check(runtime._lib, status, f"launching kernel "
                       f"'{kernel.name}' on device {ordinal}",
                       function._where())
    except Exception as e:  # LaunchError
        return e
    return None


def remember(function, key, kernel, target):
    """After the full path launched `kernel` for a launch whose fast key
    missed: records what the next launch with this key needs (when the
    launch went through the compiled launcher on torch's stream; other
    launches keep taking the full path)."""
    from . import runtime
    entry = runtime.fast_entry(kernel, target)
    if entry is not None:
        function._fast_table[key] = entry
