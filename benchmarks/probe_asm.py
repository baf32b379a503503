"""Both compilers' code for bench_gpu.py's cases, side by side: for each
step of each case picked by BENCH_CASES (substrings of the case names, as
bench_gpu.py takes them), the PTX and TTGIR of Triton's compile of the same
source and the PTX of MyTriton's gpu/nvvm compile (from the bundle's
cache), with both register counts and shared-memory sizes on stdout.
Run on the GPU host after scripts/gpu-bundle.sh warmed bench_gpu.py:
    BENCH_CASES=transpose,tutorial02 python3 benchmarks/probe_asm.py OUTDIR"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_gpu as B  # noqa: E402


def slug(text):
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_")


def main(out):
    import torch
    import triton
    os.makedirs(out, exist_ok=True)
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    for case in B.selected(B.cases()):
        if "steps" not in case:
            continue
        t = [torch.randn(s, device="cuda", dtype=getattr(torch, dt))
             for s, dt in zip(case["shapes"], B._case_dtypes(case))]
        for i, (kernel, grid, args, const) in enumerate(case["steps"](t)):
            name = f"{slug(case['name'])}_{i}"
            peer = B.triton_kernel({"kernel": kernel}, triton)
            theirs = peer.warmup(*args, **const, grid=(1,))
            theirs._init_handles()
            try:
                ours = kernel.warmup(*args, **const, grid=(1,), backend="nvvm")
                ours._init_handles()
            except Exception as e:  # not in the bundle's cache
                print(f"{case['name']} step {i}: mytriton: {e}", flush=True)
                continue
            for key in ("ptx", "ttgir"):
                if key in theirs.asm:
                    with open(os.path.join(out, f"{name}.triton.{key}"), "w") as f:
                        f.write(theirs.asm[key])
            with open(os.path.join(out, f"{name}.mytriton.ptx"), "w") as f:
                f.write(ours.asm["ptx"])
            print(f"{case['name']} step {i}: triton {theirs.n_regs} registers, "
                  f"{theirs.n_spills} spills, {theirs.metadata.shared} B shared; "
                  f"mytriton {ours.n_regs} registers, "
                  f"{getattr(ours, 'n_spills', '?')} spills, "
                  f"{ours.metadata.shared} B shared", flush=True)
        del t
    if os.environ.get("PROBE_MATMUL"):
        matmul(out, torch, triton)


def matmul(out, torch, triton):
    """Tutorial 03's kernel at its fp16 winner (128x256x64, 8 warps, 3
    stages), as bench_matmul.py launches it."""
    import bench_matmul as M
    import tutorial_kernels as T
    theirs_module = M.triton_tutorial()
    a = torch.randn((4096, 4096), device="cuda", dtype=torch.float16)
    c = torch.empty_like(a)
    args = (a, a, c, 4096, 4096, 4096, a.stride(0), a.stride(1), a.stride(0),
            a.stride(1), c.stride(0), c.stride(1))
    config = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                  GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=3)
    theirs = theirs_module.matmul_kernel.fn.warmup(*args, **config, grid=(1,))
    theirs._init_handles()
    for key in ("ptx", "ttgir"):
        with open(os.path.join(out, f"matmul_fp16_128x256x64.triton.{key}"), "w") as f:
            f.write(theirs.asm[key])
    ours = T.matmul_kernel.fn.warmup(*args, **config, grid=(1,), backend="nvvm")
    ours._init_handles()
    with open(os.path.join(out, "matmul_fp16_128x256x64.mytriton.ptx"), "w") as f:
        f.write(ours.asm["ptx"])
    print(f"matmul fp16 128x256x64: triton {theirs.n_regs} registers, "
          f"{theirs.metadata.shared} B shared; mytriton {ours.n_regs} "
          f"registers, {ours.metadata.shared} B shared", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "asm")
