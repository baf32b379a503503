"""Triton's tutorial 03 matmul (python/test/tutorial_kernels.py: its kernel,
16 autotune configs and leaky_relu helper, the source unchanged but for the
import line) through MyTriton's gpu/nvvm route, Triton on the same source,
and torch.matmul (cuBLAS), in one process on one GPU.

On a host with the compiler (no GPU needed), compile every config for every
dtype into a cache:
    python3 benchmarks/bench_matmul.py --warm DIR
On the GPU host:
    MYTRITON_CACHE_DIR=DIR MYTRITON_LIB_DIR=... \\
        python3 benchmarks/bench_matmul.py [--sizes 4096,8192] [--dtypes float16]
Each case is first checked against torch (the tutorial's tolerance); both
compilers autotune over the tutorial's configs; TFLOP/s are the medians of
five interleaved rounds of triton.testing.do_bench (cuBLAS, Triton,
MyTriton, cuBLAS, ...), so that the GPU's clock under sustained load is the
same for all three. It prints the best config of each compiler.
"""

import argparse
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

import numpy as np  # noqa: E402

import mytriton  # noqa: E402
import tutorial_kernels as T  # noqa: E402

SOURCE = os.path.join(HERE, "..", "python", "test", "tutorial_kernels.py")
DTYPES = ("float16", "bfloat16", "float32")
# Timed rounds, each compiler (and cuBLAS) once per round.
ROUNDS = int(os.environ.get("BENCH_MATMUL_ROUNDS", 6))


def triton_tutorial():
    """The same source compiled by Triton: tutorial_kernels.py with the import
    line of the original tutorial."""
    # Every import of mytriton (the tutorials' `import triton`, `import
    # triton.language as tl`, `from triton.language.extra import ...`).
    text = re.sub(r"^(from|import) mytriton\b", r"\1 triton",
                  open(SOURCE).read(), flags=re.M)
    module = type(sys)("triton_tutorial")
    module.__file__ = SOURCE
    exec(compile(text, SOURCE, "exec"), module.__dict__)
    return module


def launch(module, a, b, c, activation=""):
    """The tutorial's matmul() wrapper, for `module`'s matmul_kernel."""
    M, K = a.shape
    K, N = b.shape
    grid = lambda META: (  # noqa: E731
        -(-M // META["BLOCK_SIZE_M"]) * -(-N // META["BLOCK_SIZE_N"]),)
    module.matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                               b.stride(0), b.stride(1), c.stride(0),
                               c.stride(1), ACTIVATION=activation)
    return c


def warm(cache_dir, dtypes):
    """Compiles every tutorial config for each dtype, as the GPU launches will
    ask (host arrays: the keys do not depend on where the data is)."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    import test_dot as D
    for name in dtypes:
        a = D.sample((256, 256), name)
        grid, args, options = D.tutorial_matmul(a, a, name, "")
        for activation in ("", "leaky_relu"):
            options = dict(ACTIVATION=activation)
            for config in T.matmul_kernel.configs:
                start = time.perf_counter()
                try:
                    T.matmul_kernel.fn.warmup(*args, backend="nvvm", **options,
                                              **config.all_kwargs())
                    status = "ok"
                except mytriton.CompilationError as e:
                    status = "refused: " + str(e).splitlines()[0][:100]
                print(f"{name:9} {activation or '-':10} {config}: {status} "
                      f"({time.perf_counter() - start:.2f} s)", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--warm", metavar="DIR")
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--dtypes", default="float16,bfloat16")
    p.add_argument("--check-size", type=int, default=1024)
    args = p.parse_args()
    dtypes = args.dtypes.split(",")
    if args.warm:
        return warm(args.warm, dtypes)

    import torch
    import triton
    TR = triton_tutorial()
    torch.manual_seed(0)
    rows = []
    for name in dtypes:
        dt = getattr(torch, name)
        # Correctness first, with fresh inputs, on both compilers.
        n = args.check_size
        a = torch.randn((n, n), device="cuda", dtype=dt)
        b = torch.randn((n, n), device="cuda", dtype=dt)
        ref = torch.matmul(a.float(), b.float())
        for label, module in (("mytriton", T), ("triton", TR)):
            for activation in ("", "leaky_relu"):
                c = torch.full((n, n), float("nan"), device="cuda",
                               dtype=torch.float16)
                launch(module, a, b, c, activation)
                want = ref if not activation else torch.where(ref >= 0, ref,
                                                              0.01 * ref)
                err = ((c.float() - want).norm() / want.norm()).item()
                tol = 3e-3 if name != "float32" else 2e-3
                ok = err < tol and not torch.isnan(c).any().item()
                print(f"check {name} {n}^3 {label:8} {activation or '-':10} "
                      f"rel err {err:.2e} {'ok' if ok else 'WRONG'}",
                      flush=True)
        for size in map(int, args.sizes.split(",")):
            a = torch.randn((size, size), device="cuda", dtype=dt)
            b = torch.randn((size, size), device="cuda", dtype=dt)
            c = torch.empty((size, size), device="cuda", dtype=torch.float16)
            flops = 2 * size ** 3
            runs = (("cublas", lambda: torch.matmul(a, b)),
                    ("triton", lambda: launch(TR, a, b, c)),
                    ("mytriton", lambda: launch(T, a, b, c)))
            for _, fn in runs:
                fn()  # autotune
            # Interleaved rounds: an H200 under minutes of tensor-core load
            # clocks down, so timing each compiler right after its own
            # autotuning favoured whoever ran first (at 8192^3 the later
            # one lost 2-3% that the same cubins showed no sign of side by
            # side: probe_cubins_matmul.py).
            # Odd rounds run in reverse order, so no compiler always runs
            # right after the same one (whose heat and clocks it inherits).
            times = {label: [] for label, _ in runs}
            for round_ in range(ROUNDS):
                for label, fn in runs[::-1] if round_ % 2 else runs:
                    times[label].append(triton.testing.do_bench(
                        fn, rep=100, return_mode="median"))
            res = {label: flops / float(np.median(ms)) * 1e-9
                   for label, ms in times.items()}
            best_t = getattr(TR.matmul_kernel, "best_config", None)
            best_m = getattr(T.matmul_kernel, "best_config", None)
            print(f"{name} {size}^3: mytriton {res['mytriton']:.1f} TFLOP/s "
                  f"({best_m}), triton {res['triton']:.1f} ({best_t}), cublas "
                  f"{res['cublas']:.1f}; mytriton/triton "
                  f"{res['mytriton'] / res['triton']:.3f}", flush=True)
            rows.append((name, size, res))
    print("\n| dtype | size | MyTriton | Triton | cuBLAS | MyTriton/Triton |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, size, res in rows:
        print(f"| {name} | {size}^3 | {res['mytriton']:.1f} | "
              f"{res['triton']:.1f} | {res['cublas']:.1f} | "
              f"{res['mytriton'] / res['triton']:.3f} |")


if __name__ == "__main__":
    main()
