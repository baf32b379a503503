"""Tutorial 05's backward dx kernel at 4096x8192 as cubins beside Triton
3.6, one process: MyTriton's and Triton's own launches, then every cubin
in DIR named dx__<abi>_<name>.cubin (abi mt: MyTriton's argument list plus
the grid sizes g0, g1; abi tr: Triton's plus its two scratch pointers,
null), each launched through CuPy after zeroing the locks and the partial
sums, checked against MyTriton's own dx first, then timed in 7 interleaved
do_bench rounds. Variants are PTX edits assembled on the build machine
(ptxas -arch=sm_90a); docs/performance.md (fifteenth session) lists the
ones measured. Run on the GPU host: python3 benchmarks/probe_cubins_layer_norm_bwd.py DIR"""
import glob
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))


def main(directory):
    import cupy as cp
    import torch
    import bench_layer_norm_bwd as B
    from probe_occupancy_hint import time_rounds
    m, n = 4096, 8192
    group = B.group_size(n)
    torch.manual_seed(0)
    x, w, _, dy, mean, rstd = B.problem(torch, m, n)
    x, w = x.detach(), w.detach()
    TR = B.triton_tutorial()
    locks = torch.zeros(2 * group, dtype=torch.int32, device="cuda")
    dw = torch.zeros((group, n), dtype=torch.float16, device="cuda")
    db = torch.zeros_like(dw)
    dx = torch.empty((m, n), dtype=torch.float16, device="cuda")
    args = (dx, dy, dw, db, x, w, mean, rstd, locks, n, n)
    const = dict(BLOCK_SIZE_N=8192, GROUP_SIZE_M=group, num_warps=8)

    def reset():
        locks.zero_()
        dw.zero_()
        db.zero_()

    def launch(module):
        def run():
            reset()
            module._layer_norm_bwd_dx_fused[(m,)](*args, **const)
        return run
    runs = [("mytriton", launch(B.T)), ("triton", launch(TR))]
    runs[0][1]()
    torch.cuda.synchronize()
    ref = dx.clone(), dw.float().sum(0), db.float().sum(0)
    tk = TR._layer_norm_bwd_dx_fused.warmup(*args, **const, grid=(m,))
    tk._init_handles()
    mk = B.T._layer_norm_bwd_dx_fused.warmup(*args, **const, backend="nvvm",
                                            grid=(m,))
    print(f"triton: {tk.n_regs} registers, {tk.metadata.shared} B shared; "
          f"mytriton: {mk.metadata.shared} B shared", flush=True)
    pointers = [cp.uint64(t.data_ptr()) for t in args[:9]]
    for path in sorted(glob.glob(os.path.join(directory, "dx__*.cubin"))):
        name = os.path.basename(path)[len("dx__"):-len(".cubin")]
        fn = cp.RawModule(path=path).get_function("_layer_norm_bwd_dx_fused")
        if name.startswith("mt"):
            extra, shared = (np.int32(m), np.int32(1)), mk.metadata.shared
        else:
            extra, shared = (cp.uint64(0), cp.uint64(0)), tk.metadata.shared
        print(f"{name}: {fn.num_regs} registers", flush=True)

        def run(fn=fn, a=(*pointers, np.int32(n), np.int32(n), *extra),
                shared=shared):
            reset()
            fn((m,), (256,), a, shared_mem=shared)
        runs.append((name, run))
    for label, run in runs:
        dx.zero_()
        run()
        torch.cuda.synchronize()
        got = dx, dw.float().sum(0), db.float().sum(0)
        errors = [(g.float() - r.float()).abs().max().item()
                  for g, r in zip(got, ref)]
        # dw and db sum fp16 partial sums in the order the locks were won.
        print(f"check {label}: dx {errors[0]:.3g}, dw {errors[1]:.3g}, "
              f"db {errors[2]:.3g}", flush=True)
    times = time_rounds(runs, rounds=7)
    base = np.median(times["triton"])
    for label, _ in runs:
        ms = np.median(times[label])
        rounds = " ".join(f"{t * 1e3:.1f}" for t in times[label])
        print(f"{label:14} {ms * 1e3:8.2f} us  {base / ms:.3f} of Triton's "
              f"speed  rounds {rounds}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
