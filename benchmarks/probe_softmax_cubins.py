"""Tutorial 02's persistent softmax as cubins (t02_<N>_<variant>.cubin,
assembled on the build machine from MyTriton's PTX and edits of it) beside
Triton 3.6's compile of the same source, one process, 32768 rows of fp32,
each launched with the tutorial's occupancy rule over its own register
count; checked against torch first. Isolates what a PTX change costs.
Run on the GPU host: python3 benchmarks/probe_softmax_cubins.py CUBIN_DIR"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main(directory):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    import bench_gpu as B
    import tutorial_kernels as TK
    from probe_occupancy_hint import check_and_time
    R = 32768
    props = torch.cuda.get_device_properties(0)
    sms = props.multi_processor_count
    peer = B.triton_kernel({"kernel": TK.softmax_kernel}, triton)
    by_n = {}
    for path in sorted(glob.glob(os.path.join(directory, "t02_*.cubin"))):
        n, name = re.match(r"t02_(\d+)_(\w+)\.cubin", os.path.basename(path)).groups()
        by_n.setdefault(int(n), []).append((name, path))
    for n, variants in sorted(by_n.items()):
        block = 1 << (n - 1).bit_length()
        x = torch.randn((R, n), device="cuda")
        y = torch.empty_like(x)
        ref = torch.softmax(x, dim=1)
        tk = peer.warmup(y, x, n, n, R, n, BLOCK_SIZE=block, num_stages=4,
                         num_warps=8, grid=(1,))
        tk._init_handles()
        occ = min(65536 // (tk.n_regs * 256), props.shared_memory_per_multiprocessor // max(tk.metadata.shared, 1))
        tgrid = min(sms * occ, R)

        def triton_run():
            peer[(tgrid,)](y, x, n, n, R, n, BLOCK_SIZE=block, num_stages=4,
                           num_warps=8)
        runs = [("triton", triton_run)]
        print(f"{n} triton: {tk.n_regs} registers, grid {tgrid}", flush=True)
        for name, path in variants:
            fn = cp.RawModule(path=path).get_function("softmax_kernel")
            regs = fn.num_regs
            grid = min(sms * (65536 // (max(regs, 1) * 256)), R)
            print(f"{n} {name}: {regs} registers, grid {grid}", flush=True)
            args = (cp.uint64(y.data_ptr()), cp.uint64(x.data_ptr()),
                    np.int32(n), np.int32(n), np.int32(R), np.int32(n),
                    np.int32(grid), np.int32(1))

            def run(fn=fn, args=args, grid=grid):
                fn((grid,), (256,), args, shared_mem=1024)
            runs.append((name, run))
        check_and_time(n, runs, y, ref, 1e-5, 2 * R * n * 4)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
