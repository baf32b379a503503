"""Triton's `triton.testing`: do_bench, assert_close, perf_report/Benchmark.

    import mytriton as triton
    ms = triton.testing.do_bench(lambda: add[grid](x, y, out, n, BLOCK=1024))

Same signatures and results as Triton 3.x. do_bench times with CUDA events
(through torch.cuda when torch has a GPU, else CuPy) and flushes the L2
between runs; on the CPU path (no GPU usable, or device="cpu") it times with
time.perf_counter and flushes the host's last-level cache instead. See
docs/Python.md, "Triton's host API".
"""

from __future__ import annotations

import csv
import math
import os
import statistics
import sys
import time

from . import _dtypes

__all__ = ["do_bench", "assert_close", "Benchmark", "Mark", "perf_report"]

_RETURN_MODES = ("min", "max", "mean", "median", "all")
# Triton zeroes a buffer of this many bytes between GPU runs so that no
# input stays in the L2 (get_empty_cache_for_benchmark).
GPU_FLUSH_BYTES = 256 * 1024 * 1024


# -- timers ------------------------------------------------------------------
class _TorchTimer:
    name = "cuda"

    def __init__(self, torch):
        self.torch = torch

    def event(self):
        return self.torch.cuda.Event(enable_timing=True)

    def synchronize(self):
        self.torch.cuda.synchronize()

    def flush_buffer(self):
        return self.torch.empty(GPU_FLUSH_BYTES // 4, dtype=self.torch.int,
                                device="cuda")

    @staticmethod
    def flush(buffer):
        buffer.zero_()


class _CupyEvent:
    def __init__(self, cupy):
        self.cupy, self.event = cupy, cupy.cuda.Event()

    def record(self):
        self.event.record()

    def elapsed_time(self, end):
        return self.cupy.cuda.get_elapsed_time(self.event, end.event)


class _CupyTimer:
    name = "cuda"

    def __init__(self, cupy):
        self.cupy = cupy

    def event(self):
        return _CupyEvent(self.cupy)

    def synchronize(self):
        self.cupy.cuda.Device().synchronize()

    def flush_buffer(self):
        return self.cupy.empty(GPU_FLUSH_BYTES // 4, dtype=self.cupy.int32)

    @staticmethod
    def flush(buffer):
        buffer.fill(0)


class _HostEvent:
    """A CUDA event's interface on the host clock (milliseconds)."""
    __slots__ = ("t",)

    def __init__(self):
        self.t = None

    def record(self):
        self.t = time.perf_counter()

    def elapsed_time(self, end):
        return (end.t - self.t) * 1e3


def _host_cache_bytes() -> int:
    """Twice the largest CPU cache sysfs reports (so a zeroing evicts it),
    32 MiB when it reports none."""
    largest = 0
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        for entry in os.listdir(base):
            with open(os.path.join(base, entry, "size")) as f:
                text = f.read().strip().upper()
            scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:])
            value = int(text[:-1]) * scale if scale else int(text)
            largest = max(largest, value)
    except (OSError, ValueError):
        pass
    return 2 * largest if largest else 32 << 20


class _HostTimer:
    name = "cpu"

    def event(self):
        return _HostEvent()

    def synchronize(self):
        pass  # CPU kernels run synchronously.

    def flush_buffer(self):
        import numpy as np
        buffer = np.empty(_host_cache_bytes() // 4, dtype=np.int32)
        # Touched now: the first touch of fresh pages costs many times a
        # flush and would inflate the estimate (so too few repetitions).
        buffer.fill(0)
        return buffer

    @staticmethod
    def flush(buffer):
        buffer.fill(0)


def _gpu_timer():
    """torch.cuda's timer when torch sees a GPU, else CuPy's, else None."""
    try:
        import torch
        if torch.cuda.is_available():
            return _TorchTimer(torch)
    except ImportError:
        pass
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() > 0:
            return _CupyTimer(cupy)
    except Exception:  # ImportError, or CuPy without a usable driver.
        pass
    return None


def _timer(device):
    if device in (None, "auto"):
        return _gpu_timer() or _HostTimer()
    if device == "cpu":
        return _HostTimer()
    if device in ("cuda", "gpu"):
        timer = _gpu_timer()
        if timer is None:
            raise RuntimeError("do_bench(device=%r): no GPU timer (torch with "
                               "CUDA, or CuPy with a device)" % device)
        return timer
    raise ValueError(f"do_bench: device must be None, 'cpu' or 'cuda', got "
                     f"{device!r}")


# -- do_bench ----------------------------------------------------------------
def _quantile(times, q):
    """Linear interpolation between order statistics (torch.quantile's and
    Triton's rule)."""
    ordered = sorted(times)
    n = len(ordered)

    def one(p):
        if not 0 <= p <= 1:
            raise ValueError("quantiles must be in the range [0, 1]")
        point = p * (n - 1)
        lower, upper = math.floor(point), math.ceil(point)
        t = point - lower
        return (1 - t) * ordered[lower] + t * ordered[upper]

    return [one(p) for p in q]


def _summarize(times, quantiles, return_mode):
    if quantiles is not None:
        ret = _quantile(times, quantiles)
        return ret[0] if len(ret) == 1 else ret
    if return_mode == "all":
        return list(times)
    return {"min": min, "max": max, "mean": statistics.mean,
            "median": statistics.median}[return_mode](times)


def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None,
             return_mode="mean", *, device=None):
    """The running time of `fn()` in milliseconds, as Triton measures it.

    `fn` runs once (compiling what it launches), then five times to estimate
    its time; from that estimate come n_warmup = warmup / estimate runs
    (warmup and rep are in ms) and n_repeat = rep / estimate timed runs,
    each after the cache flush and with the gradients of `grad_to_none` set
    to None. Returns the `quantiles` of the times (a list; one float for one
    quantile) or, without quantiles, their `return_mode`: "min", "max",
    "mean", "median" or "all" (the list of times).

    `device` (MyTriton's addition): None times on the GPU when torch (with
    CUDA) or CuPy sees one, else on the host; "cpu" always on the host, for
    kernels launched with numpy arrays; "cuda" on the GPU or an error."""
    if return_mode not in _RETURN_MODES:
        raise ValueError(f"return_mode must be one of {_RETURN_MODES}, got "
                         f"{return_mode!r}")
    timer = _timer(device)
    fn()
    timer.synchronize()
    buffer = timer.flush_buffer()

    start, end = timer.event(), timer.event()
    start.record()
    for _ in range(5):
        timer.flush(buffer)
        fn()
    end.record()
    timer.synchronize()
    # The host clock can read 0 for a trivial fn; Triton would divide by 0.
    estimate_ms = max(start.elapsed_time(end) / 5, 1e-6)

    n_warmup = max(1, int(warmup / estimate_ms))
    n_repeat = max(1, int(rep / estimate_ms))
    starts = [timer.event() for _ in range(n_repeat)]
    ends = [timer.event() for _ in range(n_repeat)]
    for _ in range(n_warmup):
        fn()
    for i in range(n_repeat):
        if grad_to_none is not None:
            for x in grad_to_none:
                x.grad = None
        timer.flush(buffer)
        starts[i].record()
        fn()
        ends[i].record()
    timer.synchronize()
    times = [s.elapsed_time(e) for s, e in zip(starts, ends)]
    return _summarize(times, quantiles, return_mode)


# -- assert_close --------------------------------------------------------------
def _to_numpy(x):
    import numpy as np
    from ._reinterpret import TensorWrapper
    if isinstance(x, TensorWrapper):
        if x.dtype == _dtypes.bfloat16:
            # bfloat16 bits are the high half of a float32's.
            bits = _to_numpy(x.base).astype(np.uint16).astype(np.uint32)
            return (bits << 16).view(np.float32)
        return _to_numpy(x.base).view(x.dtype.numpy_name)
    if type(x).__module__.startswith("torch"):
        if str(getattr(x, "dtype", "")) == "torch.bfloat16":
            x = x.float()
        return x.detach().cpu().numpy()
    if type(x).__module__.startswith("cupy"):
        return x.get()
    return np.asarray(x)


def assert_close(x, y, atol=None, rtol=None, err_msg=""):
    """Triton's assert_close: |x - y| <= atol + rtol * |y| elementwise, NaNs
    equal. atol defaults to 1e-2 and rtol to 0; either may be a function of
    x's dtype. x and y may be numpy arrays, torch tensors (any device),
    CuPy arrays or scalars."""
    import numpy as np
    x_dtype = getattr(x, "dtype", None)
    x, y = _to_numpy(x), _to_numpy(y)
    if x_dtype is None:
        x_dtype = x.dtype
    if atol is None:
        atol = 1e-2
    atol = atol(x_dtype) if callable(atol) else atol
    if rtol is None:
        rtol = 0.0
    rtol = rtol(x_dtype) if callable(rtol) else rtol
    if x.size > 1 or y.size > 1:
        np.testing.assert_allclose(x, y, atol=atol, rtol=rtol, equal_nan=True,
                                   err_msg=err_msg)
        return
    if not np.allclose(x, y, atol=atol, rtol=rtol, equal_nan=True):
        raise AssertionError(f"{err_msg} {x} is not close to {y} "
                             f"(atol={atol}, rtol={rtol})")


# -- perf_report ---------------------------------------------------------------
class Benchmark:
    """One plot of a perf_report: for each value of `x_vals` (given to every
    argument of `x_names`; a tuple gives one value per name) and each value
    of `line_arg` in `line_vals` (drawn as `line_names`), the benchmarked
    function is called with those arguments and `args`. It returns a number,
    or (y, y_min, y_max) to shade a band."""

    def __init__(self, x_names, x_vals, line_arg, line_vals, line_names,
                 plot_name="", args=None, xlabel="", ylabel="", x_log=False,
                 y_log=False, color=None, styles=None):
        self.x_names = list(x_names)
        self.x_vals = x_vals
        self.x_log = x_log
        self.line_arg = line_arg
        self.line_vals = line_vals
        self.line_names = line_names
        self.y_log = y_log
        self.styles = styles
        self.color = color
        self.xlabel = xlabel
        self.ylabel = ylabel
        self.plot_name = plot_name
        self.args = dict(args or {})
        if len(line_names) != len(line_vals):
            raise ValueError(f"Benchmark {plot_name!r}: {len(line_names)} "
                             f"line_names for {len(line_vals)} line_vals")


def _pandas():
    try:
        import pandas
        return pandas
    except ImportError:
        return None


def _matplotlib_missing(plot_name):
    print(f"mytriton.testing: matplotlib is not installed, so the plot "
          f"{plot_name!r} is not drawn (the data is still printed or saved); "
          "install it (Debian: apt-get install python3-matplotlib)",
          file=sys.stderr)


def _format_cell(value):
    if isinstance(value, float):
        return "%.1f" % value  # Triton's to_csv(float_format="%.1f").
    return "" if value is None else str(value)


class Mark:
    """What perf_report returns: `.run()` runs the benchmarks; calling it
    calls the function."""

    def __init__(self, fn, benchmarks):
        self.fn = fn
        self.benchmarks = benchmarks

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def _measure(self, bench, kwargs):
        """Rows of x values + each line's (y, y_min, y_max)."""
        rows = []
        for x in bench.x_vals:
            if not isinstance(x, (list, tuple)):
                x = [x for _ in bench.x_names]
            if len(x) != len(bench.x_names):
                raise ValueError(f"Expected {len(bench.x_names)} values, got "
                                 f"{x}")
            x_args = dict(zip(bench.x_names, x))
            ys = []
            for y in bench.line_vals:
                ret = self.fn(**x_args, **{bench.line_arg: y}, **bench.args,
                              **kwargs)
                try:
                    y_mean, y_min, y_max = ret
                except TypeError:
                    y_mean, y_min, y_max = ret, None, None
                ys.append((y_mean, y_min, y_max))
            rows.append((list(x), ys))
        return rows

    def _plot(self, bench, rows, save_path, show_plots):
        try:
            import matplotlib
        except ImportError:
            _matplotlib_missing(bench.plot_name)
            return
        if show_plots:
            import matplotlib.pyplot as plt
            fig = plt.figure()
        else:
            # A Figure with no pyplot: drawn by Agg whatever the backend.
            from matplotlib.figure import Figure
            fig = Figure()
        del matplotlib
        ax = fig.add_subplot()
        xs = [x[0] for x, _ in rows]  # The first x name is the x axis.
        for i, name in enumerate(bench.line_names):
            col = bench.styles[i][0] if bench.styles else bench.color
            sty = bench.styles[i][1] if bench.styles else None
            ys = [r[1][i][0] for r in rows]
            ax.plot(xs, ys, label=name, color=col, ls=sty)
            lows = [r[1][i][1] for r in rows]
            highs = [r[1][i][2] for r in rows]
            if all(v is not None for v in lows + highs):
                ax.fill_between(xs, [float(v) for v in lows],
                                [float(v) for v in highs], alpha=0.15,
                                color=col)
        ax.legend()
        ax.set_xlabel(bench.xlabel or bench.x_names[0])
        ax.set_ylabel(bench.ylabel)
        ax.set_xscale("log" if bench.x_log else "linear")
        ax.set_yscale("log" if bench.y_log else "linear")
        if save_path:
            fig.savefig(os.path.join(save_path, f"{bench.plot_name}.png"))
        if show_plots:
            import matplotlib.pyplot as plt
            plt.show()

    def _run(self, bench, save_path, show_plots, print_data, diff_col=False,
             **kwargs):
        rows = self._measure(bench, kwargs)
        if bench.plot_name:
            self._plot(bench, rows, save_path, show_plots)
        columns = bench.x_names + list(bench.line_names)
        table = [x + [y[0] for y in ys] for x, ys in rows]
        if diff_col and len(columns) == 2:
            columns.append("Diff")
            table = [r + [r[1] - r[0]] for r in table]
        if print_data:
            print(bench.plot_name + ":")
            print(_text_table(columns, table))
        if save_path:
            path = os.path.join(save_path, f"{bench.plot_name}.csv")
            with open(path, "w", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(columns)
                writer.writerows([[_format_cell(v) for v in r]
                                  for r in table])
        pandas = _pandas()
        if pandas is not None:
            return pandas.DataFrame(table, columns=columns)
        return [dict(zip(columns, r)) for r in table]

    def run(self, show_plots=False, print_data=False, save_path="",
            return_df=False, **kwargs):
        """Runs every benchmark; with `save_path`, writes <plot_name>.png and
        <plot_name>.csv there and a results.html showing the plots. With
        `return_df`, returns the table(s): pandas DataFrames when pandas is
        installed, else lists of row dicts."""
        single = isinstance(self.benchmarks, Benchmark)
        benchmarks = [self.benchmarks] if single else self.benchmarks
        results = []
        html = None
        if save_path:
            html = open(os.path.join(save_path, "results.html"), "w")
            html.write("<html><body>\n")
        try:
            for bench in benchmarks:
                results.append(self._run(bench, save_path, show_plots,
                                         print_data, **kwargs))
                if html is not None:
                    html.write(f"<image src=\"{bench.plot_name}.png\"/>\n")
        finally:
            if html is not None:
                html.write("</body></html>\n")
                html.close()
        if return_df:
            return results[0] if single else results
        return None


def _text_table(columns, table):
    """The printed form of the data (pandas' layout: an index column, then
    right-aligned columns)."""
    cells = [[""] + columns] + [[str(i)] + [_format_print(v) for v in r]
                                for i, r in enumerate(table)]
    widths = [max(len(row[c]) for row in cells) for c in range(len(cells[0]))]
    return "\n".join("  ".join(cell.rjust(w) for cell, w in zip(row, widths))
                     for row in cells)


def _format_print(value):
    if isinstance(value, float):
        return f"{value:.6f}"
    return "None" if value is None else str(value)


def perf_report(benchmarks):
    """Decorator: marks a function for benchmarking with `benchmarks` (one
    Benchmark or a list); run them with `.run(...)` on the result."""
    return lambda fn: Mark(fn, benchmarks)
