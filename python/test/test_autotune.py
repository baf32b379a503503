"""triton.autotune and triton.Config, as Triton 3.x has them, on the CPU path
(numpy arrays). Most tests time with an injected do_bench= whose timings the
test chooses, so the choice they check is deterministic; one times the real
CPU execution of configs of very different cost."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import conftest  # noqa: F401 - first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import ArgumentError, LaunchError, cache, compiler

try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False

# Kernels launched with numpy arrays run on the CPU backend.
on_cpu = pytest.mark.skipif(not (HAS_CPU and compiler.available()),
                            reason="needs the compiler and the CPU backend")
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rng = np.random.default_rng(7)


def rand(n):
    return rng.standard_normal(n).astype(np.float32)


def add_body(x, y, out, n, BLOCK):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) +
             tl.load(y + offs, mask=mask), mask=mask)


def grid(n):
    return lambda meta: (triton.cdiv(n, meta["BLOCK"]),)


class Spy:
    """Records the meta-parameters of every launch of a @jit kernel and
    times each config as `timings[BLOCK]` (ms), running it `calls` times."""

    def __init__(self, jit_fn, monkeypatch, timings=None, calls=1):
        self.launches, self.benched = [], []
        self.timings, self.calls = timings or {}, calls
        real_run = jit_fn.run

        def run(*args, **kwargs):
            self.launches.append({k: v for k, v in kwargs.items()
                                  if k not in ("grid", "warmup")})
            return real_run(*args, **kwargs)
        monkeypatch.setattr(jit_fn, "run", run)

    def do_bench(self, kernel_call, quantiles):
        for _ in range(self.calls):
            kernel_call()
        config = self.launches[-1]
        self.benched.append(config)
        t = self.timings.get(config.get("BLOCK"), 1.0)
        assert tuple(quantiles) == (0.5, 0.2, 0.8)  # Triton's request.
        return [t, t, t]


def make_add():
    @triton.jit
    def add(x, y, out, n, BLOCK: tl.constexpr):
        add_body(x, y, out, n, BLOCK)
    return add


CONFIGS = [triton.Config({"BLOCK": 64}), triton.Config({"BLOCK": 128}),
           triton.Config({"BLOCK": 256}, num_warps=2)]


# -- Config ----------------------------------------------------------------------
def test_config_is_tritons():
    c = triton.Config({"BLOCK": 128, "GROUP": 8}, num_warps=8, num_stages=2)
    assert c.kwargs == {"BLOCK": 128, "GROUP": 8}
    assert (c.num_warps, c.num_stages, c.num_ctas, c.maxnreg) == (8, 2, 1,
                                                                  None)
    assert c.all_kwargs() == {"BLOCK": 128, "GROUP": 8, "num_warps": 8,
                              "num_ctas": 1, "num_stages": 2}
    assert str(c) == ("BLOCK: 128, GROUP: 8, num_warps: 8, num_ctas: 1, "
                      "num_stages: 2, maxnreg: None")
    defaults = triton.Config({})
    assert (defaults.num_warps, defaults.num_stages) == (4, 3)
    assert c == triton.Config({"BLOCK": 128, "GROUP": 8}, num_warps=8,
                              num_stages=2)
    assert len({c, triton.Config({"BLOCK": 128, "GROUP": 8}, num_warps=8,
                                 num_stages=2)}) == 1
    assert c != triton.Config({"BLOCK": 128, "GROUP": 8}, num_warps=4,
                              num_stages=2)
    # num_warps=None: left to the launch's default ("auto").
    assert "num_warps" not in triton.Config({}, num_warps=None).all_kwargs()


# -- choosing and caching ----------------------------------------------------------
@on_cpu
@pytest.mark.parametrize("fastest", [64, 128, 256])
def test_picks_the_fastest_config(monkeypatch, fastest):
    add = make_add()
    timings = {64: 3.0, 128: 2.0, 256: 2.5}
    timings[fastest] = 0.5
    spy = Spy(add, monkeypatch, timings)
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench)(add)
    n = 1000
    x, y, out = rand(n), rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, y, out, n)
    assert tuned.best_config.kwargs == {"BLOCK": fastest}
    assert [c["BLOCK"] for c in spy.benched] == [64, 128, 256]
    # The launch after tuning uses the best config, options included.
    assert spy.launches[-1] == tuned.best_config.all_kwargs()
    np.testing.assert_array_equal(out, x + y)
    assert set(tuned.configs_timings) == set(CONFIGS)


@on_cpu
def test_tunes_once_per_key_and_dtype(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch, {128: 0.1})
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench)(add)
    for n in (1000, 1000, 2000, 1000, 2000):
        x, y, out = rand(n), rand(n), np.zeros(n, np.float32)
        tuned[grid(n)](x, y, out, n)
        np.testing.assert_array_equal(out, x + y)
    assert len(spy.benched) == 2 * len(CONFIGS)  # n=1000 and n=2000
    assert set(tuned.cache) == {(1000, "float32", "float32", "float32"),
                                (2000, "float32", "float32", "float32")}
    # Another dtype is another key (Triton keys on every argument's dtype).
    xi = np.arange(1000, dtype=np.int32)
    outi = np.zeros(1000, np.int32)
    tuned[grid(1000)](xi, xi, outi, 1000)
    np.testing.assert_array_equal(outi, 2 * xi)
    assert len(spy.benched) == 3 * len(CONFIGS)


@on_cpu
def test_one_config_is_not_benchmarked(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch)
    tuned = triton.autotune([triton.Config({"BLOCK": 128}, num_warps=4)],
                            key=["n"], do_bench=spy.do_bench)(add)
    n = 300
    x, y, out = rand(n), rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, y, out, n)
    assert spy.benched == [] and tuned.best_config.kwargs == {"BLOCK": 128}
    np.testing.assert_array_equal(out, x + y)


@triton.jit
def halve_and_add(x, out, n, BLOCK: tl.constexpr, REPS: tl.constexpr):
    # REPS dependent multiply-adds per element, in a runtime loop: the work
    # grows with REPS from the same memory traffic, and without fast-math no
    # compiler folds the chain.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x + offs, mask=mask)
    acc = v
    for _ in tl.range(0, REPS):
        acc = acc * 0.5 + v
    tl.store(out + offs, acc, mask=mask)


@on_cpu
def test_real_cpu_timing_picks_the_cheap_config():
    """No injected timer: the default do_bench times the CPU execution of a
    config doing 1 multiply-add per element against one doing 2048. (A copy
    repeated over a second grid axis was not enough: its repeats hit the
    cache, and a CI host timed 64 of them as one.)"""
    slow_config = triton.Config({"BLOCK": 1024, "REPS": 2048})
    fast_config = triton.Config({"BLOCK": 1024, "REPS": 1})
    tuned = triton.autotune([slow_config, fast_config], key=["n"], warmup=2,
                            rep=10)(halve_and_add)
    n = 1 << 18
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, out, n)
    assert tuned.best_config.kwargs["REPS"] == 1, tuned.configs_timings
    slow = tuned.configs_timings[slow_config]
    fast = tuned.configs_timings[fast_config]
    assert len(fast) == 3 and 0 < fast[0] < slow[0]  # median, p20, p80
    np.testing.assert_array_equal(out, x * np.float32(0.5) + x)


# -- the disk cache -------------------------------------------------------------
SCRIPT = textwrap.dedent("""
    import json, sys
    import numpy as np
    import mytriton as triton
    import mytriton.language as tl

    benched = []
    def fake_bench(kernel_call, quantiles):
        kernel_call()
        benched.append(1)
        t = {0: 3.0, 1: 1.0, 2: 2.0}[len(benched) - 1]
        return [t, t, t]

    @triton.autotune(configs=[triton.Config({"BLOCK": 64}),
                              triton.Config({"BLOCK": 128}),
                              triton.Config({"BLOCK": B3})],
                     key=["n"], do_bench=fake_bench, cache_results=CACHE)
    @triton.jit
    def add(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) +
                 tl.load(y + offs, mask=mask), mask=mask)

    n = 1000
    x = np.ones(n, np.float32); out = np.zeros(n, np.float32)
    add[lambda m: (triton.cdiv(n, m["BLOCK"]),)](x, x, out, n)
    assert (out == 2).all()
    print(json.dumps({"benched": len(benched),
                      "best": add.best_config.kwargs["BLOCK"]}))
""")


def run_script(cache_dir, cache_results, b3=256, env_extra=None):
    source = SCRIPT.replace("CACHE", repr(cache_results)).replace(
        "B3", str(b3))
    env = dict(os.environ, MYTRITON_CACHE_DIR=str(cache_dir),
               PYTHONPATH=PYTHON_DIR, **(env_extra or {}))
    env.pop("MYTRITON_CACHE_AUTOTUNING", None)
    env.update(env_extra or {})
    done = subprocess.run([sys.executable, "-c", source], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@on_cpu
def test_disk_cache_skips_tuning_in_a_new_process(tmp_path):
    cache_dir = tmp_path / "c"
    assert run_script(cache_dir, True) == {"benched": 3, "best": 128}
    # A new process reads the choice (and timings) from the disk.
    assert run_script(cache_dir, True) == {"benched": 0, "best": 128}
    # Other configs are another tuning.
    assert run_script(cache_dir, True, b3=512) == {"benched": 3, "best": 128}
    entries = [p for p in cache_dir.rglob("*.json")
               if '"autotune"' in p.read_text()]
    assert len(entries) == 2
    # As in Triton, without cache_results nothing is read from the disk...
    assert run_script(cache_dir, False) == {"benched": 3, "best": 128}
    # ...unless MYTRITON_CACHE_AUTOTUNING=1 (Triton: TRITON_CACHE_AUTOTUNING).
    assert run_script(cache_dir, False,
                      env_extra={"MYTRITON_CACHE_AUTOTUNING": "1"}) == \
        {"benched": 0, "best": 128}


@on_cpu
def test_disk_cache_is_not_used_with_config_pre_hooks(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch, {64: 0.1})
    hooked = [triton.Config({"BLOCK": 64}, pre_hook=lambda args: None),
              triton.Config({"BLOCK": 128})]
    n = 100
    x, out = rand(n), np.zeros(n, np.float32)
    for _ in range(2):  # Two "processes": fresh autotuners, one disk cache.
        tuned = triton.autotune(hooked, key=["n"], do_bench=spy.do_bench,
                                cache_results=True)(add)
        tuned[grid(n)](x, x, out, n)
    assert len(spy.benched) == 4
    assert cache.stats["disk_hits"] == 0


# -- reset_to_zero, restore_value, hooks -----------------------------------------
@triton.jit
def accumulate(x, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    acc = tl.load(out + offs, mask=mask)
    tl.store(out + offs, acc + tl.load(x + offs, mask=mask), mask=mask)


@on_cpu
@pytest.mark.parametrize("reset", [True, False])
def test_reset_to_zero_gives_the_right_result(monkeypatch, reset):
    """out += x run three times per config while tuning: only with
    reset_to_zero=["out"] does the launch leave out == x."""
    spy = Spy(accumulate, monkeypatch, {128: 0.1}, calls=3)
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench,
                            reset_to_zero=["out"] if reset else None)(
        accumulate)
    n = 500
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, out, n)
    if reset:
        np.testing.assert_array_equal(out, x)
    else:
        # 3 configs x 3 timed runs + the launch itself.
        np.testing.assert_allclose(out, 10 * x, rtol=1e-5)


@triton.jit
def double_in_place(x, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x + offs, tl.load(x + offs, mask=mask) * 2.0, mask=mask)


@on_cpu
def test_restore_value_restores_between_runs(monkeypatch):
    spy = Spy(double_in_place, monkeypatch, {256: 0.1}, calls=2)
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench,
                            restore_value=["x"])(double_in_place)
    n = 700
    x0 = rand(n)
    x = x0.copy()
    seen = []
    real = spy.do_bench

    def bench(kernel_call, quantiles):
        kernel_call()
        seen.append(x.copy())  # After one timed run: restored.
        return real(kernel_call, quantiles)
    tuned.user_do_bench = bench
    tuned[grid(n)](x, n)
    for after in seen:
        np.testing.assert_array_equal(after, x0)
    np.testing.assert_array_equal(x, 2 * x0)  # Only the real launch stays.


@on_cpu
def test_config_pre_hook_and_user_hooks(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch, {64: 0.1})
    calls = []
    configs = [triton.Config({"BLOCK": 64},
                             pre_hook=lambda a: calls.append(("cfg", a["n"],
                                                              a["BLOCK"]))),
               triton.Config({"BLOCK": 128})]
    tuned = triton.autotune(
        configs, key=["n"], do_bench=spy.do_bench,
        pre_hook=lambda a, reset_only=False: calls.append(("pre",
                                                           reset_only)),
        post_hook=lambda a, exception: calls.append(("post", exception)))(add)
    n = 64
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, x, out, n)
    assert calls == [("cfg", 64, 64), ("pre", False), ("post", None),
                     ("pre", False), ("post", None),  # BLOCK=128
                     ("pre", True),                   # after tuning
                     ("cfg", 64, 64)]                 # the launch
    np.testing.assert_array_equal(out, 2 * x)


# -- pruning ------------------------------------------------------------------------
@on_cpu
def test_early_config_prune(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch, {256: 0.1})
    seen = {}

    def prune(configs, named_args, **kwargs):
        seen.update(named_args)
        return [c for c in configs if c.kwargs["BLOCK"] <= named_args["n"]]
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench,
                            prune_configs_by={"early_config_prune": prune})(
        add)
    n = 130
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, x, out, n)
    assert [c["BLOCK"] for c in spy.benched] == [64, 128]
    assert tuned.best_config.kwargs == {"BLOCK": 64}  # 256 was pruned
    assert seen["n"] == n and seen["x"] is x


@on_cpu
@pytest.mark.parametrize("top_k,benched", [(1, [256]), (2, [256, 128]),
                                           (0.5, [256]), (1.0, [64, 128,
                                                                256])])
def test_perf_model_top_k(monkeypatch, top_k, benched):
    add = make_add()
    spy = Spy(add, monkeypatch, {64: 0.1})

    def model(x, y, out, n, BLOCK, num_warps, **kwargs):
        assert "grid" in kwargs and num_warps in (2, 4)
        return 1.0 / BLOCK  # Bigger blocks predicted faster.
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench,
                            prune_configs_by={"perf_model": model,
                                              "top_k": top_k})(add)
    n = 1000
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, x, out, n)
    assert sorted(c["BLOCK"] for c in spy.benched) == sorted(benched)


@on_cpu
@pytest.mark.parametrize("limit,benched", [(None, [64, 128, 256]),
                                           ("2", [64, 128]),
                                           ("0", [1024, 512, 64, 256, 128])])
def test_cpu_times_the_configs_of_smallest_tiles(monkeypatch, limit,
                                                 benched):
    # On the CPU path a config's compile grows with its tile: of a GPU list
    # (tutorial 03 has 16) only $MYTRITON_CPU_AUTOTUNE_CONFIGS (default 3;
    # 0: all, in their order) of smallest int meta-parameter product are
    # timed.
    if limit is None:
        monkeypatch.delenv("MYTRITON_CPU_AUTOTUNE_CONFIGS", raising=False)
    else:
        monkeypatch.setenv("MYTRITON_CPU_AUTOTUNE_CONFIGS", limit)
    add = make_add()
    spy = Spy(add, monkeypatch, {128: 0.1})
    configs = [triton.Config({"BLOCK": b}) for b in (1024, 512, 64, 256,
                                                     128)]
    tuned = triton.autotune(configs, key=["n"], do_bench=spy.do_bench)(add)
    n = 1000
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, x, out, n)
    assert [c["BLOCK"] for c in spy.benched] == benched
    assert tuned.best_config.kwargs == {"BLOCK": 128}
    np.testing.assert_array_equal(out, 2 * x)


@on_cpu
def test_cpu_autotune_limit_must_be_an_int(monkeypatch):
    monkeypatch.setenv("MYTRITON_CPU_AUTOTUNE_CONFIGS", "few")
    add = make_add()
    tuned = triton.autotune(CONFIGS + [triton.Config({"BLOCK": 512})],
                            key=["n"],
                            do_bench=Spy(add, monkeypatch).do_bench)(add)
    x = rand(100)
    with pytest.raises(ValueError, match="MYTRITON_CPU_AUTOTUNE_CONFIGS must "
                                         "be an int .* got 'few'"):
        tuned[grid(100)](x, x, x, 100)


# -- failures ---------------------------------------------------------------------
@on_cpu
def test_a_config_that_does_not_compile_loses(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch, {3000: 0.1})  # Would win if it compiled.
    # Wider than 1024, a block's width must be a power of two: BLOCK=3000
    # does not compile.
    tuned = triton.autotune([triton.Config({"BLOCK": 3000}),
                             triton.Config({"BLOCK": 64})],
                            key=["n"], do_bench=spy.do_bench)(add)
    n = 200
    x, out = rand(n), np.zeros(n, np.float32)
    tuned[grid(n)](x, x, out, n)
    assert tuned.best_config.kwargs == {"BLOCK": 64}
    assert tuned.configs_timings[triton.Config({"BLOCK": 3000})] == \
        [float("inf")] * 3
    np.testing.assert_array_equal(out, 2 * x)


def test_bad_uses_are_clear_errors():
    add = make_add()
    with pytest.raises(ArgumentError, match="autotune key names 'm'.*takes: x, y"):
        triton.autotune(CONFIGS, key=["m"])(add)
    with pytest.raises(ArgumentError, match="reset_to_zero names 'z'"):
        triton.autotune(CONFIGS, key=["n"], reset_to_zero=["z"])(add)
    with pytest.raises(ValueError, match="unknown keys"):
        triton.autotune(CONFIGS, key=["n"],
                        prune_configs_by={"perf_modle": None})(add)
    with pytest.raises(NotImplementedError, match="use_cuda_graph"):
        triton.autotune(CONFIGS, key=["n"], use_cuda_graph=True)(add)
    with pytest.raises(TypeError, match="triton.Config"):
        triton.autotune([{"BLOCK": 64}], key=["n"])(add)
    with pytest.raises(TypeError, match="@jit kernel"):
        triton.autotune(CONFIGS, key=["n"])(lambda x: x)
    tuned = triton.autotune(CONFIGS, key=["n"])(add)
    with pytest.raises(LaunchError, match="kernel\\[grid\\]"):
        tuned(1, 2, 3, 4)


@on_cpu
def test_redefining_a_tuned_parameter_is_refused(monkeypatch):
    add = make_add()
    spy = Spy(add, monkeypatch)
    tuned = triton.autotune(CONFIGS, key=["n"], do_bench=spy.do_bench)(add)
    x = rand(8)
    with pytest.raises(ValueError, match="Conflicting meta-parameters: BLOCK"):
        tuned[grid(8)](x, x, x, 8, BLOCK=64)


@on_cpu
def test_keying_on_an_array_is_a_clear_error(monkeypatch):
    add = make_add()
    tuned = triton.autotune(CONFIGS, key=["x"],
                            do_bench=Spy(add, monkeypatch).do_bench)(add)
    x = rand(8)
    with pytest.raises(ArgumentError, match="autotune key 'x' is a ndarray"):
        tuned[grid(8)](x, x, x, 8)


@on_cpu
def test_warmup_compiles_every_config():
    add = make_add()
    tuned = triton.autotune(CONFIGS, key=["n"])(add)
    x = rand(16)
    kernels = tuned.warmup(x, x, x, 16, grid=(1,))
    assert [k.block_size for k in kernels] == [64, 128, 256]
    assert cache.stats["compiles"] == 3
