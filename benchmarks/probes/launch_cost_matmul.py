"""Tutorial 03's kernel at one config (128x256x64, 8 warps, 3 stages) launched
as users launch it (matmul_kernel.fn[grid](...), no autotuning) by MyTriton
with TMA copies (the default on sm_90a), MyTriton with MYTRITON_TMA=0
(cp.async), and Triton, in one process: the host time a launch takes
(launches queued back to back, no synchronization) and do_bench's median.
Separates what the launch path costs from what the kernel costs.
On the build machine:  python3 launch_cost_matmul.py --warm DIR
On the GPU host:       MYTRITON_CACHE_DIR=DIR ... python3 launch_cost_matmul.py
PROBE_DTYPE=bfloat16 for bf16 operands."""
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "python", "test"))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
              GROUP_SIZE_M=8, num_warps=8, num_stages=3)
DTYPE = os.environ.get("PROBE_DTYPE", "float16")


def launch(module, a, b, c):
    M, K = a.shape
    _, N = b.shape
    grid = (-(-M // 128) * -(-N // 256),)
    module.matmul_kernel.fn[grid](a, b, c, M, N, K, a.stride(0), a.stride(1),
                                  b.stride(0), b.stride(1), c.stride(0),
                                  c.stride(1), ACTIVATION="", **CONFIG)


def warm(directory):
    os.environ["MYTRITON_CACHE_DIR"] = directory
    import tutorial_kernels as T
    import test_dot as D
    for tma in ("1", "0"):
        os.environ["MYTRITON_TMA"] = tma
        a = D.sample((256, 256), DTYPE)
        grid, args, options = D.tutorial_matmul(a, a, DTYPE, "")
        k = T.matmul_kernel.fn.warmup(*args, backend="nvvm", **options,
                                      **CONFIG)
        print(f"tma={tma}: {len(k.tensor_maps)} tensor maps, {k.n_regs} "
              "registers")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--warm":
        return warm(sys.argv[2])
    import torch
    import triton
    import tutorial_kernels as T
    from bench_matmul import triton_tutorial
    TR = triton_tutorial()
    dt = getattr(torch, DTYPE)
    for size in (4096, 8192):
        a = torch.randn((size, size), device="cuda", dtype=dt)
        b = torch.randn((size, size), device="cuda", dtype=dt)
        c = torch.empty((size, size), device="cuda", dtype=torch.float16)
        ref = torch.matmul(a, b)

        def mytriton_tma():
            os.environ["MYTRITON_TMA"] = "1"
            launch(T, a, b, c)

        def mytriton_cp_async():
            os.environ["MYTRITON_TMA"] = "0"
            launch(T, a, b, c)

        runs = (("triton", lambda: launch(TR, a, b, c)),
                ("mytriton-tma", mytriton_tma),
                ("mytriton-cp.async", mytriton_cp_async))
        for label, fn in runs:
            c.zero_()
            fn()
            torch.cuda.synchronize()
            err = ((c.float() - ref.float()).norm() / ref.float().norm())
            print(f"{DTYPE} {size}^3 {label}: rel err {err.item():.1e}",
                  flush=True)
        results = {label: [] for label, _ in runs}
        for round_ in range(5):
            for label, fn in (runs[::-1] if round_ % 2 else runs):
                torch.cuda.synchronize()
                start = time.perf_counter()
                for _ in range(50):
                    fn()
                host = (time.perf_counter() - start) / 50 * 1e6
                torch.cuda.synchronize()
                ms = triton.testing.do_bench(fn, rep=100,
                                             return_mode="median")
                results[label].append((host, ms))
        base = sorted(ms for _, ms in results["triton"])[2]
        for label, values in results.items():
            host = sorted(h for h, _ in values)[2]
            ms = sorted(m for _, m in values)[2]
            print(f"{DTYPE} {size}^3 {label:18} host {host:7.1f} us/launch, "
                  f"do_bench {ms * 1e3:8.1f} us, "
                  f"{2 * size ** 3 / ms * 1e-9:6.1f} TFLOP/s, "
                  f"Triton's time / this {base / ms:.3f}", flush=True)


if __name__ == "__main__":
    main()
