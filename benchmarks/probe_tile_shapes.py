"""Issue 14's 2-D add and 4-row softmax at other tile shapes and warp
counts, each launched the same way by MyTriton (both routes) and Triton 3.6,
with PyTorch's peer beside them, timed round-robin (bench_gpu's method). It
asks whether the benchmark's one shape per case (add [32x128] on 4 warps,
softmax [4x256] on 4 warps) is where either compiler is at its best.

    python3 benchmarks/probe_tile_shapes.py --warm DIR   # build machine
    python3 benchmarks/probe_tile_shapes.py              # GPU host
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

import numpy as np  # noqa: E402

import kernels_2d as K2  # noqa: E402
from bench_gpu import bench_interleaved, triton_kernel  # noqa: E402

M = N = 8192
R, C = 32768, 256
# (BM, BN, num_warps) of the 2-D add; (ROWS, num_warps) of the softmax.
ADD_SHAPES = [(32, 128, 4), (16, 128, 4), (8, 128, 4), (16, 256, 4),
              (8, 256, 4), (32, 128, 8), (64, 128, 8), (64, 64, 4),
              (16, 128, 2), (32, 256, 8),
              # Rows as long as PyTorch's contiguous 4 KiB per block, at
              # the benchmark's 32 and fewer elements a thread.
              (1, 1024, 4), (2, 1024, 4), (4, 1024, 4), (4, 512, 4),
              (1, 2048, 8), (4, 256, 4)]
SOFTMAX_SHAPES = [(4, 4), (4, 2), (4, 1), (4, 8), (8, 4), (8, 8), (2, 2),
                  (1, 1)]
BACKENDS = ("nvvm", "cuda")


def add_launch(bm, bn, nw):
    return ((M // bm, N // bn), dict(BM=bm, BN=bn, num_warps=nw))


def softmax_launch(rows, nw):
    return ((R // rows,), dict(ROWS=rows, BLOCK=C, num_warps=nw))


def warm(cache_dir):
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    z = np.zeros((1, 1), np.float32)
    for backend in BACKENDS:
        for shape in ADD_SHAPES:
            _, const = add_launch(*shape)
            K2.add_2d_kernel.warmup(z, z, z, M, N, N, **const,
                                    backend=backend)
        for shape in SOFTMAX_SHAPES:
            _, const = softmax_launch(*shape)
            K2.softmax_rows_kernel.warmup(z, z, R, C, **const,
                                          backend=backend)
    print(f"warmed {2 * (len(ADD_SHAPES) + len(SOFTMAX_SHAPES))} variants")


def probe(rounds, only):
    import torch
    import triton
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    t_add = triton_kernel({"kernel": K2.add_2d_kernel}, triton)
    t_softmax = triton_kernel({"kernel": K2.softmax_rows_kernel}, triton)
    x, y, out = (torch.randn(M, N, device="cuda") for _ in range(3))
    runs = [("torch add", lambda: torch.add(x, y, out=out))]
    for shape in ADD_SHAPES if only in (None, "add") else ():
        grid, const = add_launch(*shape)
        tag = "add [%dx%d] nw%d" % shape
        for backend in BACKENDS:
            out.zero_()
            K2.add_2d_kernel[grid](x, y, out, M, N, N, **const,
                                   backend=backend)
            assert torch.equal(out, x + y), (tag, backend)
            runs.append((f"{tag} {backend}", lambda g=grid, c=const, b=backend:
                         K2.add_2d_kernel[g](x, y, out, M, N, N, **c,
                                             backend=b)))
        runs.append((f"{tag} triton", lambda g=grid, c=const:
                     t_add[g](x, y, out, M, N, N, **c)))
    a = torch.randn(R, C, device="cuda")
    b = torch.empty_like(a)
    ref = torch.softmax(a, dim=1)
    if only != "add":
        runs.append(("torch softmax",
                     lambda: torch.softmax(a, dim=1, out=b)))
    for shape in SOFTMAX_SHAPES if only in (None, "softmax") else ():
        grid, const = softmax_launch(*shape)
        tag = "softmax [%dx256] nw%d" % shape
        for backend in BACKENDS:
            b.zero_()
            K2.softmax_rows_kernel[grid](a, b, R, C, **const, backend=backend)
            assert torch.allclose(b, ref, rtol=1e-5, atol=1e-6), (tag, backend)
            runs.append((f"{tag} {backend}", lambda g=grid, c=const,
                         be=backend: K2.softmax_rows_kernel[g](
                             a, b, R, C, **c, backend=be)))
        runs.append((f"{tag} triton", lambda g=grid, c=const:
                     t_softmax[g](a, b, R, C, **c)))
    print(f"{torch.cuda.get_device_name()}, triton {triton.__version__}; "
          f"GB/s, {rounds} rounds of 30 interleaved launches")
    per_round = []
    for _ in range(rounds):
        per_round.append(bench_interleaved(runs, torch, iters=30))
    for label, _ in runs:
        ms = [r[label] for r in per_round if label in r]
        if not ms:
            continue
        nbytes = 3 * 4 * M * N if "add" in label else 2 * 4 * R * C
        gbs = [nbytes / t / 1e6 for t in ms]
        print(f"{label:32} {np.median(gbs):7.0f}   "
              + " ".join(f"{g:.0f}" for g in gbs))


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--warm", metavar="DIR")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--only", choices=("add", "softmax"))
    args = p.parse_args()
    if args.warm:
        warm(args.warm)
    else:
        probe(args.rounds, args.only)
