"""mytriton.testing, as Triton's triton.testing: do_bench (host clock on the
CPU path; CUDA events, checked here against a stand-in torch), assert_close,
perf_report/Benchmark writing the PNG and CSV."""

import csv
import sys
import time
import types

import numpy as np
import pytest

import conftest  # noqa: F401 - first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
import mytriton.testing
from mytriton import compiler, testing

try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU = True
except ImportError:
    HAS_CPU = False

on_cpu = pytest.mark.skipif(not (HAS_CPU and compiler.available()),
                            reason="needs the compiler and the CPU backend")


def test_testing_is_a_module_of_the_package():
    assert mytriton.testing is triton.testing is testing
    assert triton.testing.do_bench is testing.do_bench


# -- do_bench on the host clock ----------------------------------------------------
class FakeClock:
    """time.perf_counter for testing: advanced only by the benchmarked fn."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = FakeClock()
    monkeypatch.setattr(testing.time, "perf_counter", c)
    monkeypatch.setattr(testing, "_host_cache_bytes", lambda: 1 << 12)
    return c


def test_do_bench_counts_runs_from_the_estimate(clock):
    """Triton's schedule: one run, five to estimate, warmup/estimate
    warm-up runs, rep/estimate timed runs."""
    durations = iter([50.0] + [2.0] * 5 + [2.0] * 12 +
                     [1.0, 2.0, 3.0, 4.0, 5.0] * 10)
    calls = []

    def fn():
        calls.append(1)
        clock.now += next(durations) / 1e3
    # (warmup and rep a little over multiples of the estimate: the host
    # clock's float arithmetic may make it 2.0000001 ms.)
    times = testing.do_bench(fn, warmup=25.5, rep=101, return_mode="all",
                             device="cpu")
    # estimate 2 ms: 12 warm-up runs, 50 timed ones.
    assert len(calls) == 1 + 5 + 12 + 50
    assert times == pytest.approx([1.0, 2.0, 3.0, 4.0, 5.0] * 10)


@pytest.mark.parametrize("mode,expected", [("mean", 3.0), ("median", 3.0),
                                           ("min", 1.0), ("max", 5.0)])
def test_do_bench_return_modes(clock, mode, expected):
    pattern = [3.0] * 6 + [5.0, 1.0, 3.0, 4.0, 2.0] * 100

    def fn():
        clock.now += pattern.pop(0) / 1e3 if pattern else 3e-3
    # estimate 3 ms: 8 warm-up runs (from the pattern), 33 timed.
    assert testing.do_bench(fn, return_mode=mode, device="cpu") == \
        pytest.approx(expected, abs=0.5)


def test_do_bench_quantiles(clock):
    values = [float(v) for v in range(1, 101)]
    stream = [50.0] * 6 + [50.0] * 1 + values

    def fn():
        clock.now += stream.pop(0) / 1e3
    # estimate 50 ms: 1 warm-up run, 2 timed runs (100 / 50).
    q = testing.do_bench(fn, quantiles=[0.5, 0.2, 0.8], rep=101,
                         device="cpu")
    assert q == pytest.approx([1.5, 1.2, 1.8])  # Linear interpolation.
    stream[:] = [50.0] * 7 + [4.0, 8.0]
    assert testing.do_bench(fn, quantiles=[0.5], rep=101, device="cpu") == \
        pytest.approx(6.0)  # One quantile: a float, as Triton.


def test_do_bench_on_cpu_times_real_work():
    ms = testing.do_bench(lambda: time.sleep(0.002), warmup=5, rep=20,
                          device="cpu")
    assert 1.9 < ms < 50
    q = testing.do_bench(lambda: time.sleep(0.001), warmup=2, rep=10,
                         quantiles=[0.5, 0.2, 0.8], device="cpu")
    assert len(q) == 3 and q[1] <= q[0] <= q[2] and q[1] >= 0.9


def test_do_bench_resets_gradients(clock):
    class T:
        grad = "old"
    t, seen = T(), []

    def fn():
        seen.append(t.grad)
        t.grad = "set by fn"
        clock.now += 0.01
    testing.do_bench(fn, warmup=10, rep=31, grad_to_none=[t], device="cpu")
    timed = seen[-3:]  # rep / estimate = 3 timed runs
    assert timed == [None, None, None]


def test_do_bench_rejects_bad_arguments():
    with pytest.raises(ValueError, match="return_mode"):
        testing.do_bench(lambda: None, return_mode="average")
    with pytest.raises(ValueError, match="device"):
        testing.do_bench(lambda: None, device="tpu")
    with pytest.raises(ValueError, match="quantiles"):
        testing.do_bench(lambda: None, quantiles=[1.5], device="cpu",
                         rep=1, warmup=1)


@on_cpu
def test_do_bench_of_a_cpu_kernel():
    @triton.jit
    def add(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) +
                 tl.load(y + offs, mask=mask), mask=mask)
    n = 1 << 16
    x = np.ones(n, np.float32)
    out = np.zeros(n, np.float32)
    ms = testing.do_bench(lambda: add[(n // 1024,)](x, x, out, n, BLOCK=1024),
                          warmup=2, rep=10, device="cpu")
    assert 0 < ms < 1000
    assert (out == 2).all()


# -- do_bench's GPU path, against a stand-in torch --------------------------------
def fake_torch(log):
    """Enough of torch.cuda for do_bench: events on a clock that the
    benchmarked fn advances, a flush buffer that logs its zeroing."""
    torch = types.ModuleType("torch")
    clock = {"now": 0.0}

    class Event:
        def __init__(self, enable_timing=False):
            assert enable_timing
            self.t = None

        def record(self):
            log.append("record")
            self.t = clock["now"]

        def elapsed_time(self, end):
            return end.t - self.t

    class Buffer:
        def __init__(self, n, dtype, device):
            log.append(("empty", n * 4, dtype, device))

        def zero_(self):
            log.append("flush")

    torch.int = "int32"
    torch.empty = Buffer
    torch.cuda = types.SimpleNamespace(
        is_available=lambda: True, Event=Event,
        synchronize=lambda: log.append("sync"))
    return torch, clock


def test_do_bench_uses_cuda_events_and_flushes_l2(monkeypatch):
    log = []
    torch, clock = fake_torch(log)
    monkeypatch.setitem(sys.modules, "torch", torch)

    def fn():
        log.append("fn")
        clock["now"] += 10.0  # ms
    ms = testing.do_bench(fn, warmup=20, rep=30)
    assert ms == pytest.approx(10.0)
    assert log.count(("empty", 256 * 1024 * 1024, "int32", "cuda")) == 1
    # estimate 10 ms: 5 estimate runs, 2 warm-up, 3 timed; a flush before
    # each estimate and timed run, never inside the timed interval.
    assert log.count("fn") == 1 + 5 + 2 + 3
    assert log.count("flush") == 5 + 3
    assert log[-13:] == ["flush", "record", "fn", "record"] * 3 + ["sync"]


def test_device_cpu_ignores_the_gpu(monkeypatch):
    log = []
    torch, _ = fake_torch(log)
    monkeypatch.setitem(sys.modules, "torch", torch)
    testing.do_bench(lambda: time.sleep(0.001), warmup=1, rep=3, device="cpu")
    assert log == []


def test_device_cuda_without_a_gpu_is_an_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)
    monkeypatch.setitem(sys.modules, "cupy", None)
    with pytest.raises(RuntimeError, match="no GPU timer"):
        testing.do_bench(lambda: None, device="cuda")


# -- assert_close ----------------------------------------------------------------
def test_assert_close():
    x = np.array([1.0, 2.0, np.nan], np.float32)
    testing.assert_close(x, x + np.float32(0.005))  # atol 1e-2 by default
    with pytest.raises(AssertionError):
        testing.assert_close(x, x + np.float32(0.02))
    testing.assert_close(x, x * 1.1, atol=0, rtol=0.11)
    with pytest.raises(AssertionError):
        testing.assert_close(x, x * 1.1, atol=0, rtol=0.05)
    # Tolerances may be functions of x's dtype.
    testing.assert_close(x, x + 0.3, atol=lambda dt: 0.5 if dt == np.float32
                         else 0.0)
    with pytest.raises(AssertionError, match="my message"):
        testing.assert_close(np.float32(1.0), 2.0, err_msg="my message")
    with pytest.raises(AssertionError, match="my message"):
        testing.assert_close(x, x + 1, err_msg="my message")
    with pytest.raises(AssertionError, match="shape"):
        testing.assert_close(np.zeros(3), np.zeros(4))
    testing.assert_close([1, 2], (1, 2))


# -- perf_report --------------------------------------------------------------------
def make_mark(calls):
    @testing.perf_report(testing.Benchmark(
        x_names=["N"], x_vals=[128, 256, 512], line_arg="provider",
        line_vals=["a", "b"], line_names=["Alpha", "Beta"],
        styles=[("blue", "-"), ("green", "--")], ylabel="GB/s",
        plot_name="bench-test", args={"M": 4}))
    def benchmark(N, M, provider):
        calls.append((N, M, provider))
        if provider == "a":
            return N / 10  # One number...
        return N / 20, N / 40, N / 10  # ...or (y, y_min, y_max).
    return benchmark


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def test_perf_report_writes_png_and_csv(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    calls = []
    make_mark(calls).run(save_path=str(tmp_path), print_data=True)
    assert calls == [(n, 4, p) for n in (128, 256, 512) for p in "ab"]
    png = (tmp_path / "bench-test.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    assert read_csv(tmp_path / "bench-test.csv") == [
        ["N", "Alpha", "Beta"], ["128", "12.8", "6.4"],
        ["256", "25.6", "12.8"], ["512", "51.2", "25.6"]]
    assert '<image src="bench-test.png"/>' in \
        (tmp_path / "results.html").read_text()
    out = capsys.readouterr().out
    assert out.startswith("bench-test:\n") and "Alpha" in out and \
        "51.2" in out


def test_perf_report_without_matplotlib_warns(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    make_mark([]).run(save_path=str(tmp_path))
    assert "matplotlib is not installed" in capsys.readouterr().err
    assert not (tmp_path / "bench-test.png").exists()
    assert read_csv(tmp_path / "bench-test.csv")[1] == ["128", "12.8", "6.4"]


def test_perf_report_return_df_and_multiple_x_names():
    @testing.perf_report([testing.Benchmark(
        x_names=["M", "N"], x_vals=[(1, 2), 3], line_arg="p",
        line_vals=[1], line_names=["one"], plot_name="", args={})])
    def bench(M, N, p):
        return float(M * N * p)
    table = bench.run(return_df=True)[0]
    rows = table.to_dict("records") if hasattr(table, "to_dict") else table
    assert rows == [{"M": 1, "N": 2, "one": 2.0}, {"M": 3, "N": 3,
                                                   "one": 9.0}]
    assert bench(M=2, N=2, p=1) == 4.0  # The Mark still calls fn.
    with pytest.raises(ValueError, match="line_names"):
        testing.Benchmark(["N"], [1], "p", [1, 2], ["one"], "x", {})


@on_cpu
def test_tutorial_style_benchmark(tmp_path):
    """Triton's tutorial 02/03 way: a perf_report whose function returns
    do_bench's quantiles converted to GB/s."""
    pytest.importorskip("matplotlib")

    @triton.jit
    def add_kernel(x_ptr, y_ptr, output_ptr, n_elements,
                   BLOCK_SIZE: tl.constexpr):
        pid = tl.program_id(axis=0)
        offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(output_ptr + offsets, x + y, mask=mask)

    def add(x, y):
        output = np.empty_like(x)
        n_elements = output.size
        grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)  # noqa: E731
        add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
        return output

    @triton.testing.perf_report(triton.testing.Benchmark(
        x_names=["size"], x_vals=[2**i for i in range(12, 15)],
        x_log=True, line_arg="provider", line_vals=["triton", "numpy"],
        line_names=["Triton", "NumPy"], styles=[("blue", "-"),
                                                ("green", "-")],
        ylabel="GB/s", plot_name="vector-add-performance", args={}))
    def benchmark(size, provider):
        x = np.random.rand(size).astype(np.float32)
        y = np.random.rand(size).astype(np.float32)
        quantiles = [0.5, 0.2, 0.8]
        fn = (lambda: add(x, y)) if provider == "triton" else \
            (lambda: x + y)
        ms, min_ms, max_ms = triton.testing.do_bench(
            fn, quantiles=quantiles, warmup=1, rep=5, device="cpu")
        gbps = lambda ms: 3 * x.size * x.itemsize * 1e-9 / (ms * 1e-3)  # noqa: E731
        return gbps(ms), gbps(max_ms), gbps(min_ms)

    benchmark.run(print_data=False, save_path=str(tmp_path))
    rows = read_csv(tmp_path / "vector-add-performance.csv")
    assert rows[0] == ["size", "Triton", "NumPy"] and len(rows) == 4
    assert [r[0] for r in rows[1:]] == ["4096", "8192", "16384"]
    # GB/s with one decimal (a loaded host may round a rate to 0.0).
    assert all(float(v) >= 0 and v == "%.1f" % float(v)
               for r in rows[1:] for v in r[1:])
    assert (tmp_path / "vector-add-performance.png").stat().st_size > 1000
