#!/usr/bin/env python3
"""Throughput of the CPU backend next to numpy, measured in one run.

Matrix add (2-D grid, one block of columns per program) and row softmax (one
row per program) run through run_on_cpu (tt -> vector -> LLVM, JIT by MLIR's
ExecutionEngine, one thread) and through numpy on the same inputs; the
results are checked against each other before timing. Bandwidth counts the
bytes a kernel must move: matrix add reads two matrices and writes one,
softmax reads and writes one. Each kernel runs compiled with bounds checks
(the default) and without (MYTRITON_CPU_BOUNDS_CHECK=0); the last column is
the checks' cost.

    /usr/bin/python3 benchmarks/cpu_bench.py [--quick]
"""

import argparse
import os
import pathlib
import platform
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "python" / "test"))
from mytriton.backends.cpu import compile_for_cpu  # noqa: E402
from test_cpu_kernels import cdiv, matrix_add_ir, softmax_ir  # noqa: E402


def best_time(fn, repeats):
    fn()  # warm up: page faults, JIT lookups, caches
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def numpy_softmax(x, out):
    m = x.max(axis=1, keepdims=True)
    np.subtract(x, m, out=out)
    np.exp(out, out=out)
    out /= out.sum(axis=1, keepdims=True)


def report(name, shape, nbytes, t_cpu, t_unchecked, t_np):
    gbs = lambda t: nbytes / t / 1e9  # noqa: E731
    print(f"{name:<11} {str(shape):<14} mytriton-cpu {t_cpu * 1e3:8.2f} ms "
          f"{gbs(t_cpu):6.2f} GB/s | numpy {t_np * 1e3:8.2f} ms "
          f"{gbs(t_np):6.2f} GB/s | ratio {t_np / t_cpu:5.2f}x | unchecked "
          f"{t_unchecked * 1e3:8.2f} ms, checks cost "
          f"{(t_cpu / t_unchecked - 1) * 100:+5.1f}%")


def time_both(ir, kernel, grid, args, check, repeats):
    """Best times of `kernel` compiled with and without bounds checks, each
    result checked by `check` first. The two alternate, so that load on a
    shared machine hits both alike."""
    runs = []
    for bounds_check in (True, False):
        module = compile_for_cpu(ir, bounds_check=bounds_check)
        run = lambda m=module: m.run(kernel, grid, args)  # noqa: E731
        run()
        check()
        runs.append(run)
    best = [float("inf"), float("inf")]
    for _ in range(repeats):
        for i, run in enumerate(runs):
            best[i] = min(best[i], best_time(run, 1))
    return best


def bench_matrix_add(rows, cols, block, repeats):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    y = rng.standard_normal((rows, cols), dtype=np.float32)
    out, ref = np.empty_like(x), np.empty_like(x)
    np.add(x, y, out=ref)

    def check():
        np.testing.assert_allclose(out, ref, rtol=1e-6)
        out.fill(0)

    t_cpu, t_unchecked = time_both(
        matrix_add_ir(block), "matrix_add_kernel", (rows, cdiv(cols, block)),
        [x, y, out, cols], check, repeats)
    t_np = best_time(lambda: np.add(x, y, out=ref), repeats)
    report("matrix_add", (rows, cols), 3 * x.nbytes, t_cpu, t_unchecked,
           t_np)


def bench_softmax(rows, cols, repeats):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((rows, cols), dtype=np.float32) * 4
    out, ref = np.empty_like(x), np.empty_like(x)
    numpy_softmax(x, ref)

    def check():
        np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-7)
        out.fill(0)

    # One row per block.
    t_cpu, t_unchecked = time_both(softmax_ir(cols), "softmax_kernel",
                                   (rows,), [x, out, cols], check, repeats)
    t_np = best_time(lambda: numpy_softmax(x, ref), repeats)
    report("softmax", (rows, cols), 2 * x.nbytes, t_cpu, t_unchecked, t_np)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, for CI smoke runs")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    scale = 8 if args.quick else 1
    print(f"# {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cpus, numpy {np.__version__}; best of "
          f"{args.repeats}; one thread for both")
    bench_matrix_add(4096 // scale, 4096 // scale, 256, args.repeats)
    bench_matrix_add(4096 // scale, 1000 // scale, 256, args.repeats)
    bench_softmax(16384 // scale, 256, args.repeats)
    bench_softmax(4096 // scale, 1024, args.repeats)


if __name__ == "__main__":
    main()
