#!/usr/bin/env python3
"""The seed's row-wise softmax, end to end: trace it, print every stage the
compiler produces (traced tt IR, optimized tt IR, CUDA, PTX), then run it on
the GPU when PyTorch sees one, else on the CPU with numpy, and check the
result against numpy.

    /usr/bin/python3 examples/softmax.py [--rows 64 --cols 781]
    MYTRITON_BACKEND=cuda /usr/bin/python3 examples/softmax.py   # CUDA C path
"""

import argparse
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "python"))

import numpy as np  # noqa: E402

import mytriton as triton  # noqa: E402
import mytriton.language as tl  # noqa: E402


@triton.jit
def softmax_kernel(x, out, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    offsets = row * n_cols + cols
    mask = cols < n_cols

    values = tl.load(
        x + offsets,
        mask=mask,
        other=float("-inf"),
    )

    row_max = tl.max(values)
    numerators = tl.exp(values - row_max)
    denominator = tl.sum(numerators)
    probabilities = numerators / denominator

    tl.store(out + offsets, probabilities, mask=mask)


def reference(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def banner(title):
    print(f"\n== {title}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=64)
    parser.add_argument("--cols", type=int, default=781)
    args = parser.parse_args()
    rows, cols = args.rows, args.cols
    block = triton.next_power_of_2(cols)

    x = np.random.default_rng(0).standard_normal((rows, cols)).astype(np.float32)
    out = np.zeros_like(x)

    # Compile only, with a small block so the listings stay readable.
    small = softmax_kernel.warmup(x, out, cols, BLOCK=8, grid=(rows,))
    for stage, title in (("ttir-traced", "tt IR as traced (BLOCK=8)"),
                         ("ttir", "tt IR after tt-optimize"),
                         ("cuda", "CUDA C++"), ("ptx", "PTX")):
        banner(title)
        if stage in small.asm:
            print(small.asm[stage].rstrip())
        else:
            print(f"(not available: {small.backend_errors.get(stage)})")

    banner(f"run: {rows} x {cols}, BLOCK={block}, backend={small.backend}")
    try:
        import torch
        on_gpu = torch.cuda.is_available()
    except ImportError:
        on_gpu = False
    if on_gpu:
        xg, og = torch.from_numpy(x).cuda(), torch.zeros(rows, cols,
                                                         device="cuda")
        softmax_kernel[(rows,)](xg, og, cols, BLOCK=block)
        torch.cuda.synchronize()
        result, where = og.cpu().numpy(), "GPU"
    else:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", triton.MyTritonWarning)
            softmax_kernel[(rows,)](x, out, cols, BLOCK=block)
        if caught:
            print(f"compiled but not run: {caught[0].message}")
            return 0
        result, where = out, "CPU"
    error = float(np.abs(result - reference(x)).max())
    ok = error < 1e-5
    print(f"ran on the {where}; max |mytriton - numpy| = {error:.2e} "
          f"-> {'OK' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
