"""Tutorial 03's fp16 kernel (128x256x64, 8 warps, 3 stages) at 4096^3 under
Nsight Compute, which locks the SM clock (about 1.26 GHz on the H200), so
kernels compare without the power limit's noise: Triton 3.6's own launch of
the source, then every CUBIN_DIR/matmul__<variant>__<shared>.cubin (the
names of probe_cubins_matmul.py), five launches each, each checked against
torch (PROBE_SIZE=8192 for 8192^3). Run on the GPU host:

    ncu -k regex:matmul_kernel --section SpeedOfLight --print-units base \\
        python3 benchmarks/probe_matmul_ncu.py CUBIN_DIR > ncu.txt
    python3 benchmarks/probe_matmul_ncu.py --report ncu.txt

The report pairs ncu's durations and clocks with the launch order the
script printed: median us and thousands of cycles per variant."""
import glob
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
              GROUP_SIZE_M=8)
LAUNCHES = 5


def launch_all(directory, size=4096):
    import cupy as cp
    import numpy as np
    import torch
    from bench_matmul import triton_tutorial
    from probe_cubins_matmul import launch_by_value, tile_maps
    m = n = k = size
    a = torch.randn((m, k), device="cuda", dtype=torch.float16)
    b = torch.randn((k, n), device="cuda", dtype=torch.float16)
    c = torch.empty((m, n), device="cuda", dtype=torch.float16)
    tiles = (m // 128) * (n // 256)
    kernel = triton_tutorial().matmul_kernel.fn

    def triton_run():
        kernel[(tiles,)](a, b, c, m, n, k, a.stride(0), a.stride(1),
                         b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                         ACTIVATION="", **CONFIG, num_warps=8, num_stages=3)
    runs = [("triton", triton_run)]
    keep = []  # tensor maps live as long as their launches
    for path in sorted(glob.glob(os.path.join(directory, "matmul__*.cubin"))):
        name, shared = re.match(r".*matmul__(\w+)__(\d+)\.cubin", path).groups()
        if name == "noexch":  # wrong results by design
            continue
        fn = cp.RawModule(path=path).get_function("matmul_kernel")
        fn.max_dynamic_shared_size_bytes = int(shared)
        args = (cp.uint64(a.data_ptr()), cp.uint64(b.data_ptr()),
                cp.uint64(c.data_ptr()),
                *(np.int32(v) for v in (m, n, k, k, 1, n, 1, n, 1, tiles, 1)))
        threads = 256  # probes/matmul_tma_ws.cu: 384, 256 for ...nows...
        if "tma" in name and "nows" not in name:
            threads = 384
        blocks = tiles  # a ...persist variant: a block an SM
        if "persist" in name and not name.endswith("full"):
            blocks = min(tiles, cp.cuda.Device().attributes[
                "MultiProcessorCount"])
        if "tmap" in name:  # tensor maps by value
            runs.append((name, launch_by_value(
                name, fn, blocks, threads, int(shared), a, b, c,
                (m, n, k, k, 1, n, 1, n, 1, tiles, 1))))
            continue
        if "tma" in name:  # tensor maps in device memory
            maps = tile_maps(name, a, b, c)
            args += tuple(cp.uint64(t.data.ptr) for t in maps)
            keep.append(maps)
        runs.append((name, lambda fn=fn, args=args, s=int(shared), t=threads,
                     g=blocks: fn((g,), (t,), args, shared_mem=s)))
    ref = torch.matmul(a, b)
    for name, run in runs:
        for _ in range(LAUNCHES):
            run()
        torch.cuda.synchronize()
        err = ((c.float() - ref.float()).abs().max() /
               ref.float().abs().max()).item()
        print("order", name, "ok" if err < 1e-2 else "WRONG", flush=True)


def report(path):
    text = open(path).read()
    names = re.findall(r"^order (\w+)", text, re.M)
    # ncu's units: us and Ghz by default, ns and hz with --print-units base.
    scale = {"ns": 1e-3, "us": 1, "ms": 1e3, "hz": 1e-9, "Ghz": 1}
    def values(label):
        return [float(v.replace(",", "")) * scale[unit] for unit, v in
                re.findall(label + r"\s+(\S+)\s+([\d.,]+)", text)]
    durations = values("Duration")  # us
    clocks = values("SM Frequency")  # GHz
    for i, name in enumerate(names):
        us = durations[LAUNCHES * i:LAUNCHES * (i + 1)]
        ghz = clocks[LAUNCHES * i:LAUNCHES * (i + 1)]
        cycles = [u * g for u, g in zip(us, ghz)]
        print(f"{name:12s} {statistics.median(us):7.2f} us "
              f"({min(us):.2f}-{max(us):.2f}), "
              f"{statistics.median(cycles):6.1f} kcycles")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--report"]:
        report(sys.argv[2])
    else:
        launch_all(sys.argv[1] if len(sys.argv) > 1 else ".",
                   int(os.environ.get("PROBE_SIZE", 4096)))
