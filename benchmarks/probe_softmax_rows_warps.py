"""The row softmax over [4x256] tiles at 1 warp (Triton's best shape in
probe_tile_shapes.py) as cubins beside Triton 3.6, one process: Triton's
and MyTriton's own launches, Triton's cubin through CuPy, then every cubin
in DIR named <abi>_<name>.cubin (abi mt: MyTriton's argument list plus the
grid sizes g0, g1; abi tr: Triton's plus its two scratch pointers, null),
checked against torch.softmax, then timed in interleaved rounds. Variants
are PTX edits of MyTriton's nvvm PTX assembled on the build machine
(ptxas -arch=sm_90a), each removing one of the three differences from
Triton's PTX that docs/performance.md (sixteenth session) lists: the row
bound tested once per four rows (mt_rowmask), no grid-fold check
(mt_nofold), both (mt_both), `mul` without `.rn` (mt_norn); and Triton's
own PTX through CUDA 13.0's ptxas (tr_own). Written in the sixteenth
session, when no GPU could be had to run it.

    python3 benchmarks/probe_softmax_rows_warps.py DIR     # GPU host
"""
import glob
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

R, C, ROWS, WARPS = 32768, 256, 4, 1


def main(directory):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    import bench_gpu as B
    import kernels_2d as K2
    from probe_occupancy_hint import check_and_time
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    x = torch.randn(R, C, device="cuda")
    y = torch.empty_like(x)
    ref = torch.softmax(x, dim=1)
    grid = (R // ROWS,)
    const = dict(ROWS=ROWS, BLOCK=C, num_warps=WARPS)
    peer = B.triton_kernel({"kernel": K2.softmax_rows_kernel}, triton)
    tk = peer.warmup(x, y, R, C, **const, grid=(1,))
    tk._init_handles()
    runs = [("triton", lambda: peer[grid](x, y, R, C, **const)),
            ("mytriton", lambda: K2.softmax_rows_kernel[grid](
                x, y, R, C, **const, backend="nvvm"))]
    cubin = os.path.join(tempfile.mkdtemp(), "triton.cubin")
    with open(cubin, "wb") as f:
        f.write(tk.asm["cubin"])
    threads = 32 * WARPS
    tr_args = (cp.uint64(x.data_ptr()), cp.uint64(y.data_ptr()), np.int32(R),
               np.int32(C), cp.uint64(0), cp.uint64(0))
    mt_args = (*tr_args[:4], np.int32(grid[0]), np.int32(1))

    def launcher(path, args, shared=0):
        fn = cp.RawModule(path=path).get_function("softmax_rows_kernel")
        print(f"{os.path.basename(path)}: {fn.num_regs} registers", flush=True)
        return lambda: fn(grid, (threads,), args, shared_mem=shared)
    runs.append(("tr-cupy", launcher(cubin, tr_args, tk.metadata.shared)))
    for path in sorted(glob.glob(os.path.join(directory, "*.cubin"))):
        name = os.path.basename(path)[:-len(".cubin")]
        runs.append((name, launcher(path, tr_args if name.startswith("tr_")
                                    else mt_args)))
    for _ in range(2):
        check_and_time("softmax_rows_4x256_w1", runs, y, ref, 1e-5,
                       2 * 4 * R * C)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
