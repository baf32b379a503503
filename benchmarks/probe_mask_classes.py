"""Mask ops once per class of a thread's registers (seventeenth session):
the 2-D add, the column sums' first step and the 4-row softmax of
benchmarks/bench_gpu.py (and that softmax on 1 warp, the sixteenth
session's probe) as two nvvm cubins each, side by side with Triton
3.6 in one process: `div` compiled with the row count a multiple of 16 (the
benchmark's own specialization: `rows < M` once per aligned group of 16
rows, or of the program's rows), `nodiv` with a row count that is not (one
compare per row, as before the change). Both are correct for the
benchmark's shapes, so the pair measures what the row bound costs.

    python3 benchmarks/probe_mask_classes.py --make DIR  # build machine
    python3 benchmarks/probe_mask_classes.py DIR         # GPU host
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

M = N = 8192
R, C = 32768, 256
SPLIT = 32


def cases(K2):
    """(name, kernel, grid, const, rows of the `div` and `nodiv` traces)."""
    return [
        ("add_2d", K2.add_2d_kernel, (M // 32, N // 128),
         dict(BM=32, BN=128, num_warps=4)),
        ("column_sum", K2.column_sum_partial_kernel, (N // 128, SPLIT),
         dict(ROWS_PER_PROGRAM=M // SPLIT, BM=32, BN=128, num_warps=4)),
        ("softmax_rows", K2.softmax_rows_kernel, (R // 4,),
         dict(ROWS=4, BLOCK=C, num_warps=4)),
        ("softmax_rows_w1", K2.softmax_rows_kernel, (R // 4,),
         dict(ROWS=4, BLOCK=C, num_warps=1)),
    ]


def make(directory):
    import subprocess
    import numpy as np
    import kernels_2d as K2
    os.makedirs(directory, exist_ok=True)
    z = np.zeros((64, 64), np.float32)
    ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "bin", "ptxas")
    for name, kernel, grid, const in cases(K2):
        for variant, rows in (("div", 8192), ("nodiv", 8191)):
            if name == "add_2d":
                args = (z, z, z, rows, N, N)
            elif name == "column_sum":
                args = (z, z, rows, N)
            else:
                args = (z, z, R if variant == "div" else R - 1, C)
            compiled = kernel.warmup(*args, **const, backend="nvvm",
                                     grid=grid)
            assert compiled.threads == 32 * const["num_warps"]
            assert compiled.programs_per_cta == 1
            ptx = compiled.asm["ptx"]
            path = os.path.join(directory, f"{name}_{variant}.ptx")
            with open(path[:-len(".ptx")] + ".shared", "w") as f:
                f.write(str(compiled.dynamic_shared))
            with open(path, "w") as f:
                f.write(ptx)
            setp = ptx.count("setp.lt.s32")
            subprocess.run([ptxas, "-arch=sm_90a", path, "-o",
                            path[:-len(".ptx")] + ".cubin"], check=True)
            print(f"wrote {path[:-4]}.cubin ({setp} setp.lt.s32)")


def main(directory):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    import bench_gpu as B
    import kernels_2d as K2
    from probe_occupancy_hint import check_and_time
    for name, kernel, grid, const in cases(K2):
        if name == "add_2d":
            x, y = torch.randn(M, N, device="cuda"), torch.randn(M, N,
                                                                 device="cuda")
            out, ref = torch.empty_like(x), x + y
            args = (x, y, out, M, N, N)
            nbytes = 3 * 4 * M * N
        elif name == "column_sum":
            x = torch.randn(M, N, device="cuda")
            out = torch.empty(SPLIT, N, device="cuda")
            ref = x.view(SPLIT, M // SPLIT, N).sum(1)
            args = (x, out, M, N)
            nbytes = 4 * M * N
        else:
            x = torch.randn(R, C, device="cuda")
            out, ref = torch.empty_like(x), torch.softmax(x, dim=1)
            args = (x, out, R, C)
            nbytes = 2 * 4 * R * C
        peer = B.triton_kernel({"kernel": kernel}, triton)
        runs = [("triton", lambda: peer[grid](*args, **const))]
        raw = tuple(cp.uint64(a.data_ptr()) if torch.is_tensor(a)
                    else np.int32(a) for a in args)
        raw += (np.int32(grid[0]), np.int32(grid[1] if len(grid) > 1 else 1))
        threads = 32 * const["num_warps"]
        for variant in ("div", "nodiv"):
            base = os.path.join(directory, f"{name}_{variant}")
            fn = cp.RawModule(path=base + ".cubin").get_function(
                kernel.__name__)
            shared = int(open(base + ".shared").read())
            if shared:
                fn.max_dynamic_shared_size_bytes = shared
            print(f"{name}_{variant}: {fn.num_regs} registers, {shared} "
                  "bytes of dynamic shared memory", flush=True)
            # tt.func's launch ABI: axes 0 and 1 folded into gridDim.x.
            blocks = grid[0] * (grid[1] if len(grid) > 1 else 1)
            runs.append((variant, lambda fn=fn, shared=shared: fn(
                (blocks,), (threads,), raw, shared_mem=shared)))
        tolerance = 1e-2 if name == "column_sum" else 1e-5
        for _ in range(2):
            check_and_time(name, runs, out, ref, tolerance, nbytes)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--make":
        make(sys.argv[2])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".")
