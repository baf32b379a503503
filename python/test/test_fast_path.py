"""The launch fast path (mytriton/_fast_path.py) against the fake libcuda
and the stand-in torch of test_gpu_devices.py: once a launch has gone the
full way, the next with the same specialization key is launched from the
generated per-kernel function; every change of what picks the kernel (an
int's divisibility, a pointer's alignment, a dtype, a constexpr, an
option, an environment variable, a rebound global, the device) must still
pick the kernel the full path picks, and every error the full path reports
must still be reported. Each scenario runs in a fresh interpreter."""

import textwrap

from conftest import requires_fake_cuda
from test_gpu_devices import FAKE_TORCH, launches, run

pytestmark = requires_fake_cuda

# Tensors of the stand-in torch over fake device memory, `offset` bytes
# into it (a misaligned data_ptr), of a chosen dtype; `full(k, ...)` is the
# kernel the full path picks for a launch (a warm-up takes the full path).
TORCH_PRELUDE = textwrap.dedent("""
    import os
    import torch
    from mytriton import cache
    torch.streams[0] = 0
    torch.streams[1] = 0

    class Buffer:
        # `values` in fake device memory, `offset` bytes past a 16-byte
        # boundary (offset 4: a data_ptr not divisible by 16).
        def __init__(self, values, device, offset):
            self.memory = DeviceArray(np.zeros(len(values) + 8), device)
            self.ptr = self.memory.ptr + 16 + offset
            self.n = len(values)
            self.view()[:] = values
        def view(self):
            buf = (ctypes.c_float * self.n).from_address(self.ptr)
            return np.frombuffer(buf, np.float32)

    def tensor(values, device=0, offset=0, dtype=None):
        t = torch.Tensor(Buffer(values, device, offset), device)
        if dtype is not None:
            t.dtype = dtype
        return t

    def full(kernel, grid, *args, **kwargs):
        return kernel.warmup(*args, grid=grid, **kwargs)

    def result(t):
        return t.array.view()
""")


def run_torch(tmp_path, body, **env):
    package = tmp_path / "faketorch" / "torch"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(FAKE_TORCH)
    return run(tmp_path, TORCH_PRELUDE + textwrap.dedent(body),
               extra_path=str(tmp_path / "faketorch"), **env)


def test_repeated_launches_take_the_fast_path_and_compute(tmp_path):
    proc = run_torch(tmp_path, """
        x, y = tensor(np.arange(64)), tensor(np.full(64, 0.5))
        out = tensor(np.zeros(64))
        ks = [vadd_grid[(2,)](x, y, out, 64, BLOCK=32) for _ in range(3)]
        assert ks[0] is ks[1] is ks[2]
        assert len(vadd_grid._fast_table) == 1, vadd_grid._fast_table
        # The third launch was the fast path's (the table held its key).
        out.array.view()[:] = 0
        before = cache.stats["memory_hits"]
        vadd_grid[(2,)](x, y, out, 64, BLOCK=32)
        assert cache.stats["memory_hits"] == before + 1
        assert np.array_equal(result(out), np.arange(64) + 0.5), result(out)
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"]
    grids = [line for line in proc.stderr.splitlines() if "g0=" in line]
    assert grids == ["fake: vadd_grid g0=2 g1=1"] * 4, proc.stderr


def test_each_specialization_change_picks_the_full_paths_kernel(tmp_path):
    """Launched twice each (the second from the fast path), in an order
    that revisits earlier keys: int 1 vs other ints (1 is Triton's
    equal_to_1 specialization, other ints only specialize on divisibility
    by 16), a misaligned pointer, a dtype, a constexpr."""
    proc = run_torch(tmp_path, """
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        odd = tensor(np.arange(64), offset=4)
        ints = [tensor(np.arange(64), dtype=torch.int32) for _ in range(3)]
        cases = [
            ("n=64", (x, x, out, 64), {"BLOCK": 32}),
            ("n=1", (x, x, out, 1), {"BLOCK": 32}),
            ("n=63", (x, x, out, 63), {"BLOCK": 32}),
            ("n=-16", (x, x, out, -16), {"BLOCK": 32}),
            ("odd", (odd, x, out, 64), {"BLOCK": 32}),
            ("i32", (*ints, 64), {"BLOCK": 32}),
            ("BLOCK=64", (x, x, out, 64), {"BLOCK": 64}),
            ("n=64", (x, x, out, 64), {"BLOCK": 32}),
        ]
        picked = {}
        for _ in range(2):
            for name, args, kwargs in cases:
                k = vadd_grid[(1,)](*args, **kwargs)
                assert k is full(vadd_grid, (1,), *args, **kwargs), name
                assert picked.setdefault(name, k) is k, name
        sig = {n: (k.signature, k.asm["ttir"].count("tt.divisibility"),
                   k.block_size) for n, k in picked.items()}
        assert picked["n=1"] is not picked["n=63"]
        assert picked["n=64"] is picked["n=-16"]
        assert len({id(k) for k in picked.values()}) == 6, sig
        assert sig["n=64"][1] == sig["n=63"][1] + 1, sig
        assert sig["odd"][1] == sig["n=64"][1] - 1, sig
        assert sig["i32"][0][0] == "*i32" and sig["BLOCK=64"][2] == 64
        print(len(vadd_grid._fast_table))
    """)
    # One fast-path key per distinct (type, divisibility, constexpr) row.
    assert proc.stdout.split() == ["6"], proc.stdout


def test_constexprs_equal_in_python_are_different_keys(tmp_path):
    """1, True and 1.0 are equal (and hash alike) but trace differently;
    constexpr(1) is 1."""
    proc = run_torch(tmp_path, """
        @triton.jit
        def vadd_grid(x, y, out, n, BLOCK: tl.constexpr, FLAG: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            tl.store(out + offs, tl.load(x + offs, mask=mask) +
                     tl.load(y + offs, mask=mask), mask=mask)
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        picked = {}
        for _ in range(3):
            for flag in (1, True, 1.0, 0.0, -0.0, tl.constexpr(1), "1"):
                k = vadd_grid[(2,)](x, x, out, 64, BLOCK=32, FLAG=flag)
                assert k is full(vadd_grid, (2,), x, x, out, 64, BLOCK=32,
                                 FLAG=flag), flag
                picked.setdefault(repr(flag), k)
        assert picked["1"] is picked["constexpr(1)"]
        assert len({id(k) for k in picked.values()}) == 6
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"]


def test_launch_options_key_the_fast_path(tmp_path):
    proc = run_torch(tmp_path, """
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        args = (x, x, out, 64)
        for _ in range(2):
            one = vadd_grid[(1,)](*args, BLOCK=64, num_warps=1)
            two = vadd_grid[(1,)](*args, BLOCK=64, num_warps=2)
            ppc = vadd_grid[(1,)](*args, BLOCK=64, num_warps=1,
                                  programs_per_cta=2)
            three = vadd_grid[(1,)](*args, BLOCK=64, num_warps=1,
                                    num_stages=3)
            four = vadd_grid[(1,)](*args, BLOCK=64, num_warps=1,
                                   num_stages=4)
        assert (one.threads, two.threads) == (32, 64)
        # num_stages keys the fast path too (a tt.func attribute of tiled
        # kernels; tt-pipeline's stages).
        assert (three.metadata.num_stages, four.metadata.num_stages) == (3, 4)
        assert ppc.programs_per_cta == 2 and one.programs_per_cta != 2
        # True == 1 and 1.0 == 1 but are no num_warps: refused as before.
        for bad in (True, 1.0):
            try:
                vadd_grid[(1,)](*args, BLOCK=64, num_warps=bad)
                print("launched", bad)
            except triton.LaunchError as e:
                assert "num_warps" in str(e)
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout


def test_environment_changed_between_launches_recompiles(tmp_path):
    """MYTRITON_NUM_WARPS and MYTRITON_GPU_ARCH are read per launch (see
    docs/Environment.md): a change takes effect at the next launch, fast
    path or not, and changing back finds the first kernel again."""
    proc = run_torch(tmp_path, """
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        args = (x, x, out, 64)
        first = [vadd_grid[(1,)](*args, BLOCK=64) for _ in range(2)][1]
        os.environ["MYTRITON_NUM_WARPS"] = "2"
        warps = [vadd_grid[(1,)](*args, BLOCK=64) for _ in range(2)]
        assert warps[0] is warps[1] and warps[0] is not first
        assert warps[0].threads == 64 and first.threads == 32
        os.environ["MYTRITON_GPU_ARCH"] = "sm_80"
        arch = [vadd_grid[(1,)](*args, BLOCK=64) for _ in range(2)]
        assert ".target sm_80" in arch[1].asm["ptx"]
        assert ".target sm_90" in warps[1].asm["ptx"]
        del os.environ["MYTRITON_NUM_WARPS"], os.environ["MYTRITON_GPU_ARCH"]
        assert vadd_grid[(1,)](*args, BLOCK=64) is first
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout


def test_rebound_global_recompiles_on_the_fast_path(tmp_path):
    proc = run_torch(tmp_path, """
        SHIFT = 0
        @triton.jit
        def vadd_grid(x, y, out, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK) + SHIFT
            mask = offs < n
            tl.store(out + offs, tl.load(x + offs, mask=mask) +
                     tl.load(y + offs, mask=mask), mask=mask)
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        a = [vadd_grid[(1,)](x, x, out, 64, BLOCK=64) for _ in range(3)][2]
        SHIFT = 1
        b = [vadd_grid[(1,)](x, x, out, 64, BLOCK=64) for _ in range(3)]
        assert b[0] is b[2] and b[0] is not a
        assert b[0].asm["ttir"] != a.asm["ttir"]
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout


def test_do_not_specialize_shares_a_kernel_on_the_fast_path(tmp_path):
    proc = run_torch(tmp_path, """
        @triton.jit(do_not_specialize=["n"])
        def vadd_grid(x, y, out, n, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            tl.store(out + offs, tl.load(x + offs, mask=mask) +
                     tl.load(y + offs, mask=mask), mask=mask)
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        ks = [vadd_grid[(1,)](x, x, out, n, BLOCK=64)
              for n in (64, 63, 64, 63, 48)]
        assert len({id(k) for k in ks}) == 1
        assert len(vadd_grid._fast_table) == 1, vadd_grid._fast_table
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout


def test_device_and_stream_are_the_launchs_own(tmp_path):
    """The device is part of the key; torch's current stream is asked on
    every launch, fast or not."""
    proc = run_torch(tmp_path, """
        xs = {d: tensor(np.arange(64), device=d) for d in (0, 1)}
        outs = {d: tensor(np.zeros(64), device=d) for d in (0, 1)}
        ks = []
        for d in (0, 0, 1, 1, 0):
            if d == 0 and len(ks) == 4:
                torch.streams[0] = stream_on(0)
            ks.append(vadd_grid[(1,)](xs[d], xs[d], outs[d], 64, BLOCK=64))
        assert ks[0] is ks[1] is ks[4] and ks[2] is ks[3] is not ks[0]
        print(hex(torch.streams[0]))
    """)
    stream = proc.stdout.split()[0]
    tails = [line.split("stream=")[1] for line in launches(proc.stderr)]
    assert tails == ["default ctx=0x1000"] * 2 + ["default ctx=0x1001"] * 2 + \
        [f"user:{stream} ctx=0x1000"], proc.stderr


def test_callable_grid_is_called_once_with_the_meta_parameters(tmp_path):
    proc = run_torch(tmp_path, """
        seen = []
        def grid(meta):
            seen.append((list(meta), meta["BLOCK"], meta["n"]))
            return (triton.cdiv(meta["n"], meta["BLOCK"]),)
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        for _ in range(3):
            vadd_grid[grid](x, x, out, 64, BLOCK=tl.constexpr(16))
        assert len(seen) == 3, seen
        assert all(s == (["x", "y", "out", "n", "BLOCK"], 16, 64)
                   for s in seen), seen
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"]
    grids = [line for line in proc.stderr.splitlines() if "g0=" in line]
    assert grids == ["fake: vadd_grid g0=4 g1=1"] * 3, proc.stderr


def test_errors_after_the_fast_path_is_warm(tmp_path):
    """Every refusal the full path makes is still made once the key of a
    valid launch is in the fast path's table, and nothing is launched."""
    proc = run_torch(tmp_path, """
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        other = tensor(np.arange(64), device=1)
        for _ in range(2):
            vadd_grid[(1,)](x, x, out, 64, BLOCK=64)
        odd_dtype = tensor(np.arange(64), dtype=torch._DType("complex64"))
        attempts = [
            lambda: vadd_grid[(1,)](x, x, out, BLOCK=64),
            lambda: vadd_grid[(1,)](x, x, out, 64, 3, BLOCK=64),
            lambda: vadd_grid[(1,)](x, x, out, 2**64, BLOCK=64),
            lambda: vadd_grid[(1,)](x, x, out, np.int8(3), BLOCK=64),
            lambda: vadd_grid[(1,)](odd_dtype, x, out, 64, BLOCK=64),
            lambda: vadd_grid[(1,)](other, x, out, 64, BLOCK=64),
            lambda: vadd_grid[(2**31,)](x, x, out, 64, BLOCK=64),
            lambda: vadd_grid[(2**25,)](x, x, out, 64, BLOCK=64),
            lambda: vadd_grid[(1, 70000)](x, x, out, 64, BLOCK=64),
            lambda: vadd_grid[(1.0,)](x, x, out, 64, BLOCK=64),
            lambda: vadd_grid[None](x, x, out, 64, BLOCK=64),
            lambda: vadd_grid[lambda m: 1 / 0](x, x, out, 64, BLOCK=64),
        ]
        for attempt in attempts:
            try:
                attempt()
                print("launched")
            except (triton.ArgumentError, triton.GridError) as e:
                print(type(e).__name__, str(e).splitlines()[0][:120])
        # An empty grid launches nothing and returns the kernel.
        k = vadd_grid[(0,)](x, x, out, 64, BLOCK=64)
        assert k is full(vadd_grid, (1,), x, x, out, 64, BLOCK=64)
        # A failing launch raises once and is not retried.
        os.environ["FAKE_CUDA_FAIL"] = "cuLaunchKernel=700"
        try:
            vadd_grid[(1,)](x, x, out, 64, BLOCK=64)
        except triton.LaunchError as e:
            print("LaunchError", "launching kernel 'vadd_grid'" in str(e))
    """)
    lines = proc.stdout.splitlines()
    assert "launched" not in proc.stdout, proc.stdout
    assert [line.split()[0] for line in lines] == \
        ["ArgumentError"] * 6 + ["GridError"] * 6 + ["LaunchError"], lines
    assert lines[-1] == "LaunchError True"
    assert "does not fit in 64 bits" in lines[2], lines
    assert "dtype torch.complex64 is not supported" in lines[4], lines
    assert "different devices" in lines[5], lines
    # The two launches before the refusals (the fake logs no failed one).
    assert len(launches(proc.stderr)) == 2, proc.stderr


def test_defaults_and_names_of_the_generated_function(tmp_path):
    """The generated function takes the kernel's defaults; a parameter
    named like its own names moves them aside; a parameter named like a
    launch option is the parameter's, as on the full path."""
    proc = run_torch(tmp_path, """
        @triton.jit
        def vadd_grid(x, y, out, _mt_n, num_stages: tl.constexpr = 2,
                      BLOCK: tl.constexpr = 32):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < _mt_n
            tl.store(out + offs, tl.load(x + offs, mask=mask) +
                     tl.load(y + offs, mask=mask), mask=mask)
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        ks = [vadd_grid[(2,)](x, x, out, 64) for _ in range(3)]
        assert ks[0] is ks[2] and ks[0].block_size == 32
        assert np.array_equal(result(out), 2 * np.arange(64))
        wide = [vadd_grid[(1,)](x, x, out, _mt_n=64, BLOCK=64)
                for _ in range(3)]
        assert wide[0] is wide[2] and wide[0].block_size == 64
        three = [vadd_grid[(1,)](x, x, out, 64, 3, 64) for _ in range(3)]
        assert three[0] is three[2] and three[0] is not wide[0]
        assert len(vadd_grid._fast_table) == 3, vadd_grid._fast_table
        assert "def _mt__fast(_mt__grid, /, x, y, out, _mt_n" in \\
            vadd_grid._fast.source, vadd_grid._fast.source
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout


def test_backend_changes_leave_the_fast_path(tmp_path):
    """MYTRITON_BACKEND and the kernel's backend attribute are in the key:
    a value the full path refuses is refused once the key is warm."""
    proc = run_torch(tmp_path, """
        x, out = tensor(np.arange(64)), tensor(np.zeros(64))
        args = (x, x, out, 64)
        for change in ("env", "attribute", "option"):
            for _ in range(2):
                k = vadd_grid[(1,)](*args, BLOCK=64)
            try:
                if change == "env":
                    os.environ["MYTRITON_BACKEND"] = "bogus"
                    vadd_grid[(1,)](*args, BLOCK=64)
                elif change == "attribute":
                    vadd_grid.backend = "bogus"
                    vadd_grid[(1,)](*args, BLOCK=64)
                else:
                    vadd_grid[(1,)](*args, BLOCK=64, backend="bogus")
                print("launched", change)
            except triton.LaunchError as e:
                print("refused", change, "unknown backend 'bogus'" in str(e))
            os.environ["MYTRITON_BACKEND"] = "nvvm"  # as run() sets it
            vadd_grid.backend = None
            assert vadd_grid[(1,)](*args, BLOCK=64) is k
    """)
    assert proc.stdout.splitlines() == [
        "refused env True", "refused attribute True", "refused option True"
    ], proc.stdout


def test_torch_imported_after_the_launcher_loaded(tmp_path):
    """A driver query before torch is imported (test_execution's GPU check,
    at import) loads the compiled launcher while torch is not there; torch
    tensors launched later must still take the fast path (tutorial 05's
    backward took the full path on every launch: 2x the host time)."""
    package = tmp_path / "faketorch" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_TORCH)
    proc = run(tmp_path, """
        from mytriton import cache
        assert runtime._compiled_launcher_or_none() is not None
        assert "torch" not in sys.modules
        import torch
        torch.streams[0] = 0
        x = torch.Tensor(DeviceArray(np.arange(64), 0), 0)
        out = torch.Tensor(DeviceArray(np.zeros(64), 0), 0)
        for _ in range(3):
            vadd_grid[(2,)](x, x, out, 64, BLOCK=32)
        assert len(vadd_grid._fast_table) == 1, vadd_grid._fast_table
        full = type(vadd_grid)._run
        def refuse(*a, **k):
            raise AssertionError("the full path ran")
        type(vadd_grid)._run = refuse
        vadd_grid[(2,)](x, x, out, 64, BLOCK=32)
        type(vadd_grid)._run = full
        assert np.array_equal(out.array.view(), 2 * np.arange(64))
        print("ok")
    """, extra_path=str(tmp_path / "faketorch"))
    assert proc.stdout.split() == ["ok"], proc.stdout
