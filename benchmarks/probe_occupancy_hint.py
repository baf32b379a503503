"""How ptxas's occupancy hint (.minnctapersm) moves tutorial 05's forward
kernel: times cubins of MyTriton's gpu/nvvm PTX for each hint (assembled on
the build machine: t05_<N>_<hint>.cubin, hint `keep` being the compiler's
own choice and `none` no hint) beside Triton 3.6's compile of the same
source, in one process, M = 4096 rows of fp16, checked against torch first.
Run on the GPU host: python3 benchmarks/probe_occupancy_hint.py CUBIN_DIR"""
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
    M = 4096
    peer = B.triton_kernel({"kernel": TK._layer_norm_fwd_fused}, triton)
    by_n = {}
    for path in sorted(glob.glob(os.path.join(directory, "t05_*.cubin"))):
        n, hint = re.match(r"t05_(\d+)_(\w+)\.cubin", os.path.basename(path)).groups()
        by_n.setdefault(int(n), []).append((hint, path))
    for n, variants in sorted(by_n.items()):
        block = 1 << (n - 1).bit_length()
        nw = min(max(block // 256, 1), 8)
        x = torch.randn((M, n), device="cuda", dtype=torch.float16)
        w = torch.rand((n,), device="cuda", dtype=torch.float16)
        b = torch.rand((n,), device="cuda", dtype=torch.float16)
        y = torch.empty_like(x)
        mean = torch.empty((M,), device="cuda", dtype=torch.float32)
        rstd = torch.empty_like(mean)
        ref = torch.nn.functional.layer_norm(x.float(), (n,), w.float(),
                                             b.float(), 1e-5).half()

        def triton_run():
            peer[(M,)](x, y, w, b, mean, rstd, n, n, 1e-5, BLOCK_SIZE=block,
                       num_warps=nw)
        runs = [("triton", triton_run)]
        for hint, path in variants:
            fn = cp.RawModule(path=path).get_function("_layer_norm_fwd_fused")
            args = (x.data_ptr(), y.data_ptr(), w.data_ptr(), b.data_ptr(),
                    mean.data_ptr(), rstd.data_ptr(), np.int32(n),
                    np.int32(n), np.float32(1e-5), np.int32(M), np.int32(1))
            args = tuple(cp.uint64(a) if isinstance(a, int) else a
                         for a in args)

            def run(fn=fn, args=args):
                fn((M,), (32 * nw,), args, shared_mem=1024)
            runs.append((f"hint {hint}", run))
        check_and_time(n, runs, y, ref, 1e-2, 2 * M * n * 2)


def time_rounds(runs, rounds=5, rep=100):
    """{label: [ms per round]}: every (label, run) timed once per round by
    triton.testing.do_bench, round after round, so clock drift reaches
    every run alike."""
    import triton
    times = {label: [] for label, _ in runs}
    for _ in range(rounds):
        for label, run in runs:
            times[label].append(triton.testing.do_bench(run, rep=rep))
    return times


def check_and_time(n, runs, out, ref, tolerance, nbytes):
    """Checks every (label, run) against `ref` (the result in `out`), then
    times them in 5 interleaved rounds and prints each median beside the
    "triton" run's."""
    import numpy as np
    import torch
    for label, run in runs:
        out.zero_()
        run()
        torch.cuda.synchronize()
        err = (out.float() - ref.float()).abs().max().item()
        print(f"check {n} {label}: max err {err:.3g} "
              f"{'ok' if err < tolerance else 'WRONG'}", flush=True)
    times = time_rounds(runs)
    base = np.median(times["triton"])
    for label, _ in runs:
        ms = np.median(times[label])
        print(f"{n} {label:10} {ms * 1e3:8.2f} us {nbytes / ms / 1e6:7.0f} "
              f"GB/s {base / ms:.3f} of Triton's speed", flush=True)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
