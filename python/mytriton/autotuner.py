"""Triton's autotuner and heuristics: @autotune, Config, @heuristics.

    @triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4),
                              triton.Config({"BLOCK": 1024}, num_warps=8)],
                     key=["n"])
    @triton.jit
    def add(x, y, out, n, BLOCK: tl.constexpr): ...

    add[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, out, n)
    add.best_config   # the Config chosen for the last launch's key

Signatures and behaviour follow Triton 3.x (triton/runtime/autotuner.py);
see docs/Python.md, "Triton's host API", for what differs.
"""

from __future__ import annotations

import builtins
import inspect
import json
import os
import time

from . import cache
from .errors import ArgumentError, CompilationError, LaunchError

__all__ = ["Autotuner", "Config", "Heuristics", "autotune", "heuristics"]

# Settings that change what a launch compiles or where it runs; a tuning
# result stored on disk is only valid under the same values (Triton's
# get_cache_invalidating_env_vars).
_INVALIDATING_ENV = ("MYTRITON_BACKEND", "MYTRITON_GPU_ARCH",
                     "MYTRITON_NUM_WARPS", "MYTRITON_CUDA_REDUCTION",
                     "MYTRITON_NVRTC_OPTIONS")


class Config:
    """One point of an autotuning space: `kwargs` are given to the kernel's
    meta-parameters (its tl.constexpr arguments); num_warps, num_stages,
    num_ctas and maxnreg become the launch's options of those names (a None
    one is left out, so the launch's default applies); `pre_hook(args)` runs
    before each launch with this config, with the kernel's arguments by
    name."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1,
                 maxnreg=None, pre_hook=None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_ctas = num_ctas
        self.num_stages = num_stages
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        """kwargs plus the launch options that are not None."""
        options = (("num_warps", self.num_warps), ("num_ctas", self.num_ctas),
                   ("num_stages", self.num_stages),
                   ("maxnreg", self.maxnreg))
        return {**self.kwargs, **{k: v for k, v in options if v is not None}}

    def __str__(self):
        res = [f"{k}: {v}" for k, v in self.kwargs.items()]
        res.append(f"num_warps: {self.num_warps}")
        res.append(f"num_ctas: {self.num_ctas}")
        res.append(f"num_stages: {self.num_stages}")
        res.append(f"maxnreg: {self.maxnreg}")
        return ", ".join(res)

    def __repr__(self):
        return f"Config({self})"

    def _identity(self):
        return (*self.all_kwargs().items(), self.pre_hook)

    def __hash__(self):
        return hash(self._identity())

    def __eq__(self, other):
        if not isinstance(other, Config):
            return NotImplemented
        return self._identity() == other._identity()

    def _to_json(self) -> dict:
        return {"kwargs": self.kwargs, "num_warps": self.num_warps,
                "num_stages": self.num_stages, "num_ctas": self.num_ctas,
                "maxnreg": self.maxnreg}


def _jit_function(fn):
    """The @jit function under any stack of autotune/heuristics."""
    from .jit import JITFunction
    while not isinstance(fn, JITFunction):
        inner = getattr(fn, "fn", None)
        if inner is None or inner is fn:
            raise TypeError("@autotune and @heuristics decorate a @jit "
                            "kernel (put @triton.jit below them)")
        fn = inner
    return fn


def _arg_names(fn):
    return list(getattr(fn, "arg_names", None) or
                _jit_function(fn)._param_names)


def _check_names(what, names, fn, arg_names):
    jit_fn = _jit_function(fn)
    for name in names:
        if name not in arg_names:
            raise ArgumentError(f"{what} names {name!r}, which is not a "
                                f"parameter (the kernel takes: "
                                f"{', '.join(arg_names)})", **jit_fn._where())


def _zero(x):
    if hasattr(x, "zero_"):
        x.zero_()  # torch
    else:
        x.fill(0)  # numpy, CuPy


def _clone(x):
    return x.clone() if hasattr(x, "clone") else x.copy()


def _restore(dst, src):
    if hasattr(dst, "copy_"):
        dst.copy_(src)
    else:
        dst[...] = src


def _on_host(args) -> bool:
    """Whether a launch with these arguments runs on the CPU path: numpy
    arrays and no GPU array (as JITFunction.run decides)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dependency
        return False
    host = gpu = False
    for value in args:
        if isinstance(value, np.ndarray):
            host = True
        elif hasattr(value, "__cuda_array_interface__") or \
                getattr(value, "is_cuda", False):
            gpu = True
    return host and not gpu


def _tile_volume(config) -> int:
    """The product of a config's positive int meta-parameters: its block
    sizes, as Triton's configs are written (BLOCK_SIZE_M, BLOCK_SIZE_N,
    BLOCK_SIZE_K, GROUP_SIZE_M, ...)."""
    volume = 1
    for value in config.kwargs.values():
        if isinstance(value, int) and not isinstance(value, bool) and \
                value > 0:
            volume *= value
    return volume


def _cpu_candidates(configs):
    """The configs a launch on the CPU path times: the
    $MYTRITON_CPU_AUTOTUNE_CONFIGS (default 3; 0: all) of smallest
    _tile_volume, ties in the given order. A CPU program holds its whole
    tile as one vector value, so a config's compile grows with its tile and
    its run is short: timing a GPU config list (tutorial 03's 16) would
    spend its time compiling the large tiles that the CPU runs no faster."""
    text = os.environ.get("MYTRITON_CPU_AUTOTUNE_CONFIGS", "3")
    try:
        limit = int(text)
    except ValueError:
        raise ValueError(f"MYTRITON_CPU_AUTOTUNE_CONFIGS must be an int "
                         f"(0: time every config), got {text!r}") from None
    if limit <= 0 or len(configs) <= limit:
        return list(configs)
    return sorted(configs, key=_tile_volume)[:limit]


class _KernelInterface:
    """kernel[grid](*args) for the decorators, as on a @jit function."""

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid,
                                                warmup=False, **kwargs)

    def __call__(self, *args, **kwargs):
        jit_fn = _jit_function(self)
        raise LaunchError("launch a kernel with kernel[grid](*args); calling "
                          "it directly is not supported", **jit_fn._where())

    @property
    def __name__(self):
        return _jit_function(self).__name__


def _autotune_payload_problem(payload) -> str | None:
    """Why a checksummed disk entry is not an autotuning choice, or None."""
    if not isinstance(payload, dict) or payload.get("kind") != "autotune":
        return "not an autotuning entry"
    timings = payload.get("configs_timings")
    if not isinstance(timings, list) or not all(
            isinstance(t, list) and len(t) == 2 and isinstance(t[0], dict)
            for t in timings):
        return "configs_timings is not a list of [config, timings] pairs"
    return None


class Autotuner(_KernelInterface):
    """What @autotune returns. On the first launch for each key it times
    every (pruned) config and keeps the fastest (on the CPU path only the
    few of smallest tiles, _cpu_candidates); later launches with that key
    use it. Attributes as Triton's: `configs`, `keys`, `cache` (key ->
    Config), `best_config` (the last launch's), `configs_timings` and
    `bench_time` (of the last tuning)."""

    def __init__(self, fn, arg_names, configs, key, reset_to_zero=None,
                 restore_value=None, pre_hook=None, post_hook=None,
                 prune_configs_by=None, warmup=None, rep=None,
                 use_cuda_graph=False, do_bench=None, cache_results=False):
        self.fn = fn
        self.arg_names = list(arg_names)
        self.configs = list(configs) if configs else [
            Config({}, num_warps=4, num_stages=3, num_ctas=1)]
        for config in self.configs:
            if not isinstance(config, Config):
                raise TypeError(f"autotune: configs must be triton.Config "
                                f"objects, got a {type(config).__name__}")
        self.keys = list(key) if key is not None else []
        _check_names("autotune key", self.keys, fn, self.arg_names)
        self.reset_to_zero = list(reset_to_zero or [])
        _check_names("autotune reset_to_zero", self.reset_to_zero, fn,
                     self.arg_names)
        self.restore_value = list(restore_value or [])
        _check_names("autotune restore_value", self.restore_value, fn,
                     self.arg_names)
        self.cache: dict = {}
        self.best_config = None
        self.configs_timings = None
        self.bench_time = 0.0
        self.nargs = None
        self.cache_results = cache_results or os.environ.get(
            "MYTRITON_CACHE_AUTOTUNING", "") in ("1", "true", "yes")

        self.restore_copies = {}
        self.pre_hook = lambda kwargs, reset_only=False: 0
        self.post_hook = lambda kwargs, exception: 0
        self.user_defined_pre_hook = pre_hook is not None
        self.user_defined_post_hook = post_hook is not None
        if pre_hook is not None:
            self.pre_hook = pre_hook
        elif self.reset_to_zero or self.restore_value:
            def _pre_hook(kwargs, reset_only=False):
                for name in self.reset_to_zero:
                    _zero(kwargs[name])
                if not reset_only:
                    self.restore_copies = {name: _clone(kwargs[name])
                                           for name in self.restore_value}
            self.pre_hook = _pre_hook
        if post_hook is not None:
            self.post_hook = post_hook
        elif self.restore_value:
            def _post_hook(kwargs, exception):
                for name in self.restore_value:
                    _restore(kwargs[name], self.restore_copies[name])
                self.restore_copies = {}
            self.post_hook = _post_hook

        self.perf_model = None
        self.configs_top_k = 1.0
        self.early_config_prune = None
        if prune_configs_by:
            unknown = set(prune_configs_by) - {"perf_model", "top_k",
                                               "early_config_prune"}
            if unknown:
                raise ValueError(f"prune_configs_by: unknown keys "
                                 f"{sorted(unknown)} (expected perf_model, "
                                 "top_k, early_config_prune)")
            self.perf_model = prune_configs_by.get("perf_model")
            self.configs_top_k = prune_configs_by.get("top_k", 1.0)
            self.early_config_prune = prune_configs_by.get(
                "early_config_prune")

        if use_cuda_graph:
            raise NotImplementedError(
                "autotune(use_cuda_graph=True): MyTriton has no "
                "do_bench_cudagraph (its launches are not captured in CUDA "
                "graphs); leave use_cuda_graph off")
        self.num_warmups, self.num_reps = warmup, rep
        self.user_do_bench = do_bench
        if do_bench is not None and (warmup is not None or rep is not None):
            raise ValueError("autotune: give do_bench= or warmup=/rep=, not "
                             "both")

    # -- timing ---------------------------------------------------------------
    def do_bench(self, kernel_call, quantiles):
        """The timing function: do_bench= if given, else
        mytriton.testing.do_bench with warmup=/rep= (Triton's defaults, 25
        and 100 ms), on the host clock for a launch on the CPU path."""
        if self.user_do_bench is not None:
            return self.user_do_bench(kernel_call, quantiles=quantiles)
        from . import testing
        device = "cpu" if _on_host(self._launch_args) else None
        return testing.do_bench(
            kernel_call, quantiles=quantiles, device=device,
            warmup=25 if self.num_warmups is None else self.num_warmups,
            rep=100 if self.num_reps is None else self.num_reps)

    def _bench(self, *args, config, **meta):
        conflicts = meta.keys() & config.kwargs.keys()
        if conflicts:
            raise ValueError(f"Conflicting meta-parameters: "
                             f"{', '.join(sorted(conflicts))}. Make sure that "
                             "you don't re-define auto-tuned symbols.")
        current = dict(meta, **config.all_kwargs())
        full_nargs = {**self.nargs, **current}
        verbose = _print_autotuning()
        if verbose:
            print(f"Autotuning kernel {self.__name__} with config {config}")

        def kernel_call():
            if config.pre_hook:
                config.pre_hook(full_nargs)
            self.pre_hook(full_nargs)
            try:
                self.fn.run(*args, **current)
            except Exception as e:
                try:
                    self.post_hook(full_nargs, exception=e)
                finally:
                    raise
            self.post_hook(full_nargs, exception=None)

        try:
            return self.do_bench(kernel_call, quantiles=(0.5, 0.2, 0.8))
        except (CompilationError, LaunchError) as e:
            # A config this kernel cannot compile or launch with (Triton:
            # OutOfResources, PTXASError) loses; if every config does, the
            # launch below raises the error.
            if verbose:
                print(f"Autotuning failed with {e}")
            return [float("inf"), float("inf"), float("inf")]

    # -- the disk cache -----------------------------------------------------
    def _disk_key(self, tuning_key, configs) -> str:
        from . import compiler
        from .jit import __version__
        jit_fn = _jit_function(self)
        return cache.make_key({
            "kind": "autotune", "name": jit_fn.__name__, "source": jit_fn.src,
            "backend": jit_fn.backend, "mytriton": __version__,
            "compiler": compiler.version(),
            "env": {k: os.environ.get(k, "") for k in _INVALIDATING_ENV},
            "on_host": _on_host(self._launch_args),
            "tuning_key": repr(tuning_key),
            "configs": [str(c) for c in configs],
        })

    def check_disk_cache(self, tuning_key, configs, bench_fn) -> bool:
        """Tunes through the disk cache: reads the timings of a previous
        process if stored (True), else runs `bench_fn` and stores them."""
        if not tuning_key or any(cfg.pre_hook for cfg in configs):
            # Triton's rule: hooks cannot be stored, so tune again.
            bench_fn()
            return False
        key = self._disk_key(tuning_key, configs)
        payload = cache.load(key, problem=_autotune_payload_problem)
        if payload is not None:
            try:
                timings = {Config(**c): t
                           for c, t in payload["configs_timings"]}
            except (KeyError, TypeError, ValueError):
                timings = None
                cache.stats["damaged"] += 1
            if timings and all(c in configs for c in timings):
                self.cache[tuning_key] = builtins.min(timings,
                                                      key=timings.get)
                self.configs_timings = timings
                return True
        bench_fn()
        cache.store(key, {
            "kind": "autotune", "kernel": self.__name__,
            "key": repr(tuning_key),
            "configs_timings": [[c._to_json(), t] for c, t in
                                self.configs_timings.items()]})
        return False

    # -- launching ---------------------------------------------------------------
    def _tuning_key(self, args, kwargs):
        """Triton's key: the values of the `key` arguments, then the dtype of
        every argument that has one."""
        all_args = {**self.nargs, **kwargs}
        named = {k: v for k, v in all_args.items() if k in self.arg_names}
        key = [named[k] for k in self.keys if k in named]
        for name, value in zip(self.keys, key):
            try:
                hash(value)
            except TypeError:
                raise ArgumentError(
                    f"autotune key {name!r} is a {type(value).__name__}, "
                    "which cannot key a cache; key on scalar arguments (sizes, "
                    "strides)", **_jit_function(self)._where()) from None
        for value in named.values():
            if hasattr(value, "dtype"):
                key.append(str(value.dtype))
        return tuple(key)

    def run(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        self._launch_args = list(args) + list(kwargs.values())
        used_cached_result = True
        key = None
        if len(self.configs) > 1:
            key = self._tuning_key(args, kwargs)
            if key not in self.cache:
                used_cached_result = False
                pruned = self.prune_configs(kwargs)
                if _on_host(self._launch_args):
                    pruned = _cpu_candidates(pruned)

                def benchmark():
                    start = time.time()
                    timings = {config: self._bench(*args, config=config,
                                                   **kwargs)
                               for config in pruned}
                    self.bench_time = time.time() - start
                    self.cache[key] = builtins.min(timings, key=timings.get)
                    full_nargs = {**self.nargs, **kwargs,
                                  **self.cache[key].all_kwargs()}
                    # The tuning runs wrote into the reset_to_zero arrays.
                    self.pre_hook(full_nargs, reset_only=True)
                    self.configs_timings = timings

                if self.cache_results:
                    used_cached_result = self.check_disk_cache(key, pruned,
                                                               benchmark)
                else:
                    benchmark()
            config = self.cache[key]
        else:
            config = self.configs[0]
        self.best_config = config
        if _print_autotuning() and not used_cached_result:
            print(f"MyTriton autotuning for function {self.__name__},\n"
                  f"with key as {key},\nfinished after {self.bench_time:.2f}s,"
                  f"\nbest config selected: {self.best_config};")
        if config.pre_hook is not None:
            config.pre_hook({**self.nargs, **kwargs, **config.all_kwargs()})
        try:
            return self.fn.run(*args, **kwargs, **config.all_kwargs())
        finally:
            self.nargs = None
            self._launch_args = ()

    def prune_configs(self, kwargs):
        """early_config_prune(configs, named_args, **kwargs) first, then the
        top_k configs by perf_model(**args, **kwargs, **config) (top_k a
        fraction of the configs when a float <= 1)."""
        pruned = self.configs
        if self.early_config_prune:
            pruned = list(self.early_config_prune(self.configs, self.nargs,
                                                  **kwargs))
            if not pruned:
                raise ValueError(f"autotune of {self.__name__}: "
                                 "early_config_prune returned no configs")
        if self.perf_model:
            top_k = self.configs_top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = int(len(self.configs) * top_k)
            elif isinstance(top_k, bool) or not isinstance(top_k, int):
                raise TypeError("prune_configs_by['top_k'] must be an int or "
                                "a float <= 1.0")
            top_k = max(1, top_k)
            if len(pruned) > top_k:
                estimates = {config: self.perf_model(**self.nargs, **kwargs,
                                                     **config.all_kwargs())
                             for config in pruned}
                pruned = sorted(estimates, key=estimates.get)[:top_k]
        return pruned

    def warmup(self, *args, **kwargs):
        """Compiles every (pruned) config for these arguments."""
        self.nargs = dict(zip(self.arg_names, args))
        try:
            return [self.fn.warmup(*args, **kwargs, **config.all_kwargs())
                    for config in self.prune_configs(kwargs)]
        finally:
            self.nargs = None

    _launch_args = ()


def _print_autotuning() -> bool:
    return os.environ.get("MYTRITON_PRINT_AUTOTUNING", "") in ("1", "true",
                                                               "yes")


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None,
             restore_value=None, pre_hook=None, post_hook=None, warmup=None,
             rep=None, use_cuda_graph=False, do_bench=None,
             cache_results=False):
    """Decorator: tunes a @jit kernel over `configs` (Triton's autotune).

    key: argument names whose values select a tuning (with every argument's
    dtype). prune_configs_by: {"perf_model", "top_k", "early_config_prune"}.
    reset_to_zero / restore_value: argument names whose arrays are zeroed
    before / restored after each timed run. pre_hook(args, reset_only) and
    post_hook(args, exception) replace those. do_bench(fn, quantiles): the
    timer (default mytriton.testing.do_bench with warmup=/rep= ms).
    cache_results (or MYTRITON_CACHE_AUTOTUNING=1): keep the timings in the
    disk cache, so another process skips the tuning."""
    def decorator(fn):
        return Autotuner(fn, _arg_names(fn), configs, key, reset_to_zero,
                         restore_value, pre_hook=pre_hook,
                         post_hook=post_hook,
                         prune_configs_by=prune_configs_by, warmup=warmup,
                         rep=rep, use_cuda_graph=use_cuda_graph,
                         do_bench=do_bench, cache_results=cache_results)
    return decorator


class Heuristics(_KernelInterface):
    """What @heuristics returns: before each launch, every value's function
    computes that meta-parameter from the launch's arguments by name."""

    def __init__(self, fn, arg_names, values):
        self.fn = fn
        self.values = dict(values)
        self.arg_names = list(arg_names)
        for name, heur in self.values.items():
            if not callable(heur):
                raise TypeError(f"heuristics: the value for {name!r} must be "
                                "a function of the arguments")

    def run(self, *args, **kwargs):
        for name, heur in self.values.items():
            kwargs[name] = heur({**dict(zip(self.arg_names, args)), **kwargs})
        return self.fn.run(*args, **kwargs)

    def warmup(self, *args, **kwargs):
        for name, heur in self.values.items():
            kwargs[name] = heur({**dict(zip(self.arg_names, args)), **kwargs})
        return self.fn.warmup(*args, **kwargs)


def heuristics(values):
    """Decorator: `values` maps a meta-parameter's name to a function of the
    arguments dict (e.g. {"EVEN": lambda args: args["n"] % args["BLOCK"] ==
    0}), evaluated at every launch (Triton's heuristics)."""
    def decorator(fn):
        return Heuristics(fn, _arg_names(fn), values)
    return decorator
