"""Triton's tutorial 05 backward pass (python/test/tutorial_kernels.py:
_layer_norm_bwd_dx_fused, then _layer_norm_bwd_dwdb, the tutorial's
LayerNorm.backward launch parameters) through MyTriton's gpu/nvvm route and
Triton on the same source, in one process on one GPU, fp16.

On a host with the compiler (no GPU needed), compile the launches:
    python3 benchmarks/bench_layer_norm_bwd.py --warm DIR
On the GPU host:
    MYTRITON_CACHE_DIR=DIR MYTRITON_LIB_DIR=... \\
        python3 benchmarks/bench_layer_norm_bwd.py
Each size is first checked against torch autograd: the tutorial's atol
(1e-2, for its M = 1151) plus 2e-3 of the gradient's largest magnitude,
since dw and db are sums over M rows kept in fp16 partial buffers (at
M = 4096 they reach 26, where one fp16 step is 0.016: Triton's own results
differ from torch's by 0.03 there); the largest errors of both compilers are
printed. Times are medians of five interleaved rounds (MyTriton, Triton,
MyTriton, ...) of triton.testing.do_bench over the whole backward (both
kernels and the buffers they need), the same code for both compilers.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

import numpy as np  # noqa: E402

import mytriton  # noqa: E402
import tutorial_kernels as T  # noqa: E402
from bench_matmul import triton_tutorial  # noqa: E402
from test_layer_norm_backward import group_size  # noqa: E402

SIZES = [(1151, 1024), (4096, 1024), (4096, 4096), (4096, 8192)]


def backward(module, x, w, dy, mean, rstd, zeros, empty, warm=False):
    """The tutorial's LayerNorm.backward for `module`'s kernels."""
    m, n = x.shape
    group = group_size(n)
    itemsize = 2
    block = min(65536 // itemsize, mytriton.next_power_of_2(n))
    num_warps = min(max(block // 256, 1), 8)
    locks = zeros(2 * group, "int32")
    _dw, _db = zeros((group, n), "float16"), zeros((group, n), "float16")
    dw, db = empty((n,), "float16"), empty((n,), "float16")
    dx = empty((m, n), "float16")
    dx_args = (dx, dy, _dw, _db, x, w, mean, rstd, locks, n, n)
    dwdb_args = (_dw, _db, dw, db, min(group, m), n)
    if warm:
        module._layer_norm_bwd_dx_fused.warmup(
            *dx_args, BLOCK_SIZE_N=block, GROUP_SIZE_M=group,
            num_warps=num_warps, backend="nvvm", grid=(m,))
        module._layer_norm_bwd_dwdb.warmup(
            *dwdb_args, BLOCK_SIZE_M=32, BLOCK_SIZE_N=128, backend="nvvm",
            grid=(-(-n // 128),))
        return None
    module._layer_norm_bwd_dx_fused[(m,)](
        *dx_args, BLOCK_SIZE_N=block, GROUP_SIZE_M=group, num_warps=num_warps)
    module._layer_norm_bwd_dwdb[(-(-n // 128),)](
        *dwdb_args, BLOCK_SIZE_M=32, BLOCK_SIZE_N=128)
    return dx, dw, db


def warm(cache_dir):
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    for m, n in SIZES:
        f16 = lambda shape: np.zeros(shape, np.float16)  # noqa: E731
        backward(T, f16((m, n)), f16((n,)), f16((m, n)),
                 np.zeros(m, np.float32), np.zeros(m, np.float32),
                 lambda shape, dt: np.zeros(shape, dt),
                 lambda shape, dt: np.zeros(shape, dt), warm=True)
        print(f"warmed {m}x{n}", flush=True)


def allocators(torch):
    """zeros(shape, dtype name) and empty(shape, dtype name) on the GPU, as
    backward() takes them."""
    dt = {"int32": torch.int32, "float16": torch.float16}
    zeros = lambda s, d: torch.zeros(s, dtype=dt[d], device="cuda")  # noqa
    empty = lambda s, d: torch.empty(s, dtype=dt[d], device="cuda")  # noqa
    return zeros, empty


def problem(torch, m, n):
    """The tutorial's test inputs for an m x n layer norm in fp16 (x, w, b,
    dy), with torch autograd's gradients in x.grad, w.grad and b.grad and
    the forward's mean and rstd in fp32."""
    w = torch.rand(n, dtype=torch.float16, device="cuda", requires_grad=True)
    b = torch.rand(n, dtype=torch.float16, device="cuda", requires_grad=True)
    x = -2.3 + 0.5 * torch.randn((m, n), dtype=torch.float16, device="cuda")
    dy = .1 * torch.randn_like(x)
    x.requires_grad_(True)
    y_ref = torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
    y_ref.backward(dy, retain_graph=True)
    xf = x.detach().float()
    mean = xf.mean(dim=1)
    rstd = 1 / torch.sqrt(xf.var(dim=1, unbiased=False) + 1e-5)
    return x, w, b, dy, mean, rstd


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--warm", metavar="DIR")
    args = p.parse_args()
    if args.warm:
        return warm(args.warm)
    import torch
    import triton
    TR = triton_tutorial()
    torch.manual_seed(0)
    zeros, empty = allocators(torch)
    print("| M x N | MyTriton (us) | Triton (us) | Triton / MyTriton |")
    print("| --- | --- | --- | --- |")
    for m, n in SIZES:
        x, w, b, dy, mean, rstd = problem(torch, m, n)
        runs = {}
        for label, module in (("mytriton", T), ("triton", TR)):
            def run(module=module):
                return backward(module, x.detach(), w.detach(), dy, mean,
                                rstd, zeros, empty)
            runs[label] = run
            dx, dw, db = run()
            errors, ok = [], True
            for got, ref in ((dx, x.grad), (dw, w.grad), (db, b.grad)):
                error = (got.float() - ref.float()).abs().max().item()
                errors.append(f"{error:.3g}")
                ok &= error <= 1e-2 + 2e-3 * ref.float().abs().max().item()
            print(f"check {m}x{n} {label}: {'ok' if ok else 'WRONG'} "
                  f"(largest errors dx, dw, db: {', '.join(errors)})",
                  flush=True)
        # Interleaved rounds (as bench_matmul.py): neither compiler is
        # always timed on a GPU the other has just warmed.
        rounds = {label: [] for label in runs}
        for _ in range(5):
            for label, run in runs.items():
                rounds[label].append(triton.testing.do_bench(
                    run, rep=100, return_mode="median"))
        times = {label: float(np.median(ms)) for label, ms in rounds.items()}
        print(f"| {m} x {n} | {times['mytriton'] * 1e3:.1f} | "
              f"{times['triton'] * 1e3:.1f} | "
              f"{times['triton'] / times['mytriton']:.3f} |", flush=True)


if __name__ == "__main__":
    main()
