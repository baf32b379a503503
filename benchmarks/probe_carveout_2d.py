"""Issue 14's [32x128] 2-D add as MyTriton cubins with shared memory
reserved (used or not) and an L1/shared carveout asked for: does capping the
blocks an SM holds, or the L1 left beside shared memory, move the kernel?
Each variant is timed two ways: as the benchmark times it (do_bench, an L2
flush before every launch) and in a burst of back-to-back launches (no other
kernel between them, so no change of the SM's shared-memory configuration).
Variants: CUBIN_DIR/<case>__<name>__<shared bytes>.cubin as in
probe_cubins_2d.py (a name ending in c<percent> sets the carveout).
Run on the GPU host: python3 benchmarks/probe_carveout_2d.py CUBIN_DIR"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from probe_cubins_2d import set_shared_attributes  # noqa: E402

TILES = {"add_2d": (32, 128), "add_2d_8x128": (8, 128)}
M = N = 8192


def burst_ms(torch, run, launches=40, rounds=5):
    """Median over rounds of the mean time of `launches` back-to-back runs."""
    import numpy as np
    out = []
    for _ in range(rounds):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        run()
        start.record()
        for _ in range(launches):
            run()
        end.record()
        torch.cuda.synchronize()
        out.append(start.elapsed_time(end) / launches)
    return float(np.median(out))


def main(directory):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    x, y = (torch.randn((M, N), device="cuda") for _ in range(2))
    out = torch.empty_like(x)
    ref = x + y
    nbytes = 3 * 4 * M * N
    runs = [("torch", lambda: torch.add(x, y, out=out))]
    for path in sorted(glob.glob(os.path.join(directory, "*.cubin"))):
        match = re.match(r"(\w+?)__(\w+)__(\d+)\.cubin", os.path.basename(path))
        if not match or match.group(1) not in TILES:
            continue
        case, name, shared = match.group(1), match.group(2), int(match.group(3))
        bm, bn = TILES[case]
        fn = cp.RawModule(path=path).get_function("add_2d_kernel")
        set_shared_attributes(cp, fn, name, shared)
        blocks = cp.cuda.driver.occupancyMaxActiveBlocksPerMultiprocessor(
            fn.kernel.ptr, 128, shared)
        args = (*(cp.uint64(t.data_ptr()) for t in (x, y, out)),
                np.int32(M), np.int32(N), np.int32(N), np.int32(M // bm),
                np.int32(N // bn))
        grid = (M // bm) * (N // bn)

        def run(fn=fn, args=args, shared=shared, grid=grid):
            fn((grid,), (128,), args, shared_mem=shared)
        label = f"{case} {name} ({blocks} blocks)"
        runs.append((label, run))
    for label, run in runs:
        out.zero_()
        run()
        torch.cuda.synchronize()
        err = (out - ref).abs().max().item()
        print(f"check {label}: {'ok' if err == 0 else f'WRONG {err}'}")
    flushed = {label: [] for label, _ in runs}
    burst = {label: [] for label, _ in runs}
    for _ in range(3):
        for label, run in runs:
            flushed[label].append(triton.testing.do_bench(run, rep=100))
            burst[label].append(burst_ms(torch, run))
    base_f = np.median(flushed["torch"])
    base_b = np.median(burst["torch"])
    print(f"{'variant':40} {'flushed GB/s':>12} {'/torch':>7} "
          f"{'burst GB/s':>11} {'/torch':>7}")
    for label, _ in runs:
        f, b = np.median(flushed[label]), np.median(burst[label])
        print(f"{label:40} {nbytes / f / 1e6:12.0f} {base_f / f:7.3f} "
              f"{nbytes / b / 1e6:11.0f} {base_b / b:7.3f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
