"""Tutorial 03's fp16 kernel at 4096^3 (128x256x64, 8 warps, 3 stages):
Triton 3.6's launch and MyTriton's cubin (CUBIN_DIR/matmul__base__<shared>
.cubin, as probe_cubins_matmul.py launches it) each run back to back for a
few seconds, in alternation, while nvidia-smi samples the SM clock and the
board power every 50 ms. Asks whether one kernel runs at lower clocks than
the other under the H200's power limit (fp16 with random data is
power-bound: both compilers run bf16 4-5% faster than fp16 on the same
config). Run on the GPU host: python3 benchmarks/probe_matmul_clocks.py
CUBIN_DIR"""
import glob
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
              GROUP_SIZE_M=8)


def main(directory, seconds=3.0, rounds=3):
    import cupy as cp
    import numpy as np
    import torch
    from bench_matmul import triton_tutorial
    kernel = triton_tutorial().matmul_kernel.fn
    path = glob.glob(os.path.join(directory, "matmul__base__*.cubin"))[0]
    shared = int(re.search(r"__(\d+)\.cubin", path).group(1))
    size = 4096
    a = torch.randn((size, size), device="cuda", dtype=torch.float16)
    b = torch.randn((size, size), device="cuda", dtype=torch.float16)
    c = torch.empty((size, size), device="cuda", dtype=torch.float16)
    tiles = (size // 128) * (size // 256)
    strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1),
               c.stride(0), c.stride(1))
    fn = cp.RawModule(path=path).get_function("matmul_kernel")
    fn.max_dynamic_shared_size_bytes = shared
    args = (cp.uint64(a.data_ptr()), cp.uint64(b.data_ptr()),
            cp.uint64(c.data_ptr()),
            *(np.int32(v) for v in (size, size, size, *strides)),
            np.int32(tiles), np.int32(1))
    runs = {
        "triton": lambda: kernel[(tiles,)](a, b, c, size, size, size,
                                           *strides, ACTIVATION="", **CONFIG,
                                           num_warps=8, num_stages=3),
        "mytriton": lambda: fn((tiles,), (256,), args, shared_mem=shared),
    }
    for run in runs.values():
        run()
    torch.cuda.synchronize()
    smi = subprocess.Popen(
        ["nvidia-smi", "--query-gpu=timestamp,clocks.sm,power.draw",
         "--format=csv,noheader,nounits", "-lms", "50"],
        stdout=subprocess.PIPE, text=True)
    windows = []
    for _ in range(rounds):
        for label, run in runs.items():
            start_event = torch.cuda.Event(enable_timing=True)
            end_event = torch.cuda.Event(enable_timing=True)
            t0 = time.time()
            start_event.record()
            launches = 0
            while time.time() - t0 < seconds:
                for _ in range(20):
                    run()
                launches += 20
                torch.cuda.synchronize()
            end_event.record()
            end_event.synchronize()
            ms = start_event.elapsed_time(end_event) / launches
            windows.append((label, t0 + 0.5, time.time(), ms))
    smi.terminate()
    samples = []
    for line in smi.communicate()[0].splitlines():
        stamp, clock, power = [f.strip() for f in line.split(",")]
        t = time.mktime(time.strptime(stamp.split(".")[0],
                                      "%Y/%m/%d %H:%M:%S"))
        t += float("0." + stamp.split(".")[1]) if "." in stamp else 0
        samples.append((t, float(clock), float(power)))
    for label, t0, t1, ms in windows:
        inside = [(c_, p) for t, c_, p in samples if t0 <= t <= t1]
        clock = np.mean([x[0] for x in inside]) if inside else float("nan")
        power = np.mean([x[1] for x in inside]) if inside else float("nan")
        print(f"{label:9} {2 * size ** 3 / ms / 1e9:6.1f} TFLOP/s "
              f"{ms * 1e3:7.1f} us  SM clock {clock:6.0f} MHz  "
              f"power {power:5.0f} W  ({len(inside)} samples)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
